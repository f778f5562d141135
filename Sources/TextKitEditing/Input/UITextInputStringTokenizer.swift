import TextKit
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// The standard tokenizer: characters are grapheme clusters, words and sentences come from ICU's
/// boundaries (UAX #29; a word unit holds letters, digits, kana or ideographs, never spaces or
/// punctuation alone), paragraphs end at a paragraph separator (which is not part of the unit),
/// lines are the text input's laid-out lines (a soft-wrapped line ends where the next begins;
/// a hard line break is not part of the line), and the document is all of the text.
///
/// See ``UITextInputTokenizer`` for what the directions mean. A layout direction counts as the
/// storage direction it moves in within the position's paragraph: right is forward in
/// left-to-right text and backward in right-to-left text; down is forward and up backward.
///
/// Each call reads one paragraph around the position (at most 8,192 UTF-16 units of it: in a
/// longer paragraph, a word or sentence longer than that is cut) or one line, so its cost does
/// not grow with the document.
@preconcurrency @MainActor
open class UITextInputStringTokenizer: NSObject, UITextInputTokenizer {
    private unowned let textInput: any UITextInput
    private lazy var source: any TokenizerText =
        (textInput as? any TokenizerTextProviding)?.tokenizerText ?? ProtocolTokenizerText(textInput)

    /// A tokenizer for `textInput` (which keeps it; the tokenizer does not keep the text input).
    public init(textInput: UIResponder & UITextInput) {
        self.textInput = textInput
        super.init()
    }

    /// See ``UITextInputTokenizer/rangeEnclosingPosition(_:with:inDirection:)``.
    open func rangeEnclosingPosition(_ position: UITextPosition, with granularity: UITextGranularity,
                                     inDirection direction: UITextDirection) -> UITextRange? {
        guard let p = source.offset(of: position) else { return nil }
        let forward = isForward(direction, at: p)
        guard let unit = units(around: p, granularity).first(where: { forward ? $0.contains(p) : ($0.lowerBound < p && p <= $0.upperBound) })
        else {
            if granularity == .document || (granularity == .paragraph && isEmptyParagraph(at: p)) {
                return source.textRange(units(around: p, granularity).first { $0.lowerBound <= p && p <= $0.upperBound } ?? p..<p)
            }
            return nil
        }
        return source.textRange(unit)
    }

    /// See ``UITextInputTokenizer/isPosition(_:atBoundary:inDirection:)``.
    open func isPosition(_ position: UITextPosition, atBoundary granularity: UITextGranularity,
                         inDirection direction: UITextDirection) -> Bool {
        guard let p = source.offset(of: position) else { return false }
        let forward = isForward(direction, at: p)
        return units(around: p, granularity).contains { forward ? $0.upperBound == p : $0.lowerBound == p }
    }

    /// See ``UITextInputTokenizer/position(from:toBoundary:inDirection:)``.
    open func position(from position: UITextPosition, toBoundary granularity: UITextGranularity,
                       inDirection direction: UITextDirection) -> UITextPosition? {
        guard let p = source.offset(of: position) else { return nil }
        let forward = isForward(direction, at: p)
        let length = source.utf16Length
        var probe = p
        // Walk block by block (paragraph, line) until a unit boundary lies beyond `p`.
        while true {
            let (block, found) = blockUnits(around: probe, granularity, before: !forward)
            if forward {
                if let end = found.map(\.upperBound).filter({ $0 > p }).min() { return source.position(at: end) }
                guard block.upperBound < length, block.upperBound > probe else { return nil }
                probe = block.upperBound
            } else {
                if let start = found.map(\.lowerBound).filter({ $0 < p }).max() { return source.position(at: start) }
                guard block.lowerBound > 0, block.lowerBound < probe else { return nil }
                probe = block.lowerBound
            }
        }
    }

    /// See ``UITextInputTokenizer/isPosition(_:withinTextUnit:inDirection:)``.
    open func isPosition(_ position: UITextPosition, withinTextUnit granularity: UITextGranularity,
                         inDirection direction: UITextDirection) -> Bool {
        guard let p = source.offset(of: position) else { return false }
        let forward = isForward(direction, at: p)
        return units(around: p, granularity).contains { forward ? $0.contains(p) : ($0.lowerBound < p && p <= $0.upperBound) }
    }

    // MARK: Units

    /// Whether `direction` moves forward in storage at `offset`.
    private func isForward(_ direction: UITextDirection, at offset: Int) -> Bool {
        switch direction.rawValue {
        case UITextLayoutDirection.right.rawValue: !source.isRightToLeft(at: offset)
        case UITextLayoutDirection.left.rawValue: source.isRightToLeft(at: offset)
        default: direction.storageDirection == .forward
        }
    }

    private func isEmptyParagraph(at offset: Int) -> Bool {
        let paragraph = source.paragraphRange(containingCharacterAt: offset)
        return paragraphContent(paragraph).isEmpty
    }

    /// The units of the blocks on both sides of `offset` (the block ending there and the one
    /// starting there), so that a unit ending or starting at `offset` is among them.
    private func units(around offset: Int, _ granularity: UITextGranularity) -> [Range<Int>] {
        let after = blockUnits(around: offset, granularity, before: false)
        guard offset > 0, after.block.lowerBound == offset else { return after.units }
        return blockUnits(around: offset, granularity, before: true).units + after.units
    }

    /// The block (paragraph window, line, document) that holds the character after `offset`
    /// (or, with `before`, the one before it) and the units of `granularity` in it.
    private func blockUnits(around offset: Int, _ granularity: UITextGranularity, before: Bool)
        -> (block: Range<Int>, units: [Range<Int>]) {
        let length = source.utf16Length
        let at = before ? max(offset - 1, 0) : min(offset, length)
        switch granularity {
        case .document:
            return (0..<length, [0..<length])
        case .paragraph:
            let paragraph = source.paragraphRange(containingCharacterAt: at)
            return (paragraph, [paragraphContent(paragraph)])
        case .line:
            guard let line = source.lineRange(containingCharacterAt: at) else {
                let paragraph = source.paragraphRange(containingCharacterAt: at)
                return (paragraph, [paragraphContent(paragraph)])
            }
            return (line, [lineContent(line)])
        case .character, .word, .sentence:
            let window = paragraphWindow(around: at)
            return (window, segments(of: window, granularity))
        }
    }

    /// A paragraph without its separator.
    private func paragraphContent(_ paragraph: Range<Int>) -> Range<Int> {
        paragraph.lowerBound..<Separators.contentEnd(of: paragraph, units: source.utf16(in:))
    }

    /// A line without a hard line break at its end.
    private func lineContent(_ line: Range<Int>) -> Range<Int> {
        line.lowerBound..<Separators.contentEnd(of: line, lineBreaks: true, units: source.utf16(in:))
    }

    /// The paragraph holding the character at `offset`, cut to 8,192 units around it.
    private func paragraphWindow(around offset: Int) -> Range<Int> {
        let paragraph = source.paragraphRange(containingCharacterAt: offset)
        let half = 4096
        let lower = max(paragraph.lowerBound, offset - half)
        let upper = min(paragraph.upperBound, max(offset, lower) + half)
        return lower..<upper
    }

    /// ICU's grapheme clusters, words or sentences (without trailing white space) of `window`.
    private func segments(of window: Range<Int>, _ granularity: UITextGranularity) -> [Range<Int>] {
        let text = source.utf16(in: window)
        let base = window.lowerBound
        return TextSegmentation.segments(of: text, granularity).map { ($0.lowerBound + base)..<($0.upperBound + base) }
    }
}

/// Implemented by text-input objects that can answer a tokenizer faster than through the
/// protocol (``UITextView``).
@MainActor
protocol TokenizerTextProviding {
    var tokenizerText: any TokenizerText { get }
}

/// Grapheme clusters, words and sentences of UTF-16 text, by ICU.
enum TextSegmentation {
    /// The units of `granularity` (character, word or sentence) in `text`: every grapheme
    /// cluster; the word-like word segments; the sentence segments without trailing white space.
    static func segments(of text: [UInt16], _ granularity: UITextGranularity) -> [Range<Int>] {
        let kind: BreakIterator.Kind = switch granularity {
        case .character: .character
        case .word: .word
        default: .sentence
        }
        var result: [Range<Int>] = []
        text.withUnsafeBufferPointer { buffer in
            BreakIterator.withIterator(kind, text: buffer) { iterator in
                var start = iterator.first()
                while case let end = iterator.next(), end != BreakIterator.done {
                    switch granularity {
                    case .word:
                        if iterator.endsWordLikeSegment { result.append(start..<end) }
                    case .sentence:
                        var last = end
                        while last > start, let scalar = Unicode.Scalar(text[last - 1]), scalar.properties.isWhitespace { last -= 1 }
                        if last > start { result.append(start..<last) }
                    default:
                        result.append(start..<end)
                    }
                    start = end
                }
            }
        }
        return result
    }
}
