import TextKit
import TextKitGraphics
import TextKitModel

// UITextInput, forwarded to the field editor. Positions and ranges are the editor's (UTF-16
// offsets into the field's text); geometry is converted to the field's coordinates.
extension UITextField {
    // MARK: Coordinates

    /// `rect` from the field editor's coordinates (its bounds, scrolled) to the field's.
    func fromEditor(_ rect: CGRect) -> CGRect {
        guard !rect.isNull else { return rect }
        let editor = fieldEditor!
        return rect.offsetBy(dx: editor.frame.minX - editor.bounds.minX, dy: editor.frame.minY - editor.bounds.minY)
    }

    /// `point` from the field's coordinates to the field editor's.
    func toEditor(_ point: CGPoint) -> CGPoint {
        let editor = fieldEditor!
        return CGPoint(x: point.x - editor.frame.minX + editor.bounds.minX, y: point.y - editor.frame.minY + editor.bounds.minY)
    }

    func _selectionRects(for range: UITextRange) -> [UITextSelectionRect] {
        fieldEditor.selectionRects(for: range).map {
            TextSelectionRect(rect: fromEditor($0.rect), writingDirection: $0.writingDirection,
                              containsStart: $0.containsStart, containsEnd: $0.containsEnd)
        }
    }

    // MARK: Text

    /// Whether there is any text.
    public var hasText: Bool { fieldEditor.hasText }

    /// The text in `range`; nil when it is not a valid range of this field.
    public func text(in range: UITextRange) -> String? { fieldEditor.text(in: range) }

    /// Replaces the text in `range` with `text` as a user edit (the delegate is asked; undoable).
    public func replace(_ range: UITextRange, withText text: String) {
        fieldEditor.replace(range, withText: FieldEditor.oneLine(text))
    }

    /// Whether the text in `range` may be replaced with `text`: asks the delegate.
    public func shouldChangeText(in range: UITextRange, replacementText text: String) -> Bool {
        fieldEditor.shouldChangeText(in: range, replacementText: text)
    }

    // MARK: Selection and marked text

    /// The selection as a text range.
    public var selectedTextRange: UITextRange? {
        get { fieldEditor.selectedTextRange }
        set { fieldEditor.selectedTextRange = newValue }
    }

    /// The selection in UTF-16 offsets (a Linux convenience, as ``UITextView/selectedRange``).
    public var selectedRange: NSRange {
        get { fieldEditor.selectedRange }
        set { fieldEditor.selectedRange = newValue }
    }

    /// The marked (composing) text's range, nil when there is none.
    public var markedTextRange: UITextRange? { fieldEditor.markedTextRange }

    /// The attributes marked text is drawn with (a single underline by default).
    public var markedTextStyle: [NSAttributedString.Key: Any]? {
        get { fieldEditor.markedTextStyle }
        set { fieldEditor.markedTextStyle = newValue }
    }

    /// Replaces the marked text (or the selection) with `markedText`, marked, selecting
    /// `selectedRange` within it; nil or empty text removes it. Line breaks become spaces.
    public func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        fieldEditor.setMarkedText(markedText.map(FieldEditor.oneLine), selectedRange: selectedRange)
    }

    /// Commits the marked text.
    public func unmarkText() { fieldEditor.unmarkText() }

    /// Which side of a line break the caret belongs to.
    public var selectionAffinity: UITextSelectionAffinity {
        get { fieldEditor.selectionAffinity }
        set { fieldEditor.selectionAffinity = newValue }
    }

    // MARK: Positions

    /// The start of the text.
    public var beginningOfDocument: UITextPosition { fieldEditor.beginningOfDocument }
    /// The end of the text.
    public var endOfDocument: UITextPosition { fieldEditor.endOfDocument }

    /// The range between two positions, in either order.
    public func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        fieldEditor.textRange(from: fromPosition, to: toPosition)
    }

    /// The position `offset` UTF-16 units away; nil outside the text.
    public func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        fieldEditor.position(from: position, offset: offset)
    }

    /// The position `offset` caret steps away on the screen (up and down go to the ends).
    public func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? {
        fieldEditor.position(from: position, in: direction, offset: offset)
    }

    /// Orders two positions of this field.
    public func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        fieldEditor.compare(position, to: other)
    }

    /// UTF-16 units from `from` to `toPosition`.
    public func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int {
        fieldEditor.offset(from: from, to: toPosition)
    }

    /// Told of changes that did not come from the input system; it hears of them with the field
    /// as the text input.
    public var inputDelegate: (any UITextInputDelegate)? {
        get { inputDelegateRelay?.target }
        set {
            inputDelegateRelay = newValue.map { InputDelegateRelay(field: self, target: $0) }
            fieldEditor.inputDelegate = inputDelegateRelay
        }
    }

    /// The tokenizer over the field's text.
    public var tokenizer: any UITextInputTokenizer { fieldEditor.tokenizer }

    /// The end of `range` farthest in `direction`.
    public func position(within range: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition? {
        fieldEditor.position(within: range, farthestIn: direction)
    }

    /// The range from `position` to the next insertion point in `direction`.
    public func characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange? {
        fieldEditor.characterRange(byExtending: position, in: direction)
    }

    /// The resolved writing direction of the text at `position`.
    public func baseWritingDirection(for position: UITextPosition, in direction: UITextStorageDirection) -> NSWritingDirection {
        fieldEditor.baseWritingDirection(for: position, in: direction)
    }

    /// Sets the writing direction of the text (undoable).
    public func setBaseWritingDirection(_ writingDirection: NSWritingDirection, for range: UITextRange) {
        fieldEditor.setBaseWritingDirection(writingDirection, for: range)
    }

    // MARK: Geometry

    /// The insertion point in `range` nearest to `point` (field coordinates).
    public func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? {
        fieldEditor.closestPosition(to: toEditor(point), within: range)
    }

    /// The grapheme cluster under `point` (field coordinates).
    public func characterRange(at point: CGPoint) -> UITextRange? {
        fieldEditor.characterRange(at: toEditor(point))
    }

    /// The attributes at `position`.
    public func textStyling(at position: UITextPosition, in direction: UITextStorageDirection) -> [NSAttributedString.Key: Any]? {
        fieldEditor.textStyling(at: position, in: direction)
    }
}

/// Passes the field editor's input delegate calls on with the field as the text input, so the
/// input system sees the object it drives.
@MainActor
final class InputDelegateRelay: UITextInputDelegate {
    weak var field: UITextField?
    weak var target: (any UITextInputDelegate)?

    init(field: UITextField, target: any UITextInputDelegate) {
        self.field = field
        self.target = target
    }

    func selectionWillChange(_ textInput: (any UITextInput)?) { target?.selectionWillChange(field) }
    func selectionDidChange(_ textInput: (any UITextInput)?) { target?.selectionDidChange(field) }
    func textWillChange(_ textInput: (any UITextInput)?) { target?.textWillChange(field) }
    func textDidChange(_ textInput: (any UITextInput)?) { target?.textDidChange(field) }
}
