// Syntax highlighting as editors built on TextKit write it, two ways: a text storage delegate that
// recolours the edited paragraphs in `textStorage(_:willProcessEditing:range:changeInLength:)`
// (the storage stays the built-in class), and a storage subclass that does it in its
// `processEditing()` override. Both run before the layout managers hear of the edit.
import OpenTextKit
import BackedStorage

/// Colours Python tokens.
final class SyntaxHighlighter: NSTextStorageDelegate {
    /// Python's keywords, strings (one line), comments and numbers.
    private static let tokens = try! NSRegularExpression(pattern: #"""
        (?<keyword>\b(?:def|class|return|if|elif|else|for|while|in|not|and|or|is|None|True|False|import|from|as|with|try|except|finally|raise|lambda|yield|pass|break|continue|global|nonlocal|assert|del)\b)|(?<string>'[^'\n]*'|"[^"\n]*")|(?<comment>#[^\n]*)|(?<number>\b\d+(?:\.\d+)?\b)
        """#)

    /// Token colours: one theme per entry, keyword, string, comment, number.
    static let themes: [[UIColor]] = [
        [.systemPurple, .systemRed, .systemGreen, .systemBlue],
        [.systemOrange, .systemTeal, .systemGray, .systemPink],
    ]
    var theme = 0

    func textStorage(_ textStorage: NSTextStorage, willProcessEditing editedMask: NSTextStorage.EditActions,
                     range editedRange: NSRange, changeInLength delta: Int) {
        guard editedMask.contains(.editedCharacters) else { return }
        let edited = NSIntersectionRange(editedRange, NSRange(location: 0, length: textStorage.length))
        highlight(textStorage, in: textStorage.paragraphRange(for: edited))
    }

    /// Recolours `range` (whole paragraphs) of `storage` with the current theme. The expression
    /// runs over those paragraphs' text only (matching in the whole `string` would copy all of it
    /// into UTF-16 for ICU at every keystroke).
    func highlight(_ storage: NSTextStorage, in range: NSRange) {
        guard range.length > 0 else { return }
        storage.removeAttribute(.foregroundColor, range: range)
        let colors = Self.themes[theme]
        let paragraphs = storage.attributedSubstring(from: range).string
        Self.tokens.enumerateMatches(in: paragraphs, range: NSRange(location: 0, length: range.length)) { match, _, _ in
            guard let match else { return }
            for (group, color) in colors.enumerated() where match.range(at: group + 1).location != NSNotFound {
                let token = match.range(at: group + 1)
                storage.addAttribute(.foregroundColor, value: color,
                                     range: NSRange(location: range.location + token.location, length: token.length))
            }
        }
    }
}

/// The subclass way, written as Apple requires a subclass to be (primitives over a backing store,
/// `BackedTextStorage`): `processEditing()` runs the same highlighter.
final class HighlightingStorage: BackedTextStorage {
    let highlighter = SyntaxHighlighter()

    override func processEditing() {
        highlighter.textStorage(self, willProcessEditing: editedMask, range: editedRange, changeInLength: changeInLength)
        super.processEditing()
    }
}
