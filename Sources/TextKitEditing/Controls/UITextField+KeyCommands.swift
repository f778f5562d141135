import TextKitGraphics
import TextKitModel

// The key commands and edit actions a host binds keys to, forwarded to the field editor (as
// UITextView's; on one line "up" and "down" go to the start and end), and clicks.
extension UITextField {
    // MARK: Moving

    /// Moves the caret one insertion point left on the screen.
    public func moveLeft(_ sender: Any?) { fieldEditor.moveLeft(sender) }
    /// Moves the caret one insertion point right on the screen.
    public func moveRight(_ sender: Any?) { fieldEditor.moveRight(sender) }
    /// Moves the caret one grapheme cluster towards the end of the text.
    public func moveForward(_ sender: Any?) { fieldEditor.moveForward(sender) }
    /// Moves the caret one grapheme cluster towards the start of the text.
    public func moveBackward(_ sender: Any?) { fieldEditor.moveBackward(sender) }
    /// Extends the selection one insertion point left.
    public func moveLeftAndModifySelection(_ sender: Any?) { fieldEditor.moveLeftAndModifySelection(sender) }
    /// Extends the selection one insertion point right.
    public func moveRightAndModifySelection(_ sender: Any?) { fieldEditor.moveRightAndModifySelection(sender) }
    /// Moves the caret to the previous word boundary on the screen's left.
    public func moveWordLeft(_ sender: Any?) { fieldEditor.moveWordLeft(sender) }
    /// Moves the caret to the next word boundary on the screen's right.
    public func moveWordRight(_ sender: Any?) { fieldEditor.moveWordRight(sender) }
    /// Extends the selection by a word to the left.
    public func moveWordLeftAndModifySelection(_ sender: Any?) { fieldEditor.moveWordLeftAndModifySelection(sender) }
    /// Extends the selection by a word to the right.
    public func moveWordRightAndModifySelection(_ sender: Any?) { fieldEditor.moveWordRightAndModifySelection(sender) }
    /// Moves the caret to the start of the text.
    public func moveToBeginningOfLine(_ sender: Any?) { fieldEditor.moveToBeginningOfLine(sender) }
    /// Moves the caret to the end of the text.
    public func moveToEndOfLine(_ sender: Any?) { fieldEditor.moveToEndOfLine(sender) }
    /// Extends the selection to the start of the text.
    public func moveToBeginningOfLineAndModifySelection(_ sender: Any?) { fieldEditor.moveToBeginningOfLineAndModifySelection(sender) }
    /// Extends the selection to the end of the text.
    public func moveToEndOfLineAndModifySelection(_ sender: Any?) { fieldEditor.moveToEndOfLineAndModifySelection(sender) }
    /// Moves the caret to the start of the text (one line: there is no line above).
    public func moveUp(_ sender: Any?) { fieldEditor.moveUp(sender) }
    /// Moves the caret to the end of the text (one line: there is no line below).
    public func moveDown(_ sender: Any?) { fieldEditor.moveDown(sender) }
    /// Moves the caret to the start of the text.
    public func moveToBeginningOfDocument(_ sender: Any?) { fieldEditor.moveToBeginningOfDocument(sender) }
    /// Moves the caret to the end of the text.
    public func moveToEndOfDocument(_ sender: Any?) { fieldEditor.moveToEndOfDocument(sender) }
    /// Extends the selection to the start of the text.
    public func moveToBeginningOfDocumentAndModifySelection(_ sender: Any?) { fieldEditor.moveToBeginningOfDocumentAndModifySelection(sender) }
    /// Extends the selection to the end of the text.
    public func moveToEndOfDocumentAndModifySelection(_ sender: Any?) { fieldEditor.moveToEndOfDocumentAndModifySelection(sender) }

    // MARK: Deleting and inserting

    /// Deletes the selection, or the grapheme cluster after the caret.
    public func deleteForward(_ sender: Any?) { fieldEditor.deleteForward(sender) }
    /// Deletes the selection, or back to the start of the word before the caret.
    public func deleteWordBackward(_ sender: Any?) { fieldEditor.deleteWordBackward(sender) }
    /// Deletes the selection, or on to the end of the word after the caret.
    public func deleteWordForward(_ sender: Any?) { fieldEditor.deleteWordForward(sender) }
    /// Deletes the selection, or back to the start of the text.
    public func deleteToBeginningOfLine(_ sender: Any?) { fieldEditor.deleteToBeginningOfLine(sender) }
    /// Deletes the selection, or on to the end of the text.
    public func deleteToEndOfLine(_ sender: Any?) { fieldEditor.deleteToEndOfLine(sender) }
    func _delete(_ sender: Any?) { fieldEditor.delete(sender) }
    /// The return key: see ``UITextFieldDelegate/textFieldShouldReturn(_:)``.
    public func insertNewline(_ sender: Any?) { returnKeyPressed() }

    // MARK: Selecting and styling

    func _select(_ sender: Any?) { fieldEditor.select(sender) }
    func _toggleBoldface(_ sender: Any?) { fieldEditor.toggleBoldface(sender) }
    func _toggleItalics(_ sender: Any?) { fieldEditor.toggleItalics(sender) }
    func _toggleUnderline(_ sender: Any?) { fieldEditor.toggleUnderline(sender) }

    // MARK: Clicks and the caret's blink

    /// A click at `point` (field coordinates) as a host reports it: the field starts editing if
    /// it was not (and may), then one click places the caret, two select a word, three all of
    /// the text; `extending` grows the selection. A Linux addition: UIKit's gestures do this.
    public func selectText(at point: CGPoint, clickCount: Int, extending: Bool = false) {
        guard isFirstResponder || becomeFirstResponder() else { return }
        fieldEditor.selectText(at: toEditor(point), clickCount: clickCount, extending: extending)
    }

    /// The mouse dragged to `point` (field coordinates) while pressed: the selection follows,
    /// scrolling the text when the point is beyond the field's edge.
    public func dragSelection(to point: CGPoint) {
        guard isFirstResponder else { return }
        fieldEditor.dragSelection(to: toEditor(point))
    }

    /// Whether the caret is in the visible half of its blink; a host toggles it on a timer.
    public var isCaretBlinkOn: Bool {
        get { fieldEditor.isCaretBlinkOn }
        set { fieldEditor.isCaretBlinkOn = newValue }
    }
}
