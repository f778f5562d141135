import Foundation

/// Scales custom fonts and values with Dynamic Type, as UIKit's `UIFontMetrics`.
///
/// The factor for a category is the text style's size there over its size at `.large` (the HIG
/// table in ``UIFont/TextStyle``): `.body` at `.extraExtraExtraLarge` scales by 23/17. UIKit uses
/// slightly different private curves for custom fonts; this uses the system font's own ratios so a
/// custom font keeps its relation to the system text styles. Scaled font sizes are rounded to whole
/// points as UIKit's are; ``scaledValue(for:)`` is not rounded.
public struct UIFontMetrics: Hashable, Sendable {
    /// The style whose curve this follows.
    public let textStyle: UIFont.TextStyle

    /// The metrics of a text style.
    public init(forTextStyle textStyle: UIFont.TextStyle) {
        self.textStyle = textStyle
    }

    /// The metrics of `.body`.
    public static let `default` = UIFontMetrics(forTextStyle: .body)

    /// The factor at a category (1 at `.large`).
    func factor(for category: UIContentSizeCategory) -> CGFloat {
        textStyle.pointSize(for: category) / textStyle.pointSize(for: .large)
    }

    /// `font` scaled for the preferred content size category (its size × the factor, rounded).
    public func scaledFont(for font: UIFont) -> UIFont {
        scaledFont(for: font, compatibleWith: nil)
    }

    /// `font` scaled, but never larger than `maximumPointSize` (0: no limit).
    public func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont {
        scaledFont(for: font, maximumPointSize: maximumPointSize, compatibleWith: nil)
    }

    /// `font` scaled for the traits' content size category (`nil`: the preferred one).
    public func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        scaledFont(for: font, maximumPointSize: 0, compatibleWith: traitCollection)
    }

    /// `font` scaled for the traits' category, capped at `maximumPointSize` (0: no limit).
    public func scaledFont(for font: UIFont, maximumPointSize: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        let category = traitCollection?.effectiveCategory ?? UIContentSizeCategory.preferred
        var size = (font.pointSize * factor(for: category)).rounded()
        if maximumPointSize > 0 { size = min(size, maximumPointSize) }
        return size == font.pointSize ? font : font.withSize(max(size, 1))
    }

    /// A layout value (spacing, a height) scaled for the preferred category, unrounded.
    public func scaledValue(for value: CGFloat) -> CGFloat {
        scaledValue(for: value, compatibleWith: nil)
    }

    /// A layout value scaled for the traits' category, unrounded.
    public func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> CGFloat {
        value * factor(for: traitCollection?.effectiveCategory ?? UIContentSizeCategory.preferred)
    }
}
