import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import TextKitGraphics

/// Counts elements by name while parsing XML.
final class ElementCounter: NSObject, XMLParserDelegate {
    var counts: [String: Int] = [:]
    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        counts[elementName, default: 0] += 1
    }
}

@Suite("SVG output, images and PNG round trips")
struct SVGAndImageTests {
    @Test("SVG output parses as XML and holds paths for shapes and glyphs")
    func svg() throws {
        let sans = try CGFont(url: TestFonts.dejaVuSans)
        let context = try CGContext(svgSize: CGSize(width: 120, height: 80))
        context.setFillColor(UIColor.red)
        context.fillEllipse(in: CGRect(x: 10, y: 10, width: 40, height: 30))
        context.setStrokeColor(UIColor.blue)
        context.stroke(CGRect(x: 60, y: 10, width: 40, height: 30))
        let run = simpleRun("Hi", font: sans, size: 20, at: CGPoint(x: 10, y: 70))
        context.setFont(sans)
        context.showGlyphs(run.glyphs, at: run.positions, text: "Hi", clusters: scalarClusters("Hi"))
        try context.close()
        let data = try #require(context.outputData)
        let parser = XMLParser(data: data)
        let counter = ElementCounter()
        parser.delegate = counter
        #expect(parser.parse())
        #expect(counter.counts["svg"] == 1)
        #expect((counter.counts["path"] ?? 0) >= 4)  // ellipse, rectangle, two glyph outlines
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("rgb(100%,0%,0%)"))
        #expect(text.contains("width=\"120pt\""))
    }

    @Test("An SVG file appears only when closed; an unwritable path throws")
    func svgFile() throws {
        let directory = try scratchDirectory("svg")
        let url = directory.appendingPathComponent("a.svg")
        let context = try CGContext(svgURL: url, size: CGSize(width: 10, height: 10))
        context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(!FileManager.default.fileExists(atPath: url.path))
        try context.close()
        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(throws: GraphicsError.self) {
            try CGContext(svgURL: URL(fileURLWithPath: "/nonexistent-dir/a.svg"), size: CGSize(width: 10, height: 10))
        }
        #expect(throws: GraphicsError.self) { try CGContext(svgSize: CGSize(width: -1, height: 10)) }
    }

    @Test("PNG data round-trips with its size, scale and pixels")
    func pngRoundTrip() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 7, height: 5)).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 3, height: 5))
            UIColor(red: 0, green: 0, blue: 1, alpha: 0.5).setFill()
            context.fill(CGRect(x: 3, y: 0, width: 4, height: 5))
        }
        let data = try #require(image.pngData())
        let decoded = try #require(UIImage(data: data, scale: 2))
        #expect(decoded.size == CGSize(width: 3.5, height: 2.5))
        #expect(decoded.scale == 2)
        let a = try #require(image.cgImage), b = try #require(decoded.cgImage)
        #expect(a.rgbaBytes() == b.rgbaBytes())
        #expect(b.px(0, 0) == [255, 0, 0, 255])
        #expect(b.px(5, 2) == [0, 0, 255, 128])

        let directory = try scratchDirectory("png-round")
        let path = directory.appendingPathComponent("pic@2x.png").path
        try data.write(to: URL(fileURLWithPath: path))
        #expect(UIImage(contentsOfFile: path)?.scale == 2)
        #expect(UIImage(named: directory.appendingPathComponent("pic@2x").path)?.size == CGSize(width: 3.5, height: 2.5))
    }

    @Test("Bad image data gives nil, never a crash")
    func badData() throws {
        #expect(UIImage(data: Data()) == nil)
        #expect(UIImage(data: Data("not an image at all, clearly".utf8)) == nil)
        #expect(UIImage(data: Data([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 40))) == nil)  // JPEG
        let good = try #require(UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).pngData { context in
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        } as Data?)
        #expect(UIImage(data: good) != nil)
        #expect(UIImage(data: good.prefix(good.count / 2)) == nil)     // truncated
        var corrupt = good
        for i in stride(from: 40, to: corrupt.count - 12, by: 7) { corrupt[i] ^= 0x5A }
        #expect(UIImage(data: corrupt) == nil)                         // damaged chunks (CRC)
        #expect(UIImage(contentsOfFile: "/nonexistent/file.png") == nil)
        #expect(UIImage(named: "/nonexistent/file") == nil)
    }

    @Test("A PNG header claiming absurd dimensions is refused before decoding")
    func absurdDimensions() throws {
        let good = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).pngData { _ in }
        var huge = good
        // IHDR width and height at bytes 16…23: claim 60000 × 60000 (3.6 gigapixels).
        let side: [UInt8] = [0x00, 0x00, 0xEA, 0x60]
        huge.replaceSubrange(16..<20, with: side)
        huge.replaceSubrange(20..<24, with: side)
        do {
            _ = try CGImage.decodePNG(huge)
            Issue.record("a 60000×60000 PNG header was accepted")
        } catch {
            #expect(error.kind == .imageTooLarge)
        }
        #expect(UIImage(data: huge) == nil)
    }

    @Test("CGImage crops, reports its format and builds from RGBA bytes")
    func cgImage() throws {
        let image = try #require(CGImage(width: 2, height: 2, rgbaBytes: [255, 0, 0, 255, 0, 255, 0, 255,
                                                                          0, 0, 255, 255, 0, 0, 0, 0]))
        #expect(image.bitsPerComponent == 8 && image.bitsPerPixel == 32 && image.bytesPerRow >= 8)
        #expect(image.px(1, 0) == [0, 255, 0, 255])
        let cropped = try #require(image.cropping(to: CGRect(x: 0, y: 1, width: 1, height: 1)))
        #expect(cropped.width == 1 && cropped.px(0, 0) == [0, 0, 255, 255])
        #expect(image.cropping(to: CGRect(x: 5, y: 5, width: 1, height: 1)) == nil)
        #expect(CGImage(width: 2, height: 2, rgbaBytes: [1, 2, 3]) == nil)
        #expect(CGImage(width: 0, height: 2, rgbaBytes: []) == nil)
    }

    @Test("Opaque renderer formats give images without alpha, and scale sets the pixel size")
    func rendererFormat() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 3
        format.opaque = true
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 4), format: format).image { context in
            UIColor.white.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 5, height: 4))
        }
        let cg = try #require(image.cgImage)
        #expect(cg.width == 30 && cg.height == 12 && cg.isOpaque)
        #expect(image.size == CGSize(width: 10, height: 4) && image.scale == 3)
        #expect(cg.px(29, 0) == [0, 0, 0, 255])   // opaque: unpainted pixels are black, not clear
        // Bounds with an origin: user space starts at the origin.
        let shifted = UIGraphicsImageRenderer(bounds: CGRect(x: 100, y: 100, width: 10, height: 10)).image { context in
            context.fill(CGRect(x: 100, y: 100, width: 5, height: 5))
        }
        #expect(shifted.cgImage?.px(1, 1) == [0, 0, 0, 255])
        // A refused size still runs the actions, and gives an empty image.
        var ran = false
        let empty = UIGraphicsImageRenderer(size: .zero).image { _ in ran = true }
        #expect(ran && empty.cgImage == nil && empty.size == .zero)
    }
}
