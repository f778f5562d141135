// A syntax-highlighting text storage, as an editor built on TextKit writes one: it recolours the
// paragraphs an edit touched in `processEditing()`, before the layout managers hear of the edit.
import OpenTextKit

final class HighlightingStorage: NSTextStorage {
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

    override func processEditing() {
        let edited = NSIntersectionRange(editedRange, NSRange(location: 0, length: length))
        if editedMask.contains(.editedCharacters) { highlight(paragraphRange(for: edited)) }
        super.processEditing()
    }

    /// Recolours `range` (whole paragraphs) with the current theme.
    func highlight(_ range: NSRange) {
        guard range.length > 0 else { return }
        removeAttribute(.foregroundColor, range: range)
        let colors = Self.themes[theme]
        Self.tokens.enumerateMatches(in: string, range: range) { match, _, _ in
            guard let match else { return }
            for (group, color) in colors.enumerated() where match.range(at: group + 1).location != NSNotFound {
                self.addAttribute(.foregroundColor, value: color, range: match.range(at: group + 1))
            }
        }
    }
}
