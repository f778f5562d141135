import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Laying out as far as a query needs: the stacked flow (a paragraph's lines never depend on
/// where it is) and the general flow (relayout from the first changed paragraph until one starts
/// where it started before), and the end of the text (the extra line fragment, the delegate's
/// `didCompleteLayoutFor`).
extension TextFlow {
    /// A container's height is capped here so that tops of later containers stay finite.
    static var unboundedHeight: CGFloat { LineArea.unbounded }

    /// The top of container `index` in the stacked flow (the sum of the heights of the containers
    /// before it).
    func containerTop(_ index: Int) -> CGFloat {
        if containerTops.isEmpty {
            // Running sums, emptied by any change of the containers or their geometry (see
            // invalidateLayoutFromContainer), so that this asks the layout manager for its
            // containers only then.
            var tops: [CGFloat] = [0]
            for container in manager.textContainers { tops.append(tops[tops.count - 1] + min(container.layoutSize.height, Self.unboundedHeight)) }
            containerTops = tops
        }
        return containerTops[min(max(0, index), containerTops.count - 1)]
    }

    /// True when a paragraph's lines never depend on where it is: one simple rectangular container
    /// of unbounded height and no line limit. Then the tree's height sums place every paragraph.
    ///
    /// Asked of the containers once after each change of them or their geometry (every query asks
    /// it, and each answer reads open properties of the container): a container subclass whose
    /// `isSimpleRectangularTextContainer` changes calls `textContainerChangedGeometry(_:)`, as
    /// Apple requires of a subclass whose shape changes.
    var isStacked: Bool {
        if let stackedAnswer { return stackedAnswer }
        let answer: Bool
        if manager.textContainers.count == 1, let container = manager.textContainers.first {
            answer = container.isSimpleRectangularTextContainer && container.maximumNumberOfLines == 0
                && container.layoutSize.height >= Self.unboundedHeight
        } else {
            answer = false
        }
        stackedAnswer = answer
        return answer
    }

    /// The top of paragraph `p` in the stacked flow (its layout must be current).
    func paragraphTop(_ p: Int, layout: ParagraphLayout) -> CGFloat {
        FixedHeight.points(isStacked ? store.top(ofParagraph: p) : layout.start.y)
    }

    // MARK: Lines

    /// Lays out every paragraph up to and including `target`.
    func ensureLayout(throughParagraph target: Int) {
        guard manager.textStorage != nil, !manager.textContainers.isEmpty, store.count > 0 else { return }
        let target = min(target, store.count - 1)
        if isStacked {
            // Jump to each stretch of paragraphs without lines and lay it out.
            while let (u, before) = store.firstUnlaidWithSums, u <= target {
                if layOutStretch(from: u, above: (UTF16Offset(before.length), before.height), through: target) {
                    return ensureLayout(throughParagraph: target)  // now as a flow that stops
                }
            }
            if target == store.count - 1 { layoutReachedEnd() }
            return
        }
        var p = validatedParagraphs
        guard p <= target else { return }
        var state = p == 0 ? FlowState.start : (store.record(p - 1).layout.map(flowState(after:)) ?? .start)
        var characterStart = store.start(ofParagraph: p)
        var pending = pendingUnits(from: p, start: characterStart, through: target)
        while p <= target {
            let record = store.record(p)
            if !record.hasLayout {
                layOut(p, characterStart: characterStart, from: state, record: record,
                       keepsGlyphs: keepsGlyphs(length: record.length, pending: &pending))
            } else if var layout = record.layout, !startsAgain(layout, at: state) {
                if layout.start != state {
                    // It only moved within its container: shift it (its lines are relative to its top).
                    let moved = state.y - layout.start.y
                    layout.start = state
                    layout.end.y += moved
                    layout.end.linesInContainer = state.linesInContainer + (layout.end.linesInContainer - layout.start.linesInContainer)
                    record.layout = layout
                }
            } else {
                layOut(p, characterStart: characterStart, from: state, record: record)
            }
            state = flowState(after: record.layout!)
            characterStart += UTF16Offset(record.length)
            p += 1
        }
        validatedParagraphs = p
        if p == store.count { layoutReachedEnd() }
    }

    /// Where the flow goes on after `layout`: at its end, or, after a paragraph that overflowed,
    /// past the last container. The text stops where it stops fitting: a paragraph after one
    /// that overflowed has no lines and its glyphs no container, even where a line would fit
    /// again (after a paragraph whose indents left no room, or a smaller font at the bottom of
    /// the last container).
    private func flowState(after layout: ParagraphLayout) -> FlowState {
        var state = layout.end
        if layout.overflowed { state.container = manager.textContainers.count }
        return state
    }

    /// Stacked flow: lays out paragraph `first`, which has no lines, and those after it up to
    /// `target` until one that has lines. `above` is what precedes `first`: its length and height.
    /// The running sums are kept by hand (one tree query per stretch rather than several per
    /// paragraph). True when a paragraph found no room and the flow stopped being stacked
    /// (``leaveStackedFlowIfOverflowed(_:)``): the caller must go on as a flow that stops.
    func layOutStretch(from first: Int, above: (length: UTF16Offset, top: Int64), through target: Int) -> Bool {
        var pending = pendingUnits(from: first, start: above.length, through: target)
        if layOutInParallel(from: first, through: target, characterStart: above.length, pendingUnits: pending) {
            return leaveStackedFlowIfOverflowed(first...target)
        }
        var y = above.top
        var characterStart = above.length
        var p = first
        while p <= target {
            let record = store.record(p)
            if !record.hasLayout {
                layOut(p, characterStart: characterStart, from: FlowState(y: y, container: 0, linesInContainer: 0),
                       record: record, keepsGlyphs: keepsGlyphs(length: record.length, pending: &pending))
                if leaveStackedFlowIfOverflowed(p...p) { return true }
            }
            y += record.layoutHeight ?? 0
            characterStart += UTF16Offset(record.length)
            p += 1
            if p <= target, store.record(p).hasLayout { return false }
        }
        return false
    }

    /// The stacked flow lays paragraphs out independently, which holds only while every line
    /// finds room. A paragraph with none (a zero-width container, indents wider than the line)
    /// overflows, and the text must stop there — glyphs that fit no container belong to none, and
    /// the first unlaid glyph is that paragraph's — so the flow stops being stacked (until the
    /// containers change) and all layout is made again as a flow that stops. True when it did.
    private func leaveStackedFlowIfOverflowed(_ paragraphs: ClosedRange<Int>) -> Bool {
        guard paragraphs.contains(where: { $0 < store.count && store.record($0).layout?.overflowed == true }) else { return false }
        stackedAnswer = false
        invalidateAllLayout()
        return true
    }

    /// At least as many UTF-16 units as the paragraphs without lines from `first` (which starts
    /// at `start`) through `target` hold: the text a pass laying out through `target` makes
    /// glyphs for. The pass asks the budget with what is still pending after each paragraph
    /// (``AnalysisBudget/outlasts(pendingUnits:)``), and frees at once the glyphs it would drop.
    ///
    /// nil (no walk of the tree, as in a keystroke or a first screen) when even every paragraph
    /// without lines could not outgrow the budget, or when glyphs must be kept as made (a
    /// delegate or a layout-manager subclass sees them). Paragraphs with lines in the range count
    /// as the longest a record can be, so the bound holds without a sum of their lengths.
    func pendingUnits(from first: Int, start: UTF16Offset, through target: Int) -> Int? {
        guard manager.layoutHooks == nil, !reportsLayoutToPrimitives else { return nil }
        let most = min(store.summary.unlaid * Self.maximumPieceLength, (store.characterEnd - start).rawValue)
        guard !analysisBudget.outlasts(pendingUnits: most) else { return nil }
        let end = store.start(ofParagraph: target + 1)
        let laidOut = target + 1 - first - store.unlaidCount(from: first, to: target + 1)
        return (end - start).rawValue - laidOut * Self.maximumPieceLength
    }

    /// Whether the glyphs a pass makes for a paragraph of `length` units keep being held, with
    /// `pending` (``pendingUnits(from:start:through:)``, nil: always) units still to lay out from
    /// its start; moves `pending` past the paragraph.
    func keepsGlyphs(length: Int, pending: inout Int?) -> Bool {
        guard let units = pending else { return true }
        pending = units - length
        return analysisBudget.outlasts(pendingUnits: units - length)
    }

    /// Whether a laid-out paragraph must be laid out again when the flow reaches it at `state`.
    private func startsAgain(_ layout: ParagraphLayout, at state: FlowState) -> Bool {
        if layout.start == state { return false }
        if layout.overflowed || state.container >= manager.textContainers.count { return true }
        let sameContainer = layout.start.container == state.container
        let limit = manager.textContainers[state.container].maximumNumberOfLines
        guard layout.isShiftable, sameContainer, limit == 0 || layout.start.linesInContainer == state.linesInContainer else { return true }
        // Still inside its container after the move?
        let bottom = FixedHeight.points(state.y + layout.height)
        let containerBottom = containerTop(state.container) + min(manager.textContainers[state.container].layoutSize.height, Self.unboundedHeight)
        return bottom > containerBottom + 0.001
    }

    /// Lays out every paragraph.
    func ensureLayoutOfAllText() {
        ensureLayout(throughParagraph: store.count - 1)
    }

    /// Lays out the paragraphs holding characters `0...offset`.
    func ensureLayout(throughCharacter offset: UTF16Offset) {
        ensureLayout(throughParagraph: store.paragraph(containingCharacter: offset).index)
    }

    /// Lays out the paragraphs holding glyphs `0...glyph`.
    func ensureLayout(throughGlyph glyph: GlyphIndex) {
        ensureGlyphs(throughGlyph: glyph)
        if glyph >= store.glyphEnd {
            ensureLayoutOfAllText()
        } else {
            ensureLayout(throughParagraph: store.paragraph(containingGlyph: glyph).index)
        }
    }

    /// Stacked flow only: lays out paragraphs in order until the laid-out part of the flow reaches
    /// `bottom` (1/1024 pt), so that every paragraph whose top is at or above it has lines.
    ///
    /// Each step guesses how far to go from the height per UTF-16 unit of the text laid out so far,
    /// plus a tenth, and lays out through the paragraph holding that unit: a first screen lays out
    /// about a screen of paragraphs, and a far target is reached in a few long stretches, which may
    /// go in parallel. A step that guesses short (short headings above long paragraphs) still lays
    /// out at least one paragraph, and the next guess knows better.
    func ensureLayout(throughHeight bottom: Int64) {
        var stretch = 1  // while nothing above has height to guess from
        while let (u, before) = store.firstUnlaidWithSums {
            let above = (length: UTF16Offset(before.length), top: before.height)  // all laid out: `u` is the first without lines
            guard above.top <= bottom else { return }
            var target = u + stretch - 1
            if above.top > 0 {
                let units = Double(bottom - above.top) * Double(above.length.rawValue) / Double(above.top) * 1.1
                let end = min(Double(max(0, store.length - 1)), Double(above.length.rawValue) + units)
                target = store.paragraph(containingCharacter: UTF16Offset(Int(end))).index
            } else {
                stretch *= 2
            }
            target = min(max(u, target), store.count - 1)
            if layOutStretch(from: u, above: above, through: target) {
                return ensureLayout(throughParagraph: target)  // now as a flow that stops
            }
            // The end is reached once a step through the last paragraph leaves none without lines
            // (a stretch stops at a paragraph that has lines; the next step takes those after it).
            if target == store.count - 1, store.firstUnlaid == nil { layoutReachedEnd() }
        }
    }

    /// Lays out until container `index` is full (or the text ends).
    func ensureLayout(throughContainer index: Int) {
        guard index < manager.textContainers.count else { return ensureLayoutOfAllText() }
        if isStacked { return ensureLayoutOfAllText() }
        // Walk paragraph by paragraph until the flow has moved past the container.
        var p = max(0, validatedParagraphs - 1)
        while p < store.count {
            ensureLayout(throughParagraph: p)
            guard let layout = store.record(p).layout else { return }
            if layout.overflowed || layout.end.container > index { return }
            p += 1
        }
    }

    // MARK: The end of the text

    /// Called when every paragraph has been laid out: makes the extra line fragment and tells the
    /// delegate, once per invalidation, that layout is complete — `didCompleteLayoutFor` with the
    /// container holding the text's end and `atEnd` true, or with a nil container when the text
    /// did not fit in the containers.
    func layoutReachedEnd() {
        if extraLineFragment == nil { computeExtraLineFragment() }
        // (Under non-contiguous layout the end may be reached with paragraphs above it still
        // without lines: layout is complete only once every paragraph has them.)
        guard !hasReportedCompletion, manager.layoutHooks != nil, store.summary.unlaid == 0 else { return }
        hasReportedCompletion = true
        var overflowed = false
        var lastContainer: Int?
        if let extra = extraLineFragment { lastContainer = extra.container }
        for p in stride(from: store.count - 1, through: 0, by: -1) {
            guard let layout = store.record(p).layout else { continue }
            if layout.overflowed { overflowed = true; break }
            if lastContainer == nil, let last = layout.fragments.last { lastContainer = last.container }
            if lastContainer != nil { break }
        }
        if overflowed {
            reportCompletedLayout(of: nil, atEnd: false)
        } else if let lastContainer, lastContainer < manager.textContainers.count {
            reportCompletedLayout(of: lastContainer, atEnd: true)
        }
    }

    /// Tells the delegate that container `index` is full (`atEnd` false, as the line loop moves on
    /// to the next), holds the text's end (`atEnd` true), or that the text did not fit (nil): its
    /// `layoutManager(_:didCompleteLayoutFor:atEnd:)`, called from here only.
    func reportCompletedLayout(of index: Int?, atEnd: Bool) {
        manager.layoutHooks?.didCompleteLayout(for: index.map { manager.textContainers[$0] }, atEnd: atEnd)
    }

    // MARK: The extra line fragment

    /// Stores the extra line fragment the layout manager's `setExtraLineFragmentRect` was given
    /// (by layout, or by a subclass that passes other rects on to `super`).
    func storeExtraLineFragment(_ rect: CGRect, usedRect: CGRect, container index: Int) {
        extraLineFragment = (rect, usedRect, index)
    }

    /// After the last paragraph: when the text is empty or ends with a paragraph separator, TextKit
    /// adds an extra line fragment (with no glyphs) where the insertion point goes.
    func computeExtraLineFragment() {
        guard let storage = manager.textStorage, store.count > 0 else { return }
        let lastRecord = store.record(store.count - 1)
        guard lastRecord.length == 0 else { extraLineFragment = nil; return }
        var state = FlowState.start
        if store.count > 1, let previous = store.record(store.count - 2).layout {
            if previous.overflowed { extraLineFragment = nil; return }
            state = previous.end
        }
        // The flow's height sums are current (a stacked paragraph's own `end` may predate a shift).
        state.y = store.top(ofParagraph: store.count - 1)
        guard state.container < manager.textContainers.count else { extraLineFragment = nil; return }
        let container = manager.textContainers[state.container]
        let attributes = storage.length > 0 ? storage.attributes(at: storage.length - 1, effectiveRange: nil) : [:]
        let font = attributes[.font] as? UIFont ?? RunStyle.defaultFont
        let style = (attributes[.paragraphStyle] as? NSParagraphStyle ?? .default).sanitizedForLayout
        var height = font.ascender - font.descender + (manager.usesFontLeading ? font.leading : 0)
        if style.lineHeightMultiple > 0 { height *= style.lineHeightMultiple }
        if style.minimumLineHeight > 0 { height = max(height, style.minimumLineHeight) }
        if style.maximumLineHeight > 0 { height = min(height, style.maximumLineHeight) }
        let y = FixedHeight.points(state.y) - containerTop(state.container)
        guard y + height <= container.layoutSize.height + 0.001 else { extraLineFragment = nil; return }
        let width = min(container.layoutSize.width, 1e12)
        let rect = CGRect(x: 0, y: y, width: width, height: height + style.lineSpacing)
        let used = CGRect(x: 0, y: y, width: 2 * container.lineFragmentPadding, height: height + style.lineSpacing)
        manager.setExtraLineFragmentRect(rect, usedRect: used, textContainer: container)
    }
}
