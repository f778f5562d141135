import Foundation

/// An affine transform with Core Graphics' layout and Swift spellings: a point (x, y) maps to
/// (a·x + c·y + tx, b·x + d·y + ty).
///
/// Foundation on Linux has `CGFloat`, `CGPoint`, `CGSize` and `CGRect` but no
/// `CGAffineTransform`; this is ours, with Core Graphics' semantics. Composition follows Core
/// Graphics' row-vector convention: `t1.concatenating(t2)` maps a point by `t1` first, then `t2`.
public struct CGAffineTransform: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The matrix entries: [a b 0; c d 0; tx ty 1] in Core Graphics' row-vector layout.
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

    /// A transform with the given entries.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// A transform with the given entries, unlabelled (as Core Graphics' `CGAffineTransform(_:_:_:_:_:_:)`).
    public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    /// The identity transform.
    public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

    /// The identity transform.
    public static let identity = CGAffineTransform()

    /// A translation by (`tx`, `ty`).
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }

    /// A scale by `sx` horizontally and `sy` vertically (about the origin).
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

    /// A rotation by `angle` radians about the origin: counter-clockwise in a y-up space, hence
    /// clockwise on screen in UIKit's y-down space (as in UIKit).
    ///
    /// Multiples of π/2 give exact 0 and ±1 entries (so quarter turns of rectangles stay exact).
    public init(rotationAngle angle: CGFloat) {
        var (s, k) = (sin(angle), cos(angle))
        let quarter = angle / (.pi / 2)
        if quarter == quarter.rounded(), abs(quarter) < 1e6 {
            switch Int(quarter) & 3 {
            case 0: (s, k) = (0, 1)
            case 1: (s, k) = (1, 0)
            case 2: (s, k) = (0, -1)
            default: (s, k) = (-1, 0)
            }
        }
        self.init(a: k, b: s, c: -s, d: k, tx: 0, ty: 0)
    }

    /// True when this is exactly the identity.
    public var isIdentity: Bool { self == .identity }

    /// The transform without its translation.
    package var linearPart: CGAffineTransform { CGAffineTransform(a: a, b: b, c: c, d: d, tx: 0, ty: 0) }

    /// `self` followed by `t`: a point is first mapped by `self`, then by `t`.
    public func concatenating(_ t: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                          c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                          tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    /// A translation applied before this transform (as Core Graphics' `translatedBy`): the
    /// result maps p to `self(p + (x, y))`.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// A scale applied before this transform (as Core Graphics' `scaledBy`).
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// A rotation applied before this transform (as Core Graphics' `rotated(by:)`).
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The determinant of the linear part (a·d − b·c); 0 means the transform cannot be inverted.
    public var determinant: CGFloat { a * d - b * c }

    /// The inverse, or `self` unchanged when the transform cannot be inverted (as Core Graphics).
    public func inverted() -> CGAffineTransform {
        let det = determinant
        guard det != 0, det.isFinite else { return self }
        return CGAffineTransform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                                 tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// The inverse, or nil when the transform cannot be inverted.
    package var inverse: CGAffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return inverted()
    }

    /// True when the transform only translates and scales (no rotation or skew), so rectangles
    /// stay axis-aligned rectangles.
    package var preservesAxisAlignment: Bool { b == 0 && c == 0 }

    /// The largest factor by which the transform stretches a length (the larger singular value).
    package var maximumScale: CGFloat {
        let p = a * a + b * b + c * c + d * d
        let q = determinant
        let root = (max(0, p * p - 4 * q * q)).squareRoot()
        return ((p + root) / 2).squareRoot()
    }

    public var description: String { "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))" }
}

extension CGPoint {
    /// The point mapped by `t`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size mapped by the transform's linear part (no translation), as Core Graphics.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle holding the transformed corners, as Core Graphics. The null
    /// rectangle stays null.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return self }
        if t.preservesAxisAlignment {
            let x0 = t.a * minX + t.tx, x1 = t.a * maxX + t.tx
            let y0 = t.d * minY + t.ty, y1 = t.d * maxY + t.ty
            return CGRect(x: Swift.min(x0, x1), y: Swift.min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
        }
        let p0 = CGPoint(x: minX, y: minY).applying(t), p1 = CGPoint(x: maxX, y: minY).applying(t)
        let p2 = CGPoint(x: minX, y: maxY).applying(t), p3 = CGPoint(x: maxX, y: maxY).applying(t)
        let lowX = Swift.min(Swift.min(p0.x, p1.x), Swift.min(p2.x, p3.x))
        let highX = Swift.max(Swift.max(p0.x, p1.x), Swift.max(p2.x, p3.x))
        let lowY = Swift.min(Swift.min(p0.y, p1.y), Swift.min(p2.y, p3.y))
        let highY = Swift.max(Swift.max(p0.y, p1.y), Swift.max(p2.y, p3.y))
        return CGRect(x: lowX, y: lowY, width: highX - lowX, height: highY - lowY)
    }
}
