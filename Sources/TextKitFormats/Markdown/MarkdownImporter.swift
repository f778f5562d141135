/// Turns a CommonMark document into an attributed string, with fonts from the Dynamic Type text
/// styles (`UIFont.preferredFont(forTextStyle:)`) and paragraph styles for the block structure:
///
/// | Markdown | attributes |
/// |---|---|
/// | heading 1 … 6 | `.title1`, `.title2`, `.title3`, `.headline`, `.subheadline`, `.footnote` |
/// | paragraph | `.body`; paragraph spacing of half the font size |
/// | *emphasis* / **strong** | the same font with the italic / bold trait |
/// | `code`, code blocks | `monospacedSystemFont` at the surrounding size; code blocks indented |
/// | [link](url) | `.link` (a `URL`, or the string when it does not parse) |
/// | ![image](url) | a U+FFFC attachment; a local PNG (relative to the document) is loaded |
/// | lists | marker text ("•", "1.") and a tab, head indent and tab stops per level, `NSTextList` |
/// | block quotes | head indent per level |
/// | thematic break | a centred paragraph "———" |
/// | line break / soft break | U+2028 / a space |
///
/// Raw HTML is kept as text. `defaultAttributes` are the base of every run (a colour, say); their
/// font, if any, replaces `.body`'s.
struct MarkdownImporter {
    var defaultAttributes: [NSAttributedString.Key: Any]
    /// Where relative image paths are resolved (the document's directory).
    var baseURL: URL?

    init(defaultAttributes: [NSAttributedString.Key: Any], baseURL: URL? = nil) {
        self.defaultAttributes = defaultAttributes
        self.baseURL = baseURL
    }

    private struct Context {
        var font: UIFont
        var bold = false
        var italic = false
        var code = false
        var link: Any?
        var headIndent: CGFloat = 0
        var lists: [NSTextList] = []
    }

    private var output = AttributedStringBuilder()
    private var fontCache: [String: UIFont] = [:]

    func attributedString(from text: String) -> NSMutableAttributedString {
        var importer = self
        return importer.run(CommonMark.parse(text))
    }

    private mutating func run(_ document: MarkdownNode) -> NSMutableAttributedString {
        let body = defaultAttributes[.font] as? UIFont ?? UIFont.preferredFont(forTextStyle: .body)
        blocks(document.children, Context(font: body), tight: false)
        // No separator after the last block.
        var result = output.build()
        if result.string.hasSuffix("\n") {
            result = NSMutableAttributedString(attributedString: result.attributedSubstring(from: NSRange(location: 0, length: result.length - 1)))
        }
        return result
    }

    private mutating func blocks(_ nodes: [MarkdownNode], _ context: Context, tight: Bool) {
        for node in nodes { block(node, context, tight: tight) }
    }

    private func paragraphStyle(_ context: Context, spacing: CGFloat, alignment: NSTextAlignment = .natural,
                                firstLineIndent: CGFloat? = nil, tabs: [NSTextTab] = []) -> NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        style.headIndent = context.headIndent
        style.firstLineHeadIndent = firstLineIndent ?? context.headIndent
        style.paragraphSpacing = spacing
        style.alignment = alignment
        style.textLists = context.lists
        if !tabs.isEmpty { style.tabStops = tabs }
        return style.copy() as! NSParagraphStyle  // swiftlint:disable:this force_cast — copy() of a paragraph style is one
    }

    private mutating func block(_ node: MarkdownNode, _ context: Context, tight: Bool) {
        let spacing = tight ? 0 : (context.font.pointSize / 2).rounded()
        switch node.kind {
        case .paragraph:
            inlines(node.children, context)
            finishParagraph(paragraphStyle(context, spacing: spacing))
        case .heading(let level):
            let styles: [UIFont.TextStyle] = [.title1, .title2, .title3, .headline, .subheadline, .footnote]
            var c = context
            c.font = UIFont.preferredFont(forTextStyle: styles[min(max(level, 1), 6) - 1])
            inlines(node.children, c)
            finishParagraph(paragraphStyle(context, spacing: (c.font.pointSize / 2).rounded()))
        case .thematicBreak:
            emit("\u{2014}\u{2014}\u{2014}", context)
            finishParagraph(paragraphStyle(context, spacing: spacing, alignment: .center))
        case .codeBlock, .htmlBlock:
            var c = context
            c.code = node.kind == .codeBlock
            c.headIndent += 20
            var text = node.content
            if text.hasSuffix("\n") { text.removeLast() }
            // Lines of a code block are one paragraph each (LF), the block's spacing after the last.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (i, line) in lines.enumerated() {
                emit(String(line), c)
                finishParagraph(paragraphStyle(c, spacing: i == lines.count - 1 ? spacing : 0))
            }
        case .blockQuote:
            var c = context
            c.headIndent += 20
            blocks(node.children, c, tight: false)
        case .list:
            var number = node.listStart
            let list = NSTextList(markerFormat: node.listOrdered ? .decimal : .disc)
            list.startingItemNumber = node.listStart
            for item in node.children {
                var c = context
                c.lists.append(list)
                let markerStart = context.headIndent
                c.headIndent = context.headIndent + 24
                let marker = node.listOrdered ? "\(number)\(node.listDelimiter)" : list.marker(forItemNumber: number)
                number += 1
                let tabs = [NSTextTab(textAlignment: .left, location: markerStart), NSTextTab(textAlignment: .left, location: c.headIndent)]
                var first = true
                if item.children.isEmpty {
                    emit("\t\(marker)\t", c)
                    finishParagraph(paragraphStyle(c, spacing: node.listTight ? 0 : spacing, firstLineIndent: 0, tabs: tabs))
                }
                for child in item.children {
                    if first {
                        emit("\t\(marker)\t", c)
                        first = false
                        if child.kind == .paragraph || child.kind.isHeading {
                            inlines(child.children, c)
                            finishParagraph(paragraphStyle(c, spacing: node.listTight ? 0 : spacing, firstLineIndent: 0, tabs: tabs))
                            continue
                        }
                        finishParagraph(paragraphStyle(c, spacing: 0, firstLineIndent: 0, tabs: tabs))
                    }
                    block(child, c, tight: node.listTight)
                }
            }
        default:
            break
        }
    }

    private mutating func finishParagraph(_ style: NSParagraphStyle) {
        output.append(0x0A)
        output.endParagraph(style: style)
    }

    private mutating func inlines(_ nodes: [MarkdownNode], _ context: Context) {
        for node in nodes {
            switch node.kind {
            case .text(let t): emit(t, context)
            case .html(let t): emit(t, context)
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

    private mutating func font(for context: Context) -> UIFont {
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

    private mutating func attributes(_ context: Context) -> [NSAttributedString.Key: Any] {
        var attrs = defaultAttributes
        attrs[.font] = font(for: context)
        if let link = context.link { attrs[.link] = link }
        return attrs
    }

    private mutating func emit(_ text: String, _ context: Context) {
        output.use(output.addAttributeSet(attributes(context)))
        output.append(text)
    }

    private mutating func emitImage(_ destination: String, _ context: Context) {
        var attachment = NSTextAttachment(data: nil, ofType: nil)
        let url = URL(string: destination, relativeTo: baseURL) ?? baseURL?.appendingPathComponent(destination)
        if let url, url.isFileURL, let data = try? Data(contentsOf: url), data.count < 64 << 20 {
            attachment = NSTextAttachment(data: data, ofType: RTFD.typeIdentifier(forFileName: url.lastPathComponent))
            attachment.image = UIImage(data: data)
        }
        var attrs = attributes(context)
        attrs[.attachment] = attachment
        output.use(output.addAttributeSet(attrs))
        output.append(UInt16(NSTextAttachment.character))
    }
}

extension MarkdownNode.Kind {
    var isHeading: Bool { if case .heading = self { return true } else { return false } }
}
