import Foundation
import TextKitModel

/// The units Foundation on Linux cannot enumerate: swift-corelibs-foundation declares
/// `String.EnumerationOptions.byWords` and `.bySentences` unavailable ("isn't supported in
/// swift-corelibs-foundation"). OpenTextKit enumerates them with ICU's word and sentence
/// boundaries (UAX #29), under the same spelling:
///
/// ```swift
/// text.enumerateSubstrings(in: text.startIndex..<text.endIndex, options: .byWords) { word, range, _, _ in … }
/// (text as NSString).enumerateSubstrings(in: NSRange(location: 0, length: n), options: [.byWords, .reverse]) { … }
/// ```
///
/// A call whose options name `.byWords` or `.bySentences` resolves to OpenTextKit's overload
/// (Foundation's members are unavailable); every other call (`.byLines`, `.byParagraphs`,
/// `.byComposedCharacterSequences`) stays Foundation's. Raw values are Apple's.
public struct SubstringEnumerationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Words: runs of letters, digits, kana or ideographs ("can't" is one word); spaces and
    /// punctuation fall in the enclosing ranges only.
    public static let byWords = SubstringEnumerationOptions(rawValue: 3)
    /// Sentences, their terminating punctuation included and their trailing white space in the
    /// enclosing range.
    public static let bySentences = SubstringEnumerationOptions(rawValue: 4)
    /// From the end backwards.
    public static let reverse = SubstringEnumerationOptions(rawValue: 1 << 8)
    /// Pass nil for the substring (faster).
    public static let substringNotRequired = SubstringEnumerationOptions(rawValue: 1 << 9)
    /// Use the current locale's rules (the root rules otherwise).
    public static let localized = SubstringEnumerationOptions(rawValue: 1 << 10)

    package var unit: UInt { rawValue & 0xFF }
}

/// The word or sentence pieces of UTF-16 `text`: each substring's range and its enclosing range,
/// in UTF-16 offsets. Enclosing ranges tile `text` (the first also holds what precedes the first
/// substring), as Apple's enumeration reports them.
package func substringPieces(of text: [UInt16], options: SubstringEnumerationOptions) -> [(substring: Range<Int>, enclosing: Range<Int>)] {
    precondition(options.unit == SubstringEnumerationOptions.byWords.rawValue || options.unit == SubstringEnumerationOptions.bySentences.rawValue,
                 "enumerateSubstrings: OpenTextKit's overload enumerates .byWords or .bySentences")
    let words = options.unit == SubstringEnumerationOptions.byWords.rawValue
    let locale = options.contains(.localized) ? Locale.current.identifier : ""
    var substrings: [Range<Int>] = []
    text.withUnsafeBufferPointer { buffer in
        BreakIterator.withIterator(words ? .word : .sentence, locale: locale, text: buffer) { iterator in
            var start = iterator.first()
            while case let end = iterator.next(), end != BreakIterator.done {
                if words {
                    if iterator.endsWordLikeSegment { substrings.append(start..<end) }
                } else {
                    // A sentence segment ends after its trailing spaces and line ends: trim them.
                    var last = end
                    while last > start, let scalar = Unicode.Scalar(text[last - 1]), scalar.properties.isWhitespace { last -= 1 }
                    if last > start { substrings.append(start..<last) }
                }
                start = end
            }
        }
    }
    var pieces: [(Range<Int>, Range<Int>)] = []
    for (i, substring) in substrings.enumerated() {
        let enclosingStart = i == 0 ? 0 : substring.lowerBound
        let enclosingEnd = i + 1 < substrings.count ? substrings[i + 1].lowerBound : text.count
        pieces.append((substring, enclosingStart..<enclosingEnd))
    }
    return pieces
}

extension StringProtocol {
    /// Enumerates the words or sentences of `range` (see ``SubstringEnumerationOptions``), as
    /// Foundation's `enumerateSubstrings(in:options:_:)` does on Apple platforms. Setting the
    /// closure's last argument to true stops the enumeration.
    public func enumerateSubstrings<R: RangeExpression>(
        in range: R, options opts: SubstringEnumerationOptions,
        _ body: @escaping (_ substring: String?, _ substringRange: Range<String.Index>,
                           _ enclosingRange: Range<String.Index>, inout Bool) -> Void
    ) where R.Bound == String.Index {
        let whole = String(self)
        let bounds = range.relative(to: whole)
        let utf16 = whole.utf16
        let base = utf16.distance(from: utf16.startIndex, to: bounds.lowerBound)
        let text = Array(utf16[bounds])
        var pieces = substringPieces(of: text, options: opts)
        if opts.contains(.reverse) { pieces.reverse() }
        func index(_ offset: Int) -> String.Index { utf16.index(utf16.startIndex, offsetBy: base + offset) }
        var stop = false
        for piece in pieces {
            let substringRange = index(piece.substring.lowerBound)..<index(piece.substring.upperBound)
            let enclosingRange = index(piece.enclosing.lowerBound)..<index(piece.enclosing.upperBound)
            body(opts.contains(.substringNotRequired) ? nil : String(whole[substringRange]), substringRange, enclosingRange, &stop)
            if stop { return }
        }
    }
}

extension NSString {
    /// Enumerates the words or sentences of `range` (see ``SubstringEnumerationOptions``), as
    /// `NSString.enumerateSubstrings(in:options:using:)` does on Apple platforms.
    /// - Precondition: `range` lies within the string.
    public func enumerateSubstrings(in range: NSRange, options opts: SubstringEnumerationOptions,
                                    using block: @escaping (String?, NSRange, NSRange, UnsafeMutablePointer<ObjCBool>) -> Void) {
        precondition(range.location >= 0 && range.length >= 0 && range.location + range.length <= length,
                     "enumerateSubstrings(in:options:using:): range {\(range.location), \(range.length)} out of bounds; string length \(length)")
        var text = [UInt16](repeating: 0, count: range.length)
        text.withUnsafeMutableBufferPointer { getCharacters($0.baseAddress!, range: range) }
        var pieces = substringPieces(of: text, options: opts)
        if opts.contains(.reverse) { pieces.reverse() }
        var stop = ObjCBool(false)
        for piece in pieces {
            let substringRange = NSRange(location: range.location + piece.substring.lowerBound, length: piece.substring.count)
            let enclosingRange = NSRange(location: range.location + piece.enclosing.lowerBound, length: piece.enclosing.count)
            block(opts.contains(.substringNotRequired) ? nil : substring(with: substringRange), substringRange, enclosingRange, &stop)
            if stop.boolValue { return }
        }
    }
}
