/// CommonMark 0.30: parses Markdown into a ``MarkdownNode`` tree (blocks, then inlines).
enum CommonMark {
    /// The document tree of `text`, inline content parsed.
    static func parse(_ text: String) -> MarkdownNode {
        var blocks = CommonMarkBlockParser()
        let document = blocks.parse(text)
        let references = blocks.references
        func inlines(_ node: MarkdownNode) {
            switch node.kind {
            case .paragraph, .heading:
                var parser = CommonMarkInlineParser(references: references)
                for child in parser.parse(node.content) { node.append(child) }
            default:
                for child in node.children { inlines(child) }
            }
        }
        inlines(document)
        return document
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
        case .list:
            let tag = node.listOrdered ? "ol" : "ul"
            let start = node.listOrdered && node.listStart != 1 ? " start=\"\(node.listStart)\"" : ""
            return "<\(tag)\(start)>\n" + node.children.map { html($0, tight: node.listTight) }.joined() + "</\(tag)>\n"
        case .item:
            var inner = node.children.map { html($0, tight: tight) }.joined()
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
