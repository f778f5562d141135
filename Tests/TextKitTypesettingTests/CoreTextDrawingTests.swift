import Testing
@testable import TextKitTypesetting
import TextKitFonts
import TextKitGraphics
import TextKitModel

@Suite("Core Text drawing")
struct CoreTextDrawingTests {
    @Test("A frame in an oval renders inside the oval (PNG in /tmp/opentextkit-coretext-oval.png)")
    func ovalFrameRendersInsideTheOval() throws {
        let width: CGFloat = 420, height: CGFloat = 320
        let oval = CGRect(x: 30, y: 20, width: 360, height: 280)
        let path = CGPath(ellipseIn: oval, transform: nil)
        let body = CoreTextFrameTests.paragraphs.filter { !$0.isEmpty }.joined(separator: "\n")
        let string = NSMutableAttributedString(attributedString: CT.string(body + "\n" + body, font: TestFonts.dejaVuSerif(13)))
        string.addAttribute(NSAttributedString.Key(kCTForegroundColorAttributeName as String), value: CGColor(red: 0.6, green: 0, blue: 0, alpha: 1),
                            range: NSRange(location: 0, length: 11))
        string.addAttribute(NSAttributedString.Key(kCTUnderlineStyleAttributeName as String), value: CTUnderlineStyle.single.rawValue,
                            range: NSRange(location: 12, length: 2))
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(string), CFRangeMake(0, 0), path, nil)

        let context = try CT.flippedCanvas(width, height)  // the oval is symmetric: the same either way up
        context.setStrokeColor(UIColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1))
        context.setLineWidth(1)
        context.addPath(path)
        context.strokePath()
        context.textPosition = CGPoint(x: 7, y: 9)
        CTFrameDraw(frame, context)
        #expect(context.textPosition == CGPoint(x: 7, y: 9))
        try context.writePNG(to: URL(fileURLWithPath: "/tmp/opentextkit-coretext-oval.png"))

        let image = try #require(context.makeImage())
        var dark = 0, outside = 0, red = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                guard let p = image.rgba(atX: x, y: y) else { continue }
                if p.r > 100 && p.g < 60 && p.b < 60 { red += 1 }
                guard Int(p.r) + Int(p.g) + Int(p.b) < 240 else { continue }
                dark += 1
                // Inside the oval, allowing a pixel of antialiasing.
                let dx = (CGFloat(x) + 0.5 - oval.midX) / (oval.width / 2 + 1.5)
                let dy = (CGFloat(y) + 0.5 - oval.midY) / (oval.height / 2 + 1.5)
                if dx * dx + dy * dy > 1 { outside += 1 }
            }
        }
        #expect(dark > 5000)  // a lot of text
        #expect(outside == 0)
        #expect(red > 50)  // the first word is red
    }

    @Test("CTLineDraw puts the baseline origin at the text position, glyphs upright in a flipped context")
    func lineDrawAtTextPosition() throws {
        let font = TestFonts.dejaVuSans(30)
        let line = CTLineCreateWithAttributedString(CT.string("Hxp", font: font))
        let context = try CT.flippedCanvas(200, 100)
        context.textPosition = CGPoint(x: 40, y: 40)  // y up: 60 from the top of the image
        CTLineDraw(line, context)
        let image = try #require(context.makeImage())
        let (minX, minY, maxX, maxY) = try #require(CT.inkBox(image))
        let ink = CTLineGetImageBounds(line, context)  // y up from the origin
        // Upright: the H's top is above the baseline (smaller y), the p's descender below it.
        #expect(abs(CGFloat(minY) - (60 - ink.maxY)) <= 1.5)
        #expect(abs(CGFloat(maxY) - (60 - ink.minY)) <= 1.5)
        #expect(abs(CGFloat(minX) - (40 + ink.minX)) <= 1.5)
        #expect(abs(CGFloat(maxX) - (40 + ink.maxX)) <= 2)  // antialiasing
        #expect(CGFloat(minY) < 60 - font.capHeight + 2 && maxY > 62)
    }

    @Test("Core Text code that forgets the flip draws mirrored, upside-down text, as on iOS")
    func unflippedLineIsUpsideDown() throws {
        let font = TestFonts.dejaVuSans(30)
        let line = CTLineCreateWithAttributedString(CT.string("HH", font: font))
        let context = try CT.canvas(200, 100)  // y down, like a UIKit context
        context.textPosition = CGPoint(x: 40, y: 30)
        CTLineDraw(line, context)
        let image = try #require(context.makeImage())
        let (_, minY, _, maxY) = try #require(CT.inkBox(image))
        // The capitals hang from the baseline (y = 30) downwards instead of standing on it.
        #expect(minY >= 29 && CGFloat(maxY) >= 30 + font.capHeight - 2)
    }

    @Test("CTRunDraw draws part of a run, and colour can come from the context")
    func runDrawSubrange() throws {
        let line = CTLineCreateWithAttributedString(CT.string("MMMM", font: TestFonts.dejaVuSans(20),
                                                              [NSAttributedString.Key(kCTForegroundColorFromContextAttributeName as String): true]))
        let run = CT.runs(line)[0]
        let context = try CT.flippedCanvas(200, 60)
        context.setFillColor(UIColor(red: 0, green: 0, blue: 1, alpha: 1))
        context.textPosition = CGPoint(x: 10, y: 20)  // 40 from the top
        CTRunDraw(run, context, CFRangeMake(2, 1))  // the third M only
        let image = try #require(context.makeImage())
        let (minX, _, maxX, _) = try #require(CT.inkBox(image))
        let positions = CT.positions(run)
        #expect(CGFloat(minX) >= 10 + positions[2].x - 1 && CGFloat(maxX) <= 10 + positions[3].x + 1)
        var blue = false
        for x in minX...maxX { if let p = image.rgba(atX: x, y: 30), p.b > 200 && p.r < 60 { blue = true } }
        #expect(blue)
    }

    @Test("Core Text's and UIKit's colour keys both colour the glyphs; kCTBackgroundColor fills behind them")
    func bothColourSpellings() throws {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        let font = TestFonts.dejaVuSans(30)
        let string = NSMutableAttributedString(attributedString: CT.string("MM MM", font: font))
        string.addAttribute(NSAttributedString.Key(kCTForegroundColorAttributeName as String), value: red,
                            range: NSRange(location: 0, length: 2))
        string.addAttribute(.foregroundColor, value: blue, range: NSRange(location: 3, length: 2))
        string.addAttribute(NSAttributedString.Key(kCTBackgroundColorAttributeName as String),
                            value: CGColor(red: 0, green: 1, blue: 0, alpha: 1), range: NSRange(location: 2, length: 1))
        let line = CTLineCreateWithAttributedString(string)
        let context = try CT.flippedCanvas(260, 60)
        context.textPosition = CGPoint(x: 10, y: 20)
        CTLineDraw(line, context)
        let image = try #require(context.makeImage())
        let space = CTLineGetOffsetForStringIndex(line, 2, nil), after = CTLineGetOffsetForStringIndex(line, 3, nil)
        var reds = 0, blues = 0, greens = 0, wrong = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                guard let p = image.rgba(atX: x, y: y) else { continue }
                let inSpace = CGFloat(x) > 10 + space + 1 && CGFloat(x) < 10 + after - 1
                if p.r > 200 && p.g < 60 && p.b < 60 { reds += 1; if CGFloat(x) > 10 + space { wrong += 1 } }
                if p.b > 200 && p.r < 60 && p.g < 60 { blues += 1; if CGFloat(x) < 10 + after { wrong += 1 } }
                if p.g > 200 && p.r < 60 && p.b < 60 { greens += 1; if !inSpace && (CGFloat(x) < 10 + space - 1 || CGFloat(x) > 10 + after + 1) { wrong += 1 } }
            }
        }
        #expect(reds > 100 && blues > 100 && wrong == 0)
        // The space's background covers the font's ascent and descent: about 35 pixels tall.
        #expect(greens > Int((after - space - 2) * 30))
    }

    @Test("Drawing into a PDF keeps the text searchable")
    func pdfText() throws {
        let url = URL(fileURLWithPath: "/tmp/opentextkit-coretext-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: url) }
        let context = try CGContext(pdfURL: url, mediaBox: CGRect(x: 0, y: 0, width: 300, height: 200))
        context.beginPDFPage(nil)
        context.translateBy(x: 0, y: 200)
        context.scaleBy(x: 1, y: -1)
        let string = CT.string("Office affluent\nשלום world", font: TestFonts.libertine(14))
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(string), CFRangeMake(0, 0),
                                             CGPath(rect: CGRect(x: 20, y: 20, width: 260, height: 160), transform: nil), nil)
        CTFrameDraw(frame, context)
        context.endPDFPage()
        try context.close()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
        process.arguments = [url.path, "-"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.contains("Office affluent"))
        #expect(text.contains("world"))
    }

    @Test("Ported per-line drawing with Core Text's origins matches CTFrameDraw")
    func portedLineLoopMatchesFrameDraw() throws {
        // Written as Core Text code is: flip the context, then draw each line at its origin.
        let attrString = NSMutableAttributedString(string: CoreTextFrameTests.text)
        attrString.addAttribute(NSAttributedString.Key(kCTFontAttributeName as String), value: CTFontCreateWithName("DejaVu Serif" as CFString, 14, nil),
                                range: NSRange(location: 0, length: attrString.length))
        let framesetter = CTFramesetterCreateWithAttributedString(attrString as CFAttributedString)
        let bounds = CGRect(x: 10, y: 10, width: 280, height: 220)
        let path = CGMutablePath()
        path.addEllipse(in: bounds)
        let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, 0), path, nil)
        let lines = CTFrameGetLines(frame)
        var origins = [CGPoint](repeating: .zero, count: lines.count)
        CTFrameGetLineOrigins(frame, CFRangeMake(0, 0), &origins)

        let manual = try CT.flippedCanvas(300, 240)
        let box = CTFrameGetPath(frame).boundingBoxOfPath
        for (i, line) in lines.enumerated() {
            manual.textPosition = CGPoint(x: box.minX + origins[i].x, y: box.minY + origins[i].y)
            CTLineDraw(line, manual)
        }
        let whole = try CT.flippedCanvas(300, 240)
        CTFrameDraw(frame, whole)
        let a = try #require(manual.makeImage()), b = try #require(whole.makeImage())
        #expect(a.rgbaBytes() == b.rgbaBytes())
        #expect(CT.inkBox(a) != nil)
    }
}
