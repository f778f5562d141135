import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Invalidation with causes. What an edit throws away depends on what it changed:
///
/// | cause | the paragraph keeps | made again |
/// |---|---|---|
/// | characters (an insertion, a deletion) | nothing: a new record | glyphs and lines |
/// | attributes that change shaping (a font, kerning, a language, an attachment, a run boundary where shaping apart differs) | its record | glyphs and lines |
/// | the paragraph style, keeping the writing direction | its glyphs | lines |
/// | attributes that change only drawing (colours, underlines, shadows, links…), new run boundaries included where shaping apart gives the same glyphs (ParagraphGlyphs+Restyle.swift) | glyphs and lines | the pixels |
/// | geometry (a container's size or shape, settings) | its glyphs | lines, from there on |
///
/// (New run boundaries in a paragraph with right-to-left text make its lines again, keeping its
/// glyphs: a line's visual runs follow the glyph runs.)
///
/// Every path ends in `invalidateLayout(fromParagraph:)` for the first paragraph whose lines went
/// (nothing when only drawing changed) and in display invalidation of what was on screen.
extension TextFlow {
    /// A round of storage edits: `range` is in the new text, `delta` its change in length.
    func applyEdit(_ editMask: NSTextStorage.EditActions, range: NSRange, changeInLength delta: Int) {
        guard let storage = manager.textStorage else { return }
        manager.temporaryAttributesFollowEdit(editMask, range: range, changeInLength: delta, newLength: storage.length)
        if store.count == 0 || store.length + delta != storage.length {
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
        // Attributes changed in paragraphs that got new records (a highlighter recolouring the
        // paragraph typed in) need nothing more.
        let replaced = characters.map { replaceParagraphs(editedIn: $0, changeInLength: delta, of: storage) }
        if editMask.contains(.editedAttributes), characters != range,
           !(replaced.map { $0.lowerBound <= range.location && range.location + range.length <= $0.upperBound } ?? false) {
            applyAttributeChange(in: range, of: storage)
        }
    }

    /// The paragraphs holding `range` (new text; `delta` is the change in length) get new records;
    /// returns the characters they hold (in the new text).
    @discardableResult
    private func replaceParagraphs(editedIn range: NSRange, changeInLength delta: Int, of storage: NSTextStorage) -> Range<Int> {
        let oldStart = range.location
        let oldEnd = range.location + range.length - delta
        let lastOffset = max(oldStart, min(max(oldEnd, oldStart + 1) - 1, store.length))
        let located = store.paragraphRecord(containingCharacter: UTF16Offset(max(0, min(oldStart, store.length))))
        var first = located.index, last: Int
        // The affected paragraphs span [spanStart, spanEnd) in the new text; widen until both ends
        // are paragraph boundaries there (an edit can merge paragraphs or join a CR to an LF). The
        // pieces of a long paragraph are all replaced: they are cut again from its start.
        var spanStart = located.start.rawValue
        var spanEnd: Int
        if lastOffset < spanStart + located.record.length {
            // Inside one paragraph (a keystroke): its record has the span's old end.
            last = first
            spanEnd = spanStart + located.record.length + delta
        } else {
            last = store.paragraph(containingCharacter: UTF16Offset(lastOffset)).index
            spanEnd = store.start(ofParagraph: last + 1).rawValue + delta
        }
        if oldEnd >= store.length {
            last = store.count - 1
            spanEnd = store.length + delta
        }
        while first > 0 && !isParagraphStart(spanStart, in: storage) {
            first -= 1
            spanStart -= store.record(first).length
        }
        while last < store.count - 1 && !isParagraphEnd(spanEnd, in: storage) {
            last += 1
            spanEnd += store.record(last).length
        }
        // A span reaching the end of the text takes the final empty paragraph with it: the new
        // lengths bring their own when the text still ends with a separator.
        if spanEnd == storage.length { last = store.count - 1 }
        // (The records are read a tree leaf at a time, not with a walk down the tree each.)
        var records = store.records(from: first).prefix(last - first + 1)
        if records.count < last - first + 1 { records = ArraySlice((first...last).map(store.record)) }
        // An edit inside one paragraph that stays one (the text's final empty paragraph may come
        // along, unchanged): its old analysis and lines spare ICU, the word caches and the line
        // loop most of the work (PriorGlyphs.swift, PriorLines.swift). Not glyphs the app set.
        let editStart = range.location - spanStart
        let oldLengths = records.count <= 2 ? records.map(\.length) : []
        let isInsideFirst = !oldLengths.isEmpty && editStart >= 0 && editStart + range.length - delta <= oldLengths[0]
            && (records.count == 1 || oldLengths[1] == 0)
        let prior = isInsideFirst ? records.first!.analysis.map {
            if records.first!.keepsAnalysis { $0.isAsShaped = false }
            return PriorAnalysis(analysis: $0, editStart: editStart, oldLength: range.length - delta, newLength: range.length)
        } : nil
        let priorLines = prior.flatMap { prior in
            records.first!.layout.flatMap { PriorLayout(layout: $0, analysis: prior.analysis, flow: self) }
        }
        for (p, record) in zip(first...last, records) {
            markDisplay(ofParagraph: p, record: record)  // the old lines
            record.analysis = nil  // freed now, not when the analysis budget forgets the record
        }
        let lengths = paragraphLengths(in: spanStart..<spanEnd, of: storage)
        store.replace(first..<(last + 1), withLengths: lengths)
        if isInsideFirst, lengths.count == oldLengths.count, lengths[0] == oldLengths[0] + delta, lengths.dropFirst().allSatisfy({ $0 == 0 }) {
            // The same records, emptied: the first is the edited paragraph.
            records.first!.prior = prior
            records.first!.priorLines = priorLines
        }
        #if DEBUG
        if store.count <= 10_000 { store.checkInvariants(length: storage.length) }  // O(n): small documents only
        #endif
        invalidateLayout(fromParagraph: first)
        return spanStart..<spanEnd
    }

    /// Attributes changed in `range`, characters did not: each paragraph there keeps what the
    /// change leaves valid (see the table above).
    private func applyAttributeChange(in range: NSRange, of storage: NSTextStorage) {
        let (first, firstStart) = store.paragraph(containingCharacter: UTF16Offset(min(max(0, range.location), store.length)))
        let end = range.location + range.length
        var firstInvalid: Int?
        var p = first, start = firstStart
        repeat {
            let record = store.record(p)
            let effect = attributeChangeEffect(on: record, paragraphAt: start, of: storage)
            markDisplay(ofParagraph: p)
            if effect != .display {
                if effect == .glyphs { record.analysis = nil }
                record.layout = nil
                store.refresh(at: p)
                firstInvalid = firstInvalid ?? p
            }
            start += UTF16Offset(record.length)
            p += 1
        } while p < store.count && start < UTF16Offset(end)
        #if DEBUG
        if store.count <= 10_000 { store.checkInvariants(length: storage.length) }  // O(n): small documents only
        #endif
        guard let firstInvalid else { return }
        invalidateLayout(fromParagraph: firstInvalid)
    }

    /// What new attributes do to one paragraph's glyphs and lines; when they keep the glyphs,
    /// the paragraph gets an analysis with the new styles (and the same glyphs).
    private func attributeChangeEffect(on record: ParagraphRecord, paragraphAt start: UTF16Offset,
                                       of storage: NSTextStorage) -> ParagraphAnalyzer.AttributeChangeEffect {
        guard let analysis = record.analysis else {
            // Never made: nothing to keep. Made and evicted: its glyphs cannot be checked.
            return record.isAnalysisEvicted ? .glyphs : .display
        }
        // A delegate's glyph generation, and glyphs set by hand, may depend on any attribute.
        guard manager.delegate == nil, !record.keepsAnalysis, record.length > 0 else { return record.length > 0 ? .glyphs : .display }
        let runs = attributeRuns(paragraphAt: start, length: record.length)
        let (effect, restyled) = analyzer.restyle(analysis, runs: runs, paragraphStyle: paragraphStyle(ofPieceAt: start, runs: runs),
                                                  unit: { storage._utf16Unit(at: start.rawValue + $0) })
        guard let restyled else { return effect }
        record.analysis = restyled
        // The same glyphs: the budget's entry still counts them, unless their runs were cut anew
        // (a new object): then the restyled analysis is counted as one just made.
        if restyled.glyphs !== analysis.glyphs { analysisBudget.add(restyled, of: record) }
        return effect
    }


    // MARK: Invalidation by hand, by settings and by geometry

    /// Drops the layout (and with `glyphsToo` the glyphs) of every paragraph touching `range`,
    /// invalidates the flow from the first of them and tells the delegate. Returns the whole
    /// paragraphs' character range.
    func discardParagraphs(covering range: NSRange, glyphsToo: Bool) -> NSRange {
        let (first, firstStart) = store.paragraph(containingCharacter: UTF16Offset(range.location))
        let last = store.paragraph(containingCharacter: UTF16Offset(max(range.location, range.location + range.length - (range.length > 0 ? 1 : 0)))).index
        var end = firstStart
        for p in first...last {
            let record = store.record(p)
            end += UTF16Offset(record.length)
            markDisplay(ofParagraph: p)
            // What an edit left to reuse is not (the app says glyphs or lines are stale).
            record.prior = nil
            record.priorLines = nil
            guard glyphsToo || record.hasLayout else { continue }
            if glyphsToo { record.analysis = nil }
            record.layout = nil
            store.refresh(at: p)
        }
        invalidateLayout(fromParagraph: first)
        return NSRange(firstStart, length: (end - firstStart).rawValue)
    }

    func invalidateAllLayout() {
        guard store.count > 0 else { return }
        store.forEach { _, record in
            record.layout = nil
            record.priorLines = nil
            return true
        }
        let count = store.count
        for p in 0..<count { store.refresh(at: p) }
        invalidateLayout(fromParagraph: 0)
    }


    /// Layout from container `index` on must be redone.
    func invalidateLayoutFromContainer(_ index: Int) {
        containerTops = []
        stackedAnswer = nil
        markAllDisplay(fromContainer: index)
        guard store.count > 0 else { return }
        // Find the first paragraph with a line in (or past) that container, or that overflowed.
        var first: Int?
        store.forEach { p, record in
            guard let layout = record.layout else { return true }
            if layout.overflowed || layout.end.container >= index || layout.fragments.contains(where: { $0.container >= index }) {
                first = p
                return false
            }
            return true
        }
        if let first {
            var laidOut: [Int] = []
            store.forEach(from: first) { p, record in
                if record.hasLayout {
                    record.layout = nil
                    laidOut.append(p)
                }
                return true
            }
            for p in laidOut { store.refresh(at: p) }
        }
        invalidateLayout(fromParagraph: first ?? store.count)
        updateHeightEstimate()  // a new width, or a flow no longer stacked
    }

    /// Layout from `paragraph` on must be made again: the flow is checked again from there, and
    /// the delegate hears `layoutManagerDidInvalidateLayout(_:)` (from here only).
    func invalidateLayout(fromParagraph paragraph: Int) {
        invalidateFlow(fromParagraph: paragraph)
        manager.delegate?.layoutManagerDidInvalidateLayout(manager)
    }

    /// The flow before `paragraph` is unchanged; from there on it must be checked again (without
    /// telling the delegate: glyphs that generation itself changed).
    func invalidateFlow(fromParagraph paragraph: Int) {
        validatedParagraphs = min(validatedParagraphs, paragraph)
        extraLineFragment = nil
        hasReportedCompletion = false
    }
}
