import Testing
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

/// A text view of `width` points with a 14-point font, focused, ready to type into.
@MainActor
func makeTextView(_ text: String = "", width: CGFloat = 300, height: CGFloat = 400) -> UITextView {
    _ = spellingTestDirectory   // a view that checks spelling never reads the user's learned words
    let view = UITextView(frame: CGRect(x: 0, y: 0, width: width, height: height))
    view.font = UIFont(name: "DejaVu Sans", size: 14) ?? UIFont.systemFont(ofSize: 14)
    view.text = text
    view.undoManager?.removeAllActions()
    #expect(view.becomeFirstResponder())
    return view
}

/// Types `text` one grapheme cluster at a time, as a keyboard would (asking the delegate).
@MainActor
func type(_ text: String, into view: UITextView) {
    for character in text { view.insertTextFromKeyboard(String(character)) }
}

/// Records the delegate calls a text view makes, in order.
@MainActor
final class RecordingTextViewDelegate: UITextViewDelegate {
    var calls: [String] = []
    var vetoes: (NSRange, String) -> Bool = { _, _ in false }
    var allowsBeginEditing = true

    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { calls.append("shouldBegin"); return allowsBeginEditing }
    func textViewDidBeginEditing(_ textView: UITextView) { calls.append("didBegin") }
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool { calls.append("shouldEnd"); return true }
    func textViewDidEndEditing(_ textView: UITextView) { calls.append("didEnd") }
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        calls.append("shouldChange(\(range.location),\(range.length),\(text))")
        return !vetoes(range, text)
    }
    func textViewDidChange(_ textView: UITextView) { calls.append("didChange") }
    func textViewDidChangeSelection(_ textView: UITextView) { calls.append("didChangeSelection") }
}
