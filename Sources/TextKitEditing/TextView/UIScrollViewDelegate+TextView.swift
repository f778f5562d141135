import TextKitGraphics
import TextKitModel

// `UITextView.delegate` is the scroll view's property, typed `(any UIScrollViewDelegate)?`: Swift
// cannot override a property with a narrower type, as UIKit's Objective-C declaration does. So that
// code written for iOS calls its text view's delegate as it does there —
// `textView.delegate?.textViewDidChange(textView)` in a subclass that reports its own changes, once
// the `?` of an optional requirement (Objective-C's) is gone — a scroll view delegate answers the
// text view delegate's methods: it passes each to itself as a text view delegate when it is one, and
// gives UIKit's default otherwise. A type that adopts `UITextViewDelegate` still implements the
// protocol's requirements as usual; these are only reached through the scroll view delegate type.
extension UIScrollViewDelegate {
    private var asTextViewDelegate: (any UITextViewDelegate)? { self as? any UITextViewDelegate }

    /// The text view delegate's answer, or true.
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool {
        asTextViewDelegate?.textViewShouldBeginEditing(textView) ?? true
    }

    /// The text view delegate's answer, or true.
    public func textViewShouldEndEditing(_ textView: UITextView) -> Bool {
        asTextViewDelegate?.textViewShouldEndEditing(textView) ?? true
    }

    /// Tells the text view delegate, if this is one.
    public func textViewDidBeginEditing(_ textView: UITextView) { asTextViewDelegate?.textViewDidBeginEditing(textView) }

    /// Tells the text view delegate, if this is one.
    public func textViewDidEndEditing(_ textView: UITextView) { asTextViewDelegate?.textViewDidEndEditing(textView) }

    /// The text view delegate's answer, or true.
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        asTextViewDelegate?.textView(textView, shouldChangeTextIn: range, replacementText: text) ?? true
    }

    /// Tells the text view delegate, if this is one.
    public func textViewDidChange(_ textView: UITextView) { asTextViewDelegate?.textViewDidChange(textView) }

    /// Tells the text view delegate, if this is one.
    public func textViewDidChangeSelection(_ textView: UITextView) { asTextViewDelegate?.textViewDidChangeSelection(textView) }
}
