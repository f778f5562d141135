import Foundation

// Circular arcs as cubic Bézier curves.
//
// Arcs are cut at every multiple of π/2 (absolute angle), so each piece spans at most a quarter
// turn and every horizontal or vertical extreme of the circle is the end point of a piece,
// where the cubic's tangent is axis-aligned. That makes `boundingBoxOfPath` of an arc exact
// (the cubic between two such points is monotone in x and y).

extension CGMutablePath {
    /// Adds an arc of a circle, as Core Graphics: first a line from the current point to the
    /// arc's start (or a move, on an empty path), then the arc.
    ///
    /// Angles are in radians from the positive x axis towards positive y. `clockwise: false`
    /// sweeps with increasing angle and `true` with decreasing angle, which is Core Graphics'
    /// convention in a y-up space; in UIKit's y-down space increasing angle is clockwise on
    /// screen, which is why `UIBezierPath`'s `clockwise` is the opposite flag. A sweep of 2π or
    /// more draws the full circle once.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool, transform: CGAffineTransform = .identity) {
        guard radius.isFinite, startAngle.isFinite, endAngle.isFinite else { return }
        var sweep = clockwise ? startAngle - endAngle : endAngle - startAngle
        let fullTurn = 2 * CGFloat.pi
        if sweep >= fullTurn {
            sweep = fullTurn
        } else if sweep < 0 {
            sweep = sweep.truncatingRemainder(dividingBy: fullTurn) + fullTurn
            if sweep > fullTurn { sweep = fullTurn }
        }
        addRelativeArc(center: center, radius: radius, startAngle: startAngle,
                       delta: clockwise ? -sweep : sweep, transform: transform)
    }

    /// Adds an arc that starts at `startAngle` and sweeps `delta` radians (positive: increasing
    /// angle), preceded by a line from the current point to its start, as Core Graphics.
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        guard radius.isFinite, startAngle.isFinite, delta.isFinite else { return }
        let maximumSweep = 16 * CGFloat.pi  // eight turns: more only retraces the circle
        let delta = min(max(delta, -maximumSweep), maximumSweep)
        let circle = CGAffineTransform(a: abs(radius), b: 0, c: 0, d: abs(radius), tx: center.x, ty: center.y)
            .concatenating(transform)
        let start = unitPoint(atAngle: startAngle)
        if isEmpty {
            move(to: start, transform: circle)
        } else if elements.last?.endPoint != start.applying(circle) || elements.last == .closeSubpath {
            addLine(to: start, transform: circle)
        }
        appendArc(from: startAngle, sweep: delta, transform: circle)
    }

    /// Adds an arc of `radius` tangent to the line from the current point to `tangent1End` and
    /// to the line from `tangent1End` to `tangent2End` (PostScript's `arct`), preceded by a line
    /// from the current point to the first tangent point. When the three points are collinear
    /// or `radius` is 0, adds a line to `tangent1End` instead. On an empty path it starts at
    /// `tangent1End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                       transform: CGAffineTransform = .identity) {
        guard !isEmpty else { return move(to: tangent1End, transform: transform) }
        // Work in the untransformed space: the current point is stored transformed.
        let current = transform.inverse.map { currentPoint.applying($0) } ?? tangent1End
        let p1 = tangent1End
        let u1 = CGVector(dx: current.x - p1.x, dy: current.y - p1.y)
        let u2 = CGVector(dx: tangent2End.x - p1.x, dy: tangent2End.y - p1.y)
        let len1 = hypot(u1.dx, u1.dy), len2 = hypot(u2.dx, u2.dy)
        let cross = u1.dx * u2.dy - u1.dy * u2.dx
        guard radius > 0, radius.isFinite, len1 > 0, len2 > 0, abs(cross) > 1e-12 * len1 * len2 else {
            return addLine(to: tangent1End, transform: transform)
        }
        let (n1, n2) = (CGVector(dx: u1.dx / len1, dy: u1.dy / len1), CGVector(dx: u2.dx / len2, dy: u2.dy / len2))
        let cosTheta = max(-1, min(1, n1.dx * n2.dx + n1.dy * n2.dy))
        let halfTheta = acos(cosTheta) / 2
        let tangentDistance = radius / tan(halfTheta)
        let t1 = CGPoint(x: p1.x + n1.dx * tangentDistance, y: p1.y + n1.dy * tangentDistance)
        let t2 = CGPoint(x: p1.x + n2.dx * tangentDistance, y: p1.y + n2.dy * tangentDistance)
        let bisector = CGVector(dx: n1.dx + n2.dx, dy: n1.dy + n2.dy)
        let bisectorLength = hypot(bisector.dx, bisector.dy)
        let centerDistance = radius / sin(halfTheta)
        let center = CGPoint(x: p1.x + bisector.dx / bisectorLength * centerDistance,
                             y: p1.y + bisector.dy / bisectorLength * centerDistance)
        let a1 = atan2(t1.y - center.y, t1.x - center.x)
        var sweep = atan2(t2.y - center.y, t2.x - center.x) - a1
        if sweep > .pi { sweep -= 2 * .pi } else if sweep < -.pi { sweep += 2 * .pi }
        addLine(to: t1, transform: transform)
        let circle = CGAffineTransform(a: radius, b: 0, c: 0, d: radius, tx: center.x, ty: center.y)
            .concatenating(transform)
        appendArc(from: a1, sweep: sweep, transform: circle)
    }

    /// Appends cubic pieces of the unit circle from angle `start` sweeping `sweep`, mapped by
    /// `transform`; the current point must already be the arc's start.
    func appendArc(from start: CGFloat, sweep: CGFloat, transform: CGAffineTransform) {
        guard sweep != 0 else { return }
        let quarter = CGFloat.pi / 2
        let end = start + sweep
        var angle = start
        // Quadrant boundaries strictly inside the sweep, then the end.
        var k = sweep > 0 ? (start / quarter).rounded(.down) + 1 : (start / quarter).rounded(.up) - 1
        var guardCount = 0
        while guardCount < 40 {  // at most 8 turns (see addRelativeArc) plus the ends
            guardCount += 1
            let boundary = k * quarter
            let next: CGFloat
            let isBoundary: Bool
            if sweep > 0 ? boundary < end : boundary > end {
                (next, isBoundary) = (boundary, true)
            } else {
                (next, isBoundary) = (end, false)
            }
            if next != angle {
                appendArcPiece(from: angle, to: next, endQuadrant: isBoundary ? k : nil, transform: transform)
            }
            angle = next
            if !isBoundary { break }
            k += sweep > 0 ? 1 : -1
        }
    }

    /// Appends `quadrants` whole quarter circles starting at quadrant boundary `startQuadrant`.
    func appendArcSegments(startQuadrant: Int, quadrants: Int, transform: CGAffineTransform) {
        let quarter = CGFloat.pi / 2
        for q in startQuadrant..<(startQuadrant + quadrants) {
            appendArcPiece(from: CGFloat(q) * quarter, to: CGFloat(q + 1) * quarter,
                           endQuadrant: CGFloat(q + 1), transform: transform)
        }
    }

    /// One cubic for the unit-circle arc from `a0` to `a1` (|a1 − a0| ≤ π/2).
    private func appendArcPiece(from a0: CGFloat, to a1: CGFloat, endQuadrant: CGFloat?, transform: CGAffineTransform) {
        let k = 4.0 / 3.0 * tan((a1 - a0) / 4)
        let p0 = unitPoint(atAngle: a0)
        let p3 = endQuadrant.map(unitPoint(quadrant:)) ?? unitPoint(atAngle: a1)
        let c1 = CGPoint(x: p0.x - k * p0.y, y: p0.y + k * p0.x)
        let c2 = CGPoint(x: p3.x + k * p3.y, y: p3.y - k * p3.x)
        elements.append(.addCurveToPoint(control1: c1.applying(transform), control2: c2.applying(transform),
                                         end: p3.applying(transform)))
    }
}

/// The point on the unit circle at `angle`, exact (0 and ±1) at multiples of π/2.
func unitPoint(atAngle angle: CGFloat) -> CGPoint {
    let quadrant = angle / (.pi / 2)
    if quadrant == quadrant.rounded(), abs(quadrant) < 1e9 { return unitPoint(quadrant: quadrant) }
    return CGPoint(x: cos(angle), y: sin(angle))
}

/// The point on the unit circle at quadrant boundary `q` (angle q·π/2), exactly.
func unitPoint(quadrant q: CGFloat) -> CGPoint {
    switch Int(saturating: q.rounded()) & 3 {
    case 0: CGPoint(x: 1, y: 0)
    case 1: CGPoint(x: 0, y: 1)
    case 2: CGPoint(x: -1, y: 0)
    default: CGPoint(x: 0, y: -1)
    }
}
