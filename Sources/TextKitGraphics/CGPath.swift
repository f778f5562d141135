import Foundation

/// One drawing command of a path, in the path's own coordinates.
public enum CGPathElementKind: Sendable, Equatable, Hashable {
    /// Starts a new subpath at the point.
    case moveToPoint(CGPoint)
    /// A straight line from the current point to the point.
    case addLineToPoint(CGPoint)
    /// A quadratic Bézier curve from the current point to `end`.
    case addQuadCurveToPoint(control: CGPoint, end: CGPoint)
    /// A cubic Bézier curve from the current point to `end`.
    case addCurveToPoint(control1: CGPoint, control2: CGPoint, end: CGPoint)
    /// A straight line back to the subpath's start, closing it.
    case closeSubpath

    /// The element's end point (nil for `closeSubpath`, whose end is the subpath's start).
    package var endPoint: CGPoint? {
        switch self {
        case .moveToPoint(let p), .addLineToPoint(let p): p
        case .addQuadCurveToPoint(_, let end), .addCurveToPoint(_, _, let end): end
        case .closeSubpath: nil
        }
    }

    /// The element with every point mapped by `t`.
    package func applying(_ t: CGAffineTransform) -> CGPathElementKind {
        switch self {
        case .moveToPoint(let p): .moveToPoint(p.applying(t))
        case .addLineToPoint(let p): .addLineToPoint(p.applying(t))
        case .addQuadCurveToPoint(let c, let e): .addQuadCurveToPoint(control: c.applying(t), end: e.applying(t))
        case .addCurveToPoint(let c1, let c2, let e):
            .addCurveToPoint(control1: c1.applying(t), control2: c2.applying(t), end: e.applying(t))
        case .closeSubpath: .closeSubpath
        }
    }
}

/// An immutable graphics path, as Core Graphics' `CGPath`: subpaths of lines and Bézier curves.
///
/// Paths have no coordinate system of their own; in OpenTextKit they are usually in UIKit's
/// y-down space. Geometry queries (``boundingBoxOfPath``, ``contains(_:using:transform:)``, the
/// band spans used by exclusion paths) flatten curves once and cache the polygon with the path,
/// so repeated queries on the same path are cheap. An immutable `CGPath` is safe to share
/// between threads; a ``CGMutablePath`` must not be mutated while another thread reads it
/// (as in Core Graphics).
open class CGPath: @unchecked Sendable, Equatable {  // immutable unless it is a CGMutablePath; the cache locks
    /// The path's commands in order.
    public internal(set) var elements: [CGPathElementKind] {
        didSet { generation &+= 1 }
    }

    /// Bumped on every mutation; caches remember the generation they were built for.
    package internal(set) var generation: UInt64 = 0
    /// Flattened polygons and bounds, built on demand (see `CGPath+Flattening.swift`).
    let geometryCache = PathGeometryCache()

    /// A path made of `elements` (empty by default). Not a Core Graphics initialiser.
    public init(elements: [CGPathElementKind] = []) {
        self.elements = elements
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath { CGMutablePath(elements: elements) }

    /// An immutable copy (the same elements).
    public func copy() -> CGPath { CGPath(elements: elements) }

    /// True when the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The point where the next segment would start: the end of the last element, or the start
    /// of the last subpath after `closeSubpath`; `.zero` for an empty path (as Core Graphics).
    public var currentPoint: CGPoint {
        guard let last = elements.last else { return .zero }
        if let end = last.endPoint { return end }
        // After a close: the start of the subpath being closed (its last move).
        for element in elements.reversed() {
            if case .moveToPoint(let p) = element { return p }
        }
        return firstPoint ?? .zero
    }

    /// The first point of the path, if it has one.
    var firstPoint: CGPoint? {
        for element in elements { if let p = element.endPoint { return p } }
        return nil
    }

    /// Paths are equal when they have the same elements (as Core Graphics' `CGPathEqualToPath`).
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs === rhs || lhs.elements == rhs.elements }

    /// Calls `block` with each element in Core Graphics' C layout (`type` and a pointer to its
    /// points: 1 for move and line, 2 for a quadratic curve, 3 for a cubic, 0 for close). The
    /// pointer is valid only during the call.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        withUnsafeTemporaryAllocation(of: CGPoint.self, capacity: 3) { points in
            let base = points.baseAddress!
            for element in elements {
                let type: CGPathElementType
                switch element {
                case .moveToPoint(let p): type = .moveToPoint; base[0] = p
                case .addLineToPoint(let p): type = .addLineToPoint; base[0] = p
                case .addQuadCurveToPoint(let c, let e): type = .addQuadCurveToPoint; base[0] = c; base[1] = e
                case .addCurveToPoint(let c1, let c2, let e):
                    type = .addCurveToPoint; base[0] = c1; base[1] = c2; base[2] = e
                case .closeSubpath: type = .closeSubpath
                }
                var record = CGPathElement(type: type, points: base)
                withUnsafePointer(to: &record) { block($0) }
            }
        }
    }

    /// True when the path is exactly one axis-aligned rectangle (move, three or four lines,
    /// optionally closed); the rectangle (standardized) is stored in `rect` when given.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        guard let found = axisAlignedRect else { return false }
        rect?.pointee = found
        return true
    }

    /// The rectangle this path draws, when it is exactly one axis-aligned rectangle.
    package var axisAlignedRect: CGRect? {
        var points: [CGPoint] = []
        points.reserveCapacity(5)
        for (index, element) in elements.enumerated() {
            switch element {
            case .moveToPoint(let p) where index == 0: points.append(p)
            case .addLineToPoint(let p) where index > 0: points.append(p)
            case .closeSubpath where index == elements.count - 1: break
            default: return nil
            }
        }
        if points.count == 5 {
            guard points[4] == points[0] else { return nil }
            points.removeLast()
        }
        guard points.count == 4 else { return nil }
        for i in 0..<4 {
            let p = points[i], q = points[(i + 1) % 4]
            if !(p.x == q.x) == !(p.y == q.y) { return nil }  // each side moves along exactly one axis
        }
        let xs = points.map(\.x), ys = points.map(\.y)
        let rect = CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        guard rect.width > 0, rect.height > 0,
              Set(xs).count == 2, Set(ys).count == 2 else { return nil }
        return rect
    }
}

/// The kind of a path element in Core Graphics' C layout (``CGPathElement``).
public enum CGPathElementType: Int32, Sendable {
    /// One point: the start of a new subpath.
    case moveToPoint = 0
    /// One point: the end of a line.
    case addLineToPoint = 1
    /// Two points: the control point, then the end.
    case addQuadCurveToPoint = 2
    /// Three points: two control points, then the end.
    case addCurveToPoint = 3
    /// No points: closes the subpath.
    case closeSubpath = 4
}

/// A path element as Core Graphics' C struct, handed to ``CGPath/applyWithBlock(_:)``.
public struct CGPathElement {
    /// What the element does.
    public var type: CGPathElementType
    /// The element's points: control points first, end point last.
    public var points: UnsafeMutablePointer<CGPoint>

    /// An element of `type` whose points are at `points`.
    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// The rule that decides which points a self-overlapping path fills.
public enum CGPathFillRule: Int, Sendable {
    /// A point is inside when the path winds around it a non-zero number of times (the default).
    case winding = 0
    /// A point is inside when a ray from it crosses the path an odd number of times.
    case evenOdd = 1

    /// Whether a winding number counts as inside under this rule.
    @inline(__always)
    package func isInside(_ winding: Int) -> Bool {
        self == .winding ? winding != 0 : (winding & 1) != 0
    }
}
