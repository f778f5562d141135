import TextKitModel

/// Line-break opportunities inside code (`.breaksLikeCode`): UAX #14 breaks words, and code is
/// not words. In code a line may end only at white space or right after a code token — `/`, `.`,
/// `-`, `_`, `::` — that stands between two characters of the code which are neither white space
/// nor token characters: `--opt`, `.build` and `::name` stay whole. So `Sources/TextKit/Layout`
/// may break after a slash, `--manifest-path` after its inner hyphen and
/// `NSLayoutManager.ensureLayout` after the dot, where a line that cannot hold them would
/// otherwise cut them at any character. Nothing is inserted where code breaks: what a reader
/// copies is the code.
package enum CodeBreaks {
    /// `boundaries` (ICU's, ascending, ending with the text's end) with those strictly inside a
    /// range of `code` (paragraph offsets, ascending, disjoint) kept only where code may break,
    /// and the code tokens' breaks added.
    package static func tailor(_ boundaries: [Int], text: UnsafeBufferPointer<UInt16>, code: [Range<Int>]) -> [Int] {
        guard !code.isEmpty else { return boundaries }
        var tokenBreaks: [Int] = []
        for range in code where range.count > 2 {
            for offset in (range.lowerBound + 2)..<range.upperBound where isTokenBreak(offset, in: range, text: text) {
                tokenBreaks.append(offset)
            }
        }
        var result: [Int] = []
        result.reserveCapacity(boundaries.count + tokenBreaks.count)
        var r = 0, t = 0
        for boundary in boundaries {
            while t < tokenBreaks.count, tokenBreaks[t] <= boundary {
                if tokenBreaks[t] < boundary { result.append(tokenBreaks[t]) }
                t += 1
            }
            while r < code.count, code[r].upperBound <= boundary { r += 1 }
            let inCode = r < code.count && code[r].lowerBound < boundary
            if !inCode || isWhiteSpace(text[boundary - 1]) || isTokenBreak(boundary, in: code[r], text: text) {
                result.append(boundary)
            }
        }
        return result
    }

    /// Whether a line may end at `offset` (strictly inside `range`) after a code token: the
    /// token (`/`, `.`, `-`, `_`, or `::`) follows a character of the code that is neither white
    /// space nor another token character (so `--opt`, ` .hidden` and `::` at a word's start stay
    /// whole), and what follows it is neither.
    private static func isTokenBreak(_ offset: Int, in range: Range<Int>, text: UnsafeBufferPointer<UInt16>) -> Bool {
        guard offset < range.upperBound else { return false }
        let after = text[offset]
        guard !isTokenCharacter(after), !isWhiteSpace(after) else { return false }
        let last = text[offset - 1]
        guard isTokenCharacter(last) else { return false }
        // The token's length: "::" is two characters, the others one; a single ":" is no token.
        let length = last == 0x3A ? 2 : 1
        if length == 2 { guard offset - 2 >= range.lowerBound, text[offset - 2] == 0x3A else { return false } }
        let before = offset - length - 1
        guard before >= range.lowerBound else { return false }
        return !isTokenCharacter(text[before]) && !isWhiteSpace(text[before])
    }

    /// `/`, `.`, `-`, `_`, and `:` (half of `::`).
    private static func isTokenCharacter(_ unit: UInt16) -> Bool {
        unit == 0x2F || unit == 0x2E || unit == 0x2D || unit == 0x5F || unit == 0x3A
    }

    /// A space separator (Zs, ``isSpaceSeparator(_:)``), a tab, or a line or paragraph end.
    private static func isWhiteSpace(_ unit: UInt16) -> Bool {
        isSpaceSeparator(UInt32(unit)) || unit == 0x09 || unit == 0x0A || unit == 0x0D || unit == 0x2028 || unit == 0x2029
    }
}

extension ParagraphAnalysis {
    /// The paragraph offsets of its runs that break like code (`.breaksLikeCode`), joined where
    /// they meet.
    package var codeRanges: [Range<Int>] { Self.codeRanges(styles: styles, ranges: styleRanges) }

    /// The ranges among `ranges` whose style (`styles`, one each) breaks like code, joined where
    /// they meet.
    package static func codeRanges(styles: [RunStyle], ranges: [Range<Int>]) -> [Range<Int>] {
        var code: [Range<Int>] = []
        for (style, range) in zip(styles, ranges) where style.breaksLikeCode && !range.isEmpty {
            if let last = code.last, last.upperBound == range.lowerBound {
                code[code.count - 1] = last.lowerBound..<range.upperBound
            } else {
                code.append(range)
            }
        }
        return code
    }
}
