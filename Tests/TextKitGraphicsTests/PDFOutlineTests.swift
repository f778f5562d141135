import Foundation
import Testing
@testable import TextKitGraphics

/// Named destinations, internal links and the outline (bookmarks) of PDF contexts, read back with
/// poppler's pdfinfo and from the file's objects.
@Suite("CGContext PDF destinations and outline")
struct PDFOutlineTests {
    static func pdfinfoDests(_ url: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdfinfo")
        process.arguments = ["-dests", url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test("Destinations are named where asked, links go to them, and the outline nests its entries")
    func destinationsLinksOutline() throws {
        let url = try scratchDirectory("pdf-outline").appendingPathComponent("doc.pdf")
        let context = try CGContext(pdfURL: url, mediaBox: CGRect(x: 0, y: 0, width: 300, height: 400), documentInfo: [:])
        context.beginPDFPage(nil)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        context.setDestination("second", for: CGRect(x: 20, y: 20, width: 100, height: 20))
        context.addDestination("first", at: CGPoint(x: 10, y: 50))
        context.beginPDFPage(nil)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        context.addDestination("second", at: CGPoint(x: 30, y: 100))
        let chapter = context.addOutlineItem(title: "Chapter", destination: "first", isOpen: true)
        let section = context.addOutlineItem(title: "Section (two)", destination: "second", parent: chapter)
        #expect(chapter > 0 && section > chapter)
        try context.close()

        let dests = try Self.pdfinfoDests(url)
        // Page coordinates are y down from the top; PDF's are y up: 400 − 50 and 400 − 100.
        #expect(dests.contains("1 [ XYZ   10  350 null      ] \"first\""), "\(dests)")
        #expect(dests.contains("2 [ XYZ   30  300 null      ] \"second\""), "\(dests)")
        let bytes = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(bytes.contains("/Dest (second)"), "the link annotation goes to the destination")
        #expect(bytes.contains("/Outlines"))
        #expect(bytes.contains("/Title (Chapter)"))
        #expect(bytes.contains("/Title <FEFF00530065006300740069006F006E0020002800740077006F0029>"), "UTF-16 \"Section (two)\"")
    }

    @Test("A link to a destination nobody names still makes a complete PDF")
    func missingDestination() throws {
        let url = try scratchDirectory("pdf-outline").appendingPathComponent("missing.pdf")
        let context = try CGContext(pdfURL: url, mediaBox: CGRect(x: 0, y: 0, width: 300, height: 400), documentInfo: [:])
        context.beginPDFPage(nil)
        context.setDestination("nowhere", for: CGRect(x: 20, y: 20, width: 100, height: 20))
        context.addOutlineItem(title: "Lost", destination: "nowhere")
        try context.close()
        #expect(try Data(contentsOf: url).count > 100)
        #expect(try Self.pdfinfoDests(url).contains("Page"))
    }

    @Test("Image contexts have no outline: adding an entry does nothing")
    func imageContext() throws {
        let context = try CGContext(imageSize: CGSize(width: 10, height: 10), scale: 1, opaque: true)
        #expect(context.addOutlineItem(title: "x", destination: "x") == 0)
    }
}
