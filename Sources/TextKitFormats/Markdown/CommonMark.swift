/// CommonMark 0.30: parses Markdown into a ``MarkdownNode`` tree (blocks, then inlines), with
/// GitHub's extensions when asked.
enum CommonMark {
    /// GitHub Flavored Markdown's extensions to CommonMark.
    struct Extensions: OptionSet {
        let rawValue: Int
        /// Pipe tables (``GitHubTables``).
        static let tables = Extensions(rawValue: 1 << 0)
        /// `~~deleted~~` and `~deleted~`.
        static let strikethrough = Extensions(rawValue: 1 << 1)
        /// `- [ ]` and `- [x]` list items.
        static let taskLists = Extensions(rawValue: 1 << 2)
        /// `www.`, `https://` and e-mail addresses without angle brackets (``GitHubAutolinks``).
        static let autolinks = Extensions(rawValue: 1 << 3)
        /// Everything github.com renders (its tag filter only matters for HTML output).
        static let gitHub: Extensions = [.tables, .strikethrough, .taskLists, .autolinks]
    }

    /// The document tree of `text`, inline content parsed.
    static func parse(_ text: String, extensions: Extensions = []) -> MarkdownNode {
        var blocks = CommonMarkBlockParser()
        let document = blocks.parse(text)
        let references = blocks.references
        if extensions.contains(.tables) { GitHubTables.apply(to: document) }
        func inlines(_ node: MarkdownNode) {
            switch node.kind {
            case .paragraph, .heading, .tableCell:
                var parser = CommonMarkInlineParser(references: references, strikethrough: extensions.contains(.strikethrough))
                var children = parser.parse(node.content)
                if extensions.contains(.autolinks) { children = GitHubAutolinks.apply(to: children) }
                for child in children { node.append(child) }
            case .item:
                if extensions.contains(.taskLists) { markTask(node) }
                for child in node.children { inlines(child) }
            default:
                for child in node.children { inlines(child) }
            }
        }
        inlines(document)
        return document
    }

    /// A list item whose first paragraph starts with `[ ]`, `[x]` or `[X]` and white space is
    /// a task: the box goes from the text to ``MarkdownNode/taskChecked``.
    private static func markTask(_ item: MarkdownNode) {
        guard let first = item.children.first, first.kind == .paragraph else { return }
        let s = Array(first.content.unicodeScalars.prefix(4))
        guard s.count >= 3, s[0] == "[", s[2] == "]", s[1] == " " || s[1] == "x" || s[1] == "X" else { return }
        guard s.count == 3 || s[3] == " " || s[3] == "\t" || s[3] == "\n" else { return }
        item.taskChecked = s[1] != " "
        var rest = String(first.content.unicodeScalars.dropFirst(3))
        if rest.hasPrefix(" ") || rest.hasPrefix("\t") { rest.removeFirst() }
        first.content = rest
    }

    /// The tree as HTML, as the CommonMark specification's examples give it (for conformance tests).
    static func html(_ node: MarkdownNode, tight: Bool = false) -> String {
        func children(_ tight: Bool = false) -> String { node.children.map { html($0, tight: tight) }.joined() }
        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        func plain(_ n: MarkdownNode) -> String {
            switch n.kind {
            case .text(let t), .code(let t), .html(let t): return escape(t)
            case .softBreak, .hardBreak: return "\n"
            default: return n.children.map(plain).joined()
            }
        }
        switch node.kind {
        case .document: return children()
        case .paragraph: return tight ? children() + "\n" : "<p>" + children() + "</p>\n"
        case .heading(let level): return "<h\(level)>" + children() + "</h\(level)>\n"
        case .thematicBreak: return "<hr />\n"
        case .blockQuote: return "<blockquote>\n" + children() + "</blockquote>\n"
        case .codeBlock:
            let lang = node.info.split(separator: " ", maxSplits: 1).first.map { " class=\"language-\(escape(String($0)))\"" } ?? ""
            return "<pre><code\(lang)>" + escape(node.content) + "</code></pre>\n"
        case .htmlBlock: return node.content + "\n"
        case .table:
            var out = "<table>\n<thead>\n"
            for (r, row) in node.children.enumerated() {
                if r == 1 { out += "<tbody>\n" }
                out += "<tr>\n"
                for (c, cell) in row.children.enumerated() {
                    let tag = r == 0 ? "th" : "td"
                    let align = c < node.tableAlignments.count ? node.tableAlignments[c] : .none
                    let attribute = align == .none ? "" : " align=\"\(align)\""
                    out += "<\(tag)\(attribute)>" + cell.children.map { html($0) }.joined() + "</\(tag)>\n"
                }
                out += "</tr>\n"
                if r == 0 { out += "</thead>\n" }
            }
            if node.children.count > 1 { out += "</tbody>\n" }
            return out + "</table>\n"
        case .tableRow, .tableCell: return children()
        case .strikethrough: return "<del>" + children() + "</del>"
        case .list:
            let tag = node.listOrdered ? "ol" : "ul"
            let start = node.listOrdered && node.listStart != 1 ? " start=\"\(node.listStart)\"" : ""
            return "<\(tag)\(start)>\n" + node.children.map { html($0, tight: node.listTight) }.joined() + "</\(tag)>\n"
        case .item:
            var inner = node.children.map { html($0, tight: tight) }.joined()
            if let checked = node.taskChecked {
                inner = (checked ? "<input checked=\"\" disabled=\"\" type=\"checkbox\"> " : "<input disabled=\"\" type=\"checkbox\"> ")
                    + (inner.hasPrefix("<p>") ? String(inner.dropFirst(3)) : inner)
                if !tight, node.children.first?.kind == .paragraph { inner = "<p>" + inner }
            }
            if tight, inner.hasSuffix("\n"), node.children.last?.kind == .paragraph { inner.removeLast() }
            if !tight || node.children.first.map({ $0.kind != .paragraph }) == true { inner = "\n" + inner }
            if inner == "\n" { inner = "" }
            return "<li>" + inner + "</li>\n"
        case .text(let t): return escape(t)
        case .softBreak: return "\n"
        case .hardBreak: return "<br />\n"
        case .code(let t): return "<code>" + escape(t) + "</code>"
        case .emphasis: return "<em>" + children() + "</em>"
        case .strong: return "<strong>" + children() + "</strong>"
        case .link(let destination, let title):
            let t = title.isEmpty ? "" : " title=\"\(escape(title))\""
            return "<a href=\"\(escape(CommonMarkInlineParser.normalizeURL(destination)))\"\(t)>" + children() + "</a>"
        case .image(let destination, let title):
            let t = title.isEmpty ? "" : " title=\"\(escape(title))\""
            return "<img src=\"\(escape(CommonMarkInlineParser.normalizeURL(destination)))\" alt=\"\(node.children.map(plain).joined())\"\(t) />"
        case .html(let t): return t
        }
    }
}
