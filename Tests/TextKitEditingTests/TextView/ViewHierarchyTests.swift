import Testing
import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

@Suite("UIView, UIScrollView and the responder chain")
@MainActor
struct ViewHierarchyTests {
    @Test("Frames, bounds and conversions through a scrolled superview")
    func conversions() {
        let window = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let scroll = UIScrollView(frame: CGRect(x: 10, y: 20, width: 200, height: 100))
        scroll.contentSize = CGSize(width: 200, height: 1000)
        let child = UIView(frame: CGRect(x: 5, y: 300, width: 50, height: 50))
        window.addSubview(scroll)
        scroll.addSubview(child)
        scroll.contentOffset = CGPoint(x: 0, y: 250)
        #expect(child.convert(CGPoint(x: 1, y: 2), to: window) == CGPoint(x: 16, y: 72))
        #expect(window.convert(CGPoint(x: 16, y: 72), to: child) == CGPoint(x: 1, y: 2))
        #expect(child.convert(CGPoint.zero, to: nil) == CGPoint(x: 15, y: 70))
        scroll.scrollRectToVisible(CGRect(x: 0, y: 900, width: 10, height: 10), animated: false)
        #expect(scroll.contentOffset.y == 810)
        scroll.scrollRectToVisible(CGRect(x: 0, y: 2000, width: 10, height: 10), animated: false)
        #expect(scroll.contentOffset.y == 900)   // no further than the content
    }

    @Test("setNeedsDisplay reaches the host's handler in the shown view's coordinates")
    func invalidation() {
        let window = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        var reported: [CGRect] = []
        window.displayInvalidationHandler = { reported.append($0) }
        let scroll = UIScrollView(frame: CGRect(x: 10, y: 20, width: 200, height: 100))
        window.addSubview(scroll)
        scroll.contentOffset = CGPoint(x: 0, y: 50)
        reported = []
        scroll.setNeedsDisplay(CGRect(x: 0, y: 60, width: 10, height: 10))
        #expect(reported == [CGRect(x: 10, y: 30, width: 10, height: 10)])
    }

    @Test("One first responder per hierarchy; removing a view takes its focus away")
    func focus() {
        let window = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let a = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let b = UITextView(frame: CGRect(x: 0, y: 150, width: 200, height: 100))
        window.addSubview(a)
        window.addSubview(b)
        #expect(a.becomeFirstResponder())
        #expect(a.isFirstResponder)
        #expect(b.becomeFirstResponder())
        #expect(!a.isFirstResponder && b.isFirstResponder)
        #expect(window.currentFirstResponder === b)
        b.removeFromSuperview()
        #expect(window.currentFirstResponder == nil)
        #expect(!b.isFirstResponder)
        #expect(!window.becomeFirstResponder())   // a plain view does not take the focus
    }

    @Test("drawHierarchy draws subviews at their frames, scaled into the target rect")
    func drawing() throws {
        let window = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.backgroundColor = .white
        let square = UIView(frame: CGRect(x: 50, y: 0, width: 50, height: 50))
        square.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        window.addSubview(square)
        let image = UIGraphicsImageRenderer(size: CGSize(width: 200, height: 200)).image { _ in
            window.drawHierarchy(in: CGRect(x: 0, y: 0, width: 200, height: 200), afterScreenUpdates: true)
        }
        let cg = try #require(image.cgImage)
        #expect(cg.rgba(atX: 150, y: 50)?.r == 255)
        #expect(cg.rgba(atX: 150, y: 50)?.g == 0)
        #expect(cg.rgba(atX: 50, y: 50)?.g == 255)
        #expect(cg.rgba(atX: 150, y: 150)?.g == 255)
    }
}

@Suite("UITextView: columns sharing one layout manager")
@MainActor
struct SharedLayoutManagerTests {
    @Test("Each column answers geometry for its own container only, and typing flows from one to the next")
    func columns() throws {
        let storage = NSTextStorage(string: (1...40).map { "Line \($0) of the text." }.joined(separator: "\n"),
                                    attributes: [.font: UIFont(name: "DejaVu Sans", size: 14)!])
        let manager = NSLayoutManager()
        storage.addLayoutManager(manager)
        let views = (0..<2).map { _ -> UITextView in
            let container = NSTextContainer(size: CGSize(width: 200, height: 200))
            manager.addTextContainer(container)
            return UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 216), textContainer: container)
        }
        let firstRange = manager.glyphRange(for: views[0].textContainer)
        let boundary = manager.characterRange(forGlyphRange: firstRange, actualGlyphRange: nil).upperBound
        #expect(boundary > 0 && boundary < storage.length)
        let inFirst = IndexedPosition(5), inSecond = IndexedPosition(boundary + 5)
        #expect(!views[0].caretRect(for: inFirst).isNull)
        #expect(views[0].caretRect(for: inSecond).isNull)
        #expect(!views[1].caretRect(for: inSecond).isNull)
        let across = IndexedRange(NSRange(location: boundary - 10, length: 20))
        #expect(views[0].selectionRects(for: across).allSatisfy { $0.rect.maxY <= 216 })
        #expect(!views[0].selectionRects(for: across).isEmpty && !views[1].selectionRects(for: across).isEmpty)
        // Typing at the start of the first column pushes text into the second.
        views[0].becomeFirstResponder()
        views[0].selectedRange = NSRange(location: 0, length: 0)
        views[0].insertText("A new first line that is long enough to wrap onto another line.\n")
        let newBoundary = manager.characterRange(forGlyphRange: manager.glyphRange(for: views[0].textContainer), actualGlyphRange: nil).upperBound
        #expect(newBoundary < boundary + 66)
        #expect(views[1].textStorage === storage)
    }
}
