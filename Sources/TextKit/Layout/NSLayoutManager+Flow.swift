import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Making glyphs and lines, as far as a query needs.
extension NSLayoutManager {
    /// A container's height is capped here so that tops of later containers stay finite.
    static var unboundedHeight: CGFloat { LineArea.unbounded }

    /// The top of container `index` in the stacked flow (the sum of the heights of the containers
    /// before it).
    func containerTop(_ index: Int) -> CGFloat {
        if flow.containerTops.count != textContainers.count + 1 {
            // Running sums, rebuilt after any container change (see invalidateLayoutFromContainer).
            var tops: [CGFloat] = [0]
            for container in textContainers { tops.append(tops[tops.count - 1] + min(container.size.height, Self.unboundedHeight)) }
            flow.containerTops = tops
        }
        return flow.containerTops[min(max(0, index), textContainers.count)]
    }

    /// True when a paragraph's lines never depend on where it is: one simple rectangular container
    /// of unbounded height and no line limit. Then the tree's height sums place every paragraph.
    var isStacked: Bool {
        guard textContainers.count == 1, let container = textContainers.first else { return false }
        return container.isSimpleRectangularTextContainer && container.maximumNumberOfLines == 0
            && container.size.height >= Self.unboundedHeight
    }

    // MARK: Glyphs

    /// The glyphs of paragraph `p`, made now if needed. `start` is its first character.
    @discardableResult
    func ensureAnalysis(_ p: Int, start: Int? = nil) -> ParagraphAnalysis {
        let record = flow.store.record(p)
        if let analysis = record.analysis { return analysis }
        let start = start ?? flow.store.prefix(p).length
        let evictedCount = record.isAnalysisEvicted ? record.glyphCount : nil
        let analysis = analyze(paragraphAt: start, length: record.length)
        record.analysis = analysis
        flow.store.refresh(at: p)
        // Glyph generation delegate (geometry branch): the delegate sees the new glyphs run by run
        // and may change them through setGlyphs(_:properties:characterIndexes:font:forGlyphRange:),
        // which edits `record.analysis` in place (NSLayoutManager+GlyphGeneration.swift).
        if delegate != nil {
            offerGlyphsToDelegate(paragraph: p)
            applyControlCharacterActions(paragraph: p)
        }
        let made = record.analysis ?? analysis
        if let evictedCount, evictedCount != made.glyphs.count {
            // Made again differently (a delegate that changed its mind): the lines are stale.
            record.layout = nil
            flow.store.refresh(at: p)
            invalidateFlow(fromParagraph: p)
        }
        flow.analysisBudget.add(made, of: record)
        return made
    }

    /// Shapes the paragraph `[start, start + length)` of the storage.
    func analyze(paragraphAt start: Int, length: Int, using analyzer: ParagraphAnalyzer? = nil) -> ParagraphAnalysis {
        guard let storage = textStorage, length > 0 else { return .empty }
        let text = storage._utf16(in: NSRange(location: start, length: length))
        let runs = attributeRuns(paragraphAt: start, length: length)
        let style = paragraphStyle(ofPieceAt: start, runs: runs)
        let analyzer = analyzer ?? flow.analyzer
        // Attachments are asked their bounds as the glyphs are made, in the first container, with
        // a line fragment as wide as it and as tall as the attachment's font (Apple's typesetter
        // asks with the line fragment itself, which is not known yet here).
        let container = textContainers.first
        let width = min(container?.size.width ?? 0, 1e12)
        let query: ParagraphAnalyzer.AttachmentBoundsQuery = { attachment, offset, font in
            attachment.attachmentBounds(for: container, proposedLineFragment: CGRect(x: 0, y: 0, width: width, height: font.lineHeight),
                                        glyphPosition: .zero, characterIndex: start + offset)
        }
        return text.withUnsafeBufferPointer { analyzer.analyze(text: $0, runs: runs, paragraphStyle: style, attachmentBounds: query) }
    }

    /// The attribute runs of the paragraph (or piece) `[start, start + length)`, in its offsets.
    func attributeRuns(paragraphAt start: Int, length: Int) -> [AttributeRunInput] {
        guard let storage = textStorage else { return [] }
        var runs: [AttributeRunInput] = []
        storage._forEachAttributeRun(in: NSRange(location: start, length: length)) { attributes, runRange in
            runs.append(AttributeRunInput(range: (runRange.location - start)..<(runRange.location + runRange.length - start),
                                          attributes: attributes))
            return true
        }
        return runs
    }

    /// The paragraph style a paragraph (or piece) starting at `start` is laid out with: its first
    /// character's; a piece of a long paragraph whose direction is natural goes the paragraph's way
    /// (ParagraphPieces.swift).
    func paragraphStyle(ofPieceAt start: Int, runs: [AttributeRunInput]) -> NSParagraphStyle {
        let style = (runs.first?.attributes[.paragraphStyle] as? NSParagraphStyle) ?? .default
        guard style.baseWritingDirection == .natural, !startsParagraph(at: start) else { return style }
        let resolved = style.mutableCopy(with: nil) as! NSMutableParagraphStyle
        resolved.baseWritingDirection = continuedDirection(ofPieceAt: start)
        return resolved
    }

    /// Makes glyphs for every paragraph up to and including the one that holds glyph `glyph`
    /// (all of them when it is past the end). Glyph indices count paragraphs in order, so every
    /// paragraph before the glyph must have its glyphs.
    func ensureGlyphs(throughGlyph glyph: Int) {
        while let u = flow.store.firstUnanalyzed {
            let before = flow.store.prefix(u)
            if before.glyphs > glyph { return }
            ensureAnalysis(u, start: before.length)
        }
    }

    /// Makes glyphs for the paragraphs holding characters `0...offset`.
    func ensureGlyphs(throughCharacter offset: Int) {
        let target = flow.store.paragraph(containingCharacter: offset).index
        while let u = flow.store.firstUnanalyzed, u <= target {
            ensureAnalysis(u)
        }
    }

    // MARK: Lines

    /// Lays out every paragraph up to and including `target`.
    func ensureLayout(throughParagraph target: Int) {
        guard textStorage != nil, !textContainers.isEmpty, flow.store.count > 0 else { return }
        let target = min(target, flow.store.count - 1)
        if isStacked {
            // Jump to each stretch of paragraphs without lines and lay it out, keeping the running
            // sums by hand (one tree query per stretch rather than several per paragraph).
            while let u = flow.store.firstUnlaid, u <= target {
                let before = flow.store.prefix(u)
                if layOutInParallel(from: u, through: target, characterStart: before.length) { continue }
                var y = before.height
                var characterStart = before.length
                var p = u
                while p <= target {
                    let record = flow.store.record(p)
                    if record.layout == nil {
                        layOut(p, characterStart: characterStart, from: FlowState(y: y, container: 0, linesInContainer: 0))
                    }
                    y += record.layout?.height ?? 0
                    characterStart += record.length
                    p += 1
                    if p <= target, flow.store.record(p).layout != nil { break }
                }
            }
            if target == flow.store.count - 1 { layoutReachedEnd() }
            return
        }
        var p = flow.validatedParagraphs
        guard p <= target else { return }
        var state = p == 0 ? FlowState.start : (flow.store.record(p - 1).layout?.end ?? .start)
        var characterStart = flow.store.prefix(p).length
        while p <= target {
            let record = flow.store.record(p)
            if var layout = record.layout, !startsAgain(layout, at: state) {
                if layout.start != state {
                    // It only moved within its container: shift it (its lines are relative to its top).
                    let moved = state.y - layout.start.y
                    layout.start = state
                    layout.end.y += moved
                    layout.end.linesInContainer = state.linesInContainer + (layout.end.linesInContainer - layout.start.linesInContainer)
                    record.layout = layout
                }
            } else {
                layOut(p, characterStart: characterStart, from: state)
            }
            state = record.layout!.end
            characterStart += record.length
            p += 1
        }
        flow.validatedParagraphs = p
        if p == flow.store.count { layoutReachedEnd() }
    }

    /// Whether a laid-out paragraph must be laid out again when the flow reaches it at `state`.
    private func startsAgain(_ layout: ParagraphLayout, at state: FlowState) -> Bool {
        if layout.start == state { return false }
        if layout.overflowed || state.container >= textContainers.count { return true }
        let sameContainer = layout.start.container == state.container
        let limit = textContainers[state.container].maximumNumberOfLines
        guard layout.isShiftable, sameContainer, limit == 0 || layout.start.linesInContainer == state.linesInContainer else { return true }
        // Still inside its container after the move?
        let bottom = FixedHeight.points(state.y + layout.height)
        let containerBottom = containerTop(state.container) + min(textContainers[state.container].size.height, Self.unboundedHeight)
        return bottom > containerBottom + 0.001
    }

    /// Lays out every paragraph.
    func ensureLayoutOfAllText() {
        ensureLayout(throughParagraph: flow.store.count - 1)
    }

    /// Lays out the paragraphs holding characters `0...offset`.
    func ensureLayout(throughCharacter offset: Int) {
        ensureLayout(throughParagraph: flow.store.paragraph(containingCharacter: offset).index)
    }

    /// Lays out the paragraphs holding glyphs `0...glyph`.
    func ensureLayout(throughGlyph glyph: Int) {
        ensureGlyphs(throughGlyph: glyph)
        if glyph >= flow.store.summary.glyphs {
            ensureLayoutOfAllText()
        } else {
            ensureLayout(throughParagraph: flow.store.paragraph(containingGlyph: glyph).index)
        }
    }

    /// Lays out until container `index` is full (or the text ends).
    func ensureLayout(throughContainer index: Int) {
        guard index < textContainers.count else { return ensureLayoutOfAllText() }
        if isStacked { return ensureLayoutOfAllText() }
        // Walk paragraph by paragraph until the flow has moved past the container.
        var p = max(0, flow.validatedParagraphs - 1)
        while p < flow.store.count {
            ensureLayout(throughParagraph: p)
            guard let layout = flow.store.record(p).layout else { return }
            if layout.overflowed || layout.end.container > index { return }
            p += 1
        }
    }

    // MARK: One paragraph

    /// Fills lines for paragraph `p` from flow state `state` and stores them.
    private func layOut(_ p: Int, characterStart: Int, from state: FlowState) {
        let analysis = ensureAnalysis(p, start: characterStart)
        let record = flow.store.record(p)
        record.layout = paragraphLayout(analysis: analysis, paragraph: p, characterStart: characterStart,
                                        length: record.length, from: state)
        flow.store.refresh(at: p)
        flow.extraLineFragment = nil
        if reportsLayoutToPrimitives { reportLayoutToPrimitives(paragraph: p, top: FixedHeight.points(state.y)) }
        markDisplay(ofParagraph: p, top: FixedHeight.points(state.y))
    }

    /// Lays out paragraph `p` (characters `characterStart..<characterStart + length`, shaped as
    /// `analysis`) from flow state `state`: its lines, through the line loop (TextKitTypesetting's
    /// LineLoop.swift, with LayoutManagerLineHost.swift). Called by parallel layout's workers too:
    /// it reads the layout manager, never writes it.
    func paragraphLayout(analysis: ParagraphAnalysis, paragraph p: Int, characterStart: Int,
                         length: Int, from state: FlowState) -> ParagraphLayout {
        guard length > 0 else {
            return ParagraphLayout(fragments: [], height: 0, start: state, end: state, isShiftable: true, overflowed: false)
        }
        guard state.container < textContainers.count, let storage = textStorage else {
            return ParagraphLayout(fragments: [], height: 0, start: state, end: state, isShiftable: false, overflowed: true)
        }
        let text = storage._utf16(in: NSRange(location: characterStart, length: length))
        let delegate = self.delegate
        let host = LayoutManagerLineHost(manager: self, delegate: delegate, glyphBase: delegate == nil ? 0 : flow.store.prefix(p).glyphs)
        let settings = lineBreakSettings(for: analysis, characterStart: characterStart, delegate: delegate)
        // A long paragraph's pieces (ParagraphPieces.swift): the first-line indent and the spacing
        // before go to its first piece, the spacing after to its last.
        let startsParagraph = self.startsParagraph(at: characterStart)
        var spacingBefore: CGFloat?
        if let delegate, startsParagraph {
            let v = delegate.layoutManager(self, paragraphSpacingBeforeGlyphAt: host.glyphBase, withProposedLineFragmentRect: .zero)
            if !v.isNaN { spacingBefore = v }
        }
        let rules = ParagraphRules(analysis: analysis, spacingBefore: spacingBefore, startsParagraph: startsParagraph,
                                   endsParagraph: endsParagraph(at: characterStart + length))
        return text.withUnsafeBufferPointer { buffer in
            var loop = LineLoop(host: host, analysis: analysis, text: buffer, characterStart: characterStart,
                                settings: settings, rules: rules, usesFontLeading: usesFontLeading, from: state)
            return loop.run()
        }
    }

    /// How the paragraph's lines break: as its style says (TextKitTypesetting), hyphenated by the
    /// layout manager's settings where the style says nothing, with the delegate's say on each break.
    private func lineBreakSettings(for analysis: ParagraphAnalysis, characterStart: Int,
                                   delegate: NSLayoutManagerDelegate?) -> LineBreakSettings {
        let style = analysis.paragraphStyle
        var settings = LineBreakSettings(paragraphStyle: style, analysis: analysis)
        if settings.hyphenationFactor == 0, usesDefaultHyphenation || hyphenationFactor > 0 {
            settings.hyphenationFactor = usesDefaultHyphenation ? 1 : Float(hyphenationFactor)
            let language = analysis.styles.first?.language ?? ""
            settings.hyphenator = Hyphenator.forLanguage(language.isEmpty ? "en-US" : language)
        }
        if let delegate {
            settings.shouldBreakByWord = { [unowned self] offset in
                delegate.layoutManager(self, shouldBreakLineByWordBeforeCharacterAt: characterStart + offset)
            }
            settings.shouldBreakByHyphenating = { [unowned self] offset in
                delegate.layoutManager(self, shouldBreakLineByHyphenatingBeforeCharacterAt: characterStart + offset)
            }
        }
        return settings
    }

    // MARK: The end of the text

    /// Called when every paragraph has been laid out: makes the extra line fragment and tells the
    /// delegate, once per invalidation, that layout is complete — `didCompleteLayoutFor` with the
    /// container holding the text's end and `atEnd` true, or with a nil container when the text
    /// did not fit in the containers.
    func layoutReachedEnd() {
        if flow.extraLineFragment == nil { computeExtraLineFragment() }
        guard !flow.hasReportedCompletion, let delegate else { return }
        flow.hasReportedCompletion = true
        var overflowed = false
        var lastContainer: Int?
        if let extra = flow.extraLineFragment { lastContainer = extra.container }
        for p in stride(from: flow.store.count - 1, through: 0, by: -1) {
            guard let layout = flow.store.record(p).layout else { continue }
            if layout.overflowed { overflowed = true; break }
            if lastContainer == nil, let last = layout.fragments.last { lastContainer = last.container }
            if lastContainer != nil { break }
        }
        if overflowed {
            delegate.layoutManager(self, didCompleteLayoutFor: nil, atEnd: false)
        } else if let lastContainer, lastContainer < textContainers.count {
            delegate.layoutManager(self, didCompleteLayoutFor: textContainers[lastContainer], atEnd: true)
        }
    }

    // MARK: The extra line fragment

    /// After the last paragraph: when the text is empty or ends with a paragraph separator, TextKit
    /// adds an extra line fragment (with no glyphs) where the insertion point goes.
    func computeExtraLineFragment() {
        guard let storage = textStorage, flow.store.count > 0 else { return }
        let lastRecord = flow.store.record(flow.store.count - 1)
        guard lastRecord.length == 0 else { flow.extraLineFragment = nil; return }
        var state = FlowState.start
        if flow.store.count > 1, let previous = flow.store.record(flow.store.count - 2).layout {
            if previous.overflowed { flow.extraLineFragment = nil; return }
            state = previous.end
        }
        // The flow's height sums are current (a stacked paragraph's own `end` may predate a shift).
        state.y = flow.store.prefix(flow.store.count - 1).height
        guard state.container < textContainers.count else { flow.extraLineFragment = nil; return }
        let container = textContainers[state.container]
        let attributes = storage.length > 0 ? storage.attributes(at: storage.length - 1, effectiveRange: nil) : [:]
        let font = attributes[.font] as? UIFont ?? RunStyle.defaultFont
        let style = (attributes[.paragraphStyle] as? NSParagraphStyle ?? .default).sanitizedForLayout
        var height = font.ascender - font.descender + (usesFontLeading ? font.leading : 0)
        if style.lineHeightMultiple > 0 { height *= style.lineHeightMultiple }
        if style.minimumLineHeight > 0 { height = max(height, style.minimumLineHeight) }
        if style.maximumLineHeight > 0 { height = min(height, style.maximumLineHeight) }
        let y = FixedHeight.points(state.y) - containerTop(state.container)
        guard y + height <= container.size.height + 0.001 else { flow.extraLineFragment = nil; return }
        let width = min(container.size.width, 1e12)
        let rect = CGRect(x: 0, y: y, width: width, height: height + style.lineSpacing)
        let used = CGRect(x: 0, y: y, width: 2 * container.lineFragmentPadding, height: height + style.lineSpacing)
        setExtraLineFragmentRect(rect, usedRect: used, textContainer: container)
    }
}
