import Foundation

extension CGPath {
    /// The smallest rectangle holding every point of the path *including curve control
    /// points*, as Core Graphics. The null rectangle for an empty path. O(n).
    public var boundingBox: CGRect {
        var box = BoundsAccumulator()
        for element in elements {
            switch element {
            case .moveToPoint(let p), .addLineToPoint(let p): box.add(p)
            case .addQuadCurveToPoint(let c, let e): box.add(c); box.add(e)
            case .addCurveToPoint(let c1, let c2, let e): box.add(c1); box.add(c2); box.add(e)
            case .closeSubpath: break
            }
        }
        return box.rect
    }

    /// The smallest rectangle holding the path itself: end points and the extremes of its
    /// curves, without control points, as Core Graphics. Exact for lines and curves (the curve
    /// extremes are solved, not sampled). The null rectangle for an empty path. Cached.
    public var boundingBoxOfPath: CGRect {
        geometryCache.tightBounds(of: self)
    }

    /// Computes ``boundingBoxOfPath`` (uncached).
    func computeTightBounds() -> CGRect {
        var box = BoundsAccumulator()
        var current = CGPoint.zero
        var subpathStart = CGPoint.zero
        for element in elements {
            switch element {
            case .moveToPoint(let p):
                box.add(p); current = p; subpathStart = p
            case .addLineToPoint(let p):
                box.add(p); current = p
            case .addQuadCurveToPoint(let c, let e):
                box.add(e)
                for t in quadraticExtrema(current.x, c.x, e.x) + quadraticExtrema(current.y, c.y, e.y) {
                    box.add(quadraticPoint(current, c, e, t))
                }
                current = e
            case .addCurveToPoint(let c1, let c2, let e):
                box.add(e)
                for t in cubicExtrema(current.x, c1.x, c2.x, e.x) + cubicExtrema(current.y, c1.y, c2.y, e.y) {
                    box.add(cubicPoint(current, c1, c2, e, t))
                }
                current = e
            case .closeSubpath:
                current = subpathStart
            }
        }
        return box.rect
    }
}

/// Grows a rectangle point by point, ignoring non-finite points.
struct BoundsAccumulator {
    var minX = CGFloat.infinity, minY = CGFloat.infinity
    var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity

    @inline(__always)
    mutating func add(_ p: CGPoint) {
        guard p.x.isFinite, p.y.isFinite else { return }
        minX = min(minX, p.x); maxX = max(maxX, p.x)
        minY = min(minY, p.y); maxY = max(maxY, p.y)
    }

    var rect: CGRect {
        minX > maxX ? .null : CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// Parameters in (0, 1) where a quadratic Bézier coordinate has a zero derivative.
func quadraticExtrema(_ p0: CGFloat, _ p1: CGFloat, _ p2: CGFloat) -> [CGFloat] {
    let denominator = p0 - 2 * p1 + p2
    guard denominator != 0 else { return [] }
    let t = (p0 - p1) / denominator
    return t > 0 && t < 1 ? [t] : []
}

/// Parameters in (0, 1) where a cubic Bézier coordinate has a zero derivative.
func cubicExtrema(_ p0: CGFloat, _ p1: CGFloat, _ p2: CGFloat, _ p3: CGFloat) -> [CGFloat] {
    // B'(t)/3 = a·t² + b·t + c
    let a = -p0 + 3 * p1 - 3 * p2 + p3
    let b = 2 * (p0 - 2 * p1 + p2)
    let c = p1 - p0
    var roots: [CGFloat] = []
    let scale = max(abs(a), abs(b), abs(c))
    guard scale > 0 else { return [] }
    if abs(a) <= 1e-12 * scale {
        if b != 0 { roots.append(-c / b) }
    } else {
        let discriminant = b * b - 4 * a * c
        if discriminant >= 0 {
            let root = discriminant.squareRoot()
            // The numerically stable pair of roots.
            let q = -(b + (b < 0 ? -root : root)) / 2
            if q != 0 { roots.append(c / q) }
            roots.append(q / a)
        }
    }
    return roots.filter { $0 > 0 && $0 < 1 }
}

@inline(__always)
func quadraticPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ t: CGFloat) -> CGPoint {
    let u = 1 - t
    return CGPoint(x: u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
                   y: u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y)
}

@inline(__always)
func cubicPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: CGFloat) -> CGPoint {
    let u = 1 - t
    let (w0, w1, w2, w3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
    return CGPoint(x: w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x,
                   y: w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y)
}
