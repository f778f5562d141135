import TextKitModel

/// The keyboard's side of typing, which UIKit keeps to itself: before it inserts typed text or
/// deletes backward in a text view or a text field, the system keyboard asks the delegate
/// (`textView(_:shouldChangeTextIn:replacementText:)`,
/// `textField(_:shouldChangeCharactersIn:replacementString:)`) and only then calls
/// `insertText(_:)` or `deleteBackward()`. Code that calls those itself (a mention picker, an
/// autocompletion) has already decided, and is not asked again — so a delegate that limits the
/// length of what the user types does not stop the program.
///
/// A Linux addition: there is no system keyboard, so whatever stands for the user — a window host
/// (the GTK host types through it), an input-method bridge, a test — types through these.
/// ``UITextView`` and ``UITextField`` adopt it; any other `UIKeyInput` is typed into with
/// `insertText(_:)` directly.
@preconcurrency @MainActor
public protocol KeyboardTyping: UIKeyInput {
    /// Asks the delegate whether `text` may replace what typing replaces (the marked text or the
    /// selection), then calls `insertText(_:)`.
    func insertTextFromKeyboard(_ text: String)
    /// Asks the delegate whether what `deleteBackward()` would delete may go, then calls it.
    func deleteBackwardFromKeyboard()
}

extension UITextView: KeyboardTyping {
    /// Typing from the keyboard: the delegate is asked with the range the text replaces (the
    /// marked text, or the selection), then ``insertText(_:)`` inserts it.
    public func insertTextFromKeyboard(_ text: String) {
        guard isEditable, askDelegate(typingReplacementRange, text) else { return }
        insertText(text)
    }

    /// Backspace from the keyboard: the delegate is asked with the range
    /// ``deleteBackward()`` would delete (the selection, or the grapheme cluster before the caret)
    /// and an empty replacement, then it deletes. With marked text the input method is editing its
    /// own composition and nothing is asked.
    public func deleteBackwardFromKeyboard() {
        guard isEditable else { return }
        if markedRange == nil {
            guard let range = backwardDeletionRange(), askDelegate(range, "") else { return }
        }
        deleteBackward()
    }
}

extension UITextField: KeyboardTyping {
    /// Typing from the keyboard: the delegate is asked
    /// (`textField(_:shouldChangeCharactersIn:replacementString:)`), then ``insertText(_:)``
    /// inserts the text. A line break is the return key, and is not asked about.
    public func insertTextFromKeyboard(_ text: String) {
        if FieldEditor.isReturn(text) { insertText(text); return }
        guard let editor = fieldEditor, editor.isEditable,
              editor.askDelegate(editor.typingReplacementRange, FieldEditor.oneLine(text)) else { return }
        insertText(text)
    }

    /// Backspace from the keyboard: the delegate is asked about what ``deleteBackward()`` would
    /// delete, then it deletes.
    public func deleteBackwardFromKeyboard() {
        fieldEditor?.deleteBackwardFromKeyboard()
    }
}
