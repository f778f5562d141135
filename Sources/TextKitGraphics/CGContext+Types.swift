import Foundation

/// A glyph index in a font, as Core Graphics' `CGGlyph`.
public typealias CGGlyph = UInt16

/// The shape of the ends of stroked open subpaths.
public enum CGLineCap: Int32, Sendable {
    case butt = 0, round = 1, square = 2
}

/// The shape of the corners of stroked paths.
public enum CGLineJoin: Int32, Sendable {
    case miter = 0, round = 1, bevel = 2
}

/// What `drawPath(using:)` does with the current path.
public enum CGPathDrawingMode: Int32, Sendable {
    case fill = 0, eoFill = 1, stroke = 2, fillStroke = 3, eoFillStroke = 4
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
    case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity
    case clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut
    case destinationAtop, xor, plusDarker, plusLighter
}

/// The quality of image resampling (Cairo filters: nearest, fast, good, best).
public enum CGInterpolationQuality: Int32, Sendable {
    case `default` = 0, none = 1, low = 2, high = 3, medium = 4
}
