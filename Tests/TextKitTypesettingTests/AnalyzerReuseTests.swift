import Testing
@testable import TextKitTypesetting
import TextKitFonts
import TextKitModel

/// Analyzers are handed from owner to owner (ParagraphAnalyzer+Reuse.swift): what one owner's
/// text left in them must neither change another's glyphs nor keep the first owner's objects alive.
@Suite("Reusing paragraph analyzers")
struct AnalyzerReuseTests {
    private final class Payload {}

    private static func analyze(_ string: String, _ attributes: [NSAttributedString.Key: Any],
                                with analyzer: ParagraphAnalyzer) -> ParagraphAnalysis {
        let text = Array(string.utf16)
        return text.withUnsafeBufferPointer { buffer in
            analyzer.analyze(text: buffer, runs: [AttributeRunInput(range: 0..<text.count, attributes: attributes)], paragraphStyle: .default)
        }
    }

    private static func summary(_ analysis: ParagraphAnalysis) -> [String] {
        let glyphs = analysis.glyphs
        return ["\(glyphs.glyphs)", "\(glyphs.advances)", "\(glyphs.clusters)", "\(glyphs.flags.map(\.rawValue))",
                "\(glyphs.offsets.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" })",
                "\(glyphs.runs.map { "\($0.glyphRange) \($0.characterRange) \($0.font) \($0.level)" })",
                "\(glyphs.fonts.map(\.fontName))", "\(analysis.segments.map(\.end))"]
    }

    @Test func thePoolHandsBackWhatWasReturnedUpToItsLimit() {
        let pool = AnalyzerPool(limit: 2)
        let first = pool.take()
        pool.recycle(first)
        #expect(pool.count == 1)
        #expect(pool.take() === first)
        #expect(pool.count == 0)
        for _ in 0..<3 { pool.recycle(ParagraphAnalyzer()) }
        #expect(pool.count == 2)
        // An analyzer of another word cache would bring its own words and parameter ids.
        pool.recycle(ParagraphAnalyzer(cache: ShapedWordCache()))
        #expect(pool.count == 2)
    }

    @Test func aReturnedAnalyzerLetsGoOfItsOwnersObjects() {
        let pool = AnalyzerPool(limit: 4)
        let analyzer = pool.take()
        weak var payload: Payload?
        do {
            let object = Payload()
            payload = object
            let key = NSAttributedString.Key("AnalyzerReuseTests.payload")
            _ = Self.analyze("words with an object of the app's", [.font: TestFonts.dejaVuSerif(), key: object], with: analyzer)
        }
        #expect(payload != nil)  // the analyzer's recent styles hold its attributes
        pool.recycle(analyzer)
        #expect(payload == nil)
    }

    @Test func aReusedAnalyzerMakesTheGlyphsAFreshOneMakes() {
        let pool = AnalyzerPool(limit: 4)
        let documents: [(String, [NSAttributedString.Key: Any])] = [
            ("Office ffi AV Wa — מילים בעברית and شكرا جزيلا 東京 😀", [.font: TestFonts.dejaVuSerif()]),
            ("Office ffi AV Wa — kerning and ligatures off", [.font: TestFonts.dejaVuSerif(), .kern: 0, .ligature: 0]),
            ("Office ffi AV Wa — another size, another font", [.font: TestFonts.libertine(17)]),
            ("مرحبا بالعالم Office", [.font: TestFonts.notoArabic(14)]),
        ]
        for (i, (later, attributes)) in documents.enumerated() {
            let analyzer = pool.take()
            // Another owner's documents first, then this one.
            for (earlier, earlierAttributes) in documents where earlier != later {
                _ = Self.analyze(earlier, earlierAttributes, with: analyzer)
            }
            pool.recycle(analyzer)
            let reused = pool.take()
            #expect(reused === analyzer)
            let expected = Self.summary(Self.analyze(later, attributes, with: ParagraphAnalyzer()))
            #expect(Self.summary(Self.analyze(later, attributes, with: reused)) == expected, "document \(i)")
            pool.recycle(reused)
        }
    }
}
