import Foundation
import TextKitModel
import TextKitTypesetting

/// Substring enumeration for TextKit 2's selection data source: lines, paragraphs, grapheme
/// clusters, words and sentences of the text from a location on, found one paragraph at a time
/// (a call that stops early costs the paragraphs it looked at, not the document).
extension NSTextLayoutManager {
    /// Calls `block` with each substring of the unit `options` names, from the one around
    /// `location` to the document's end, or with `.reverse` from the one before `location` back
    /// to its start, until `block` sets its last argument.
    ///
    /// The block gets the substring (nil with `.substringNotRequired`), its range, and its
    /// enclosing range, which adds the separators and filler around it as
    /// `NSString.enumerateSubstrings(in:options:using:)` reports them: enclosing ranges tile
    /// each paragraph. Units: `.byLines` (the default; a line ends at a paragraph separator or
    /// U+2028), `.byParagraphs`, `.byComposedCharacterSequences` (grapheme clusters), and, through
    /// the overload taking `SubstringEnumerationOptions`, `.byWords` and `.bySentences` (ICU's
    /// UAX #29 boundaries; Foundation on Linux declares those two unavailable). Forwards, the
    /// first unit is the one whose enclosing range holds `location`; backwards, the first is the
    /// one whose enclosing range starts before it.
    ///
    /// The text is the content storage's text storage, as locations are its offsets.
    public func enumerateSubstrings(from location: any NSTextLocation, options: NSString.EnumerationOptions = [],
                                    using block: (String?, NSTextRange, NSTextRange?, UnsafeMutablePointer<ObjCBool>) -> Void) {
        guard let storage = contentStorage, let text = engine.textStorage, text.length > 0 else { return }
        let offset = min(max(0, CountableTextLocation.offset(of: location)), text.length)
        let unit = SubstringUnit(options)
        let reverse = options.contains(.reverse)
        let boundaries = TextBoundaries(text: text)
        var paragraph = boundaries.paragraph(around: reverse ? max(0, offset - 1) : offset)
        var stop = ObjCBool(false)
        while paragraph.length > 0 {
            var pieces = unit.pieces(of: paragraph, in: text, localized: options.contains(.localized))
            if reverse {
                pieces = pieces.filter { $0.enclosing.location < offset }.reversed()
            } else {
                pieces = pieces.filter { NSMaxRange($0.enclosing) > offset }
            }
            for piece in pieces {
                let substring = options.contains(.substringNotRequired)
                    ? nil : String(decoding: text._utf16(in: piece.substring), as: UTF16.self)
                block(substring, storage.textRange(for: piece.substring), storage.textRange(for: piece.enclosing), &stop)
                if stop.boolValue { return }
            }
            if reverse {
                guard paragraph.location > 0 else { return }
                paragraph = boundaries.paragraph(around: paragraph.location - 1)
            } else {
                guard NSMaxRange(paragraph) < text.length else { return }
                paragraph = boundaries.paragraph(around: NSMaxRange(paragraph))
            }
        }
    }
}

extension NSTextSelectionDataSource {
    /// Calls `block` with each word or sentence from `location` on (see
    /// `NSTextLayoutManager.enumerateSubstrings(from:options:using:)`): the overload that
    /// answers `options: .byWords` and `.bySentences`, which Foundation on Linux declares
    /// unavailable. Raw values are Apple's, so the call is the same as on iOS.
    public func enumerateSubstrings(from location: any NSTextLocation, options: SubstringEnumerationOptions,
                                    using block: (String?, NSTextRange, NSTextRange?, UnsafeMutablePointer<ObjCBool>) -> Void) {
        enumerateSubstrings(from: location, options: NSString.EnumerationOptions(rawValue: options.rawValue), using: block)
    }
}

/// The unit of an enumeration (the low byte of the options, Apple's values) and how a paragraph
/// splits into it.
private enum SubstringUnit {
    case lines, paragraphs, clusters, words, sentences

    init(_ options: NSString.EnumerationOptions) {
        switch options.rawValue & 0xFF {
        case 0: self = .lines
        case 1: self = .paragraphs
        // 5 and 6 are Apple's caret positions and deletion clusters (iOS 16): grapheme clusters here.
        case 2, 5, 6: self = .clusters
        case 3: self = .words
        case 4: self = .sentences
        case let other: preconditionFailure("enumerateSubstrings(from:options:using:): unknown unit \(other) in the options")
        }
    }

    /// The pieces of `paragraph` (its separator included): each substring with its enclosing range.
    func pieces(of paragraph: NSRange, in text: NSTextStorage, localized: Bool) -> [(substring: NSRange, enclosing: NSRange)] {
        let units = text._utf16(in: paragraph)
        func absolute(_ range: Range<Int>) -> NSRange { NSRange(location: paragraph.location + range.lowerBound, length: range.count) }
        switch self {
        case .paragraphs:
            return [(NSRange(location: paragraph.location, length: units.count - ParagraphSeparator.length(atEndOf: units)), paragraph)]
        case .lines:
            // A line also ends at U+2028 LINE SEPARATOR, which does not end a paragraph.
            var pieces: [(NSRange, NSRange)] = []
            var start = 0
            for (i, unit) in units.enumerated() where unit == 0x2028 {
                pieces.append((absolute(start..<i), absolute(start..<i + 1)))
                start = i + 1
            }
            let rest = Array(units[start...])
            if !rest.isEmpty {
                pieces.append((absolute(start..<units.count - ParagraphSeparator.length(atEndOf: rest)), absolute(start..<units.count)))
            }
            return pieces
        case .clusters:
            var pieces: [(NSRange, NSRange)] = []
            units.withUnsafeBufferPointer { buffer in
                BreakIterator.withIterator(.character, text: buffer) { iterator in
                    var start = iterator.first()
                    while case let end = iterator.next(), end != BreakIterator.done {
                        pieces.append((absolute(start..<end), absolute(start..<end)))
                        start = end
                    }
                }
            }
            return pieces
        case .words, .sentences:
            var options: SubstringEnumerationOptions = self == .words ? .byWords : .bySentences
            if localized { options.insert(.localized) }
            return substringPieces(of: units, options: options).map { (absolute($0.substring), absolute($0.enclosing)) }
        }
    }
}
