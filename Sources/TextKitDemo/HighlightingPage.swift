import Foundation
import OpenTextKit

/// The seeds' "Highlighting" demo: a text storage whose delegate colours Swift keywords, strings
/// and comments in the edited paragraphs as you type.
@MainActor
func makeHighlightingPage() -> UITextView {
    let textView = UITextView(frame: .zero)
    textView.font = UIFont.monospacedSystemFont(ofSize: 14, weight: .regular)
    textView.textContainerInset = UIEdgeInsets(top: 12, left: 12, bottom: 12, right: 12)
    textView.textStorage.delegate = highlighter
    textView.text = """
        // Type here: keywords, strings and comments are coloured as you type.
        import OpenTextKit

        let storage = NSTextStorage(string: "Hello, TextKit")
        for word in ["layout", "glyphs", "lines"] {
            print("\\(word) is done by the engine")
        }
        """
    return textView
}

let highlighter = SwiftHighlighter()

/// Colours the paragraphs of each edit: keywords purple, strings red, comments green.
final class SwiftHighlighter: NSObject, NSTextStorageDelegate, @unchecked Sendable {  // stateless: its regexes are made once
    private let rules: [(NSRegularExpression, UIColor)] = [
        (try! NSRegularExpression(pattern: "\\b(let|var|func|for|in|import|return|if|else|struct|class|final)\\b"), .systemPurple),
        (try! NSRegularExpression(pattern: "\"[^\"\\n]*\"?"), .systemRed),
        (try! NSRegularExpression(pattern: "//.*"), .systemGreen),
    ]

    func textStorage(_ textStorage: NSTextStorage, didProcessEditing editedMask: NSTextStorage.EditActions,
                     range editedRange: NSRange, changeInLength delta: Int) {
        guard editedMask.contains(.editedCharacters) else { return }
        let paragraphs = textStorage.paragraphRange(for: editedRange)
        let text = textStorage.string
        textStorage.addAttribute(.foregroundColor, value: UIColor.label, range: paragraphs)
        for (expression, color) in rules {
            for match in expression.matches(in: text, range: paragraphs) {
                textStorage.addAttribute(.foregroundColor, value: color, range: match.range)
            }
        }
    }
}
