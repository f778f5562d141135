import Foundation
import Testing
import TextKitGraphics
@testable import TextKitFonts

/// The bounding box of a path's end and control points, and its subpaths (helpers for outlines).
private func summary(_ path: CGPath) -> (bounds: CGRect, subpaths: Int, closed: Int) {
    var xs: [CGFloat] = [], ys: [CGFloat] = []
    var subpaths = 0, closed = 0
    for element in path.elements {
        switch element {
        case .moveToPoint(let p): subpaths += 1; xs.append(p.x); ys.append(p.y)
        case .addLineToPoint(let p): xs.append(p.x); ys.append(p.y)
        case .addQuadCurveToPoint(let c, let p): xs += [c.x, p.x]; ys += [c.y, p.y]
        case .addCurveToPoint(let c1, let c2, let p): xs += [c1.x, c2.x, p.x]; ys += [c1.y, c2.y, p.y]
        case .closeSubpath: closed += 1
        }
    }
    guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return (.null, 0, 0) }
    return (CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY), subpaths, closed)
}

@Suite("Glyphs")
struct GlyphTests {
    @Test("The glyph for a character is FreeType's FT_Get_Char_Index", arguments: ["A", "z", "é", "Ω", "Ж", "€", "ﬁ"] as [Unicode.Scalar])
    func glyphMatchesFreeType(scalar: Unicode.Scalar) throws {
        let font = try UIFont(url: TestFonts.dejaVuSerif, size: 12)
        let expected = try FreeTypeOracle.glyphIndex(TestFonts.dejaVuSerif, scalar)
        #expect(font.glyph(for: scalar).map(UInt32.init) == (expected == 0 ? nil : expected))
    }

    @Test("A character the font lacks has no glyph")
    func missingGlyph() throws {
        let font = try UIFont(url: TestFonts.dejaVuSerif, size: 12)
        #expect(font.glyph(for: "日") == nil)
        #expect(font.glyph(for: "\u{10FFFD}") == nil)
        #expect(font.glyphs(for: "A日") == [font.glyph(for: "A"), nil])
    }

    @Test("The advance of 'A' is its hmtx width scaled to the size", arguments: [12.0, 36.0])
    func advanceMatchesHmtx(size: CGFloat) throws {
        let font = try UIFont(url: TestFonts.dejaVuSerif, size: size)
        let glyph = try #require(font.glyph(for: "A"))
        let hmtx = try FreeTypeOracle.advance(TestFonts.dejaVuSerif, glyph: UInt32(glyph))
        #expect(font.face.advance(of: glyph) == hmtx)
        #expect(abs(font.advance(forGlyph: glyph) - CGFloat(hmtx) * size / 2048) < 1e-9)
    }

    @Test("The outline of 'o' has two closed contours inside a plausible box, y down from the baseline")
    func outlineOfO() throws {
        let font = try UIFont(url: TestFonts.dejaVuSerif, size: 100)
        let glyph = try #require(font.glyph(for: "o"))
        let path = try #require(font.cgPath(forGlyph: glyph))
        let s = summary(path)
        #expect(s.subpaths == 2 && s.closed == 2)
        // y down: the top of 'o' is about the x-height above the baseline, so at y ≈ -xHeight.
        #expect(abs(s.bounds.minY + font.xHeight) < 3)
        #expect(s.bounds.maxY > 0 && s.bounds.maxY < 3)      // overshoot just below the baseline
        #expect(s.bounds.minX > 0 && s.bounds.maxX < font.advance(forGlyph: glyph))
        // The ink box HarfBuzz reports agrees with the outline's (TrueType points lie on the hull).
        let box = font.boundingRect(forGlyph: glyph)
        #expect(abs(box.minX - s.bounds.minX) < 0.1 && abs(box.maxX - s.bounds.maxX) < 0.1)
        #expect(abs(box.minY - s.bounds.minY) < 0.1 && abs(box.maxY - s.bounds.maxY) < 0.1)
        #expect(font.path(forGlyph: glyph)?.cgPath.elements == path.elements)
    }

    @Test("A CFF font gives cubic outlines; a space gives an empty path; a colour bitmap none")
    func outlineKinds() throws {
        let libertine = try UIFont(url: TestFonts.libertine, size: 20)
        let s = try #require(libertine.glyph(for: "S"))
        let path = try #require(libertine.cgPath(forGlyph: s))
        #expect(path.elements.contains { if case .addCurveToPoint = $0 { true } else { false } })
        let spaceGlyph = try #require(libertine.glyph(for: " "))
        let space = try #require(libertine.cgPath(forGlyph: spaceGlyph))
        #expect(space.isEmpty)
        #expect(libertine.boundingRect(forGlyph: spaceGlyph) == .zero)
        let emoji = try UIFont(url: TestFonts.notoColorEmoji, size: 20)
        let grin = try #require(emoji.glyph(for: "😀"))
        #expect(emoji.cgPath(forGlyph: grin) == nil)
        #expect(emoji.boundingRect(forGlyph: grin).height > 10)
    }

    @Test("Synthetic oblique slants the outline to the right above the baseline")
    func syntheticObliqueOutline() throws {
        // Linux Libertine Display O has a single, upright face.
        let upright = UIFont(descriptor: UIFontDescriptor(fontAttributes: [.family: "Linux Libertine Display O"]), size: 100)
        let slanted = UIFont(descriptor: UIFontDescriptor(fontAttributes: [
            .family: "Linux Libertine Display O", .traits: [UIFontDescriptor.TraitKey.symbolic: UIFontDescriptor.SymbolicTraits.traitItalic],
        ]), size: 100)
        #expect(slanted.syntheticTraits == .oblique)
        // 'I' is a stem whose top-right corner is its rightmost point, upright or slanted.
        let glyph = try #require(upright.glyph(for: "I"))
        let uprightPath = try #require(upright.cgPath(forGlyph: glyph))
        let slantedPath = try #require(slanted.cgPath(forGlyph: glyph))
        let a = summary(uprightPath).bounds, b = summary(slantedPath).bounds
        #expect(abs((b.maxX - a.maxX) - UIFont.syntheticObliqueShear * -a.minY) < 1)  // top moved by shear × height
        #expect(abs(b.minY - a.minY) < 1e-9)             // heights unchanged
        #expect(abs(slanted.boundingRect(forGlyph: glyph).maxX - b.maxX) < 1)
    }

    @Test("Ligature carets come from GDEF: Noto Sans's fi ligature has one caret")
    func ligatureCarets() throws {
        let font = try UIFont(url: TestFonts.notoSans, size: 10)
        let fi = try #require(font.glyph(for: "\u{FB01}"))
        // hb_ot_layout_get_ligature_carets gives 301 units at 1000 per em (checked with hb directly).
        #expect(font.face.ligatureCaretPositions(of: fi) == [301])
        #expect(font.ligatureCaretPositions(forGlyph: fi).map { ($0 * 1000).rounded() } == [3010])
        #expect(font.ligatureCaretPositions(forGlyph: try #require(font.glyph(for: "f"))).isEmpty)
    }

    @Test("Hyphen and ellipsis glyphs are the font's U+2010 and U+2026")
    func hyphenAndEllipsis() throws {
        let font = try UIFont(url: TestFonts.dejaVuSans, size: 12)
        #expect(font.hyphenCharacter == "\u{2010}")
        #expect(font.hyphenGlyph == font.glyph(for: "\u{2010}"))
        #expect(font.ellipsisGlyph != nil && font.ellipsisGlyph == font.glyph(for: "…"))
        let music = UIFont(descriptor: UIFontDescriptor(fontAttributes: [.family: "Noto Music"]), size: 12)
        if music.glyph(for: "\u{2010}") == nil, music.glyph(for: "-") != nil {
            #expect(music.hyphenCharacter == "-")
        }
    }

    @Test("Variation sequences use cmap format 14 where the font has it")
    func variationSelectors() throws {
        let cjk = try FontFace.shared(url: TestFonts.notoSansCJK, faceIndex: 0)
        // 葛 U+845B has an IVS variant (U+E0100) in the Adobe-Japan1 collection Noto CJK covers.
        #expect(cjk.glyph(for: "\u{845B}") != nil)
        #expect(cjk.glyph(for: "\u{845B}", variationSelector: "\u{E0100}") != nil)
        #expect(cjk.glyph(for: "A", variationSelector: "\u{E0100}") == nil)
    }
}
