import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// Container settings and the documented layout rules, plus hostile input.
@Suite("Scenarios: container settings and layout rules")
struct ScenarioContainerTests {
    static let sentence = "Pack my box with five dozen liquor jugs, said the quartermaster, and stow them below the deck."

    @Test func twoLinesWithTailTruncationReportTheTruncatedGlyphs() throws {
        let stack = LayoutStack(Self.sentence + " " + Self.sentence, containerSizes: [CGSize(width: 200, height: 1000)])
        let container = stack.containers[0]
        container.maximumNumberOfLines = 2
        container.lineBreakMode = .byTruncatingTail
        let lm = stack.layoutManager
        let fragments = stack.fragments()
        #expect(fragments.count == 2)
        let first = fragments[0].glyphs, last = fragments[1].glyphs
        #expect(lm.truncatedGlyphRange(inLineFragmentForGlyphAt: first.location).location == NSNotFound)
        let truncated = lm.truncatedGlyphRange(inLineFragmentForGlyphAt: last.location)
        #expect(truncated.location != NSNotFound)
        #expect(truncated.location > last.location && truncated.length > 20)
        // The last line stands for the rest of the text, and the truncation runs to its end.
        #expect(last.location + last.length == lm.numberOfGlyphs)
        #expect(truncated.location + truncated.length == lm.numberOfGlyphs)
        #expect(lm.truncatedGlyphRange(inLineFragmentForGlyphAt: truncated.location + 3) == truncated)
        // The truncated line (with its ellipsis) fits the container.
        #expect(fragments[1].used.maxX <= 200 + 0.01)
        // Without a limit there is no truncation.
        container.maximumNumberOfLines = 0
        #expect(stack.fragments().count > 2)
        #expect(lm.truncatedGlyphRange(inLineFragmentForGlyphAt: last.location).location == NSNotFound)
    }

    @Test func lineFragmentPaddingInsetsTheTextFromTheFragment() {
        let stack = LayoutStack("Padding moves the first glyph.")
        let container = stack.containers[0], lm = stack.layoutManager
        #expect(NSTextContainer(size: .zero).lineFragmentPadding == 5)
        #expect(lm.location(forGlyphAt: 0).x == 5)
        let usedWithDefault = lm.usedRect(for: container).width
        container.lineFragmentPadding = 0
        #expect(lm.location(forGlyphAt: 0).x == 0)
        #expect(abs(lm.usedRect(for: container).width - (usedWithDefault - 10)) < 0.01)
        container.lineFragmentPadding = 12
        #expect(lm.location(forGlyphAt: 0).x == 12)
        #expect(lm.lineFragmentRect(forGlyphAt: 0, effectiveRange: nil).minX == 0)
        #expect(abs(lm.usedRect(for: container).width - (usedWithDefault + 14)) < 0.01)
    }

    /// A container whose shape depends on a property it does not announce.
    final class IndentedContainer: NSTextContainer {
        var indent: CGFloat = 0
        override func lineFragmentRect(forProposedRect proposedRect: CGRect, at characterIndex: Int,
                                       writingDirection baseWritingDirection: NSWritingDirection,
                                       remaining remainingRect: UnsafeMutablePointer<CGRect>?) -> CGRect {
            var rect = super.lineFragmentRect(forProposedRect: proposedRect, at: characterIndex,
                                              writingDirection: baseWritingDirection, remaining: remainingRect)
            guard !rect.isEmpty else { return rect }
            rect.origin.x += indent
            rect.size.width -= indent
            return rect
        }
    }

    @Test func textContainerChangedGeometryRelaysOut() {
        let storage = NSTextStorage(string: loremParagraphs, attributes: [.font: LayoutStack.serif()])
        let lm = NSLayoutManager()
        storage.addLayoutManager(lm)
        let container = IndentedContainer(size: CGSize(width: 300, height: 10_000))
        lm.addTextContainer(container)
        let before = lm.usedRect(for: container)
        #expect(lm.lineFragmentRect(forGlyphAt: 0, effectiveRange: nil).minX == 0)
        // The layout manager cannot know about `indent` until told.
        container.indent = 100
        #expect(lm.lineFragmentRect(forGlyphAt: 0, effectiveRange: nil).minX == 0)
        lm.textContainerChangedGeometry(container)
        #expect(lm.lineFragmentRect(forGlyphAt: 0, effectiveRange: nil).minX == 100)
        #expect(lm.usedRect(for: container).height > before.height)
        // Changing the size is announced by the container itself.
        let plain = LayoutStack(loremParagraphs, containerSizes: [CGSize(width: 300, height: 10_000)])
        let wideLines = plain.fragments().count
        plain.containers[0].size = CGSize(width: 150, height: 10_000)
        #expect(plain.fragments().count > wideLines)
        #expect(plain.fragments().allSatisfy { $0.rect.width == 150 })
    }

    @Test func aRightToLeftParagraphIsRightAlignedByDefault() throws {
        let hebrew = "הטקסט הזה כתוב מימין לשמאל ולכן השורות שלו מיושרות לימין כברירת מחדל בלי שום הגדרה נוספת"
        let font = try UIFont(url: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"), size: 13)
        let stack = LayoutStack("English starts left.\n" + hebrew, attributes: [.font: font],
                                containerSizes: [CGSize(width: 240, height: 1000)])
        let fragments = stack.fragments()
        #expect(fragments.count >= 4)
        #expect(abs(fragments[0].used.minX) < 0.01 && fragments[0].used.maxX < 230)
        for f in fragments.dropFirst() {
            // Every line of the Hebrew paragraph, its last one too, ends at the right margin.
            #expect(abs(f.used.maxX - 240) < 0.01, "used rect \(f.used)")
        }
        #expect(fragments.last!.used.minX > 60)
        // The first character of the paragraph is at its right.
        let start = stack.storage.length - hebrew.utf16.count
        let caret = try #require(stack.layoutManager.caretGeometry(forCharacterAt: start))
        #expect(abs(caret.primaryX - 235) < 0.01)
    }

    @Test func paragraphSpacingIsInTheFragmentRectButNotTheUsedRect() {
        let style = NSMutableParagraphStyle()
        style.paragraphSpacing = 17
        style.paragraphSpacingBefore = 9
        let stack = LayoutStack("First paragraph, long enough to take two lines here.\nSecond one.",
                                attributes: [.font: LayoutStack.serif(), .paragraphStyle: style],
                                containerSizes: [CGSize(width: 200, height: 1000)])
        let fragments = stack.fragments()
        #expect(fragments.count == 3)
        // Spacing before: above the first line of each paragraph, in the rect, not in the used rect.
        #expect(abs((fragments[0].used.minY - fragments[0].rect.minY) - 9) < 0.01)
        #expect(abs(fragments[1].used.minY - fragments[1].rect.minY) < 0.01)
        #expect(abs((fragments[2].used.minY - fragments[2].rect.minY) - 9) < 0.01)
        // Spacing after: below the last line of each paragraph.
        #expect(abs(fragments[0].rect.maxY - fragments[0].used.maxY) < 0.01)
        #expect(abs((fragments[1].rect.maxY - fragments[1].used.maxY) - 17) < 0.01)
        #expect(abs((fragments[2].rect.maxY - fragments[2].used.maxY) - 17) < 0.01)
        // The fragments still tile the column.
        #expect(abs(fragments[1].rect.minY - fragments[0].rect.maxY) < 0.01)
        #expect(abs(fragments[2].rect.minY - fragments[1].rect.maxY) < 0.01)
    }

    @Test(arguments: [CGSize(width: 0, height: 500), CGSize(width: 300, height: 0), .zero, CGSize(width: 0.5, height: 0.5)])
    func anEmptyContainerLaysOutNothing(size: CGSize) {
        let stack = LayoutStack(loremParagraphs, containerSizes: [size])
        let lm = stack.layoutManager, container = stack.containers[0]
        #expect(lm.numberOfGlyphs > 100)
        #expect(lm.glyphRange(for: container).length == 0)
        #expect(lm.usedRect(for: container).size == .zero)
        #expect(stack.fragments().isEmpty)
        #expect(lm.lineFragmentRect(forGlyphAt: 10, effectiveRange: nil) == .zero)
        #expect(lm.textContainer(forGlyphAt: 10, effectiveRange: nil) == nil)
        #expect(lm.firstUnlaidCharacterIndex() == 0)
        #expect(lm.extraLineFragmentRect == .zero)
        #expect(lm.glyphIndex(for: CGPoint(x: 10, y: 10), in: container) == 0)
        #expect(lm.characterIndex(for: CGPoint(x: 10, y: 10), in: container, fractionOfDistanceBetweenInsertionPoints: nil) == 0)
        #expect(lm.caretGeometry(forCharacterAt: 5) == nil)
        #expect(lm.enclosingRects(forGlyphRange: NSRange(location: 0, length: 10), withinSelectedGlyphRange: NSRange(location: NSNotFound, length: 0), in: container).isEmpty)
        // Growing the container brings the text back.
        container.size = CGSize(width: 300, height: 500)
        #expect(lm.glyphRange(for: container).length > 0)
    }

    @Test func tenThousandCombiningMarksLayOutAsOneCluster() throws {
        let text = "Base: a" + String(repeating: "\u{0301}", count: 10_000) + " then more words after it."
        let stack = LayoutStack(text, containerSizes: [CGSize(width: 200, height: 10_000)])
        let lm = stack.layoutManager
        #expect(lm.numberOfGlyphs >= 30)
        let used = lm.usedRect(for: stack.containers[0])
        #expect(used.height > 0 && used.height < 1000 && used.width <= 200.01)
        // The marks are one grapheme cluster: one caret before it, the next after all the marks.
        let a = 6
        let caret = try #require(lm.caretGeometry(forCharacterAt: a))
        let after = try #require(lm.caretGeometry(forCharacterAt: a + 10_001))
        #expect(after.primaryX > caret.primaryX)
        #expect(lm.caretGeometry(forCharacterAt: a + 500)?.primaryX == caret.primaryX)
        var fraction: CGFloat = 0
        let hit = lm.characterIndex(for: CGPoint(x: (caret.primaryX + after.primaryX) / 2 + 0.3, y: caret.lineFragmentRect.midY),
                                    in: stack.containers[0], fractionOfDistanceBetweenInsertionPoints: &fraction)
        #expect(hit == a && fraction > 0.5)
        #expect(!lm.enclosingRects(forGlyphRange: NSRange(location: 0, length: lm.numberOfGlyphs),
                                   withinSelectedGlyphRange: NSRange(location: NSNotFound, length: 0), in: stack.containers[0]).isEmpty)
    }

    @Test func loneSurrogatesLayOutWithoutCrashing() throws {
        // Split every surrogate pair: the storage keeps the lone high halves (UTF-16 is not validated).
        let storage = NSTextStorage(string: String(repeating: "😀x", count: 300) + "\nend", attributes: [.font: LayoutStack.serif()])
        for i in stride(from: 299, through: 0, by: -1) { storage.deleteCharacters(in: NSRange(location: i * 3 + 1, length: 1)) }
        let units = storage._utf16(in: NSRange(location: 0, length: 4))
        #expect(UTF16.isLeadSurrogate(units[0]) && units[1] == 0x78)
        let lm = NSLayoutManager()
        storage.addLayoutManager(lm)
        let container = NSTextContainer(size: CGSize(width: 180, height: 10_000))
        lm.addTextContainer(container)
        #expect(lm.numberOfGlyphs >= 603)
        let used = lm.usedRect(for: container)
        #expect(used.height > 50 && used.width <= 180.01)
        // Every insertion point has a caret, and clicking everywhere finds characters.
        for index in stride(from: 0, through: storage.length, by: 7) {
            #expect(lm.caretGeometry(forCharacterAt: index) != nil)
        }
        var y: CGFloat = 0
        while y < used.maxY + 20 {
            let c = lm.characterIndex(for: CGPoint(x: 90, y: y), in: container, fractionOfDistanceBetweenInsertionPoints: nil)
            #expect(c >= 0 && c <= storage.length)
            y += 9
        }
        let rects = lm.enclosingRects(forGlyphRange: NSRange(location: 0, length: lm.numberOfGlyphs),
                                      withinSelectedGlyphRange: NSRange(location: NSNotFound, length: 0), in: container)
        #expect(rects.count >= 3)
    }
}
