/// The small part of CSS syntax the HTML reader needs: declaration lists (`color: red; margin-top:
/// 4px`) from `style` attributes and rule bodies, and the rules of a `<style>` block whose
/// selectors are simple (`p`, `.note`, `#intro`, `p.note`, comma lists). Values stay strings here;
/// ``CSSValues`` parses them.
///
/// Everything is bounded: at most ``CSSLimits/maximumDeclarations`` per list and
/// ``CSSLimits/maximumRules`` per sheet, so a hostile stylesheet costs linear time.
enum CSSDeclarations {
    /// One `name: value` pair, the name lowercased, both trimmed, `!important` dropped.
    struct Declaration: Equatable {
        var name: String
        var value: String
    }

    /// The declarations of `text` ("a: b; c: d"), in order. Semicolons inside quotes or
    /// parentheses (`url(a;b)`) do not end a declaration; one without a colon is skipped.
    static func parse(_ text: Substring) -> [Declaration] {
        var result: [Declaration] = []
        var quote: Character? = nil
        var depth = 0
        var start = text.startIndex
        var i = text.startIndex
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        func take(_ piece: Substring) {
            guard let colon = ascii ? piece.utf8.firstIndex(of: UInt8(ascii: ":")) : piece.firstIndex(of: ":") else { return }
            let name = piece[..<colon].trimmingWhitespaceAndNewlines().lowercased()
            var value = piece[piece.index(after: colon)...].trimmingWhitespaceAndNewlines()
            if value.utf8.contains(UInt8(ascii: "!")), let bang = value.range(of: "!important", options: [.caseInsensitive, .backwards]) {
                value = value[..<bang.lowerBound].trimmingWhitespaceAndNewlines()
            }
            if !name.isEmpty, !value.isEmpty { result.append(Declaration(name: name, value: value)) }
        }
        if ascii {
            // ASCII: the same scan over bytes (each character is one byte, CR LF aside, and
            // neither of those is one the scan looks for).
            let utf8 = text.utf8
            var quoteByte: UInt8 = 0
            var j = utf8.startIndex
            while j < utf8.endIndex, result.count < CSSLimits.maximumDeclarations {
                let b = utf8[j]
                if quoteByte != 0 {
                    if b == quoteByte { quoteByte = 0 }
                } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    quoteByte = b
                } else if b == UInt8(ascii: "(") {
                    depth += 1
                } else if b == UInt8(ascii: ")") {
                    depth = max(0, depth - 1)
                } else if b == UInt8(ascii: ";") && depth == 0 {
                    take(text[start..<j])
                    start = utf8.index(after: j)
                }
                j = utf8.index(after: j)
            }
            if start < text.endIndex, result.count < CSSLimits.maximumDeclarations { take(text[start...]) }
            return result
        }
        while i < text.endIndex, result.count < CSSLimits.maximumDeclarations {
            let c = text[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "(" {
                depth += 1
            } else if c == ")" {
                depth = max(0, depth - 1)
            } else if c == ";" && depth == 0 {
                take(text[start..<i])
                start = text.index(after: i)
            }
            i = text.index(after: i)
        }
        if start < text.endIndex, result.count < CSSLimits.maximumDeclarations { take(text[start...]) }
        return result
    }

    /// `text` without `/* … */` comments (an unclosed comment runs to the end).
    static func removingComments(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: the same cut, found by bytes.
            var out: [UInt8] = []
            var bytes = text.utf8[...]
            var found = false
            while let open = Self.find(UInt8(ascii: "/"), UInt8(ascii: "*"), in: bytes) {
                found = true
                out += bytes[..<open]
                let afterOpen = bytes.index(open, offsetBy: 2)
                guard let close = Self.find(UInt8(ascii: "*"), UInt8(ascii: "/"), in: bytes[afterOpen...]) else {
                    return String(decoding: out, as: UTF8.self)
                }
                bytes = bytes[bytes.index(close, offsetBy: 2)...]
            }
            if !found { return text }
            return String(decoding: out + bytes, as: UTF8.self)
        }
        guard text.contains("/*") else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.range(of: "/*") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "*/") else { return out }
            rest = rest[close.upperBound...]
        }
        return out + rest
    }
}

extension CSSDeclarations {
    /// The index of the first `a` followed by `b` in `bytes`.
    static func find(_ a: UInt8, _ b: UInt8, in bytes: Substring.UTF8View) -> String.Index? {
        var i = bytes.startIndex
        while let found = bytes[i...].firstIndex(of: a) {
            let next = bytes.index(after: found)
            if next == bytes.endIndex { return nil }
            if bytes[next] == b { return found }
            i = next
        }
        return nil
    }
}

/// Bounds on what the CSS parser reads from hostile input.
enum CSSLimits {
    /// Declarations read from one list; the rest are ignored.
    static let maximumDeclarations = 256
    /// Rules kept from all of a document's `<style>` blocks; the rest are ignored.
    static let maximumRules = 4096
    /// Characters of one `style` attribute or `<style>` block that are read.
    static let maximumSourceLength = 1 << 20
}
