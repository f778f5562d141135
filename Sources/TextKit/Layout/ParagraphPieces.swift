import TextKitModel
import TextKitTypesetting

/// Very long paragraphs are laid out in pieces, so that memory stays bounded on pathological
/// text (a 16 MiB line of minified data, a million combining marks on one letter).
///
/// A paragraph longer than ``maximumPieceLength`` UTF-16 units is kept as several records of the
/// paragraph store, each at most that long, cut at a line-break opportunity near the limit (else
/// at a grapheme-cluster boundary, else anywhere but inside a surrogate pair). Each piece has its
/// own glyphs, which the layout manager may drop and make again, so no query ever needs the glyphs
/// of the whole paragraph at once. What a reader of the layout sees: a line always ends where a
/// piece ends, as after a line separator (U+2028), once every 65,536 characters at most; the
/// first-line head indent and the spacing before the paragraph apply to the first piece only,
/// the spacing after it to the last; a paragraph of natural direction takes its direction from
/// the first strong character in its first piece.
extension TextFlow {
    /// Paragraphs longer than this many UTF-16 units are laid out in pieces.
    static let maximumPieceLength = 1 << 16

    /// How far back from the limit a piece looks for a line-break opportunity to end at.
    private static let pieceBreakWindow = 4096

    /// Appends the lengths of the pieces of the paragraph `[start, start + length)` to `lengths`
    /// (one length for a paragraph that is not too long: no array per paragraph).
    func appendPieceLengths(ofParagraphAt start: Int, length: Int, in storage: NSTextStorage, to lengths: inout [Int]) {
        var at = start
        let end = start + length
        while end - at > Self.maximumPieceLength {
            hasPieces = true
            let cut = pieceEnd(from: at, in: storage)
            lengths.append(cut - at)
            at = cut
        }
        lengths.append(end - at)
    }

    /// Where a piece starting at `start` (with more than the maximum after it) ends.
    private func pieceEnd(from start: Int, in storage: NSTextStorage) -> Int {
        let limit = start + Self.maximumPieceLength
        let windowStart = limit - Self.pieceBreakWindow
        // One unit past the limit, so that the limit itself can be a boundary.
        let text = storage._utf16(in: NSRange(location: windowStart, length: Self.pieceBreakWindow + 1))
        let local = text.withUnsafeBufferPointer { buffer -> Int? in
            for kind in [BreakIterator.Kind.line, .character] {
                let found = BreakIterator.withIterator(kind, text: buffer) { iterator -> Int? in
                    let b = iterator.preceding(Self.pieceBreakWindow + 1)
                    return b != BreakIterator.done && b > 0 ? b : nil
                }
                if let found { return found }
            }
            return nil
        }
        if let local { return windowStart + local }
        // Inside one enormous grapheme cluster: anywhere but between the halves of a surrogate pair.
        let unit = storage._utf16Unit(at: limit)
        return UTF16.isTrailSurrogate(unit) ? limit - 1 : limit
    }

    /// Whether the record starting at `characterStart` starts its paragraph (rather than
    /// continuing a long paragraph's previous piece).
    func startsParagraph(at characterStart: UTF16Offset) -> Bool {
        guard hasPieces, let storage = manager.textStorage else { return true }
        return isParagraphStart(characterStart.rawValue, in: storage)
    }

    /// Whether the record ending at `characterEnd` ends its paragraph.
    func endsParagraph(at characterEnd: UTF16Offset) -> Bool {
        guard hasPieces, let storage = manager.textStorage else { return true }
        return isParagraphEnd(characterEnd.rawValue, in: storage)
    }

    /// The direction a piece that continues a paragraph of natural direction takes: that of the
    /// first strong character of the paragraph's first piece (left to right when it has none).
    func continuedDirection(ofPieceAt characterStart: UTF16Offset) -> NSWritingDirection {
        guard let storage = manager.textStorage, store.count > 0 else { return .leftToRight }
        // Walk back through the pieces to the paragraph's first.
        let found = store.paragraph(containingCharacter: characterStart)
        var p = found.index, start = found.start.rawValue
        while p > 0, !isParagraphStart(start, in: storage) {
            p -= 1
            start -= store.record(p).length
        }
        if let level = store.record(p).analysis?.baseLevel { return level == 1 ? .rightToLeft : .leftToRight }
        let text = storage._utf16(in: NSRange(location: start, length: store.record(p).length))
        let level = text.withUnsafeBufferPointer { BidiParagraph.firstStrongLevel($0) }
        return level == 1 ? .rightToLeft : .leftToRight
    }
}
