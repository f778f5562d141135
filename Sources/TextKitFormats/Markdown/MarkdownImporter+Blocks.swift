/// The block structure: headings, code, quotes, lists and raw HTML as paragraphs with styles.
extension MarkdownImporter {
    /// Space between a code block's box and its text, and above and below the box.
    static let codeInset = MarkdownBlock.codeBlockInset
    /// Code blocks' size relative to the text around them.
    static let codeScale: CGFloat = 0.85

    mutating func block(_ node: MarkdownNode, _ context: Context, tight: Bool) {
        let spacing = tight ? 0 : (context.font.pointSize / 2).rounded()
        switch node.kind {
        case .paragraph:
            beginBlock(context.container)
            let start = output.count
            inlines(node.children, context)
            // A paragraph of raw HTML alone (`<a id="x"></a>`, a comment) leaves no empty line.
            if output.count > start { finishParagraph(bodyStyle(context, spacing: spacing), context) }
        case .heading(let level):
            heading(node, level: level, context)
        case .thematicBreak:
            beginBlock(.thematicBreak)
            emit("\u{2014}\u{2014}\u{2014}", context)
            finishParagraph(paragraphStyle(context, spacing: spacing, alignment: .center), context)
        case .codeBlock:
            codeBlock(node, context, spacing: spacing)
        case .htmlBlock:
            htmlBlock(node, context, spacing: spacing)
        case .blockQuote:
            var c = context
            c.headIndent += 20
            c.tailIndent -= 20
            c.container = .blockQuote
            blocks(node.children, c, tight: false)
        case .list:
            list(node, context, spacing: spacing)
        case .table:
            table(node, context, spacing: spacing)
        default:
            break
        }
    }

    /// A paragraph's style; inside lists and quotes never justified nor hyphenated.
    func bodyStyle(_ context: Context, spacing: CGFloat, firstLineIndent: CGFloat? = nil, tabs: [NSTextTab] = []) -> NSMutableParagraphStyle {
        let style = paragraphStyle(context, spacing: spacing, firstLineIndent: firstLineIndent, tabs: tabs)
        if context.container != .paragraph { style.hyphenationFactor = 0 }
        return style
    }

    /// A heading: its text style's font, more space above than below, never hyphenated, and its
    /// GitHub slug as an anchor.
    private mutating func heading(_ node: MarkdownNode, level: Int, _ context: Context) {
        let styles: [UIFont.TextStyle] = [.title1, .title2, .title3, .headline, .subheadline, .footnote]
        var c = context
        c.font = UIFont.preferredFont(forTextStyle: styles[min(max(level, 1), 6) - 1])
        beginBlock(.heading(level: level))
        pendingAnchors.append(slugger.slug(for: Self.plainText(node.children)))
        inlines(node.children, c)
        if !pendingAnchors.isEmpty { emit("\u{200B}", c) }  // an empty heading still has its target
        let style = paragraphStyle(context, spacing: (c.font.pointSize * 0.4).rounded())
        style.paragraphSpacingBefore = (c.font.pointSize * 0.6).rounded()
        style.hyphenationFactor = 0
        finishParagraph(style, c)
    }

    /// A code block: one paragraph per line (the lines are kept), monospaced and smaller, inset
    /// from the box a renderer may draw behind it; a wrapped line is indented two more characters.
    private mutating func codeBlock(_ node: MarkdownNode, _ context: Context, spacing: CGFloat) {
        var c = context
        c.code = true
        c.font = c.font.withSize((c.font.pointSize * Self.codeScale).rounded())
        let language = node.info.split(separator: " ", maxSplits: 1).first.map(String.init)
        beginBlock(.codeBlock(language: language))
        var text = node.content
        if text.hasSuffix("\n") { text.removeLast() }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let inset = Self.codeInset
        let mono = UIFont.monospacedSystemFont(ofSize: c.font.pointSize, weight: .regular)
        let characterWidth = mono.glyph(for: "0").map { mono.advance(forGlyph: $0) } ?? c.font.pointSize / 2
        for (i, line) in lines.enumerated() {
            emit(String(line), c)
            // Wrapped lines go two characters further in than the line's own indentation (counted
            // up to 8 characters, so that deep code keeps room in a narrow column).
            let leading = line.prefix { $0 == " " || $0 == "\t" }.reduce(0) { $0 + ($1 == "\t" ? 4 : 1) }
            var lineContext = c
            lineContext.headIndent = context.headIndent + inset + CGFloat(min(leading, 8) + 2) * characterWidth
            lineContext.tailIndent = context.tailIndent - inset
            let style = paragraphStyle(lineContext, spacing: i == lines.count - 1 ? spacing + inset : 0,
                                       alignment: .left, firstLineIndent: context.headIndent + inset)
            if i == 0 { style.paragraphSpacingBefore = inset + inset / 2 }  // the box reaches inset / 2 above the text
            style.hyphenationFactor = 0
            finishParagraph(style, c)
        }
    }

    /// Raw HTML on its own: anchors wait for the next text, comments vanish; any text left once
    /// the tags are dropped becomes a paragraph.
    private mutating func htmlBlock(_ node: MarkdownNode, _ context: Context, spacing: CGFloat) {
        var text = ""
        var anchors: [String] = []
        for piece in RawHTML.pieces(node.content) {
            switch piece {
            case .text(let t): text += t
            case .anchor(let names): anchors += names
            case .lineBreak: text += "\u{2028}"
            }
        }
        pendingAnchors += anchors
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        guard !words.isEmpty else { return }
        beginBlock(.html)
        emit(words.joined(separator: " "), context)
        finishParagraph(bodyStyle(context, spacing: spacing), context)
    }

    /// The text of inlines without formatting (a heading's slug).
    static func plainText(_ nodes: [MarkdownNode]) -> String {
        nodes.map { node -> String in
            switch node.kind {
            case .text(let t), .code(let t): return t
            case .softBreak, .hardBreak: return " "
            case .html: return ""
            default: return plainText(node.children)
            }
        }.joined()
    }
}
