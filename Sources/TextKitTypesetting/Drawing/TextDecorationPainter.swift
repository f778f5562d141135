import TextKitFonts
import TextKitGraphics
import TextKitModel

/// Strokes underlines and strikethroughs (``TextDecoration``) for every façade, as
/// ``GlyphRunPainter`` paints glyphs.
package enum TextDecorationPainter {
    /// Strokes `decoration` along each of `spans`, x intervals in a line's space: x along the
    /// baseline, y up from it, mapped to user space by `lineToUser` (the layout manager's is a flip
    /// to its y-down container coordinates, Core Text's the text matrix). `baselineShift` raises
    /// the baseline the decoration follows (`.baselineOffset`). Widths and dash lengths scale with
    /// `lineToUser`. One path per span (both lines of a double style), in the decoration's colour,
    /// with butt caps, the dash pattern starting at the span's left end.
    package static func draw(_ decoration: TextDecoration, spans: [ClosedRange<CGFloat>], baselineShift: CGFloat,
                             lineToUser: CGAffineTransform, in context: CGContext) {
        let scale = abs(lineToUser.a * lineToUser.d - lineToUser.b * lineToUser.c).squareRoot()
        guard scale > 0, scale.isFinite, spans.contains(where: { $0.upperBound > $0.lowerBound }) else { return }
        let offsets = decoration.lineOffsets
        context.saveGState()
        defer { context.restoreGState() }
        if let shadow = decoration.shadow { DrawingValues.applyShadow(shadow, to: context) }
        context.setStrokeColor(decoration.color)
        context.setLineWidth(decoration.lineWidth * scale)
        context.setLineCap(.butt)
        context.setLineDash(phase: 0, lengths: decoration.dashPattern.map { $0 * scale })
        for span in spans where span.upperBound > span.lowerBound {
            context.beginPath()
            for offset in offsets {
                let y = baselineShift + decoration.position - offset
                context.move(to: CGPoint(x: span.lowerBound, y: y).applying(lineToUser))
                context.addLine(to: CGPoint(x: span.upperBound, y: y).applying(lineToUser))
            }
            context.strokePath()
        }
    }
}
