import Testing
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitTypesetting

/// `NSParagraphStyle.hangsPunctuation` through the line loop: where the placed glyphs stand
/// against the line's room (DejaVu Serif 12, rectangles without padding, so the text area is the
/// rectangle).
@Suite("Hanging punctuation: placed lines")
struct HangingPunctuationLineTests {
    /// The oracle: how much of its advance each mark hangs, written out here rather than read
    /// from the table under test.
    static let endFractions: [Character: Float] = [".": 1, ",": 1, "-": 1, "”": 1, "’": 1, "\"": 1, "»": 1, ":": 0.5, ";": 0.5]
    static let startFractions: [Character: Float] = ["“": 1, "‘": 1, "\"": 1, "«": 1, "„": 1]

    static let quoted = """
        “Hanging punctuation,” she said, “lets quotes, full stops, commas and hyphens stand in the \
        margin by their own width: the edge of the column looks straight, as a reader’s eye wants it.” \
        “And colons; semicolons hang about half.” Typographers have done it since Gutenberg’s Bible, \
        whose hyphens stand outside the column.
        """

    static func style(_ alignment: NSTextAlignment, hangs: Bool = true, optimal: Bool = false,
                      direction: NSWritingDirection = .natural) -> NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        style.alignment = alignment
        style.hyphenationFactor = 1
        style.hangsPunctuation = hangs
        style.baseWritingDirection = direction
        if optimal { style.lineBreakStrategy = [.optimal] }
        return style
    }

    /// A placed line's visible extent: from its leftmost drawn glyph to the end of its rightmost
    /// (the hyphen included), white space left out.
    static func extent(_ line: PlacedLine, _ glyphs: ParagraphGlyphs, hyphen: Float) -> (left: Float, right: Float) {
        let (xs, advances) = line.glyphPositions(in: glyphs)
        var left = Float.infinity, right = -Float.infinity
        for g in line.glyphRange where !glyphs.flags[g].contains(.whitespace) && !glyphs.flags[g].contains(.control) {
            let i = g - line.glyphRange.lowerBound
            left = min(left, xs[i])
            right = max(right, xs[i] + advances[i])
        }
        if line.fitted.isHyphenated { right = line.hyphenX(in: glyphs) + hyphen }
        return (left, right)
    }

    /// How far the line's logical first and last marks should hang by the oracle's table.
    static func expectedHangs(_ line: PlacedLine, _ glyphs: ParagraphGlyphs, _ text: [UInt16], hyphen: Float) -> (start: Float, end: Float) {
        let content = line.glyphRange.filter { !glyphs.flags[$0].contains(.whitespace) && !glyphs.flags[$0].contains(.control) }
        guard let first = content.first, let last = content.last else { return (0, 0) }
        let character = { (g: Int) in Character(UnicodeScalar(text[Int(glyphs.clusters[g])])!) }
        let start = (startFractions[character(first)] ?? 0) * glyphs.advances[first]
        let end = line.fitted.isHyphenated ? hyphen : (endFractions[character(last)] ?? 0) * glyphs.advances[last]
        return (start, end)
    }

    static func hyphenWidth(_ analysis: ParagraphAnalysis) -> Float {
        let font = analysis.glyphs.fonts[0]
        return Float(font.hyphenGlyph.map { font.advance(forGlyph: $0) } ?? 0)
    }

    @Test func aLeadingQuoteStartsItsAdvanceLeftOfTheLine() {
        let on = TotalFitLayoutTests.lines(Self.quoted, width: 240, style: Self.style(.left))
        let off = TotalFitLayoutTests.lines(Self.quoted, width: 240, style: Self.style(.left, hangs: false))
        let quote = on.analysis.glyphs.advances[0]
        #expect(quote > 2)
        let first = on.lines[0]
        #expect(first.glyphPositions(in: on.analysis.glyphs).x[0] == -quote)
        #expect(first.leftHang == quote)
        #expect(off.lines[0].glyphPositions(in: off.analysis.glyphs).x[0] == 0)
        #expect(off.lines[0].leftHang == 0 && off.lines[0].rightHang == 0)
    }

    @Test("Justified lines reach both edges, their marks hanging past them", arguments: [false, true])
    func justifiedLinesReachTheEdgesWithTheHang(optimal: Bool) {
        let width: Float = 230
        let result = TotalFitLayoutTests.lines(Self.quoted, width: CGFloat(width), style: Self.style(.justified, optimal: optimal))
        let glyphs = result.analysis.glyphs
        let hyphen = Self.hyphenWidth(result.analysis)
        var hung = 0
        for line in result.lines.dropLast() {
            let (left, right) = Self.extent(line, glyphs, hyphen: hyphen)
            let expected = Self.expectedHangs(line, glyphs, result.text, hyphen: hyphen)
            #expect(abs(left - -expected.start) < 0.01, "line \(line.fitted.characters)")
            #expect(abs(right - (width + expected.end)) < 0.01, "line \(line.fitted.characters)")
            if expected.start > 0 || expected.end > 0 { hung += 1 }
        }
        #expect(hung >= 3, "the paragraph has lines with marks at their edges")
        #expect(result.lines.contains { $0.fitted.isHyphenated && $0.rightHang == hyphen }, "a hyphen hangs")
    }

    @Test("Ragged lines shift by the hang", arguments: [NSTextAlignment.left, .right, .center])
    func raggedLinesShift(alignment: NSTextAlignment) {
        let width: Float = 230
        let on = TotalFitLayoutTests.lines(Self.quoted, width: CGFloat(width), style: Self.style(alignment))
        let glyphs = on.analysis.glyphs
        let hyphen = Self.hyphenWidth(on.analysis)
        var checked = 0
        for line in on.lines {
            let (left, right) = Self.extent(line, glyphs, hyphen: hyphen)
            let expected = Self.expectedHangs(line, glyphs, on.text, hyphen: hyphen)
            switch alignment {
            case .left: #expect(abs(left - -expected.start) < 0.01)
            case .right: #expect(abs(right - (width + expected.end)) < 0.01)
            default: #expect(abs((left + right) / 2 - (width - expected.start + expected.end) / 2) < 0.01)
            }
            if expected.start > 0 || expected.end > 0 { checked += 1 }
        }
        #expect(checked >= 3)
    }

    @Test func aLineHoldsItsHangMore() {
        // "hold it." is exactly as wide as the room less half the full stop: without hanging the
        // last word goes to the next line; hanging, the full stop stands in the margin.
        let text = "Words to hold it. Next"
        let (analysis, units) = TestFonts.analyze(text, [.font: TestFonts.dejaVuSerif()])
        let sentence = analysis.glyphs.width(ofCharacters: 0..<17)
        let stop = analysis.glyphs.advances[analysis.glyphs.glyph(forCharacterAt: 16)]
        let width = sentence - stop / 2
        let fitted = { (hangs: Bool) -> FittedLine in
            var settings = LineBreakSettings()
            settings.hangsPunctuation = hangs
            return units.withUnsafeBufferPointer { buffer in
                LineFitter(glyphs: analysis.glyphs, segments: analysis.segments, text: buffer, settings: settings)
                    .fitLine(from: 0, lineStartX: 0, lineEndX: width)
            }
        }
        #expect(fitted(false).characters == 0..<14)
        #expect(fitted(true).characters == 0..<18)
        #expect(fitted(true).hangs == LineHangs(start: 0, end: stop))
    }

    @Test func rightToLeftParagraphsMirrorTheEdges() {
        let hebrew = "„שלום עולם, זהו טקסט בעברית שנשבר לכמה שורות בתוך המסגרת. והנה עוד משפט, ועוד אחד: כך נראה השוליים."
        let width: Float = 150
        let result = TotalFitLayoutTests.lines(hebrew, width: CGFloat(width), style: Self.style(.justified, direction: .rightToLeft))
        let glyphs = result.analysis.glyphs
        #expect(result.analysis.baseLevel == 1)
        var mirrored = 0
        for line in result.lines.dropLast() {
            let (left, right) = Self.extent(line, glyphs, hyphen: 0)
            let expected = Self.expectedHangs(line, glyphs, result.text, hyphen: 0)
            // The logical start is on the right, the end on the left.
            #expect(line.rightHang == expected.start && line.leftHang == expected.end)
            #expect(abs(left - -expected.end) < 0.01, "line \(line.fitted.characters)")
            #expect(abs(right - (width + expected.start)) < 0.01, "line \(line.fitted.characters)")
            if expected.start > 0 || expected.end > 0 { mirrored += 1 }
        }
        #expect(result.lines[0].rightHang > 0, "the opening quote hangs on the right")
        #expect(mirrored >= 2)
    }

    @Test func truncatedLinesDoNotHang() {
        let style = NSMutableParagraphStyle()
        style.hangsPunctuation = true
        style.lineBreakMode = .byTruncatingTail
        let result = TotalFitLayoutTests.lines("“A quote far too long for its line, truncated.”", width: 120, style: style)
        #expect(result.lines.count == 1)
        #expect(result.lines[0].truncation != nil)
        #expect(result.lines[0].leftHang == 0 && result.lines[0].rightHang == 0)
        #expect(result.lines[0].originX == 0)
    }
}
