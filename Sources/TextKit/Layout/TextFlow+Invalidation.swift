import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Invalidation with causes: what an edit, a setting or the app throws away depends on what it
/// changed, named by an ``InvalidationCause`` (characters, shaping attributes, the paragraph
/// style, drawing-only attributes, geometry, or the app's own invalidation), whose table says what
/// a paragraph keeps. Each path discards by its cause (``discard(_:at:for:)``) and ends in
/// `invalidateLayout(fromParagraph:)` for the first paragraph whose lines went (nothing when only
/// drawing changed) and in display invalidation of what was on screen.
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

    /// The paragraphs holding `range` (new text; `delta` is the change in length) get new records
    /// (`.characters`); returns the characters they hold (in the new text).
    @discardableResult
    private func replaceParagraphs(editedIn range: NSRange, changeInLength delta: Int, of storage: NSTextStorage) -> Range<Int> {
        // A keystroke in a long paragraph cuts the pieces around it again (ParagraphPieces.swift);
        // any other edit replaces the paragraphs it touches.
        let (replaced, span, lengths) = piecesAroundEdit(in: range, changeInLength: delta, of: storage)
            ?? paragraphsAroundEdit(in: range, changeInLength: delta, of: storage)
        let first = replaced.lowerBound, last = replaced.upperBound
        let spanStart = span.lowerBound
        // (The records are read a tree leaf at a time, not with a walk down the tree each: deleting
        // a 100 MB log's 534,381 paragraphs walked down the tree for each.)
        var records = store.records(from: first).prefix(last - first + 1)
        if records.count < last - first + 1 {
            var all: [ParagraphRecord] = []
            all.reserveCapacity(last - first + 1)
            store.forEach(from: first) { index, record in
                guard index <= last else { return false }
                all.append(record)
                return true
            }
            records = all[...]
        }
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
        return span
    }

    /// The records of the paragraphs an edit touched (`range` in the new text, `delta` its change
    /// in length), the span of new text they hold and its records' lengths: widened until both
    /// ends are paragraph boundaries there (an edit can merge paragraphs or join a CR to an LF).
    /// The pieces of a long paragraph are all replaced: they are cut again from its start.
    private func paragraphsAroundEdit(in range: NSRange, changeInLength delta: Int, of storage: NSTextStorage)
        -> (records: ClosedRange<Int>, span: Range<Int>, lengths: [Int]) {
        let oldStart = range.location
        let oldEnd = range.location + range.length - delta
        let lastOffset = max(oldStart, min(max(oldEnd, oldStart + 1) - 1, store.length))
        let located = store.paragraphRecord(containingCharacter: UTF16Offset(max(0, min(oldStart, store.length))))
        var first = located.index, last: Int
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
        return (first...last, spanStart..<spanEnd, paragraphLengths(in: spanStart..<spanEnd, of: storage))
    }

    /// Attributes changed in `range`, characters did not: each paragraph there keeps what the
    /// change's cause for it leaves valid (``InvalidationCause``).
    private func applyAttributeChange(in range: NSRange, of storage: NSTextStorage) {
        let (first, firstStart) = store.paragraph(containingCharacter: UTF16Offset(min(max(0, range.location), store.length)))
        let end = range.location + range.length
        var firstInvalid: Int?
        var p = first, start = firstStart
        repeat {
            let record = store.record(p)
            let cause = attributeChangeCause(on: record, paragraphAt: start, of: storage)
            markDisplay(ofParagraph: p)
            if !cause.keepsLines {
                discard(record, at: p, for: cause)
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

    /// What new attributes changed for one paragraph (`.drawing`, `.paragraphStyle` or
    /// `.shaping`); when that keeps the glyphs, the paragraph gets an analysis with the new
    /// styles (and the same glyphs).
    private func attributeChangeCause(on record: ParagraphRecord, paragraphAt start: UTF16Offset,
                                      of storage: NSTextStorage) -> InvalidationCause {
        guard let analysis = record.analysis else {
            // Never made: nothing to keep. Made and evicted: its glyphs cannot be checked.
            return record.isAnalysisEvicted ? .shaping : .drawing
        }
        // A delegate's glyph generation, and glyphs set by hand, may depend on any attribute.
        guard manager.layoutHooks == nil, !record.keepsAnalysis, record.length > 0 else { return record.length > 0 ? .shaping : .drawing }
        let runs = attributeRuns(paragraphAt: start, length: record.length)
        let (cause, restyled) = analyzer.restyle(analysis, runs: runs, paragraphStyle: paragraphStyle(ofPieceAt: start, runs: runs),
                                                 unit: { storage._utf16Unit(at: start.rawValue + $0) })
        guard let restyled else { return cause }
        record.analysis = restyled
        // The same glyphs: the budget's entry still counts them, unless their runs were cut anew
        // (a new object): then the restyled analysis is counted as one just made.
        if restyled.glyphs !== analysis.glyphs { analysisBudget.add(restyled, of: record) }
        return cause
    }

    /// Throws away what `cause` leaves invalid of paragraph `p` (its record `record`): its
    /// glyphs unless the cause keeps them, its lines unless it keeps them.
    func discard(_ record: ParagraphRecord, at p: Int, for cause: InvalidationCause) {
        if !cause.keepsGlyphs { record.analysis = nil }
        if !cause.keepsLines { record.layout = nil }
        store.refresh(at: p)
    }


    // MARK: Invalidation by hand, by settings and by geometry

    /// Drops what `cause` (the app's `.glyphsInvalidated` or `.layoutInvalidated`) leaves invalid
    /// of every paragraph touching `range`, invalidates the flow from the first of them and tells
    /// the delegate. Returns the whole paragraphs' character range.
    func discardParagraphs(covering range: NSRange, for cause: InvalidationCause) -> NSRange {
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
            guard !cause.keepsGlyphs || record.hasLayout else { continue }
            discard(record, at: p, for: cause)
        }
        invalidateLayout(fromParagraph: first)
        return NSRange(firstStart, length: (end - firstStart).rawValue)
    }

    /// A layout setting changed (`.geometry` everywhere): every paragraph keeps its glyphs and
    /// loses its lines. (Lines are dropped in one walk and the tree refreshed after it, rather
    /// than through ``discard(_:at:for:)`` one paragraph at a time inside the walk.)
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


    /// Layout from container `index` on must be redone (`.geometry`: the paragraphs there keep
    /// their glyphs and lose their lines).
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
        manager.layoutHooks?.didInvalidateLayout()
    }

    /// The flow before `paragraph` is unchanged; from there on it must be checked again (without
    /// telling the delegate: glyphs that generation itself changed).
    func invalidateFlow(fromParagraph paragraph: Int) {
        validatedParagraphs = min(validatedParagraphs, paragraph)
        extraLineFragment = nil
        hasReportedCompletion = false
    }
}
