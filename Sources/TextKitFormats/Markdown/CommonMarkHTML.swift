/// Raw HTML recognition for CommonMark: the seven HTML block start and end conditions and the
/// inline raw-HTML forms (open and closing tags, comments, processing instructions, declarations,
/// CDATA), with the specification's grammar.
enum CommonMarkHTML {
    private static let blockTags: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col", "colgroup",
        "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "frame",
        "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "iframe", "legend", "li", "link",
        "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p", "param", "section", "source",
        "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr", "track", "ul",
    ]

    private static let attribute = #"(?:\s+[a-zA-Z_:][a-zA-Z0-9_.:-]*(?:\s*=\s*(?:[^"'=<>`\x00-\x20]+|'[^']*'|"[^"]*"))?)"#
    static let openTag = #"<[A-Za-z][A-Za-z0-9-]*"# + attribute + #"*\s*/?>"#
    static let closingTag = #"</[A-Za-z][A-Za-z0-9-]*\s*>"#
    private static let inlinePattern = "^(?:" + openTag + "|" + closingTag
        + #"|<!--(?!>|->)(?:[^-]|-(?!-))*-->|<\?[\s\S]*?\?>|<![A-Za-z][^>]*>|<!\[CDATA\[[\s\S]*?\]\]>)"#
    private static let inlineRegex = try! NSRegularExpression(pattern: inlinePattern)  // swiftlint:disable:this force_try — a constant pattern
    private static let tagLineRegex = try! NSRegularExpression(pattern: "^(?:" + openTag + "|" + closingTag + #")[ \t]*$"#)  // swiftlint:disable:this force_try — a constant pattern

    private static func string(_ s: some Collection<Unicode.Scalar>) -> String {
        var v = String.UnicodeScalarView()
        v.append(contentsOf: s)
        return String(v)
    }

    /// Whether `line` (from the first non-space character) starts an HTML block of `type`.
    static func startsBlock(type: Int, _ line: [Unicode.Scalar]) -> Bool {
        let s = string(line.prefix(200)).lowercased()
        switch type {
        case 1:
            return ["<script", "<pre", "<style", "<textarea"].contains { tag in
                guard s.hasPrefix(tag) else { return false }
                let next = s.dropFirst(tag.count).first
                return next == nil || next == " " || next == "\t" || next == ">"
            }
        case 2: return s.hasPrefix("<!--")
        case 3: return s.hasPrefix("<?")
        case 4: return s.hasPrefix("<!") && s.dropFirst(2).first.map { $0.isLetter && $0.isASCII } == true
        case 5: return s.hasPrefix("<![cdata[")
        case 6:
            var rest = s.dropFirst()
            if rest.first == "/" { rest = rest.dropFirst() }
            let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
            guard blockTags.contains(String(name)) else { return false }
            let after = rest.dropFirst(name.count)
            return after.isEmpty || after.hasPrefix(" ") || after.hasPrefix("\t") || after.hasPrefix(">") || after.hasPrefix("/>")
        default:
            let full = string(line)
            return tagLineRegex.firstMatch(in: full, range: NSRange(location: 0, length: full.utf16.count)) != nil
        }
    }

    /// Whether `line` holds the end condition of an HTML block of type 1–5.
    static func endsBlock(type: Int, _ line: [Unicode.Scalar]) -> Bool {
        let s = string(line).lowercased()
        switch type {
        case 1: return s.contains("</script>") || s.contains("</pre>") || s.contains("</style>") || s.contains("</textarea>")
        case 2: return s.contains("-->")
        case 3: return s.contains("?>")
        case 4: return s.contains(">")
        case 5: return s.contains("]]>")
        default: return false
        }
    }

    /// The length in scalars of raw inline HTML at the start of `s`, or nil.
    static func inlineHTMLLength(_ s: ArraySlice<Unicode.Scalar>) -> Int? {
        guard s.count >= 3 else { return nil }
        let second = s[s.startIndex + 1]
        var candidateEnd = s.endIndex
        if second == "/" || (second.isASCII && second.properties.isAlphabetic) {
            // A tag ends at the first ">" outside quotes and cannot hold an unquoted "<": scan only that far.
            var i = s.startIndex + 1
            var quote: Unicode.Scalar?
            while i < s.endIndex {
                let c = s[i]
                if let q = quote { if c == q { quote = nil } } else if c == "\"" || c == "'" { quote = c } else if c == ">" { break } else if c == "<" { return nil }
                i += 1
            }
            guard i < s.endIndex else { return nil }
            candidateEnd = i + 1
        } else if second != "!" && second != "?" {
            return nil
        }
        let text = string(s[s.startIndex..<min(candidateEnd, s.startIndex + 65_536)])
        guard let m = inlineRegex.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) else { return nil }
        let utf16 = text.utf16
        let end = utf16.index(utf16.startIndex, offsetBy: m.range.length)
        return text.unicodeScalars[..<end].count
    }
}
