import Foundation

/// Inset distances for the edges of a rectangle, as UIKit's `UIEdgeInsets`. Positive values
/// move an edge inwards; negative values move it outwards. In UIKit's y-down space `top` is the
/// edge at `minY`.
public struct UIEdgeInsets: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The inset of the top edge (at `minY`).
    public var top: CGFloat
    /// The inset of the left edge.
    public var left: CGFloat
    /// The inset of the bottom edge (at `maxY`).
    public var bottom: CGFloat
    /// The inset of the right edge.
    public var right: CGFloat

    /// All four insets zero.
    public init() { (top, left, bottom, right) = (0, 0, 0, 0) }

    /// Insets with these distances, in points.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }

    /// All four insets zero.
    public static let zero = UIEdgeInsets()

    public var description: String { "{\(top), \(left), \(bottom), \(right)}" }
}

extension CGRect {
    /// The rectangle with each edge moved inwards by the matching inset, as UIKit's
    /// `CGRect.inset(by:)` (`UIEdgeInsetsInsetRect`): plain arithmetic on the standardized
    /// rectangle, so insets larger than the size give a negative width or height (as UIKit).
    /// The null rectangle stays null.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        if isNull { return self }
        let r = standardized
        return CGRect(x: r.minX + insets.left, y: r.minY + insets.top,
                      width: r.width - insets.left - insets.right,
                      height: r.height - insets.top - insets.bottom)
    }
}
