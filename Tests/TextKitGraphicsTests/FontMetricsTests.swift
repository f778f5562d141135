import Foundation
import Testing
@testable import TextKitGraphics

@Suite("CGFont metrics")
struct FontMetricsTests {
    @Test("DejaVu Sans reports its design metrics in font units")
    func dejaVuMetrics() throws {
        let font = try CGFont(url: TestFonts.dejaVuSans)
        #expect(font.unitsPerEm == 2048)
        #expect(font.ascent == 1901 && font.descent == -483)
        #expect(font.capHeight == 1493 && font.xHeight == 1120)  // from the outlines of H and x (OS/2 v1)
        #expect(font.italicAngle == 0)
        let oblique = try CGFont(url: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Oblique.ttf"))
        #expect(oblique.italicAngle < -5)
    }

    @Test("Glyph advances and bounding boxes come from the outlines")
    func glyphMetrics() throws {
        let font = try CGFont(url: TestFonts.dejaVuSans)
        let glyphs = [font.glyph(for: "H"), font.glyph(for: "i"), font.glyph(for: " ")]
        var advances = [Int32](repeating: 0, count: 3)
        #expect(font.getGlyphAdvances(glyphs: glyphs, count: 3, advances: &advances))
        #expect(advances == [1540, 569, 651])
        var boxes = [CGRect](repeating: .zero, count: 3)
        #expect(font.getGlyphBBoxes(glyphs: glyphs, count: 3, bboxes: &boxes))
        #expect(boxes[0].minY == 0 && boxes[0].maxY == CGFloat(font.capHeight))  // H sits on the baseline
        #expect(boxes[2].isEmpty)
        #expect(font.glyph(for: "\u{10FFFD}") == 0)
    }
}
