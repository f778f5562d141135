import TextKitModel
import TextKitTypesetting

/// Very long paragraphs are laid out in pieces, so that memory stays bounded on pathological
/// text (a 16 MiB line of minified data, a million combining marks on one letter), and so that a
/// keystroke in one lays out one piece again, not the paragraph.
///
/// A paragraph longer than ``maximumPieceLength`` UTF-16 units is kept as several records of the
/// paragraph store, each at most that long. Each piece has its own glyphs, which the layout
/// manager may drop and make again, so no query ever needs the glyphs of the whole paragraph at
/// once. What a reader of the layout sees: a line always ends where a piece ends, as after a line
/// separator (U+2028), once every 8,192 to 65,536 characters; the first-line head indent and the
/// spacing before the paragraph apply to the first piece only, the spacing after it to the last;
/// a paragraph of natural direction takes its direction from the first strong character in its
/// first piece.
///
/// Where a piece ends is decided by the text around the cut, not by where the paragraph starts
/// (content-defined cuts, as deduplicating backups cut files into chunks): a position is an
/// *anchor* when a rolling hash of the 64 units before it has its top 12 bits clear (one
/// position in 4,096 on average), and a piece ends at the last line-break opportunity within
/// 1,024 units before the first anchor that leaves it at least ``minimumPieceLength`` long. An
/// edit in a piece therefore moves the cuts around it only: the cuts after it fall on the same
/// anchors as before, so ``piecesAroundEdit(in:changeInLength:of:)`` cuts a piece or two
/// again and the rest of the paragraph keeps its records, glyphs and lines. Where no anchor comes
/// within the maximum (text that repeats itself with a short period; almost never in other text),
/// the piece ends at the last line-break opportunity before the maximum: those cuts follow the
/// paragraph's start, as all cuts did before. Pieces of about 12,000 units on average keep what
/// scrolling into one lays out to a few screens.
extension TextFlow {
    /// Paragraphs longer than this many UTF-16 units are laid out in pieces of at most this length.
    static let maximumPieceLength = 1 << 16

    /// The shortest a piece cut at an anchor may be (the last piece of a paragraph may be shorter).
    static let minimumPieceLength = 1 << 13

    /// How far back from an anchor a piece looks for a line-break opportunity to end at.
    private static let anchorBreakWindow = 1024

    /// How far back from the maximum a piece without an anchor looks for a line-break opportunity.
    private static let forcedBreakWindow = 4096

    /// How far past a cut the text that decided it reaches (the anchor or the maximum, at most a
    /// break window after the cut, and the unit after it that line breaking looks at): an edit
    /// closer than this after a cut may move it.
    static let pieceCutReach = forcedBreakWindow + 2

    /// The units the rolling hash of an anchor covers: a 64-bit word shifted once a unit forgets
    /// a unit after 64.
    private static let anchorContext = 64

    /// A position is an anchor when the hash's top this many bits are clear.
    private static let anchorBits = 12

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

    /// Where a piece starting at `start` (with more than the maximum after it) ends: at the first
    /// anchor that leaves it long enough, else near the maximum.
    func pieceEnd(from start: Int, in storage: NSTextStorage) -> Int {
        let first = start + Self.minimumPieceLength, last = start + Self.maximumPieceLength
        var hash: UInt64 = 0
        var p = first - Self.anchorContext
        // Read a block at a time: most pieces end within a few thousand units of the minimum.
        while p < last {
            let block = storage._utf16(in: NSRange(location: p, length: min(8192, last - p)))
            for unit in block {
                hash = (hash << 1) &+ Self.anchorGear[Int(truncatingIfNeeded: unit ^ (unit >> 8)) & 0xFF]
                p += 1
                // `hash` now covers the units before p.
                guard p >= first, hash >> (64 - Self.anchorBits) == 0 else { continue }
                // Most text breaks within a few words: a short window first (line breaking is
                // most of a cut's cost), the whole window when it has no break.
                let cut = breakBefore(anchor: p, window: 128, in: storage, orElseAnyBoundary: false)
                    ?? breakBefore(anchor: p, window: Self.anchorBreakWindow, in: storage)
                if cut >= first { return cut }
            }
        }
        return breakBefore(anchor: last, window: Self.forcedBreakWindow, in: storage)
    }

    /// The last line-break opportunity within `window` units before `anchor` (the anchor itself
    /// included), else the last grapheme-cluster boundary there, else the anchor (one unit back
    /// if it would split a surrogate pair). Reads the text up to one unit past the anchor only.
    private func breakBefore(anchor: Int, window: Int, in storage: NSTextStorage) -> Int {
        breakBefore(anchor: anchor, window: window, in: storage, orElseAnyBoundary: true)!
    }

    /// ``breakBefore(anchor:window:in:)``, or with `orElseAnyBoundary` false the line-break
    /// opportunity only (nil without one).
    private func breakBefore(anchor: Int, window: Int, in storage: NSTextStorage, orElseAnyBoundary: Bool) -> Int? {
        let windowStart = anchor - window
        // One unit past the anchor, so that the anchor itself can be a boundary.
        let text = storage._utf16(in: NSRange(location: windowStart, length: window + 1))
        let local = text.withUnsafeBufferPointer { buffer -> Int? in
            for kind in orElseAnyBoundary ? [BreakIterator.Kind.line, .character] : [.line] {
                let found = BreakIterator.withIterator(kind, text: buffer) { iterator -> Int? in
                    let b = iterator.preceding(window + 1)
                    return b != BreakIterator.done && b > 0 ? b : nil
                }
                if let found { return found }
            }
            return nil
        }
        if let local { return windowStart + local }
        guard orElseAnyBoundary else { return nil }
        // Inside one enormous grapheme cluster: anywhere but between the halves of a surrogate pair.
        return UTF16.isTrailSurrogate(text[window]) ? anchor - 1 : anchor
    }

    /// The rolling hash's random value for each byte (SplitMix64 from a fixed seed: the same cuts
    /// on every machine and in every run).
    private static let anchorGear: [UInt64] = {
        var state: UInt64 = 0x4F54_4B5F_5049_4543  // "OTK_PIEC"
        return (0..<256).map { _ in
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }()

    /// The records an edit inside one piece of a long paragraph replaces (at its start too), when
    /// it does not reach the piece's end (but at the end of the text) and neither adds nor removes
    /// a paragraph separator: the pieces from the cut before it (one further back when the edit is
    /// within ``pieceCutReach`` of that cut) to the first new cut after it that falls where an old
    /// one was. Nil for every other edit (the paragraphs it touches are all replaced, cut again
    /// from their starts).
    ///
    /// `range` is in the new text, `delta` the change in length. Returns the records replaced,
    /// the span of new text they hold, and its pieces' lengths.
    func piecesAroundEdit(in range: NSRange, changeInLength delta: Int, of storage: NSTextStorage)
        -> (records: ClosedRange<Int>, span: Range<Int>, lengths: [Int])? {
        let oldStart = range.location, oldEnd = range.location + range.length - delta
        guard hasPieces, oldStart <= store.length else { return nil }
        let located = store.paragraphRecord(containingCharacter: UTF16Offset(oldStart))
        let recordStart = located.start.rawValue, recordEnd = recordStart + located.record.length
        // Inside the record, before its end (no paragraph end was edited, and the record's
        // separator, if it has one, is still there: a CR LF may have lost its CR), or at the end
        // of the text's last record (text appended to a long line as a file loads). Not after a
        // CR, which an LF left after the edit would join.
        let endsText = located.index == store.count - 1 && oldEnd == recordEnd
        guard recordStart <= oldStart, oldEnd < recordEnd || endsText,
              oldStart == 0 || storage._utf16Unit(at: oldStart - 1) != 0x0D else { return nil }
        // No separator typed: the paragraph the new text starts in goes on past it, or ends the
        // text without one (read from the storage's paragraph index, not the text: an undo may
        // put 50 MB back).
        let paragraph = storage.paragraphRange(for: NSRange(location: range.location, length: 0))
        let paragraphEnd = paragraph.location + paragraph.length
        guard paragraph.length > Self.maximumPieceLength,
              paragraphEnd > range.location + range.length
                || paragraphEnd == storage.length && !Self.isParagraphSeparator(storage._utf16Unit(at: paragraphEnd - 1))
        else { return nil }
        // Start at a cut the edit cannot have moved (an edit right at a cut may move it).
        var first = located.index, spanStart = recordStart
        while oldStart - spanStart < Self.pieceCutReach, spanStart > paragraph.location {
            first -= 1
            spanStart -= store.record(first).length
        }
        // Cut again until a new cut falls on an old record's end after the edit (the cuts from
        // there on depend on the text after it only, which the edit left alone), or to the
        // paragraph's end. Old ends are before the edit or after it (none is inside it).
        func new(_ oldOffset: Int) -> Int { oldOffset > oldEnd || endsText && oldOffset == oldEnd ? oldOffset + delta : oldOffset }
        var lengths: [Int] = []
        var at = spanStart
        var last = first, lastEnd = spanStart + store.record(first).length  // old offsets
        while true {
            if paragraphEnd - at <= Self.maximumPieceLength {
                lengths.append(paragraphEnd - at)
                while new(lastEnd) < paragraphEnd, last < store.count - 1 {
                    last += 1
                    lastEnd += store.record(last).length
                }
                break
            }
            let cut = pieceEnd(from: at, in: storage)
            lengths.append(cut - at)
            at = cut
            while new(lastEnd) < cut, last < store.count - 1 {
                last += 1
                lastEnd += store.record(last).length
            }
            if lastEnd > oldEnd && new(lastEnd) == cut { break }
        }
        // Records before the edit whose cut came out the same stay as they are (with their lines).
        while first < located.index, lengths.count > 1, lengths[0] == store.record(first).length {
            spanStart += lengths.removeFirst()
            first += 1
        }
        return (first...last, spanStart..<(spanStart + lengths.reduce(0, +)), lengths)
    }

    /// The range of the record (a paragraph, or a piece of a long one) holding character
    /// `offset`; nil while the records are out of step with the storage. O(log n).
    func pieceRange(holding offset: Int) -> NSRange? {
        guard store.count > 0, store.length == manager.textStorage?.length else { return nil }
        let found = store.paragraphRecord(containingCharacter: UTF16Offset(offset))
        return NSRange(location: found.start.rawValue, length: found.record.length)
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
        // The paragraph's first piece: found from the storage's paragraph index (O(log n)), not by
        // walking back through the pieces (a thousand in the middle of a 50 MB line).
        let start = storage.paragraphRange(for: NSRange(location: characterStart.rawValue, length: 0)).location
        let first = store.paragraphRecord(containingCharacter: UTF16Offset(start))
        if first.start.rawValue == start, let level = first.record.analysis?.baseLevel { return level == 1 ? .rightToLeft : .leftToRight }
        let text = storage._utf16(in: NSRange(location: start, length: min(first.record.length, storage.length - start)))
        let level = text.withUnsafeBufferPointer { BidiParagraph.firstStrongLevel($0) }
        return level == 1 ? .rightToLeft : .leftToRight
    }
}
