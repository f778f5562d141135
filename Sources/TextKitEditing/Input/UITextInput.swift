import TextKitGraphics
import TextKitModel

/// What an input method may want to know about a text-input object: capitalization,
/// autocorrection, spell checking, the keyboard. Every member is optional, as in UIKit (a
/// default does nothing); ``UITextView`` stores them.
@preconcurrency @MainActor
public protocol UITextInputTraits: AnyObject {
    /// Automatic capitalization. Default `.sentences`.
    var autocapitalizationType: UITextAutocapitalizationType { get set }
    /// Autocorrection. Default `.default`.
    var autocorrectionType: UITextAutocorrectionType { get set }
    /// Spell checking. Default `.default`.
    var spellCheckingType: UITextSpellCheckingType { get set }
    /// The keyboard to show. Default `.default`.
    var keyboardType: UIKeyboardType { get set }
    /// The return key's label. Default `.default`.
    var returnKeyType: UIReturnKeyType { get set }
    /// Whether the text is a password (not shown, not copied). Default false.
    var isSecureTextEntry: Bool { get set }
    /// Whether straight quotes become curly ones as the user types. Default `.default`.
    var smartQuotesType: UITextSmartQuotesType { get set }
    /// Whether "--" becomes a dash as the user types. Default `.default`.
    var smartDashesType: UITextSmartDashesType { get set }
    /// Whether spaces are added and removed around pasted and deleted words. Default `.default`.
    var smartInsertDeleteType: UITextSmartInsertDeleteType { get set }
    /// What the text is (a user name, an e-mail address), for autofill. Default nil.
    var textContentType: UITextContentType! { get set }
    /// The keyboard's appearance. Default `.default`.
    var keyboardAppearance: UIKeyboardAppearance { get set }
    /// Whether the return key is disabled while there is no text. Default false.
    var enablesReturnKeyAutomatically: Bool { get set }
}

extension UITextInputTraits {
    /// `.sentences`; a conforming type that does not store it ignores assignments.
    public var autocapitalizationType: UITextAutocapitalizationType { get { .sentences } set {} }
    /// `.default`; a conforming type that does not store it ignores assignments.
    public var autocorrectionType: UITextAutocorrectionType { get { .default } set {} }
    /// `.default`; a conforming type that does not store it ignores assignments.
    public var spellCheckingType: UITextSpellCheckingType { get { .default } set {} }
    /// `.default`; a conforming type that does not store it ignores assignments.
    public var keyboardType: UIKeyboardType { get { .default } set {} }
    /// `.default`; a conforming type that does not store it ignores assignments.
    public var returnKeyType: UIReturnKeyType { get { .default } set {} }
    /// False; a conforming type that does not store it ignores assignments.
    public var isSecureTextEntry: Bool { get { false } set {} }
    /// `.default`; a conforming type that does not store it ignores assignments.
    public var smartQuotesType: UITextSmartQuotesType { get { .default } set {} }
    /// `.default`; a conforming type that does not store it ignores assignments.
    public var smartDashesType: UITextSmartDashesType { get { .default } set {} }
    /// `.default`; a conforming type that does not store it ignores assignments.
    public var smartInsertDeleteType: UITextSmartInsertDeleteType { get { .default } set {} }
    /// Nil; a conforming type that does not store it ignores assignments.
    public var textContentType: UITextContentType! { get { nil } set {} }
    /// `.default`; a conforming type that does not store it ignores assignments.
    public var keyboardAppearance: UIKeyboardAppearance { get { .default } set {} }
    /// False; a conforming type that does not store it ignores assignments.
    public var enablesReturnKeyAutomatically: Bool { get { false } set {} }
}

/// The simplest text input: insert text at the caret and delete backward. A window host sends
/// typed characters through it.
@preconcurrency @MainActor
public protocol UIKeyInput: UITextInputTraits {
    /// Whether there is any text.
    var hasText: Bool { get }
    /// Inserts `text` at the caret (replacing the selection).
    func insertText(_ text: String)
    /// Deletes the character before the caret (or the selection).
    func deleteBackward()
}

/// How alternatives offered with inserted text are presented (``UITextInput/insertText(_:alternatives:style:)``).
public enum UITextAlternativeStyle: Int, Sendable, Hashable {
    /// No particular style.
    case none
    /// The text is low-confidence dictation.
    case lowConfidence
}

/// The protocol between an input method and a text-editing object: the object exposes its text,
/// selection, marked (composing) text and geometry through opaque ``UITextPosition``s and
/// ``UITextRange``s, and the input method (or a window host, or a test) drives it through them.
///
/// ``UITextView`` adopts it; so can any view with its own text storage (Apple's
/// `SimpleTextInput` sample). Members that UIKit marks optional have defaults here; a default
/// that would need the text's geometry returns what UIKit's callers treat as "unknown" (`.null`
/// rects, nil positions).
///
/// Rects are in the text-input object's coordinates. Offsets (``offset(from:to:)``,
/// ``position(from:offset:)``) count UTF-16 code units, as `NSRange` does.
@preconcurrency @MainActor
public protocol UITextInput: UIKeyInput {
    // Text
    /// The text in `range`; nil when the range is not valid.
    func text(in range: UITextRange) -> String?
    /// Replaces the text in `range` with `text`.
    func replace(_ range: UITextRange, withText text: String)
    /// Whether the text in `range` may be replaced with `text` (optional; default true).
    func shouldChangeText(in range: UITextRange, replacementText text: String) -> Bool

    // Selection and marked text
    /// The selection (an empty range is the caret); nil when there is none.
    var selectedTextRange: UITextRange? { get set }
    /// The marked (composing) text, nil when there is none.
    var markedTextRange: UITextRange? { get }
    /// The attributes marked text is drawn with.
    var markedTextStyle: [NSAttributedString.Key: Any]? { get set }
    /// Replaces the marked text (or the selection, when there is none) with `markedText`, marks
    /// it, and selects `selectedRange` within it. Nil or empty text removes the marked text.
    func setMarkedText(_ markedText: String?, selectedRange: NSRange)
    /// Like ``setMarkedText(_:selectedRange:)`` with attributes (optional; default uses the
    /// string only).
    func setAttributedMarkedText(_ markedText: NSAttributedString?, selectedRange: NSRange)
    /// Commits the marked text: it stays, unmarked.
    func unmarkText()
    /// Which side of a line break the caret belongs to (optional; default `.forward`).
    var selectionAffinity: UITextSelectionAffinity { get set }

    // Positions and ranges
    /// The start of the text.
    var beginningOfDocument: UITextPosition { get }
    /// The end of the text.
    var endOfDocument: UITextPosition { get }
    /// The range between two positions, in either order; nil when either is not valid.
    func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange?
    /// The position `offset` UTF-16 units from `position`; nil outside the text.
    func position(from position: UITextPosition, offset: Int) -> UITextPosition?
    /// The position `offset` steps from `position` on the screen (characters left and right,
    /// lines up and down); nil when there is none.
    func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition?
    /// Orders two positions.
    func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult
    /// The number of UTF-16 units from `from` to `toPosition` (negative when it is before).
    func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int
    /// The position at `offset` UTF-16 units into `range` (optional).
    func position(within range: UITextRange, atCharacterOffset offset: Int) -> UITextPosition?
    /// The UTF-16 offset of `position` from the start of `range` (optional).
    func characterOffset(of position: UITextPosition, within range: UITextRange) -> Int

    // Input delegate and tokenizer
    /// Told of changes that did not come from the input system.
    var inputDelegate: (any UITextInputDelegate)? { get set }
    /// The object that finds word, sentence, paragraph and line boundaries.
    var tokenizer: any UITextInputTokenizer { get }

    // Layout
    /// The position in `range` farthest in `direction` (its start for left and up, its end for
    /// right and down, in left-to-right text).
    func position(within range: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition?
    /// The range from `position` to the one next to it in `direction`.
    func characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange?
    /// The writing direction of the paragraph at `position`.
    func baseWritingDirection(for position: UITextPosition, in direction: UITextStorageDirection) -> NSWritingDirection
    /// Sets the writing direction of the paragraphs that `range` touches.
    func setBaseWritingDirection(_ writingDirection: NSWritingDirection, for range: UITextRange)

    // Geometry and hit testing
    /// The rect of the first line of `range` (where an input method places its candidate window).
    func firstRect(for range: UITextRange) -> CGRect
    /// The caret's rect at `position`.
    func caretRect(for position: UITextPosition) -> CGRect
    /// The highlight rects of `range`.
    func selectionRects(for range: UITextRange) -> [UITextSelectionRect]
    /// The insertion point nearest to `point`.
    func closestPosition(to point: CGPoint) -> UITextPosition?
    /// The insertion point in `range` nearest to `point`.
    func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition?
    /// The character (grapheme cluster) under `point`.
    func characterRange(at point: CGPoint) -> UITextRange?

    // Styled input
    /// The attributes of the text at `position` (optional; deprecated in UIKit, still used).
    func textStyling(at position: UITextPosition, in direction: UITextStorageDirection) -> [NSAttributedString.Key: Any]?
    /// Inserts text that comes with alternatives (dictation); optional, default inserts `text`.
    func insertText(_ text: String, alternatives: [String], style: UITextAlternativeStyle)

    // Floating cursor (optional)
    /// The user started moving a floating cursor at `point` (optional; default does nothing:
    /// there is no floating cursor on Linux).
    func beginFloatingCursor(at point: CGPoint)
    /// The floating cursor moved to `point` (optional; default does nothing).
    func updateFloatingCursor(at point: CGPoint)
    /// The floating cursor was released (optional; default does nothing).
    func endFloatingCursor()
}

extension UITextInput {
    /// Does nothing (there is no floating cursor on Linux).
    public func beginFloatingCursor(at point: CGPoint) {}
    /// Does nothing.
    public func updateFloatingCursor(at point: CGPoint) {}
    /// Does nothing.
    public func endFloatingCursor() {}
    /// True.
    public func shouldChangeText(in range: UITextRange, replacementText text: String) -> Bool { true }

    /// Calls ``setMarkedText(_:selectedRange:)`` with the string.
    public func setAttributedMarkedText(_ markedText: NSAttributedString?, selectedRange: NSRange) {
        setMarkedText(markedText?.string, selectedRange: selectedRange)
    }

    /// `.forward`; a conforming type that does not store it ignores assignments.
    public var selectionAffinity: UITextSelectionAffinity { get { .forward } set {} }

    /// The position `offset` units from the range's start.
    public func position(within range: UITextRange, atCharacterOffset offset: Int) -> UITextPosition? {
        position(from: range.start, offset: offset)
    }

    /// The offset of `position` from the range's start.
    public func characterOffset(of position: UITextPosition, within range: UITextRange) -> Int {
        offset(from: range.start, to: position)
    }

    /// Nil: a conforming type that does not implement it exposes no styling.
    public func textStyling(at position: UITextPosition, in direction: UITextStorageDirection) -> [NSAttributedString.Key: Any]? {
        nil
    }

    /// Inserts `text`, ignoring the alternatives.
    public func insertText(_ text: String, alternatives: [String], style: UITextAlternativeStyle) {
        insertText(text)
    }
}
