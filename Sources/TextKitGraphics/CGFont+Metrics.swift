import CFreeType
import Foundation

// Core Graphics' CGFont metrics, in design units (divide by `unitsPerEm` and multiply by the
// point size for points). y is up, as in the font.

extension CGFont {
    /// The typographic ascent (hhea ascender), positive above the baseline.
    public var ascent: Int32 { withFace { Int32($0.pointee.ascender) } }

    /// The typographic descent (hhea descender), negative below the baseline.
    public var descent: Int32 { withFace { Int32($0.pointee.descender) } }

    /// The line gap: the recommended space between lines beyond ascent − descent.
    public var leading: Int32 {
        withFace { face in Int32(face.pointee.height) - Int32(face.pointee.ascender) + Int32(face.pointee.descender) }
    }

    /// The height of capital letters: OS/2 sCapHeight, or, for fonts whose OS/2 table does not
    /// have it (version < 2, e.g. DejaVu), the top of the outline of "H"; 0 when neither exists.
    public var capHeight: Int32 { os2Height(capital: true) }

    /// The height of lowercase x: OS/2 sxHeight, or the top of the outline of "x"; 0 when
    /// neither exists.
    public var xHeight: Int32 { os2Height(capital: false) }

    private func os2Height(capital: Bool) -> Int32 {
        withFace { face in
            if let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
                let os2 = table.assumingMemoryBound(to: TT_OS2.self).pointee
                let value = capital ? os2.sCapHeight : os2.sxHeight
                if os2.version >= 2, value > 0 { return Int32(value) }
            }
            let glyph = FT_Get_Char_Index(face, capital ? 0x48 : 0x78)
            guard glyph != 0, FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_SCALE)) == 0 else { return 0 }
            return Int32(face.pointee.glyph.pointee.metrics.horiBearingY)
        }
    }

    /// The italic angle in degrees, counter-clockwise from vertical (negative for fonts that
    /// lean right), from the `post` table; 0 when absent.
    public var italicAngle: CGFloat {
        withFace { face in
            guard let table = FT_Get_Sfnt_Table(face, FT_SFNT_POST) else { return 0 }
            let post = table.assumingMemoryBound(to: TT_Postscript.self).pointee
            return CGFloat(post.italicAngle) / 65536
        }
    }

    /// Fills `advances` with the horizontal advance of each glyph in design units. Returns
    /// false (leaving the rest untouched) when a glyph cannot be loaded, e.g. from a
    /// bitmap-only font.
    public func getGlyphAdvances(glyphs: UnsafePointer<CGGlyph>, count: Int, advances: UnsafeMutablePointer<Int32>) -> Bool {
        withFace { face in
            for i in 0..<count {
                guard FT_Load_Glyph(face, FT_UInt(glyphs[i]), Int32(FT_LOAD_NO_SCALE)) == 0 else { return false }
                advances[i] = Int32(face.pointee.glyph.pointee.metrics.horiAdvance)
            }
            return true
        }
    }

    /// Fills `bboxes` with each glyph's bounding box in design units (y up: `minY` is the
    /// lowest point). Returns false when a glyph cannot be loaded.
    public func getGlyphBBoxes(glyphs: UnsafePointer<CGGlyph>, count: Int, bboxes: UnsafeMutablePointer<CGRect>) -> Bool {
        withFace { face in
            for i in 0..<count {
                guard FT_Load_Glyph(face, FT_UInt(glyphs[i]), Int32(FT_LOAD_NO_SCALE)) == 0 else { return false }
                let m = face.pointee.glyph.pointee.metrics
                bboxes[i] = CGRect(x: CGFloat(m.horiBearingX), y: CGFloat(m.horiBearingY - m.height),
                                   width: CGFloat(m.width), height: CGFloat(m.height))
            }
            return true
        }
    }

    /// The glyph for a Unicode scalar in the face's character map (0 when it has none).
    package func glyph(for scalar: Unicode.Scalar) -> CGGlyph {
        withFace { CGGlyph(truncatingIfNeeded: FT_Get_Char_Index($0, FT_ULong(scalar.value))) }
    }
}
