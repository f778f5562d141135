/// GitHub's extended autolinks, found in text nodes once inlines are parsed (never inside links,
/// images or code): `www.` followed by a domain, `http://`, `https://` and `ftp://` URLs, and
/// bare e-mail addresses. Trailing punctuation (`?!.,:*_~`), an unbalanced `)` and an
/// entity-like `&name;` at the end are left out of the link, as GitHub's parser does.
enum GitHubAutolinks {
    /// `nodes` with the autolinks in their text made links (recursing into emphasis and the like).
    static func apply(to nodes: [MarkdownNode]) -> [MarkdownNode] {
        var out: [MarkdownNode] = []
        // Emphasis keeps unmatched delimiters as text nodes of their own: join them first.
        for node in CommonMarkInlineParser.mergeText(nodes) {
            switch node.kind {
            case .text(let text):
                out.append(contentsOf: split(text))
            case .link, .image, .code, .html:
                out.append(node)
            default:
                let children = apply(to: node.children)
                node.children = []
                for child in children { node.append(child) }
                out.append(node)
            }
        }
        return out
    }

    /// A text node's text as text and link nodes.
    private static func split(_ text: String) -> [MarkdownNode] {
        let s = Array(text.unicodeScalars)
        var out: [MarkdownNode] = []
        var plainStart = 0
        var i = 0
        while i < s.count {
            guard let (start, end, destination) = link(in: s, at: i), start >= plainStart else { i += 1; continue }
            if start > plainStart { out.append(MarkdownNode(.text(string(s[plainStart..<start])))) }
            let link = MarkdownNode(.link(destination: destination, title: ""))
            link.append(MarkdownNode(.text(string(s[start..<end]))))
            out.append(link)
            plainStart = end
            i = end
        }
        if plainStart == 0 { return [MarkdownNode(.text(text))] }
        if plainStart < s.count { out.append(MarkdownNode(.text(string(s[plainStart...])))) }
        return out
    }

    /// The autolink whose trigger is at `i` (`w` of www., the scheme's first letter, or `@`):
    /// its range in `s` and its destination.
    private static func link(in s: [Unicode.Scalar], at i: Int) -> (Int, Int, String)? {
        let before: Unicode.Scalar? = i > 0 ? s[i - 1] : nil
        let startsWord = before.map { isSpace($0) || "*_~(".unicodeScalars.contains($0) } ?? true
        if s[i] == "@" { return email(in: s, at: i) }
        guard startsWord else { return nil }
        for (prefix, scheme) in [("www.", "http://"), ("http://", ""), ("https://", ""), ("ftp://", "")] {
            let p = Array(prefix.unicodeScalars)
            guard i + p.count <= s.count, s[i..<(i + p.count)].elementsEqual(p, by: { lower($0) == $1 }) else { continue }
            let domainStart = scheme.isEmpty ? i + p.count : i
            guard let domainEnd = validDomain(s, from: domainStart) else { return nil }
            var end = domainEnd
            while end < s.count, !isSpace(s[end]), s[end] != "<" { end += 1 }
            end = trimTrailing(s, start: i, end: end)
            guard end > domainStart else { return nil }
            return (i, end, scheme + string(s[i..<end]))
        }
        return nil
    }

    /// The end of a domain starting at `start`: segments of letters, digits, `_` and `-` joined
    /// by dots, at least one dot, no `_` in the last two segments; nil when there is none.
    private static func validDomain(_ s: [Unicode.Scalar], from start: Int) -> Int? {
        var end = start
        while end < s.count, isDomainCharacter(s[end]) || s[end] == "." { end += 1 }
        var domain = Array(s[start..<end])
        while domain.last == "." { domain.removeLast() }
        let segments = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count >= 2, !segments.contains(where: \.isEmpty),
              !segments.suffix(2).contains(where: { $0.contains("_") }) else { return nil }
        return start + domain.count
    }

    /// A bare e-mail address around the `@` at `at`.
    private static func email(in s: [Unicode.Scalar], at: Int) -> (Int, Int, String)? {
        var start = at
        while start > 0, isDomainCharacter(s[start - 1]) || s[start - 1] == "." || s[start - 1] == "+" { start -= 1 }
        guard start < at else { return nil }
        var end = at + 1
        while end < s.count, isDomainCharacter(s[end]) || s[end] == "." { end += 1 }
        while end > at + 1, s[end - 1] == "." { end -= 1 }
        guard end > at + 1, s[at + 1..<end].contains("."), s[end - 1] != "-", s[end - 1] != "_" else { return nil }
        if end < s.count, s[end] == "@" || s[end] == "+" { return nil }
        return (start, end, "mailto:" + string(s[start..<end]))
    }

    /// The end after dropping trailing punctuation, unbalanced `)` and a final `&name;`.
    private static func trimTrailing(_ s: [Unicode.Scalar], start: Int, end: Int) -> Int {
        var end = end
        let opens = s[start..<end].filter { $0 == "(" }.count
        var closes = s[start..<end].filter { $0 == ")" }.count
        while end > start {
            let last = s[end - 1]
            if "?!.,:*_~".unicodeScalars.contains(last) {
                end -= 1
            } else if last == ")" {
                guard closes > opens else { break }
                closes -= 1
                end -= 1
            } else if last == ";" {
                var j = end - 2
                while j > start, s[j].isASCII, s[j].properties.isAlphabetic || ("0"..."9").contains(s[j]) { j -= 1 }
                guard j >= start, s[j] == "&", j < end - 2 else { break }
                end = j
            } else {
                break
            }
        }
        return end
    }

    private static func isDomainCharacter(_ c: Unicode.Scalar) -> Bool {
        c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "-" || c == "_")
    }

    private static func isSpace(_ c: Unicode.Scalar) -> Bool { CommonMarkInlineParser.isWhitespace(c) }

    private static func lower(_ c: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(c) ? Unicode.Scalar(c.value + 32)! : c  // swiftlint:disable:this force_unwrapping — ASCII letters
    }

    private static func string(_ v: some Sequence<Unicode.Scalar>) -> String {
        var u = String.UnicodeScalarView()
        u.append(contentsOf: v)
        return String(u)
    }
}
