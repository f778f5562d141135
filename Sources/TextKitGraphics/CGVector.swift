import Foundation

/// A two-dimensional vector, as Core Graphics' `CGVector` (Foundation on Linux has none).
public struct CGVector: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The horizontal component.
    public var dx: CGFloat
    /// The vertical component (down in UIKit's y-down space).
    public var dy: CGFloat

    /// The zero vector.
    public init() { (dx, dy) = (0, 0) }
    /// A vector with these components.
    public init(dx: CGFloat, dy: CGFloat) { (self.dx, self.dy) = (dx, dy) }
    /// A vector with these components.
    public init(dx: Double, dy: Double) { (self.dx, self.dy) = (CGFloat(dx), CGFloat(dy)) }
    /// A vector with these components.
    public init(dx: Int, dy: Int) { (self.dx, self.dy) = (CGFloat(dx), CGFloat(dy)) }

    /// The zero vector.
    public static let zero = CGVector()

    public var description: String { "(\(dx), \(dy))" }
}
