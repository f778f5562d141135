import Foundation
import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

/// A text view on TextKit 2, UIKit's default since iOS 16, and its switch to TextKit 1 when code
/// asks for its layout manager.
@Suite("UITextView on TextKit 2")
@MainActor
struct TextViewTextKit2Tests {
    @Test("A new view runs on TextKit 2: typing reaches its content storage and layout fragments")
    func defaultIsTextKit2() throws {
        let view = makeTextView("First line")
        let manager = try #require(view.textLayoutManager)
        let content = try #require(manager.textContentManager as? NSTextContentStorage)
        #expect(content.textStorage === view.textStorage)
        #expect(view.textContainer.textLayoutManager === manager)
        type("\nSecond", into: view)
        #expect(view.text == "First line\nSecond")
        var paragraphs: [String] = []
        manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
            paragraphs.append((fragment.textElement as! NSTextParagraph).attributedString.string)
            return true
        }
        #expect(paragraphs == ["First line\n", "Second"])
        #expect(view.textLayoutManager != nil)  // typing and drawing never switch the view
        _ = UIGraphicsImageRenderer(size: view.bounds.size).image { _ in
            view.drawHierarchy(in: CGRect(origin: .zero, size: view.bounds.size), afterScreenUpdates: true)
        }
        #expect(view.textLayoutManager != nil)
        #expect(view.caretRect(for: view.endOfDocument).minX > 20)
    }

    @Test("Scrolling far down lays out what is shown; scrolling back up keeps the text on screen where it was")
    func scrollingKeepsShownTextStill() throws {
        let text = (0..<3000).map { "Paragraph \($0) " + String(repeating: "wraps in the column ", count: 1 + $0 % 9) }.joined(separator: "\n")
        let view = makeTextView(text, width: 300, height: 400)
        view.layoutIfNeeded()
        let engine = view.engine
        view.contentOffset.y = (view.contentSize.height / 2).rounded()
        #expect(engine.laidOutParagraphCount < 60, "the first screen and the one scrolled to, not the text between")
        #expect(engine.hasNonContiguousLayout)
        // A character near the top of the screen, and where the screen shows it.
        let shown = try #require(view.closestPosition(to: CGPoint(x: 10, y: view.contentOffset.y + 60)))
        let before = view.caretRect(for: shown).minY - view.contentOffset.y
        // Up by a screen, into text with estimated heights: laying it out moves the text below it.
        let offset = view.contentOffset.y
        view.contentOffset.y -= 380
        let after = view.caretRect(for: shown).minY - view.contentOffset.y
        #expect(abs(after - before - 380) < 0.01, "the text moved by \(after - before) on screen for a scroll of 380")
        #expect(abs(view.contentOffset.y - (offset - 380)) > 0.01, "laying out replaced estimates (else this test shows nothing)")
        if ProcessInfo.processInfo.environment["OTK_WRITE_IMAGES"] != nil {  // for a look: lines evenly spaced, none overlapping
            let image = UIGraphicsImageRenderer(size: view.bounds.size).image { context in
                UIColor.white.setFill()
                context.fill(CGRect(origin: .zero, size: view.bounds.size))
                view.drawHierarchy(in: CGRect(origin: .zero, size: view.bounds.size), afterScreenUpdates: true)
            }
            try image.pngData()!.write(to: URL(fileURLWithPath: NSTemporaryDirectory() + "otk-textkit2-scrolled-up.png"))
        }
        // At the top, nothing is estimated above the first line.
        view.contentOffset.y = 0
        #expect(view.caretRect(for: view.beginningOfDocument).minY == view.textContainerInset.top)
    }

    @Test("Asking for layoutManager switches to TextKit 1 for good and keeps text, selection and layout")
    func switchToTextKit1() throws {
        let view = makeTextView("Some text to keep")
        view.selectedRange = NSRange(location: 5, length: 4)
        let caret = view.caretRect(for: view.endOfDocument)
        let manager = view.layoutManager
        #expect(view.textLayoutManager == nil)
        #expect(view.textContainer.textLayoutManager == nil)
        #expect(view.textContainer.layoutManager === manager)
        #expect(manager.textStorage === view.textStorage)
        #expect(view.textStorage.layoutManagers.contains { $0 === manager })
        #expect(view.selectedRange == NSRange(location: 5, length: 4))
        #expect(view.caretRect(for: view.endOfDocument) == caret)
        #expect(view.layoutManager === manager)
        view.selectedRange = NSRange(location: view.textStorage.length, length: 0)
        type("!", into: view)
        #expect(view.text == "Some text to keep!")
        #expect(manager.numberOfGlyphs == view.textStorage.length)
    }

    @Test("The container's layoutManager switches a view too; a TextKit 1 view stays TextKit 1")
    func containerAccessAndOptOut() {
        let view = makeTextView("abc")
        #expect(view.textContainer.layoutManager != nil)
        #expect(view.textLayoutManager == nil)
        let textKit1 = UITextView(usingTextLayoutManager: false)
        #expect(textKit1.textLayoutManager == nil)
        textKit1.text = "typed"
        #expect(textKit1.layoutManager.textStorage?.string == "typed")
        let textKit2 = UITextView(usingTextLayoutManager: true)
        #expect(textKit2.textLayoutManager != nil)
    }

    @Test("A view over a TextKit 2 stack built by hand shows its content storage's text")
    func handBuiltStack() throws {
        let content = NSTextContentStorage()
        let manager = NSTextLayoutManager()
        content.addTextLayoutManager(manager)
        let container = NSTextContainer(size: CGSize(width: 200, height: 0))
        manager.textContainer = container
        content.textStorage?.setAttributedString(NSAttributedString(string: "Hand-built"))
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100), textContainer: container)
        #expect(view.text == "Hand-built")
        #expect(view.textLayoutManager === manager)
        view.selectedRange = NSRange(location: 10, length: 0)
        view.insertText(" view")
        #expect(content.textStorage?.string == "Hand-built view")
        #expect(manager.textLayoutFragment(for: content.documentRange.location)?.textLineFragments.count == 1)
    }

    /// Draws a yellow box behind each paragraph.
    final class BoxFragment: NSTextLayoutFragment {
        override func draw(at point: CGPoint, in context: CGContext) {
            context.setFillColor(UIColor.yellow.cgColor)
            context.fill(CGRect(origin: point, size: layoutFragmentFrame.size))
            super.draw(at: point, in: context)
        }
    }

    final class BoxDelegate: NSTextLayoutManagerDelegate {
        func textLayoutManager(_ textLayoutManager: NSTextLayoutManager, textLayoutFragmentFor location: any NSTextLocation,
                               in textElement: NSTextElement) -> NSTextLayoutFragment {
            BoxFragment(textElement: textElement, range: textElement.elementRange)
        }
    }

    @Test("The view draws through its layout fragments: a delegate's fragment subclass draws in the view")
    func drawsFragments() throws {
        let view = makeTextView("One paragraph\nAnother one")
        let delegate = BoxDelegate()
        view.textLayoutManager?.delegate = delegate
        view.selectedRange = NSRange(location: 4, length: 9)
        let image = UIGraphicsImageRenderer(size: view.bounds.size).image { _ in
            view.drawHierarchy(in: CGRect(origin: .zero, size: view.bounds.size), afterScreenUpdates: true)
        }
        try image.pngData()!.write(to: URL(fileURLWithPath: NSTemporaryDirectory() + "otk-textkit2-view.png"))
        let cgImage = try #require(image.cgImage)
        let scale = CGFloat(cgImage.width) / view.bounds.width
        // In the space between "One" and "paragraph", inside the fragment's frame: yellow.
        let fragment = try #require(view.textLayoutManager?.textLayoutFragment(for: view.textLayoutManager!.documentRange.location))
        let frame = fragment.layoutFragmentFrame
        let origin = view.textContainerOrigin
        let line = fragment.textLineFragments[0]
        let space = frame.minX + line.typographicBounds.minX + (line.locationForCharacter(at: 3).x + line.locationForCharacter(at: 4).x) / 2
        let pixel = try #require(cgImage.rgba(atX: Int((space + origin.x) * scale), y: Int((frame.midY + origin.y) * scale)))
        #expect(pixel.r > 240 && pixel.g > 240 && pixel.b < 40)
        // Below the text: no box.
        let below = try #require(cgImage.rgba(atX: Int((frame.midX + origin.x) * scale), y: Int((view.bounds.height - 5) * scale)))
        #expect(below.a == 0 || below.b > 200)
        // The selection ("paragraph") shows over the box: tinted, not pure yellow.
        let selected = frame.minX + line.typographicBounds.minX + line.locationForCharacter(at: 13).x + 1
        let tinted = try #require(cgImage.rgba(atX: Int((selected + origin.x - 3) * scale), y: Int((frame.minY + 2 + origin.y) * scale)))
        #expect(tinted.b > 40)
        #expect(view.textLayoutManager != nil)
    }
}
