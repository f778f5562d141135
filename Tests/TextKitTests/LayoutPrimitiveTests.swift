import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// Records what the layout process stores through the overridable primitives, and adjusts some.
final class PrimitiveRecorder: NSLayoutManager {
    var lineRects: [(rect: CGRect, glyphs: NSRange)] = []
    var containerCalls = 0
    var locations: [CGPoint] = []
    var attachmentSizes: [CGSize] = []
    var indent: CGFloat = 0

    override func setLineFragmentRect(_ fragmentRect: CGRect, forGlyphRange glyphRange: NSRange, usedRect: CGRect) {
        lineRects.append((fragmentRect, glyphRange))
        super.setLineFragmentRect(fragmentRect, forGlyphRange: glyphRange, usedRect: usedRect)
    }

    override func setTextContainer(_ container: NSTextContainer, forGlyphRange glyphRange: NSRange) {
        containerCalls += 1
        super.setTextContainer(container, forGlyphRange: glyphRange)
    }

    override func setLocation(_ location: CGPoint, forStartOfGlyphRange glyphRange: NSRange) {
        locations.append(location)
        super.setLocation(CGPoint(x: location.x + indent, y: location.y), forStartOfGlyphRange: glyphRange)
    }

    override func setAttachmentSize(_ attachmentSize: CGSize, forGlyphRange glyphRange: NSRange) {
        attachmentSizes.append(attachmentSize)
        super.setAttachmentSize(CGSize(width: attachmentSize.width / 2, height: attachmentSize.height / 2), forGlyphRange: glyphRange)
    }
}

/// Asks for control-character actions and the boxes of white-space control glyphs.
final class ControlCharacterDelegate: NSLayoutManagerDelegate {
    var asked: [Int] = []
    var geometryChanges: [CGSize] = []
    func layoutManager(_ layoutManager: NSLayoutManager, shouldUse action: NSLayoutManager.ControlCharacterAction,
                       forControlCharacterAt charIndex: Int) -> NSLayoutManager.ControlCharacterAction {
        asked.append(charIndex)
        let unit = (layoutManager.textStorage!.string as NSString).character(at: charIndex)
        return unit == 0x09 ? .whitespace : action
    }
    func layoutManager(_ layoutManager: NSLayoutManager, boundingBoxForControlGlyphAt glyphIndex: Int,
                       for textContainer: NSTextContainer, proposedLineFragment proposedRect: CGRect,
                       glyphPosition: CGPoint, characterIndex charIndex: Int) -> CGRect {
        CGRect(x: glyphPosition.x, y: 0, width: 7, height: 10)
    }
    func layoutManager(_ layoutManager: NSLayoutManager, textContainer: NSTextContainer, didChangeGeometryFrom oldSize: CGSize) {
        geometryChanges.append(oldSize)
    }
}

@Suite("Layout primitives and the delegate calls Apple makes")
struct LayoutPrimitiveTests {
    @Test("A subclass sees every line through setTextContainer, setLineFragmentRect and setLocation, and its values are used")
    func subclassSeesEveryLine() {
        let recorder = PrimitiveRecorder()
        recorder.indent = 12
        let stack = LayoutStack(String(repeating: "Lines are stored through the primitives. ", count: 8) + "\nEnd",
                                containerSizes: [CGSize(width: 200, height: 1000)], layoutManager: recorder)
        let fragments = stack.fragments()
        #expect(fragments.count > 4)
        #expect(recorder.lineRects.count == fragments.count)
        #expect(recorder.containerCalls == fragments.count)
        #expect(zip(recorder.lineRects, fragments).allSatisfy { $0.rect == $1.rect && $0.glyphs == $1.glyphs })
        // The x the subclass passed to super moved every line: glyph 0 is 12 pt further right.
        #expect(abs(recorder.location(forGlyphAt: 0).x - (recorder.locations[0].x + 12)) < 1e-6)
        let plain = LayoutStack(stack.storage.string, containerSizes: [CGSize(width: 200, height: 1000)])
        #expect(abs(recorder.location(forGlyphAt: 0).x - plain.layoutManager.location(forGlyphAt: 0).x - 12) < 1e-6)
    }

    @Test("attachmentSize(forGlyphAt:) reports the attachment's size, (-1, -1) elsewhere; setAttachmentSize changes it")
    func attachmentSizes() {
        let attachment = NSTextAttachment()
        attachment.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        let text = NSMutableAttributedString(string: "a \u{FFFC} b", attributes: [.font: LayoutStack.serif()])
        text.addAttribute(.attachment, value: attachment, range: NSRange(location: 2, length: 1))
        let plain = NSLayoutManager()
        let storage = NSTextStorage(attributedString: text)
        storage.addLayoutManager(plain)
        plain.addTextContainer(NSTextContainer(size: CGSize(width: 300, height: 300)))
        let glyph = plain.glyphIndexForCharacter(at: 2)
        #expect(plain.attachmentSize(forGlyphAt: glyph) == CGSize(width: 40, height: 30))
        #expect(plain.attachmentSize(forGlyphAt: 0) == CGSize(width: -1, height: -1))
        plain.setAttachmentSize(CGSize(width: 10, height: 8), forGlyphRange: NSRange(location: glyph, length: 1))
        #expect(plain.attachmentSize(forGlyphAt: glyph) == CGSize(width: 10, height: 8))

        // Layout tells a subclass each attachment's size; what it passes to super is kept.
        let recorder = PrimitiveRecorder()
        let second = NSTextStorage(attributedString: text)
        second.addLayoutManager(recorder)
        recorder.addTextContainer(NSTextContainer(size: CGSize(width: 300, height: 300)))
        recorder.ensureLayout(for: recorder.textContainers[0])
        #expect(recorder.attachmentSizes == [CGSize(width: 40, height: 30)])
        #expect(recorder.attachmentSize(forGlyphAt: glyph) == CGSize(width: 20, height: 15))
    }

    @Test("The delegate decides what control characters do: a tab as white space of the box's width")
    func controlCharacterActions() {
        let delegate = ControlCharacterDelegate()
        let layoutManager = NSLayoutManager()
        layoutManager.delegate = delegate
        let stack = LayoutStack("a\tb\u{0001}c\nd", containerSizes: [CGSize(width: 400, height: 400)], layoutManager: layoutManager)
        _ = stack.fragments()
        #expect(delegate.asked.sorted() == [1, 3, 5])  // the tab, U+0001 and the line feed
        // The tab is 7 points wide (the box), not a jump to the next tab stop.
        let a = layoutManager.location(forGlyphAt: 0).x, b = layoutManager.location(forGlyphAt: 2).x
        let aWidth = layoutManager.location(forGlyphAt: 1).x - a
        #expect(abs(b - a - aWidth - 7) < 0.01)
    }

    @Test("A container's size change reaches the delegate with the old size")
    func geometryChange() {
        let delegate = ControlCharacterDelegate()
        let layoutManager = NSLayoutManager()
        layoutManager.delegate = delegate
        let stack = LayoutStack("Text", containerSizes: [CGSize(width: 100, height: 50)], layoutManager: layoutManager)
        stack.containers[0].size = CGSize(width: 120, height: 50)
        stack.containers[0].size = CGSize(width: 120, height: 50)  // unchanged: no call
        #expect(delegate.geometryChanges == [CGSize(width: 100, height: 50)])
    }
}
