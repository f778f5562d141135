/// Turns a CommonMark document (with GitHub's extensions) into an attributed string, with fonts
/// from the Dynamic Type text styles (`UIFont.preferredFont(forTextStyle:)`) and paragraph styles
/// for the block structure:
///
/// | Markdown | attributes |
/// |---|---|
/// | heading 1 … 6 | `.title1`, `.title2`, `.title3`, `.headline`, `.subheadline`, `.footnote`; space above; never hyphenated |
/// | paragraph | `.body`; paragraph spacing of half the font size |
/// | *emphasis* / **strong** / ~~strikethrough~~ | the italic / bold trait; `.strikethroughStyle` |
/// | `code` | `monospacedSystemFont` at the surrounding size; `.breaksLikeCode` (breaks only after code tokens, never hyphenated) |
/// | code blocks | monospaced at 0.85 of the size, one paragraph per line, inset; wrapped lines indented further |
/// | [link](url) | `.link` (a `URL`, or the string when it does not parse); `#name` links to an anchor |
/// | ![image](url) | a U+FFFC attachment: an image file the ``DocumentResourceAccess`` policy allows (by default inside the document's directory) or a `data:` URL is loaded; anything else shows a placeholder |
/// | lists | hanging indent: "\t•\t" / "\t1.\t" with the marker right-aligned in the indent, `NSTextList`; task items "☐" / "☑" |
/// | block quotes | indented on both sides |
/// | tables | one paragraph per row, a tab stop per column from the widest cell |
/// | thematic break | a centred paragraph "———" |
/// | line break / soft break | U+2028 / a space |
///
/// Every character gets its block as ``MarkdownBlock`` (`.markdownBlock`); headings and HTML
/// anchors add link targets (`.markdownAnchors`, see ``HeadingSlugger``). Raw HTML is not
/// rendered: comments vanish, tags are dropped and their text kept (``RawHTML``).
/// `defaultAttributes` are the base of every run (a colour, say); their font, if any, replaces
/// `.body`'s.
struct MarkdownImporter {
    var defaultAttributes: [NSAttributedString.Key: Any]
    /// Reads images: relative paths against the document's directory, under its resource-access policy.
    var resources: DocumentResourceLoader

    init(defaultAttributes: [NSAttributedString.Key: Any], resources: DocumentResourceLoader = DocumentResourceLoader(options: [:])) {
        self.defaultAttributes = defaultAttributes
        self.resources = resources
    }

    struct Context {
        var font: UIFont
        var bold = false
        var italic = false
        var code = false
        var strikethrough = false
        var link: Any?
        var headIndent: CGFloat = 0
        var tailIndent: CGFloat = 0
        var lists: [NSTextList] = []
        /// What paragraphs here are: body text, or inside a list item or quote.
        var container: MarkdownBlock.Kind = .paragraph
    }

    var output = AttributedStringBuilder()
    var fontCache: [String: UIFont] = [:]
    /// The block of the text being emitted.
    var currentBlock = MarkdownBlock(kind: .paragraph, identity: 0)
    var blockCount = 0
    /// Anchor names waiting for the next character.
    var pendingAnchors: [String] = []
    var slugger = HeadingSlugger()

    func attributedString(from text: String) -> NSMutableAttributedString {
        var importer = self
        return importer.run(CommonMark.parse(text, extensions: .gitHub))
    }

    mutating func run(_ document: MarkdownNode) -> NSMutableAttributedString {
        let body = defaultAttributes[.font] as? UIFont ?? UIFont.preferredFont(forTextStyle: .body)
        blocks(document.children, Context(font: body), tight: false)
        // No separator after the last block.
        var result = output.build()
        if result.string.hasSuffix("\n") {
            result = NSMutableAttributedString(attributedString: result.attributedSubstring(from: NSRange(location: 0, length: result.length - 1)))
        }
        return result
    }

    mutating func blocks(_ nodes: [MarkdownNode], _ context: Context, tight: Bool) {
        for node in nodes { block(node, context, tight: tight) }
    }

    /// Starts a new block of `kind`: the text emitted from now on belongs to it.
    mutating func beginBlock(_ kind: MarkdownBlock.Kind) {
        currentBlock = MarkdownBlock(kind: kind, identity: blockCount)
        blockCount += 1
    }

    func paragraphStyle(_ context: Context, spacing: CGFloat, alignment: NSTextAlignment = .natural,
                        firstLineIndent: CGFloat? = nil, tabs: [NSTextTab] = []) -> NSMutableParagraphStyle {
        let style = NSMutableParagraphStyle()
        style.headIndent = context.headIndent
        style.firstLineHeadIndent = firstLineIndent ?? context.headIndent
        style.tailIndent = context.tailIndent
        style.paragraphSpacing = spacing
        style.alignment = alignment
        style.textLists = context.lists
        if !tabs.isEmpty { style.tabStops = tabs }
        return style
    }

    /// Ends the paragraph with a line feed in `context`'s attributes (and the current block).
    mutating func finishParagraph(_ style: NSParagraphStyle, _ context: Context) {
        output.use(output.addAttributeSet(attributes(context)))
        output.append(0x0A)
        output.endParagraph(style: (style.copy() as! NSParagraphStyle))  // swiftlint:disable:this force_cast — copy() of a paragraph style is one
    }

    mutating func inlines(_ nodes: [MarkdownNode], _ context: Context) {
        for node in nodes {
            switch node.kind {
            case .text(let t): emit(t, context)
            case .html(let t): rawHTML(t, context)
            case .softBreak: emit(" ", context)
            case .hardBreak: emit("\u{2028}", context)
            case .code(let t):
                var c = context
                c.code = true
                emit(t, c)
            case .emphasis:
                var c = context
                c.italic = true
                inlines(node.children, c)
            case .strong:
                var c = context
                c.bold = true
                inlines(node.children, c)
            case .strikethrough:
                var c = context
                c.strikethrough = true
                inlines(node.children, c)
            case .link(let destination, _):
                var c = context
                let normalized = CommonMarkInlineParser.normalizeURL(destination)
                c.link = URL(string: normalized) ?? destination as Any
                inlines(node.children, c)
            case .image(let destination, _):
                emitImage(destination, context)
            default:
                inlines(node.children, context)
            }
        }
    }

    /// Inline raw HTML: anchors wait for the next character, `<br>` breaks the line, other tags
    /// and comments vanish.
    mutating func rawHTML(_ html: String, _ context: Context) {
        for piece in RawHTML.pieces(html) {
            switch piece {
            case .text(let t): emit(t, context)
            case .anchor(let names): pendingAnchors += names
            case .lineBreak: emit("\u{2028}", context)
            }
        }
    }

    mutating func font(for context: Context) -> UIFont {
        let key = "\(context.font.fontName)|\(context.font.pointSize)|\(context.bold)|\(context.italic)|\(context.code)"
        if let known = fontCache[key] { return known }
        var font = context.font
        if context.code { font = UIFont.monospacedSystemFont(ofSize: font.pointSize, weight: context.bold ? .bold : .regular) }
        var traits = font.fontDescriptor.symbolicTraits
        if context.bold { traits.insert(.traitBold) }
        if context.italic { traits.insert(.traitItalic) }
        if traits != font.fontDescriptor.symbolicTraits, let d = font.fontDescriptor.withSymbolicTraits(traits) {
            font = UIFont(descriptor: d, size: font.pointSize)
        }
        fontCache[key] = font
        return font
    }

    mutating func attributes(_ context: Context) -> [NSAttributedString.Key: Any] {
        var attrs = defaultAttributes
        attrs[.font] = font(for: context)
        attrs[.markdownBlock] = currentBlock
        if let link = context.link { attrs[.link] = link }
        if context.strikethrough { attrs[.strikethroughStyle] = NSUnderlineStyle.single.rawValue }
        if context.code { attrs[.breaksLikeCode] = true }
        return attrs
    }

    /// Appends `text`; its first character carries the anchors waiting for it.
    mutating func emit(_ text: String, _ context: Context) {
        guard !text.isEmpty else { return }
        var rest = Substring(text)
        if !pendingAnchors.isEmpty, let first = rest.first {
            var attrs = attributes(context)
            attrs[.markdownAnchors] = pendingAnchors
            pendingAnchors = []
            output.use(output.addAttributeSet(attrs))
            output.append(String(first))
            rest = rest.dropFirst()
            if rest.isEmpty { return }
        }
        output.use(output.addAttributeSet(attributes(context)))
        output.append(String(rest))
    }

    mutating func emitImage(_ destination: String, _ context: Context) {
        let attachment = resources.imageAttachment(for: destination)
        var attrs = attributes(context)
        attrs[.attachment] = attachment
        if !pendingAnchors.isEmpty {
            attrs[.markdownAnchors] = pendingAnchors
            pendingAnchors = []
        }
        output.use(output.addAttributeSet(attrs))
        output.append(UInt16(NSTextAttachment.character))
    }
}

extension MarkdownNode.Kind {
    var isHeading: Bool { if case .heading = self { return true } else { return false } }
}
