extension UIView {
    /// How a view's content fits its bounds (``UIView/contentMode``). Recorded only: OpenTextKit
    /// draws a resized view again, as `.redraw` does.
    public enum ContentMode: Int, Sendable, Hashable {
        /// Stretched to fill the bounds.
        case scaleToFill
        /// Scaled to fit, keeping its aspect ratio.
        case scaleAspectFit
        /// Scaled to fill, keeping its aspect ratio (clipped).
        case scaleAspectFill
        /// Drawn again when the bounds change.
        case redraw
        /// Centred.
        case center
        /// At the top.
        case top
        /// At the bottom.
        case bottom
        /// At the left.
        case left
        /// At the right.
        case right
        /// At the top left.
        case topLeft
        /// At the top right.
        case topRight
        /// At the bottom left.
        case bottomLeft
        /// At the bottom right.
        case bottomRight
    }
}

extension UIView {
    /// Which of a view's margins and sizes follow its superview's size, as UIKit's
    /// `UIView.AutoresizingMask` (``UIView/autoresizingMask``). Linux difference: recorded only;
    /// OpenTextKit does not apply it.
    public struct AutoresizingMask: OptionSet, Sendable, Hashable {
        /// The raw bits, as UIKit's.
        public let rawValue: UInt
        /// A mask from UIKit's raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The left margin is flexible.
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// The width follows the superview's.
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// The right margin is flexible.
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// The top margin is flexible.
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// The height follows the superview's.
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        /// The bottom margin is flexible.
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }
}
