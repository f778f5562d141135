import Foundation
import Testing
@testable import TextKitFonts

@Suite("Font metrics")
struct FontMetricsTests {
    @Test("DejaVu Serif metrics equal FreeType's values scaled to the size", arguments: [12.0, 36.0])
    func dejaVuSerifMatchesFreeType(size: CGFloat) throws {
        let font = try #require(UIFont(name: "DejaVuSerif", size: size))
        #expect(font.face.url.path == TestFonts.dejaVuSerif.path)
        let ft = try FreeTypeOracle.values(TestFonts.dejaVuSerif)
        let scale = size / CGFloat(ft.unitsPerEm)
        #expect(font.unitsPerEm == ft.unitsPerEm)
        #expect(abs(font.ascender - CGFloat(ft.ascender) * scale) < 1e-9)
        #expect(abs(font.descender - CGFloat(ft.descender) * scale) < 1e-9)
        #expect(font.descender < 0)
        // FreeType's height is ascender - descender + line gap: UIKit's lineHeight.
        #expect(abs(font.lineHeight - CGFloat(ft.height) * scale) < 1e-9)
        #expect(abs(font.leading - CGFloat(ft.height - ft.ascender + ft.descender) * scale) < 1e-9)
        #expect(abs(font.underlinePosition - CGFloat(ft.underlinePosition) * scale) < 1e-9)
        #expect(abs(font.underlineThickness - CGFloat(ft.underlineThickness) * scale) < 1e-9)
        #expect(font.face.metrics.source == .hhea)
    }

    @Test("DejaVu Serif has no OS/2 cap or x height, so they are measured from H and x")
    func capAndXHeightFromGlyphs() throws {
        let font = try UIFont(url: TestFonts.dejaVuSerif, size: 36)
        let h = try FreeTypeOracle.glyphIndex(TestFonts.dejaVuSerif, "H")
        let x = try FreeTypeOracle.glyphIndex(TestFonts.dejaVuSerif, "x")
        let scale = 36 / CGFloat(font.unitsPerEm)
        #expect(abs(font.capHeight - CGFloat(try FreeTypeOracle.outlineTop(TestFonts.dejaVuSerif, glyph: h)) * scale) < 1e-9)
        #expect(abs(font.xHeight - CGFloat(try FreeTypeOracle.outlineTop(TestFonts.dejaVuSerif, glyph: x)) * scale) < 1e-9)
        #expect(font.xHeight < font.capHeight && font.capHeight < font.ascender)
    }

    @Test("Noto Sans takes cap and x height from OS/2 and strikeout from yStrikeout")
    func notoSansOS2Values() throws {
        let font = try UIFont(url: TestFonts.notoSans, size: 10)
        // OS/2 v4: sCapHeight 714, sxHeight 536, yStrikeoutPosition 322, yStrikeoutSize 50 (upem 1000).
        #expect(abs(font.capHeight - 7.14) < 1e-9)
        #expect(abs(font.xHeight - 5.36) < 1e-9)
        #expect(abs(font.strikethroughThickness - 0.5) < 1e-9)
        #expect(abs(font.strikethroughPosition - 2.97) < 1e-9)  // centre: 322 - 50/2
    }

    @Test("A font that sets USE_TYPO_METRICS takes its line metrics from OS/2")
    func typoMetricsRule() throws {
        // Linux Libertine O sets fsSelection bit 7; DejaVu and Noto Sans CJK do not.
        #expect(try FontFace.shared(url: TestFonts.libertine).metrics.source == .typo)
        let cjk = try FontFace.shared(url: TestFonts.notoSansCJK, faceIndex: 0)
        #expect(cjk.metrics.source == .hhea)
        // Noto Sans CJK's typo ascender is 880 but hhea's 1160: the rule picks hhea.
        #expect(cjk.metrics.ascender == 1160 && cjk.metrics.descender == -288)
    }

    @Test("A bitmap-only colour font, which FreeType reports with 0 units per em, still has metrics")
    func colorEmojiMetrics() throws {
        let font = try UIFont(url: TestFonts.notoColorEmoji, size: 20)
        #expect(font.unitsPerEm == 2048)
        #expect(font.ascender > 15 && font.ascender < 25)
        #expect(font.descender < 0)
        #expect(font.face.hasColorGlyphs && !font.face.isScalable)
    }

    @Test("Italic angle comes from post and synthetic oblique reports 12 degrees")
    func italicAngles() throws {
        let oblique = try UIFont(url: TestFonts.dejaVuSansBoldOblique, size: 12)
        #expect(oblique.italicAngle < -5)
        let upright = try UIFont(url: TestFonts.dejaVuSans, size: 12)
        #expect(upright.italicAngle == 0)
        #expect(abs(atan(UIFont.syntheticObliqueShear) * 180 / .pi - 12) < 0.01)
    }
}
