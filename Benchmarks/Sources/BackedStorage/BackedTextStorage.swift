// A text storage subclass written as Apple requires one to be (Apple's `NSTextStorage` keeps no
// characters of its own): its primitives read and write a backing `NSMutableAttributedString`
// and report each change with `edited(_:range:changeInLength:)`. Code ported from Apple's
// platforms subclasses this way; the benchmarks' highlighting subclasses build on it.
import OpenTextKit

open class BackedTextStorage: NSTextStorage {
    private let backing = NSMutableAttributedString()

    /// A storage holding `text` with `attributes` on all of it.
    public convenience init(text: String, attributes: [NSAttributedString.Key: Any]) {
        self.init()
        backing.replaceCharacters(in: NSRange(location: 0, length: 0), with: NSAttributedString(string: text, attributes: attributes))
    }

    open override var string: String { backing.string }

    open override func attributes(at location: Int, effectiveRange range: NSRangePointer?) -> [NSAttributedString.Key: Any] {
        backing.attributes(at: location, effectiveRange: range)
    }

    open override func replaceCharacters(in range: NSRange, with str: String) {
        beginEditing()
        backing.replaceCharacters(in: range, with: str)
        edited(.editedCharacters, range: range, changeInLength: str.utf16.count - range.length)
        endEditing()
    }

    open override func setAttributes(_ attrs: [NSAttributedString.Key: Any]?, range: NSRange) {
        beginEditing()
        backing.setAttributes(attrs, range: range)
        edited(.editedAttributes, range: range, changeInLength: 0)
        endEditing()
    }
}
