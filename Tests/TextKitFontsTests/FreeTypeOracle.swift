import CFreeType
import Foundation
@testable import TextKitFonts

/// FreeType used directly, on its own library and face, as the oracle for metrics and cmap tests.
struct FreeTypeOracle {
    struct Values {
        var unitsPerEm: Int, ascender: Int, descender: Int, height: Int
        var underlinePosition: Int, underlineThickness: Int
    }

    /// Opens `url` face `index`, runs `body`, closes everything.
    static func withFace<T>(_ url: URL, index: Int = 0, _ body: (FT_Face) throws -> T) throws -> T {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw OracleError.freeType }
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        guard FT_New_Face(library, url.path, FT_Long(index), &face) == 0, let face else { throw OracleError.freeType }
        defer { FT_Done_Face(face) }
        return try body(face)
    }

    static func values(_ url: URL, index: Int = 0) throws -> Values {
        try withFace(url, index: index) { face in
            let f = face.pointee
            return Values(unitsPerEm: Int(f.units_per_EM), ascender: Int(f.ascender), descender: Int(f.descender),
                          height: Int(f.height), underlinePosition: Int(f.underline_position),
                          underlineThickness: Int(f.underline_thickness))
        }
    }

    static func glyphIndex(_ url: URL, _ scalar: Unicode.Scalar, index: Int = 0) throws -> UInt32 {
        try withFace(url, index: index) { UInt32(FT_Get_Char_Index($0, FT_ULong(scalar.value))) }
    }

    /// The unscaled advance (hmtx) of a glyph: its metrics after FT_Load_Glyph with FT_LOAD_NO_SCALE.
    static func advance(_ url: URL, glyph: UInt32) throws -> Int {
        try withFace(url) { face in
            guard FT_Load_Glyph(face, glyph, FT_Int32(1 << 0)) == 0 else { throw OracleError.freeType }
            return Int(face.pointee.glyph.pointee.metrics.horiAdvance)
        }
    }

    /// The unscaled outline bounding box (yMax is the top) of a glyph.
    static func outlineTop(_ url: URL, glyph: UInt32) throws -> Int {
        try withFace(url) { face in
            guard FT_Load_Glyph(face, glyph, FT_Int32(1 << 0)) == 0 else { throw OracleError.freeType }
            var box = FT_BBox()
            FT_Outline_Get_CBox(&face.pointee.glyph.pointee.outline, &box)
            return Int(box.yMax)
        }
    }

    enum OracleError: Error { case freeType }
}
