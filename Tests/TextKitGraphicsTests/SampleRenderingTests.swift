import Foundation
import Testing
@testable import TextKitGraphics

/// Renders the sample picture (shapes, a path with a hole, a shadowed rectangle, coloured text
/// with an emoji) through UIKit-style calls, to PNG, PDF and SVG under /tmp/otkg-tests.
@Suite("Sample rendering")
struct SampleRenderingTests {
    static let size = CGSize(width: 480, height: 300)

    static func drawSample(_ context: CGContext) throws {
        let sans = try CGFont(url: TestFonts.dejaVuSans)
        let emoji = try CGFont(url: TestFonts.colorEmoji)
        UIGraphicsPushContext(context)
        defer { UIGraphicsPopContext() }

        UIColor(hex: "#F7F4EA")!.setFill()
        UIRectFill(CGRect(origin: .zero, size: size))

        // Shapes.
        UIColor.systemBlue.setFill()
        UIBezierPath(ovalIn: CGRect(x: 20, y: 20, width: 100, height: 70)).fill()
        UIColor.systemOrange.setFill()
        UIBezierPath(roundedRect: CGRect(x: 140, y: 20, width: 100, height: 70), cornerRadius: 16).fill()
        let star = UIBezierPath(cgPath: pentagram(center: CGPoint(x: 310, y: 55), radius: 38))
        star.usesEvenOddFillRule = true
        UIColor.systemPurple.setFill()
        star.fill()
        let arc = UIBezierPath(arcCenter: CGPoint(x: 410, y: 55), radius: 30, startAngle: 0, endAngle: 1.5 * .pi,
                               clockwise: true)
        arc.lineWidth = 6
        arc.lineCapStyle = .round
        UIColor.systemGreen.setStroke()
        arc.stroke()

        // A path with a hole.
        let ring = UIBezierPath(rect: CGRect(x: 20, y: 110, width: 120, height: 80))
        ring.append(UIBezierPath(ovalIn: CGRect(x: 50, y: 125, width: 60, height: 50)))
        ring.usesEvenOddFillRule = true
        UIColor.systemRed.setFill()
        ring.fill()

        // A shadowed rectangle.
        context.saveGState()
        context.setShadow(offset: CGSize(width: 6, height: 8), blur: 10, color: UIColor(white: 0, alpha: 0.6))
        context.setFillColor(UIColor.white)
        context.fill(CGRect(x: 170, y: 115, width: 110, height: 70))
        context.restoreGState()
        context.setStrokeColor(UIColor.darkGray)
        context.stroke(CGRect(x: 170.5, y: 115.5, width: 109, height: 69), width: 1)

        // Dashed strokes and a link area.
        context.setLineDash(phase: 0, lengths: [6, 3])
        context.setStrokeColor(UIColor.brown)
        context.setLineWidth(2)
        context.strokeEllipse(in: CGRect(x: 310, y: 115, width: 140, height: 70))
        context.setLineDash(phase: 0, lengths: [])
        context.setURL(URL(string: "https://example.com/opentextkit")!, for: CGRect(x: 310, y: 115, width: 140, height: 70))

        // Coloured text with an emoji.
        let text = "Coloured text "
        var run = simpleRun(text, font: sans, size: 28, at: CGPoint(x: 20, y: 250))
        context.setFont(sans)
        context.setFontSize(28)
        for (i, glyph) in run.glyphs.enumerated() {
            let hue = CGFloat(i) / CGFloat(run.glyphs.count)
            context.setFillColor(UIColor(hue: hue, saturation: 0.8, brightness: 0.7, alpha: 1))
            let scalar = String(text.unicodeScalars[text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: i)])
            context.showGlyphs([glyph], at: [run.positions[i]], text: scalar, clusters: scalarClusters(scalar))
        }
        let emojiRun = simpleRun("😀🎨", font: emoji, size: 28, at: CGPoint(x: 20 + run.width, y: 250))
        context.setFont(emoji)
        context.showGlyphs(emojiRun.glyphs, at: emojiRun.positions, text: "😀🎨", clusters: scalarClusters("😀🎨"))
        run = simpleRun("Oblique, shadowed", font: sans, size: 18, at: CGPoint(x: 20, y: 285))
        context.saveGState()
        context.setShadow(offset: CGSize(width: 2, height: 2), blur: 3, color: UIColor.gray)
        context.setFont(sans)
        context.setFontSize(18)
        context.setFillColor(UIColor.label)
        context.textMatrix = CGAffineTransform(a: 1, b: 0, c: 0.25, d: 1, tx: 0, ty: 0)
        context.showGlyphs(run.glyphs, at: run.positions, text: "Oblique, shadowed", clusters: scalarClusters("Oblique, shadowed"))
        context.textMatrix = .identity
        context.restoreGState()
    }

    @Test("The sample renders to PNG with its shapes where they belong")
    func png() throws {
        let context = try CGContext(imageSize: Self.size, scale: 2)
        try Self.drawSample(context)
        let directory = URL(fileURLWithPath: "/tmp/otkg-tests")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try context.writePNG(to: directory.appendingPathComponent("sample.png"))
        let image = try #require(context.makeImage())
        #expect(image.width == 960 && image.height == 600)
        #expect(image.px(140, 110) == [0, 122, 255, 255])       // inside the oval (70, 55) at scale 2
        #expect(image.px(80 * 2, 150 * 2) == [247, 244, 234, 255])  // the hole of the ring: background
        #expect(image.px(30 * 2, 150 * 2) == [255, 59, 48, 255])    // the ring itself
        #expect(image.px(310 * 2, 58 * 2) == [247, 244, 234, 255])  // even-odd star: hollow centre
    }

    @Test("The sample renders to PDF and SVG")
    func vector() throws {
        let directory = URL(fileURLWithPath: "/tmp/otkg-tests")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let pdf = try CGContext(pdfURL: directory.appendingPathComponent("sample.pdf"),
                                mediaBox: CGRect(origin: .zero, size: Self.size))
        pdf.beginPDFPage(nil)
        try Self.drawSample(pdf)
        try pdf.close()
        let svg = try CGContext(svgURL: directory.appendingPathComponent("sample.svg"), size: Self.size)
        try Self.drawSample(svg)
        try svg.close()
        let text = runTool("/usr/bin/pdftotext", [directory.appendingPathComponent("sample.pdf").path, "-"])
        #expect(text?.contains("Coloured text") == true)
        #expect(text?.contains("Oblique, shadowed") == true)
    }
}
