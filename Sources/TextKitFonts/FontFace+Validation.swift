import CHarfBuzz
import Foundation
import TextKitGraphics

/// What ``FontFace/validate(url:faceIndex:glyphLimit:)`` found in a font file that loads.
public struct FontValidation: Sendable, Hashable {
    /// The face's full name, such as "DejaVu Serif Bold".
    public var fullName: String
    /// The number of glyphs in the face.
    public var numberOfGlyphs: Int
    /// The design units per em of the face's outlines (1000, 2048 …).
    public var unitsPerEm: Int
    /// How many glyphs have an outline (of the ones checked).
    public var outlinedGlyphs: Int
}

extension FontFace {
    /// Loads face `faceIndex` of the file at `url` and reads what layout and drawing will read —
    /// the cmap, advances, ink bounds, ligature carets, the outline of each glyph (the first
    /// `glyphLimit` of them) and a shaping pass — without adding the face to the process-wide
    /// faces: its memory is released when this returns, and the file may be changed and checked
    /// again. For servers that accept font files from users: validate, then install.
    ///
    /// - Throws: ``FontLoadingError`` when the file is missing, unreadable, not a font, or has no
    ///   face `faceIndex`. A font that loads but has broken tables is read as far as FreeType and
    ///   HarfBuzz manage (they skip what they cannot parse): it never traps.
    public static func validate(url: URL, faceIndex: Int = 0, glyphLimit: Int = 4096) throws(FontLoadingError) -> FontValidation {
        let face = try FontFace(url: url, faceIndex: faceIndex)
        var outlined = 0
        for glyph in 0..<min(face.numberOfGlyphs, max(0, glyphLimit), Int(CGGlyph.max) + 1) {
            let g = CGGlyph(glyph)
            _ = face.advance(of: g)
            _ = face.boundingBox(of: g)
            _ = face.ligatureCaretPositions(of: g)
            if let path = face.path(for: g, scale: 1), !path.isEmpty { outlined += 1 }
        }
        for scalar in "Aa0 ffi ﬁ،ا中😀".unicodeScalars { _ = face.glyph(for: scalar) }
        face.shapeSample("office affluent اَلْعَرَبِيَّةُ 中文 😀")
        return FontValidation(fullName: face.fullName, numberOfGlyphs: face.numberOfGlyphs,
                              unitsPerEm: face.unitsPerEm, outlinedGlyphs: outlined)
    }

    /// Shapes `text` with the face's HarfBuzz font (GSUB/GPOS/morx run over whatever the file holds).
    private func shapeSample(_ text: String) {
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        let units = Array(text.utf16)
        hb_buffer_add_utf16(buffer, units, Int32(units.count), 0, Int32(units.count))
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(hbFont, buffer, nil, 0)
    }
}
