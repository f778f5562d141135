/// The inline phase of the CommonMark parser: raw paragraph or heading text → inline nodes (text,
/// code spans, emphasis and strong emphasis by the specification's delimiter-run algorithm, links
/// and images — inline, full, collapsed and shortcut references — autolinks, raw HTML, entity
/// references, backslash escapes, hard and soft breaks).
struct CommonMarkInlineParser {
    let references: [String: (destination: String, title: String)]
    private var s: [Unicode.Scalar] = []
    private var pos = 0
    private var nodes = InlineList()

    private final class Delimiter {
        let node: MarkdownNode
        let character: Unicode.Scalar
        var count: Int
        let originalCount: Int
        let canOpen: Bool
        let canClose: Bool
        init(node: MarkdownNode, character: Unicode.Scalar, count: Int, canOpen: Bool, canClose: Bool) {
            self.node = node
            self.character = character
            self.count = count
            originalCount = count
            self.canOpen = canOpen
            self.canClose = canClose
        }
    }

    private struct Bracket {
        let node: MarkdownNode
        let isImage: Bool
        var active = true
        let delimiterBottom: Int
        let position: Int
    }

    private var delimiters: [Delimiter] = []
    /// The last ">" in the text: raw HTML cannot start after it.
    private var lastGreaterThan = 0
    private var brackets: [Bracket] = []

    /// GitHub's `~~strikethrough~~` (``CommonMark/Extensions/strikethrough``).
    let strikethrough: Bool

    init(references: [String: (destination: String, title: String)], strikethrough: Bool = false) {
        self.references = references
        self.strikethrough = strikethrough
    }

    /// The inline nodes of `text`.
    mutating func parse(_ text: String) -> [MarkdownNode] {
        s = Array(text.unicodeScalars)
        while let last = s.last, last == " " || last == "\t" || last == "\n" { s.removeLast() }
        var start = 0
        while start < s.count, s[start] == " " || s[start] == "\t" { start += 1 }
        pos = start
        lastGreaterThan = s.lastIndex(of: ">") ?? -1
        nodes = InlineList()
        delimiters = []
        brackets = []
        while pos < s.count { parseInline() }
        processEmphasis(bottom: 0)
        return Self.mergeText(nodes.array())
    }

    // MARK: Character classes

    static func isPunctuation(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars.contains(c) }
        switch c.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .closePunctuation, .finalPunctuation, .initialPunctuation,
             .otherPunctuation, .openPunctuation: return true
        default: return false
        }
    }

    static func isWhitespace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\u{0C}" || c == "\r" || c.properties.generalCategory == .spaceSeparator
    }

    private func text(_ string: String) -> MarkdownNode { MarkdownNode(.text(string)) }

    private static func string(_ v: some Sequence<Unicode.Scalar>) -> String {
        var u = String.UnicodeScalarView()
        u.append(contentsOf: v)
        return String(u)
    }

    // MARK: Inlines

    private mutating func parseInline() {
        let c = s[pos]
        switch c {
        case "\n": newline()
        case "\\": backslash()
        case "`": codeSpan()
        case "*", "_": delimiterRun(c)
        case "~" where strikethrough: delimiterRun(c)
        case "[":
            let node = text("[")
            nodes.append(node)
            brackets.append(Bracket(node: node, isImage: false, delimiterBottom: delimiters.count, position: pos + 1))
            pos += 1
        case "!" where pos + 1 < s.count && s[pos + 1] == "[":
            let node = text("![")
            nodes.append(node)
            brackets.append(Bracket(node: node, isImage: true, delimiterBottom: delimiters.count, position: pos + 2))
            pos += 2
        case "]": closeBracket()
        case "<": angle()
        case "&": entity()
        default:
            let start = pos
            pos += 1
            while pos < s.count, !"\n\\`*_[]!<&".unicodeScalars.contains(s[pos]), !(strikethrough && s[pos] == "~") { pos += 1 }
            nodes.append(text(Self.string(s[start..<pos])))
        }
    }

    private mutating func newline() {
        pos += 1
        var hard = false
        if let last = nodes.tail, case .text(let t) = last.kind {
            var trimmed = t
            var spaces = 0
            while trimmed.hasSuffix(" ") { trimmed.removeLast(); spaces += 1 }
            hard = spaces >= 2
            last.kind = .text(trimmed)
        }
        nodes.append(MarkdownNode(hard ? .hardBreak : .softBreak))
        while pos < s.count, s[pos] == " " || s[pos] == "\t" { pos += 1 }
    }

    private mutating func backslash() {
        pos += 1
        if pos < s.count, s[pos] == "\n" {
            nodes.append(MarkdownNode(.hardBreak))
            pos += 1
            while pos < s.count, s[pos] == " " || s[pos] == "\t" { pos += 1 }
        } else if pos < s.count, s[pos].isASCII, Self.isPunctuation(s[pos]) {
            nodes.append(text(String(s[pos])))
            pos += 1
        } else {
            nodes.append(text("\\"))
        }
    }

    private mutating func codeSpan() {
        let start = pos
        while pos < s.count, s[pos] == "`" { pos += 1 }
        let n = pos - start
        var i = pos
        while i < s.count {
            if s[i] == "`" {
                let runStart = i
                while i < s.count, s[i] == "`" { i += 1 }
                if i - runStart == n {
                    var content = Self.string(s[pos..<runStart]).replacingOccurrences(of: "\n", with: " ")
                    if content.hasPrefix(" "), content.hasSuffix(" "), content.contains(where: { $0 != " " }) {
                        content = String(content.dropFirst().dropLast())
                    }
                    nodes.append(MarkdownNode(.code(content)))
                    pos = i
                    return
                }
            } else {
                i += 1
            }
        }
        nodes.append(text(String(repeating: "`", count: n)))
    }

    private mutating func delimiterRun(_ c: Unicode.Scalar) {
        let start = pos
        while pos < s.count, s[pos] == c { pos += 1 }
        let before: Unicode.Scalar = start > 0 ? s[start - 1] : "\n"
        let after: Unicode.Scalar = pos < s.count ? s[pos] : "\n"
        let leftFlanking = !Self.isWhitespace(after) && (!Self.isPunctuation(after) || Self.isWhitespace(before) || Self.isPunctuation(before))
        let rightFlanking = !Self.isWhitespace(before) && (!Self.isPunctuation(before) || Self.isWhitespace(after) || Self.isPunctuation(after))
        let canOpen: Bool, canClose: Bool
        if c == "_" {
            canOpen = leftFlanking && (!rightFlanking || Self.isPunctuation(before))
            canClose = rightFlanking && (!leftFlanking || Self.isPunctuation(after))
        } else {
            canOpen = leftFlanking
            canClose = rightFlanking
        }
        let node = text(Self.string(s[start..<pos]))
        nodes.append(node)
        // GitHub: one or two tildes strike through; a longer run is text.
        if c == "~" && pos - start > 2 { return }
        if canOpen || canClose {
            delimiters.append(Delimiter(node: node, character: c, count: pos - start, canOpen: canOpen, canClose: canClose))
        }
    }

    private mutating func angle() {
        let rest = s[(pos + 1)...]
        // URI autolink
        if let end = rest.firstIndex(where: { $0 == ">" || $0 == "<" || $0.value <= 0x20 }), s[end] == ">" {
            let body = Self.string(s[(pos + 1)..<end])
            if Self.isURIAutolink(body) {
                let link = MarkdownNode(.link(destination: Self.normalizeURL(body), title: ""))
                link.append(text(body))
                nodes.append(link)
                pos = end + 1
                return
            }
            if Self.isEmailAutolink(body) {
                let link = MarkdownNode(.link(destination: "mailto:" + Self.normalizeURL(body), title: ""))
                link.append(text(body))
                nodes.append(link)
                pos = end + 1
                return
            }
        }
        if pos < lastGreaterThan, let n = CommonMarkHTML.inlineHTMLLength(s[pos...]) {
            nodes.append(MarkdownNode(.html(Self.string(s[pos..<(pos + n)]))))
            pos += n
            return
        }
        nodes.append(text("<"))
        pos += 1
    }

    private static func isURIAutolink(_ body: String) -> Bool {
        guard let colon = body.firstIndex(of: ":") else { return false }
        let scheme = body[..<colon]
        guard (2...32).contains(scheme.count), let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return scheme.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "+" || $0 == "." || $0 == "-") }
    }

    private static func isEmailAutolink(_ body: String) -> Bool {
        let parts = body.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let localOK = parts[0].unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || ".!#$%&'*+/=?^_`{|}~-".unicodeScalars.contains($0)) }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        let domainOK = !labels.isEmpty && labels.allSatisfy { label in
            (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                && label.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
        }
        return localOK && domainOK
    }

    private mutating func entity() {
        if let (value, length) = Self.entity(at: pos, in: s) {
            nodes.append(text(value))
            pos += length
        } else {
            nodes.append(text("&"))
            pos += 1
        }
    }

    /// An entity or numeric character reference at `i`: its value and length in scalars.
    static func entity(at i: Int, in s: [Unicode.Scalar]) -> (String, Int)? {
        guard i < s.count, s[i] == "&" else { return nil }
        var j = i + 1
        if j < s.count, s[j] == "#" {
            j += 1
            var hex = false
            if j < s.count, s[j] == "x" || s[j] == "X" { hex = true; j += 1 }
            let digitsStart = j
            while j < s.count, j - digitsStart < 8, hex ? s[j].properties.isASCIIHexDigit : ("0"..."9").contains(s[j]) { j += 1 }
            let n = j - digitsStart
            guard n >= 1, n <= (hex ? 6 : 7), j < s.count, s[j] == ";" else { return nil }
            let value = UInt32(string(s[digitsStart..<j]), radix: hex ? 16 : 10) ?? 0
            let scalar = value == 0 ? "\u{FFFD}" : Unicode.Scalar(value) ?? "\u{FFFD}"
            return (String(scalar), j + 1 - i)
        }
        let nameStart = j
        while j < s.count, j - nameStart < 32, s[j].isASCII, s[j].properties.isAlphabetic || ("0"..."9").contains(s[j]) { j += 1 }
        guard j > nameStart, j < s.count, s[j] == ";", let value = HTMLEntities.table[string(s[nameStart..<j])] else { return nil }
        return (value, j + 1 - i)
    }

    // MARK: Links

    private mutating func closeBracket() {
        pos += 1
        guard let openerIndex = brackets.indices.last else { nodes.append(text("]")); return }
        let opener = brackets[openerIndex]
        guard opener.active else {
            brackets.removeLast()
            nodes.append(text("]"))
            return
        }
        let afterBracket = pos
        var destination: String?
        var title = ""
        // Inline link: (destination "title")
        if pos < s.count, s[pos] == "(" {
            var i = Self.skipWhitespace(s, pos + 1)
            if i < s.count, s[i] == ")" {
                destination = ""
                pos = i + 1
            } else if let (dest, next) = Self.linkDestination(s, i) {
                let afterDestination = next
                i = Self.skipWhitespace(s, next)
                if i > afterDestination, let (t, afterTitle) = Self.linkTitle(s, i) {
                    title = t
                    i = Self.skipWhitespace(s, afterTitle)
                }
                if i < s.count, s[i] == ")" {
                    destination = dest
                    pos = i + 1
                }
            }
        }
        if destination == nil {
            pos = afterBracket
            var label: String?
            if let (l, next) = Self.linkLabel(s, pos), !l.isEmpty {
                label = l
                pos = next
            } else if pos + 1 < s.count, s[pos] == "[", s[pos + 1] == "]" {
                pos += 2
            }
            let textLength = afterBracket - 1 - opener.position
            let key = label ?? (textLength <= 999 ? Self.string(s[opener.position..<(afterBracket - 1)]) : "")
            if !key.isEmpty, !references.isEmpty, let ref = references[Self.normalizeLabel(key)] {
                destination = ref.destination
                title = ref.title
            } else {
                pos = afterBracket
            }
        }
        guard let destination else {
            brackets.removeLast()
            nodes.append(text("]"))
            return
        }
        let link = MarkdownNode(opener.isImage ? .image(destination: destination, title: title) : .link(destination: destination, title: title))
        processEmphasis(bottom: opener.delimiterBottom)
        for child in Self.mergeText(nodes.detach(after: opener.node, before: nil)) { link.append(child) }
        nodes.remove(opener.node)
        nodes.append(link)
        brackets.removeLast()
        if !opener.isImage {
            for i in brackets.indices where !brackets[i].isImage { brackets[i].active = false }
        }
    }

    static func skipWhitespace(_ s: [Unicode.Scalar], _ i: Int) -> Int {
        var i = i
        var newlines = 0
        while i < s.count, s[i] == " " || s[i] == "\t" || s[i] == "\n" {
            if s[i] == "\n" { newlines += 1; if newlines > 1 { break } }
            i += 1
        }
        return i
    }

    /// A link destination at `i`: `<…>` or a run without spaces and with balanced parentheses.
    static func linkDestination(_ s: [Unicode.Scalar], _ i: Int) -> (String, Int)? {
        guard i < s.count else { return nil }
        if s[i] == "<" {
            var j = i + 1
            while j < s.count {
                let c = s[j]
                if c == ">" { return (unescape(string(s[(i + 1)..<j])), j + 1) }
                if c == "<" || c == "\n" { return nil }
                if c == "\\", j + 1 < s.count { j += 2 } else { j += 1 }
            }
            return nil
        }
        var j = i, depth = 0
        while j < s.count {
            let c = s[j]
            if c == "\\", j + 1 < s.count, s[j + 1].isASCII, isPunctuation(s[j + 1]) { j += 2; continue }
            if c == "(" { depth += 1; if depth > 32 { return nil } }
            else if c == ")" { if depth == 0 { break }; depth -= 1 }
            else if c.value <= 0x20 || c == "\u{7F}" { break }
            j += 1
        }
        guard j > i, depth == 0 else { return nil }
        return (unescape(string(s[i..<j])), j)
    }

    /// A link title at `i`: "…", '…' or (…), with escapes.
    static func linkTitle(_ s: [Unicode.Scalar], _ i: Int) -> (String, Int)? {
        guard i < s.count else { return nil }
        let open = s[i]
        let close: Unicode.Scalar
        switch open {
        case "\"": close = "\""
        case "'": close = "'"
        case "(": close = ")"
        default: return nil
        }
        var j = i + 1
        while j < s.count {
            let c = s[j]
            if c == "\\", j + 1 < s.count { j += 2; continue }
            if c == close { return (unescape(string(s[(i + 1)..<j])), j + 1) }
            if open == "(" && c == "(" { return nil }
            if c == "\n", j + 1 < s.count, s[j + 1] == "\n" { return nil }
            j += 1
        }
        return nil
    }

    /// A link label `[…]` at `i` (at most 999 characters, no unescaped brackets).
    static func linkLabel(_ s: [Unicode.Scalar], _ i: Int) -> (String, Int)? {
        guard i < s.count, s[i] == "[" else { return nil }
        var j = i + 1
        while j < s.count, j - i <= 1000 {
            let c = s[j]
            if c == "\\", j + 1 < s.count { j += 2; continue }
            if c == "[" { return nil }
            if c == "]" {
                let label = string(s[(i + 1)..<j])
                guard label.contains(where: { !$0.isWhitespace }) else { return ("", j + 1) }
                return (label, j + 1)
            }
            j += 1
        }
        return nil
    }

    /// The matching key of a label: case-folded, inner whitespace collapsed, trimmed.
    static func normalizeLabel(_ label: String) -> String {
        label.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ").lowercased()
            .replacingOccurrences(of: "ß", with: "ss").uppercased()
    }

    /// Backslash escapes and entity references resolved.
    static func unescape(_ text: String) -> String {
        guard text.contains("\\") || text.contains("&") else { return text }
        let s = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < s.count {
            if s[i] == "\\", i + 1 < s.count, s[i + 1].isASCII, isPunctuation(s[i + 1]) {
                out.append(s[i + 1])
                i += 2
            } else if s[i] == "&", let (value, n) = entity(at: i, in: s) {
                out.append(contentsOf: value.unicodeScalars)
                i += n
            } else {
                out.append(s[i])
                i += 1
            }
        }
        return String(out)
    }

    /// Percent-encodes what a URL may not hold (spaces, non-ASCII), keeping existing escapes.
    static func normalizeURL(_ url: String) -> String {
        var out = ""
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#@!$&'()*+,;=%")
        for byte in url.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, allowed.contains(scalar) { out.unicodeScalars.append(scalar) } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    /// A link reference definition at the start of `s`: consumed length, label, destination, title.
    static func parseReferenceDefinition(_ s: [Unicode.Scalar]) -> (Int, String, String, String)? {
        guard let (label, afterLabel) = linkLabel(s, 0), !label.isEmpty, afterLabel < s.count, s[afterLabel] == ":" else { return nil }
        var i = skipWhitespace(s, afterLabel + 1)
        guard let (destination, afterDestination) = linkDestination(s, i) else { return nil }
        if destination.isEmpty && s[i] != "<" { return nil }
        i = afterDestination
        // The end of the destination's line, if only spaces follow.
        func endOfLine(_ k: Int) -> Int? {
            var k = k
            while k < s.count, s[k] == " " || s[k] == "\t" { k += 1 }
            if k == s.count { return k }
            return s[k] == "\n" ? k + 1 : nil
        }
        let titleStart = skipWhitespace(s, i)
        if titleStart > i, let (title, afterTitle) = linkTitle(s, titleStart), let end = endOfLine(afterTitle) {
            return (end, label, destination, title)
        }
        guard let end = endOfLine(i) else { return nil }
        return (end, label, destination, "")
    }

    // MARK: Emphasis

    private mutating func processEmphasis(bottom: Int) {
        var openersBottom: [String: Int] = [:]
        var closerIndex = bottom
        while closerIndex < delimiters.count {
            let closer = delimiters[closerIndex]
            guard closer.canClose else { closerIndex += 1; continue }
            let key = "\(closer.character)\(closer.canOpen)\(closer.originalCount % 3)"
            let lower = max(bottom, openersBottom[key] ?? bottom)
            var openerIndex = closerIndex - 1
            var found = false
            while openerIndex >= lower {
                let o = delimiters[openerIndex]
                if o.character == "~" && closer.character == "~" {
                    // Strikethrough: opener and closer runs of the same length.
                    if o.canOpen && o.count == closer.count { found = true; break }
                } else if o.character == closer.character && o.canOpen {
                    let odd = (closer.canOpen || o.canClose) && (o.originalCount + closer.originalCount) % 3 == 0
                        && !(o.originalCount % 3 == 0 && closer.originalCount % 3 == 0)
                    if !odd { found = true; break }
                }
                openerIndex -= 1
            }
            guard found else {
                openersBottom[key] = closerIndex
                if !closer.canOpen { delimiters.remove(at: closerIndex) } else { closerIndex += 1 }
                continue
            }
            let opener = delimiters[openerIndex]
            let use = opener.character == "~" ? closer.count : closer.count >= 2 && opener.count >= 2 ? 2 : 1
            opener.count -= use
            closer.count -= use
            if case .text(let t) = opener.node.kind { opener.node.kind = .text(String(t.dropLast(use))) }
            if case .text(let t) = closer.node.kind { closer.node.kind = .text(String(t.dropFirst(use))) }
            let emphasis = MarkdownNode(opener.character == "~" ? .strikethrough : use == 2 ? .strong : .emphasis)
            for child in nodes.detach(after: opener.node, before: closer.node) { emphasis.append(child) }
            nodes.insert(emphasis, after: opener.node)
            delimiters.removeSubrange((openerIndex + 1)..<closerIndex)
            closerIndex = openerIndex + 1
            if opener.count == 0 {
                nodes.remove(opener.node)
                delimiters.remove(at: openerIndex)
                closerIndex -= 1
            }
            if closer.count == 0 {
                nodes.remove(closer.node)
                delimiters.remove(at: closerIndex)
            }
        }
        if delimiters.count > bottom { delimiters.removeSubrange(bottom...) }
    }

    static func mergeText(_ nodes: [MarkdownNode]) -> [MarkdownNode] {
        var out: [MarkdownNode] = []
        for node in nodes {
            if case .text(let t) = node.kind {
                if t.isEmpty { continue }
                if let last = out.last, case .text(let previous) = last.kind {
                    last.kind = .text(previous + t)
                    continue
                }
            }
            out.append(node)
        }
        return out
    }
}
