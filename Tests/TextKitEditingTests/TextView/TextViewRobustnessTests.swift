import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

@Suite("UITextView: hostile input and odd configurations")
@MainActor
struct TextViewRobustnessTests {
    @Test("A zero-size view still edits, moves and draws")
    func zeroSize() {
        let view = makeTextView("abc def", width: 0, height: 0)
        type(" ghi", into: view)
        view.moveUp(nil)
        view.moveDown(nil)
        view.moveWordLeft(nil)
        view.pageDown(nil)
        #expect(view.text == "abc def ghi")
        _ = view.caretRect(for: view.endOfDocument)
        // No room for any glyph (the container is narrower than its padding): positions still answer.
        for point in [CGPoint(x: 5, y: 5), CGPoint(x: -10, y: 300), CGPoint(x: 500, y: -3)] {
            #expect(view.closestPosition(to: point) != nil)
            view.selectText(at: point, clickCount: 2)
        }
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10)).image { _ in
            view.drawHierarchy(in: CGRect(x: 0, y: 0, width: 10, height: 10), afterScreenUpdates: true)
        }
        #expect(image.size.width == 10)
    }

    @Test("A tap in a long text makes glyphs for the screen, not for the text below it")
    func tapInLongText() throws {
        let view = makeTextView((0..<3000).map { "Paragraph \($0) of a long text, one of many." }.joined(separator: "\n"))
        view.layoutManager.allowsNonContiguousLayout = true
        view.layoutManager.ensureLayout(forBoundingRect: view.bounds, in: view.textContainer)
        let unanalyzed = view.layoutManager.flow.store.summary.unanalyzed
        let range = try #require(view.characterRange(at: CGPoint(x: 30, y: 100)))
        #expect(view.offset(from: view.beginningOfDocument, to: range.start) > 0)
        #expect(view.layoutManager.flow.store.summary.unanalyzed == unanalyzed)
        #expect(unanalyzed > 2500)
    }

    @Test("Lone surrogates are text like any other: typed, stepped over and deleted one unit at a time")
    func loneSurrogates() {
        let view = makeTextView("")
        let lone = NSAttributedString(string: String(utf16CodeUnits: [0xD800, 0x61, 0xDC00], count: 3))
        view.attributedText = lone
        view.selectedRange = NSRange(location: 0, length: 0)
        view.moveForward(nil)
        #expect(view.selectedRange.location == 1)
        view.moveToEndOfDocument(nil)
        view.deleteBackward()
        #expect(view.textStorage.length == 2)
        view.deleteBackward()
        view.deleteBackward()
        #expect(view.text == "")
    }

    @Test("Ten thousand combining marks on one base delete as one cluster, quickly")
    func combiningMarks() {
        let view = makeTextView("a" + "e" + String(repeating: "\u{301}", count: 10_000))
        view.deleteBackward()
        #expect(view.text == "a")
    }

    @Test("Out-of-range selections are clamped; positions of another view are refused")
    func ranges() {
        let view = makeTextView("short")
        view.selectedRange = NSRange(location: 3, length: 100)
        #expect(view.selectedRange == NSRange(location: 3, length: 2))
        let other = makeTextView("another")
        let foreign = SimpleForeignPosition()
        #expect(view.text(in: IndexedRange(NSRange(location: 2, length: 50))) == "ort")
        #expect(view.position(from: other.endOfDocument, offset: 100) == nil)
        #expect(view.textRange(from: foreign, to: view.endOfDocument) == nil)
        #expect(view.caretRect(for: foreign) == .null)
    }

    @Test("clearsOnInsertion: the first keystroke after focusing replaces everything")
    func clearsOnInsertion() {
        let view = makeTextView("placeholder-ish")
        view.resignFirstResponder()
        view.clearsOnInsertion = true
        view.becomeFirstResponder()
        view.insertText("n")
        view.insertText("o")
        #expect(view.text == "no")
        view.undoManager?.undo()
        #expect(view.text == "placeholder-ish")
    }

    @Test("Replacing the layout manager, TextKit 1 style, keeps the view working")
    func replacedLayoutManager() {
        final class CountingLayoutManager: NSLayoutManager {
            var drawn = 0
            override func drawGlyphs(forGlyphRange glyphsToShow: NSRange, at origin: CGPoint) {
                drawn += 1
                super.drawGlyphs(forGlyphRange: glyphsToShow, at: origin)
            }
        }
        let view = makeTextView("before")
        let manager = CountingLayoutManager()
        view.textContainer.replaceLayoutManager(manager)   // the storage follows
        #expect(view.layoutManager === manager)
        type(" after", into: view)
        #expect(view.text == "before after")
        _ = UIGraphicsImageRenderer(size: view.bounds.size).image { _ in
            view.drawHierarchy(in: CGRect(origin: .zero, size: view.bounds.size), afterScreenUpdates: true)
        }
        #expect(manager.drawn == 1)
        #expect(view.caretRect(for: view.endOfDocument).minX > 20)
    }

    @Test("A non-editable view selects and copies but does not change")
    func readOnly() {
        let view = makeTextView("read only")
        view.isEditable = false
        view.insertText("x")
        view.deleteBackward()
        view.selectAll(nil)
        view.copy(nil)
        view.paste(nil)
        #expect(view.text == "read only")
        #expect(UIPasteboard.general.string == "read only")
        #expect(UIPasteboard.general.attributedString?.string == "read only")
    }
}

@MainActor
private final class SimpleForeignPosition: UITextPosition {}

@Suite("UITextView: the pasteboard")
@MainActor
struct TextViewPasteboardTests {
    @Test("Copying bold text and pasting it keeps the bold with allowsEditingTextAttributes, and not without")
    func attributedPaste() throws {
        let view = makeTextView("plain bold plain")
        view.allowsEditingTextAttributes = true
        view.selectedRange = NSRange(location: 6, length: 4)
        view.toggleBoldface(nil)
        view.copy(nil)
        let rtf = try #require(UIPasteboard.general.data(forPasteboardType: UIPasteboard.typeRTF))
        #expect(String(decoding: rtf, as: UTF8.self).hasPrefix("{\\rtf1"))
        view.selectedRange = NSRange(location: 16, length: 0)
        view.insertText(" ")
        view.paste(nil)
        let pastedFont = try #require(view.textStorage.attribute(.font, at: 18, effectiveRange: nil) as? UIFont)
        #expect(pastedFont.fontDescriptor.symbolicTraits.contains(.traitBold))
        view.allowsEditingTextAttributes = false
        view.paste(nil)
        let plainFont = try #require(view.textStorage.attribute(.font, at: view.textStorage.length - 1, effectiveRange: nil) as? UIFont)
        #expect(!plainFont.fontDescriptor.symbolicTraits.contains(.traitBold))
        #expect(view.text == "plain bold plain boldbold")
    }
}
