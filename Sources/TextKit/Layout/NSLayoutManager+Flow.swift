import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Making glyphs and lines, as far as a query needs.
extension NSLayoutManager {
    /// A container's height is capped here so that tops of later containers stay finite.
    private static let unboundedHeight: CGFloat = 1e12

    /// The top of container `index` in the stacked flow (the sum of the heights of the containers
    /// before it).
    func containerTop(_ index: Int) -> CGFloat {
        if containerTops.count != textContainers.count + 1 {
            // Running sums, rebuilt after any container change (see invalidateLayoutFromContainer).
            var tops: [CGFloat] = [0]
            for container in textContainers { tops.append(tops[tops.count - 1] + min(container.size.height, Self.unboundedHeight)) }
            containerTops = tops
        }
        return containerTops[min(max(0, index), textContainers.count)]
    }

    /// How many bands in a row may find no room before the flow moves down in growing steps.
    private static let blockedBandsBeforeGrowing = 1000

    /// The width a proposed line rect keeps inside a container `width` wide, before exclusion
    /// paths: what the container's shape allows on every line, wherever it is.
    ///
    /// Too-narrow containers finish at once:
    /// - no room at all (a zero-width container, or indents that push the line outside the
    ///   container): no text fits anywhere in the container. The text goes on in the next
    ///   container, or is left unlaid, and the delegate hears `didCompleteLayoutFor` with a nil
    ///   container;
    /// - some room, but no more than the line fragment padding at both ends (a 4-point container
    ///   with the default padding of 5): each line fragment takes the container's width and holds
    ///   one grapheme cluster (with any white space after it), so the text lays out as a column
    ///   of single characters — TextKit's typesetter, too, puts at least one glyph on every line —
    ///   instead of searching down the container for a wider place that never comes.
    static func horizontalRoom(of proposed: CGRect, inWidth width: CGFloat) -> CGFloat {
        min(proposed.maxX, min(width, unboundedHeight)) - max(proposed.minX, 0)
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
        let record = store.record(p)
        if let analysis = record.analysis { return analysis }
        let start = start ?? store.prefix(p).length
        let evictedCount = record.isAnalysisEvicted ? record.glyphCount : nil
        let analysis = analyze(paragraphAt: start, length: record.length)
        record.analysis = analysis
        store.refresh(at: p)
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
            store.refresh(at: p)
            invalidateFlow(fromParagraph: p)
        }
        analysisBudget.add(made, of: record)
        return made
    }

    /// Shapes the paragraph `[start, start + length)` of the storage.
    func analyze(paragraphAt start: Int, length: Int, using analyzer: ParagraphAnalyzer? = nil) -> ParagraphAnalysis {
        guard let storage = textStorage, length > 0 else { return .empty }
        let text = storage._utf16(in: NSRange(location: start, length: length))
        let runs = attributeRuns(paragraphAt: start, length: length)
        let style = paragraphStyle(ofPieceAt: start, runs: runs)
        let analyzer = analyzer ?? self.analyzer
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
        while let u = store.firstUnanalyzed {
            let before = store.prefix(u)
            if before.glyphs > glyph { return }
            ensureAnalysis(u, start: before.length)
        }
    }

    /// Makes glyphs for the paragraphs holding characters `0...offset`.
    func ensureGlyphs(throughCharacter offset: Int) {
        let target = store.paragraph(containingCharacter: offset).index
        while let u = store.firstUnanalyzed, u <= target {
            ensureAnalysis(u)
        }
    }

    // MARK: Lines

    /// Lays out every paragraph up to and including `target`.
    func ensureLayout(throughParagraph target: Int) {
        guard textStorage != nil, !textContainers.isEmpty, store.count > 0 else { return }
        let target = min(target, store.count - 1)
        if isStacked {
            // Jump to each stretch of paragraphs without lines and lay it out, keeping the running
            // sums by hand (one tree query per stretch rather than several per paragraph).
            while let u = store.firstUnlaid, u <= target {
                let before = store.prefix(u)
                if layOutInParallel(from: u, through: target, characterStart: before.length) { continue }
                var y = before.height
                var characterStart = before.length
                var p = u
                while p <= target {
                    let record = store.record(p)
                    if record.layout == nil {
                        layOut(p, characterStart: characterStart, from: FlowState(y: y, container: 0, linesInContainer: 0))
                    }
                    y += record.layout?.height ?? 0
                    characterStart += record.length
                    p += 1
                    if p <= target, store.record(p).layout != nil { break }
                }
            }
            if target == store.count - 1 { layoutReachedEnd() }
            return
        }
        var p = validatedParagraphs
        guard p <= target else { return }
        var state = p == 0 ? FlowState.start : (store.record(p - 1).layout?.end ?? .start)
        var characterStart = store.prefix(p).length
        while p <= target {
            let record = store.record(p)
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
        validatedParagraphs = p
        if p == store.count { layoutReachedEnd() }
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
        ensureLayout(throughParagraph: store.count - 1)
    }

    /// Lays out the paragraphs holding characters `0...offset`.
    func ensureLayout(throughCharacter offset: Int) {
        ensureLayout(throughParagraph: store.paragraph(containingCharacter: offset).index)
    }

    /// Lays out the paragraphs holding glyphs `0...glyph`.
    func ensureLayout(throughGlyph glyph: Int) {
        ensureGlyphs(throughGlyph: glyph)
        if glyph >= store.summary.glyphs {
            ensureLayoutOfAllText()
        } else {
            ensureLayout(throughParagraph: store.paragraph(containingGlyph: glyph).index)
        }
    }

    /// Lays out until container `index` is full (or the text ends).
    func ensureLayout(throughContainer index: Int) {
        guard index < textContainers.count else { return ensureLayoutOfAllText() }
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

    // MARK: One paragraph

    /// Fills lines for paragraph `p` from flow state `state` and stores them.
    private func layOut(_ p: Int, characterStart: Int, from state: FlowState) {
        let analysis = ensureAnalysis(p, start: characterStart)
        let record = store.record(p)
        record.layout = paragraphLayout(analysis: analysis, paragraph: p, characterStart: characterStart,
                                        length: record.length, from: state)
        store.refresh(at: p)
        extraLineFragment = nil
        if reportsLayoutToPrimitives { reportLayoutToPrimitives(paragraph: p, top: FixedHeight.points(state.y)) }
        markDisplay(ofParagraph: p, top: FixedHeight.points(state.y))
    }

    private func hyphenationFactor(for style: NSParagraphStyle) -> Float {
        if style.hyphenationFactor > 0 { return style.hyphenationFactor }
        if style.usesDefaultHyphenation || usesDefaultHyphenation { return 1 }
        return Float(hyphenationFactor)
    }

    func paragraphLayout(analysis: ParagraphAnalysis, paragraph p: Int, characterStart: Int,
                                 length: Int, from state: FlowState) -> ParagraphLayout {
        guard length > 0 else {
            return ParagraphLayout(fragments: [], height: 0, start: state, end: state, isShiftable: true, overflowed: false)
        }
        guard state.container < textContainers.count, let storage = textStorage else {
            return ParagraphLayout(fragments: [], height: 0, start: state, end: state, isShiftable: false, overflowed: true)
        }
        let style = analysis.paragraphStyle
        let text = storage._utf16(in: NSRange(location: characterStart, length: length))
        // Read once: `delegate` is a weak reference, and loading one costs an atomic operation.
        let delegate = self.delegate
        let glyphBase = delegate == nil ? 0 : store.prefix(p).glyphs

        var settings = LineBreakSettings()
        settings.mode = style.lineBreakMode
        settings.hyphenationFactor = hyphenationFactor(for: style)
        if settings.hyphenationFactor > 0 {
            let language = analysis.styles.first?.language ?? ""
            settings.hyphenator = Hyphenator.forLanguage(language.isEmpty ? "en-US" : language)
        }
        settings.tabStops = analysis.tabStops
        let glyphs = analysis.glyphs
        settings.hyphenWidth = { offset in
            let g = glyphs.glyph(forCharacterAt: offset)
            guard g < glyphs.count else { return 0 }
            let font = glyphs.fonts[Int(glyphs.runs[glyphs.runIndex(containingGlyph: g)].font)]
            return Float(font.hyphenGlyph.map { font.advance(forGlyph: $0) } ?? 0)
        }
        if let delegate {
            settings.shouldBreakByWord = { [unowned self] offset in
                delegate.layoutManager(self, shouldBreakLineByWordBeforeCharacterAt: characterStart + offset)
            }
            settings.shouldBreakByHyphenating = { [unowned self] offset in
                delegate.layoutManager(self, shouldBreakLineByHyphenatingBeforeCharacterAt: characterStart + offset)
            }
        }

        return text.withUnsafeBufferPointer { buffer -> ParagraphLayout in
            let fitter = LineFitter(glyphs: analysis.glyphs, segments: analysis.segments, text: buffer, settings: settings)
            var placer = LinePlacer(analysis: analysis, text: buffer)
            placer.usesFontLeading = usesFontLeading
            let direction: NSWritingDirection = analysis.baseLevel == 1 ? .rightToLeft : .leftToRight

            var fragments: [LineFragment] = []
            var container = state.container
            var lines = state.linesInContainer
            let top = FixedHeight.points(state.y)
            var y = top  // the next row's top, in the stacked flow
            var offset = 0
            var remainingInRow: CGRect?
            var rowBottom = y
            var isShiftable = true
            var overflowed = false
            var proposedHeight: CGFloat?

            // A long paragraph's pieces (ParagraphPieces.swift): the first-line indent and the
            // spacing before go to its first piece, the spacing after to its last.
            let startsParagraph = self.startsParagraph(at: characterStart)
            let endsParagraph = self.endsParagraph(at: characterStart + length)
            var spacingBefore = startsParagraph ? style.paragraphSpacingBefore : 0
            if let delegate, startsParagraph {
                let v = delegate.layoutManager(self, paragraphSpacingBeforeGlyphAt: glyphBase,
                                               withProposedLineFragmentRect: .zero)
                if !v.isNaN { spacingBefore = v }
            }

            // Values read once per paragraph (or per container) rather than once per line: the
            // style's and the container's properties are dynamically dispatched.
            let headIndent = style.headIndent
            let firstLineHeadIndent = startsParagraph ? style.firstLineHeadIndent : headIndent
            let tailIndent = style.tailIndent, styleLineSpacing = style.lineSpacing
            let styleParagraphSpacing = endsParagraph ? style.paragraphSpacing : 0
            let styleTruncation: NSLineBreakMode? = [.byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail].contains(style.lineBreakMode) ? style.lineBreakMode : nil
            var geometryOf: (index: Int, container: NSTextContainer, size: CGSize, padding: CGFloat, maximumLines: Int,
                             isSimple: Bool, lineBreakMode: NSLineBreakMode, top: CGFloat)?
            var paragraphEstimate: CGFloat?
            var blockedBands = 0

            /// Moves the flow to the top of the next container, telling the delegate that `finished`
            /// is full; false when there is no next container (the rest of the paragraph overflows).
            func moveToNextContainer(completing finished: NSTextContainer?) -> Bool {
                guard container < textContainers.count - 1 else { return false }
                if let finished { delegate?.layoutManager(self, didCompleteLayoutFor: finished, atEnd: false) }
                container += 1
                lines = 0
                y = self.containerTop(container)
                remainingInRow = nil
                return true
            }

            while offset < length {
                guard container < textContainers.count else { overflowed = true; break }
                if geometryOf?.index != container {
                    let c = textContainers[container]
                    geometryOf = (container, c, c.size, c.lineFragmentPadding, c.maximumNumberOfLines,
                                  c.isSimpleRectangularTextContainer, c.lineBreakMode, containerTop(container))
                }
                let geometry = geometryOf!
                let textContainer = geometry.container
                if geometry.maximumLines > 0, lines >= geometry.maximumLines {
                    // The container is full (an earlier paragraph used its last line).
                    guard moveToNextContainer(completing: nil) else { overflowed = true; break }
                    continue
                }
                let containerTop = geometry.top
                let containerHeight = min(geometry.size.height, Self.unboundedHeight)
                let padding = geometry.padding
                if !geometry.isSimple || geometry.maximumLines > 0 { isShiftable = false }
                let isFirstLine = offset == 0
                let before = isFirstLine ? spacingBefore : 0
                // A simple container only needs a height to know whether the line fits its bottom
                // (checked again with the real height below): estimate once per paragraph. Shapes
                // need the band of each line.
                let estimate: CGFloat
                if let proposedHeight {
                    estimate = proposedHeight
                } else if geometry.isSimple {
                    if paragraphEstimate == nil { paragraphEstimate = CGFloat(placer.estimatedHeight(at: 0)) }
                    estimate = paragraphEstimate!
                } else {
                    estimate = CGFloat(placer.estimatedHeight(at: offset))
                }
                let proposed: CGRect
                if let remaining = remainingInRow {
                    proposed = remaining
                } else {
                    let head = isFirstLine ? firstLineHeadIndent : headIndent
                    let width = min(geometry.size.width, Self.unboundedHeight)
                    let tail = tailIndent > 0 ? tailIndent : width + tailIndent
                    var height = estimate
                    let room = containerHeight - (y - containerTop + before)
                    if geometry.isSimple, room > 0 {
                        // The real line's height decides whether it fits above the bottom (checked
                        // below): an estimate taller than the room left must not send a shorter line
                        // on to the next container (a fresh layout and a shifted one would differ).
                        height = min(height, room)
                    }
                    proposed = CGRect(x: head, y: y - containerTop + before, width: max(0, tail - head), height: height)
                }
                if remainingInRow == nil, Self.horizontalRoom(of: proposed, inWidth: geometry.size.width) <= 0 {
                    // The indents leave no room inside the container's width, on any line: the text
                    // goes on in the next container, or is left unlaid (see `horizontalRoom`).
                    guard moveToNextContainer(completing: textContainer) else { overflowed = true; break }
                    continue
                }
                var remaining = CGRect.zero
                let rect = textContainer.lineFragmentRect(forProposedRect: proposed, at: characterStart + offset,
                                                          writingDirection: direction, remaining: &remaining)
                // A container narrower than its padding is as narrow on every line: moving down never
                // helps, so the line goes there anyway and holds one grapheme cluster.
                let isNarrowEverywhere = remainingInRow == nil && !rect.isEmpty
                    && Self.horizontalRoom(of: proposed, inWidth: geometry.size.width) <= 2 * padding + 0.5
                if rect.isEmpty || (rect.width <= 2 * padding + 0.5 && !isNarrowEverywhere) {
                    if remainingInRow != nil, !remaining.isEmpty {
                        remainingInRow = remaining  // too narrow a piece: try the rest of the row
                        continue
                    }
                    if remainingInRow != nil {
                        remainingInRow = nil
                        y = rowBottom
                        continue
                    }
                    if proposed.maxY > containerHeight + 0.001 || proposed.width <= 0 {
                        // No room left in this container: go on in the next one.
                        guard moveToNextContainer(completing: textContainer) else { overflowed = true; break }
                        continue
                    }
                    // Nothing free in this band (an exclusion spans it): move down a little. After
                    // many bands in a row (a few thousand points of text height), the steps grow
                    // with the distance travelled, so that a shape with no room anywhere below
                    // (an exclusion taller than an unbounded container) reaches the bottom in a
                    // few hundred more steps instead of hanging.
                    blockedBands += 1
                    var step = max(1, estimate / 4)
                    if blockedBands > Self.blockedBandsBeforeGrowing { step = max(step, (y - top) / 8) }
                    y += step
                    isShiftable = false
                    continue
                }
                blockedBands = 0
                let lastAllowedLine = geometry.maximumLines > 0 && lines + 1 >= geometry.maximumLines
                let lineStartX = Float(rect.minX)
                let lineEndX = max(lineStartX, Float(rect.maxX - 2 * padding))
                var fitted = fitter.fitLine(from: offset, lineStartX: lineStartX, lineEndX: lineEndX)
                var truncation = styleTruncation
                if lastAllowedLine && fitted.characters.upperBound < length,
                   [.byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail].contains(geometry.lineBreakMode) {
                    // The last line the container allows shows the rest of the paragraph, truncated.
                    var clipping = settings
                    clipping.mode = .byClipping
                    fitted = LineFitter(glyphs: analysis.glyphs, segments: analysis.segments, text: buffer, settings: clipping)
                        .fitLine(from: offset, lineStartX: lineStartX, lineEndX: lineEndX)
                    truncation = geometry.lineBreakMode
                }
                let isLast = fitted.characters.upperBound >= length
                let placed = placer.place(fitted, lineStartX: lineStartX, lineEndX: lineEndX,
                                          isLastLineOfParagraph: isLast, truncationMode: truncation)
                let lineHeight = CGFloat(placed.height)
                if geometry.isSimple, remainingInRow == nil, rect.minY + lineHeight > containerHeight + 0.001 {
                    // Taller than the estimate and past the container's bottom: the next container.
                    guard moveToNextContainer(completing: textContainer) else { overflowed = true; break }
                    continue
                }
                if lineHeight > proposed.height + 0.01, proposedHeight == nil, !geometry.isSimple {
                    // Taller than proposed: ask the container again for a band of the real height.
                    proposedHeight = lineHeight
                    continue
                }
                proposedHeight = nil
                let lastGlyph = glyphBase + max(placed.glyphRange.lowerBound, placed.glyphRange.upperBound - 1)
                var lineSpacing = styleLineSpacing
                var spacingAfter = isLast ? styleParagraphSpacing : 0
                if let delegate {
                    let v = delegate.layoutManager(self, lineSpacingAfterGlyphAt: lastGlyph, withProposedLineFragmentRect: rect)
                    if !v.isNaN { lineSpacing = v }
                    if isLast && endsParagraph {
                        let a = delegate.layoutManager(self, paragraphSpacingAfterGlyphAt: lastGlyph, withProposedLineFragmentRect: rect)
                        if !a.isNaN { spacingAfter = a }
                    }
                }
                var fragmentRect = CGRect(x: rect.minX, y: rect.minY - before, width: rect.width,
                                          height: before + lineHeight + lineSpacing + spacingAfter)
                // contentOriginX (geometry branch fix): a right-to-left line's hanging trailing white
                // space stands left of its content and is not part of the used rect.
                let glyphStart = rect.minX + padding + CGFloat(placed.contentOriginX - lineStartX)
                var usedRect = CGRect(x: glyphStart - padding, y: rect.minY, width: CGFloat(placed.usedWidth) + 2 * padding,
                                      height: lineHeight + lineSpacing)
                var baseline = before + CGFloat(placed.baseline)
                if let delegate {
                    let range = NSRange(location: glyphBase + placed.glyphRange.lowerBound, length: placed.glyphRange.count)
                    let wanted = fragmentRect
                    if delegate.layoutManager(self, shouldSetLineFragmentRect: &fragmentRect, lineFragmentUsedRect: &usedRect,
                                              baselineOffset: &baseline, in: textContainer, forGlyphRange: range) {
                        if fragmentRect != wanted { isShiftable = false }
                    }
                }
                let relativeTop = containerTop + fragmentRect.minY - top
                var stored = LineFragment(line: placed, container: container,
                                          rect: fragmentRect, usedRect: usedRect, baselineOffset: baseline,
                                          textOriginX: padding)
                stored.rect.origin.y = relativeTop
                stored.usedRect.origin.y = relativeTop + (usedRect.minY - fragmentRect.minY)
                fragments.append(stored)
                lines += 1
                offset = fitted.characters.upperBound
                rowBottom = max(rowBottom, containerTop + fragmentRect.maxY)
                if offset < length, !remaining.isEmpty {
                    remainingInRow = CGRect(x: remaining.minX, y: rect.minY, width: remaining.width, height: rect.height)
                } else {
                    remainingInRow = nil
                    y = rowBottom
                }
                if geometry.maximumLines > 0, lines >= geometry.maximumLines {
                    if lastAllowedLine && truncation != nil && offset < length {
                        // The truncated line stands for the rest of the paragraph.
                        offset = length
                    }
                    if container == textContainers.count - 1 {
                        if offset < length { overflowed = true }
                        break
                    }
                    container += 1
                    lines = 0
                    y = self.containerTop(container)
                    remainingInRow = nil
                }
            }
            if remainingInRow != nil { y = rowBottom }
            let heightPoints = max(0, y - top)
            let end = FlowState(y: state.y + FixedHeight.from(heightPoints), container: container, linesInContainer: lines)
            return ParagraphLayout(fragments: fragments, height: end.y - state.y, start: state, end: end,
                                   isShiftable: isShiftable && !overflowed && fragments.allSatisfy { $0.container == state.container },
                                   overflowed: overflowed)
        }
    }

    // MARK: The end of the text

    /// Called when every paragraph has been laid out: makes the extra line fragment and tells the
    /// delegate, once per invalidation, that layout is complete — `didCompleteLayoutFor` with the
    /// container holding the text's end and `atEnd` true, or with a nil container when the text
    /// did not fit in the containers.
    func layoutReachedEnd() {
        if extraLineFragment == nil { computeExtraLineFragment() }
        guard !hasReportedCompletion, let delegate else { return }
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
            delegate.layoutManager(self, didCompleteLayoutFor: nil, atEnd: false)
        } else if let lastContainer, lastContainer < textContainers.count {
            delegate.layoutManager(self, didCompleteLayoutFor: textContainers[lastContainer], atEnd: true)
        }
    }

    // MARK: The extra line fragment

    /// After the last paragraph: when the text is empty or ends with a paragraph separator, TextKit
    /// adds an extra line fragment (with no glyphs) where the insertion point goes.
    func computeExtraLineFragment() {
        guard let storage = textStorage, store.count > 0 else { return }
        let lastRecord = store.record(store.count - 1)
        guard lastRecord.length == 0 else { extraLineFragment = nil; return }
        var state = FlowState.start
        if store.count > 1, let previous = store.record(store.count - 2).layout {
            if previous.overflowed { extraLineFragment = nil; return }
            state = previous.end
        }
        // The flow's height sums are current (a stacked paragraph's own `end` may predate a shift).
        state.y = store.prefix(store.count - 1).height
        guard state.container < textContainers.count else { extraLineFragment = nil; return }
        let container = textContainers[state.container]
        let attributes = storage.length > 0 ? storage.attributes(at: storage.length - 1, effectiveRange: nil) : [:]
        let font = attributes[.font] as? UIFont ?? RunStyle.defaultFont
        let style = (attributes[.paragraphStyle] as? NSParagraphStyle ?? .default).sanitizedForLayout
        var height = font.ascender - font.descender + (usesFontLeading ? font.leading : 0)
        if style.lineHeightMultiple > 0 { height *= style.lineHeightMultiple }
        if style.minimumLineHeight > 0 { height = max(height, style.minimumLineHeight) }
        if style.maximumLineHeight > 0 { height = min(height, style.maximumLineHeight) }
        let y = FixedHeight.points(state.y) - containerTop(state.container)
        guard y + height <= container.size.height + 0.001 else { extraLineFragment = nil; return }
        let width = min(container.size.width, 1e12)
        let rect = CGRect(x: 0, y: y, width: width, height: height + style.lineSpacing)
        let used = CGRect(x: 0, y: y, width: 2 * container.lineFragmentPadding, height: height + style.lineSpacing)
        setExtraLineFragmentRect(rect, usedRect: used, textContainer: container)
    }
}
