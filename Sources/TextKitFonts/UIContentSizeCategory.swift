import Foundation
import TextKitGraphics

/// The user's preferred text size, as UIKit's `UIContentSizeCategory`: seven standard sizes
/// (`.extraSmall` … `.extraExtraExtraLarge`, default `.large`) and five accessibility sizes.
///
/// There is no `UIApplication` here: the process-wide setting is ``preferred``, settable in code
/// or through the environment variable `OTK_CONTENT_SIZE_CATEGORY`; changing it posts
/// ``didChangeNotification``.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The same as `init(rawValue:)`, without the label.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// No category: whoever reads it uses ``preferred`` instead.
    public static let unspecified = UIContentSizeCategory("_UICTContentSizeCategoryUnspecified")
    /// Extra small ("XS"): body text at 14 pt.
    public static let extraSmall = UIContentSizeCategory("UICTContentSizeCategoryXS")
    /// Small ("S"): body text at 15 pt.
    public static let small = UIContentSizeCategory("UICTContentSizeCategoryS")
    /// Medium ("M"): body text at 16 pt.
    public static let medium = UIContentSizeCategory("UICTContentSizeCategoryM")
    /// Large ("L"), the default: body text at 17 pt.
    public static let large = UIContentSizeCategory("UICTContentSizeCategoryL")
    /// Extra large ("XL"): body text at 19 pt.
    public static let extraLarge = UIContentSizeCategory("UICTContentSizeCategoryXL")
    /// Extra extra large ("XXL"): body text at 21 pt.
    public static let extraExtraLarge = UIContentSizeCategory("UICTContentSizeCategoryXXL")
    /// The largest standard size ("XXXL"): body text at 23 pt.
    public static let extraExtraExtraLarge = UIContentSizeCategory("UICTContentSizeCategoryXXXL")
    /// The first accessibility size ("AX1"): body text at 28 pt.
    public static let accessibilityMedium = UIContentSizeCategory("UICTContentSizeCategoryAccessibilityM")
    /// Accessibility size "AX2": body text at 33 pt.
    public static let accessibilityLarge = UIContentSizeCategory("UICTContentSizeCategoryAccessibilityL")
    /// Accessibility size "AX3": body text at 40 pt.
    public static let accessibilityExtraLarge = UIContentSizeCategory("UICTContentSizeCategoryAccessibilityXL")
    /// Accessibility size "AX4": body text at 47 pt.
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory("UICTContentSizeCategoryAccessibilityXXL")
    /// The largest accessibility size ("AX5"): body text at 53 pt.
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory("UICTContentSizeCategoryAccessibilityXXXL")

    /// Every category from smallest to largest (without `.unspecified`).
    public static let allCategories: [UIContentSizeCategory] = [
        .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
        .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
        .accessibilityExtraExtraExtraLarge,
    ]

    /// The position in ``allCategories`` (`.large` = 3); unknown and `.unspecified` count as `.large`.
    var index: Int { Self.allCategories.firstIndex(of: self) ?? 3 }

    /// True for the five accessibility sizes.
    public var isAccessibilityCategory: Bool { (Self.allCategories.firstIndex(of: self) ?? 0) >= 7 }

    /// Orders categories from smallest to largest; `.unspecified` and unknown raw values sort as `.large`.
    public static func < (lhs: UIContentSizeCategory, rhs: UIContentSizeCategory) -> Bool { lhs.index < rhs.index }

    /// The Swift name of the category, such as "extraLarge" (unknown raw values print as "large").
    public var description: String { Self.shortNames[index] }

    /// Names accepted by ``init(name:)`` besides the raw values, in ``allCategories`` order.
    private static let shortNames = [
        "extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge", "extraExtraExtraLarge",
        "accessibilityMedium", "accessibilityLarge", "accessibilityExtraLarge", "accessibilityExtraExtraLarge",
        "accessibilityExtraExtraExtraLarge",
    ]
    private static let abbreviations = ["XS", "S", "M", "L", "XL", "XXL", "XXXL", "AX1", "AX2", "AX3", "AX4", "AX5"]

    /// A category from a name as people write it: the raw value ("UICTContentSizeCategoryXL"), the
    /// Swift name ("extraLarge"), or the HIG abbreviation ("XL", "AX1" … "AX5"), case-insensitive.
    /// `nil` for anything else.
    public init?(name: String) {
        let n = name.trimmingCharacters(in: .whitespaces).lowercased()
        for (i, category) in Self.allCategories.enumerated()
        where category.rawValue.lowercased() == n || Self.shortNames[i].lowercased() == n || Self.abbreviations[i].lowercased() == n {
            self = category
            return
        }
        return nil
    }

    // MARK: - The process-wide preference

    /// Posted on `NotificationCenter.default` when ``preferred`` changes; `userInfo` holds the
    /// new category under ``newValueUserInfoKey``. Posted synchronously on the thread that set it.
    public static let didChangeNotification = Notification.Name("UIContentSizeCategoryDidChangeNotification")

    /// The `userInfo` key of ``didChangeNotification`` (value: `UIContentSizeCategory`).
    public static let newValueUserInfoKey = "UIContentSizeCategoryNewValueKey"

    /// The category set, or nil until first read (`Locked`, not `Mutex`: see Locked.swift).
    private static let current = Locked<UIContentSizeCategory?>(nil)

    /// The process's preferred category, used by `UIFont.preferredFont(forTextStyle:)`.
    ///
    /// Starts as `OTK_CONTENT_SIZE_CATEGORY` when that parses (see ``init(name:)``), else `.large`.
    /// Setting a different value posts ``didChangeNotification``; setting the same value does not.
    /// Thread-safe.
    public static var preferred: UIContentSizeCategory {
        get { current.withLock { Self.read(&$0) } }
        set {
            let changed = current.withLock { current in
                let old = Self.read(&current)
                current = newValue
                return old != newValue
            }
            // Posted outside the lock so observers may read `preferred`.
            if changed {
                NotificationCenter.default.post(name: didChangeNotification, object: nil,
                                                userInfo: [newValueUserInfoKey: newValue])
            }
        }
    }

    private static func read(_ value: inout UIContentSizeCategory?) -> UIContentSizeCategory {
        if let value { return value }
        let initial = ProcessInfo.processInfo.environment["OTK_CONTENT_SIZE_CATEGORY"]
            .flatMap(UIContentSizeCategory.init(name:)) ?? .large
        value = initial
        return initial
    }
}
