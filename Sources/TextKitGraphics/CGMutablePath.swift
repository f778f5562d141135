import Foundation

/// A path that can be built up, as Core Graphics' `CGMutablePath`.
///
/// Every building method takes an optional `transform` that maps the given points before they
/// are added (as Core Graphics). A segment added while the path has no current point starts a
/// new subpath at its end point (Core Graphics logs an error and ignores it).
public final class CGMutablePath: CGPath, @unchecked Sendable {  // as Core Graphics: share it only once built (see CGPath)
    /// An empty path.
    public convenience init() { self.init(elements: []) }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.moveToPoint(point.applying(transform)))
    }

    /// Adds a straight line from the current point to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(isEmpty ? .moveToPoint(point.applying(transform)) : .addLineToPoint(point.applying(transform)))
    }

    /// Adds a quadratic Bézier curve from the current point to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        if isEmpty { return move(to: end, transform: transform) }
        elements.append(.addQuadCurveToPoint(control: control.applying(transform), end: end.applying(transform)))
    }

    /// Adds a cubic Bézier curve from the current point to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                         transform: CGAffineTransform = .identity) {
        if isEmpty { return move(to: end, transform: transform) }
        elements.append(.addCurveToPoint(control1: control1.applying(transform),
                                         control2: control2.applying(transform),
                                         end: end.applying(transform)))
    }

    /// Closes the current subpath with a straight line back to its start; the current point
    /// becomes that start. Does nothing on an empty path or a subpath that is already closed.
    public func closeSubpath() {
        guard let last = elements.last, last != .closeSubpath else { return }
        elements.append(.closeSubpath)
    }

    /// Adds a closed rectangle subpath: (minX, minY) → (maxX, minY) → (maxX, maxY) → (minX, maxY).
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        if rect.isNull { return }
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY), transform: transform)
        addLine(to: CGPoint(x: r.minX, y: r.maxY), transform: transform)
        closeSubpath()
    }

    /// Adds one closed subpath per rectangle.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// Starts a subpath at the first point and adds lines through the others (open).
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for point in points.dropFirst() { addLine(to: point, transform: transform) }
    }

    /// Adds a closed ellipse inscribed in `rect`, as four cubic curves starting at
    /// (maxX, midY) with increasing angle (clockwise on a y-down screen), as Core Graphics.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        if rect.isNull { return }
        let r = rect.standardized
        let (rx, ry) = (r.width / 2, r.height / 2)
        let ellipse = CGAffineTransform(a: rx, b: 0, c: 0, d: ry, tx: r.midX, ty: r.midY).concatenating(transform)
        move(to: CGPoint(x: 1, y: 0), transform: ellipse)
        appendArcSegments(startQuadrant: 0, quadrants: 4, transform: ellipse)
        closeSubpath()
    }

    /// Adds a closed rounded rectangle whose corners are quarter ellipses of `cornerWidth` by
    /// `cornerHeight` (each clamped to half the side; Core Graphics traps instead).
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        let radii = CGSize(width: cornerWidth, height: cornerHeight)
        addRoundedRect(in: rect, radii: (radii, radii, radii, radii), transform: transform)
    }

    /// Appends every element of `path`, mapped by `transform`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        if transform.isIdentity {
            elements.append(contentsOf: path.elements)
        } else {
            elements.append(contentsOf: path.elements.map { $0.applying(transform) })
        }
    }

    /// Removes every element.
    package func removeAll() { elements.removeAll(keepingCapacity: true) }

    /// A rounded rectangle with its own radii per corner (top-left, top-right, bottom-right,
    /// bottom-left in y-down terms); a radius of zero gives a sharp corner. Starts at the top
    /// edge after the top-left corner and runs clockwise on a y-down screen.
    package func addRoundedRect(in rect: CGRect,
                                radii: (topLeft: CGSize, topRight: CGSize, bottomRight: CGSize, bottomLeft: CGSize),
                                transform: CGAffineTransform = .identity) {
        if rect.isNull { return }
        let r = rect.standardized
        func clamp(_ s: CGSize) -> CGSize {
            let w = s.width.isFinite ? s.width : 0, h = s.height.isFinite ? s.height : 0
            let cw = min(max(0, w), r.width / 2), ch = min(max(0, h), r.height / 2)
            return cw > 0 && ch > 0 ? CGSize(width: cw, height: ch) : .zero
        }
        let tl = clamp(radii.topLeft), tr = clamp(radii.topRight)
        let br = clamp(radii.bottomRight), bl = clamp(radii.bottomLeft)
        let k = bezierCircleConstant
        move(to: CGPoint(x: r.minX + tl.width, y: r.minY), transform: transform)
        lineIfMoving(to: CGPoint(x: r.maxX - tr.width, y: r.minY), transform: transform)
        if tr != .zero {
            addCurve(to: CGPoint(x: r.maxX, y: r.minY + tr.height),
                     control1: CGPoint(x: r.maxX - tr.width + k * tr.width, y: r.minY),
                     control2: CGPoint(x: r.maxX, y: r.minY + tr.height - k * tr.height), transform: transform)
        }
        lineIfMoving(to: CGPoint(x: r.maxX, y: r.maxY - br.height), transform: transform)
        if br != .zero {
            addCurve(to: CGPoint(x: r.maxX - br.width, y: r.maxY),
                     control1: CGPoint(x: r.maxX, y: r.maxY - br.height + k * br.height),
                     control2: CGPoint(x: r.maxX - br.width + k * br.width, y: r.maxY), transform: transform)
        }
        lineIfMoving(to: CGPoint(x: r.minX + bl.width, y: r.maxY), transform: transform)
        if bl != .zero {
            addCurve(to: CGPoint(x: r.minX, y: r.maxY - bl.height),
                     control1: CGPoint(x: r.minX + bl.width - k * bl.width, y: r.maxY),
                     control2: CGPoint(x: r.minX, y: r.maxY - bl.height + k * bl.height), transform: transform)
        }
        lineIfMoving(to: CGPoint(x: r.minX, y: r.minY + tl.height), transform: transform)
        if tl != .zero {
            addCurve(to: CGPoint(x: r.minX + tl.width, y: r.minY),
                     control1: CGPoint(x: r.minX, y: r.minY + tl.height - k * tl.height),
                     control2: CGPoint(x: r.minX + tl.width - k * tl.width, y: r.minY), transform: transform)
        }
        closeSubpath()
    }

    /// Adds a line unless it would have zero length (in the untransformed space).
    private func lineIfMoving(to point: CGPoint, transform: CGAffineTransform) {
        guard let last = elements.last?.endPoint else { return addLine(to: point, transform: transform) }
        if last != point.applying(transform) { addLine(to: point, transform: transform) }
    }
}

/// 4/3·tan(π/8): the control-point distance (per unit radius) of the cubic that best
/// approximates a quarter circle (radial error below 0.03 %).
package let bezierCircleConstant: CGFloat = 0.552_284_749_830_793_4
