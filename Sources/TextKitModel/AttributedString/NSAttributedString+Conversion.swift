// Conversions at the edges: Foundation's `NSAttributedString` (every key round-trips as its raw
// string, values unchanged) and Swift's `AttributedString` (only keys with a Foundation attribute
// scope on Linux: `.link` ↔ `link` and `.languageIdentifier` ↔ `languageIdentifier`; UIKit's scope
// does not exist on Linux, and `AttributedString` needs Hashable & Sendable values, so the other keys
// — fonts, colours, paragraph styles … — are dropped going there and absent coming back).
//
// Lone surrogates cannot cross either way: Foundation's `string` and `AttributedString` both hold
// valid Unicode, so each one becomes U+FFFD (the UTF-16 length is kept).

extension NSAttributedString {
    /// A copy of Foundation's attributed string: its characters, and each run's attributes under the
    /// same raw keys with the same values.
    public convenience init(_ foundation: Foundation.NSAttributedString) {
        self.init(string: foundation.string)
        let n = foundation.length
        guard n > 0 else { return }
        foundation.enumerateAttributes(in: NSRange(location: 0, length: n), options: []) { attrs, range, _ in
            if !attrs.isEmpty { _storage.setAttributes(attrs, range: range.location..<(range.location + range.length)) }
        }
    }

    /// A copy of Swift's `AttributedString`; `link` becomes `.link` (a `URL`) and `languageIdentifier`
    /// becomes `.languageIdentifier` (a `String`); other attributes are not carried.
    public convenience init(_ attributedString: AttributedString) {
        let text = String(attributedString.characters)
        self.init(string: text)
        let utf16 = attributedString.utf16
        for run in attributedString.runs {
            var attrs: [NSAttributedString.Key: Any] = [:]
            if let link = run.link { attrs[.link] = link }
            if let language = run.languageIdentifier { attrs[.languageIdentifier] = language }
            guard !attrs.isEmpty else { continue }
            let start = utf16.distance(from: utf16.startIndex, to: run.range.lowerBound)
            let end = utf16.distance(from: utf16.startIndex, to: run.range.upperBound)
            _storage.setAttributes(attrs, range: start..<end)
        }
    }

    /// This string as Foundation's `NSAttributedString`, with the same raw keys and values.
    public var foundationAttributedString: Foundation.NSAttributedString {
        let result = Foundation.NSMutableAttributedString(string: string)
        _forEachAttributeRun(in: NSRange(location: 0, length: length)) { attrs, range in
            if !attrs.isEmpty { result.setAttributes(attrs, range: range) }
            return true
        }
        return result
    }
}

extension AttributedString {
    /// Swift's `AttributedString` for `attributedString`: `.link` (a `URL`, or a `String` that parses as
    /// one) becomes `link`, `.languageIdentifier` becomes `languageIdentifier`; other keys have no
    /// Foundation attribute scope on Linux and are dropped.
    public init(_ attributedString: TextKitModel.NSAttributedString) {
        self.init(attributedString.string)
        let utf16 = self.utf16
        var pieces: [(Range<AttributedString.Index>, URL?, String?)] = []
        attributedString._forEachAttributeRun(in: NSRange(location: 0, length: attributedString.length)) { attrs, range in
            let url = (attrs[.link] as? URL) ?? (attrs[.link] as? String).flatMap { URL(string: $0) }
            let language = attrs[.languageIdentifier] as? String
            if url != nil || language != nil {
                let lo = utf16.index(utf16.startIndex, offsetBy: range.location)
                let hi = utf16.index(lo, offsetBy: range.length)
                pieces.append((lo..<hi, url, language))
            }
            return true
        }
        for (range, url, language) in pieces {
            if let url { self[range].link = url }
            if let language { self[range].languageIdentifier = language }
        }
    }
}
