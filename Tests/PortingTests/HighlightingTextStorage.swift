import Foundation
import OpenTextKit

// A keyword-highlighting text storage as iOS tutorials write it: a backing store, the four
// primitives forwarded to it, and the highlighting done in processEditing().
class HighlightingTextStorage: NSTextStorage {
    private let backingStore = NSMutableAttributedString()
    var keywords = ["func", "let", "var", "return"]
    var keywordColor = UIColor.blue

    override init() {
        super.init()
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override var string: String {
        return backingStore.string
    }

    override func attributes(at location: Int, effectiveRange range: NSRangePointer?) -> [NSAttributedString.Key: Any] {
        return backingStore.attributes(at: location, effectiveRange: range)
    }

    override func replaceCharacters(in range: NSRange, with str: String) {
        beginEditing()
        backingStore.replaceCharacters(in: range, with: str)
        edited(.editedCharacters, range: range, changeInLength: (str as NSString).length - range.length)
        endEditing()
    }

    override func setAttributes(_ attrs: [NSAttributedString.Key: Any]?, range: NSRange) {
        beginEditing()
        backingStore.setAttributes(attrs, range: range)
        edited(.editedAttributes, range: range, changeInLength: 0)
        endEditing()
    }

    override func processEditing() {
        let paragraphRange = (string as NSString).paragraphRange(for: editedRange)
        removeAttribute(.foregroundColor, range: paragraphRange)
        let pattern = "\\b(" + keywords.joined(separator: "|") + ")\\b"
        let regex = try! NSRegularExpression(pattern: pattern, options: [])
        regex.enumerateMatches(in: string, options: [], range: paragraphRange) { match, _, _ in
            if let range = match?.range {
                self.addAttribute(.foregroundColor, value: self.keywordColor, range: range)
            }
        }
        super.processEditing()
    }
}
