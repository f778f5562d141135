import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// One painter for both façades: the same attributed line drawn with `CTLineDraw` into a flipped
/// context and with `NSLayoutManager.drawGlyphs(forGlyphRange:at:)` into a UIKit (y-down) one,
/// at the same place, gives the same pixels.
@Suite("Core Text and NSLayoutManager paint alike")
struct DrawingParityTests {
    typealias H = DrawingHarness

    static let red = UIColor(red: 0.85, green: 0, blue: 0, alpha: 1)
    static let blue = UIColor(red: 0, green: 0, blue: 0.9, alpha: 1)
    static let green = UIColor(red: 0, green: 0.6, blue: 0, alpha: 1)

    /// A line with a run of each kind of paint: plain, coloured, outlined, filled and outlined,
    /// synthetic bold, every underline style and pattern, strikethroughs, a raised run, runs in
    /// fallback fonts (Devanagari, Arabic: DejaVu Serif has neither) and right-to-left runs.
    /// Each underlined or struck stretch is one run in one font between undecorated spaces, where
    /// Core Text (a line per run) and TextKit (a line per stretch of one style and colour) agree.
    static func line() -> NSAttributedString {
        let font = H.serif(24)
        let text = NSMutableAttributedString()
        func add(_ string: String, _ extra: [NSAttributedString.Key: Any] = [:], font: UIFont = font) {
            var attributes: [NSAttributedString.Key: Any] = [.font: font]
            attributes.merge(extra) { $1 }
            text.append(NSAttributedString(string: string, attributes: attributes))
        }
        func underline(_ style: NSUnderlineStyle) -> [NSAttributedString.Key: Any] { [.underlineStyle: style.rawValue] }
        add("Plain ")
        add("red", [.foregroundColor: red]); add(" ")
        add("out", [.strokeWidth: 4, .foregroundColor: blue]); add(" ")
        add("both", [.strokeWidth: -6, .strokeColor: red, .foregroundColor: green]); add(" ")
        add("heavy", [.foregroundColor: green], font: syntheticFont(bold: true, size: 24)); add(" ")
        add("single", underline(.single)); add(" ")
        add("double", underline(.double).merging([.underlineColor: blue]) { $1 }); add(" ")
        add("thick", underline([.thick, .patternDash])); add(" ")
        add("dots", underline([.single, .patternDot])); add(" ")
        add("dash-dot", underline([.single, .patternDashDot]).merging([.foregroundColor: red]) { $1 }); add(" ")
        add("ddd", underline([.double, .patternDashDotDot])); add(" ")
        add("struck", [.strikethroughStyle: NSUnderlineStyle.single.rawValue]); add(" ")
        add("twice", [.strikethroughStyle: NSUnderlineStyle.double.rawValue, .strikethroughColor: red]); add(" ")
        add("up", [.baselineOffset: 5, .underlineStyle: NSUnderlineStyle.single.rawValue]); add(" ")
        add("नमस्ते", [.foregroundColor: blue]); add(" ")
        add("مرحبا", underline(.single)); add(" ")
        add("שלום", [.foregroundColor: red]); add(" end")
        return text
    }

    /// The line drawn both ways on white, `scale` pixels per point, its baseline origin at
    /// (`x`, `baseline`) in y-down points: (Core Text's image, the layout manager's image, the line).
    static func drawBoth(_ string: NSAttributedString, size: CGSize, x: CGFloat, scale: CGFloat = 2)
        throws -> (coreText: CGImage, textKit: CGImage, line: CTLine, baseline: CGFloat) {
        let stack = H.stack(string, width: 10_000)  // one line, no padding
        let lm = stack.layoutManager
        #expect(lm.lineFragmentRect(forGlyphAt: lm.numberOfGlyphs - 1, effectiveRange: nil).minY == 0, "one line")
        let origin = CGPoint(x: x, y: 10)
        let baseline = origin.y + H.baseline(ofGlyph: 0, lm)

        let textKit = try CGContext(imageSize: size, scale: scale)
        textKit.setFillColor(UIColor.white)
        textKit.fill(CGRect(origin: .zero, size: size))
        UIGraphicsPushContext(textKit)
        lm.drawGlyphs(forGlyphRange: NSRange(location: 0, length: lm.numberOfGlyphs), at: origin)
        UIGraphicsPopContext()

        // Written as Core Text code is on iOS: flip the UIKit context, then draw at the text position.
        let line = CTLineCreateWithAttributedString(string)
        let coreText = try CGContext(imageSize: size, scale: scale)
        coreText.setFillColor(UIColor.white)
        coreText.fill(CGRect(origin: .zero, size: size))
        coreText.textMatrix = .identity
        coreText.translateBy(x: 0, y: size.height)
        coreText.scaleBy(x: 1, y: -1)
        coreText.textPosition = CGPoint(x: x, y: size.height - baseline)
        CTLineDraw(line, coreText)

        try textKit.writePNG(to: URL(fileURLWithPath: "/tmp/opentextkit-parity-textkit.png"))
        try coreText.writePNG(to: URL(fileURLWithPath: "/tmp/opentextkit-parity-coretext.png"))
        return (try #require(coreText.makeImage()), try #require(textKit.makeImage()), line, baseline)
    }

    @Test("CTLineDraw and NSLayoutManager.drawGlyphs paint the same pixels for the same attributed line (PNGs in /tmp/opentextkit-parity-*.png)")
    func samePixels() throws {
        let string = Self.line()
        let size = CGSize(width: 1600, height: 70)
        let (a, b, line, baseline) = try Self.drawBoth(string, size: size, x: 12)
        // The line really has fallback fonts and right-to-left runs.
        let runs = CTLineGetGlyphRuns(line)
        #expect(runs.contains { ($0.font.fontName) != H.serif(24).fontName && !$0.font.syntheticTraits.contains(.bold) })
        #expect(runs.contains { CTRunGetStatus($0).contains(.rightToLeft) })
        #expect(CTLineGetTypographicBounds(line, nil, nil, nil) + 12 < Double(size.width), "the line fits the image")

        // Exactly the same pixels: the same painters draw both, and the flip in the Core Text
        // context gives Cairo the same device transform as the layout manager's y-down one.
        let pa = a.rgbaBytes(), pb = b.rgbaBytes()
        #expect(pa.count == pb.count)
        var differing = 0, largest = 0
        for i in 0..<min(pa.count, pb.count) where pa[i] != pb[i] {
            differing += 1
            largest = max(largest, abs(Int(pa[i]) - Int(pb[i])))
        }
        #expect(differing == 0, "\(differing) channel values differ, by at most \(largest)")

        // And the pixels show what the attributes say.
        let ink = try #require(Self.inkColumns(b))
        #expect(ink.count > 800)
        func box(_ word: String) -> (Int, Int) {
            let range = (string.string as NSString).range(of: word)
            let start = CTLineGetOffsetForStringIndex(line, range.location, nil)
            let end = CTLineGetOffsetForStringIndex(line, range.location + range.length, nil)
            return (Int((12 + min(start, end)) * 2), Int((12 + max(start, end)) * 2))
        }
        let font = H.serif(24)
        let baselineRow = Int(baseline * 2)
        // Red glyphs only where the text is red (or its strikethrough, outline or link is).
        #expect(Self.count(in: b, columns: box("red"), rows: 0..<b.height) { $0.r > 150 && $0.g < 90 && $0.b < 90 } > 40)
        #expect(Self.count(in: b, columns: box("single"), rows: 0..<b.height) { $0.r > 150 && $0.g < 90 && $0.b < 90 } == 0)
        // A blue double underline: two separate blue bands below the baseline under "double".
        let (dl, dr) = box("double")
        let bands = Self.bands(in: b, column: (dl + dr) / 2, rows: baselineRow..<b.height) { $0.b > 150 && $0.r < 60 && $0.g < 60 }
        #expect(bands.count == 2, "\(bands)")
        // A dashed thick underline has gaps along its row; a single one does not.
        let underlineRow = Int((baseline - font.underlinePosition) * 2)
        #expect(Self.runsOfDark(in: b, row: underlineRow, columns: box("thick")) >= 3)
        #expect(Self.runsOfDark(in: b, row: underlineRow, columns: box("single")) == 1)
        // The strikethrough crosses "struck" at the font's strikethrough position.
        let strikeRow = Int((baseline - font.strikethroughPosition) * 2)
        let (sl, sr) = box("struck")
        #expect(Self.runsOfDark(in: b, row: strikeRow, columns: (sl, sr)) == 1)
    }

    @Test("Drawing a line's runs one by one with CTRunDraw paints as CTLineDraw when no mark reaches into another run")
    func runByRunMatchesLine() throws {
        let text = NSMutableAttributedString(string: "alpha ", attributes: [.font: H.serif(16)])
        text.append(NSAttributedString(string: "beta", attributes: [.font: H.serif(16), .underlineStyle: NSUnderlineStyle.double.rawValue]))
        text.append(NSAttributedString(string: " gamma", attributes: [.font: H.sans(16), .strikethroughStyle: 1]))
        let line = CTLineCreateWithAttributedString(text)
        func canvas() throws -> CGContext {
            let context = try CGContext(imageSize: CGSize(width: 300, height: 40), scale: 2)
            context.translateBy(x: 0, y: 40)
            context.scaleBy(x: 1, y: -1)
            context.textPosition = CGPoint(x: 5, y: 12)
            return context
        }
        let whole = try canvas(), pieces = try canvas()
        CTLineDraw(line, whole)
        for run in CTLineGetGlyphRuns(line) { CTRunDraw(run, pieces, CFRange()) }
        #expect(try #require(whole.makeImage()).rgbaBytes() == (try #require(pieces.makeImage())).rgbaBytes())
    }

    // MARK: Reading pixels

    /// The columns holding pixels darker than light grey, or nil when there are none.
    static func inkColumns(_ image: CGImage) -> Set<Int>? {
        var columns = Set<Int>()
        for y in 0..<image.height {
            for x in 0..<image.width {
                if let p = image.rgba(atX: x, y: y), Int(p.r) + Int(p.g) + Int(p.b) < 600 { columns.insert(x) }
            }
        }
        return columns.isEmpty ? nil : columns
    }

    static func count(in image: CGImage, columns: (Int, Int), rows: Range<Int>,
                      _ matches: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> Int {
        var n = 0
        for y in rows {
            for x in columns.0..<columns.1 { if let p = image.rgba(atX: x, y: y), matches(p) { n += 1 } }
        }
        return n
    }

    /// The runs of consecutive matching rows in one column.
    static func bands(in image: CGImage, column x: Int, rows: Range<Int>,
                      _ matches: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start: Int?
        for y in rows.lowerBound...rows.upperBound {
            let hit = y < rows.upperBound && image.rgba(atX: x, y: y).map(matches) == true
            if hit, start == nil { start = y }
            if !hit, let s = start { result.append(s..<y); start = nil }
        }
        return result
    }

    /// The number of stretches of dark pixels along `row` between `columns`, ignoring gaps of one
    /// pixel (antialiasing).
    static func runsOfDark(in image: CGImage, row: Int, columns: (Int, Int)) -> Int {
        var runs = 0, inRun = false, gap = 0
        for x in columns.0..<columns.1 {
            let dark = image.rgba(atX: x, y: row).map { Int($0.r) + Int($0.g) + Int($0.b) < 300 } == true
            if dark {
                if !inRun { runs += 1; inRun = true }
                gap = 0
            } else if inRun {
                gap += 1
                if gap > 1 { inRun = false }
            }
        }
        return runs
    }
}
