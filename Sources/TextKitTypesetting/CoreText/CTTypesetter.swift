import TextKitGraphics
import TextKitModel

/// Typesetter options (keys of the options dictionary of ``CTTypesetterCreateWithAttributedStringAndOptions(_:_:)``).
/// A number: 0 lays every paragraph out left to right, 1 right to left, whatever its text and
/// paragraph style say (Core Text's forced embedding level).
public let kCTTypesetterOptionForcedEmbeddingLevel = "kCTTypesetterOptionForcedEmbeddingLevel"
/// Accepted and ignored: layout here is never bounded (Core Text's `kCTTypesetterOptionAllowUnboundedLayout`).
public let kCTTypesetterOptionAllowUnboundedLayout = "kCTTypesetterOptionAllowUnboundedLayout"

/// Breaks an attributed string into lines and makes ``CTLine``s (Core Text's `CTTypesetter`).
///
/// The typesetter copies the string. Each paragraph (text up to and including a line feed,
/// carriage return, CRLF or U+2029) is analyzed once, on first use, and cached: bidi levels
/// (ICU), font runs with fallback, shaping (HarfBuzz) and line-break opportunities (ICU, UAX #14).
/// Suggesting a break then costs time proportional to the line, whatever the width; making a
/// line costs time proportional to its glyphs. The cache holds every paragraph touched, so a
/// typesetter over a large string keeps about the analyzed text's glyph arrays in memory.
///
/// Line breaking is the same greedy first-fit rule the TextKit layer uses: break
/// at the last opportunity that fits, break inside a word only when the word alone is wider than
/// the line, let trailing white space hang past the width. Tab stops come from the paragraph
/// style and are measured from the line's `offset`. The typesetter itself never hyphenates
/// (frames do, when the paragraph style asks).
///
/// Thread safety: safe to share between threads, as Core Text's; the paragraph cache is locked.
public final class CTTypesetter: @unchecked Sendable {  // mutable state (cache, analyzer) is in `state` (`Locked`)
    /// The typesetter's private copy of the string.
    let string: NSAttributedString
    let forcedDirection: NSWritingDirection?
    /// The paragraphs analyzed so far (by paragraph index), and the analyzer, which has scratch
    /// buffers: both only used under the lock.
    private let state = Locked(State())
    private struct State {
        var cache: [Int: TypesetParagraph] = [:]
        let analyzer = ParagraphAnalyzer.reused()
    }

    /// A typesetter for `string` (copied). See ``kCTTypesetterOptionForcedEmbeddingLevel`` for
    /// `options`.
    public init(attributedString string: NSAttributedString, options: CFDictionary? = nil) {
        self.string = NSAttributedString(attributedString: string)
        if let level = options?[kCTTypesetterOptionForcedEmbeddingLevel].flatMap(RunStyle.number) {
            forcedDirection = Int(level) & 1 == 1 ? .rightToLeft : .leftToRight
        } else {
            forcedDirection = nil
        }
    }

    deinit { ParagraphAnalyzer.recycle(state.withLock { $0.analyzer }) }

    /// The string's length in UTF-16 units.
    public var length: Int { string.length }

    // MARK: Paragraphs

    /// The analyzed paragraph holding `offset` (0 ≤ offset ≤ length; the end belongs to the last
    /// paragraph). Cached.
    func paragraph(containing offset: Int) -> TypesetParagraph {
        state.withLock { state in
            let index = string._paragraphIndex(containing: offset)
            if let cached = state.cache[index] { return cached }
            let range = string._paragraph(at: index).range
            let paragraph = analyze(range, with: state.analyzer)
            state.cache[index] = paragraph
            return paragraph
        }
    }

    /// The analyzed text that `range` lies in: its paragraph when it lies in one (cached), else
    /// the range itself analyzed as one paragraph (not cached).
    func paragraph(for range: Range<Int>) -> TypesetParagraph {
        let first = paragraph(containing: range.lowerBound)
        if range.upperBound <= first.start + first.length || range.isEmpty { return first }
        return state.withLock { analyze(NSRange(location: range.lowerBound, length: range.count), with: $0.analyzer) }
    }

    /// Analyzes `range` with `state`'s analyzer (call under its lock: the analyzer has scratch buffers).
    private func analyze(_ range: NSRange, with analyzer: ParagraphAnalyzer) -> TypesetParagraph {
        TypesetParagraph(string: string, range: range, analyzer: analyzer, direction: forcedDirection)
    }

    // MARK: Breaking

    private func suggestBreak(_ start: CFIndex, _ width: Double, _ offset: Double, clusters: Bool, what: String) -> CFIndex {
        checkPrecondition(start >= 0 && start <= length, "\(what): start index \(start) is out of bounds 0...\(length)")
        guard start < length else { return 0 }
        let paragraph = paragraph(containing: start)
        // The typesetter wraps whatever the style's mode (truncation and clipping are for frames)
        // and does not hyphenate.
        let wantsCharacters = clusters || paragraph.settings.mode == .byCharWrapping
        let fitter = paragraph.fitter(mode: wantsCharacters ? .byCharWrapping : .byWordWrapping, hyphenates: false)
        let lineStart = Float(offset)
        let lineEnd = Float(offset + max(0, width))
        let line = fitter.fitLine(from: start - paragraph.start, lineStartX: lineStart, lineEndX: lineEnd)
        return line.characters.count
    }

    /// How many characters from `startIndex` fit on a line `width` points wide, broken at a word
    /// boundary (UAX #14) where possible (Core Text's `CTTypesetterSuggestLineBreak`). Trailing
    /// white space and a paragraph's terminator are included; at least one grapheme cluster is,
    /// so layout always advances. 0 only at the end of the string.
    /// - Parameters:
    ///   - startIndex: the UTF-16 offset the line starts at.
    ///   - width: the line's width in points.
    ///   - offset: where the line starts for tab stops (points from the leading margin).
    /// - Precondition: `0 ≤ startIndex ≤ length`.
    public func suggestLineBreak(startIndex: CFIndex, width: Double, offset: Double = 0) -> CFIndex {
        suggestBreak(startIndex, width, offset, clusters: false, what: "CTTypesetterSuggestLineBreak")
    }

    /// How many characters from `startIndex` fit on a line `width` points wide, broken between
    /// any two grapheme clusters (Core Text's `CTTypesetterSuggestClusterBreak`). At least one
    /// cluster is included.
    /// - Precondition: `0 ≤ startIndex ≤ length`.
    public func suggestClusterBreak(startIndex: CFIndex, width: Double, offset: Double = 0) -> CFIndex {
        suggestBreak(startIndex, width, offset, clusters: true, what: "CTTypesetterSuggestClusterBreak")
    }

    // MARK: Lines

    /// A line of the characters of `stringRange` as they stand, not broken (Core Text's
    /// `CTTypesetterCreateLineWithOffset`). A zero length means "to the end of the string". The
    /// line's glyphs are the paragraph's (shaped and bidi-resolved in the paragraph's context);
    /// a range across paragraphs is analyzed as one piece. The line is not aligned or justified:
    /// its origin is at the left end of its glyphs.
    /// - Parameters:
    ///   - stringRange: the characters of the line (UTF-16 offsets; length 0: to the end).
    ///   - offset: where the line starts for tab stops (points from the leading margin).
    /// - Precondition: the range lies within the string.
    public func line(stringRange: CFRange, offset: Double = 0) -> CTLine {
        let range = stringRange.resolved(toEnd: length, what: "CTTypesetterCreateLine")
        let paragraph = paragraph(for: range)
        let local = (range.lowerBound - paragraph.start)..<(range.upperBound - paragraph.start)
        let fitted = paragraph.fitter().unbrokenLine(local, lineStartX: Float(offset))
        return CTLine(paragraph: paragraph, fitted: fitted, lineStartX: Float(offset))
    }
}

// MARK: - Core Text functions

/// A typesetter for `string` (copied). Core Text's `CTTypesetterCreateWithAttributedString`.
public func CTTypesetterCreateWithAttributedString(_ string: CFAttributedString) -> CTTypesetter {
    CTTypesetter(attributedString: string)
}

/// A typesetter with options (``kCTTypesetterOptionForcedEmbeddingLevel``). Core Text's
/// `CTTypesetterCreateWithAttributedStringAndOptions`.
public func CTTypesetterCreateWithAttributedStringAndOptions(_ string: CFAttributedString,
                                                             _ options: CFDictionary?) -> CTTypesetter {
    CTTypesetter(attributedString: string, options: options)
}

/// See ``CTTypesetter/suggestLineBreak(startIndex:width:offset:)``.
public func CTTypesetterSuggestLineBreak(_ typesetter: CTTypesetter, _ startIndex: CFIndex, _ width: Double) -> CFIndex {
    typesetter.suggestLineBreak(startIndex: startIndex, width: width)
}

/// See ``CTTypesetter/suggestLineBreak(startIndex:width:offset:)``.
public func CTTypesetterSuggestLineBreakWithOffset(_ typesetter: CTTypesetter, _ startIndex: CFIndex, _ width: Double,
                                                   _ offset: Double) -> CFIndex {
    typesetter.suggestLineBreak(startIndex: startIndex, width: width, offset: offset)
}

/// See ``CTTypesetter/suggestClusterBreak(startIndex:width:offset:)``.
public func CTTypesetterSuggestClusterBreak(_ typesetter: CTTypesetter, _ startIndex: CFIndex, _ width: Double) -> CFIndex {
    typesetter.suggestClusterBreak(startIndex: startIndex, width: width)
}

/// See ``CTTypesetter/suggestClusterBreak(startIndex:width:offset:)``.
public func CTTypesetterSuggestClusterBreakWithOffset(_ typesetter: CTTypesetter, _ startIndex: CFIndex, _ width: Double,
                                                      _ offset: Double) -> CFIndex {
    typesetter.suggestClusterBreak(startIndex: startIndex, width: width, offset: offset)
}

/// See ``CTTypesetter/line(stringRange:offset:)``.
public func CTTypesetterCreateLine(_ typesetter: CTTypesetter, _ stringRange: CFRange) -> CTLine {
    typesetter.line(stringRange: stringRange)
}

/// See ``CTTypesetter/line(stringRange:offset:)``.
public func CTTypesetterCreateLineWithOffset(_ typesetter: CTTypesetter, _ stringRange: CFRange, _ offset: Double) -> CTLine {
    typesetter.line(stringRange: stringRange, offset: offset)
}
