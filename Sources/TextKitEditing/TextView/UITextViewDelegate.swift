import TextKitGraphics
import TextKitModel

/// Asked before and told after a text view's edits, selection changes and focus changes. Every
/// member is optional, as in UIKit. Set it as the view's `delegate` (a text view delegate is a
/// scroll view delegate).
///
/// Order, as UIKit: `textViewShouldBeginEditing` → (focus) → `textViewDidBeginEditing`; for
/// each user edit `textView(_:shouldChangeTextIn:replacementText:)` → (edit) →
/// `textViewDidChangeSelection` → `textViewDidChange`; `textViewShouldEndEditing` → (focus
/// lost) → `textViewDidEndEditing`. Edits made by code (setting `text`, editing `textStorage`)
/// are not reported.
@preconcurrency @MainActor
public protocol UITextViewDelegate: UIScrollViewDelegate {
    /// Whether the view may start editing (become first responder). Default true.
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    /// Whether the view may stop editing (resign first responder). Default true.
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    /// The view started editing.
    func textViewDidBeginEditing(_ textView: UITextView)
    /// The view stopped editing.
    func textViewDidEndEditing(_ textView: UITextView)
    /// Whether the user's edit replacing `range` with `text` may happen. Default true; false
    /// cancels it (the text, selection and undo stack stay as they were).
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    /// The user changed the text.
    func textViewDidChange(_ textView: UITextView)
    /// The selection changed (by the user, or by an edit).
    func textViewDidChangeSelection(_ textView: UITextView)
    /// Whether a click on the link `URL` in `characterRange` should open it. Default true.
    func textView(_ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange,
                  interaction: UITextItemInteraction) -> Bool
    /// Whether the user's action on the attachment in `characterRange` should go ahead. Default
    /// true. Linux note: text views have no attachment actions (previews, menus), so nothing
    /// happens either way; the method exists so that iOS delegates compile.
    func textView(_ textView: UITextView, shouldInteractWith textAttachment: NSTextAttachment, in characterRange: NSRange,
                  interaction: UITextItemInteraction) -> Bool
}

/// How the user acted on a link or attachment.
public enum UITextItemInteraction: Int, Sendable, Hashable {
    /// A click or tap.
    case invokeDefaultAction
    /// A long press or secondary click.
    case presentActions
    /// A preview gesture.
    case preview
}

extension UITextViewDelegate {
    /// True.
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
    /// True.
    public func textViewShouldEndEditing(_ textView: UITextView) -> Bool { true }
    /// Does nothing.
    public func textViewDidBeginEditing(_ textView: UITextView) {}
    /// Does nothing.
    public func textViewDidEndEditing(_ textView: UITextView) {}
    /// True.
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    /// Does nothing.
    public func textViewDidChange(_ textView: UITextView) {}
    /// Does nothing.
    public func textViewDidChangeSelection(_ textView: UITextView) {}
    /// True.
    public func textView(_ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange,
                         interaction: UITextItemInteraction) -> Bool { true }
    /// True.
    public func textView(_ textView: UITextView, shouldInteractWith textAttachment: NSTextAttachment, in characterRange: NSRange,
                         interaction: UITextItemInteraction) -> Bool { true }
}

extension UITextView {
    /// Posted when the view starts editing; the object is the view.
    public static let textDidBeginEditingNotification = Notification.Name("UITextViewTextDidBeginEditingNotification")
    /// Posted after each user edit; the object is the view.
    public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
    /// Posted when the view stops editing; the object is the view.
    public static let textDidEndEditingNotification = Notification.Name("UITextViewTextDidEndEditingNotification")

    /// The delegate, as a text view delegate.
    var textDelegate: (any UITextViewDelegate)? { delegate as? any UITextViewDelegate }
}
