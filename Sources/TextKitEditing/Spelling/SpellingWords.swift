import COTKICU
import TextKitTypesetting

/// A stretch of text the checker judges as one: a word, or words joined by hyphens
/// ("well-known", "COVID-19"). Offsets are UTF-16, relative to the scanned buffer.
struct SpellingUnit: Equatable {
    /// From the first word's start to the last word's end.
    var range: Range<Int>
    /// The words to check, in order. Pieces holding digits ("19", "mp3") or no letter ("___")
    /// are not among them.
    var words: [Range<Int>]
    /// Several words joined by hyphens and none left out: the whole is checked first, since a
    /// dictionary may list the compound ("e-mail") though not each piece.
    var isCompound: Bool
}

/// Finds what to spell-check in UTF-16 text.
///
/// Words are ICU's UAX #29 word segments (through the COTKICU facade, as
/// `SubstringEnumerationOptions.byWords`), so an apostrophe inside a word belongs to it
/// ("don't", "l'homme", "aujourd’hui"), as do a period or an underscore between letters ("e.g",
/// "snake_case"). Segments ICU marks as numbers are skipped, and so are words holding a digit
/// ("3rd", "mp3") or no letter at all ("___"), Kana and
/// ideographs (no hunspell dictionary covers them), and everything inside a URL or an e-mail
/// address (``LinkSpans``).
enum SpellingWords {
    /// Hyphen-minus, hyphen and non-breaking hyphen: what joins the words of a compound.
    static func isHyphen(_ unit: UInt16) -> Bool { unit == 0x2D || unit == 0x2010 || unit == 0x2011 }

    static func units(in text: UnsafeBufferPointer<UInt16>, locale: String) -> [SpellingUnit] {
        let links = LinkSpans.find(in: text)
        var units: [SpellingUnit] = []
        var current: SpellingUnit?
        var currentHasSkippedPiece = false
        var linkIndex = 0

        func finish() {
            guard var unit = current else { return }
            current = nil
            // Drop a unit that touches a link.
            while linkIndex < links.count && links[linkIndex].upperBound <= unit.range.lowerBound { linkIndex += 1 }
            if linkIndex < links.count && links[linkIndex].overlaps(unit.range) { return }
            unit.isCompound = unit.words.count > 1 && !currentHasSkippedPiece
            if !unit.words.isEmpty { units.append(unit) }
        }

        BreakIterator.withIterator(.word, locale: locale, text: text) { iterator in
            var start = iterator.first()
            // The end of the last word-like segment and whether a single hyphen followed it.
            var joinable = false
            while case let end = iterator.next(), end != BreakIterator.done {
                defer { start = end }
                let status = iterator.ruleStatus
                let segment = start..<end
                if status >= Int(COTK_WORD_NUMBER) && status < Int(COTK_WORD_KANA) {
                    let units = UnsafeBufferPointer(rebasing: text[segment])
                    let isNumber = status < Int(COTK_WORD_LETTER) || UnicodeText.containsDigit(units) || !UnicodeText.containsLetter(units)
                    if !(joinable && current != nil) {
                        finish()
                        current = SpellingUnit(range: segment, words: [], isCompound: false)
                        currentHasSkippedPiece = false
                    }
                    current!.range = current!.range.lowerBound..<end
                    if isNumber { currentHasSkippedPiece = true } else { current!.words.append(segment) }
                    joinable = false
                } else if segment.count == 1 && isHyphen(text[start]) && current?.range.upperBound == start && !joinable {
                    joinable = true  // "well-": the next word may continue the compound
                } else {
                    finish()
                    joinable = false
                }
            }
        }
        finish()
        return units
    }
}

/// URLs and e-mail addresses in text, which are never spell-checked.
///
/// Looked for in each run of non-white-space characters, after trimming the punctuation that
/// commonly surrounds them in prose ("(see https://example.com/a)."):
/// - a URL has a scheme followed by "://" ("https://…", "ftp://…", "x-app://…"), or starts
///   with "www.";
/// - an e-mail address has an "@" with something before it and, after it, a domain with a dot
///   that is not its last character ("mailto:" prefixes included).
enum LinkSpans {
    private static let openers: Set<UInt16> = Set("([{<\"'“‘«‹".utf16)
    private static let closers: Set<UInt16> = Set(".,;:!?)]}>\"'”’»›".utf16)

    static func find(in text: UnsafeBufferPointer<UInt16>) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var i = 0
        while i < text.count {
            while i < text.count && UnicodeText.isWhiteSpace(text[i]) { i += 1 }
            let start = i
            var mayBeLink = false
            while i < text.count && !UnicodeText.isWhiteSpace(text[i]) {
                let unit = text[i]
                if unit == 0x40 || unit == 0x3A || unit == 0x2E { mayBeLink = true }  // "@", ":", "."
                i += 1
            }
            if mayBeLink, let span = link(in: text, start..<i) { spans.append(span) }
        }
        return spans
    }

    private static func link(in text: UnsafeBufferPointer<UInt16>, _ chunk: Range<Int>) -> Range<Int>? {
        var lower = chunk.lowerBound, upper = chunk.upperBound
        while lower < upper && openers.contains(text[lower]) { lower += 1 }
        while upper > lower && closers.contains(text[upper - 1]) { upper -= 1 }
        guard upper - lower >= 4 else { return nil }
        func isASCIILetter(_ u: UInt16) -> Bool { (u >= 0x41 && u <= 0x5A) || (u >= 0x61 && u <= 0x7A) }
        func isASCIIAlphanumeric(_ u: UInt16) -> Bool { isASCIILetter(u) || (u >= 0x30 && u <= 0x39) }

        // scheme://…
        var k = lower
        while k + 3 <= upper {
            if text[k] == 0x3A && text[k + 1] == 0x2F && text[k + 2] == 0x2F {
                var schemeStart = k
                while schemeStart > lower, case let u = text[schemeStart - 1],
                      isASCIIAlphanumeric(u) || u == 0x2B || u == 0x2D || u == 0x2E { schemeStart -= 1 }
                while schemeStart < k && !isASCIILetter(text[schemeStart]) { schemeStart += 1 }
                if schemeStart < k && k + 3 < upper { return schemeStart..<upper }
            }
            k += 1
        }
        // www.…
        if upper - lower > 4, text[lower] | 0x20 == 0x77, text[lower + 1] | 0x20 == 0x77,
           text[lower + 2] | 0x20 == 0x77, text[lower + 3] == 0x2E {
            return lower..<upper
        }
        // local@domain.tld
        if let at = (lower..<upper).first(where: { text[$0] == 0x40 }), at > lower {
            let domain = (at + 1)..<upper
            if let dot = domain.last(where: { text[$0] == 0x2E }), dot > domain.lowerBound, dot + 1 < upper,
               !UnicodeText.isWhiteSpace(text[domain.lowerBound]) {
                return lower..<upper
            }
        }
        return nil
    }
}
