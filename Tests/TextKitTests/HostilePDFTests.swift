import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// Text with noncharacters (U+FFFE, U+FFFF, U+FDD0, U+1FFFE) and lone surrogates is valid text:
/// the PDF is written, its text layer carries U+FFFD in their place and keeps the text around
/// them.
@Suite("Hostile PDF text")
struct HostilePDFTests {
    @Test("Noncharacters and lone surrogates do not refuse the PDF; pdftotext recovers the text around them")
    func noncharacters() throws {
        func u(_ s: String) -> [UInt16] { Array(s.utf16) }
        var units: [UInt16] = u("Before") + [0xFFFE] + u("middle") + [0xFFFF] + u("after ") + [0xFDD0] + u("x ")
        units += [0xD83F, 0xDFFE] + u("y ")  // U+1FFFE
        units += [0xD800] + u("lone") + [0xDC00] + u(" end ") + [0xFFFF]
        // The storage holds the UTF-16 as given, lone surrogates included.
        let storage = NSTextStorage(string: NSString(characters: units, length: units.count) as String,
                                    attributes: [.font: LayoutStack.serif()])
        let layoutManager = NSLayoutManager()
        storage.addLayoutManager(layoutManager)
        layoutManager.addTextContainer(NSTextContainer(size: CGSize(width: 500, height: 500)))
        let url = URL(fileURLWithPath: "/tmp/otk-hostile-pdf-\(UInt32.random(in: 0...UInt32.max)).pdf")
        defer { try? FileManager.default.removeItem(at: url) }
        let renderer = UIGraphicsPDFRenderer(bounds: CGRect(x: 0, y: 0, width: 600, height: 600))
        try renderer.writePDF(to: url) { context in
            context.beginPage()
            layoutManager.drawGlyphs(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs), at: CGPoint(x: 20, y: 20))
        }
        let text = try #require(runTool("/usr/bin/pdftotext", [url.path, "-"]))
        for word in ["Before", "middle", "after", "lone", "end"] {
            #expect(text.contains(word), "pdftotext lost \(word): \(text.debugDescription)")
        }
    }
}
