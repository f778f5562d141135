import Testing
@testable import TextKitTypesetting
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// The painters both façades draw with (`GlyphRunPainter`, `TextDecorationPainter`) and the
/// values they paint, and Core Text's drawing through them.
@Suite("Text painters")
struct TextPainterTests {
    static func decoration(_ kind: TextDecoration.Kind, _ raw: Int, thickness: CGFloat = 1.5) -> TextDecoration {
        TextDecoration(kind, style: NSUnderlineStyle(rawValue: raw), color: .black, position: -2, thickness: thickness)
    }

    @Test("Line style is the low byte, the pattern the bits 0x0700, as in Apple's headers; no line style draws nothing")
    func styleBits() {
        #expect(TextDecoration.drawsLine(.single) && TextDecoration.drawsLine(.double) && TextDecoration.drawsLine(.thick))
        #expect(!TextDecoration.drawsLine([]) && !TextDecoration.drawsLine(.patternDot) && !TextDecoration.drawsLine(.byWord))
        let u: CGFloat = 1.5
        #expect(Self.decoration(.underline, 0x0101).dashPattern == [u, 2 * u])
        #expect(Self.decoration(.underline, 0x0201).dashPattern == [4 * u, 2 * u])
        #expect(Self.decoration(.underline, 0x0301).dashPattern == [4 * u, 2 * u, u, 2 * u])
        #expect(Self.decoration(.underline, 0x0401).dashPattern == [4 * u, 2 * u, u, 2 * u, u, 2 * u])
        // A bit outside the pattern mask (0x0800) neither hides the pattern nor makes one.
        #expect(Self.decoration(.underline, 0x0901).dashPattern == [u, 2 * u])
        #expect(Self.decoration(.underline, 0x0801).dashPattern.isEmpty)
        // .byWord is the span-chooser's business: the stroke is the same.
        #expect(Self.decoration(.underline, 0x8201).dashPattern == [4 * u, 2 * u])
        // Dash units are at least a point.
        #expect(Self.decoration(.underline, 0x0101, thickness: 0.4).dashPattern == [1, 2])
    }

    @Test("Thick doubles the width; double is two lines of t, below for underlines and either side for strikethroughs")
    func geometry() {
        let t: CGFloat = 1.5
        #expect(Self.decoration(.underline, 0x01).lineWidth == t && Self.decoration(.underline, 0x01).lineOffsets == [0])
        #expect(Self.decoration(.underline, 0x02).lineWidth == 2 * t)
        let double = Self.decoration(.underline, 0x09)
        #expect(double.isDouble && double.lineWidth == t && double.lineOffsets == [0, 2 * t])
        #expect(Self.decoration(.strikethrough, 0x09).lineOffsets == [-t, t])
    }

    @Test("Style values are read as NSUnderlineStyle, CTUnderlineStyle or numbers; NaN is none")
    func readingStyles() {
        #expect(DrawingValues.lineStyle(NSUnderlineStyle.double) == .double)
        #expect(DrawingValues.lineStyle(CTUnderlineStyle.thick) == .thick)
        #expect(DrawingValues.lineStyle(NSNumber(value: 0x0201)) == [.single, .patternDash])
        #expect(DrawingValues.lineStyle(Double.nan) == nil)
        #expect(DrawingValues.lineStyle("single") == nil)
    }

    @Test("Stroke widths: NaN is none, infinities clamp, in both readings")
    func strokeWidths() {
        for attributes: [NSAttributedString.Key: Any] in [[.strokeWidth: Double.nan], [.strokeWidth: CGFloat.nan]] {
            #expect(GlyphPaint(textKit: attributes).strokeWidth == 0)
            #expect(GlyphPaint(coreText: attributes).strokeWidth == 0)
        }
        #expect(GlyphPaint(coreText: [.strokeWidth: Double.infinity]).strokeWidth.isFinite)
        #expect(GlyphPaint(textKit: [.strokeWidth: -Double.infinity]).strokeWidth.isFinite)
    }

    @Test("The two readings: TextKit colours links and keeps shadows; Core Text reads its own keys first and may leave the fill to the context")
    func readings() {
        let shadow = NSShadow()
        let attributes: [NSAttributedString.Key: Any] = [
            .link: "https://example.com", .foregroundColor: UIColor.red, CoreTextKey.foregroundColor: UIColor.green,
            .shadow: shadow, .textEffect: NSAttributedString.TextEffectStyle.letterpressStyle,
        ]
        let textKit = GlyphPaint(textKit: attributes), coreText = GlyphPaint(coreText: attributes)
        #expect(textKit.fill == UIColor.link && textKit.shadow === shadow && textKit.isLetterpress)
        #expect(coreText.fill == .green && coreText.shadow == nil && !coreText.isLetterpress)
        #expect(GlyphPaint(coreText: [CoreTextKey.foregroundColorFromContext: true]).fill == nil)
    }

    @Test("A decoration's widths and dashes scale with the line-to-user map, and its lines follow the baseline shift")
    func painterScales() throws {
        let context = CGContext(recordingSize: CGSize(width: 200, height: 100))
        let decoration = TextDecoration(.underline, style: [.single, .patternDash], color: .red, position: -2, thickness: 1)
        // Text space y up, scaled 2× and flipped into a y-down page, the baseline at y = 50.
        let lineToUser = CGAffineTransform(a: 2, b: 0, c: 0, d: -2, tx: 10, ty: 50)
        TextDecorationPainter.draw(decoration, spans: [0...20], baselineShift: 3, lineToUser: lineToUser, in: context)
        let stroke = try #require(context.recording?.strokes.first)
        #expect(stroke.lineWidth == 2 && stroke.lineDash == [8, 4] && stroke.color == .red)
        let points = try #require(stroke.path.flattenedSubpaths().first)
        // y = 50 - 2 × (3 - 2) = 48; x from 10 to 50.
        #expect(points.first == CGPoint(x: 10, y: 48) && points.last == CGPoint(x: 50, y: 48))
    }

    @Test("CTLineDraw draws strikethroughs and double underlines below the underline position, after every run's glyphs")
    func coreTextDecorations() throws {
        let font = TestFonts.dejaVuSerif(20)
        let string = NSMutableAttributedString(attributedString: CT.string("struck", font: font, [.strikethroughStyle: 1]))
        string.append(CT.string(" under", font: font, [.underlineStyle: NSUnderlineStyle.double.rawValue]))
        let line = CTLineCreateWithAttributedString(string)
        let context = CGContext(recordingSize: CGSize(width: 300, height: 100))
        context.translateBy(x: 0, y: 100)
        context.scaleBy(x: 1, y: -1)
        context.textPosition = CGPoint(x: 10, y: 40)  // 60 from the top
        CTLineDraw(line, context)
        let recording = try #require(context.recording)
        #expect(recording.strokes.count == 2)
        // Underlines first, then strikethroughs, as the layout manager draws them.
        let strike = try #require(recording.strokes.last?.path.flattenedSubpaths().first?.first)
        #expect(abs(strike.y - (60 - font.strikethroughPosition)) < 1e-9)
        let double = try #require(recording.strokes.first).path.flattenedSubpaths()
        let t = font.underlineThickness
        #expect(double.count == 2)
        #expect(abs(double[0][0].y - (60 - font.underlinePosition)) < 1e-9)
        #expect(abs(double[1][0].y - (60 - font.underlinePosition + 2 * t)) < 1e-9)
        // Glyphs first, then the lines.
        let lastGlyphs = try #require(recording.operations.lastIndex { if case .glyphs = $0 { true } else { false } })
        let firstStroke = try #require(recording.operations.firstIndex { if case .stroke = $0 { true } else { false } })
        #expect(lastGlyphs < firstStroke)
    }

    @Test("Core Text draws a NaN stroke width as plain fill, as TextKit does, and NaN or huge underline styles without trapping")
    func hostileNumbersInCoreText() throws {
        let line = CTLineCreateWithAttributedString(CT.string("NaN", font: TestFonts.dejaVuSans(20), [.strokeWidth: Double.nan]))
        let context = CGContext(recordingSize: CGSize(width: 100, height: 40))
        CTLineDraw(line, context)
        #expect(try #require(context.recording?.glyphRuns.first).drawingMode == .fill)
        for style in [Double.nan, 1e300, -Double.infinity] {
            let underlined = CTLineCreateWithAttributedString(CT.string("x", font: TestFonts.dejaVuSans(20), [
                .underlineStyle: style, .strikethroughStyle: style,
            ]))
            let context = CGContext(recordingSize: CGSize(width: 100, height: 40))
            CTLineDraw(underlined, context)
            #expect(context.recording?.glyphRuns.count == 1)
        }
    }
}
