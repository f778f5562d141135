import ModelTestSupport
import Testing
@testable import TextKitTypesetting
import TextKitModel

/// What a laid-out line keeps for the life of a layout: a document of a million lines keeps a
/// million of these (`scripts/memory-check.sh` measures the whole).
@Suite("Line memory: the size of a line fragment, visual runs joined")
struct LineMemoryTests {
    @Test("A line fragment takes 184 bytes, a visual run 12")
    func fragmentSize() {
        #expect(MemoryLayout<FittedLine>.size <= 40)
        #expect(MemoryLayout<PlacedLine>.stride <= 96)
        #expect(MemoryLayout<LineFragment>.stride <= 184)
        #expect(MemoryLayout<PlacedLine.VisualRun>.stride == 12)
    }

    @Test("Words of several left-to-right scripts beside a right-to-left phrase make three visual runs, not one per font run")
    func visualRunsJoinFontRuns() throws {
        let text = "Latin Кириллица Ελληνικά 日本語 שלום עולם and more Latin"
        let line = CaretTests.line(text, font: TestFonts.dejaVuSerif(12), width: 100_000)
        let glyphs = line.analysis.glyphs
        #expect(glyphs.runs.count > 3)  // Latin, Han (fallback), Hebrew...: several font runs
        let runs = line.placed.visualRuns
        #expect(runs.map(\.isRightToLeft) == [false, true, false])
        // Together the runs hold each of the line's glyphs once.
        let covered = runs.flatMap { Array($0.glyphs) }.sorted()
        #expect(covered == Array(line.placed.glyphRange))
        // Drawing still cuts them where the font changes.
        let pieces = line.placed.visualPieces(glyphs: glyphs)
        #expect(pieces.count >= glyphs.runs.count)
    }

    @Test("Joined runs give the glyph positions run-by-run pieces give (random bidi lines)")
    func joinedRunsPlaceGlyphsAsPieces() {
        for seed in UInt64(1)...40 {
            var random = SeededGenerator(seed: seed)
            let text = HitSearchTests.mixedText(length: Int.random(in: 1...400, using: &random), random: &random)
            let line = CaretTests.line(text, font: TestFonts.dejaVuSerif(12), width: 100_000)
            let placed = line.placed, glyphs = line.analysis.glyphs
            // Adjacent visual runs of one direction never continue each other logically (they
            // would be one run), unless their levels differ (0 and 2 are both left to right).
            for (a, b) in zip(placed.visualRuns, placed.visualRuns.dropFirst()) where a.isRightToLeft == b.isRightToLeft {
                let continues = a.isRightToLeft ? b.glyphs.upperBound == a.glyphs.lowerBound : a.glyphs.upperBound == b.glyphs.lowerBound
                if continues {
                    let levelA = glyphs.runs[glyphs.runIndex(containingGlyph: a.glyphs.lowerBound)].level
                    let levelB = glyphs.runs[glyphs.runIndex(containingGlyph: b.glyphs.lowerBound)].level
                    #expect(levelA != levelB, "seed \(seed)")
                }
            }
            // Positions walked piece by piece, in visual order, agree with glyphPositions(in:).
            let (xs, advances) = placed.glyphPositions(in: glyphs)
            var x = placed.originX
            for piece in placed.visualPieces(glyphs: glyphs) {
                let order = piece.isRightToLeft ? Array(piece.range.reversed()) : Array(piece.range)
                for g in order {
                    let i = g - placed.glyphRange.lowerBound
                    #expect(abs(xs[i] - x) < 0.001, "seed \(seed), glyph \(g)")
                    x += advances[i]
                }
            }
        }
    }
}
