import OpenTextKit

/// Indents that would leave a column almost no room (deeply nested lists, a wide table's wrapped
/// rows, indented code in a narrow column) are scaled down so that at least ``minimumRoom`` of
/// the column is left for text: a line that fits nowhere would stop the layout.
enum IndentLimit {
    static let minimumRoom: CGFloat = 0.4

    /// Limits the indents of every paragraph of `text` for columns `width` points wide.
    static func apply(to text: NSMutableAttributedString, width: CGFloat) {
        guard width > 0, text.length > 0 else { return }
        var runs: [(NSRange, NSParagraphStyle)] = []
        text.enumerateAttribute(.paragraphStyle, in: NSRange(location: 0, length: text.length), options: []) { value, range, _ in
            if let style = value as? NSParagraphStyle { runs.append((range, style)) }
        }
        var replaced: [ObjectIdentifier: NSParagraphStyle?] = [:]
        for (range, style) in runs {
            let key = ObjectIdentifier(style)
            if replaced[key] == nil { replaced[key] = limited(style, width: width) }
            if let new = replaced[key] ?? nil { text.addAttribute(.paragraphStyle, value: new, range: range) }
        }
    }

    /// `style` with its indents scaled to leave room, or nil when they already do.
    private static func limited(_ style: NSParagraphStyle, width: CGFloat) -> NSParagraphStyle? {
        let tail = style.tailIndent <= 0 ? -style.tailIndent : max(0, width - style.tailIndent)
        let used = max(style.headIndent, style.firstLineHeadIndent, 0) + tail
        let allowed = width * (1 - minimumRoom)
        guard used > allowed, let mutable = style.mutableCopy() as? NSMutableParagraphStyle else { return nil }
        let factor = allowed / used
        mutable.headIndent = style.headIndent * factor
        mutable.firstLineHeadIndent = style.firstLineHeadIndent * factor
        if style.tailIndent < 0 { mutable.tailIndent = style.tailIndent * factor }
        return mutable
    }
}
