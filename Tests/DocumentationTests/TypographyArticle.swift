import Foundation
import OpenTextKit
import Testing

// The code of "Typography" (Typography.md): optimal line breaking, glyph expansion, hanging
// punctuation, widows and orphans.

@Suite("Documentation: typography")
struct TypographyArticle {
    static let prose = """
        A paragraph broken greedily takes as many words as fit on each line, whatever that leaves \
        for the next one, so a loose line may follow a tight one. Broken by total fit, all of its \
        breaks are chosen together, and its lines come out evenly full: the spaces of a justified \
        paragraph stretch and shrink alike from line to line, and fewer words are hyphenated. \
        Typographers have set type this way since long before computers did it for them.
        """

    /// The justified lines' mean squared adjustment ratio of `text` laid out with `style` at `width`.
    static func meanSquaredAdjustment(_ text: String, style: NSParagraphStyle, width: CGFloat) -> CGFloat {
        let storage = NSTextStorage(string: text, attributes: [
            .font: UIFont(name: "DejaVu Serif", size: 12)!, .paragraphStyle: style,
        ])
        let layoutManager = NSLayoutManager()
        storage.addLayoutManager(layoutManager)
        layoutManager.addTextContainer(NSTextContainer(size: CGSize(width: width, height: 10_000)))
        var ratios: [CGFloat] = []
        layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs)) { _, _, _, glyphs, _ in
            if let ratio = layoutManager.adjustmentRatio(ofLineFragmentAt: glyphs.location) { ratios.append(ratio) }
        }
        return ratios.isEmpty ? 0 : ratios.map { $0 * $0 }.reduce(0, +) / CGFloat(ratios.count)
    }

    @Test("Total fit sets a justified paragraph more evenly than greedy breaking")
    func optimal() {
        // snippet: optimal-breaking
        let style = NSMutableParagraphStyle()
        style.alignment = .justified
        style.hyphenationFactor = 1
        style.lineBreakStrategy = [.optimal]   // total fit; greedy stays the default
        // end snippet
        let greedy = style.mutableCopy() as! NSMutableParagraphStyle
        greedy.lineBreakStrategy = []
        let text = String(repeating: Self.prose + " ", count: 4)
        let optimal = Self.meanSquaredAdjustment(text, style: style, width: 220)
        let greedyRatio = Self.meanSquaredAdjustment(text, style: greedy, width: 220)
        #expect(optimal <= greedyRatio)
    }

    @Test("Glyph expansion evens a total-fit paragraph's spaces further")
    func expansion() {
        let style = NSMutableParagraphStyle()
        style.alignment = .justified
        style.hyphenationFactor = 1
        style.lineBreakStrategy = [.optimal]
        let plain = style.copy() as! NSParagraphStyle
        // snippet: font-expansion
        style.glyphExpansionLimit = 0.02   // a line's glyphs may be up to 2 % wider or narrower
        // end snippet
        let text = String(repeating: Self.prose + " ", count: 4)
        #expect(Self.meanSquaredAdjustment(text, style: style, width: 260) < Self.meanSquaredAdjustment(text, style: plain, width: 260))
    }

    @Test("An opening quote that starts a line hangs into the margin")
    func hanging() {
        func firstGlyphX(hanging: Bool) -> CGFloat {
            let style = NSMutableParagraphStyle()
            // snippet: hanging-punctuation
            style.hangsPunctuation = true
            // end snippet
            if !hanging { style.hangsPunctuation = false }
            let storage = NSTextStorage(string: "“Quoted,” she said, “the edge stays straight.”", attributes: [
                .font: UIFont(name: "DejaVu Serif", size: 14)!, .paragraphStyle: style,
            ])
            let layoutManager = NSLayoutManager()
            storage.addLayoutManager(layoutManager)
            layoutManager.addTextContainer(NSTextContainer(size: CGSize(width: 200, height: 200)))
            let fragment = layoutManager.lineFragmentRect(forGlyphAt: 0, effectiveRange: nil)
            return fragment.minX + layoutManager.location(forGlyphAt: 0).x
        }
        #expect(firstGlyphX(hanging: true) < firstGlyphX(hanging: false))
    }

    @Test("A paragraph's first line does not stay alone at the foot of a container")
    func orphans() {
        func firstContainerEnd(preventing: Bool) -> Int {
            // snippet: widows-and-orphans
            let style = NSMutableParagraphStyle()
            style.preventsWidowsAndOrphans = true
            // end snippet
            style.preventsWidowsAndOrphans = preventing
            let font = UIFont(name: "DejaVu Serif", size: 12)!
            let text = "Intro.\n" + Self.prose
            let storage = NSTextStorage(string: text, attributes: [.font: font, .paragraphStyle: style])
            let layoutManager = NSLayoutManager()
            storage.addLayoutManager(layoutManager)
            // Room for two lines: the one-line paragraph and the next paragraph's first line.
            let lineHeight = layoutManager.defaultLineHeight(for: font)
            for _ in 0..<3 {
                layoutManager.addTextContainer(NSTextContainer(size: CGSize(width: 250, height: 2 * lineHeight + 1)))
            }
            let glyphs = layoutManager.glyphRange(for: layoutManager.textContainers[0])
            return NSMaxRange(layoutManager.characterRange(forGlyphRange: glyphs, actualGlyphRange: nil))
        }
        let secondParagraph = "Intro.\n".utf16.count
        #expect(firstContainerEnd(preventing: false) > secondParagraph)    // the orphan stays
        #expect(firstContainerEnd(preventing: true) == secondParagraph)    // the paragraph moves on
    }

    @Test("Code in running text breaks after its tokens")
    func codeInRunningText() {
        // snippet: breaks-like-code
        let code: [NSAttributedString.Key: Any] = [.font: UIFont.monospacedSystemFont(ofSize: 11, weight: .regular),
                                                   .breaksLikeCode: true]
        let text = NSMutableAttributedString(string: "See ")
        text.append(NSAttributedString(string: "Sources/TextKit/Layout/TextFlow.swift", attributes: code))
        // end snippet
        let storage = NSTextStorage(attributedString: text)
        let layoutManager = NSLayoutManager()
        storage.addLayoutManager(layoutManager)
        layoutManager.addTextContainer(NSTextContainer(size: CGSize(width: 110, height: 1_000)))
        var ends: [Int] = []
        layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs)) { _, _, _, glyphs, _ in
            ends.append(NSMaxRange(layoutManager.characterRange(forGlyphRange: glyphs, actualGlyphRange: nil)))
        }
        let units = Array(text.string.utf16)
        #expect(ends.count > 1)
        for end in ends.dropLast() { #expect([0x20, 0x2F, 0x2E].contains(units[end - 1]), "a line ends inside a token: \(ends)") }
    }
}
