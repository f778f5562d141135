import Testing
@testable import TextKitTypesetting
import TextKitFonts
import TextKitGraphics
import TextKitModel

@Suite("Core Text frames of right-to-left text")
struct CoreTextRTLFrameTests {
    static let hebrew = "עברית היא שפה שמית ממשפחת השפות האפרו-אסייתיות הידועה כשפתם של היהודים ושל השומרונים"

    @Test("Right-to-left lines are flush with the right edge, their trailing spaces hanging on the left")
    func rightToLeftLinesAreFlushRight() {
        let string = CT.string(Self.hebrew, font: TestFonts.dejaVuSans(12))
        let width: CGFloat = 180
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(string), CFRangeMake(0, 0),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: width, height: 400), transform: nil), nil)
        let lines = CTFrameGetLines(frame)
        #expect(lines.count >= 3)
        var origins = [CGPoint](repeating: .zero, count: lines.count)
        CTFrameGetLineOrigins(frame, CFRangeMake(0, 0), &origins)
        for (line, origin) in zip(lines, origins) {
            let first = CTLineGetStringRange(line).location
            // The caret before the line's first letter is at its right end.
            let right = origin.x + CTLineGetOffsetForStringIndex(line, first, nil)
            #expect(abs(right - width) < 1e-3, "line \(CTLineGetStringRange(line)) ends at \(right)")
        }
    }

    /// Core fix (LinePlacer): the trailing space of a wrapped right-to-left line is drawn at the
    /// line's left end (UAX #9 L1), so it must hang past that end instead of pushing the words
    /// past the right edge.
    @Test("LinePlacer keeps a right-aligned right-to-left line's words inside the line", arguments: [NSTextAlignment.natural, .right, .center, .left])
    func linePlacerHangsRightToLeftTrailingSpace(alignment: NSTextAlignment) {
        let style = NSMutableParagraphStyle()
        style.alignment = alignment
        let (analysis, text) = TestFonts.analyze("שלום עולם ", [.font: TestFonts.dejaVuSans(12)], style: style)
        text.withUnsafeBufferPointer { buffer in
            let fitter = LineFitter(glyphs: analysis.glyphs, segments: analysis.segments, text: buffer, settings: LineBreakSettings())
            let fitted = fitter.fitLine(from: 0, lineStartX: 0, lineEndX: 200)
            let placed = LinePlacer(analysis: analysis, text: buffer).place(fitted, lineStartX: 0, lineEndX: 200, isLastLineOfParagraph: false)
            let (xs, advances) = placed.glyphPositions(in: analysis.glyphs)
            // The words: every glyph but the trailing space.
            let words = (0..<(xs.count - 1)).map { (xs[$0], xs[$0] + advances[$0]) }
            let left = words.map(\.0).min()!, right = words.map(\.1).max()!
            switch alignment {
            case .natural, .right: #expect(abs(right - 200) < 1e-3)
            case .center: #expect(abs((left + right) / 2 - 100) < 1e-3)
            default: #expect(abs(left) < 1e-3)
            }
            #expect(xs[xs.count - 1] + advances[xs.count - 1] <= left + 1e-3)  // the space hangs on the left
        }
    }
}
