import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// An editable, scrollable text view, as UIKit's `UITextView`: over a TextKit 2 stack
/// (``textLayoutManager``, UIKit's default since iOS 16) or a TextKit 1 stack (``layoutManager``;
/// asking for it switches a TextKit 2 view for good, as in UIKit). Both run on one engine, with
/// the same lines and carets; a TextKit 2 view draws through its layout fragments (its viewport
/// controller's delegate is the view's own while it draws). Its ``textStorage`` and
/// ``textContainer`` are OpenTextKit's, typed into through
/// ``UITextInput`` (a window host, an input method, a test), drawn with ``draw(_:)`` into any
/// `CGContext`.
///
/// ```swift
/// let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
/// textView.font = UIFont.systemFont(ofSize: 15)
/// textView.becomeFirstResponder()
/// textView.insertText("Hello")
/// textView.selectedRange = NSRange(location: 0, length: 5)
/// textView.toggleBoldface(nil)       // with allowsEditingTextAttributes
/// textView.undoManager?.undo()
/// ```
///
/// Headless: nothing here needs a window. A host shows it by calling
/// ``UIView/drawHierarchy(in:afterScreenUpdates:)`` (or ``draw(_:)``) for the rects ``UIView/displayInvalidationHandler`` reports, sends typed
/// text to ``insertTextFromKeyboard(_:)`` and input-method preedit to ``setMarkedText(_:selectedRange:)``,
/// maps keys to the standard key commands (``moveLeft(_:)``, ``deleteBackwardFromKeyboard()`` …), clicks to
/// ``selectText(at:clickCount:extending:)``, and drives the caret's blink with ``isCaretBlinkOn``.
///
/// Every edit — typing, input methods, paste, undo, or code that edits ``textStorage``
/// directly — keeps the selection, the marked text and the layout consistent. The delegate is
/// asked and told in UIKit's order: `textView(_:shouldChangeTextIn:replacementText:)` before a
/// user edit — typed or pasted text, a cut, a key command, an input method's text (a false answer
/// cancels it) — then `textViewDidChangeSelection(_:)`, then `textViewDidChange(_:)`. As in UIKit,
/// the keyboard asks, not the program: code that calls ``insertText(_:)``, ``deleteBackward()`` or
/// ``replace(_:withText:)`` itself (a mention picker, autocompletion) has already decided and is not
/// asked, though the delegate is still told `textViewDidChange(_:)` and the edit is undoable.
/// Setting ``text`` or ``attributedText`` from code does not call the delegate at all; setting
/// ``selectedRange`` tells it `textViewDidChangeSelection(_:)`.
///
/// Large documents: the view lays out only as far as it shows (the layout manager's contiguous
/// layout), so ``UIScrollView/contentSize`` below what has been laid out is an estimate from the
/// average line height so far, refined as the user scrolls — as UIKit's non-contiguous layout does.
@preconcurrency @MainActor
open class UITextView: UIScrollView, UITextInput, TokenizerTextProviding {
    // MARK: The TextKit stack

    /// The container the view lays its text out in. Its width follows the view's (minus
    /// ``textContainerInset``) while `widthTracksTextView` is true.
    open var textContainer: NSTextContainer { container }
    /// The container the view was made with.
    let container: NSTextContainer
    /// The storage the view shows, held strongly: as in UIKit, the view keeps the TextKit stack
    /// it was given alive (the stack holds its storage only weakly, and code builds the storage,
    /// layout manager and container in locals and passes only the container).
    var retainedStorage: NSTextStorage?
    /// The TextKit 2 content manager, held for the same reason (it owns the text layout manager,
    /// which owns the engine that holds the container).
    var retainedContentManager: NSTextContentManager?
    /// The TextKit 2 layout manager of the view (iOS 16): non-nil for a view made with
    /// `UITextView(usingTextLayoutManager: true)`, with `init(frame:)` or over a TextKit 2
    /// container; nil for a TextKit 1 view and after the view switched to TextKit 1.
    open var textLayoutManager: NSTextLayoutManager? { textContainer.textLayoutManager }

    /// The TextKit 1 layout manager that lays out ``textContainer``.
    ///
    /// As in UIKit since iOS 16, asking a TextKit 2 view for it switches the view to TextKit 1 for
    /// good: ``textLayoutManager`` becomes nil, and the view goes on with the same text,
    /// container, layout and selection. UIKit logs the switch; so does this (to standard error,
    /// once per process).
    open var layoutManager: NSLayoutManager {
        if let textKit2 = textContainer.textLayoutManager {
            Self.logTextKit1Switch(self, reason: "its layoutManager was accessed")
            return textKit2.releaseEngineToTextKit1()
        }
        return engine
    }

    /// The engine the view runs on, in both modes: the TextKit 1 layout manager, or the TextKit 2
    /// layout manager's. Everything inside the view uses it, so that only code outside asking for
    /// ``layoutManager`` switches a TextKit 2 view to TextKit 1.
    package var engine: NSLayoutManager {
        guard let manager = textContainer.engineLayoutManager else {
            programmerError("UITextView.layoutManager: the text container was removed from its layout manager")
        }
        return manager
    }

    /// The text.
    open var textStorage: NSTextStorage {
        let storage = (textContainer.textLayoutManager?.textContentManager as? NSTextContentStorage)?.textStorage ?? engine.textStorage
        guard let storage else {
            programmerError("UITextView.textStorage: the layout manager has no text storage")
        }
        if storage !== observedStorage { observeStorage(storage) }  // the stack was rebuilt
        return storage
    }

    /// Writes UIKit's message about a view switching to TextKit 1 (once per process).
    private static func logTextKit1Switch(_ view: UITextView, reason: String) {
        guard !TextKit1SwitchLog.logged.withLock({ let was = $0; $0 = true; return was }) else { return }
        let message = "UITextView \(ObjectIdentifier(view)) is switching to TextKit 1 compatibility mode because \(reason).\n"
        FileHandle.standardError.write(message.data(using: .utf8)!)
    }

    // MARK: State

    /// The selection, in UTF-16 offsets; an empty range is the caret.
    var selection = NSRange(location: 0, length: 0)
    /// Where a selection extended with the keyboard or mouse stays fixed (the other end moves).
    var selectionAnchor: Int?
    /// The marked (composing) text, nil when there is none.
    var markedRange: NSRange?
    /// The selection inside the marked text, relative to its start.
    var markedSelection = NSRange(location: 0, length: 0)
    /// The x the caret keeps while moving up and down across shorter lines (view coordinates).
    var caretGoalX: CGFloat?
    /// The undo group of the typing in progress; ends when anything but typing happens.
    var typingRun: TypingRun?
    /// The input method's composition in progress (from the first marked text to its commit).
    var composition: Composition?
    /// The unit a click selected by (a drag extends by it) and what it selected.
    var clickGranularity: UITextGranularity = .character
    var clickRange: NSRange?
    /// Set when the view becomes first responder with ``clearsOnInsertion``.
    var clearsOnNextInsertion = false
    /// Suspends the reaction to storage edits while the view makes its own.
    var isApplyingOwnEdit = false
    /// The notification observer for the storage's edits, and the storage it follows.
    nonisolated(unsafe) var storageObserver: (any NSObjectProtocol)?
    weak var observedStorage: NSTextStorage?
    /// What ``draw(_:)`` last drew the caret as (so a blink redraws only it).
    var lastCaretRect: CGRect = .null
    /// What ``updateContentSize()`` last computed from: the layout manager and its change count,
    /// the bounds, the insets, and the content size it set (nil: compute again).
    var contentSizeBasis: (manager: ObjectIdentifier, layout: Int, bounds: CGRect, insets: UIEdgeInsets, size: CGSize)?
    /// While ``updateContentSize()`` scrolls to keep the shown text still (non-contiguous layout
    /// corrected estimated heights above it): the scroll it makes does not lay out again.
    var isKeepingShownTextStill = false
    /// The text around the last point hit-tested, kept until the text changes, so that the next
    /// hits in that paragraph find their grapheme clusters without copying the text again
    /// (``graphemeRange(containing:reusingWindow:)``).
    var graphemeWindow: GraphemeWindow?
    lazy var tokenizerSource = TextViewTokenizerText(self)

    // MARK: Configuration
    // (Unchecked exclusivity on the settings every keystroke reads several times: they are only
    // ever read or set whole.)

    /// Whether the user may edit the text (default true). A non-editable view can still select
    /// and copy when ``isSelectable``.
    @exclusivity(unchecked) open var isEditable = true {
        didSet { if !isEditable, isFirstResponder, markedRange != nil { unmarkText() } }
    }
    /// Whether the user may select text (default true).
    open var isSelectable = true
    /// Whether the style actions (``toggleBoldface(_:)`` …) and pasting attributed text work
    /// (default false).
    open var allowsEditingTextAttributes = false
    /// Whether the first insertion after the view becomes first responder replaces all the text.
    open var clearsOnInsertion = false
    /// Space between the view's edges and the text container (UIKit's default: 8 points above
    /// and below).
    @exclusivity(unchecked) open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) {
        didSet { updateContainerSize(); setNeedsDisplay() }
    }
    /// The attributes typed text gets. Reset from the text before the caret when the selection
    /// moves, as in UIKit.
    @exclusivity(unchecked) open var typingAttributes: [NSAttributedString.Key: Any] = [:]
    /// The attributes marked (composing) text is drawn with, on top of its own: a single
    /// underline by default.
    open var markedTextStyle: [NSAttributedString.Key: Any]? = [.underlineStyle: NSUnderlineStyle.single.rawValue] {
        didSet { if let markedRange { applyMarkedTextStyle(old: markedRange) } }
    }
    /// Told of changes that did not come from the input system (set by an input method host).
    open weak var inputDelegate: (any UITextInputDelegate)?
    /// The tokenizer over this view's text and lines.
    open private(set) lazy var tokenizer: any UITextInputTokenizer = UITextInputStringTokenizer(textInput: self)
    /// Which line the caret belongs to where a soft-wrapped line ends (see ``UITextSelectionAffinity``).
    @exclusivity(unchecked) open var selectionAffinity: UITextSelectionAffinity = .forward
    /// Whether the caret is in the visible half of its blink; a host toggles it on a timer.
    /// A Linux addition (UIKit blinks the caret itself).
    open var isCaretBlinkOn = true {
        didSet { if isCaretBlinkOn != oldValue, !lastCaretRect.isNull { setNeedsDisplay(lastCaretRect.insetBy(dx: -1, dy: -1)) } }
    }

    // Text input traits, stored.
    /// See ``UITextInputTraits``.
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    /// See ``UITextInputTraits``.
    open var autocorrectionType: UITextAutocorrectionType = .default
    /// Whether misspelled words are underlined (see ``checksSpelling``). See ``UITextInputTraits``.
    open var spellCheckingType: UITextSpellCheckingType = .default {
        didSet { if spellCheckingType != oldValue { recheckAllSpelling() } }
    }
    /// The language spelling is checked in, as ``UITextChecker`` names languages ("en_US"): by
    /// default the current locale's when a dictionary is installed for it, else "en_US". A Linux
    /// addition (UIKit follows the keyboard's language).
    open var spellCheckingLanguage: String = UITextView.defaultSpellCheckingLanguage {
        didSet { if spellCheckingLanguage != oldValue { recheckAllSpelling() } }
    }
    /// The text whose decorations (spelling marks, link attributes) are still to be made (made as
    /// it comes into view).
    var decorationsDirty = DirtyRanges()
    /// What ``dataDetectorTypes`` detects, and the detector for it (made when first needed).
    var detectorTypes: UIDataDetectorTypes = []
    var dataDetector: NSDataDetector?
    /// Whether detection ever added links (which must go when detection is turned off).
    var hasDetectedLinks = false
    /// Link attributes set by the app (nil: UIKit's default).
    var customLinkTextAttributes: [NSAttributedString.Key: Any]?
    /// Opens a followed link (a click on a link in a non-editable view, when the delegate allows
    /// it). A Linux addition: a host sets it (UIKit opens links through the application).
    open var openLinkHandler: ((URL) -> Void)?
    /// The checker (its ignored words are the view's).
    lazy var spellChecker = UITextChecker()
    /// See ``UITextInputTraits``.
    open var keyboardType: UIKeyboardType = .default
    /// See ``UITextInputTraits``.
    open var returnKeyType: UIReturnKeyType = .default
    /// See ``UITextInputTraits``. A secure view does not copy or cut.
    open var isSecureTextEntry = false
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
    /// Whether the text is drawn with the Mac's standard text scaling (Mac Catalyst). False by
    /// default; recorded only.
    open var usesStandardTextScaling = false
    /// Whether the font follows the content size category when it changes. False by default.
    /// Recorded only: a font made with `UIFont.preferredFont(forTextStyle:)` is sized for the
    /// category current when it was made, and is not updated when it changes.
    open var adjustsFontForContentSizeCategory = false

    // MARK: Input views and floating cursor

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

    /// Starts a floating cursor at `point` (iOS's trackpad gesture on the keyboard). Does nothing:
    /// Linux has no floating cursor.
    open func beginFloatingCursor(at point: CGPoint) {}
    /// Moves the floating cursor. Does nothing.
    open func updateFloatingCursor(at point: CGPoint) {}
    /// Ends the floating cursor. Does nothing.
    open func endFloatingCursor() {}

    // MARK: Accessibility

    /// True unless set: a text view is an accessibility element, as in UIKit.
    open override var isAccessibilityElement: Bool {
        get { accessibility.isElement ?? true }
        set { accessibility.isElement = newValue }
    }

    /// The text unless set (bullets, one per character, for secure entry).
    open override var accessibilityValue: String? {
        get { accessibility.value ?? (isSecureTextEntry ? String(repeating: "•", count: text.count) : text) }
        set { accessibility.value = newValue }
    }

    // MARK: Creating

    /// A view over `textContainer`'s stack — TextKit 1 (the container belongs to a layout manager
    /// with a text storage) or TextKit 2 (it belongs to an `NSTextLayoutManager` of a content
    /// storage) — or, with nil, over a new TextKit 2 stack, as UIKit makes since iOS 16.
    public init(frame: CGRect, textContainer: NSTextContainer?) {
        if let textContainer {
            let storage = (textContainer.textLayoutManager?.textContentManager as? NSTextContentStorage)?.textStorage
                ?? textContainer.layoutManager?.textStorage
            checkPrecondition(storage != nil,
                              "UITextView.init(frame:textContainer:): the container must belong to a layout manager with a text storage (or a text layout manager of a content storage)")
            self.container = textContainer
            retainedStorage = storage
            retainedContentManager = textContainer.textLayoutManager?.textContentManager
        } else {
            let stack = UITextView.makeStack(width: frame.width, textKit2: true)
            self.container = stack.container
            retainedStorage = stack.storage
            retainedContentManager = stack.contentManager
        }
        super.init(frame: frame)
        finishInit()
    }

    /// A view with a new TextKit 2 stack (`true`, UIKit's default since iOS 16) or TextKit 1 stack.
    public convenience init(usingTextLayoutManager: Bool) {
        let stack = UITextView.makeStack(width: 0, textKit2: usingTextLayoutManager)
        self.init(frame: .zero, textContainer: stack.container)
        withExtendedLifetime(stack) {}
    }

    /// A view made as `init(frame: .zero, textContainer: nil)` makes it: nothing is decoded
    /// (Linux has no nibs or storyboards).
    public required init?(coder: NSCoder) {
        let stack = UITextView.makeStack(width: 0, textKit2: true)
        container = stack.container
        retainedStorage = stack.storage
        retainedContentManager = stack.contentManager
        super.init(coder: coder)
        finishInit()
    }

    /// A new stack `width` wide whose container tracks the view's width: storage, layout manager
    /// and container, or for TextKit 2 content storage, text layout manager and container.
    private static func makeStack(width: CGFloat, textKit2: Bool) -> (container: NSTextContainer, storage: NSTextStorage, contentManager: NSTextContentManager?) {
        let container = NSTextContainer(size: CGSize(width: width, height: .greatestFiniteMagnitude))
        container.widthTracksTextView = true
        if textKit2 {
            let content = NSTextContentStorage()
            let manager = NSTextLayoutManager()
            content.addTextLayoutManager(manager)
            manager.textContainer = container
            return (container, content.textStorage!, content)
        }
        let storage = NSTextStorage()
        let manager = NSLayoutManager()
        manager.addTextContainer(container)
        storage.addLayoutManager(manager)
        return (container, storage, nil)
    }

    private func finishInit() {
        textContainer.textLayoutManager?.textKit1Fallback = { [unowned self] in self.layoutManager }
        typingAttributes = Self.defaultTypingAttributes
        updateContainerSize()
        observeStorage(textStorage)
        updateContentSize()
    }

    /// A view with a new TextKit 2 stack.
    public convenience override init(frame: CGRect) {
        self.init(frame: frame, textContainer: nil)
    }

    /// A view with a zero frame and a new TextKit stack.
    public convenience init() {
        self.init(frame: .zero, textContainer: nil)
    }

    deinit {
        if let storageObserver { NotificationCenter.default.removeObserver(storageObserver) }
    }

    static var defaultTypingAttributes: [NSAttributedString.Key: Any] {
        [.font: UIFont.systemFont(ofSize: 12), .foregroundColor: UIColor.label]
    }

    // MARK: Responder

    /// True: a text view takes the focus (for editing, or for selecting when not editable).
    open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }

    /// Takes the focus; an editable view asks its delegate `textViewShouldBeginEditing(_:)`
    /// first and tells it `textViewDidBeginEditing(_:)` after, with
    /// ``textDidBeginEditingNotification``.
    @discardableResult
    open override func becomeFirstResponder() -> Bool { _becomeFirstResponder() }

    /// Gives up the focus; an editable view asks `textViewShouldEndEditing(_:)` first, commits
    /// marked text, and tells `textViewDidEndEditing(_:)` after, with ``textDidEndEditingNotification``.
    @discardableResult
    open override func resignFirstResponder() -> Bool { _resignFirstResponder() }

    /// The undo manager up the responder chain, or the view's own.
    open override var undoManager: UndoManager? { undoManagerFromChainOrOwn }

    // MARK: Overridable input and geometry (implemented in the extensions)

    /// Inserts `text` at the caret, replacing the selection (or the marked text), with
    /// ``typingAttributes``; coalesced with the typing before it into one undo step. The delegate
    /// is not asked (the keyboard asks before it calls this: ``insertTextFromKeyboard(_:)``), and
    /// is told `textViewDidChange(_:)`.
    open func insertText(_ text: String) { _insertText(text) }

    /// Deletes the selection, or the grapheme cluster before the caret (a whole emoji sequence,
    /// a letter with its marks; in a Hangul or Indic cluster typed piece by piece, still the
    /// whole cluster, as UIKit does). The delegate is not asked (see ``deleteBackwardFromKeyboard()``).
    open func deleteBackward() { _deleteBackward() }

    /// The caret's rect at `position`, in view coordinates: 2 points wide, the height of the
    /// line's ascent and descent.
    open func caretRect(for position: UITextPosition) -> CGRect { _caretRect(for: position) }

    /// The rect of `range`'s first line, in view coordinates.
    open func firstRect(for range: UITextRange) -> CGRect { _firstRect(for: range) }

    /// The highlight rects of `range`, in view coordinates.
    open func selectionRects(for range: UITextRange) -> [UITextSelectionRect] { _selectionRects(for: range) }

    /// The insertion point nearest to `point` (view coordinates).
    open func closestPosition(to point: CGPoint) -> UITextPosition? { _closestPosition(to: point) }

    /// Draws the visible part of the text: background, selection highlight, text, marked-text
    /// underline and caret. `rect` is in the view's bounds (content) coordinates.
    open override func draw(_ rect: CGRect) { _draw(rect) }

    /// Copies the selection to ``UIPasteboard/general`` (plain and attributed).
    open func copy(_ sender: Any?) { _copy() }

    /// Copies the selection and deletes it.
    open func cut(_ sender: Any?) { _cut() }

    /// Replaces the selection with the pasteboard's text (attributed when
    /// ``allowsEditingTextAttributes``).
    open func paste(_ sender: Any?) { _paste() }

    /// Selects all of the text.
    open func selectAll(_ sender: Any?) { _selectAll() }

    /// The size the text needs at `size`'s width: that width, and the height of all of the text
    /// laid out in a container as wide as the width less ``textContainerInset``'s sides (with the
    /// text container's padding, exclusion paths, line limit and line break mode), plus the
    /// inset's top and bottom, rounded up. `size`'s height is not a limit. ``UIView/sizeToFit()``
    /// uses it, so a text view with scrolling off can be made as tall as its text.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { _sizeThatFits(size) }

    /// Keeps the container's width equal to the view's.
    open override func boundsSizeDidChange(from oldSize: CGSize) {
        updateContainerSize()
        updateContentSize()
    }

    /// Lays out what came into view.
    open override func scrollViewDidScroll() {
        updateContentSize()
        setNeedsLayout()
        super.scrollViewDidScroll()
    }

    /// Lays out what the view shows, and checks the spelling of what came into view (before
    /// drawing: ``UIView/drawHierarchy(in:afterScreenUpdates:)`` lays out first).
    open override func layoutSubviews() {
        super.layoutSubviews()
        updateContentSize()
        updateDecorationsIfNeeded()
    }

    // MARK: Overridable UIKit members (implemented in the extensions)

    /// The text, plain. Setting it replaces all of the text with `newValue` in the view's
    /// ``font``, ``textColor`` and ``textAlignment``, puts the caret at the end, and clears the
    /// view's undo actions (a programmatic change, as in UIKit; the delegate is not told).
    open var text: String! {
        get { _text }
        set { _text = newValue }
    }

    /// The text with its attributes. Setting it replaces all of the text (see ``text``); the
    /// typing attributes become those of the new text's start.
    open var attributedText: NSAttributedString! {
        get { _attributedText }
        set { _attributedText = newValue }
    }

    /// The font of the text. Setting it applies to all of the text and to typed text.
    open var font: UIFont? {
        get { _font }
        set { _font = newValue }
    }

    /// The colour of the text. Setting it applies to all of the text and to typed text.
    open var textColor: UIColor? {
        get { _textColor }
        set { _textColor = newValue }
    }

    /// The alignment of the text's paragraphs. Setting it applies to every paragraph and to
    /// typed text.
    open var textAlignment: NSTextAlignment {
        get { _textAlignment }
        set { _textAlignment = newValue }
    }

    /// Replaces the marked text (or the selection) with `markedText`, marks it, and selects
    /// `selectedRange` within it; nil or empty text removes the marked text. An input method's
    /// composition sequence (set, set, …, then ``unmarkText()`` or ``insertText(_:)``) becomes
    /// one undo step when it is committed.
    open func setMarkedText(_ markedText: String?, selectedRange: NSRange) { _setMarkedText(markedText, selectedRange: selectedRange) }

    /// Commits the marked text: it stays as it is, unmarked (one undo step for the composition).
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

    /// Whether there is any text.
    open var hasText: Bool { _hasText }

    /// The text in `range`; nil when it is not a valid range of this view.
    open func text(in range: UITextRange) -> String? { _text(in: range) }

    /// Replaces the text in `range` with `text` (undoable; the delegate is not asked, as when code
    /// calls it on iOS, and is told `textViewDidChange(_:)`).
    open func replace(_ range: UITextRange, withText text: String) { _replace(range, withText: text) }

    /// Whether the text in `range` may be replaced with `text`: asks the delegate.
    open func shouldChangeText(in range: UITextRange, replacementText text: String) -> Bool { _shouldChangeText(in: range, replacementText: text) }

    /// The selection as a text range.
    open var selectedTextRange: UITextRange? {
        get { _selectedTextRange }
        set { _selectedTextRange = newValue }
    }

    /// The selection in UTF-16 offsets; an empty range is the caret. Setting it (clamped to the
    /// text) tells the input delegate and the view's delegate (`textViewDidChangeSelection`).
    open var selectedRange: NSRange {
        get { _selectedRange }
        set { _selectedRange = newValue }
    }

    /// The marked text's range, nil when there is none.
    open var markedTextRange: UITextRange? { _markedTextRange }

    /// The start of the text.
    open var beginningOfDocument: UITextPosition { _beginningOfDocument }

    /// The end of the text.
    open var endOfDocument: UITextPosition { _endOfDocument }

    /// The range between two positions, in either order.
    open func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? { _textRange(from: fromPosition, to: toPosition) }

    /// The position `offset` UTF-16 units away; nil outside the text.
    open func position(from position: UITextPosition, offset: Int) -> UITextPosition? { _position(from: position, offset: offset) }

    /// The position `offset` caret steps away on the screen: left and right by insertion points
    /// in visual order, up and down by lines (keeping the x). Nil when the text ends first.
    open func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? { _position(from: position, in: direction, offset: offset) }

    /// Orders two positions of this view.
    open func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult { _compare(position, to: other) }

    /// UTF-16 units from `from` to `toPosition`.
    open func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int { _offset(from: from, to: toPosition) }

    /// The end of `range` farthest in `direction`: left and up give the start in left-to-right
    /// text (the end in right-to-left text for left), right and down the other end.
    open func position(within range: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition? { _position(within: range, farthestIn: direction) }

    /// The range from `position` to the next insertion point in `direction`.
    open func characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange? { _characterRange(byExtending: position, in: direction) }

    /// The resolved writing direction of the paragraph at `position`.
    open func baseWritingDirection(for position: UITextPosition, in direction: UITextStorageDirection) -> NSWritingDirection { _baseWritingDirection(for: position, in: direction) }

    /// Sets the writing direction of the paragraphs `range` touches (undoable).
    open func setBaseWritingDirection(_ writingDirection: NSWritingDirection, for range: UITextRange) { _setBaseWritingDirection(writingDirection, for: range) }

    /// The insertion point nearest to `point` in `range`.
    open func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? { _closestPosition(to: point, within: range) }

    /// The grapheme cluster under `point`; nil when the point is beside the text or below it.
    open func characterRange(at point: CGPoint) -> UITextRange? { _characterRange(at: point) }

    /// The attributes at `position`: of the character after it (forward) or before it (backward).
    open func textStyling(at position: UITextPosition, in direction: UITextStorageDirection) -> [NSAttributedString.Key: Any]? { _textStyling(at: position, in: direction) }

    /// What the view detects and turns into links. Detection runs before drawing, in the
    /// paragraphs that changed since (as the user types) and only as they come into view; the
    /// links are `.link` attributes in ``textStorage`` (not undoable, and made again after an
    /// undo). Setting it detects again everywhere.
    open var dataDetectorTypes: UIDataDetectorTypes {
        get { _dataDetectorTypes }
        set { _dataDetectorTypes = newValue }
    }

    /// How text with a `.link` attribute is drawn (laid over its own attributes; only drawing
    /// attributes take effect). By default the tint colour without an underline, as UIKit's.
    open var linkTextAttributes: [NSAttributedString.Key: Any]! {
        get { _linkTextAttributes }
        set { _linkTextAttributes = newValue }
    }

    /// Deletes the selection (UIKit's `delete(_:)` edit action).
    open func delete(_ sender: Any?) { _delete(sender) }

    /// Makes the selection (or the typing attributes) bold, or not bold when it already is.
    /// Needs ``allowsEditingTextAttributes``.
    open func toggleBoldface(_ sender: Any?) { _toggleBoldface(sender) }

    /// Makes the selection (or the typing attributes) italic, or not italic when it already is.
    /// Needs ``allowsEditingTextAttributes``.
    open func toggleItalics(_ sender: Any?) { _toggleItalics(sender) }

    /// Underlines the selection (or the typing attributes), or removes the underline.
    /// Needs ``allowsEditingTextAttributes``.
    open func toggleUnderline(_ sender: Any?) { _toggleUnderline(sender) }

    /// Selects the word at the caret (UIKit's `select(_:)` edit action).
    open func select(_ sender: Any?) { _select(sender) }

    /// Scrolls so that `range` (its first rect, or its caret when empty) is visible.
    open func scrollRangeToVisible(_ range: NSRange) { _scrollRangeToVisible(range) }
}

/// Whether a text view has logged its switch to TextKit 1 in this process.
private enum TextKit1SwitchLog {
    static let logged = Locked(false)
}
