import Foundation

extension UIFont {
    /// A semantic text style for Dynamic Type, with UIKit's raw values.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The same as `init(rawValue:)`, without the label.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The large title of a screen: 34 pt at `.large`.
        public static let largeTitle = TextStyle("UICTFontTextStyleTitle0")
        /// A first-level title: 28 pt at `.large`.
        public static let title1 = TextStyle("UICTFontTextStyleTitle1")
        /// A second-level title: 22 pt at `.large`.
        public static let title2 = TextStyle("UICTFontTextStyleTitle2")
        /// A third-level title: 20 pt at `.large`.
        public static let title3 = TextStyle("UICTFontTextStyleTitle3")
        /// A headline, the only semibold style: 17 pt at `.large`.
        public static let headline = TextStyle("UICTFontTextStyleHeadline")
        /// A subheading: 15 pt at `.large`.
        public static let subheadline = TextStyle("UICTFontTextStyleSubhead")
        /// Body text: 17 pt at `.large`, 14 pt at `.extraSmall`, 53 pt at the largest accessibility size.
        public static let body = TextStyle("UICTFontTextStyleBody")
        /// A callout, slightly smaller than body: 16 pt at `.large`.
        public static let callout = TextStyle("UICTFontTextStyleCallout")
        /// A footnote: 13 pt at `.large`.
        public static let footnote = TextStyle("UICTFontTextStyleFootnote")
        /// A caption: 12 pt at `.large`.
        public static let caption1 = TextStyle("UICTFontTextStyleCaption1")
        /// A smaller caption: 11 pt at `.large`.
        public static let caption2 = TextStyle("UICTFontTextStyleCaption2")

        /// The eleven iOS text styles, largest first.
        public static let allStyles: [TextStyle] = [
            .largeTitle, .title1, .title2, .title3, .headline, .body, .callout, .subheadline, .footnote,
            .caption1, .caption2,
        ]

        /// The style's point size at a content size category (`.unspecified` and unknown
        /// categories count as `.large`; unknown styles use `.body`'s sizes).
        public func pointSize(for category: UIContentSizeCategory) -> CGFloat {
            let row = Self.sizes[self] ?? Self.sizes[.body]!
            return row[category.index]
        }

        /// The style's weight: semibold for `.headline`, regular for the others.
        public var weight: UIFont.Weight { self == .headline ? .semibold : .regular }

        /// Point sizes of the iOS text styles at each content size category, from Apple's Human
        /// Interface Guidelines, Typography → Specifications → "iOS, iPadOS Dynamic Type sizes"
        /// (https://developer.apple.com/design/human-interface-guidelines/typography), which list
        /// each style's weight, size and leading per category. Columns: xSmall, Small, Medium,
        /// Large (default), xLarge, xxLarge, xxxLarge, AX1 … AX5. Weights: Headline is Semibold,
        /// every other style Regular.
        static let sizes: [TextStyle: [CGFloat]] = [
            .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
            .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
            .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
            .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
            .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
            .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
            .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
            .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
            .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
            .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
            .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
        ]
    }

    /// The system font for a text style at the process's preferred content size category
    /// (``UIContentSizeCategory/preferred``): `.body` at `.large` is the system family at 17 pt,
    /// regular. Fonts do not update themselves: observe
    /// ``UIContentSizeCategory/didChangeNotification`` and ask again.
    public class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        preferredFont(forTextStyle: style, compatibleWith: nil)
    }

    /// The system font for a text style at the traits' content size category (`nil` or
    /// `.unspecified`: the preferred category).
    public class func preferredFont(forTextStyle style: TextStyle, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        let descriptor = UIFontDescriptor.preferredFontDescriptor(withTextStyle: style, compatibleWith: traitCollection)
        return UIFont(descriptor: descriptor, size: 0)
    }

    /// The system font for a text style at a content size category.
    public class func preferredFont(forTextStyle style: TextStyle, contentSizeCategory category: UIContentSizeCategory) -> UIFont {
        preferredFont(forTextStyle: style, compatibleWith: UITraitCollection(preferredContentSizeCategory: category))
    }
}

extension UIFontDescriptor {
    /// The descriptor of a text style's font at the preferred content size category: the system
    /// family, the style's size and weight, and the `.textStyle` attribute.
    public class func preferredFontDescriptor(withTextStyle style: UIFont.TextStyle) -> UIFontDescriptor {
        preferredFontDescriptor(withTextStyle: style, compatibleWith: nil)
    }

    /// The descriptor of a text style's font at the traits' content size category.
    public class func preferredFontDescriptor(withTextStyle style: UIFont.TextStyle,
                                              compatibleWith traitCollection: UITraitCollection?) -> UIFontDescriptor {
        let category = traitCollection?.effectiveCategory ?? UIContentSizeCategory.preferred
        var attributes = UIFont.systemDescriptor(family: UIFont.systemFontFamilyName, weight: style.weight, symbolic: []).attributes
        attributes.size = style.pointSize(for: category)
        attributes.textStyle = style
        return UIFontDescriptor(attributes: attributes)
    }
}
