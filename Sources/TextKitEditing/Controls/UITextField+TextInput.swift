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

    var _hasText: Bool { fieldEditor.hasText }

    func _text(in range: UITextRange) -> String? { fieldEditor.text(in: range) }

    func _replace(_ range: UITextRange, withText text: String) {
        fieldEditor.replace(range, withText: FieldEditor.oneLine(text))
    }

    func _shouldChangeText(in range: UITextRange, replacementText text: String) -> Bool {
        fieldEditor.shouldChangeText(in: range, replacementText: text)
    }

    // MARK: Selection and marked text

    var _selectedTextRange: UITextRange? {
        get { fieldEditor.selectedTextRange }
        set { fieldEditor.selectedTextRange = newValue }
    }

    var _selectedRange: NSRange {
        get { fieldEditor.selectedRange }
        set { fieldEditor.selectedRange = newValue }
    }

    var _markedTextRange: UITextRange? { fieldEditor.markedTextRange }

    var _markedTextStyle: [NSAttributedString.Key: Any]? {
        get { fieldEditor.markedTextStyle }
        set { fieldEditor.markedTextStyle = newValue }
    }

    func _setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        fieldEditor.setMarkedText(markedText.map(FieldEditor.oneLine), selectedRange: selectedRange)
    }

    func _unmarkText() { fieldEditor.unmarkText() }

    var _selectionAffinity: UITextSelectionAffinity {
        get { fieldEditor.selectionAffinity }
        set { fieldEditor.selectionAffinity = newValue }
    }

    // MARK: Positions

    var _beginningOfDocument: UITextPosition { fieldEditor.beginningOfDocument }
    var _endOfDocument: UITextPosition { fieldEditor.endOfDocument }

    func _textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        fieldEditor.textRange(from: fromPosition, to: toPosition)
    }

    func _position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        fieldEditor.position(from: position, offset: offset)
    }

    func _position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? {
        fieldEditor.position(from: position, in: direction, offset: offset)
    }

    func _compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        fieldEditor.compare(position, to: other)
    }

    func _offset(from: UITextPosition, to toPosition: UITextPosition) -> Int {
        fieldEditor.offset(from: from, to: toPosition)
    }

    var _inputDelegate: (any UITextInputDelegate)? {
        get { inputDelegateRelay?.target }
        set {
            inputDelegateRelay = newValue.map { InputDelegateRelay(field: self, target: $0) }
            fieldEditor.inputDelegate = inputDelegateRelay
        }
    }

    var _tokenizer: any UITextInputTokenizer { fieldEditor.tokenizer }

    func _position(within range: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition? {
        fieldEditor.position(within: range, farthestIn: direction)
    }

    func _characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange? {
        fieldEditor.characterRange(byExtending: position, in: direction)
    }

    func _baseWritingDirection(for position: UITextPosition, in direction: UITextStorageDirection) -> NSWritingDirection {
        fieldEditor.baseWritingDirection(for: position, in: direction)
    }

    func _setBaseWritingDirection(_ writingDirection: NSWritingDirection, for range: UITextRange) {
        fieldEditor.setBaseWritingDirection(writingDirection, for: range)
    }

    // MARK: Geometry

    func _closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? {
        fieldEditor.closestPosition(to: toEditor(point), within: range)
    }

    func _characterRange(at point: CGPoint) -> UITextRange? {
        fieldEditor.characterRange(at: toEditor(point))
    }

    func _textStyling(at position: UITextPosition, in direction: UITextStorageDirection) -> [NSAttributedString.Key: Any]? {
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
