import TextKitGraphics
import TextKitModel

/// Finds the boundaries of characters, words, sentences, paragraphs, lines and the document
/// around positions of a text-input object. ``UITextInputStringTokenizer`` is the standard one.
///
/// The direction argument says which side of a position is meant: at a boundary "forward" looks
/// at the unit that ends there (the boundary reached moving forward), "backward" at the unit
/// that starts there; "within a unit forward" means the character after the position is in a
/// unit, "backward" the character before.
@preconcurrency @MainActor
public protocol UITextInputTokenizer: AnyObject {
    /// The unit of `granularity` around `position`: with a forward direction the one that holds
    /// the character after `position`, with a backward direction the one that holds the character
    /// before. Nil when that character is in no unit (a space between words).
    func rangeEnclosingPosition(_ position: UITextPosition, with granularity: UITextGranularity,
                                inDirection direction: UITextDirection) -> UITextRange?
    /// Whether a unit ends at `position` (forward) or starts there (backward).
    func isPosition(_ position: UITextPosition, atBoundary granularity: UITextGranularity,
                    inDirection direction: UITextDirection) -> Bool
    /// The next unit end after `position` (forward) or the previous unit start before it
    /// (backward); nil when there is none.
    func position(from position: UITextPosition, toBoundary granularity: UITextGranularity,
                  inDirection direction: UITextDirection) -> UITextPosition?
    /// Whether the character after `position` (forward) or before it (backward) is in a unit.
    func isPosition(_ position: UITextPosition, withinTextUnit granularity: UITextGranularity,
                    inDirection direction: UITextDirection) -> Bool
}
