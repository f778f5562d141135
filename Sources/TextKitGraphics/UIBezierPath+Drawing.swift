import Foundation

extension UIBezierPath {
    /// Fills the path into the current context (``UIGraphicsGetCurrentContext()``) with its fill
    /// colour (set with ``UIColor/setFill()``), honouring ``usesEvenOddFillRule``. The
    /// context's graphics state and path are left as they were.
    public func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.beginPath()
        context.addPath(cgPath)
        context.fillPath(using: fillRule)
        context.restoreGState()
    }

    /// Fills with a blend mode and an opacity.
    public func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        fill()
        context.restoreGState()
    }

    /// Strokes the path into the current context with its stroke colour and this path's line
    /// width, cap, join, miter limit and dash pattern.
    public func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        context.setLineDash(phase: lineDash.phase, lengths: lineDash.pattern)
        context.beginPath()
        context.addPath(cgPath)
        context.strokePath()
        context.restoreGState()
    }

    /// Strokes with a blend mode and an opacity.
    public func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        stroke()
        context.restoreGState()
    }

    /// Intersects the current context's clip with the filled path.
    public func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.addPath(cgPath)
        context.clip(using: fillRule)
    }
}
