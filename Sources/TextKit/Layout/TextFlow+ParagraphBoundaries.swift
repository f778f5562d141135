import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Paragraph boundaries: where the storage's paragraphs start and end, and the records the
/// store keeps for them (several for a very long paragraph, ParagraphPieces.swift).
extension TextFlow {
    /// Rebuilds every paragraph record from the storage (no glyphs, no lines).
    func rebuildParagraphs() {
        store = ParagraphStore(heightEstimate: currentHeightEstimate())
        analysisBudget.reset()
        hasPieces = false
        let length = manager.textStorage?.length ?? 0
        let lengths = manager.textStorage.map { paragraphLengths(in: 0..<length, of: $0) } ?? [0]
        store.replace(0..<0, withLengths: lengths)
        invalidateLayout(fromParagraph: 0)
    }

    /// The lengths of the records of `span`, which starts and ends at paragraph boundaries: one per
    /// paragraph, or several for a very long one (its pieces, see ParagraphPieces.swift). An empty span (empty text, or an empty last paragraph after a separator) is one empty paragraph.
    func paragraphLengths(in span: Range<Int>, of storage: NSTextStorage) -> [Int] {
        var lengths: [Int] = []
        var at = span.lowerBound
        // The separators' ends in one pass (a paragraph at a time cost a search down the rope each).
        for end in storage._paragraphEnds(in: span) + [span.upperBound] where end > at {
            appendPieceLengths(ofParagraphAt: at, length: end - at, in: storage, to: &lengths)  // ParagraphPieces.swift
            at = end
        }
        // Every offset, the end of the text included, belongs to a paragraph: empty text, or text
        // that ends with a separator, has a final empty paragraph (where the extra line fragment goes).
        if span.upperBound == storage.length && (storage.length == 0 || endsWithSeparator(storage)) {
            lengths.append(0)
        }
        return lengths
    }

    private func endsWithSeparator(_ storage: NSTextStorage) -> Bool {
        let n = storage.length
        guard n > 0 else { return false }
        return Self.isParagraphSeparator(storage._utf16Unit(at: n - 1))
    }

    static func isParagraphSeparator(_ unit: UInt16) -> Bool {
        unit == 0x0A || unit == 0x0D || unit == 0x2029
    }

    func isParagraphStart(_ offset: Int, in storage: NSTextStorage) -> Bool {
        if offset == 0 { return true }
        let before = storage._utf16Unit(at: offset - 1)
        guard Self.isParagraphSeparator(before) else { return false }
        // A CR directly followed by LF is one separator: the paragraph starts after the LF.
        return !(before == 0x0D && offset < storage.length && storage._utf16Unit(at: offset) == 0x0A)
    }

    func isParagraphEnd(_ offset: Int, in storage: NSTextStorage) -> Bool {
        offset == storage.length || isParagraphStart(offset, in: storage)
    }
}
