/// What the Markdown reader makes of raw HTML, which it does not render: comments vanish,
/// `<a id="…">` and `<a name="…">` become link targets, `<br>` a line break, other tags are
/// dropped and the text between them is kept.
enum RawHTML {
    /// One piece of raw HTML.
    enum Piece: Equatable {
        /// Text between tags (entities not decoded).
        case text(String)
        /// The names an anchor tag gives (`id` and `name`).
        case anchor([String])
        case lineBreak
    }

    /// The pieces of `html`, tags and comments consumed. Linear in the input's length: each
    /// scan moves forward, and an unclosed comment or tag ends the input.
    static func pieces(_ html: String) -> [Piece] {
        var pieces: [Piece] = []
        let scalars = Array(html.unicodeScalars)
        var text = String.UnicodeScalarView()
        var i = 0
        func flush() {
            if !text.isEmpty { pieces.append(.text(String(text))) }
            text = String.UnicodeScalarView()
        }
        while i < scalars.count {
            guard scalars[i] == "<", let end = tagEnd(scalars, from: i) else {
                text.append(scalars[i])
                i += 1
                continue
            }
            let tag = String(String.UnicodeScalarView(scalars[i..<end]))
            i = end
            flush()
            if let names = anchorNames(tag), !names.isEmpty {
                pieces.append(.anchor(names))
            } else if isLineBreak(tag) {
                pieces.append(.lineBreak)
            }
        }
        flush()
        return pieces
    }

    /// The end (exclusive) of the comment, declaration, processing instruction or tag at `start`,
    /// or nil when `<` there starts none of them (a lone `<` is text).
    private static func tagEnd(_ s: [Unicode.Scalar], from start: Int) -> Int? {
        func find(_ needle: [Unicode.Scalar], from: Int) -> Int? {
            guard needle.count <= s.count else { return nil }
            var j = from
            while j + needle.count <= s.count {
                if s[j] == needle[0], Array(s[j..<(j + needle.count)]) == needle { return j + needle.count }
                j += 1
            }
            return nil
        }
        let next = start + 1 < s.count ? s[start + 1] : " "
        if s[start...].starts(with: Array("<!--".unicodeScalars)) {
            return find(Array("-->".unicodeScalars), from: start + 4) ?? s.count
        }
        if next == "?" { return find(["?", ">"], from: start + 2) ?? s.count }
        guard next == "!" || next == "/" || next.properties.isAlphabetic else { return nil }
        // A tag: up to the `>` outside quotes.
        var quote: Unicode.Scalar?
        var j = start + 1
        while j < s.count {
            let c = s[j]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == ">" {
                return j + 1
            }
            j += 1
        }
        return s.count
    }

    /// The `id` and `name` values of an `<a …>` tag; nil for any other tag.
    static func anchorNames(_ tag: String) -> [String]? {
        let lower = tag.lowercased()
        guard lower.hasPrefix("<a"), let after = lower.dropFirst(2).first, after.isWhitespace else { return nil }
        var names: [String] = []
        for (name, value) in attributes(tag) where name == "id" || name == "name" {
            if !value.isEmpty, !names.contains(value) { names.append(value) }
        }
        return names
    }

    /// Whether `tag` is `<br>`, `<br/>` or `<br />`.
    private static func isLineBreak(_ tag: String) -> Bool {
        let lower = tag.lowercased().filter { !$0.isWhitespace }
        return lower == "<br>" || lower == "<br/>"
    }

    /// The attributes of a start tag, names lowercased, values unquoted (entities not decoded).
    static func attributes(_ tag: String) -> [(String, String)] {
        var result: [(String, String)] = []
        var chars = Substring(tag.dropFirst().prefix { $0 != ">" })
        chars = chars.drop { !$0.isWhitespace }  // the tag name
        while true {
            chars = chars.drop { $0.isWhitespace || $0 == "/" }
            let name = chars.prefix { !$0.isWhitespace && $0 != "=" && $0 != "/" }
            guard !name.isEmpty else { break }
            chars = chars.dropFirst(name.count).drop { $0.isWhitespace }
            var value = ""
            if chars.first == "=" {
                chars = chars.dropFirst().drop { $0.isWhitespace }
                if let quote = chars.first, quote == "\"" || quote == "'" {
                    let body = chars.dropFirst().prefix { $0 != quote }
                    value = String(body)
                    chars = chars.dropFirst(body.count + 2)
                } else {
                    let body = chars.prefix { !$0.isWhitespace }
                    value = String(body)
                    chars = chars.dropFirst(body.count)
                }
            }
            result.append((name.lowercased(), value))
        }
        return result
    }
}
