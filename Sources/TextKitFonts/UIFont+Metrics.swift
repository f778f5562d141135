import Foundation
import TextKitGraphics

extension UIFont {
    /// Points per design unit: `pointSize / unitsPerEm`. Multiply HarfBuzz positions from
    /// the face's HarfBuzz font (design units) by this to get points.
    public var scale: CGFloat { pointSize / CGFloat(face.unitsPerEm) }

    /// Design units per em of the face.
    public var unitsPerEm: Int { face.unitsPerEm }

    /// The top of the line above the baseline, in points (positive). From the face's line metrics
    /// (see ``FontFace/Metrics`` for which table), scaled by ``scale``; not rounded.
    public var ascender: CGFloat { CGFloat(face.metrics.ascender) * scale }

    /// The bottom of the line below the baseline, in points — **negative**, as in UIKit.
    public var descender: CGFloat { CGFloat(face.metrics.descender) * scale }

    /// The font's line gap in points (hhea `lineGap`, or OS/2 `sTypoLineGap` under USE_TYPO_METRICS).
    public var leading: CGFloat { CGFloat(face.metrics.lineGap) * scale }

    /// The height of a line of this font: `ascender - descender + leading`, unrounded.
    ///
    /// This is the sum modern UIKit reports: the iOS system font at 15 pt has `lineHeight`
    /// 17.900391 = 15 × (1950 + 494) / 2048, its hhea ascender plus descender over its
    /// units per em with a zero line gap; fonts with a line gap add it (`leading`). (iOS 6 rounded
    /// each part up — Helvetica Neue 16 pt gave 16 + 4 + 1 = 21 — which we do not copy.)
    public var lineHeight: CGFloat { ascender - descender + leading }

    /// The height of capital letters above the baseline, in points.
    public var capHeight: CGFloat { CGFloat(face.metrics.capHeight) * scale }

    /// The height of lowercase 'x' above the baseline, in points.
    public var xHeight: CGFloat { CGFloat(face.metrics.xHeight) * scale }

    /// The centre of the underline stroke relative to the baseline, in points, **y up** (negative
    /// below the baseline), as FreeType's `underline_position`. The drawing layer draws the line
    /// centred there, ``underlineThickness`` thick.
    public var underlinePosition: CGFloat { CGFloat(face.metrics.underlinePosition) * scale }

    /// The underline stroke thickness in points.
    public var underlineThickness: CGFloat { CGFloat(face.metrics.underlineThickness) * scale }

    /// The centre of the strikethrough stroke above the baseline, in points, y up.
    public var strikethroughPosition: CGFloat { CGFloat(face.metrics.strikeoutPosition) * scale }

    /// The strikethrough stroke thickness in points.
    public var strikethroughThickness: CGFloat { CGFloat(face.metrics.strikeoutThickness) * scale }

    /// The slant in degrees counter-clockwise from vertical (negative leans right), as Core Text's
    /// `CTFontGetSlantAngle`: the face's `post.italicAngle`, or -12° under synthetic oblique.
    public var italicAngle: CGFloat {
        syntheticTraits.contains(.oblique) ? -atan(Self.syntheticObliqueShear) * 180 / .pi : face.metrics.italicAngle
    }

    /// The stroke widening of synthetic bold in points: em / 24, FreeType's `FT_GlyphSlot_Embolden`
    /// amount (the outline grows by half of it on each side). 0 unless ``syntheticTraits`` has `.bold`.
    public var syntheticBoldStrength: CGFloat { syntheticTraits.contains(.bold) ? pointSize / 24 : 0 }

    /// The glyph transform from the descriptor's `.matrix` (identity when none), applied by the
    /// drawing layer to the glyphs in addition to the size.
    public var matrix: CGAffineTransform { fontDescriptor.matrix }

    /// The OpenType features from the descriptor's `.featureSettings`, for the typesetter.
    public var featureSettings: [FontFeature] { fontDescriptor.featureSettings }

    /// The `.fixedAdvance` attribute in points: when set, the typesetter gives every glyph this
    /// advance (Core Text's rule). `nil` normally.
    public var fixedAdvance: CGFloat? { fontDescriptor.attributes.fixedAdvance }

    /// The text style the font was made for (`preferredFont(forTextStyle:)`), if any.
    public var textStyle: TextStyle? { fontDescriptor.attributes.textStyle }
}
