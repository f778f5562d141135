import Foundation

/// A glyph index in a font, as Core Graphics' `CGGlyph`.
public typealias CGGlyph = UInt16

/// The shape of the ends of stroked open subpaths.
public enum CGLineCap: Int32, Sendable {
    /// The line stops at its end point (the default).
    case butt = 0
    /// A half circle of the line's width is added at each end.
    case round = 1
    /// A half square of the line's width is added at each end.
    case square = 2
}

/// The shape of the corners of stroked paths.
public enum CGLineJoin: Int32, Sendable {
    /// The outer edges meet in a point, cut off beyond the miter limit (the default).
    case miter = 0
    /// The corner is rounded with a circle of the line's width.
    case round = 1
    /// The corner is cut off square.
    case bevel = 2
}

/// What `drawPath(using:)` does with the current path.
public enum CGPathDrawingMode: Int32, Sendable {
    /// Fill with the nonzero winding rule.
    case fill = 0
    /// Fill with the even-odd rule.
    case eoFill = 1
    /// Stroke the outline.
    case stroke = 2
    /// Fill (nonzero winding), then stroke.
    case fillStroke = 3
    /// Fill (even-odd), then stroke.
    case eoFillStroke = 4
}

/// How glyphs are painted by `showGlyphs`.
public enum CGTextDrawingMode: Int32, Sendable {
    /// Fill the glyphs with the fill colour (the default).
    case fill = 0
    /// Stroke the glyph outlines with the stroke colour and line width.
    case stroke = 1
    /// Fill, then stroke.
    case fillStroke = 2
    /// Draw nothing (the glyphs still advance and are recorded).
    case invisible = 3
    /// Fill, then add the glyph outlines to the clip.
    case fillClip = 4
    /// Stroke, then add the glyph outlines to the clip.
    case strokeClip = 5
    /// Fill and stroke, then add the glyph outlines to the clip.
    case fillStrokeClip = 6
    /// Only add the glyph outlines to the clip: later drawing shows through the letters.
    case clip = 7

    var fills: Bool { self == .fill || self == .fillStroke || self == .fillClip || self == .fillStrokeClip }
    var strokes: Bool { self == .stroke || self == .fillStroke || self == .strokeClip || self == .fillStrokeClip }
    var clips: Bool { rawValue >= 4 }
}

/// How drawn colours combine with what is already there, as Core Graphics' `CGBlendMode`.
///
/// Cairo has an operator for every mode except `plusDarker`, which is drawn as `.multiply`
/// (documented approximation). The PDF and SVG backends keep the blend modes PDF and SVG have
/// and let Cairo rasterise the rest.
public enum CGBlendMode: Int32, Sendable {
    /// The separable blend modes of PDF and CSS (`normal` paints over, the default): Cairo's
    /// operators of the same names.
    case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    /// More blend modes of PDF and CSS; `hue` … `luminosity` are the non-separable ones.
    case difference, exclusion, hue, saturation, color, luminosity
    /// Porter–Duff compositing operators (`clear` erases, `copy` replaces what is there).
    case clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut
    /// The last Porter–Duff operators, and the additive modes (`plusDarker` is drawn as `.multiply`).
    case destinationAtop, xor, plusDarker, plusLighter
}

/// The quality of image resampling (Cairo filters: nearest, fast, good, best).
public enum CGInterpolationQuality: Int32, Sendable {
    /// The backend's default (Cairo's "good").
    case `default` = 0
    /// No interpolation: nearest pixel.
    case none = 1
    /// Fast, low-quality interpolation.
    case low = 2
    /// The best interpolation Cairo has.
    case high = 3
    /// Interpolation between `low` and `high` (Cairo's "good").
    case medium = 4
}
