import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// A one-line editable text control, as UIKit's `UITextField`: text, placeholder, border, a
/// delegate that can veto edits and handle the return key, secure entry, and ``UITextInput`` so
/// that a window host or an input method drives it as it drives a ``UITextView``.
///
/// ```swift
/// let field = UITextField(frame: CGRect(x: 0, y: 0, width: 240, height: 34))
/// field.borderStyle = .roundedRect
/// field.placeholder = "Name"
/// field.delegate = self                // textFieldShouldReturn(_:), shouldChangeCharactersIn …
/// field.becomeFirstResponder()
/// field.insertText("Ada")
/// ```
///
/// While it edits (from ``becomeFirstResponder()`` to ``resignFirstResponder()``), a private
/// field editor — a one-line ``UITextView`` subview placed in ``editingRect(forBounds:)`` —
/// holds the text, selection, marked text and undo, draws the text, selection highlight and
/// caret, and scrolls sideways to keep the caret in view when the text is wider than the field.
/// The field forwards ``UITextInput``, ``UIKeyInput`` and the key commands (``moveLeft(_:)``,
/// ``deleteWordBackward(_:)`` …) to it; geometry comes back in the field's coordinates. When
/// not editing, ``draw(_:)`` draws the text with ``drawText(in:)`` in ``textRect(forBounds:)``,
/// from its start. The placeholder shows (``drawPlaceholder(in:)``) whenever the text is empty.
///
/// A typed line break is the return key: the delegate's `textFieldShouldReturn(_:)` is asked,
/// the `.primaryActionTriggered` and `.editingDidEndOnExit` actions run, and nothing is
/// inserted. Line breaks in pasted text become spaces.
///
/// With ``isSecureTextEntry`` every grapheme cluster is drawn and measured as a bullet (•),
/// while ``text`` keeps the real characters; copying and cutting do nothing.
///
/// Linux differences: UIKit's `addTarget(_:action:for:)` needs selectors; use
/// ``UIControl/addAction(_:for:)`` with a ``UIAction``. There is no clear button, no background
/// image, no font shrinking (``adjustsFontSizeToFitWidth`` is stored only), and a secure field neither shows the last character
/// typed for a moment nor clears itself when editing begins again, as iOS's do. An override of
/// ``caretRect(for:)`` changes the caret geometry reported, not where the caret is drawn.
@preconcurrency @MainActor
open class UITextField: UIControl, UITextInput {
    /// The field editor (a subview), made in `init`.
    private(set) var fieldEditor: FieldEditor!
    /// The field editor's delegate (the text view's `delegate` is weak).
    private var editorDelegate: FieldEditorDelegate!
    /// Bullets for secure entry, set as the layout managers' delegate while it is on.
    let secureGlyphs = SecureTextGlyphGenerator()
    /// A second layout manager on the text, with an unbounded container: the text's natural width.
    let measuringManager = NSLayoutManager()
    let measuringContainer = NSTextContainer(size: CGSize(width: UITextField.measuringWidth, height: CGFloat.greatestFiniteMagnitude))
    /// Holds the relay the field editor's (weak) input delegate points to.
    var inputDelegateRelay: InputDelegateRelay?

    /// A field with the given frame: no border, no text, the body font.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpFieldEditor()
    }

    /// A field made as `init(frame: .zero)` makes it: nothing is decoded (Linux has no nibs or
    /// storyboards).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpFieldEditor()
    }

    private func setUpFieldEditor() {
        let editor = FieldEditor(field: self)
        fieldEditor = editor
        editorDelegate = FieldEditorDelegate(field: self)
        editor.delegate = editorDelegate
        editor.isHidden = true
        editor.font = _font
        editor.textColor = _textColor
        secureGlyphs.fallbackFont = _font
        addSubview(editor)
        measuringContainer.lineFragmentPadding = 0
        measuringManager.addTextContainer(measuringContainer)
        editor.textStorage.addLayoutManager(measuringManager)
        layoutFieldEditor()
    }

    // MARK: Text and attributes

    /// The text; "" by default (setting nil stores ""). Setting it replaces the text in the
    /// field's ``font``, ``textColor`` and ``textAlignment`` and clears the undo actions; the
    /// delegate is not told.
    open var text: String? {
        get { fieldEditor.text }
        set { fieldEditor.text = newValue ?? ""; textChangedByCode() }
    }

    /// The text with its attributes. Setting it replaces the text (see ``text``) and makes
    /// ``font`` and ``textColor`` those of its first character, where it has them.
    open var attributedText: NSAttributedString? {
        get { fieldEditor.attributedText }
        set {
            let value = newValue ?? NSAttributedString()
            fieldEditor.attributedText = value
            if value.length > 0 {
                let first = value.attributes(at: 0, effectiveRange: nil)
                if let font = first[.font] as? UIFont { _font = font; secureGlyphs.fallbackFont = font }
                if let color = first[.foregroundColor] as? UIColor { _textColor = color }
            }
            textChangedByCode()
        }
    }

    /// The font of the text and placeholder: the body text style (17 points) by default; nil
    /// restores it. Setting it applies to all of the text and the placeholder.
    open var font: UIFont? {
        get { _font }
        set { _font = newValue ?? UITextField.defaultFont; fontDidChange() }
    }
    var _font: UIFont = UITextField.defaultFont

    /// The colour of the text: `UIColor.label` by default; nil restores it. Setting it applies
    /// to all of the text.
    open var textColor: UIColor? {
        get { _textColor }
        set { _textColor = newValue ?? .label; fieldEditor.textColor = _textColor; setNeedsDisplay() }
    }
    var _textColor: UIColor = .label

    /// The alignment of the text and placeholder (`.natural` by default).
    open var textAlignment: NSTextAlignment {
        get { fieldEditor.textAlignment }
        set { fieldEditor.textAlignment = newValue; textChangedByCode() }
    }

    /// The attributes typed text gets (the field editor's).
    open var typingAttributes: [NSAttributedString.Key: Any]? {
        get { fieldEditor.typingAttributes }
        set { fieldEditor.typingAttributes = newValue ?? [:] }
    }

    /// Whether the user may style the text (bold, italic, underline commands; attributed paste).
    /// False by default.
    open var allowsEditingTextAttributes: Bool {
        get { fieldEditor.allowsEditingTextAttributes }
        set { fieldEditor.allowsEditingTextAttributes = newValue }
    }

    // MARK: Placeholder

    /// The text shown, in the placeholder colour, while the field is empty; nil by default.
    open var placeholder: String? {
        get { _attributedPlaceholder?.string }
        set { _attributedPlaceholder = newValue.map { NSAttributedString(string: $0) }; setNeedsDisplay() }
    }

    /// The placeholder with attributes; attributes it lacks are the field's font and alignment
    /// and the system placeholder colour (`UIColor.placeholderText`).
    open var attributedPlaceholder: NSAttributedString? {
        get { _attributedPlaceholder.map(placeholderForDisplay) }
        set { _attributedPlaceholder = newValue; setNeedsDisplay() }
    }
    var _attributedPlaceholder: NSAttributedString?

    // MARK: Behaviour

    /// The field's border (`.none` by default).
    open var borderStyle: BorderStyle = .none { didSet { setNeedsLayout(); layoutFieldEditor(); setNeedsDisplay() } }

    /// Whether the text is removed when editing begins (the delegate's `textFieldShouldClear(_:)`
    /// may refuse). False by default.
    open var clearsOnBeginEditing = false

    /// When UIKit shows the clear button. Recorded only: there is no clear button here.
    open var clearButtonMode: ViewMode = .never

    /// A view shown at the field's left edge (an icon, a padding view); nil by default. It is
    /// added as a subview while ``leftViewMode`` shows it, placed in ``leftViewRect(forBounds:)``,
    /// and ``textRect(forBounds:)``, ``editingRect(forBounds:)`` and
    /// ``placeholderRect(forBounds:)`` keep clear of it, as in UIKit.
    open var leftView: UIView? {
        didSet { if oldValue !== leftView { oldValue?.removeFromSuperview(); overlayViewsDidChange() } }
    }

    /// When ``leftView`` shows: `.never` by default.
    open var leftViewMode: ViewMode = .never { didSet { overlayViewsDidChange() } }

    /// A view shown at the field's right edge; nil by default. Shown by ``rightViewMode`` and
    /// placed in ``rightViewRect(forBounds:)``; the text keeps clear of it.
    open var rightView: UIView? {
        didSet { if oldValue !== rightView { oldValue?.removeFromSuperview(); overlayViewsDidChange() } }
    }

    /// When ``rightView`` shows: `.never` by default.
    open var rightViewMode: ViewMode = .never { didSet { overlayViewsDidChange() } }

    /// Whether UIKit would shrink the font (down to ``minimumFontSize``) to fit the text in the
    /// field's width. False by default. Linux difference: stored only; the text is not shrunk
    /// (it scrolls sideways while editing and is clipped otherwise).
    open var adjustsFontSizeToFitWidth = false

    /// The smallest font size ``adjustsFontSizeToFitWidth`` may shrink the text to (0 by default,
    /// as in UIKit). Stored only (see ``adjustsFontSizeToFitWidth``).
    open var minimumFontSize: CGFloat = 0

    /// Asked before edits and the return key, told of focus and selection changes.
    open weak var delegate: (any UITextFieldDelegate)?

    /// Whether the field is editing (is first responder).
    open var isEditing: Bool { isFirstResponder }

    /// Whether the text is a password: drawn and measured as one bullet per grapheme cluster,
    /// never copied or cut; ``text`` keeps the real characters. False by default.
    open var isSecureTextEntry: Bool {
        get { fieldEditor.isSecureTextEntry }
        set { setSecureTextEntry(newValue) }
    }

    // Text input traits, stored.
    /// See ``UITextInputTraits``.
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    /// See ``UITextInputTraits``.
    open var autocorrectionType: UITextAutocorrectionType = .default
    /// Whether misspelled words are underlined while the field edits (its field editor checks
    /// them). See ``UITextInputTraits``.
    open var spellCheckingType: UITextSpellCheckingType = .default {
        didSet { fieldEditor?.spellCheckingType = spellCheckingType }
    }
    /// See ``UITextInputTraits``.
    open var keyboardType: UIKeyboardType = .default
    /// See ``UITextInputTraits``.
    open var returnKeyType: UIReturnKeyType = .default
    /// See ``UITextInputTraits``. Recorded only: quotes are not substituted.
    open var smartQuotesType: UITextSmartQuotesType = .default
    /// See ``UITextInputTraits``. Recorded only: dashes are not substituted.
    open var smartDashesType: UITextSmartDashesType = .default
    /// See ``UITextInputTraits``. Recorded only: spaces are not adjusted.
    open var smartInsertDeleteType: UITextSmartInsertDeleteType = .default
    /// See ``UITextInputTraits``. Recorded only (no autofill on Linux).
    open var textContentType: UITextContentType! = nil
    /// See ``UITextInputTraits``. Recorded only.
    open var keyboardAppearance: UIKeyboardAppearance = .default
    /// See ``UITextInputTraits``. Recorded only.
    open var enablesReturnKeyAutomatically = false
    /// Whether the font follows the content size category when it changes. False by default.
    /// Recorded only: the font is not updated when the category changes.
    open var adjustsFontForContentSizeCategory = false

    private var storedInputView: UIView?
    private var storedInputAccessoryView: UIView?

    /// A view to show instead of the keyboard while editing. Stored; no host shows it on Linux.
    open override var inputView: UIView? {
        get { storedInputView }
        set { storedInputView = newValue }
    }

    /// A view to show above the keyboard while editing. Stored; no host shows it on Linux.
    open override var inputAccessoryView: UIView? {
        get { storedInputAccessoryView }
        set { storedInputAccessoryView = newValue }
    }

    /// Starts a floating cursor at `point`. Does nothing: Linux has no floating cursor.
    open func beginFloatingCursor(at point: CGPoint) {}
    /// Moves the floating cursor. Does nothing.
    open func updateFloatingCursor(at point: CGPoint) {}
    /// Ends the floating cursor. Does nothing.
    open func endFloatingCursor() {}

    /// True unless set: a text field is an accessibility element, as in UIKit.
    open override var isAccessibilityElement: Bool {
        get { accessibility.isElement ?? true }
        set { accessibility.isElement = newValue }
    }

    /// The placeholder unless set (what VoiceOver reads as a field's name when it has no label).
    open override var accessibilityLabel: String? {
        get { accessibility.label ?? placeholder }
        set { accessibility.label = newValue }
    }

    /// The text unless set (bullets, one per character, for secure entry).
    open override var accessibilityValue: String? {
        get {
            if let value = accessibility.value { return value }
            let text = self.text ?? ""
            return isSecureTextEntry ? String(repeating: "•", count: text.count) : text
        }
        set { accessibility.value = newValue }
    }

    // MARK: Responder

    /// True while the field is enabled.
    open override var canBecomeFirstResponder: Bool { isEnabled }

    /// Whether the field responds to the user (default true); disabling it ends editing.
    open override var isEnabled: Bool {
        didSet { if !isEnabled, isFirstResponder { resignFirstResponder() } }
    }

    /// Starts editing: asks the delegate `textFieldShouldBeginEditing(_:)`, takes the focus,
    /// clears the text when ``clearsOnBeginEditing``, puts the caret at the end, then tells
    /// `textFieldDidBeginEditing(_:)`, posts ``textDidBeginEditingNotification`` and sends
    /// `.editingDidBegin`. True when the field is editing.
    @discardableResult
    open override func becomeFirstResponder() -> Bool { _becomeFirstResponder() }

    /// Stops editing: asks `textFieldShouldEndEditing(_:)`, commits marked text, gives up the
    /// focus, then tells `textFieldDidEndEditing(_:reason:)`, posts
    /// ``textDidEndEditingNotification`` and sends `.editingDidEnd`.
    @discardableResult
    open override func resignFirstResponder() -> Bool { _resignFirstResponder() }

    /// The undo manager up the responder chain, or the field's own; the field editor's edits are
    /// registered with it.
    open override var undoManager: UndoManager? { undoManagerFromChainOrOwn }

    // MARK: Overridable geometry and drawing

    /// The rect the border is drawn in: the bounds.
    open func borderRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// The rect the text is drawn in when the field is not editing: the bounds inside the border
    /// (inset 0 points without a border, 3 across and 1 down with a line or bezel, 7 across with
    /// a rounded rect), right of the shown ``leftView`` and left of the shown ``rightView``.
    open func textRect(forBounds bounds: CGRect) -> CGRect { contentRect(forBounds: bounds) }

    /// Where ``leftView`` goes: at the left edge of `bounds`, centred vertically, at the view's
    /// own size (its frame's). Zero without a left view.
    open func leftViewRect(forBounds bounds: CGRect) -> CGRect { _leftViewRect(forBounds: bounds) }

    /// Where ``rightView`` goes: at the right edge of `bounds`, centred vertically, at the view's
    /// own size. Zero without a right view.
    open func rightViewRect(forBounds bounds: CGRect) -> CGRect { _rightViewRect(forBounds: bounds) }

    /// The rect the field editor edits in: as ``textRect(forBounds:)``'s default (overriding one
    /// does not move the other, as in UIKit).
    open func editingRect(forBounds bounds: CGRect) -> CGRect { contentRect(forBounds: bounds) }

    /// The rect the placeholder is drawn in: as ``textRect(forBounds:)``'s default.
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { contentRect(forBounds: bounds) }

    /// Draws the text (not editing) in `rect`: one line, centred vertically, from its start,
    /// clipped to the rect; bullets for secure entry.
    open func drawText(in rect: CGRect) { _drawText(in: rect) }

    /// Draws the placeholder in `rect`: one line centred vertically, truncated at its end.
    open func drawPlaceholder(in rect: CGRect) { _drawPlaceholder(in: rect) }

    /// Draws the border, the placeholder when the text is empty, and (when not editing) the text.
    open override func draw(_ rect: CGRect) { _draw(rect) }

    /// Places the field editor.
    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutFieldEditor()
    }

    /// Places the field editor for the new size.
    open override func boundsSizeDidChange(from oldSize: CGSize) {
        super.boundsSizeDidChange(from: oldSize)
        layoutFieldEditor()
    }

    /// The size the text (or the placeholder, when wider) needs on one line, with the border's
    /// insets; the width of `size` is not a limit.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { _fittingSize }

    /// The size the text (or the placeholder) needs on one line, with the border's insets.
    open override var intrinsicContentSize: CGSize { _fittingSize }

    // MARK: Overridable input (forwarded to the field editor)

    /// Inserts `text` at the caret, replacing the selection or the marked text; a line break is
    /// the return key. As when code calls it on iOS, the delegate is not asked
    /// (`textField(_:shouldChangeCharactersIn:replacementString:)` is the keyboard's question: see
    /// ``insertTextFromKeyboard(_:)``).
    open func insertText(_ text: String) { fieldEditor.insertText(text) }

    /// Deletes the selection, or the grapheme cluster before the caret (the delegate is not asked:
    /// see ``deleteBackwardFromKeyboard()``).
    open func deleteBackward() { fieldEditor.deleteBackward() }

    /// The caret's rect at `position`, in the field's coordinates.
    open func caretRect(for position: UITextPosition) -> CGRect { fromEditor(fieldEditor.caretRect(for: position)) }

    /// The rect of `range`'s text, in the field's coordinates.
    open func firstRect(for range: UITextRange) -> CGRect { fromEditor(fieldEditor.firstRect(for: range)) }

    /// The highlight rects of `range`, in the field's coordinates.
    open func selectionRects(for range: UITextRange) -> [UITextSelectionRect] { _selectionRects(for: range) }

    /// The insertion point nearest to `point` (field coordinates).
    open func closestPosition(to point: CGPoint) -> UITextPosition? { fieldEditor.closestPosition(to: toEditor(point)) }

    /// Copies the selection (not in a secure field).
    open func copy(_ sender: Any?) { fieldEditor.copy(sender) }

    /// Copies and deletes the selection (not in a secure field).
    open func cut(_ sender: Any?) { fieldEditor.cut(sender) }

    /// Replaces the selection with the pasteboard's text, line breaks made spaces.
    open func paste(_ sender: Any?) { fieldEditor.paste(sender) }

    /// Selects all of the text.
    open func selectAll(_ sender: Any?) { fieldEditor.selectAll(sender) }

    // MARK: Overridable UIKit members (implemented in the extensions)

    /// Whether there is any text.
    open var hasText: Bool { _hasText }

    /// The text in `range`; nil when it is not a valid range of this field.
    open func text(in range: UITextRange) -> String? { _text(in: range) }

    /// Replaces the text in `range` with `text` (undoable; the delegate is not asked, as when code calls it on iOS).
    open func replace(_ range: UITextRange, withText text: String) { _replace(range, withText: text) }

    /// Whether the text in `range` may be replaced with `text`: asks the delegate.
    open func shouldChangeText(in range: UITextRange, replacementText text: String) -> Bool { _shouldChangeText(in: range, replacementText: text) }

    /// The selection as a text range.
    open var selectedTextRange: UITextRange? {
        get { _selectedTextRange }
        set { _selectedTextRange = newValue }
    }

    /// The selection in UTF-16 offsets (a Linux convenience, as ``UITextView/selectedRange``).
    open var selectedRange: NSRange {
        get { _selectedRange }
        set { _selectedRange = newValue }
    }

    /// The marked (composing) text's range, nil when there is none.
    open var markedTextRange: UITextRange? { _markedTextRange }

    /// The attributes marked text is drawn with (a single underline by default).
    open var markedTextStyle: [NSAttributedString.Key: Any]? {
        get { _markedTextStyle }
        set { _markedTextStyle = newValue }
    }

    /// Replaces the marked text (or the selection) with `markedText`, marked, selecting
    /// `selectedRange` within it; nil or empty text removes it. Line breaks become spaces.
    open func setMarkedText(_ markedText: String?, selectedRange: NSRange) { _setMarkedText(markedText, selectedRange: selectedRange) }

    /// Commits the marked text.
    open func unmarkText() { _unmarkText() }

    /// Inserts `text` as the marked text, its attributes dropped (the view draws marked text with
    /// ``markedTextStyle``; UIKit keeps the input method's attributes).
    open func setAttributedMarkedText(_ markedText: NSAttributedString?, selectedRange: NSRange) {
        setMarkedText(markedText?.string, selectedRange: selectedRange)
    }

    /// Inserts `text`; the alternatives (a dictation's other readings) are not kept.
    open func insertText(_ text: String, alternatives: [String], style: UITextAlternativeStyle) { insertText(text) }

    /// The position `offset` UTF-16 units from `range`'s start; nil outside the text.
    open func position(within range: UITextRange, atCharacterOffset offset: Int) -> UITextPosition? {
        position(from: range.start, offset: offset)
    }

    /// The UTF-16 offset of `position` from `range`'s start.
    open func characterOffset(of position: UITextPosition, within range: UITextRange) -> Int {
        offset(from: range.start, to: position)
    }

    /// Which side of a line break the caret belongs to.
    open var selectionAffinity: UITextSelectionAffinity {
        get { _selectionAffinity }
        set { _selectionAffinity = newValue }
    }

    /// The start of the text.
    open var beginningOfDocument: UITextPosition { _beginningOfDocument }

    /// The end of the text.
    open var endOfDocument: UITextPosition { _endOfDocument }

    /// The range between two positions, in either order.
    open func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? { _textRange(from: fromPosition, to: toPosition) }

    /// The position `offset` UTF-16 units away; nil outside the text.
    open func position(from position: UITextPosition, offset: Int) -> UITextPosition? { _position(from: position, offset: offset) }

    /// The position `offset` caret steps away on the screen (up and down go to the ends).
    open func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? { _position(from: position, in: direction, offset: offset) }

    /// Orders two positions of this field.
    open func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult { _compare(position, to: other) }

    /// UTF-16 units from `from` to `toPosition`.
    open func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int { _offset(from: from, to: toPosition) }

    /// Told of changes that did not come from the input system; it hears of them with the field
    /// as the text input.
    open var inputDelegate: (any UITextInputDelegate)? {
        get { _inputDelegate }
        set { _inputDelegate = newValue }
    }

    /// The tokenizer over the field's text.
    open var tokenizer: any UITextInputTokenizer { _tokenizer }

    /// The end of `range` farthest in `direction`.
    open func position(within range: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition? { _position(within: range, farthestIn: direction) }

    /// The range from `position` to the next insertion point in `direction`.
    open func characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange? { _characterRange(byExtending: position, in: direction) }

    /// The resolved writing direction of the text at `position`.
    open func baseWritingDirection(for position: UITextPosition, in direction: UITextStorageDirection) -> NSWritingDirection { _baseWritingDirection(for: position, in: direction) }

    /// Sets the writing direction of the text (undoable).
    open func setBaseWritingDirection(_ writingDirection: NSWritingDirection, for range: UITextRange) { _setBaseWritingDirection(writingDirection, for: range) }

    /// The insertion point in `range` nearest to `point` (field coordinates).
    open func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? { _closestPosition(to: point, within: range) }

    /// The grapheme cluster under `point` (field coordinates).
    open func characterRange(at point: CGPoint) -> UITextRange? { _characterRange(at: point) }

    /// The attributes at `position`.
    open func textStyling(at position: UITextPosition, in direction: UITextStorageDirection) -> [NSAttributedString.Key: Any]? { _textStyling(at: position, in: direction) }

    /// Deletes the selection (UIKit's `delete(_:)` edit action).
    open func delete(_ sender: Any?) { _delete(sender) }

    /// Selects the word at the caret.
    open func select(_ sender: Any?) { _select(sender) }

    /// Makes the selection bold or not (with ``allowsEditingTextAttributes``).
    open func toggleBoldface(_ sender: Any?) { _toggleBoldface(sender) }

    /// Makes the selection italic or not (with ``allowsEditingTextAttributes``).
    open func toggleItalics(_ sender: Any?) { _toggleItalics(sender) }

    /// Underlines the selection or not (with ``allowsEditingTextAttributes``).
    open func toggleUnderline(_ sender: Any?) { _toggleUnderline(sender) }
}
