import TextKitFonts
import TextKitGraphics
import TextKitModel

/// How a run's glyphs are painted, resolved from its attributes by the façade that draws them:
/// what ``GlyphRunPainter`` needs and nothing else, so that every façade paints a given value the
/// same way. The two readings differ only where Apple's frameworks do: TextKit colours links and
/// draws `NSShadow` and letterpress; Core Text takes its own colour keys first and can leave the
/// fill colour to the context.
package struct GlyphPaint {
    /// The glyphs' fill colour; nil leaves the context's (Core Text's
    /// `kCTForegroundColorFromContextAttributeName`).
    package var fill: UIColor?
    /// The outline colour when ``strokeWidth`` is not 0; nil: the fill colour (else black).
    package var stroke: UIColor?
    /// `.strokeWidth`, a percentage of the point size, never NaN: 0 fills; positive outlines only
    /// (the fill is not drawn); negative fills and outlines. As in UIKit and Core Text.
    package var strokeWidth: CGFloat
    /// A shadow under the glyphs (TextKit's reading only: Core Text does not draw `NSShadow`).
    package var shadow: NSShadow?
    /// `.textEffect` `.letterpressStyle` (TextKit's reading only).
    package var isLetterpress: Bool

    package init(fill: UIColor?, stroke: UIColor? = nil, strokeWidth: CGFloat = 0, shadow: NSShadow? = nil,
                 isLetterpress: Bool = false) {
        self.fill = fill
        self.stroke = stroke
        self.strokeWidth = strokeWidth
        self.shadow = shadow
        self.isLetterpress = isLetterpress
    }

    /// TextKit's reading (layout manager, string drawing): the text colour (links in the link
    /// colour), `.strokeColor` then `kCTStrokeColorAttributeName`, `.strokeWidth`, `.shadow`,
    /// `.textEffect`.
    package init(textKit attributes: [NSAttributedString.Key: Any]) {
        let width = DrawingValues.number(attributes[.strokeWidth]) ?? 0
        self.init(fill: DrawingValues.textColor(attributes),
                  stroke: width == 0 ? nil : DrawingValues.color(attributes[uiKitFirst: .strokeColor]),
                  strokeWidth: width,
                  shadow: attributes[.shadow] as? NSShadow,
                  isLetterpress: DrawingValues.isLetterpress(attributes))
    }

    /// Core Text's reading (`CTLineDraw`, `CTRunDraw`): `kCTForegroundColorAttributeName` then
    /// `.foregroundColor` (black by default; the context's fill colour with
    /// `kCTForegroundColorFromContextAttributeName`), `kCTStrokeColorAttributeName` then
    /// `.strokeColor`, `kCTStrokeWidthAttributeName`. No link colour, shadow or text effect.
    package init(coreText attributes: [NSAttributedString.Key: Any]) {
        let width = DrawingValues.number(attributes[.strokeWidth]) ?? 0
        self.init(fill: DrawingValues.coreTextColor(attributes),
                  stroke: width == 0 ? nil : DrawingValues.color(attributes[CoreTextKey.strokeColor] ?? attributes[.strokeColor]),
                  strokeWidth: width)
    }

    /// The transform of a run's glyphs in Core Graphics' y-up glyph space, as both façades draw
    /// them: the font's own matrix, then synthetic oblique and `obliqueness` (`.obliqueness`, clamped;
    /// NaN is none) as a shear (x += k·y), then `horizontalScale` (`.expansion`'s) as a horizontal scale.
    package static func glyphMatrix(font: UIFont, obliqueness: Any?, horizontalScale: CGFloat) -> CGAffineTransform {
        var shear = LayoutNumber.clamp(DrawingValues.number(obliqueness) ?? 0,
                                       to: -LayoutNumber.maximumObliqueness...LayoutNumber.maximumObliqueness)
        if font.syntheticTraits.contains(.oblique) { shear += UIFont.syntheticObliqueShear }
        var matrix = CGAffineTransform(a: horizontalScale, b: 0, c: horizontalScale * shear, d: 1, tx: 0, ty: 0)
        let own = font.matrix
        if !own.isIdentity {
            matrix = CGAffineTransform(a: own.a, b: own.b, c: own.c, d: own.d, tx: 0, ty: 0).concatenating(matrix)
        }
        return matrix
    }
}
