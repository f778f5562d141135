import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// A text field's field editor: a one-line ``UITextView`` inside the field that does the
/// editing (typing, marked text, selection, undo, the pasteboard, drawing the text, selection
/// and caret), as AppKit's text fields use a field editor `NSTextView`. The field forwards
/// ``UITextInput`` and the key commands to it and keeps it configured:
///
/// - its frame is the field's ``UITextField/editingRect(forBounds:)`` while editing (hidden
///   otherwise); its text container has no padding and no insets at the sides, its top inset
///   centres the line vertically;
/// - the container is as wide as the frame, or as the text when that is wider (the line never
///   wraps), and the editor scrolls sideways (its bounds origin) to keep the caret in view;
/// - a typed line break is the return key (``UITextField`` asks its delegate
///   `textFieldShouldReturn(_:)`) and never enters the text; line breaks in inserted text and
///   in pasted plain text become spaces;
/// - it has the field's focus: it counts as first responder (draws its caret) while the field is.
final class FieldEditor: UITextView {
    weak var field: UITextField?

    init(field: UITextField) {
        self.field = field
        super.init(frame: .zero, textContainer: nil)
        textContainerInset = .zero
        textContainer.lineFragmentPadding = 0
        textContainer.widthTracksTextView = false
        textContainer.heightTracksTextView = false
        textContainer.maximumNumberOfLines = 1
        textContainer.size = CGSize(width: 0, height: CGFloat.greatestFiniteMagnitude)
        isScrollEnabled = false
    }

    /// Field editors are made only by their field.
    required init?(coder: NSCoder) {
        return nil
    }

    /// The field's focus is the editor's.
    override var isFirstResponder: Bool { field?.isFirstResponder ?? false }

    /// The field takes the focus, never the editor itself.
    override var canBecomeFirstResponder: Bool { false }

    /// Draws only while the field edits (the field draws its text otherwise), also when the
    /// focus went away without the field hearing of it (a window removed).
    override func draw(_ rect: CGRect) {
        guard field?.isEditing == true else { return }
        super.draw(rect)
    }

    /// A line break is the return key; line breaks inside other text become spaces.
    override func insertText(_ text: String) {
        if Self.isReturn(text) {
            field?.returnKeyPressed()
            return
        }
        super.insertText(Self.oneLine(text))
    }

    /// Pastes the pasteboard's text with its line breaks made spaces.
    override func paste(_ sender: Any?) {
        let pasteboard = UIPasteboard.general
        guard let string = pasteboard.string, string.contains(where: \.isNewline), !allowsEditingTextAttributes else {
            super.paste(sender)
            return
        }
        guard isEditable else { return }
        let range = markedRange ?? selection
        let text = Self.oneLine(string)
        _ = performUserEdit(replacing: range, with: typedString(text),
                            selectionAfter: NSRange(location: range.location + text.utf16.count, length: 0))
    }

    /// Scrolls sideways only: as little as keeps `rect` (content coordinates) in view, within the
    /// text's width.
    override func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        guard !rect.isNull, bounds.width > 0 else { return }
        var x = contentOffset.x
        if rect.maxX > x + bounds.width { x = rect.maxX - bounds.width }
        if rect.minX < x { x = rect.minX }
        x = min(max(x, 0), maximumHorizontalOffset)
        if x != contentOffset.x { contentOffset = CGPoint(x: x, y: 0) }
    }

    /// How far the editor can scroll: the container's width beyond the frame's.
    var maximumHorizontalOffset: CGFloat {
        max(0, textContainer.size.width - bounds.width)
    }

    /// `text` with every line break a space.
    /// Whether typing `text` is pressing the return key.
    static func isReturn(_ text: String) -> Bool {
        text == "\n" || text == "\r" || text == "\r\n" || text == "\u{2029}"
    }

    static func oneLine(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        return String(text.map { $0.isNewline ? " " : $0 })
    }
}

/// The field editor's delegate: turns its text view delegate calls into the field's.
@MainActor
final class FieldEditorDelegate: UITextViewDelegate {
    weak var field: UITextField?

    init(field: UITextField) { self.field = field }

    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        guard let field else { return true }
        return field.delegate?.textField(field, shouldChangeCharactersIn: range, replacementString: text) ?? true
    }

    func textViewDidChange(_ textView: UITextView) {
        field?.editorTextDidChange()
    }

    func textViewDidChangeSelection(_ textView: UITextView) {
        guard let field else { return }
        field.delegate?.textFieldDidChangeSelection(field)
    }
}
