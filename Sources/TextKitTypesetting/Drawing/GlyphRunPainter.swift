import TextKitFonts
import TextKitGraphics
import TextKitModel

/// Paints runs of glyphs: the one place where fill, outline (`.strokeWidth`), synthetic bold,
/// shadow and letterpress become graphics state, for every façade that draws text — Core Text's
/// `CTLineDraw`/`CTRunDraw` and the layout manager's `drawGlyphs(forGlyphRange:at:)` (through which
/// string drawing, labels, text fields and text views draw).
///
/// A façade lays the text out, splits its lines into runs of one font and style, resolves the
/// attributes into a ``GlyphPaint`` with its own reading, and hands each run here with its glyph
/// positions already in user space. The painter sets the context up and calls the façade's `show`,
/// which puts the glyphs down: the layout manager's overridable `showCGGlyphs`, or
/// ``show(_:in:)`` for Core Text. Underlines and strikethroughs are ``TextDecorationPainter``'s.
package enum GlyphRunPainter {
    /// Glyphs of one font, ready to paint.
    package struct Run {
        package var font: UIFont
        package var glyphs: [CGGlyph]
        /// Baseline origins in user space, one per glyph.
        package var positions: [CGPoint]
        /// Maps the font's y-up glyph space (in units of the point size) to user space: the run's
        /// glyph matrix (``GlyphPaint/glyphMatrix(font:obliqueness:horizontalScale:)``) followed by
        /// the linear part of the map from the line's space to user space.
        package var glyphTransform: CGAffineTransform
        /// The text the glyphs draw and how it groups, for searchable PDF output (nil: none).
        package var text: String?
        package var clusters: [GlyphCluster]?
        package var isRightToLeft: Bool

        package init(font: UIFont, glyphs: [CGGlyph], positions: [CGPoint], glyphTransform: CGAffineTransform,
                     text: String? = nil, clusters: [GlyphCluster]? = nil, isRightToLeft: Bool = false) {
            self.font = font
            self.glyphs = glyphs
            self.positions = positions
            self.glyphTransform = glyphTransform
            self.text = text
            self.clusters = clusters
            self.isRightToLeft = isRightToLeft
        }
    }

    /// Paints `run` with `paint`: sets the fill colour (unless the paint leaves the context's),
    /// the outline's colour and width and the text drawing mode, the shadow, draws a letterpress
    /// underlay, then calls `show` to put the glyphs down. The graphics state is restored afterwards.
    ///
    /// - A stroke width of w % outlines with a pen of |w|/100 × the point size, plus the synthetic
    ///   bold strength; positive outlines only, negative fills too.
    /// - Synthetic bold (a face asked for a weight it lacks) fills and outlines in the fill colour
    ///   with a pen of ``UIFont/syntheticBoldStrength``, widening each side by half of it.
    package static func paint(_ run: Run, with paint: GlyphPaint, in context: CGContext, show: (CGContext) -> Void) {
        guard !run.glyphs.isEmpty else { return }
        context.saveGState()
        defer { context.restoreGState() }
        if paint.isLetterpress { drawLetterpressUnderlay(run, color: paint.fill ?? .black, in: context) }
        if let shadow = paint.shadow { DrawingValues.applyShadow(shadow, to: context) }
        if let fill = paint.fill { context.setFillColor(fill) }
        context.setLineJoin(.round)
        let bold = run.font.syntheticBoldStrength
        var mode = CGTextDrawingMode.fill
        if paint.strokeWidth != 0 {
            context.setLineWidth(abs(paint.strokeWidth) / 100 * run.font.pointSize + bold)
            context.setStrokeColor(paint.stroke ?? paint.fill ?? .black)
            mode = paint.strokeWidth > 0 ? .stroke : .fillStroke
        } else if bold > 0 {
            context.setLineWidth(bold)
            if let fill = paint.fill { context.setStrokeColor(fill) }
            mode = .fillStroke
        }
        context.setTextDrawingMode(mode)
        show(context)
    }

    /// Puts `run`'s glyphs down with the context's current state: its font at its size, with its
    /// text for searchable PDF output. The text matrix is not used (the positions are in user space).
    package static func show(_ run: Run, in context: CGContext) {
        context.setFont(run.font.cgFont)
        context.setFontSize(run.font.pointSize)
        context.showGlyphs(run.glyphs, atUserPositions: run.positions, glyphTransform: run.glyphTransform,
                           text: run.text, clusters: run.clusters, isRightToLeft: run.isRightToLeft)
    }

    /// `.letterpressStyle`: text pressed into the page. Under the glyphs go a light highlight one
    /// point below and a darker copy of the text colour half a point above (user space, y down),
    /// so the glyphs read as set into the surface with light catching their lower edge. Both are
    /// filled glyph outlines (not text), so PDF text stays single.
    private static func drawLetterpressUnderlay(_ run: Run, color: UIColor, in context: CGContext) {
        // Outlines are y down; the glyph transform takes y-up glyph space to user space.
        let linear = CGAffineTransform(scaleX: 1, y: -1).concatenating(run.glyphTransform.linearPart)
        func outlines(dy: CGFloat) -> CGMutablePath {
            let path = CGMutablePath()
            for (glyph, p) in zip(run.glyphs, run.positions) {
                guard let outline = run.font.cgPath(forGlyph: glyph) else { continue }
                path.addPath(outline, transform: linear.concatenating(CGAffineTransform(translationX: p.x, y: p.y + dy)))
            }
            return path
        }
        let dark = UIColor(red: color.red * 0.45, green: color.green * 0.45, blue: color.blue * 0.45, alpha: color.alpha * 0.7)
        for (dy, fill) in [(CGFloat(1), UIColor(white: 1, alpha: 0.85)), (CGFloat(-0.5), dark)] {
            let path = outlines(dy: dy)
            guard !path.isEmpty else { continue }
            context.beginPath()
            context.addPath(path)
            context.setFillColor(fill)
            context.fillPath()
        }
    }
}
