import Testing
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitTypesetting

/// Total-fit breaking through the line loop, with a real font (DejaVu Serif 12) and hyphenation
/// by libhyphen, beside the greedy breaking it must leave alone.
@Suite("Total-fit breaking: lines")
struct TotalFitLayoutTests {
    static let prose = """
        The printing press made books cheap, and cheap books made readers; readers in turn demanded \
        more books, in their own languages, about everything under the sun. Compositors set each \
        line by hand, justifying it with thin spaces and hair spaces until it locked tight in the \
        stick, and a careful compositor would look ahead a line or two to avoid a loose line or a \
        word broken twice in a row. Knuth and Plass taught the computer to do the same: consider the \
        whole paragraph at once, weigh every way of breaking it, and choose the one whose lines are \
        most evenly spaced. Their algorithm remains the standard by which paragraph composition is \
        judged, whatever the typesetting system, and it is what this breaker implements.
        """

    /// `string`'s lines through the line loop in a rectangle `width` wide, with `style`.
    static func lines(_ string: String, width: CGFloat, style: NSParagraphStyle,
                      settings adjust: (inout LineBreakSettings) -> Void = { _ in }) -> (lines: [PlacedLine], analysis: ParagraphAnalysis, text: [UInt16]) {
        let (analysis, text) = TestFonts.analyze(string, [.font: TestFonts.dejaVuSerif()], style: style)
        var settings = LineBreakSettings(paragraphStyle: style, analysis: analysis)
        adjust(&settings)
        let area = LineArea(width: width, height: LineArea.unbounded, padding: 0, maximumLines: 0, isSimple: true,
                            lineBreakMode: .byWordWrapping, top: 0) { proposed, _, _, remaining in
            remaining = .zero
            return proposed.intersection(CGRect(x: 0, y: 0, width: width, height: LineArea.unbounded))
        }
        let layout = text.withUnsafeBufferPointer { buffer in
            var loop = LineLoop(host: NoLineHooks(areas: [area]), analysis: analysis, text: buffer, characterStart: 0,
                                settings: settings, rules: ParagraphRules(analysis: analysis), usesFontLeading: true, from: .start)
            return loop.run()
        }
        return (layout.fragments.map(\.line), analysis, text)
    }

    static func style(_ alignment: NSTextAlignment = .justified, optimal: Bool = true, hyphenation: Float = 0,
                      firstLineIndent: CGFloat = 0) -> NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        style.alignment = alignment
        style.hyphenationFactor = hyphenation
        style.firstLineHeadIndent = firstLineIndent
        if optimal { style.lineBreakStrategy = [.optimal] }
        return style
    }

    static func ratios(_ result: (lines: [PlacedLine], analysis: ParagraphAnalysis, text: [UInt16])) -> [Double] {
        result.lines.compactMap { AdjustmentRatio.ratio(of: $0, glyphs: result.analysis.glyphs) }
    }

    static func coverage(_ lines: [PlacedLine], length: Int) -> Bool {
        var next = 0
        for line in lines {
            guard line.fitted.characters.lowerBound == next, line.fitted.characters.upperBound > next else { return false }
            next = line.fitted.characters.upperBound
        }
        return next == length
    }

    @Test func optimalLinesAreLessLooseThanGreedyOnes() {
        // Both hyphenate; greedy whenever a line would be less than full.
        for width: CGFloat in [180, 240, 320] {
            let greedy = Self.ratios(Self.lines(Self.prose, width: width, style: Self.style(optimal: false, hyphenation: 1)))
            let optimal = Self.ratios(Self.lines(Self.prose, width: width, style: Self.style(hyphenation: 1)))
            let meanSquare = { (r: [Double]) in r.reduce(0) { $0 + $1 * $1 } / Double(max(1, r.count)) }
            let worst = { (r: [Double]) in r.max() ?? 0 }
            #expect(meanSquare(optimal) < 0.7 * meanSquare(greedy), "at \(width) pt")
            #expect(worst(optimal) < worst(greedy), "at \(width) pt")
            if width > 200 {
                // Wide enough for every line to be decent or loose, not very loose, most of the time.
                #expect(optimal.filter { $0 > 1 }.count < greedy.filter { $0 > 1 }.count, "at \(width) pt")
            }
            #expect(optimal.allSatisfy { $0 >= -1.0001 })
        }
    }

    @Test func greedyStaysTheDefault() {
        let plain = Self.lines(Self.prose, width: 200, style: Self.style(optimal: false))
        let (analysis, text) = TestFonts.analyze(Self.prose, [.font: TestFonts.dejaVuSerif()])
        let greedy = text.withUnsafeBufferPointer { buffer in
            let fitter = LineFitter(glyphs: analysis.glyphs, segments: analysis.segments, text: buffer, settings: LineBreakSettings())
            var ends: [Int] = []
            var start = 0
            while start < text.count {
                start = fitter.fitLine(from: start, lineStartX: 0, lineEndX: 200).characters.upperBound
                ends.append(start)
            }
            return ends
        }
        #expect(plain.lines.map(\.fitted.characters.upperBound) == greedy)
        #expect(!LineBreakSettings(paragraphStyle: NSParagraphStyle.default, analysis: analysis).breaksByTotalFit)
    }

    @Test func raggedOptimalLinesNeverExceedTheirWidth() {
        for width: CGFloat in [90, 150, 260] {
            let result = Self.lines(Self.prose, width: width, style: Self.style(.left, hyphenation: 1))
            #expect(Self.coverage(result.lines, length: result.text.count))
            for line in result.lines { #expect(line.fitted.width <= Float(width) + 0.01) }
        }
    }

    @Test func justifiedLinesShrinkNoMoreThanAllowedAndFillTheirWidth() {
        let result = Self.lines(Self.prose, width: 200, style: Self.style(firstLineIndent: 30))
        #expect(Self.coverage(result.lines, length: result.text.count))
        #expect(result.lines[0].originX == 30)
        for line in result.lines.dropLast() where !line.fitted.isSetRagged {
            #expect(abs(line.originX + line.fitted.width - 200) < 0.01)
        }
        #expect(Self.ratios(result).allSatisfy { $0 >= -1.0001 })
    }

    @Test func hyphensFallOnLibhyphenPointsAndTheirPenaltyCounts() throws {
        let hyphenator = try #require(Hyphenator.forLanguage("en-US"))
        let result = Self.lines(Self.prose, width: 110, style: Self.style(hyphenation: 1))
        let hyphenated = result.lines.filter(\.fitted.isHyphenated)
        #expect(!hyphenated.isEmpty)
        for line in hyphenated {
            // The word around the break, and libhyphen's points in it.
            let end = line.fitted.characters.upperBound
            var start = end, stop = end
            while start > 0, LineFitter.isWordUnit(result.text[start - 1]) { start -= 1 }
            while stop < result.text.count, LineFitter.isWordUnit(result.text[stop]) { stop += 1 }
            let points = result.text.withUnsafeBufferPointer { hyphenator.hyphenationPoints(in: UnsafeBufferPointer(rebasing: $0[start..<stop])) }
            #expect(points.contains(end - start))
        }
        // A prohibitive hyphen penalty makes hyphens rarer.
        let (analysis, text) = TestFonts.analyze(Self.prose, [.font: TestFonts.dejaVuSerif()], style: Self.style(hyphenation: 1))
        let counts = [50.0, 1000].map { penalty -> Int in
            var parameters = TotalFitParameters()
            parameters.hyphenPenalty = penalty
            return text.withUnsafeBufferPointer { buffer in
                let fitter = LineFitter(glyphs: analysis.glyphs, segments: analysis.segments, text: buffer,
                                        settings: LineBreakSettings(paragraphStyle: Self.style(hyphenation: 1), analysis: analysis))
                // Summed over a few widths: some hyphens are worth any penalty at some width.
                return stride(from: 150.0, through: 330, by: 20).reduce(0) { sum, width in
                    let plan = TotalFitPlan.make(fitter: fitter, from: 0, widths: .constant(width), parameters: parameters)
                    return sum + (plan?.lines.filter(\.isHyphenated).count ?? 1000)
                }
            }
        }
        #expect(counts[0] > 0 && counts[1] >= 0 && counts[1] < counts[0], "\(counts)")
    }

    @Test func consecutiveHyphensAreLimited() throws {
        let (analysis, text) = TestFonts.analyze(Self.prose, [.font: TestFonts.dejaVuSerif()], style: Self.style(hyphenation: 1))
        for limit in [1, 2] {
            var parameters = TotalFitParameters()
            parameters.maximumConsecutiveHyphens = limit
            parameters.doubleHyphenDemerits = 0
            parameters.hyphenPenalty = 0
            for width in stride(from: 70.0, through: 130, by: 12) {
                let plan = text.withUnsafeBufferPointer { buffer in
                    let fitter = LineFitter(glyphs: analysis.glyphs, segments: analysis.segments, text: buffer,
                                            settings: LineBreakSettings(paragraphStyle: Self.style(hyphenation: 1), analysis: analysis))
                    return TotalFitPlan.make(fitter: fitter, from: 0, widths: .constant(width), parameters: parameters)
                }
                var run = 0
                for line in try #require(plan).lines {
                    run = line.isHyphenated ? run + 1 : 0
                    #expect(run <= limit, "limit \(limit) at \(width) pt")
                }
            }
        }
    }

    @Test func hostileParagraphsBreakWithoutCrashing() {
        let marks = "a" + String(repeating: "\u{0301}", count: 10_000) + " word word"
        let longWord = "short " + String(repeating: "abcdefghij", count: 40) + " tail"
        for (string, width) in [(marks, CGFloat(100)), (longWord, 100), (Self.prose, 0.5), (Self.prose, 3)] {
            let result = Self.lines(string, width: width, style: Self.style())
            #expect(Self.coverage(result.lines, length: result.text.count))
        }
    }
}
