import Foundation

// Numbers from callers and from data (points, rects, sizes, attribute values, file contents) may
// be NaN, infinite or absurdly large. Swift traps when such a value is converted to an integer,
// so every such conversion in the library goes through `init(saturating:)`, and every point or
// rect a caller hands to a query goes through `clampedToLayoutLimits` first.

extension FixedWidthInteger {
    /// `value` converted without trapping: NaN gives 0, values beyond the type's range (infinities
    /// included) give its nearest bound, the others are truncated toward zero as `init(_:)` does.
    // Inlinable so that callers get it specialized: unspecialized, it goes through the standard
    // library's generic float-to-integer conversion, about 10,000 instructions a call (3 % of
    // laying out 1 MB, where it ran once a paragraph).
    @inlinable
    package init<F: BinaryFloatingPoint>(saturating value: F) {
        if value.isNaN {
            self = 0
        } else if value >= F(Self.max) {
            self = .max  // F(Self.max) rounds up to a power of two, out of range itself
        } else if value <= F(Self.min) {
            self = .min
        } else {
            self.init(value)
        }
    }

    /// `value` converted without trapping, as the generic version, by way of `Double`: the
    /// standard library converts its own floating-point types directly, Foundation's `CGFloat`
    /// through a slow generic path.
    @inlinable
    package init(saturating value: CGFloat) {
        self.init(saturating: Double(value))
    }
}

/// The coordinate range layout and queries work in.
package enum LayoutLimits {
    /// The largest coordinate magnitude, in points: 10¹² (a column of text 35,000 km long), far
    /// beyond any real document, small enough that sums of coordinates stay exact to a fraction of
    /// a point and convert to fixed-point integers without overflowing.
    package static let coordinate: CGFloat = 1e12

    /// `value` as a usable coordinate: NaN becomes 0, anything beyond ±``coordinate`` (infinities
    /// included) becomes ±``coordinate``.

    package static func clamp(_ value: CGFloat) -> CGFloat {
        value.isNaN ? 0 : min(max(value, -coordinate), coordinate)
    }
}

extension CGPoint {
    /// The point with each coordinate made usable by ``LayoutLimits/clamp(_:)``: NaN acts as 0,
    /// infinities and absurd magnitudes clamp to ±10¹².

    package var clampedToLayoutLimits: CGPoint {
        CGPoint(x: LayoutLimits.clamp(x), y: LayoutLimits.clamp(y))
    }
}

extension CGRect {
    /// The rect with its origin and size made usable by ``LayoutLimits/clamp(_:)`` (NaN acts as 0,
    /// infinities clamp), standardized, and its edges kept within ±10¹².

    package var clampedToLayoutLimits: CGRect {
        let x = LayoutLimits.clamp(origin.x), y = LayoutLimits.clamp(origin.y)
        let w = LayoutLimits.clamp(size.width), h = LayoutLimits.clamp(size.height)
        let minX = min(x, x + w), maxX = max(x, x + w), minY = min(y, y + h), maxY = max(y, y + h)
        let left = LayoutLimits.clamp(minX), right = LayoutLimits.clamp(maxX)
        let top = LayoutLimits.clamp(minY), bottom = LayoutLimits.clamp(maxY)
        return CGRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
