import ModelTestSupport
import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// Hit testing searches — the line among a paragraph's fragments, the glyph or grapheme among a
/// line's boxes — rather than walking: the same answers as the walk (`TextFlow.hitTestingWalks`),
/// and a number of steps that does not grow with the line.
@Suite("Hit testing long lines")
struct LongLineHitTestingTests {
    /// Random text of about `length` UTF-16 units in paragraphs: words in Latin (ligatures),
    /// Hebrew and Arabic, bidi marks, zero-width characters, soft hyphens, combining marks,
    /// decomposed Hangul, emoji, tabs.
    static func mixedText(length: Int, paragraphs: Int, random: inout SeededGenerator) -> String {
        let pieces: [String] = [
            "office", "flour", "affluent", "word", "a", "שלום", "עברית", "مرحبا", "العربية", "123",
            "\u{200F}", "\u{200E}", "\u{200D}", "\u{200B}", "\u{AD}", "e\u{301}\u{323}", "\u{1100}\u{1161}\u{11A8}",
            "\t", "👍🏽", " ", " ", " ",
        ]
        var text = ""
        for p in 0..<paragraphs {
            if p > 0 { text += "\n" }
            while text.utf16.count < length * (p + 1) / paragraphs { text += pieces[Int.random(in: 0..<pieces.count, using: &random)] }
        }
        return text
    }

    /// A stack of `text`: one line (a container a million points wide), wrapped in one column
    /// (right to left or not), around an exclusion, or over two pages.
    static func stacks(_ text: String, rightToLeft: Bool) -> [(name: String, stack: LayoutStack)] {
        let style = NSMutableParagraphStyle()
        style.baseWritingDirection = rightToLeft ? .rightToLeft : .leftToRight
        let attributes: [NSAttributedString.Key: Any] = [.font: LayoutStack.serif(), .paragraphStyle: style]
        let oneLine = LayoutStack(text, attributes: attributes, containerSizes: [CGSize(width: 1_000_000, height: 1_000_000)])
        let column = LayoutStack(text, attributes: attributes)
        let excluded = LayoutStack(text, attributes: attributes, containerSizes: [CGSize(width: 300, height: 100_000)])
        excluded.containers[0].exclusionPaths = [UIBezierPath(ovalIn: CGRect(x: 100, y: 40, width: 90, height: 200))]
        let paged = LayoutStack(text, attributes: attributes,
                                containerSizes: [CGSize(width: 250, height: 300), CGSize(width: 250, height: 100_000)])
        return [("one line", oneLine), ("column", column), ("exclusion", excluded), ("pages", paged)]
    }

    /// Points over and around every container's used area.
    static func points(in stack: LayoutStack, container: NSTextContainer, count: Int, random: inout SeededGenerator) -> [CGPoint] {
        let used = stack.layoutManager.usedRect(for: container)
        return (0..<count).map { _ in
            CGPoint(x: CGFloat.random(in: (used.minX - 30)...(used.maxX + 30), using: &random),
                    y: CGFloat.random(in: (used.minY - 20)...(used.maxY + 20), using: &random))
        }
    }

    @Test("Searched hit testing answers as the walk: random text on one line, in a column, around an exclusion, over pages")
    func searchAnswersAsTheWalk() {
        for seed in UInt64(1)...6 {
            var random = SeededGenerator(seed: seed)
            let text = Self.mixedText(length: 3000, paragraphs: Int.random(in: 1...3, using: &random), random: &random)
            for (name, stack) in Self.stacks(text, rightToLeft: seed % 3 == 0) {
                let lm = stack.layoutManager
                for container in stack.containers {
                    for point in Self.points(in: stack, container: container, count: 150, random: &random) {
                        func answers() -> [CGFloat] {
                            var glyphFraction: CGFloat = -1, characterFraction: CGFloat = -1
                            let glyph = lm.glyphIndex(for: point, in: container, fractionOfDistanceThroughGlyph: &glyphFraction)
                            let character = lm.characterIndex(for: point, in: container,
                                                              fractionOfDistanceBetweenInsertionPoints: &characterFraction)
                            return [CGFloat(glyph), glyphFraction, CGFloat(character), characterFraction]
                        }
                        lm.flow.hitTestingWalks = false
                        let searched = answers()
                        lm.flow.hitTestingWalks = true
                        let walked = answers()
                        lm.flow.hitTestingWalks = false
                        #expect(searched == walked,
                                "seed \(seed), \(name): at \(point) the search answers \(searched) (glyph, fraction, character, fraction), the walk \(walked)")
                        if searched != walked { return }
                    }
                }
            }
        }
    }

    /// Letters between alternating RLM and LRM marks (`HostileTexts.alternatingBidiMarks`).
    static func marks(_ length: Int) -> String { HostileTexts.alternatingBidiMarks(length) }

    @Test("On a line of 20,000 characters a hit looks at a few dozen entries; in a paragraph of 20,000 wrapped into hundreds of lines, at its line only",
          arguments: [1_000_000.0, 400.0])
    func hitsLookAtFewEntries(width: Double) {
        let stack = LayoutStack(Self.marks(20_000), containerSizes: [CGSize(width: width, height: 10_000_000)])
        let lm = stack.layoutManager, container = stack.containers[0]
        lm.ensureLayout(for: container)
        #expect((stack.fragments().count == 1) == (width > 1000), "\(stack.fragments().count) line fragments")
        var random = SeededGenerator(seed: 9)
        let points = Self.points(in: stack, container: container, count: 300, random: &random)
        // The first hit on each line makes its positions and caret geometry (O(n log n), once).
        for point in points.prefix(2) {
            _ = lm.characterIndex(for: point, in: container, fractionOfDistanceBetweenInsertionPoints: nil)
            _ = lm.glyphIndex(for: point, in: container)
        }
        var most = 0
        for point in points {
            let before = lm.flow.hitTestSteps
            _ = lm.characterIndex(for: point, in: container, fractionOfDistanceBetweenInsertionPoints: nil)
            _ = lm.glyphIndex(for: point, in: container)
            most = max(most, lm.flow.hitTestSteps - before)
        }
        // Lines of fewer than 256 glyphs are walked (a 400-point line holds about 120): their
        // boxes count, the paragraph's other lines do not.
        let longest = stack.fragments().map(\.glyphs.length).max() ?? 0
        let bound = longest >= 256 ? 200 : 2 * longest + 100
        #expect(most <= bound, "a point's two queries looked at \(most) fragments, boxes or table entries (lines of up to \(longest) glyphs)")
    }

    @Test("Queries alternating between two lines keep both lines' geometry")
    func alternatingLinesKeepTheirGeometry() {
        let stack = LayoutStack(Self.marks(20_000), containerSizes: [CGSize(width: 400, height: 10_000_000)])
        let lm = stack.layoutManager, container = stack.containers[0]
        let fragments = stack.fragments()
        let top = CGPoint(x: 100, y: fragments[1].rect.midY), bottom = CGPoint(x: 100, y: fragments[fragments.count - 2].rect.midY)
        _ = lm.characterIndex(for: top, in: container, fractionOfDistanceBetweenInsertionPoints: nil)
        _ = lm.characterIndex(for: bottom, in: container, fractionOfDistanceBetweenInsertionPoints: nil)
        let kept = lm.flow.lineGeometries.map(ObjectIdentifier.init)
        for _ in 0..<10 {
            _ = lm.characterIndex(for: top, in: container, fractionOfDistanceBetweenInsertionPoints: nil)
            _ = lm.glyphIndex(for: bottom, in: container)
        }
        #expect(Set(lm.flow.lineGeometries.map(ObjectIdentifier.init)) == Set(kept))
        #expect(lm.flow.lineGeometries.count == 2)
        #expect(lm.flow.lineGeometries.allSatisfy { $0.carets != nil })
    }
}
