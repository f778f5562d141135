import OpenTextKit

/// A tiny regular-expression highlighter for Swift source, for the sample's code listing:
/// keywords, type names, numbers, strings and comments each get a colour. Later rules win, so a
/// keyword inside a string or a comment takes the string's or comment's colour.
struct SyntaxHighlighter {
    struct Rule {
        let expression: NSRegularExpression
        let color: UIColor
    }

    static let keywordColor = UIColor(red: 0.68, green: 0.24, blue: 0.64, alpha: 1)
    static let typeColor = UIColor(red: 0.36, green: 0.22, blue: 0.62, alpha: 1)
    static let numberColor = UIColor(red: 0.15, green: 0.16, blue: 0.78, alpha: 1)
    static let stringColor = UIColor(red: 0.77, green: 0.16, blue: 0.11, alpha: 1)
    static let commentColor = UIColor(red: 0.42, green: 0.47, blue: 0.52, alpha: 1)

    let rules: [Rule]

    /// The Swift rules.
    static let swift: SyntaxHighlighter = {
        let keywords = ["import", "let", "var", "func", "for", "in", "if", "else", "guard", "return", "struct",
                        "class", "enum", "case", "try", "throws", "self", "true", "false", "nil"]
        func rule(_ pattern: String, _ color: UIColor, _ options: NSRegularExpression.Options = []) -> Rule {
            // The patterns are literals written here; a failure is a programmer error.
            Rule(expression: try! NSRegularExpression(pattern: pattern, options: options), color: color)  // swiftlint:disable:this force_try
        }
        return SyntaxHighlighter(rules: [
            rule("\\b[A-Z][A-Za-z0-9]*\\b", typeColor),
            rule("\\b(" + keywords.joined(separator: "|") + ")\\b", keywordColor),
            rule("\\b[0-9]+(\\.[0-9]+)?\\b", numberColor),
            rule("\"(?:[^\"\\\\\\n]|\\\\.)*\"", stringColor),
            rule("//[^\\n]*", commentColor),
        ])
    }()

    /// Colours the matches in `range` of `text`.
    func highlight(_ text: NSMutableAttributedString, in range: NSRange) {
        let string = text.string
        for rule in rules {
            for match in rule.expression.matches(in: string, options: [], range: range) {
                text.addAttribute(.foregroundColor, value: rule.color, range: match.range)
            }
        }
    }
}
