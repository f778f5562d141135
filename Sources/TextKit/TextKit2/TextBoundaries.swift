import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Where carets may stop and what words, sentences and paragraphs span, in a text storage, for
/// TextKit 2's selection navigation: ICU's break iterators over the paragraph around an offset
/// (never the whole text), so a query costs the paragraph's length.
struct TextBoundaries {
    let text: NSTextStorage

    /// The paragraph around `offset` (separator included); the last one at the text's end.
    func paragraph(around offset: Int) -> NSRange {
        text.paragraphRange(for: NSRange(location: min(max(0, offset), text.length), length: 0))
    }

    /// The paragraph around `offset` without its separator.
    func paragraphContent(around offset: Int) -> NSRange {
        let range = paragraph(around: offset)
        let units = text._utf16(in: NSRange(location: max(range.location, range.location + range.length - 2), length: min(2, range.length)))
        let separator = ParagraphSeparator.length(atEndOf: units)
        return NSRange(location: range.location, length: range.length - separator)
    }

    /// Runs `body` with an iterator of `kind` over the paragraph around `offset` and the paragraph's start.
    private func withParagraph<R>(_ kind: BreakIterator.Kind, around offset: Int, _ body: (BreakIterator, Int, Int) -> R) -> R {
        let range = paragraph(around: offset)
        let units = text._utf16(in: range)
        return units.withUnsafeBufferPointer { buffer in
            BreakIterator.withIterator(kind, text: buffer) { body($0, range.location, range.length) }
        }
    }

    /// The end of the grapheme cluster at `offset` (the text's end at the end).
    func clusterEnd(after offset: Int) -> Int {
        guard offset < text.length else { return text.length }
        return withParagraph(.character, around: offset) { iterator, start, _ in
            let next = iterator.following(offset - start)
            return next < 0 ? offset + 1 : start + next
        }
    }

    /// The start of the grapheme cluster before `offset` (0 at the start).
    func clusterStart(before offset: Int) -> Int {
        guard offset > 0 else { return 0 }
        return withParagraph(.character, around: offset - 1) { iterator, start, _ in
            let previous = iterator.preceding(offset - start)
            return previous < 0 ? offset - 1 : start + previous
        }
    }

    /// The grapheme cluster holding `offset`.
    func cluster(around offset: Int) -> NSRange {
        guard offset < text.length else { return NSRange(location: text.length, length: 0) }
        let end = clusterEnd(after: offset)
        let start = clusterStart(before: end)
        return NSRange(location: start, length: end - start)
    }

    /// The end of the next word at or after `offset`, past spaces and punctuation (the next
    /// paragraph's first word at a paragraph's end; the text's end when there is none).
    func wordEnd(after offset: Int) -> Int {
        var from = offset
        while from < text.length {
            let found: Int? = withParagraph(.word, around: from) { iterator, start, length in
                var boundary = iterator.following(from - start)
                while boundary >= 0 && boundary <= length {
                    if iterator.endsWordLikeSegment { return start + boundary }
                    boundary = iterator.next()
                }
                return nil
            }
            if let found { return found }
            let range = paragraph(around: from)
            from = range.location + range.length
        }
        return text.length
    }

    /// The start of the word at or before `offset`, past spaces and punctuation (0 when there is none).
    func wordStart(before offset: Int) -> Int {
        var from = offset
        while from > 0 {
            let found: Int? = withParagraph(.word, around: from - 1) { iterator, start, _ in
                var boundary = iterator.preceding(from - start)
                var end = from - start
                while boundary >= 0 {
                    // The segment [boundary, end) is a word when the iterator says the boundary at its end ends one.
                    _ = iterator.following(boundary)
                    if iterator.endsWordLikeSegment { return start + boundary }
                    end = boundary
                    boundary = iterator.preceding(end)
                }
                return nil
            }
            if let found { return found }
            from = paragraph(around: from - 1).location
        }
        return 0
    }

    /// The word (or run of spaces or punctuation) around `offset`.
    func word(around offset: Int) -> NSRange {
        guard text.length > 0 else { return NSRange(location: 0, length: 0) }
        let at = min(offset, text.length - 1)
        return withParagraph(.word, around: at) { iterator, start, _ in
            let end = iterator.following(at - start)
            let begin = iterator.preceding(end < 0 ? at - start + 1 : end)
            let lower = start + max(0, begin), upper = end < 0 ? at + 1 : start + end
            return NSRange(location: lower, length: upper - lower)
        }
    }

    /// The sentence around `offset`.
    func sentence(around offset: Int) -> NSRange {
        guard text.length > 0 else { return NSRange(location: 0, length: 0) }
        let at = min(offset, text.length - 1)
        return withParagraph(.sentence, around: at) { iterator, start, length in
            let end = iterator.following(at - start)
            let upper = end < 0 ? length : end
            let begin = iterator.preceding(upper)
            return NSRange(location: start + max(0, begin), length: upper - max(0, begin))
        }
    }
}
