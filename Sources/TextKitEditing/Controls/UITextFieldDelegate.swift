import TextKitGraphics
import TextKitModel

/// Asked before and told after a text field's edits and focus changes, as UIKit's
/// `UITextFieldDelegate`. Every member is optional (the defaults allow everything and do nothing).
///
/// Order, as UIKit: `textFieldShouldBeginEditing` → (focus) → `textFieldDidBeginEditing`; for
/// each user edit `textField(_:shouldChangeCharactersIn:replacementString:)` → (edit) →
/// `textFieldDidChangeSelection`; the return key `textFieldShouldReturn`;
/// `textFieldShouldEndEditing` → (focus lost) → `textFieldDidEndEditing(_:reason:)`, whose default
/// calls `textFieldDidEndEditing(_:)`. Changes made by code (setting `text`) are not reported.
@preconcurrency @MainActor
public protocol UITextFieldDelegate: AnyObject {
    /// Whether the field may start editing (become first responder). Default true.
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    /// The field started editing.
    func textFieldDidBeginEditing(_ textField: UITextField)
    /// Whether the field may stop editing (resign first responder). Default true.
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    /// The field stopped editing.
    func textFieldDidEndEditing(_ textField: UITextField)
    /// The field stopped editing, for `reason`; the default calls ``textFieldDidEndEditing(_:)``.
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason)
    /// Whether the user's edit replacing the characters in `range` (UTF-16) with `string` may
    /// happen. Default true; false cancels it (text, selection and undo stack stay as they were).
    /// Typing, deleting, pasting, cutting and the input method's marked text all ask.
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
    /// The selection changed (by the user, or by an edit).
    func textFieldDidChangeSelection(_ textField: UITextField)
    /// Whether the field's text may be removed: asked when editing begins with
    /// ``UITextField/clearsOnBeginEditing``. Default true.
    func textFieldShouldClear(_ textField: UITextField) -> Bool
    /// The user pressed the return key (a typed line break, which never enters the text).
    /// Return true for the field's default action: its `.primaryActionTriggered` and
    /// `.editingDidEndOnExit` actions run, and the field resigns first responder when it has an
    /// `.editingDidEndOnExit` action, as in UIKit. Default true.
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

extension UITextFieldDelegate {
    /// True.
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    /// Does nothing.
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    /// True.
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
    /// Does nothing.
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    /// Calls ``UITextFieldDelegate/textFieldDidEndEditing(_:)``.
    public func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
        textFieldDidEndEditing(textField)
    }
    /// True.
    public func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange,
                          replacementString string: String) -> Bool { true }
    /// Does nothing.
    public func textFieldDidChangeSelection(_ textField: UITextField) {}
    /// True.
    public func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
    /// True.
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}

extension UITextField {
    /// Posted when the field starts editing; the object is the field.
    public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
    /// Posted after each user edit; the object is the field.
    public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")
    /// Posted when the field stops editing; the object is the field.
    public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")
}
