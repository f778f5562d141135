import CFreeType
import Foundation

extension FontFace {
    /// A face's vertical metrics and decorations in design units, y up (positive above the baseline).
    ///
    /// **Which table gives the line metrics** (ascender, descender, line gap):
    /// 1. OS/2 `sTypo*` when the OS/2 table sets `fsSelection` bit 7 (USE_TYPO_METRICS) and the
    ///    typo values are not all zero — the font asks for them;
    /// 2. else `hhea` ascender/descender/lineGap, when not both zero — what Core Text and FreeType
    ///    use, so lines match the Mac and FreeType's `face->ascender`;
    /// 3. else OS/2 `sTypo*`, else OS/2 `usWin*` (descent negated, no gap), else the font bounding box.
    public struct Metrics: Hashable, Sendable {
        /// Which table the line metrics came from.
        public enum Source: String, Hashable, Sendable { case typo, hhea, win, boundingBox }

        /// Distance from the baseline to the top of the line, positive.
        public var ascender: Int
        /// Distance from the baseline to the bottom of the line, negative below the baseline.
        public var descender: Int
        /// Extra space the font asks for between lines (≥ 0).
        public var lineGap: Int
        /// Height of flat capitals: OS/2 `sCapHeight` (version ≥ 2), else the top of 'H', else 0.7 em.
        public var capHeight: Int
        /// Height of lowercase 'x': OS/2 `sxHeight` (version ≥ 2), else the top of 'x', else 0.5 em.
        public var xHeight: Int
        /// The centre of the underline stroke (y up, negative below the baseline): `post`'s
        /// `underlinePosition` (the top of the stroke) minus half the thickness — FreeType's
        /// `face->underline_position`.
        public var underlinePosition: Int
        /// The underline thickness (`post.underlineThickness`; em/14 when the font gives 0).
        public var underlineThickness: Int
        /// The centre of the strikethrough stroke: OS/2 `yStrikeoutPosition` (the top of the
        /// stroke) minus half its size; xHeight/2 when the font gives none.
        public var strikeoutPosition: Int
        /// The strikethrough thickness: OS/2 `yStrikeoutSize`, else the underline thickness.
        public var strikeoutThickness: Int
        /// `post.italicAngle` in degrees, counter-clockwise from vertical: negative for fonts that
        /// lean right (DejaVu Sans Oblique: -11), as Core Text's slant angle.
        public var italicAngle: CGFloat
        /// Which table ``ascender``, ``descender`` and ``lineGap`` came from.
        public var source: Source

        init(tables t: FreeTypeTables, unitsPerEm upem: Int, glyphTop: (UInt32) -> Int?) {
            let typoSum = abs(t.typoAscender) + abs(t.typoDescender) + abs(t.typoLineGap)
            if t.hasOS2, t.useTypoMetrics, typoSum > 0 {
                (ascender, descender, lineGap, source) = (t.typoAscender, t.typoDescender, t.typoLineGap, .typo)
            } else if t.hasHhea, t.hheaAscender != 0 || t.hheaDescender != 0 {
                (ascender, descender, lineGap, source) = (t.hheaAscender, t.hheaDescender, t.hheaLineGap, .hhea)
            } else if t.hasOS2, typoSum > 0 {
                (ascender, descender, lineGap, source) = (t.typoAscender, t.typoDescender, t.typoLineGap, .typo)
            } else if t.hasOS2, t.winAscent != 0 || t.winDescent != 0 {
                (ascender, descender, lineGap, source) = (t.winAscent, -t.winDescent, 0, .win)
            } else {
                (ascender, descender, lineGap, source) = (t.bboxMaxY, t.bboxMinY, 0, .boundingBox)
            }
            // Fonts that store the descender as a positive distance exist; UIKit's is always ≤ 0.
            descender = -abs(descender)
            lineGap = max(lineGap, 0)

            capHeight = t.os2Version >= 2 && t.capHeight > 0 ? t.capHeight : glyphTop(0x48) ?? upem * 7 / 10
            xHeight = t.os2Version >= 2 && t.xHeight > 0 ? t.xHeight : glyphTop(0x78) ?? upem / 2
            underlineThickness = t.underlineThickness > 0 ? t.underlineThickness : max(upem / 14, 1)
            // FreeType's formula (integer division included), so the value equals face->underline_position.
            underlinePosition = t.underlinePosition - t.underlineThickness / 2
            if t.hasOS2, t.strikeoutSize > 0 {
                strikeoutThickness = t.strikeoutSize
                strikeoutPosition = t.strikeoutPosition - t.strikeoutSize / 2
            } else {
                strikeoutThickness = underlineThickness
                strikeoutPosition = xHeight / 2
            }
            italicAngle = t.italicAngle
        }
    }
}

/// The raw values FreeType parses from `head`, `hhea`, `OS/2` and `post`, copied out under the
/// face lock.
struct FreeTypeTables {
    var hasHhea = false, hheaAscender = 0, hheaDescender = 0, hheaLineGap = 0
    var hasOS2 = false, os2Version = 0, useTypoMetrics = false
    var typoAscender = 0, typoDescender = 0, typoLineGap = 0, winAscent = 0, winDescent = 0
    var capHeight = 0, xHeight = 0, strikeoutPosition = 0, strikeoutSize = 0
    var weightClass: Int?, widthClass: Int?, familyClass = 0
    var underlinePosition = 0, underlineThickness = 0, italicAngle: CGFloat = 0
    var bboxMinY = 0, bboxMaxY = 0
    var isScalable = false, isFixedPitch = false, isItalic = false, isBold = false

    init(face: FT_Face) {
        let record = face.pointee
        // FT_FACE_FLAG_SCALABLE is 1 << 0 and FT_FACE_FLAG_FIXED_WIDTH 1 << 2 (freetype.h; the
        // macros are expressions Swift does not import). FT_STYLE_FLAG_ITALIC 1, _BOLD 2.
        isScalable = record.face_flags & (1 << 0) != 0
        isFixedPitch = record.face_flags & (1 << 2) != 0
        isItalic = record.style_flags & 1 != 0
        isBold = record.style_flags & 2 != 0
        bboxMinY = Int(record.bbox.yMin)
        bboxMaxY = Int(record.bbox.yMax)
        if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA) {
            let hhea = raw.assumingMemoryBound(to: TT_HoriHeader.self).pointee
            hasHhea = true
            hheaAscender = Int(hhea.Ascender)
            hheaDescender = Int(hhea.Descender)
            hheaLineGap = Int(hhea.Line_Gap)
        }
        if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = raw.assumingMemoryBound(to: TT_OS2.self).pointee
            // FreeType fills version 0xFFFF for the placeholder OS/2 of fonts that have none.
            if os2.version != 0xFFFF {
                hasOS2 = true
                os2Version = Int(os2.version)
                useTypoMetrics = os2.fsSelection & (1 << 7) != 0
                typoAscender = Int(os2.sTypoAscender)
                typoDescender = Int(os2.sTypoDescender)
                typoLineGap = Int(os2.sTypoLineGap)
                winAscent = Int(os2.usWinAscent)
                winDescent = Int(os2.usWinDescent)
                capHeight = Int(os2.sCapHeight)
                xHeight = Int(os2.sxHeight)
                strikeoutPosition = Int(os2.yStrikeoutPosition)
                strikeoutSize = Int(os2.yStrikeoutSize)
                if os2.usWeightClass > 0 { weightClass = Int(os2.usWeightClass) }
                if os2.usWidthClass > 0 { widthClass = Int(os2.usWidthClass) }
                familyClass = Int(os2.sFamilyClass) >> 8
                if os2.fsSelection & 1 != 0 { isItalic = true }
            }
        }
        if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_POST) {
            let post = raw.assumingMemoryBound(to: TT_Postscript.self).pointee
            underlinePosition = Int(post.underlinePosition)
            underlineThickness = Int(post.underlineThickness)
            italicAngle = CGFloat(post.italicAngle) / 65536
            if post.isFixedPitch != 0 { isFixedPitch = true }
        } else {
            // FreeType's value is already the centre; store the top so the formula above gives it back.
            underlineThickness = Int(record.underline_thickness)
            underlinePosition = Int(record.underline_position) + underlineThickness / 2
        }
    }
}
