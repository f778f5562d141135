import ModelTestSupport
import Testing
@testable import TextKitTypesetting
import TextKitFonts
import TextKitModel

/// Hit testing searches a line's boxes rather than walking them (`NearestIntervals`,
/// `LineCarets.hit(x:)`): the same answers as the walk, in O(log n).
@Suite("Hit search")
struct HitSearchTests {
    /// The interval nearest to `x` by walking them in rank order: the definition.
    static func walk(_ lower: [Float], _ upper: [Float], _ x: Float) -> Int {
        var best = 0, bestDistance = Float.infinity
        for r in lower.indices {
            let distance = x < lower[r] ? lower[r] - x : (x > upper[r] ? x - upper[r] : 0)
            if distance < bestDistance {
                best = r
                bestDistance = distance
                if distance == 0 { break }
            }
        }
        return best
    }

    @Test("NearestIntervals answers as the walk: random intervals, overlapping, nested, repeated, zero-width, far apart")
    func intervalsAnswerAsTheWalk() throws {
        for seed in UInt64(1)...300 {
            var random = SeededGenerator(seed: seed)
            let n = Int.random(in: 1...80, using: &random)
            // Ends on a coarse grid, so that ends repeat and distances tie; now and then a wide box
            // over many others, or one far away.
            var lower: [Float] = [], upper: [Float] = []
            for _ in 0..<n {
                let a = Float(Int.random(in: -10...60, using: &random)) * 0.5
                let width: Float = switch Int.random(in: 0...9, using: &random) {
                case 0: 0
                case 1: Float(Int.random(in: 10...60, using: &random))
                case 2: 0.25
                default: Float(Int.random(in: 1...6, using: &random)) * 0.5
                }
                let far: Float = Int.random(in: 0...30, using: &random) == 0 ? 100_000 : 0
                lower.append(a + far)
                upper.append(a + width + far)
            }
            let boxes = try #require(NearestIntervals(lower: lower, upper: upper))
            var xs: [Float] = lower + upper + [-.infinity, .infinity, .nan, -0.0, 0, -1000, 1e6, 3.4e38, -3.4e38]
            for _ in 0..<200 {
                xs.append(Float.random(in: -10...50, using: &random))
                xs.append(Float(Int.random(in: -24...124, using: &random)) * 0.25)
            }
            for x in xs {
                let expected = Self.walk(lower, upper, x)
                let found = boxes.nearest(to: x)
                #expect(found == expected, "seed \(seed): at x = \(x) the search finds interval \(found), the walk \(expected) (\(n) intervals)")
                if found != expected { return }
            }
        }
    }

    @Test("NearestIntervals refuses what it cannot order (NaN, infinite or inverted ends) and nothing")
    func intervalsRefuseWhatTheyCannotOrder() {
        #expect(NearestIntervals(lower: [], upper: []) == nil)
        #expect(NearestIntervals(lower: [0, .nan], upper: [1, 2]) == nil)
        #expect(NearestIntervals(lower: [0], upper: [.infinity]) == nil)
        #expect(NearestIntervals(lower: [2], upper: [1]) == nil)
        #expect(NearestIntervals(lower: [1], upper: [1]) != nil)
    }

    @Test("A search of 40,000 boxes looks at a few dozen entries, not thousands")
    func searchesLookAtLogarithmicallyFewEntries() throws {
        // A line's boxes: side by side, some overlapping (kerning), some zero-width.
        var lower: [Float] = [], upper: [Float] = []
        var x: Float = 0
        for i in 0..<40_000 {
            let width: Float = i % 7 == 0 ? 0 : 6.5
            lower.append(x - (i % 5 == 0 ? 0.75 : 0))
            upper.append(x + width)
            x += width
        }
        let boxes = try #require(NearestIntervals(lower: lower, upper: upper))
        var random = SeededGenerator(seed: 7)
        for _ in 0..<2000 {
            let at = Float.random(in: -100...(x + 100), using: &random)
            var steps = 0
            let found = boxes.nearest(to: at, steps: &steps)
            #expect(steps <= 3 * 17, "\(steps) entries looked at for x = \(at)")
            #expect(found == Self.walk(lower, upper, at), "x = \(at)")
        }
    }

    // MARK: Lines

    /// Equal, or both NaN (a NaN x has a NaN fraction either way).
    static func same(_ a: Float?, _ b: Float?) -> Bool {
        a == b || (a?.isNaN == true && b?.isNaN == true)
    }

    /// Random text of `length` UTF-16 units: Latin words (with "ffi" and "fl", ligatures in
    /// Libertine), Hebrew and Arabic words, digits, RLM and LRM marks, zero-width joiners and
    /// spaces, soft hyphens, combining marks, decomposed Hangul, tabs, emoji.
    static func mixedText(length: Int, random: inout SeededGenerator) -> String {
        let pieces: [String] = [
            "office", "flour", "affluent", "word", "a", "zz", "שלום", "עברית", "مرحبا", "العربية", "123", "4.5",
            "\u{200F}", "\u{200E}", "\u{200D}", "\u{200B}", "\u{AD}", "e\u{301}\u{323}", "\u{1100}\u{1161}\u{11A8}",
            "\u{1112}\u{1175}", "\t", "👍🏽", "🇫🇷", " ", " ", " ",
        ]
        var text = ""
        while text.utf16.count < length { text += pieces[Int.random(in: 0..<pieces.count, using: &random)] }
        return text
    }

    @Test("A line's searched hit testing answers as the walk: random lines with bidi, marks, zero-width characters and ligatures")
    func lineSearchAnswersAsTheWalk() throws {
        let fonts = [TestFonts.libertine(14), TestFonts.dejaVuSerif(12)]
        for seed in UInt64(1)...40 {
            var random = SeededGenerator(seed: seed)
            let text = Self.mixedText(length: Int.random(in: 1...400, using: &random), random: &random)
            let style = NSMutableParagraphStyle()
            if Bool.random(using: &random) { style.baseWritingDirection = .rightToLeft }
            let line = CaretTests.line(text, font: fonts[Int(seed) % fonts.count], style: style, width: 100_000)
            let searched = line.carets.searching(true), walked = line.carets.searching(false)
            #expect(searched.isSearched, "seed \(seed): the line's boxes could not be ordered")
            var xs: [Float] = [-.infinity, .infinity, .nan, -50, 0, 1e7]
            for g in line.carets.graphemes { xs += [g.minX, g.maxX, (g.minX + g.maxX) / 2, g.minX - 0.01, g.maxX + 0.01] }
            let right = line.carets.graphemes.map(\.maxX).max() ?? 0
            for _ in 0..<200 { xs.append(Float.random(in: -20...(right + 20), using: &random)) }
            for x in xs {
                let expected = walked.hitByWalking(x: x)
                let found = searched.hit(x: x)
                #expect(found?.grapheme == expected?.grapheme && Self.same(found?.fraction, expected?.fraction),
                        "seed \(seed): at x = \(x) the search hits \(String(describing: found)), the walk \(String(describing: expected))")
                #expect(walked.hit(x: x)?.grapheme == expected?.grapheme, "seed \(seed): x = \(x)")
                #expect(searched.characterIndex(forX: x) == walked.characterIndex(forX: x), "seed \(seed): x = \(x)")
                if found?.grapheme != expected?.grapheme { return }
            }
        }
    }

    @Test("Graphemes in visual order: by the visual run of each one's first glyph, each run in its direction (random bidi lines)")
    func visualOrderFollowsTheVisualRuns() {
        for seed in UInt64(1)...30 {
            var random = SeededGenerator(seed: seed)
            let text = Self.mixedText(length: Int.random(in: 1...500, using: &random), random: &random)
            let style = NSMutableParagraphStyle()
            if Bool.random(using: &random) { style.baseWritingDirection = .rightToLeft }
            let line = CaretTests.line(text, font: TestFonts.dejaVuSerif(12), style: style, width: 100_000)
            let carets = line.carets, placed = line.placed, glyphs = line.analysis.glyphs
            guard !placed.visualRuns.isEmpty else { continue }
            // The definition, the simple way: each grapheme's run by a search (the last run holding
            // its first glyph; the last run for a glyph outside the line), then run by run.
            let runs = placed.visualRuns
            let runOf = carets.graphemes.map { grapheme -> Int in
                let glyph = glyphs.glyph(forCharacterAt: grapheme.characters.lowerBound)
                guard placed.glyphRange.contains(glyph) else { return runs.count - 1 }
                return runs.indices.last { runs[$0].glyphs.contains(glyph) } ?? runs.count - 1
            }
            var expected: [Int] = []
            for r in runs.indices {
                let members = carets.graphemes.indices.filter { runOf[$0] == r }
                expected += runs[r].isRightToLeft ? members.reversed() : members
            }
            #expect(carets.visualOrder == expected, "seed \(seed): \(carets.visualOrder) against \(expected)")
        }
    }

    @Test("firstGlyph(atOrAfter:near:) answers as the search of the whole paragraph, whatever range it starts from")
    func firstGlyphNearARangeAnswersAsTheWholeSearch() {
        var random = SeededGenerator(seed: 11)
        let text = Self.mixedText(length: 600, random: &random)
        let (analysis, _) = TestFonts.analyze(text, [.font: TestFonts.dejaVuSerif(12)])
        let glyphs = analysis.glyphs
        for _ in 0..<2000 {
            let a = Int.random(in: 0...glyphs.count, using: &random), b = Int.random(in: 0...glyphs.count, using: &random)
            let offset = Int.random(in: -2...(glyphs.length + 2), using: &random)
            #expect(glyphs.firstGlyph(atOrAfter: offset, near: min(a, b)..<max(a, b)) == glyphs.firstGlyph(atOrAfter: offset),
                    "offset \(offset) near \(min(a, b))..<\(max(a, b))")
        }
    }

    @Test("A line of 20,000 characters full of bidi marks is searched, each hit looking at a few dozen entries")
    func longLineIsSearched() throws {
        var text = ""
        var random = SeededGenerator(seed: 3)
        while text.utf16.count < 20_000 {
            text += String(UnicodeScalar(UInt8(0x61 + Int.random(in: 0...25, using: &random))))
                + "\u{200F}" + String(UnicodeScalar(0x5D0 + UInt32.random(in: 0...26, using: &random))!) + "\u{200E}"
        }
        let line = CaretTests.line(text, font: TestFonts.dejaVuSerif(12), width: 10_000_000)
        #expect(line.placed.fitted.characters.count == text.utf16.count, "one line")
        let carets = line.carets
        #expect(carets.isSearched)
        let right = carets.graphemes.map(\.maxX).max() ?? 0
        for _ in 0..<500 {
            let x = Float.random(in: -20...(right + 20), using: &random)
            var steps = 0
            let found = carets.hit(x: x, steps: &steps)
            #expect(steps <= 64, "\(steps) entries looked at for x = \(x)")
            #expect(found?.grapheme == carets.hitByWalking(x: x)?.grapheme, "x = \(x)")
        }
    }
}
