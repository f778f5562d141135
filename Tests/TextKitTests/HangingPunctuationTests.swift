import Testing
@testable import TextKit
@testable import TextKitTypesetting
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// `NSParagraphStyle.hangsPunctuation` through the layout manager and the framesetter: the used
/// rects stop at the margins the marks hang into, the option off changes nothing, and both
/// façades place the same lines (they share the line loop).
@Suite("Hanging punctuation in the layout manager")
struct HangingPunctuationTests {
    static let quoted = """
        “Hanging punctuation,” she said, “lets quotes, full stops and commas stand in the margin.” \
        The edge of the column looks straight. Typographers have done it since Gutenberg, whose \
        hyphens stand outside the column, and it costs the reader nothing.
        """

    static func stack(_ text: String, alignment: NSTextAlignment, hangs: Bool?, width: CGFloat = 220) -> LayoutStack {
        let style = NSMutableParagraphStyle()
        style.alignment = alignment
        if let hangs { style.hangsPunctuation = hangs }
        return LayoutStack(text, attributes: [.font: LayoutStack.serif(), .paragraphStyle: style],
                           containerSizes: [CGSize(width: width, height: 2000)])
    }

    /// The x of glyph `g` in container coordinates.
    static func x(_ stack: LayoutStack, glyph g: Int) -> CGFloat {
        let rect = stack.layoutManager.lineFragmentRect(forGlyphAt: g, effectiveRange: nil)
        return rect.minX + stack.layoutManager.location(forGlyphAt: g).x
    }

    /// The last glyph of a fragment that is not white space.
    static func lastVisibleGlyph(_ stack: LayoutStack, in glyphs: NSRange) -> Int {
        let string = stack.storage.string as NSString
        var g = glyphs.location + glyphs.length - 1
        while g > glyphs.location, let scalar = UnicodeScalar(string.character(at: stack.layoutManager.characterIndexForGlyph(at: g))),
              scalar.properties.isWhitespace { g -= 1 }
        return g
    }

    @Test func aLeadingQuoteStandsItsAdvanceLeftOfTheUsedRect() throws {
        let on = Self.stack(Self.quoted, alignment: .left, hangs: true)
        let off = Self.stack(Self.quoted, alignment: .left, hangs: nil)
        let padding = on.containers[0].lineFragmentPadding
        #expect(padding > 0)
        // The quote's advance, from the layout without hanging (glyph 1 follows it on the line).
        let quote = Self.x(off, glyph: 1) - Self.x(off, glyph: 0)
        #expect(quote > 2)
        let used = try #require(on.fragments().first).used
        let usedOff = try #require(off.fragments().first).used
        #expect(abs(Self.x(on, glyph: 0) - (used.minX + padding - quote)) < 0.001)
        #expect(abs(Self.x(off, glyph: 0) - (usedOff.minX + padding)) < 0.001)
        #expect(used.minX == usedOff.minX, "the used rect starts at the margin either way")
    }

    @Test func aTrailingFullStopExtendsPastTheUsedRect() {
        let stack = Self.stack(Self.quoted, alignment: .right, hangs: true)
        let lm = stack.layoutManager
        let container = stack.containers[0]
        let padding = container.lineFragmentPadding
        let string = stack.storage.string as NSString
        var stops = 0
        for fragment in stack.fragments() {
            let last = Self.lastVisibleGlyph(stack, in: fragment.glyphs)
            let box = lm.boundingRect(forGlyphRange: NSRange(location: last, length: 1), in: container)
            let character = string.character(at: lm.characterIndexForGlyph(at: last))
            // Right-aligned: the used rect reaches the fragment's end; what hangs stands past it.
            #expect(abs(fragment.used.maxX - fragment.rect.maxX) < 0.001)
            if [0x2E, 0x2C, 0x201D].contains(character) {  // . , ”
                #expect(abs(box.maxX - (fragment.used.maxX - padding + box.width)) < 0.001)
                stops += 1
            } else {
                #expect(abs(box.maxX - (fragment.used.maxX - padding)) < 0.001)
            }
        }
        #expect(stops >= 2)
    }

    @Test func justifiedLinesReachTheRightEdgeWithTheHang() {
        let stack = Self.stack(Self.quoted, alignment: .justified, hangs: true)
        let lm = stack.layoutManager
        let container = stack.containers[0]
        let padding = container.lineFragmentPadding
        let string = stack.storage.string as NSString
        let fragments = stack.fragments()
        var hung = 0
        for fragment in fragments.dropLast() {
            let last = Self.lastVisibleGlyph(stack, in: fragment.glyphs)
            let box = lm.boundingRect(forGlyphRange: NSRange(location: last, length: 1), in: container)
            let hangs = [0x2E, 0x2C, 0x201D].contains(string.character(at: lm.characterIndexForGlyph(at: last)))
            let edge = fragment.rect.maxX - padding
            #expect(abs(box.maxX - (hangs ? edge + box.width : edge)) < 0.01)
            if hangs { hung += 1 }
        }
        #expect(hung >= 2)
    }

    static func withParagraphStyles(_ text: NSAttributedString, _ change: (NSMutableParagraphStyle) -> Void) -> NSAttributedString {
        let copy = NSMutableAttributedString(attributedString: text)
        copy.enumerateAttribute(.paragraphStyle, in: NSRange(location: 0, length: copy.length), options: []) { value, range, _ in
            let style = ((value as? NSParagraphStyle) ?? .default).mutableCopy() as! NSMutableParagraphStyle
            change(style)
            copy.addAttribute(.paragraphStyle, value: style, range: range)
        }
        return copy
    }

    /// Every line fragment of `text` in a 290-point container: rects, used rects, glyph ranges and
    /// each glyph's location.
    static func layout(_ text: NSAttributedString) -> [String] {
        let storage = NSTextStorage(attributedString: text)
        let lm = NSLayoutManager()
        storage.addLayoutManager(lm)
        lm.addTextContainer(NSTextContainer(size: CGSize(width: 290, height: 5000)))
        var result: [String] = []
        lm.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: lm.numberOfGlyphs)) { rect, used, _, glyphs, _ in
            let locations = (glyphs.location..<(glyphs.location + glyphs.length)).map { lm.location(forGlyphAt: $0) }
            result.append("\(rect) \(used) \(glyphs) \(locations)")
        }
        return result
    }

    @Test func offByDefaultLeavesLayoutAlone() {
        let corpus = LineLoopParityTests.corpus()
        let unset = Self.layout(corpus)
        #expect(unset.count > 20)
        #expect(Self.layout(Self.withParagraphStyles(corpus) { $0.hangsPunctuation = false }) == unset)
        let hanging = Self.layout(Self.withParagraphStyles(corpus) { $0.hangsPunctuation = true })
        #expect(hanging != unset, "the corpus has marks at its lines' edges")
        // Hanging on, but no mark at any edge (no punctuation, no hyphenation): the lines are
        // those of the option off.
        let bare = NSMutableAttributedString(attributedString: corpus)
        let units = Array(bare.string.utf16)
        for i in units.indices.reversed() where [0x2E, 0x2C, 0x3B, 0x3A, 0x2D, 0x27].contains(units[i]) {
            bare.replaceCharacters(in: NSRange(location: i, length: 1), with: "")
        }
        let plain = Self.withParagraphStyles(bare) { $0.hyphenationFactor = 0 }
        #expect(Self.layout(Self.withParagraphStyles(plain) { $0.hangsPunctuation = true }) == Self.layout(plain))
    }

    @Test("The layout manager and the framesetter hang alike", arguments: [
        [CGRect](),
        [CGRect(x: 90, y: 60, width: 120, height: 110)],
    ])
    func framesetterAgrees(exclusions: [CGRect]) {
        let size = CGSize(width: 290, height: 900)
        for optimal in [false, true] {
            let text = Self.withParagraphStyles(LineLoopParityTests.corpus()) { style in
                style.hangsPunctuation = true
                if optimal { style.lineBreakStrategy = [.optimal] }
            }
            let manager = LineLoopParityTests.layoutManagerLines(text, size: size, exclusions: exclusions)
            let core = LineLoopParityTests.framesetterLines(text, size: size, exclusions: exclusions)
            #expect(manager.count > 20)
            #expect(manager == core, "optimal: \(optimal)")
            #expect(manager != LineLoopParityTests.layoutManagerLines(LineLoopParityTests.corpus(), size: size, exclusions: exclusions))
        }
    }

    @Test func turningTheOptionOnInALaidOutTextLaysItOutAgain() {
        let stack = Self.stack(Self.quoted, alignment: .justified, hangs: false)
        let quoteX = Self.x(stack, glyph: 0)
        let style = NSMutableParagraphStyle()
        style.alignment = .justified
        style.hangsPunctuation = true
        stack.storage.addAttribute(.paragraphStyle, value: style, range: NSRange(location: 0, length: stack.storage.length))
        let fresh = Self.stack(Self.quoted, alignment: .justified, hangs: true)
        #expect(stack.fragments().map(\.glyphs) == fresh.fragments().map(\.glyphs))
        #expect(stack.fragments().map(\.used) == fresh.fragments().map(\.used))
        #expect(Self.x(stack, glyph: 0) == Self.x(fresh, glyph: 0))
        #expect(Self.x(stack, glyph: 0) < quoteX - 2, "the opening quote moved into the margin")
    }

    @Test func theStyleComparesHashesAndCopiesTheOption() {
        let a = NSMutableParagraphStyle()
        let b = NSMutableParagraphStyle()
        #expect(!NSParagraphStyle.default.hangsPunctuation)
        b.hangsPunctuation = true
        #expect(a != b)
        a.hangsPunctuation = true
        #expect(a == b && a.hash == b.hash)
        #expect((b.copy() as? NSParagraphStyle)?.hangsPunctuation == true)
        #expect((b.mutableCopy() as? NSMutableParagraphStyle)?.hangsPunctuation == true)
        let c = NSMutableParagraphStyle()
        c.setParagraphStyle(b)
        #expect(c.hangsPunctuation)
    }
}
