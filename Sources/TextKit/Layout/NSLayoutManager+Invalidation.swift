import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Invalidation with causes. What an edit throws away depends on what it changed:
///
/// | cause | the paragraph keeps | made again |
/// |---|---|---|
/// | characters (an insertion, a deletion) | nothing: a new record | glyphs and lines |
/// | attributes that change shaping (a font, kerning, a language, an attachment, a new run boundary) | its record | glyphs and lines |
/// | the paragraph style, keeping the writing direction | its glyphs | lines |
/// | attributes that change only drawing (colours, underlines, shadows, links…) | glyphs and lines | the pixels |
/// | geometry (a container's size or shape, settings) | its glyphs | lines, from there on |
///
/// Every path ends in `invalidateFlow(fromParagraph:)` for the first paragraph whose lines went
/// (nothing when only drawing changed) and in display invalidation of what was on screen.
extension NSLayoutManager {
    /// A round of storage edits: `range` is in the new text, `delta` its change in length.
    func applyEdit(_ editMask: NSTextStorage.EditActions, range: NSRange, changeInLength delta: Int) {
        guard let storage = textStorage else { return }
        temporaryAttributesFollowEdit(editMask, range: range, changeInLength: delta, newLength: storage.length)
        if flow.store.count == 0 || flow.store.length + delta != storage.length {
            // Out of step (a storage that skipped a notification): start again.
            rebuildParagraphs()
            return
        }
        // The storage knows which part of the round changed characters; a caller other than the
        // storage gets the whole range treated as changed characters.
        var characters: NSRange?
        if editMask.contains(.editedCharacters) || delta != 0 {
            characters = storage.charactersEdited(inRound: range, changeInLength: delta) ?? range
        }
        if let characters { replaceParagraphs(editedIn: characters, changeInLength: delta, of: storage) }
        if editMask.contains(.editedAttributes), characters != range { applyAttributeChange(in: range, of: storage) }
    }

    /// The paragraphs holding `range` (new text; `delta` is the change in length) get new records.
    private func replaceParagraphs(editedIn range: NSRange, changeInLength delta: Int, of storage: NSTextStorage) {
        let oldStart = range.location
        let oldEnd = range.location + range.length - delta
        var first = flow.store.paragraph(containingCharacter: max(0, min(oldStart, flow.store.length))).index
        var last = flow.store.paragraph(containingCharacter: max(oldStart, min(max(oldEnd, oldStart + 1) - 1, flow.store.length))).index
        if oldEnd >= flow.store.length { last = flow.store.count - 1 }
        // The affected paragraphs span [spanStart, spanEnd) in the new text; widen until both ends
        // are paragraph boundaries there (an edit can merge paragraphs or join a CR to an LF). The
        // pieces of a long paragraph are all replaced: they are cut again from its start.
        var spanStart = flow.store.prefix(first).length
        var spanEnd = flow.store.prefix(last + 1).length + delta
        while first > 0 && !isParagraphStart(spanStart, in: storage) {
            first -= 1
            spanStart -= flow.store.record(first).length
        }
        while last < flow.store.count - 1 && !isParagraphEnd(spanEnd, in: storage) {
            last += 1
            spanEnd += flow.store.record(last).length
        }
        // A span reaching the end of the text takes the final empty paragraph with it: the new
        // lengths bring their own when the text still ends with a separator.
        if spanEnd == storage.length { last = flow.store.count - 1 }
        for p in first...last {
            markDisplay(ofParagraph: p)  // the old lines
            flow.store.record(p).analysis = nil  // freed now, not when the analysis budget forgets the record
        }
        flow.store.replace(first..<(last + 1), withLengths: paragraphLengths(in: spanStart..<spanEnd, of: storage))
        #if DEBUG
        if flow.store.count <= 10_000 { flow.store.checkInvariants(length: storage.length) }  // O(n): small documents only
        #endif
        invalidateFlow(fromParagraph: first)
        delegate?.layoutManagerDidInvalidateLayout(self)
    }

    /// Attributes changed in `range`, characters did not: each paragraph there keeps what the
    /// change leaves valid (see the table above).
    private func applyAttributeChange(in range: NSRange, of storage: NSTextStorage) {
        let (first, firstStart) = flow.store.paragraph(containingCharacter: min(max(0, range.location), flow.store.length))
        let end = range.location + range.length
        var firstInvalid: Int?
        var p = first, start = firstStart
        repeat {
            let record = flow.store.record(p)
            let effect = attributeChangeEffect(on: record, paragraphAt: start)
            markDisplay(ofParagraph: p)
            if effect != .display {
                if effect == .glyphs { record.analysis = nil }
                record.layout = nil
                flow.store.refresh(at: p)
                firstInvalid = firstInvalid ?? p
            }
            start += record.length
            p += 1
        } while p < flow.store.count && start < end
        guard let firstInvalid else { return }
        invalidateFlow(fromParagraph: firstInvalid)
        delegate?.layoutManagerDidInvalidateLayout(self)
    }

    /// What new attributes do to one paragraph's glyphs and lines; when they keep the glyphs,
    /// the paragraph gets an analysis with the new styles (and the same glyphs).
    private func attributeChangeEffect(on record: ParagraphRecord, paragraphAt start: Int) -> ParagraphAnalyzer.AttributeChangeEffect {
        guard let analysis = record.analysis else {
            // Never made: nothing to keep. Made and evicted: its glyphs cannot be checked.
            return record.isAnalysisEvicted ? .glyphs : .display
        }
        // A delegate's glyph generation, and glyphs set by hand, may depend on any attribute.
        guard delegate == nil, !record.keepsAnalysis, record.length > 0 else { return record.length > 0 ? .glyphs : .display }
        let runs = attributeRuns(paragraphAt: start, length: record.length)
        let (effect, restyled) = flow.analyzer.restyle(analysis, runs: runs, paragraphStyle: paragraphStyle(ofPieceAt: start, runs: runs))
        if let restyled { record.analysis = restyled }  // same glyphs: the budget's entry still counts them
        return effect
    }

    // MARK: Paragraph boundaries

    /// Rebuilds every paragraph record from the storage (no glyphs, no lines).
    func rebuildParagraphs() {
        flow.store = ParagraphStore()
        flow.analysisBudget.reset()
        let length = textStorage?.length ?? 0
        let lengths = textStorage.map { paragraphLengths(in: 0..<length, of: $0) } ?? [0]
        flow.store.replace(0..<0, withLengths: lengths)
        invalidateFlow(fromParagraph: 0)
        delegate?.layoutManagerDidInvalidateLayout(self)
    }

    /// The lengths of the records of `span`, which starts and ends at paragraph boundaries: one per
    /// paragraph, or several for a very long one (its pieces, see ParagraphPieces.swift). An empty span (empty text, or an empty last paragraph after a separator) is one empty paragraph.
    func paragraphLengths(in span: Range<Int>, of storage: NSTextStorage) -> [Int] {
        var lengths: [Int] = []
        var at = span.lowerBound
        while at < span.upperBound {
            let range = storage._paragraph(containing: at).range
            let end = min(range.location + range.length, span.upperBound)
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

    // MARK: Invalidation by hand, by settings and by geometry

    /// Drops the layout (and with `glyphsToo` the glyphs) of every paragraph touching `range`,
    /// invalidates the flow from the first of them and tells the delegate. Returns the whole
    /// paragraphs' character range.
    func discardParagraphs(covering range: NSRange, glyphsToo: Bool) -> NSRange {
        let (first, firstStart) = flow.store.paragraph(containingCharacter: range.location)
        let last = flow.store.paragraph(containingCharacter: max(range.location, range.location + range.length - (range.length > 0 ? 1 : 0))).index
        var end = firstStart
        for p in first...last {
            let record = flow.store.record(p)
            end += record.length
            markDisplay(ofParagraph: p)
            guard glyphsToo || record.layout != nil else { continue }
            if glyphsToo { record.analysis = nil }
            record.layout = nil
            flow.store.refresh(at: p)
        }
        invalidateFlow(fromParagraph: first)
        delegate?.layoutManagerDidInvalidateLayout(self)
        return NSRange(location: firstStart, length: end - firstStart)
    }

    func invalidateAllLayout() {
        guard flow.store.count > 0 else { return }
        flow.store.forEach { _, record in
            record.layout = nil
            return true
        }
        let count = flow.store.count
        for p in 0..<count { flow.store.refresh(at: p) }
        invalidateFlow(fromParagraph: 0)
        delegate?.layoutManagerDidInvalidateLayout(self)
    }

    func invalidateAllDisplay() { markAllDisplay() }

    /// Layout from container `index` on must be redone.
    func invalidateLayoutFromContainer(_ index: Int) {
        flow.containerTops = []
        markAllDisplay(fromContainer: index)
        guard flow.store.count > 0 else { return }
        // Find the first paragraph with a line in (or past) that container, or that overflowed.
        var first: Int?
        flow.store.forEach { p, record in
            guard let layout = record.layout else { return true }
            if layout.overflowed || layout.end.container >= index || layout.fragments.contains(where: { $0.container >= index }) {
                first = p
                return false
            }
            return true
        }
        if let first {
            var laidOut: [Int] = []
            flow.store.forEach(from: first) { p, record in
                if record.layout != nil {
                    record.layout = nil
                    laidOut.append(p)
                }
                return true
            }
            for p in laidOut { flow.store.refresh(at: p) }
            invalidateFlow(fromParagraph: first)
        } else {
            invalidateFlow(fromParagraph: flow.store.count)
        }
        delegate?.layoutManagerDidInvalidateLayout(self)
    }

    /// The flow before `paragraph` is unchanged; from there on it must be checked again.
    func invalidateFlow(fromParagraph paragraph: Int) {
        flow.validatedParagraphs = min(flow.validatedParagraphs, paragraph)
        flow.extraLineFragment = nil
        flow.hasReportedCompletion = false
    }
}
