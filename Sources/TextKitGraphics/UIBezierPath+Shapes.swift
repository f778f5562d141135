import Foundation

/// The corners of a rectangle, for ``UIBezierPath/init(roundedRect:byRoundingCorners:cornerRadii:)``.
/// Top and bottom are as seen in UIKit's y-down space (top is `minY`).
public struct UIRectCorner: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The corner at (`minX`, `minY`).
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    /// The corner at (`maxX`, `minY`).
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    /// The corner at (`minX`, `maxY`).
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    /// The corner at (`maxX`, `maxY`).
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    /// All four corners.
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

extension UIBezierPath {
    /// A closed rectangle: (minX, minY) → (maxX, minY) → (maxX, maxY) → (minX, maxY).
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// A closed ellipse inscribed in `rect` (a circle when `rect` is square).
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// A closed rectangle with circular corners of `cornerRadius`, clamped to half the shorter
    /// side. (UIKit draws "continuous" squircle-like corners; these are circular arcs, so the
    /// outline differs from UIKit's by a fraction of a point near the corners.)
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let r = rect.standardized
        let radius = min(max(0, cornerRadius), min(r.width, r.height) / 2)
        let size = CGSize(width: radius, height: radius)
        path.addRoundedRect(in: rect, radii: (size, size, size, size))
    }

    /// A closed rectangle whose chosen `corners` are quarter ellipses of `cornerRadii` (each
    /// clamped to half the side); the other corners are sharp.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        func radius(_ corner: UIRectCorner) -> CGSize { corners.contains(corner) ? cornerRadii : .zero }
        path.addRoundedRect(in: rect, radii: (radius(.topLeft), radius(.topRight),
                                              radius(.bottomRight), radius(.bottomLeft)))
    }

    /// An open arc of a circle, starting at `startAngle` (radians from the positive x axis
    /// towards positive y). `clockwise` is as seen on a y-down screen, i.e. increasing angle.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                            clockwise: Bool) {
        self.init()
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }
}
