import Foundation

/// A colour in extended sRGB with alpha, as UIKit's `UIColor`.
open class UIColor: Hashable, @unchecked Sendable, CustomStringConvertible {  // immutable
    public let red: CGFloat
    public let green: CGFloat
    public let blue: CGFloat
    public let alpha: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static func == (lhs: UIColor, rhs: UIColor) -> Bool {
        lhs.red == rhs.red && lhs.green == rhs.green && lhs.blue == rhs.blue && lhs.alpha == rhs.alpha
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(red); hasher.combine(green); hasher.combine(blue); hasher.combine(alpha)
    }

    open var description: String { "UIColor(red: \(red), green: \(green), blue: \(blue), alpha: \(alpha))" }
}
