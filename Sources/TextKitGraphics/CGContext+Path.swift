import Foundation

// The current path. Points are given in user space and stored in page space, mapped by the CTM
// at the time they are added (as Core Graphics), so changing the CTM halfway through a path
// affects only the later points.

extension CGContext {
    /// Discards the current path.
    public func beginPath() { currentPath = CGMutablePath() }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { currentPath.move(to: point, transform: state.ctm) }

    /// Adds a line from the current point to `point`.
    public func addLine(to point: CGPoint) { currentPath.addLine(to: point, transform: state.ctm) }

    /// Adds a subpath through `points` (open).
    public func addLines(between points: [CGPoint]) { currentPath.addLines(between: points, transform: state.ctm) }

    /// Adds a closed rectangle subpath.
    public func addRect(_ rect: CGRect) { currentPath.addRect(rect, transform: state.ctm) }

    /// Adds one closed subpath per rectangle.
    public func addRects(_ rects: [CGRect]) { currentPath.addRects(rects, transform: state.ctm) }

    /// Adds a closed ellipse inscribed in `rect`.
    public func addEllipse(in rect: CGRect) { currentPath.addEllipse(in: rect, transform: state.ctm) }

    /// Adds a cubic Bézier curve.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        currentPath.addCurve(to: end, control1: control1, control2: control2, transform: state.ctm)
    }

    /// Adds a quadratic Bézier curve.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        currentPath.addQuadCurve(to: end, control: control, transform: state.ctm)
    }

    /// Adds an arc with Core Graphics' `clockwise` flag (`true` sweeps with decreasing angle;
    /// see ``CGMutablePath/addArc(center:radius:startAngle:endAngle:clockwise:transform:)``).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        currentPath.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                           clockwise: clockwise, transform: state.ctm)
    }

    /// Adds an arc tangent to two lines (PostScript's `arct`).
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        currentPath.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: state.ctm)
    }

    /// Closes the current subpath.
    public func closePath() { currentPath.closeSubpath() }

    /// Adds every subpath of `path` (in user space).
    public func addPath(_ path: CGPath) { currentPath.addPath(path, transform: state.ctm) }

    /// True when there is no current path.
    public var isPathEmpty: Bool { currentPath.isEmpty }

    /// The current point of the path, in user space (`.zero` when there is no path).
    public var currentPointOfPath: CGPoint { currentPath.currentPoint.applying(state.ctm.inverted()) }

    /// The bounding box of the current path in user space (null when there is none).
    public var boundingBoxOfPath: CGRect {
        let box = currentPath.boundingBoxOfPath
        return box.isNull ? box : box.applying(state.ctm.inverted())
    }

    /// A copy of the current path in user space (nil when empty).
    public var path: CGPath? {
        guard !currentPath.isEmpty else { return nil }
        return currentPath.copy(using: state.ctm.inverted())
    }

    /// Takes the current path (page space) and clears it.
    func takePath() -> CGPath {
        let taken = currentPath
        currentPath = CGMutablePath()
        return taken
    }
}
