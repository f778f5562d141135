import Foundation

extension CGPath {
    /// Whether `point` lies in the area the path fills under `rule`, after mapping the path by
    /// `transform` (as Core Graphics). Open subpaths count as closed.
    ///
    /// Curves are flattened within 0.05 units (cached with the path); a point on an edge
    /// counts as inside on the edge's left/top side and outside on its right/bottom side, so a
    /// shared edge between two filled shapes belongs to exactly one. Cost: O(edges near the
    /// point's y) after the first call.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        guard point.x.isFinite, point.y.isFinite else { return false }
        var local = point
        if !transform.isIdentity {
            guard let inverse = transform.inverse else {
                return copy(using: transform).contains(point, using: rule)
            }
            local = point.applying(inverse)
        }
        let polygon = polygon(tolerance: CGPath.defaultFlatteningTolerance)
        return rule.isInside(polygon.winding(at: local))
    }

    /// A copy with every point mapped by `transform` (nil means the identity), as Core Graphics.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let transform else { return copy() }
        return copy(using: transform.pointee)
    }

    /// A mutable copy with every point mapped by `transform` (nil means the identity).
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        guard let transform else { return mutableCopy() }
        return CGMutablePath(elements: elements.map { $0.applying(transform.pointee) })
    }

    /// A copy with every point mapped by `transform`.
    package func copy(using transform: CGAffineTransform) -> CGPath {
        transform.isIdentity ? copy() : CGPath(elements: elements.map { $0.applying(transform) })
    }

    /// A copy whose subpaths run the other way: same subpaths in the same order, each with its
    /// points in reverse order (a closed subpath stays closed); curves keep their shape.
    package func reversed() -> CGMutablePath {
        var subpaths: [(start: CGPoint, segments: [CGPathElementKind], closed: Bool)] = []
        var start = CGPoint.zero
        var segments: [CGPathElementKind] = []
        var isOpen = false  // a subpath has begun (by a move or an implicit start)
        func finish(closed: Bool) {
            if isOpen { subpaths.append((start, segments, closed)) }
            segments.removeAll()
            isOpen = false
        }
        for element in elements {
            switch element {
            case .moveToPoint(let p):
                finish(closed: false)
                start = p; isOpen = true
            case .closeSubpath:
                let restart = start
                finish(closed: true)
                start = restart
            default:
                if !isOpen { isOpen = true }  // continues from the last subpath's start
                segments.append(element)
            }
        }
        finish(closed: false)

        let result = CGMutablePath()
        var out: [CGPathElementKind] = []
        for subpath in subpaths {
            var from = subpath.start
            var starts: [CGPoint] = []
            for segment in subpath.segments {
                starts.append(from)
                from = segment.endPoint ?? from
            }
            out.append(.moveToPoint(from))
            for (segment, segmentStart) in zip(subpath.segments, starts).reversed() {
                switch segment {
                case .addLineToPoint: out.append(.addLineToPoint(segmentStart))
                case .addQuadCurveToPoint(let c, _): out.append(.addQuadCurveToPoint(control: c, end: segmentStart))
                case .addCurveToPoint(let c1, let c2, _):
                    out.append(.addCurveToPoint(control1: c2, control2: c1, end: segmentStart))
                default: break
                }
            }
            if subpath.closed { out.append(.closeSubpath) }
        }
        result.elements = out
        return result
    }
}
