import TextKitModel
import TextKitGraphics

/// What kind of accessibility element something is, as UIKit's `UIAccessibilityTraits`: an
/// option set combined with `[.button, .selected]`. The raw values are OpenTextKit's (do not
/// store them); compare with the members.
public struct UIAccessibilityTraits: OptionSet, Sendable, Hashable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// No traits.
    public static let none = UIAccessibilityTraits([])
    /// A button.
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    /// A link.
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    /// An image.
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    /// Selected.
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    /// Plays a sound when activated.
    public static let playsSound = UIAccessibilityTraits(rawValue: 1 << 4)
    /// A keyboard key.
    public static let keyboardKey = UIAccessibilityTraits(rawValue: 1 << 5)
    /// Text that does not change (a label).
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
    /// A summary read when the app starts.
    public static let summaryElement = UIAccessibilityTraits(rawValue: 1 << 7)
    /// Disabled.
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
    /// Changes often (a timer's value).
    public static let updatesFrequently = UIAccessibilityTraits(rawValue: 1 << 9)
    /// A search field.
    public static let searchField = UIAccessibilityTraits(rawValue: 1 << 10)
    /// Starts a media session when activated.
    public static let startsMediaSession = UIAccessibilityTraits(rawValue: 1 << 11)
    /// Adjusted by increments (a slider).
    public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
    /// Takes touches directly (a drawing area).
    public static let allowsDirectInteraction = UIAccessibilityTraits(rawValue: 1 << 13)
    /// Turns the page when reading reaches its end.
    public static let causesPageTurn = UIAccessibilityTraits(rawValue: 1 << 14)
    /// A heading.
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
    /// A tab bar.
    public static let tabBar = UIAccessibilityTraits(rawValue: 1 << 17)
    /// Zooms in and out (a map; iOS 17).
    public static let supportsZoom = UIAccessibilityTraits(rawValue: 1 << 18)
    /// A switch-like button that toggles (iOS 17).
    public static let toggleButton = UIAccessibilityTraits(rawValue: 1 << 19)
}

/// UIKit's accessibility functions and notifications. Linux difference: there is no VoiceOver
/// here; ``post(notification:argument:)`` does nothing (GTK 4.8 cannot announce: its
/// `gtk_accessible_announce` arrived in 4.14), and the GTK host exports its view's label, value
/// and hint to the desktop's accessibility bus itself.
public enum UIAccessibility {
    /// A notification to assistive technologies.
    public struct Notification: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// The screen changed a lot (a new view appeared); the argument is what to focus.
        public static let screenChanged = Notification(rawValue: 1000)
        /// The layout changed (an element appeared or went); the argument is what to focus.
        public static let layoutChanged = Notification(rawValue: 1001)
        /// Speak the argument (a `String`).
        public static let announcement = Notification(rawValue: 1008)
        /// A scroll moved the page; the argument is a description of the position.
        public static let pageScrolled = Notification(rawValue: 1009)
    }

    /// Tells assistive technologies of `notification`. Does nothing here (see the type's notes).
    @MainActor
    public static func post(notification: Notification, argument: Any?) {}

    /// Whether VoiceOver runs: always false here.
    @MainActor
    public static var isVoiceOverRunning: Bool { false }

    /// Converts `rect`, in `view`'s bounds coordinates, to screen coordinates, as an
    /// accessibility element's ``UIAccessibilityElement/accessibilityFrame`` reports it.
    ///
    /// Linux difference: there is no screen to place the hierarchy on, so the rect comes back in
    /// the coordinates of the top view of `view`'s hierarchy (the view with no superview, which a
    /// host shows at its window's origin): `view.convert(rect, to: nil)`, the coordinates
    /// ``UIView/accessibilityFrame`` and ``UIAccessibilityElement/accessibilityFrame`` use too.
    /// For a view not in any hierarchy that is `rect` offset by the view's frame origin.
    @MainActor
    public static func convertToScreenCoordinates(_ rect: CGRect, in view: UIView) -> CGRect {
        view.convert(rect, to: nil)
    }
}
