struct MarkdownImporter {
    var defaultAttributes: [NSAttributedString.Key: Any]
    func attributedString(from text: String) -> NSMutableAttributedString { NSMutableAttributedString(string: text) }
}
enum MarkdownExporter {
    static func markdown(from string: NSAttributedString) -> String { string.string }
}
