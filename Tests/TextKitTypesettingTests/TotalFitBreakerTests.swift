import ModelTestSupport
import Testing
import TextKitFonts
import TextKitModel
@testable import TextKitTypesetting

/// The total-fit breaker on synthetic glyphs (every character 10 pt, spaces 5 pt, so a space
/// stretches 2.5 pt and shrinks 5/3 pt), apart from fonts.
@Suite("Total-fit breaking: the breaker")
struct TotalFitBreakerTests {
    /// The plan of `string` at `widths`, with the synthetic glyphs of the greedy filler's tests.
    static func plan(_ string: String, widths: TotalFitLineWidths, settings: LineBreakSettings = LineBreakSettings(),
                     parameters: TotalFitParameters = TotalFitParameters()) -> (plan: TotalFitPlan?, text: [UInt16]) {
        let text = Array(string.utf16)
        let glyphs = LineFitterTests.glyphs(text)
        let plan = text.withUnsafeBufferPointer { buffer in
            let fitter = LineFitter(glyphs: glyphs, segments: glyphs.breakSegments(text: buffer), text: buffer, settings: settings)
            return TotalFitPlan.make(fitter: fitter, from: 0, widths: widths, parameters: parameters)
        }
        return (plan, text)
    }

    static func strings(_ plan: TotalFitPlan, _ text: [UInt16]) -> [String] {
        plan.lines.map { String(decoding: text[$0.characters], as: UTF16.self) }
    }

    /// The natural width of a synthetic line, trailing spaces excluded.
    static func naturalWidth(_ line: String) -> Double {
        let content = line.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        return content.reduce(0) { $0 + ($1 == " " ? 5 : 10) }
    }

    /// The stretchable spaces inside a synthetic line.
    static func innerSpaces(_ line: String) -> Int {
        line.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression).filter { $0 == " " }.count
    }

    @Test func aLineMayShrinkToAThirdOfItsSpacesButNoFurther() throws {
        // "aaaa bbbb cccc" is 130 pt with two spaces: 10/3 pt of shrink. At 127 pt it fits at
        // ratio −0.9; at 126 pt it would need −1.2, so "cccc" moves down.
        let text = "aaaa bbbb cccc ddd"
        let (tight, t1) = Self.plan(text, widths: .constant(127))
        #expect(Self.strings(try #require(tight), t1).first == "aaaa bbbb cccc ")
        let (tooTight, t2) = Self.plan(text, widths: .constant(126))
        #expect(Self.strings(try #require(tooTight), t2).first == "aaaa bbbb ")
        var ragged = TotalFitParameters()
        ragged.allowsShrinking = false
        let (unshrunk, t3) = Self.plan(text, widths: .constant(127), parameters: ragged)
        #expect(Self.strings(try #require(unshrunk), t3).first == "aaaa bbbb ")
    }

    @Test func aParagraphWithNoFeasibleLinesBreaksWithEmergencyStretch() throws {
        // One 90-pt word per 100-pt line, no space inside a line: no stretch at all, so every line
        // is infinitely bad until the emergency pass lends each line 10 pt of stretch.
        let (plan, text) = Self.plan("aaaaaaaaa bbbbbbbbb ccccccccc ddddddddd", widths: .constant(100))
        let found = try #require(plan)
        #expect(found.pass == .emergencyStretch)
        #expect(Self.strings(found, text) == ["aaaaaaaaa ", "bbbbbbbbb ", "ccccccccc ", "ddddddddd"])
    }

    @Test func aWordLongerThanTheLineIsBrokenBetweenClustersInTheLastPass() throws {
        let (plan, text) = Self.plan("ab " + String(repeating: "x", count: 60) + " cd", widths: .constant(50))
        let found = try #require(plan)
        #expect(found.pass == .anyFit)
        let lines = Self.strings(found, text)
        #expect(lines.joined() == String(decoding: text, as: UTF16.self))
        for line in lines { #expect(Self.naturalWidth(line) <= 50) }
    }

    @Test func aFirstLineOfAnotherWidthIsHonoured() throws {
        let words = (0..<40).map { _ in "abcd" }.joined(separator: " ")
        let widths = TotalFitLineWidths(varyingLines: 1) { $0 == 0 ? 60 : 200 }
        let (plan, text) = Self.plan(words, widths: widths)
        let lines = Self.strings(try #require(plan), text)
        #expect(Self.naturalWidth(lines[0]) <= 60 + 5.0 / 3 * Double(Self.innerSpaces(lines[0])))
        #expect(lines.dropFirst().contains { Self.naturalWidth($0) > 100 })
    }

    @Test func theActiveListStaysBoundedSoWorkIsLinearInTheParagraph() throws {
        var generator = SeededGenerator(seed: 7)
        func paragraph(_ words: Int) -> String {
            (0..<words).map { _ in String(repeating: "w", count: 1 + Int(generator.next() % 10)) }.joined(separator: " ")
        }
        var visitsPerBreakpoint: [Double] = []
        var largest: [Int] = []
        for words in [1_000, 10_000] {
            for widths in [TotalFitLineWidths.constant(300),
                           TotalFitLineWidths(varyingLines: 100_000) { 250 + Double($0 % 3) * 25 }] {
                let (plan, _) = Self.plan(paragraph(words), widths: widths)
                let statistics = try #require(plan).statistics
                #expect(statistics.breakpoints >= words)
                visitsPerBreakpoint.append(Double(statistics.activeNodeVisits) / Double(statistics.breakpoints))
                largest.append(statistics.largestActiveList)
            }
        }
        // About five words fit a line; each breakpoint looks at a bounded number of nodes, the
        // same for 10,000 words as for 1,000.
        for v in visitsPerBreakpoint { #expect(v < 200) }
        for l in largest { #expect(l < 400) }
        #expect(visitsPerBreakpoint[2] < 1.5 * visitsPerBreakpoint[0])
        #expect(visitsPerBreakpoint[3] < 1.5 * visitsPerBreakpoint[1])
    }

    @Test func aVeryLongWordIsBrokenInLinearWork() throws {
        // 20,000 clusters, no space: every cluster boundary is a break of the last pass, and a
        // line holds five clusters, so each break looks at a bounded number of earlier ones.
        let (plan, text) = Self.plan(String(repeating: "x", count: 20_000) + " end", widths: .constant(50))
        let found = try #require(plan)
        #expect(found.pass == .anyFit)
        #expect(found.lines.last?.characters.upperBound == text.count)
        let statistics = found.statistics
        #expect(statistics.activeNodeVisits < 100 * statistics.breakpoints)
        #expect(statistics.largestActiveList < 100)
    }

    @Test func randomParagraphsAreCoveredExactlyOnceInOrder() {
        var generator = SeededGenerator(seed: 2026)
        for _ in 0..<200 {
            var pieces: [String] = []
            for _ in 0..<(1 + Int(generator.next() % 60)) {
                switch generator.next() % 12 {
                case 0: pieces.append(String(repeating: "L", count: 5 + Int(generator.next() % 40)))
                case 1: pieces.append("\u{2028}")
                case 2: pieces.append("  ")
                default: pieces.append(String(repeating: "a", count: 1 + Int(generator.next() % 8)))
                }
            }
            let string = pieces.joined(separator: " ")
            let width = Double(5 + generator.next() % 300)
            let (plan, text) = Self.plan(string, widths: .constant(width))
            guard let plan else {
                // Only a cluster wider than the line stops every pass (the loop then goes greedy).
                #expect(width < 10)
                continue
            }
            var next = 0
            for line in plan.lines {
                #expect(line.characters.lowerBound == next && line.characters.upperBound > next)
                next = line.characters.upperBound
                let s = String(decoding: text[line.characters], as: UTF16.self)
                #expect(Self.naturalWidth(s) <= width + 5.0 / 3 * Double(Self.innerSpaces(s)) + 0.001)
            }
            #expect(next == text.count)
        }
    }

    @Test func theDelegateCanForbidABreak() throws {
        var settings = LineBreakSettings()
        settings.shouldBreakByWord = { $0 != 8 }  // never before "ccc"
        let (plan, text) = Self.plan("aaa bbb ccc ddd eee", widths: .constant(80), settings: settings)
        let found = try #require(plan)
        #expect(!found.lines.contains { $0.characters.upperBound == 8 })
        #expect(found.lines.last?.characters.upperBound == text.count)
    }
}
