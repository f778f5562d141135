import Foundation

/// A colour as Core Graphics' `CGColor`: device-independent components plus alpha, in either
/// a grey space (2 components: grey, alpha) or sRGB (4 components: red, green, blue, alpha).
/// Immutable and thread-safe. Two colours are equal when their space and components are.
public final class CGColor: Hashable, Sendable, CustomStringConvertible {
    /// The components including alpha (last).
    public let components: [CGFloat]?
    /// True for a grey colour (2 components).
    private let isGray: Bool

    /// An sRGB colour.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [red, green, blue, alpha]
        isGray = false
    }

    /// A grey: 0 black, 1 white.
    public init(gray: CGFloat, alpha: CGFloat) {
        components = [gray, alpha]
        isGray = true
    }

    /// The number of components including alpha (2 for grey, 4 for RGB).
    public var numberOfComponents: Int { components?.count ?? 0 }

    /// The alpha component.
    public var alpha: CGFloat { components?.last ?? 1 }

    /// The colour with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        let (r, g, b, _) = rgba
        return isGray ? CGColor(gray: r, alpha: alpha) : CGColor(red: r, green: g, blue: b, alpha: alpha)
    }

    /// Opaque black.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Transparent black.
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// Red, green, blue and alpha (a grey gives three equal components).
    package var rgba: (CGFloat, CGFloat, CGFloat, CGFloat) {
        guard let c = components else { return (0, 0, 0, 1) }
        return isGray ? (c[0], c[0], c[0], c[1]) : (c[0], c[1], c[2], c[3])
    }

    /// Two colours are equal when they are in the same space (grey or RGB) with the same components.
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs.isGray == rhs.isGray && lhs.components == rhs.components
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(isGray)
        hasher.combine(components)
    }

    public var description: String {
        let (r, g, b, a) = rgba
        return isGray ? "CGColor(gray: \(r), alpha: \(a))" : "CGColor(red: \(r), green: \(g), blue: \(b), alpha: \(a))"
    }
}
