extension UITextField {
    /// The border a text field draws, as UIKit's `UITextField.BorderStyle`.
    public enum BorderStyle: Int, Sendable, Hashable {
        /// No border (the default).
        case none = 0
        /// A thin rectangle.
        case line = 1
        /// A rectangle with a shaded top and left edge, as if sunk into the surface.
        case bezel = 2
        /// A rounded rectangle on a white background.
        case roundedRect = 3
    }

    /// Why a text field stopped editing (``UITextFieldDelegate/textFieldDidEndEditing(_:reason:)``).
    public enum DidEndEditingReason: Int, Sendable, Hashable {
        /// The field resigned first responder.
        case committed = 0
    }

    /// When an overlay view shows, as UIKit's `UITextField.ViewMode`: ``UITextField/leftView``
    /// and ``UITextField/rightView`` follow it; for ``UITextField/clearButtonMode`` it is recorded
    /// only (there is no clear button here).
    public enum ViewMode: Int, Sendable, Hashable {
        /// Never.
        case never = 0
        /// While the field is editing.
        case whileEditing = 1
        /// While it is not editing.
        case unlessEditing = 2
        /// Always.
        case always = 3
    }
}
