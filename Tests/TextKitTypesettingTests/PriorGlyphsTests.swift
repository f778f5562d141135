import Testing
@testable import TextKitTypesetting
import TextKitFonts
import TextKitModel
import ModelTestSupport

/// Glyphs copied from a paragraph's analysis before an edit (PriorGlyphs.swift) must be the glyphs
/// a fresh analysis of the edited paragraph makes: ids, advances, clusters, flags, offsets, runs.
@Suite("Glyphs reused after an edit")
struct PriorGlyphsTests {
    /// Words in several scripts and fonts: kerning pairs, Arabic and Hebrew (right to left),
    /// Devanagari and combining marks (glyph offsets), CJK and emoji (fallback fonts), runs of spaces.
    static let words = ["AVAWAY", "To", "Wa", "the", "quick", "fox", "  ", "jumps", "über", "e\u{0301}t\u{0301}e", "(1,234.5)",
                        "مرحبا", "بالعالم", "שלום", "नमस्ते", "हिन्दी", "漢字かな", "🙂", "👍🏽", "x", "—", "\u{00A0}", "Ω"]

    /// Attributes of the runs a test paragraph is cut into: shaping differs between them.
    nonisolated(unsafe) static let styles: [[NSAttributedString.Key: Any]] = [
        [.font: TestFonts.dejaVuSerif()],
        [.font: TestFonts.dejaVuSans()],
        [.font: TestFonts.dejaVuSerif(), .kern: 1.5],
        [.font: TestFonts.dejaVuSerif(18)],
    ]

    static func analyze(_ text: [UInt16], runs: [AttributeRunInput], with analyzer: ParagraphAnalyzer,
                        prior: PriorAnalysis? = nil) -> ParagraphAnalysis {
        text.withUnsafeBufferPointer { analyzer.analyze(text: $0, runs: runs, paragraphStyle: .default, prior: prior) }
    }

    /// `bounds` (run boundaries inside the old text, increasing) as attribute runs of a text of
    /// `count` units, styled in turn.
    static func runs(_ bounds: [Int], count: Int, styleOffset: Int) -> [AttributeRunInput] {
        let cuts = ([0] + bounds + [count]).reduce(into: [Int]()) { if $0.last != $1 { $0.append($1) } }
        return zip(cuts, cuts.dropFirst()).enumerated().map { i, cut in
            AttributeRunInput(range: cut.0..<cut.1, attributes: styles[(i + styleOffset) % styles.count])
        }
    }

    @Test("Random edits of multilingual paragraphs in several runs: the reused glyphs are a fresh analysis's",
          arguments: [1, 2, 3] as [UInt64])
    func randomEdits(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let analyzer = ParagraphAnalyzer()
        var copied = 0, shapedWhole = 0
        for _ in 0..<400 {
            // A paragraph of words and spaces, cut into one to three attribute runs.
            var old: [UInt16] = []
            for _ in 0..<Int.random(in: 2...30, using: &random) {
                old += Array((Self.words.randomElement(using: &random)! + (Int.random(in: 0..<5, using: &random) == 0 ? "" : " ")).utf16)
            }
            // The last paragraph of a text has no terminator.
            let terminated = Bool.random(using: &random)
            if terminated { old.append(0x0A) }
            let bounds = (0..<Int.random(in: 0...2, using: &random)).map { _ in Int.random(in: 1..<old.count, using: &random) }.sorted()
            let styleOffset = Int.random(in: 0..<Self.styles.count, using: &random)
            // Replace a few units (keeping any terminator) with a word, a space, a letter or nothing.
            let editable = old.count - (terminated ? 1 : 0)
            let start = Int.random(in: 0...editable, using: &random)
            let oldLength = Int.random(in: 0...min(3, editable - start), using: &random)
            let inserted = Array(["x", " ", "", "न", "م", "🙂", "\u{0301}", "AV"].randomElement(using: &random)!.utf16)
            var new = old
            new.replaceSubrange(start..<(start + oldLength), with: inserted)
            guard !new.isEmpty else { continue }
            let delta = inserted.count - oldLength
            // The runs' bounds move with the edit as an attributed string's do.
            let newBounds = bounds.map { $0 <= start ? $0 : max(start + inserted.count, $0 + delta) }

            let before = Self.analyze(old, runs: Self.runs(bounds, count: old.count, styleOffset: styleOffset), with: analyzer)
            let newRuns = Self.runs(newBounds, count: new.count, styleOffset: styleOffset)
            let copiedBefore = analyzer.copiedGlyphCount
            let reused = Self.analyze(new, runs: newRuns, with: analyzer,
                                      prior: PriorAnalysis(analysis: before, editStart: start, oldLength: oldLength, newLength: inserted.count))
            let fresh = Self.analyze(new, runs: newRuns, with: ParagraphAnalyzer())
            #expect(reused.glyphs.isIdentical(to: fresh.glyphs),
                    "\(String(decoding: old, as: UTF16.self).debugDescription), runs at \(bounds): \(oldLength) units at \(start) → \(String(decoding: inserted, as: UTF16.self).debugDescription)")
            #expect(reused.segments == fresh.segments)
            if analyzer.copiedGlyphCount > copiedBefore { copied += 1 } else { shapedWhole += 1 }
        }
        // Most edits leave words to reuse.
        #expect(copied > 250)
    }

    @Test("An edit in a paragraph of plain English copies every glyph but those of the edited word")
    func copiesAllButTheEditedWord() {
        let analyzer = ParagraphAnalyzer()
        let old = Array("The quick brown fox jumps over the lazy dog.\n".utf16)
        let runs = [AttributeRunInput(range: 0..<old.count, attributes: [.font: TestFonts.dejaVuSerif()])]
        let before = Self.analyze(old, runs: runs, with: analyzer)
        var new = old
        new.insert(0x78, at: 12)  // "brxown"
        let newRuns = [AttributeRunInput(range: 0..<new.count, attributes: [.font: TestFonts.dejaVuSerif()])]
        let reused = Self.analyze(new, runs: newRuns, with: analyzer,
                                  prior: PriorAnalysis(analysis: before, editStart: 12, oldLength: 0, newLength: 1))
        #expect(reused.glyphs.isIdentical(to: Self.analyze(new, runs: newRuns, with: ParagraphAnalyzer()).glyphs))
        // Every glyph but "brxown " (7) comes from the old analysis.
        #expect(analyzer.copiedGlyphCount == new.count - 7)
    }

    @Test("Glyphs changed after shaping, a paragraph length that does not match, or an attachment's run are shaped again")
    func notReused() {
        let analyzer = ParagraphAnalyzer()
        let old = Array("one two three\n".utf16)
        let runs = [AttributeRunInput(range: 0..<old.count, attributes: [.font: TestFonts.dejaVuSerif()])]
        var new = old
        new.insert(0x78, at: 4)
        let newRuns = [AttributeRunInput(range: 0..<new.count, attributes: [.font: TestFonts.dejaVuSerif()])]

        let changed = Self.analyze(old, runs: runs, with: analyzer)
        changed.isAsShaped = false
        _ = Self.analyze(new, runs: newRuns, with: analyzer, prior: PriorAnalysis(analysis: changed, editStart: 4, oldLength: 0, newLength: 1))
        let wrongLength = Self.analyze(old, runs: runs, with: analyzer)
        _ = Self.analyze(new, runs: newRuns, with: analyzer, prior: PriorAnalysis(analysis: wrongLength, editStart: 4, oldLength: 0, newLength: 2))
        let attachment = NSTextAttachment()
        let attached = [AttributeRunInput(range: 0..<new.count, attributes: [.font: TestFonts.dejaVuSerif(), .attachment: attachment])]
        let withAttachment = Self.analyze(old, runs: [AttributeRunInput(range: 0..<old.count, attributes: attached[0].attributes)], with: analyzer)
        _ = Self.analyze(new, runs: attached, with: analyzer, prior: PriorAnalysis(analysis: withAttachment, editStart: 4, oldLength: 0, newLength: 1))
        #expect(analyzer.copiedGlyphCount == 0)

        // The same edit of glyphs as shaped copies.
        let shaped = Self.analyze(old, runs: runs, with: analyzer)
        _ = Self.analyze(new, runs: newRuns, with: analyzer, prior: PriorAnalysis(analysis: shaped, editStart: 4, oldLength: 0, newLength: 1))
        #expect(analyzer.copiedGlyphCount > 0)
    }
}
