import Foundation
import TextKitGraphics

/// The traits of a view's environment, as UIKit's `UITraitCollection`: display scale,
/// appearance, text size, size classes, layout direction. Immutable; read a view's with
/// `UIView.traitCollection`. Fonts read only the content size category
/// (`UIFont.preferredFont(forTextStyle:compatibleWith:)`, ``UIFontMetrics``).
///
/// Linux differences: there is no dark mode (``userInterfaceStyle`` is `.light` in every
/// collection a view or screen reports), a desktop window reports regular size classes, and the
/// layout direction is left to right.
public final class UITraitCollection: Hashable, Sendable {
    /// Device pixels per point; 0 when unspecified.
    public let displayScale: CGFloat
    /// Light or dark appearance.
    public let userInterfaceStyle: UIUserInterfaceStyle
    /// The preferred text size.
    public let preferredContentSizeCategory: UIContentSizeCategory
    /// The width's size class.
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    /// The height's size class.
    public let verticalSizeClass: UIUserInterfaceSizeClass
    /// The direction of the layout.
    public let layoutDirection: UITraitEnvironmentLayoutDirection

    /// A collection with every trait given (a Linux addition: UIKit builds collections from
    /// single traits with ``init(traitsFrom:)``).
    public init(displayScale: CGFloat, userInterfaceStyle: UIUserInterfaceStyle,
                preferredContentSizeCategory: UIContentSizeCategory,
                horizontalSizeClass: UIUserInterfaceSizeClass,
                verticalSizeClass: UIUserInterfaceSizeClass,
                layoutDirection: UITraitEnvironmentLayoutDirection) {
        self.displayScale = displayScale
        self.userInterfaceStyle = userInterfaceStyle
        self.preferredContentSizeCategory = preferredContentSizeCategory
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.layoutDirection = layoutDirection
    }

    /// An empty collection (every trait unspecified).
    public convenience init() { self.init(displayScale: 0) }

    /// A collection with only a display scale.
    public convenience init(displayScale: CGFloat) {
        self.init(displayScale: displayScale, userInterfaceStyle: .unspecified, preferredContentSizeCategory: .unspecified, horizontalSizeClass: .unspecified, verticalSizeClass: .unspecified, layoutDirection: .unspecified)
    }

    /// A collection with only an appearance.
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.init(displayScale: 0, userInterfaceStyle: userInterfaceStyle, preferredContentSizeCategory: .unspecified, horizontalSizeClass: .unspecified, verticalSizeClass: .unspecified, layoutDirection: .unspecified)
    }

    /// A collection with only a content size category.
    public convenience init(preferredContentSizeCategory: UIContentSizeCategory) {
        self.init(displayScale: 0, userInterfaceStyle: .unspecified, preferredContentSizeCategory: preferredContentSizeCategory, horizontalSizeClass: .unspecified, verticalSizeClass: .unspecified, layoutDirection: .unspecified)
    }

    /// A collection with only a horizontal size class.
    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) {
        self.init(displayScale: 0, userInterfaceStyle: .unspecified, preferredContentSizeCategory: .unspecified, horizontalSizeClass: horizontalSizeClass, verticalSizeClass: .unspecified, layoutDirection: .unspecified)
    }

    /// A collection with only a vertical size class.
    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) {
        self.init(displayScale: 0, userInterfaceStyle: .unspecified, preferredContentSizeCategory: .unspecified, horizontalSizeClass: .unspecified, verticalSizeClass: verticalSizeClass, layoutDirection: .unspecified)
    }

    /// A collection with only a layout direction.
    public convenience init(layoutDirection: UITraitEnvironmentLayoutDirection) {
        self.init(displayScale: 0, userInterfaceStyle: .unspecified, preferredContentSizeCategory: .unspecified, horizontalSizeClass: .unspecified, verticalSizeClass: .unspecified, layoutDirection: layoutDirection)
    }

    /// The traits of `traitCollections` combined: each trait is the last specified one.
    public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
        var scale: CGFloat = 0
        var style = UIUserInterfaceStyle.unspecified
        var category = UIContentSizeCategory.unspecified
        var horizontal = UIUserInterfaceSizeClass.unspecified
        var vertical = UIUserInterfaceSizeClass.unspecified
        var direction = UITraitEnvironmentLayoutDirection.unspecified
        for t in traitCollections {
            if t.displayScale != 0 { scale = t.displayScale }
            if t.userInterfaceStyle != .unspecified { style = t.userInterfaceStyle }
            if t.preferredContentSizeCategory != .unspecified { category = t.preferredContentSizeCategory }
            if t.horizontalSizeClass != .unspecified { horizontal = t.horizontalSizeClass }
            if t.verticalSizeClass != .unspecified { vertical = t.verticalSizeClass }
            if t.layoutDirection != .unspecified { direction = t.layoutDirection }
        }
        self.init(displayScale: scale, userInterfaceStyle: style, preferredContentSizeCategory: category,
                  horizontalSizeClass: horizontal, verticalSizeClass: vertical, layoutDirection: direction)
    }

    /// Whether every trait specified in `trait` has the same value here.
    public func containsTraits(in trait: UITraitCollection?) -> Bool {
        guard let trait else { return true }
        return (trait.displayScale == 0 || trait.displayScale == displayScale)
            && (trait.userInterfaceStyle == .unspecified || trait.userInterfaceStyle == userInterfaceStyle)
            && (trait.preferredContentSizeCategory == .unspecified || trait.preferredContentSizeCategory == preferredContentSizeCategory)
            && (trait.horizontalSizeClass == .unspecified || trait.horizontalSizeClass == horizontalSizeClass)
            && (trait.verticalSizeClass == .unspecified || trait.verticalSizeClass == verticalSizeClass)
            && (trait.layoutDirection == .unspecified || trait.layoutDirection == layoutDirection)
    }

    /// Whether colours resolve differently in `traitCollection` (a different appearance).
    public func hasDifferentColorAppearance(comparedTo traitCollection: UITraitCollection?) -> Bool {
        traitCollection?.userInterfaceStyle != userInterfaceStyle
    }

    /// The process's traits: the preferred content size category (the rest unspecified).
    public static var current: UITraitCollection {
        UITraitCollection(preferredContentSizeCategory: UIContentSizeCategory.preferred)
    }

    /// The category to use: this one, or the process's when unspecified.
    var effectiveCategory: UIContentSizeCategory {
        UIContentSizeCategory.allCategories.contains(preferredContentSizeCategory)
            ? preferredContentSizeCategory : UIContentSizeCategory.preferred
    }

    /// Two trait collections are equal when all their traits are.
    public static func == (lhs: UITraitCollection, rhs: UITraitCollection) -> Bool {
        lhs.displayScale == rhs.displayScale && lhs.userInterfaceStyle == rhs.userInterfaceStyle
            && lhs.preferredContentSizeCategory == rhs.preferredContentSizeCategory
            && lhs.horizontalSizeClass == rhs.horizontalSizeClass && lhs.verticalSizeClass == rhs.verticalSizeClass
            && lhs.layoutDirection == rhs.layoutDirection
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(displayScale)
        hasher.combine(userInterfaceStyle)
        hasher.combine(preferredContentSizeCategory)
        hasher.combine(horizontalSizeClass)
        hasher.combine(verticalSizeClass)
        hasher.combine(layoutDirection)
    }
}

/// Light or dark appearance.
public enum UIUserInterfaceStyle: Int, Sendable, Hashable {
    /// Not specified.
    case unspecified
    /// The light appearance (always, here).
    case light
    /// The dark appearance (never reported here).
    case dark
}

/// A rough measure of the space available: compact (an iPhone's width) or regular.
public enum UIUserInterfaceSizeClass: Int, Sendable, Hashable {
    /// Not specified.
    case unspecified
    /// Compact.
    case compact
    /// Regular (a desktop window's, here).
    case regular
}

/// The direction of a layout.
public enum UITraitEnvironmentLayoutDirection: Int, Sendable, Hashable {
    /// Not specified.
    case unspecified = -1
    /// Left to right.
    case leftToRight = 0
    /// Right to left.
    case rightToLeft = 1
}

