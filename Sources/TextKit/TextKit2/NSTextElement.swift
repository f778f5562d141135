import TextKitGraphics
import TextKitModel

/// A piece of a TextKit 2 document that a content manager hands to its layout managers, as
/// TextKit's `NSTextElement`. Each element becomes one layout fragment (but for a paragraph longer
/// than 65,536 units, which is laid out in pieces: a fragment each, whose element is an
/// ``NSTextParagraph`` holding the piece's text). The elements of an ``NSTextContentStorage`` are
/// ``NSTextParagraph``s.
open class NSTextElement: NSObject {
    /// The content manager the element belongs to (nil for an element made on its own).
    open weak var textContentManager: NSTextContentManager?
    /// Where the element is in its content manager's document.
    open var elementRange: NSTextRange?

    /// An element of `textContentManager` (its range is set by whoever places it).
    public init(textContentManager: NSTextContentManager?) {
        self.textContentManager = textContentManager
        super.init()
    }

    /// The elements this one contains (none for a paragraph).
    open var childElements: [NSTextElement] { [] }
    /// The element that contains this one (nil at the top level).
    open weak var parentElement: NSTextElement? { nil }
    /// Whether the element stands for content of the document: true once it has a range in it
    /// (a content storage delegate's display paragraph too, which stands for the paragraph it
    /// shows).
    open var isRepresentedElement: Bool { elementRange != nil }
}

/// A paragraph of a TextKit 2 document, as TextKit's `NSTextParagraph`: its attributed string
/// (with the paragraph separator, if it has one) and where its content and its separator are.
open class NSTextParagraph: NSTextElement {
    private let string: NSAttributedString

    /// A paragraph holding `attributedString` (an empty one for nil).
    public init(attributedString: NSAttributedString?) {
        string = attributedString ?? NSAttributedString(string: "")
        super.init(textContentManager: nil)
    }

    /// The paragraph's characters and attributes, separator included.
    open var attributedString: NSAttributedString { string }

    /// The paragraph's range without its separator (nil when the element has no range).
    open var paragraphContentRange: NSTextRange? {
        guard let range = elementRange else { return nil }
        return NSTextRange(location: range.location, end: contentEnd(in: range))
    }

    /// The range of the paragraph's separator (nil without a range; empty when the paragraph
    /// ends the text without one).
    open var paragraphSeparatorRange: NSTextRange? {
        guard let range = elementRange else { return nil }
        return NSTextRange(location: contentEnd(in: range), end: range.endLocation)
    }

    /// Where the separator starts: the length of the string without its trailing "\n", "\r\n",
    /// "\r" or U+2029, offset from the element's start.
    private func contentEnd(in range: NSTextRange) -> any NSTextLocation {
        let separator = ParagraphSeparator.length(atEndOf: string.string)
        let provider = textContentManager
        return provider?.location(range.endLocation, offsetBy: -separator) ?? range.endLocation
    }
}

/// The paragraph separators TextKit recognises at the end of a paragraph: "\n", "\r\n", "\r" and
/// U+2029 (U+2028 separates lines, not paragraphs).
enum ParagraphSeparator {
    /// The length in UTF-16 units of the separator that ends `text` (0 when it ends without one).
    static func length(atEndOf text: String) -> Int {
        length(atEndOf: Array(text.utf16.suffix(2)))
    }

    /// The length of the separator (CR LF, CR, LF or U+2029) that ends `units` (0 when none does).
    static func length(atEndOf units: [UInt16]) -> Int {
        switch units.last {
        case 0x0A: return units.count >= 2 && units[units.count - 2] == 0x0D ? 2 : 1
        case 0x0D, 0x2029: return 1
        default: return 0
        }
    }
}
