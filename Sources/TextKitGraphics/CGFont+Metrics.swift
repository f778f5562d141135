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

    /// The height of capital letters (OS/2 sCapHeight; 0 when the font does not say).
    public var capHeight: Int32 {
        withFace { face in
            guard let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) else { return 0 }
            let os2 = table.assumingMemoryBound(to: TT_OS2.self).pointee
            return os2.version >= 2 ? Int32(os2.sCapHeight) : 0
        }
    }

    /// The height of lowercase x (OS/2 sxHeight; 0 when the font does not say).
    public var xHeight: Int32 {
        withFace { face in
            guard let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) else { return 0 }
            let os2 = table.assumingMemoryBound(to: TT_OS2.self).pointee
            return os2.version >= 2 ? Int32(os2.sxHeight) : 0
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
