import Testing
@testable import TextKitTypesetting
import TextKitFonts
import TextKitGraphics
import TextKitModel

@Suite("Core Text lines and runs")
struct CoreTextLineTests {
    @Test("A line's width is the sum of its glyph advances, and run positions add up to it")
    func runPositionsSumToTheLineWidth() {
        let bold = TestFonts.dejaVuSans(14)
        let string = NSMutableAttributedString(attributedString: CT.string("Waving flags, AVATAR and office "))
        string.addAttribute(NSAttributedString.Key(kCTFontAttributeName as String), value: bold, range: NSRange(location: 7, length: 5))
        let line = CTLineCreateWithAttributedString(string)
        let runs = CT.runs(line)
        #expect(runs.count == 3)  // serif, sans, serif
        var pen: CGFloat = 0
        var total = 0
        for run in runs {
            let positions = CT.positions(run), advances = CT.advances(run)
            for i in positions.indices {
                #expect(abs(positions[i].x - pen) < 1e-4)
                #expect(positions[i].y == 0)
                pen += advances[i].width
            }
            total += CTRunGetGlyphCount(run)
        }
        #expect(abs(Double(pen) - CT.width(line)) < 1e-4)
        #expect(CTLineGetGlyphCount(line) == total)
        #expect(CTLineGetStringRange(line) == CFRangeMake(0, string.length))
        // The width is HarfBuzz's: the analyzer's advances for the same text.
        let (analysis, _) = TestFonts.analyze("Waving flags, AVATAR and office ", [.font: TestFonts.dejaVuSerif(12)])
        #expect(runs[0].font == TestFonts.dejaVuSerif(12) && runs[1].font == bold)
        #expect(CT.width(line) > Double(analysis.glyphs.advances.reduce(0, +)))  // part of it is larger
    }

    @Test("Typographic bounds give the font's ascent, descent and leading, and trailing spaces are counted apart")
    func typographicBounds() {
        let font = TestFonts.dejaVuSerif(20)
        let line = CTLineCreateWithAttributedString(CT.string("Hxg   ", font: font))
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        let width = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
        #expect(abs(ascent - font.ascender) < 1e-4)
        #expect(abs(descent + font.descender) < 1e-4)
        #expect(abs(leading - font.leading) < 1e-4)
        let space = font.advance(forGlyph: font.glyph(for: " ")!)
        #expect(abs(CTLineGetTrailingWhitespaceWidth(line) - Double(3 * space)) < 1e-3)
        let bare = CT.width(CTLineCreateWithAttributedString(CT.string("Hxg", font: font)))
        #expect(abs(width - bare - Double(3 * space)) < 1e-3)
        // Ink: above the baseline up to about the cap height, below it for the g.
        let ink = CTLineGetImageBounds(line, nil)
        #expect(ink.maxY > font.capHeight * 0.9 && ink.maxY <= ascent)
        #expect(ink.minY < 0 && ink.minY >= -descent)
        #expect(ink.minX >= 0 && ink.maxX <= CGFloat(bare) + 1)
        // Bounds with options: the typographic box, or the ink.
        let box = CTLineGetBoundsWithOptions(line, [])
        #expect(box == CGRect(x: 0, y: -(descent + leading), width: CGFloat(width), height: ascent + descent + leading))
        #expect(CTLineGetBoundsWithOptions(line, .excludeTypographicLeading).minY == -descent)
        #expect(CTLineGetBoundsWithOptions(line, .useGlyphPathBounds) == ink)
    }

    @Test("Runs report their string indices, ranges, attributes and status")
    func runQueries() {
        let string = CT.string("abc def", [.foregroundColor: UIColor.red])
        let run = CT.runs(CTLineCreateWithAttributedString(string))[0]
        #expect(CT.indices(run) == [0, 1, 2, 3, 4, 5, 6])
        #expect(CTRunGetStringRange(run) == CFRangeMake(0, 7))
        #expect(CTRunGetStatus(run) == [])
        #expect((CTRunGetAttributes(run)[.foregroundColor] as? UIColor) == UIColor.red)
        #expect((CTRunGetAttributes(run)[NSAttributedString.Key(kCTFontAttributeName as String)] as? UIFont) == TestFonts.dejaVuSerif(12))
        var ascent: CGFloat = 0
        let width = CTRunGetTypographicBounds(run, CFRangeMake(4, 0), &ascent, nil, nil)
        let positions = CT.positions(run)
        #expect(abs(width - (CT.width(CTLineCreateWithAttributedString(string)) - Double(positions[4].x))) < 1e-4)
        #expect(ascent > 0)
        #expect(CTRunGetGlyphsPtr(run) == nil && CTRunGetPositionsPtr(run) == nil)
        var two = [CGGlyph](repeating: 0, count: 2)
        CTRunGetGlyphs(run, CFRangeMake(1, 2), &two)
        #expect(two == Array(CT.glyphs(run)[1...2]))
    }

    @Test("A right-to-left run stores its glyphs left to right with decreasing string indices")
    func rightToLeftRun() {
        let line = CTLineCreateWithAttributedString(CT.string("שלום עולם", font: TestFonts.dejaVuSans(12)))
        let runs = CT.runs(line)
        #expect(runs.count == 1)
        let run = runs[0]
        #expect(CTRunGetStatus(run).contains(.rightToLeft))
        #expect(!CTRunGetStatus(run).contains(.nonMonotonic))
        let indices = CT.indices(run)
        #expect(indices.first == 8 && indices.last == 0)
        #expect(zip(indices, indices.dropFirst()).allSatisfy { $0 > $1 })
        let positions = CT.positions(run)
        #expect(zip(positions, positions.dropFirst()).allSatisfy { $0.x < $1.x })
    }

    @Test("Mixed directions give runs in visual order")
    func mixedDirections() {
        let line = CTLineCreateWithAttributedString(CT.string("abc שלום def", font: TestFonts.dejaVuSans(12)))
        let runs = CT.runs(line)
        #expect(runs.count == 3)
        let starts = runs.map { CT.positions($0)[0].x }
        #expect(starts == starts.sorted())
        #expect(CTRunGetStatus(runs[1]).contains(.rightToLeft))
        #expect(CTRunGetStringRange(runs[2]) == CFRangeMake(8, 4))  // " def": one run though the space's script is Hebrew's
    }
}

@Suite("Core Text carets")
struct CoreTextCaretTests {
    @Test("Offsets for string indices increase through left-to-right text")
    func leftToRightOffsetsIncrease() {
        let string = CT.string("Hello, world")
        let line = CTLineCreateWithAttributedString(string)
        var previous: CGFloat = -1
        for i in 0...string.length {
            var secondary: CGFloat = -100
            let primary = CTLineGetOffsetForStringIndex(line, i, &secondary)
            #expect(primary > previous)
            #expect(secondary == primary)
            previous = primary
        }
        #expect(abs(Double(previous) - CT.width(line)) < 1e-4)
        #expect(CTLineGetOffsetForStringIndex(line, 0, nil) == 0)
    }

    @Test("Offsets for string indices decrease through right-to-left text")
    func rightToLeftOffsetsDecrease() {
        let string = CT.string("שלום עולם", font: TestFonts.dejaVuSans(12))
        let line = CTLineCreateWithAttributedString(string)
        var previous = CGFloat.infinity
        for i in 0...string.length {
            let primary = CTLineGetOffsetForStringIndex(line, i, nil)
            #expect(primary < previous)
            previous = primary
        }
        #expect(abs(CTLineGetOffsetForStringIndex(line, 0, nil) - CGFloat(CT.width(line))) < 1e-4)
        #expect(abs(previous) < 1e-4)
    }

    @Test("At a direction boundary the secondary offset differs from the primary one")
    func splitCaretAtDirectionBoundary() {
        let string = CT.string("abc שלום", font: TestFonts.dejaVuSans(12))
        let line = CTLineCreateWithAttributedString(string)
        var secondary: CGFloat = 0
        let primary = CTLineGetOffsetForStringIndex(line, 4, &secondary)
        // Index 4 is the first Hebrew letter: its leading edge is the right end of the Hebrew
        // word; the trailing edge of the space before it is right after "abc ". Apple: "the
        // primary offset corresponds to the portion of the caret that represents the visual
        // insertion location for a character whose direction matches the line's writing
        // direction" — a letter of this left-to-right line typed at index 4 goes after "abc ".
        let prefix = CT.width(CTLineCreateWithAttributedString(CT.string("abc ", font: TestFonts.dejaVuSans(12))))
        #expect(abs(Double(primary) - prefix) < 1e-3)
        #expect(abs(secondary - CGFloat(CT.width(line))) < 1e-3)
        #expect(primary < secondary - 10)
    }

    @Test("String index for a position rounds to the nearest caret and stays on the line")
    func indexForPosition() {
        let string = CT.string("Hello world\n")
        let line = CTLineCreateWithAttributedString(string)
        for i in 0..<11 {
            let x = CTLineGetOffsetForStringIndex(line, i, nil)
            let next = CTLineGetOffsetForStringIndex(line, i + 1, nil)
            #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: x + (next - x) * 0.3, y: 0)) == i)
            #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: x + (next - x) * 0.7, y: 0)) == i + 1)
        }
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: -50, y: 0)) == 0)
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: 5000, y: 0)) == 11)  // before the newline
    }

    @Test("Caret offsets are enumerated left to right, two edges per character")
    func caretEnumeration() {
        let string = CT.string("ab שלום")
        let line = CTLineCreateWithAttributedString(string)
        var edges: [(Double, CFIndex, Bool)] = []
        CTLineEnumerateCaretOffsets(line) { offset, index, leading, _ in edges.append((offset, index, leading)) }
        #expect(edges.count == 2 * string.length)
        #expect(zip(edges, edges.dropFirst()).allSatisfy { $0.0 <= $1.0 + 1e-6 })
        #expect(edges[0].1 == 0 && edges[0].2)  // "a", leading edge first
        #expect(edges[1].1 == 0 && !edges[1].2)
        // The Hebrew word's leftmost edge is its last letter's trailing edge.
        #expect(edges[6].1 == 6 && !edges[6].2)
        var count = 0
        CTLineEnumerateCaretOffsets(line) { _, _, _, stop in count += 1; if count == 3 { stop.pointee = true } }
        #expect(count == 3)
    }

    @Test("A ligature is divided between its characters")
    func ligatureCarets() {
        let font = TestFonts.libertine(20)
        let string = CT.string("office", font: font)
        let line = CTLineCreateWithAttributedString(string)
        #expect(CTLineGetGlyphCount(line) < string.length)  // "ffi" is one glyph
        let xs = (0...string.length).map { CTLineGetOffsetForStringIndex(line, $0, nil) }
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 })
    }
}

@Suite("Core Text truncation, justification and flush")
struct CoreTextLineShapingTests {
    static let text = "The quick brown fox jumps over the lazy dog "

    @Test("An end-truncated line ends in an ellipsis and is no wider than asked", arguments: [40.0, 77.5, 120.0])
    func endTruncation(width: Double) throws {
        let line = CTLineCreateWithAttributedString(CT.string(Self.text))
        let token = CTLineCreateWithAttributedString(CT.string("\u{2026}"))
        let truncated = try #require(CTLineCreateTruncatedLine(line, width, .end, token))
        #expect(CT.width(truncated) <= width + 1e-6)
        #expect(CT.width(truncated) > width - 12)  // no more than about one character short
        let last = try #require(CT.runs(truncated).last)
        #expect(CT.glyphs(last) == [TestFonts.dejaVuSerif(12).ellipsisGlyph!])
        #expect(CTRunGetStatus(last) == [])
        // Its glyph sits right after the visible text.
        let before = CT.runs(truncated).dropLast().last!
        let end = CT.positions(before).last!.x + CT.advances(before).last!.width
        #expect(abs(CT.positions(last)[0].x - end) < 1e-4)
    }

    @Test("Start and middle truncation keep the ends of the line")
    func startAndMiddleTruncation() throws {
        let string = CT.string("abcdefghijklmnopqrstuvwxyz")
        let line = CTLineCreateWithAttributedString(string)
        let token = CTLineCreateWithAttributedString(CT.string("\u{2026}", [.foregroundColor: UIColor.red]))
        let start = try #require(CTLineCreateTruncatedLine(line, 60, .start, token))
        let middle = try #require(CTLineCreateTruncatedLine(line, 60, .middle, token))
        for truncated in [start, middle] {
            #expect(CT.width(truncated) - CTLineGetTrailingWhitespaceWidth(truncated) <= 60 + 1e-6)
        }
        let startRuns = CT.runs(start)
        #expect((CTRunGetAttributes(startRuns[0])[.foregroundColor] as? UIColor) == UIColor.red)  // the token first
        #expect(CT.indices(startRuns[1]).last == 25)
        let middleRuns = CT.runs(middle)
        #expect(middleRuns.count == 3)
        #expect(CT.indices(middleRuns[0]).first == 0 && CT.indices(middleRuns[2]).last == 25)
        // No token: cut off.
        let cut = try #require(CTLineCreateTruncatedLine(line, 60, .end, nil))
        #expect(CT.runs(cut).count == 1 && CT.width(cut) <= 60)
    }

    @Test("A line that fits is not truncated, and a token wider than the width gives nil")
    func truncationEdgeCases() {
        let line = CTLineCreateWithAttributedString(CT.string("short "))
        let token = CTLineCreateWithAttributedString(CT.string("[more]"))
        #expect(CTLineCreateTruncatedLine(line, 500, .end, token) === line)
        #expect(CTLineCreateTruncatedLine(line, 5, .end, token) == nil)
    }

    @Test("A justified line is exactly the width asked", arguments: [250.0, 300.0, 180.0])
    func justification(width: Double) throws {
        let line = CTLineCreateWithAttributedString(CT.string("The quick brown fox jumps "))
        let justified = try #require(CTLineCreateJustifiedLine(line, 1, width))
        let content = CT.width(justified) - CTLineGetTrailingWhitespaceWidth(justified)
        #expect(abs(content - width) < 1e-3)
        // Only the spaces between words grew: the first word's glyphs did not move.
        let a = CT.positions(CT.runs(line)[0]), b = CT.positions(CT.runs(justified)[0])
        #expect(a[0...3] == b[0...3])
        #expect(b[4].x - a[4].x > 0 || width < CT.width(line))
        // Half justification goes half way.
        let half = try #require(CTLineCreateJustifiedLine(line, 0.5, width))
        let natural = CT.width(line) - CTLineGetTrailingWhitespaceWidth(line)
        #expect(abs(CT.width(half) - CTLineGetTrailingWhitespaceWidth(half) - (natural + width) / 2) < 1e-3)
        #expect(CTLineCreateJustifiedLine(line, 0, width) === line)
    }

    @Test("A line without spaces is justified between its characters")
    func justificationWithoutSpaces() throws {
        let string = CT.string("日本語のテキスト", font: TestFonts.font("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 12))
        let line = CTLineCreateWithAttributedString(string)
        let justified = try #require(CTLineCreateJustifiedLine(line, 1, 150))
        #expect(abs(CT.width(justified) - 150) < 1e-3)
        let before = CT.positions(CT.runs(line)[0]).map(\.x)
        let after = CT.positions(CT.runs(justified)[0]).map(\.x)
        let added = zip(before, after).map { $1 - $0 }
        let step = (150 - CT.width(line)) / 7  // 8 characters, 7 gaps
        #expect(added.enumerated().allSatisfy { abs(Double($1) - Double($0) * step) < 1e-3 })
        let caret = CTLineGetOffsetForStringIndex(justified, 8, nil)
        #expect(abs(caret - 150) < 1e-3)
    }

    @Test("The pen offset for flush puts the content at the right, centre or left")
    func penOffsetForFlush() {
        let line = CTLineCreateWithAttributedString(CT.string("Flush me  "))
        let content = CT.width(line) - CTLineGetTrailingWhitespaceWidth(line)
        #expect(CTLineGetPenOffsetForFlush(line, 0, 200) == 0)
        #expect(abs(CTLineGetPenOffsetForFlush(line, 1, 200) - (200 - content)) < 1e-6)
        #expect(abs(CTLineGetPenOffsetForFlush(line, 0.5, 200) - (200 - content) / 2) < 1e-6)
        #expect(CTLineGetPenOffsetForFlush(line, 1, 10) == 0)
    }
}

@Suite("Core Text edge cases")
struct CoreTextEdgeCaseTests {
    @Test("An empty string gives an empty line with the default font's metrics")
    func emptyLine() {
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: ""))
        #expect(CTLineGetGlyphCount(line) == 0 && CT.runs(line).isEmpty)
        var ascent: CGFloat = 0
        #expect(CTLineGetTypographicBounds(line, &ascent, nil, nil) == 0 && ascent > 0)
        #expect(CTLineGetStringRange(line) == CFRangeMake(0, 0))
        #expect(CTLineGetOffsetForStringIndex(line, 0, nil) == 0)
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: 10, y: 0)) == 0)
        #expect(CTLineGetImageBounds(line, nil).isNull)
    }

    @Test("Empty and degenerate paths give empty frames")
    func degeneratePaths() {
        let framesetter = CTFramesetterCreateWithAttributedString(CT.string("Some text"))
        for path in [CGMutablePath(), CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 0), transform: nil),
                     CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 5), transform: nil)] {
            let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, 0), path, nil)
            #expect(CTFrameGetLines(frame).isEmpty)
            #expect(CTFrameGetVisibleStringRange(frame) == CFRangeMake(0, 0))
        }
    }

    @Test("A shape narrower than any character still takes one cluster per line")
    func narrowShape() {
        let string = CT.string("abc")
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(string), CFRangeMake(0, 0),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 200), transform: nil), nil)
        #expect(CTFrameGetLines(frame).map { CTLineGetStringRange($0).length } == [1, 1, 1])
    }

    @Test("Carets inside a surrogate pair or before a combining mark count as the grapheme's start")
    func caretsInsideGraphemes() {
        let string = CT.string("a😀e\u{301}b", font: TestFonts.dejaVuSans(12))
        let line = CTLineCreateWithAttributedString(string)
        var secondary: CGFloat = 0
        let inside = CTLineGetOffsetForStringIndex(line, 2, &secondary)  // between the surrogates
        #expect(inside == CTLineGetOffsetForStringIndex(line, 1, nil))
        #expect(secondary == inside)
        #expect(CTLineGetOffsetForStringIndex(line, 4, nil) == CTLineGetOffsetForStringIndex(line, 3, nil))
        var indices: [CFIndex] = []
        CTLineEnumerateCaretOffsets(line) { _, index, leading, _ in if leading { indices.append(index) } }
        #expect(indices == [0, 1, 3, 5])
    }
}
