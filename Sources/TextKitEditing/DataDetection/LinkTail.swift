/// Where a URL's path, query and fragment end: the rules that keep prose punctuation out of links.
///
/// - White space, controls, `< > " `` | \`, quotation marks and brackets outside ASCII, CJK and
///   fullwidth punctuation, format characters (such as a zero-width space) and U+FFFD end a URL.
/// - Brackets `()`, `[]` and `{}` stay when balanced inside the URL
///   ("…/Swift_(programming_language)"); a closing bracket with no opening one in the URL ends it
///   ("(see https://swift.org)"), and an opening bracket never closed ends it where it stands.
/// - `. , : ; ! ? *` and `…` at the end are left out ("see https://swift.org."), and so is a final
///   apostrophe that leaves an odd number of them.
/// - A URL that follows an apostrophe ends at the next one ('https://example.org').
enum LinkTail {
    /// The end of a URL whose path may start at `start` and must not be cut before `minimumEnd`.
    /// `quoted` is true when an apostrophe stands just before the URL.
    static func end(in text: DetectionText, from start: Int, minimumEnd: Int, quoted: Bool) -> Int {
        var offset = start
        // Offsets of opening brackets not yet closed, one stack a kind: ( [ {.
        var open: [[Int]] = [[], [], []]
        scan: while let (scalar, length) = text.scalar(at: offset) {
            if scalar.isASCII {
                switch UInt8(scalar.value) {
                case 0x00...0x20, 0x7F, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "`"),
                     UInt8(ascii: "|"), UInt8(ascii: "\\"):
                    break scan
                case UInt8(ascii: "'") where quoted:
                    break scan
                case UInt8(ascii: "("): open[0].append(offset)
                case UInt8(ascii: "["): open[1].append(offset)
                case UInt8(ascii: "{"): open[2].append(offset)
                case UInt8(ascii: ")"): if open[0].popLast() == nil { break scan }
                case UInt8(ascii: "]"): if open[1].popLast() == nil { break scan }
                case UInt8(ascii: "}"): if open[2].popLast() == nil { break scan }
                default: break
                }
            } else if endsURL(scalar) {
                break scan
            }
            offset += length
        }
        var end = offset
        for stack in open { if let first = stack.first { end = min(end, first) } }
        // Trailing punctuation. Apostrophes are counted once, then as they are dropped.
        var apostrophes = 0
        if end > start { for k in start..<end where text.has("'", at: k) { apostrophes += 1 } }
        while end > minimumEnd, let u = text.unit(end - 1) {
            switch u {
            case 0x2E, 0x2C, 0x3A, 0x3B, 0x21, 0x3F, 0x2A, 0x2026:  // . , : ; ! ? * …
                end -= 1
            case 0x27 where apostrophes % 2 == 1:
                end -= 1
                apostrophes -= 1
            default:
                return end
            }
        }
        return max(end, minimumEnd)
    }

    /// Non-ASCII characters that end a URL.
    static func endsURL(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if DetectionCharacter.isWhiteSpace(scalar) { return true }
        if value <= 0x9F || value == 0xFFFD { return true }  // C1 controls, replacement character
        if (0x3000...0x303F).contains(value) { return true }  // CJK punctuation: 、。「」
        if (0xFF01...0xFF0F).contains(value) || (0xFF1A...0xFF20).contains(value)
            || (0xFF3B...0xFF40).contains(value) || (0xFF5B...0xFF65).contains(value) {
            return true  // fullwidth punctuation
        }
        switch scalar.properties.generalCategory {
        case .initialPunctuation, .finalPunctuation, .openPunctuation, .closePunctuation,
             .format, .control, .surrogate, .unassigned, .lineSeparator, .paragraphSeparator:
            return true
        default:
            return false
        }
    }
}
