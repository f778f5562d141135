import Foundation
import Testing
@testable import TextKitGraphics

@Suite("CGContext on the Cairo PDF backend")
struct PDFTests {
    /// Draws "affluent" in Linux Libertine with its f_f_l ligature as one glyph, with clusters.
    static func drawAffluent(_ context: CGContext, at origin: CGPoint, font: CGFont) -> [CGGlyph] {
        let size: CGFloat = 24
        let ligature = font.glyph(for: "\u{FB04}")
        let pieces: [(String, CGGlyph)] = [("a", font.glyph(for: "a")), ("ffl", ligature), ("u", font.glyph(for: "u")),
                                           ("e", font.glyph(for: "e")), ("n", font.glyph(for: "n")), ("t", font.glyph(for: "t"))]
        let glyphs = pieces.map(\.1)
        var advances = [Int32](repeating: 0, count: glyphs.count)
        _ = font.getGlyphAdvances(glyphs: glyphs, count: glyphs.count, advances: &advances)
        var x = origin.x
        var positions: [CGPoint] = []
        for advance in advances {
            positions.append(CGPoint(x: x, y: origin.y))
            x += CGFloat(advance) * size / CGFloat(font.unitsPerEm)
        }
        context.setFont(font)
        context.setFontSize(size)
        context.showGlyphs(glyphs, at: positions, text: "affluent",
                           clusters: pieces.map { GlyphCluster(utf16Count: $0.0.utf16.count, glyphCount: 1) })
        return glyphs
    }

    @Test("A two-page PDF keeps its text searchable (ligature included) and carries a link annotation")
    func twoPagesTextAndLink() throws {
        let libertine = try CGFont(url: TestFonts.libertine)
        let sans = try CGFont(url: TestFonts.dejaVuSans)
        let directory = try scratchDirectory("pdf")
        let url = directory.appendingPathComponent("doc.pdf")
        let context = try CGContext(pdfURL: url, mediaBox: CGRect(x: 0, y: 0, width: 300, height: 200),
                                    documentInfo: [kCGPDFContextTitle: "OpenTextKit test"])
        context.beginPDFPage(nil)
        let glyphs = Self.drawAffluent(context, at: CGPoint(x: 20, y: 50), font: libertine)
        #expect(glyphs[1] != 0 && glyphs[1] != libertine.glyph(for: "f"))  // a real ligature glyph
        context.setURL(URL(string: "https://example.com/opentextkit/links")!, for: CGRect(x: 20, y: 100, width: 80, height: 20))
        context.endPDFPage()
        #expect(!FileManager.default.fileExists(atPath: url.path))  // nothing at the destination before closing
        context.beginPDFPage([kCGPDFContextMediaBox: CGRect(x: 0, y: 0, width: 400, height: 250)])
        let run = simpleRun("Second page", font: sans, size: 18, at: CGPoint(x: 20, y: 40))
        context.setFont(sans)
        context.setFontSize(18)
        context.showGlyphs(run.glyphs, at: run.positions, text: "Second page", clusters: scalarClusters("Second page"))
        context.closePDF()
        #expect(context.outputError == nil)
        #expect(context.pageCount == 2)

        let text = try #require(runTool("/usr/bin/pdftotext", [url.path, "-"]))
        #expect(text.contains("affluent"))
        #expect(!text.contains("\u{FB04}"))
        #expect(text.contains("Second page"))
        let info = try #require(runTool("/usr/bin/pdfinfo", ["-f", "1", "-l", "2", url.path]))
        #expect(info.contains("Pages:           2"))
        #expect(info.contains("Page    1 size:  300 x 200 pts"))
        #expect(info.contains("Page    2 size:  400 x 250 pts"))
        #expect(info.contains("OpenTextKit test"))
        let bytes = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(bytes.contains("/URI"))
        #expect(bytes.contains("https://example.com/opentextkit/links"))
        // The annotation rectangle, in PDF's y-up page space: x 20…100, y 200 − 120 … 200 − 100.
        let rect = try #require(bytes.firstRange(of: /\/Rect\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/))
        let numbers = bytes[rect].split(whereSeparator: { !"-0123456789.".contains($0) }).compactMap { Double($0) }
        #expect(numbers == [20, 80, 100, 100])
    }

    @Test("Plain showGlyphs without clusters leaves presentation-form ligatures in the extracted text")
    func withoutClusters() throws {
        let libertine = try CGFont(url: TestFonts.libertine)
        let context = try CGContext(pdfMediaBox: CGRect(x: 0, y: 0, width: 200, height: 100))
        context.beginPDFPage(nil)
        context.setFont(libertine)
        context.setFontSize(20)
        context.showGlyphs([libertine.glyph(for: "a"), libertine.glyph(for: "\u{FB04}")],
                           at: [CGPoint(x: 10, y: 50), CGPoint(x: 22, y: 50)])
        context.closePDF()
        let data = try #require(context.outputData)
        let directory = try scratchDirectory("pdf-plain")
        let url = directory.appendingPathComponent("plain.pdf")
        try data.write(to: url)
        let text = try #require(runTool("/usr/bin/pdftotext", [url.path, "-"]))
        #expect(!text.contains("affl"))  // why the text-carrying call exists
    }

    @Test("A right-to-left run with glyphs in visual order extracts as its logical text")
    func rightToLeft() throws {
        let sans = try CGFont(url: TestFonts.dejaVuSans)
        let word = "שלום"
        let logical = simpleRun(word, font: sans, size: 20, at: .zero)
        // Visual order: the last letter leftmost.
        let visualGlyphs = Array(logical.glyphs.reversed())
        var advances = [Int32](repeating: 0, count: visualGlyphs.count)
        _ = sans.getGlyphAdvances(glyphs: visualGlyphs, count: visualGlyphs.count, advances: &advances)
        var x: CGFloat = 20
        var positions: [CGPoint] = []
        for advance in advances { positions.append(CGPoint(x: x, y: 50)); x += CGFloat(advance) * 20 / 2048 }
        let context = try CGContext(pdfMediaBox: CGRect(x: 0, y: 0, width: 200, height: 100))
        context.beginPDFPage(nil)
        context.setFont(sans)
        context.setFontSize(20)
        context.showGlyphs(visualGlyphs, at: positions, text: word, clusters: scalarClusters(word), isRightToLeft: true)
        context.closePDF()
        let directory = try scratchDirectory("pdf-rtl")
        let url = directory.appendingPathComponent("rtl.pdf")
        try #require(context.outputData).write(to: url)
        let text = try #require(runTool("/usr/bin/pdftotext", [url.path, "-"]))
        #expect(text.contains(word))
    }

    @Test("Drawing outside a page is ignored, and a page gets a fresh graphics state")
    func pagesAndState() throws {
        let context = try CGContext(pdfMediaBox: CGRect(x: 0, y: 0, width: 100, height: 100))
        context.setFillColor(UIColor.red)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))  // no page yet: ignored
        #expect(context.pageCount == 0)
        context.beginPDFPage(nil)
        context.translateBy(x: 5, y: 5)
        context.beginPDFPage(nil)  // ends the first page
        #expect(context.ctm == .identity)
        #expect(context.pageCount == 2)
        context.closePDF()
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))  // closed: ignored
        let data = try #require(context.outputData)
        #expect(String(decoding: data.prefix(5), as: UTF8.self) == "%PDF-")
    }

    @Test("An unwritable PDF path throws at creation; UIKit's variant returns false")
    func unwritable() throws {
        #expect(throws: GraphicsError.self) {
            try CGContext(pdfURL: URL(fileURLWithPath: "/nonexistent-dir/out.pdf"), mediaBox: CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        #expect(!UIGraphicsBeginPDFContextToFile("/nonexistent-dir/out.pdf", .zero, nil))
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(throws: GraphicsError.self) { try CGContext(pdfMediaBox: .zero) }
        #expect(throws: (any Error).self) {
            try UIGraphicsPDFRenderer(bounds: .zero).writePDF(to: URL(fileURLWithPath: "/nonexistent-dir/r.pdf")) { _ in }
        }
    }

    @Test("Closing replaces an existing file only when the new document is complete")
    func atomicReplace() throws {
        let directory = try scratchDirectory("pdf-atomic")
        let url = directory.appendingPathComponent("doc.pdf")
        try Data("old".utf8).write(to: url)
        let context = try CGContext(pdfURL: url, mediaBox: CGRect(x: 0, y: 0, width: 50, height: 50))
        context.beginPDFPage(nil)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(try Data(contentsOf: url) == Data("old".utf8))
        try context.close()
        #expect(try Data(contentsOf: url).prefix(5) == Data("%PDF-".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["doc.pdf"])
    }

    @Test("UIGraphicsPDFRenderer makes pages, links and text; US Letter for empty bounds")
    func pdfRenderer() throws {
        let sans = try CGFont(url: TestFonts.dejaVuSans)
        let format = UIGraphicsPDFRendererFormat()
        format.documentInfo = [kCGPDFContextAuthor: "Tester"]
        let renderer = UIGraphicsPDFRenderer(bounds: .zero, format: format)
        let directory = try scratchDirectory("pdf-renderer")
        let url = directory.appendingPathComponent("r.pdf")
        try renderer.writePDF(to: url) { context in
            context.beginPage()
            #expect(context.pdfContextBounds == CGRect(x: 0, y: 0, width: 612, height: 792))
            UIColor.blue.setFill()
            context.fill(CGRect(x: 72, y: 72, width: 100, height: 100))
            let run = simpleRun("Renderer", font: sans, size: 12, at: CGPoint(x: 72, y: 200))
            context.cgContext.setFont(sans)
            context.cgContext.showGlyphs(run.glyphs, at: run.positions, text: "Renderer", clusters: scalarClusters("Renderer"))
            context.setURL(URL(string: "https://example.org/")!, for: CGRect(x: 72, y: 72, width: 100, height: 100))
            context.beginPage(withBounds: CGRect(x: 0, y: 0, width: 200, height: 200), pageInfo: [:])
        }
        let info = try #require(runTool("/usr/bin/pdfinfo", [url.path]))
        #expect(info.contains("Pages:           2"))
        #expect(info.contains("Author:          Tester"))
        #expect(try #require(runTool("/usr/bin/pdftotext", [url.path, "-"])).contains("Renderer"))
        let data = renderer.pdfData { context in context.beginPage() }
        #expect(String(decoding: data.prefix(5), as: UTF8.self) == "%PDF-")
    }
}
