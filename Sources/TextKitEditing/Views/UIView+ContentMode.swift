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
