import Foundation

/// A path with drawing attributes, as UIKit's `UIBezierPath`, over a ``CGPath``.
///
/// Coordinates are UIKit's (y down). A `UIBezierPath` is a mutable reference type, as in UIKit;
/// do not mutate one while another thread reads it. Geometry queries (``bounds``,
/// ``contains(_:)``, the band spans exclusion paths use) are cached until the next mutation.
open class UIBezierPath: @unchecked Sendable {  // a reference type with mutable state, as in UIKit
    /// The underlying path, as an immutable snapshot. Setting it replaces the whole path.
    /// Reading it repeatedly without mutating returns the same object, so caches kept with the
    /// path (flattening, bounds) survive.
    public var cgPath: CGPath {
        get {
            if let snapshot, snapshotGeneration == path.generation { return snapshot }
            let made = path.copy()
            (snapshot, snapshotGeneration) = (made, path.generation)
            return made
        }
        set { path = newValue.mutableCopy() }
    }
    package var path: CGMutablePath {
        didSet { snapshot = nil }
    }
    private var snapshot: CGPath?
    private var snapshotGeneration: UInt64 = 0

    /// The width of stroked lines, in user-space points (default 1).
    open var lineWidth: CGFloat = 1
    /// The shape of the ends of open subpaths when stroked (default `.butt`).
    open var lineCapStyle: CGLineCap = .butt
    /// The shape of corners when stroked (default `.miter`).
    open var lineJoinStyle: CGLineJoin = .miter
    /// The limit on the miter length at sharp corners, as a multiple of the line width (default 10).
    open var miterLimit: CGFloat = 10
    /// How closely curves are approximated when flattened for drawing (default 0.6, as UIKit).
    /// Cairo flattens with its own tolerance, so this only affects the path queries that flatten
    /// curves (containment, bounds, exclusion bands).
    open var flatness: CGFloat = 0.6
    /// Fill with the even-odd rule instead of non-zero winding (default false). Also used by
    /// ``contains(_:)`` and by the text container's exclusion-path spans.
    open var usesEvenOddFillRule: Bool = false
    /// The dash pattern (lengths alternate on/off, in points) and its phase; empty means solid.
    package private(set) var lineDash: (pattern: [CGFloat], phase: CGFloat) = ([], 0)

    /// An empty path with default drawing attributes.
    public init() { path = CGMutablePath() }

    /// A path with a copy of `cgPath`'s elements and default drawing attributes.
    public init(cgPath: CGPath) { path = cgPath.mutableCopy() }

    /// The fill rule ``usesEvenOddFillRule`` selects.
    package var fillRule: CGPathFillRule { usesEvenOddFillRule ? .evenOdd : .winding }

    // MARK: Building

    /// Starts a new subpath at `point`.
    open func move(to point: CGPoint) { path.move(to: point) }

    /// Adds a straight line to `point`.
    open func addLine(to point: CGPoint) { path.addLine(to: point) }

    /// Adds a cubic Bézier curve to `endPoint`.
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// Adds a quadratic Bézier curve to `endPoint`.
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// Adds an arc, preceded by a line from the current point to its start. `clockwise` is as
    /// seen on a y-down screen: `true` sweeps with increasing angle (the opposite flag of
    /// ``CGMutablePath/addArc(center:radius:startAngle:endAngle:clockwise:transform:)``).
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                     clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Closes the current subpath.
    open func close() { path.closeSubpath() }

    /// Removes every element (drawing attributes stay).
    open func removeAllPoints() { path.removeAll() }

    /// Appends the subpaths of `bezierPath` (its drawing attributes are not taken).
    open func append(_ bezierPath: UIBezierPath) { path.addPath(bezierPath.path) }

    /// Maps every point by `transform`.
    open func apply(_ transform: CGAffineTransform) {
        path = CGMutablePath(elements: path.elements.map { $0.applying(transform) })
    }

    /// A new path with the same subpaths traced in the opposite direction (and the same
    /// drawing attributes).
    open func reversing() -> UIBezierPath {
        let result = UIBezierPath(cgPath: path.reversed())
        result.copyAttributes(from: self)
        return result
    }

    // MARK: Queries

    /// The rectangle holding every point of the path, including curve control points (as
    /// UIKit's `bounds`, which is Core Graphics' `boundingBox`). The null rectangle when empty.
    open var bounds: CGRect { path.boundingBox }

    /// True when the path has no elements.
    open var isEmpty: Bool { path.isEmpty }

    /// The end point of the last element (`.zero` when empty).
    open var currentPoint: CGPoint { path.currentPoint }

    /// Whether the filled path holds `point`, honouring ``usesEvenOddFillRule``.
    open func contains(_ point: CGPoint) -> Bool { cgPath.contains(point, using: fillRule) }

    /// The x intervals this path covers within the band `y0...y1`, under its own fill rule:
    /// see ``CGPath/coveredIntervals(inBandFrom:to:fillRule:tolerance:)``.
    package func coveredIntervals(inBandFrom y0: CGFloat, to y1: CGFloat,
                                  tolerance: CGFloat = CGPath.defaultFlatteningTolerance) -> [ClosedRange<CGFloat>] {
        cgPath.coveredIntervals(inBandFrom: y0, to: y1, fillRule: fillRule, tolerance: tolerance)
    }

    // MARK: Dashes

    /// Sets the dash pattern from `count` lengths at `pattern` (nil or 0 for a solid line).
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        guard let pattern, count > 0 else { lineDash = ([], 0); return }
        lineDash = (Array(UnsafeBufferPointer(start: pattern, count: count)), phase)
    }

    /// Swift-friendly form of ``setLineDash(_:count:phase:)``.
    open func setLineDash(_ pattern: [CGFloat], phase: CGFloat) {
        lineDash = (pattern, phase)
    }

    /// Copies the dash pattern into `pattern` (which must hold `count`'s value of lengths, or
    /// be nil) and reports the number of lengths and the phase.
    open func getLineDash(_ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
                          phase: UnsafeMutablePointer<CGFloat>?) {
        if let pattern {
            for (i, length) in lineDash.pattern.enumerated() { pattern[i] = length }
        }
        count?.pointee = lineDash.pattern.count
        phase?.pointee = lineDash.phase
    }

    func copyAttributes(from other: UIBezierPath) {
        lineWidth = other.lineWidth
        lineCapStyle = other.lineCapStyle
        lineJoinStyle = other.lineJoinStyle
        miterLimit = other.miterLimit
        flatness = other.flatness
        usesEvenOddFillRule = other.usesEvenOddFillRule
        lineDash = other.lineDash
    }
}

extension UIBezierPath: NSCopying {
    /// A deep copy: path and drawing attributes.
    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = UIBezierPath(cgPath: path)
        copy.copyAttributes(from: self)
        return copy
    }
}
