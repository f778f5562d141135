import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// A container as one paragraph's lines see it: its properties read once (they are dynamically
/// dispatched, and a subclass may compute them).
struct ContainerGeometry {
    let index: Int
    let container: NSTextContainer
    /// Width and height, capped so that sums stay finite.
    let width: CGFloat
    let height: CGFloat
    let padding: CGFloat
    let maximumLines: Int
    let isSimple: Bool
    let lineBreakMode: NSLineBreakMode
    /// The container's top in the stacked flow.
    let top: CGFloat
}

/// What a paragraph's style and the delegate say about every line, read once per paragraph.
struct ParagraphRules {
    var spacingBefore: CGFloat
    var headIndent: CGFloat
    var firstLineHeadIndent: CGFloat
    var tailIndent: CGFloat
    var lineSpacing: CGFloat
    /// The spacing after the paragraph (0 for a piece of a long paragraph that is not its last).
    var paragraphSpacing: CGFloat
    /// The style's truncating line break mode, if it has one.
    var truncation: NSLineBreakMode?
    var endsParagraph: Bool
    var direction: NSWritingDirection

    static func isTruncating(_ mode: NSLineBreakMode) -> Bool {
        mode == .byTruncatingHead || mode == .byTruncatingMiddle || mode == .byTruncatingTail
    }
}

/// The line loop: lays out one paragraph (or piece of a long one) into the containers, a line at
/// a time, from a flow state. Each turn of ``nextLine()``
/// 1. proposes a band: the next row's top, the indents, an estimated height;
/// 2. lets the container carve it (`lineFragmentRect(forProposedRect:at:writingDirection:remaining:)`:
///    exclusion paths, shapes, a subclass's own geometry);
/// 3. fits a line into the rect (``LineFitter``) and places it (``LinePlacer``);
/// 4. stores it, after the delegate's say on spacing and on the rect —
///
/// or moves on: along the row (the rest of a band an exclusion split), down the container (a band
/// with no room), or to the next container (this one is full), telling the delegate which
/// container it finished in one place, ``moveToNextContainer(completing:)``.
///
/// Heights and tops are in the stacked flow (container i starts where container i − 1 ends).
struct ParagraphLineLoop {
    /// How many bands in a row may find no room before the flow moves down in growing steps.
    static let blockedBandsBeforeGrowing = 1000

    unowned let manager: NSLayoutManager
    /// Read once: `delegate` is a weak reference, and loading one costs an atomic operation.
    let delegate: NSLayoutManagerDelegate?
    let analysis: ParagraphAnalysis
    let text: UnsafeBufferPointer<UInt16>
    let characterStart: Int
    let length: Int
    /// The paragraph's first glyph (0 without a delegate: only delegate calls need it).
    let glyphBase: Int
    let settings: LineBreakSettings
    let fitter: LineFitter
    var placer: LinePlacer
    let rules: ParagraphRules
    let start: FlowState
    /// The paragraph's top in the stacked flow.
    let top: CGFloat

    var fragments: [LineFragment] = []
    var container: Int
    var lines: Int
    /// The next row's top, in the stacked flow.
    var y: CGFloat
    /// Characters laid out so far.
    var offset = 0
    /// What is left of the current row right of (or, right to left, left of) its last line.
    var remainingInRow: CGRect?
    var rowBottom: CGFloat
    var isShiftable = true
    var overflowed = false
    /// A line came out taller than its band in a shaped container: the band's height to ask for.
    var proposedHeight: CGFloat?
    var geometry: ContainerGeometry?
    var paragraphEstimate: CGFloat?
    var blockedBands = 0

    init(manager: NSLayoutManager, analysis: ParagraphAnalysis, text: UnsafeBufferPointer<UInt16>, characterStart: Int,
         length: Int, glyphBase: Int, settings: LineBreakSettings, rules: ParagraphRules, from state: FlowState) {
        self.manager = manager
        delegate = manager.delegate
        self.analysis = analysis
        self.text = text
        self.characterStart = characterStart
        self.length = length
        self.glyphBase = glyphBase
        self.settings = settings
        fitter = LineFitter(glyphs: analysis.glyphs, segments: analysis.segments, text: text, settings: settings)
        placer = LinePlacer(analysis: analysis, text: text)
        placer.usesFontLeading = manager.usesFontLeading
        self.rules = rules
        start = state
        top = FixedHeight.points(state.y)
        container = state.container
        lines = state.linesInContainer
        y = top
        rowBottom = top
    }

    /// Lays out every line and says where the flow stands after the paragraph.
    mutating func run() -> ParagraphLayout {
        while offset < length, nextLine() {}
        if remainingInRow != nil { y = rowBottom }
        let end = FlowState(y: start.y + FixedHeight.from(max(0, y - top)), container: container, linesInContainer: lines)
        let staysInItsContainer = fragments.allSatisfy { $0.container == start.container }
        return ParagraphLayout(fragments: fragments, height: end.y - start.y, start: start, end: end,
                               isShiftable: isShiftable && !overflowed && staysInItsContainer, overflowed: overflowed)
    }

    // MARK: One turn

    /// Stores the next line, or moves the flow on towards it; false when the text can go no
    /// further (``overflowed`` tells whether some of it did not fit).
    private mutating func nextLine() -> Bool {
        guard container < manager.textContainers.count else { overflowed = true; return false }
        let geometry = currentGeometry()
        if geometry.maximumLines > 0, lines >= geometry.maximumLines {
            // The container is full (an earlier paragraph used its last line).
            return moveToNextContainer(completing: geometry.container)
        }
        if !geometry.isSimple || geometry.maximumLines > 0 { isShiftable = false }
        let before = offset == 0 ? rules.spacingBefore : 0
        let estimate = estimatedHeight(in: geometry)
        let proposed = proposedBand(in: geometry, estimate: estimate, before: before)
        if remainingInRow == nil, NSLayoutManager.horizontalRoom(of: proposed, inWidth: geometry.width) <= 0 {
            // The indents leave no room inside the container's width, on any line: the text goes on
            // in the next container, or is left unlaid (see `horizontalRoom`).
            return moveToNextContainer(completing: geometry.container)
        }
        var remaining = CGRect.zero
        let rect = geometry.container.lineFragmentRect(forProposedRect: proposed, at: characterStart + offset,
                                                       writingDirection: rules.direction, remaining: &remaining)
        // A container narrower than its padding is as narrow on every line: moving down never
        // helps, so the line goes there anyway and holds one grapheme cluster.
        let isNarrowEverywhere = remainingInRow == nil && !rect.isEmpty
            && NSLayoutManager.horizontalRoom(of: proposed, inWidth: geometry.width) <= 2 * geometry.padding + 0.5
        if rect.isEmpty || (rect.width <= 2 * geometry.padding + 0.5 && !isNarrowEverywhere) {
            return moveOnFromBlockedBand(proposed: proposed, remaining: remaining, estimate: estimate, in: geometry)
        }
        blockedBands = 0
        let line = fitAndPlace(in: rect, geometry: geometry)
        let lineHeight = CGFloat(line.placed.height)
        if geometry.isSimple, remainingInRow == nil, rect.minY + lineHeight > geometry.height + 0.001 {
            // Taller than the estimate and past the container's bottom: the next container.
            return moveToNextContainer(completing: geometry.container)
        }
        if lineHeight > proposed.height + 0.01, proposedHeight == nil, !geometry.isSimple {
            // Taller than proposed: ask the container again for a band of the real height.
            proposedHeight = lineHeight
            return true
        }
        proposedHeight = nil
        store(line, in: rect, before: before, remaining: remaining, geometry: geometry)
        return finishContainerIfFull(after: line, geometry: geometry)
    }

    /// The container the flow is in, read once per container.
    private mutating func currentGeometry() -> ContainerGeometry {
        if let geometry, geometry.index == container { return geometry }
        let c = manager.textContainers[container]
        let made = ContainerGeometry(index: container, container: c, width: min(c.size.width, NSLayoutManager.unboundedHeight),
                                     height: min(c.size.height, NSLayoutManager.unboundedHeight),
                                     padding: c.lineFragmentPadding, maximumLines: c.maximumNumberOfLines,
                                     isSimple: c.isSimpleRectangularTextContainer, lineBreakMode: c.lineBreakMode,
                                     top: manager.containerTop(container))
        geometry = made
        return made
    }

    /// The height to propose for the next line. A simple container only needs a height to know
    /// whether the line fits its bottom (checked again with the real height): one estimate per
    /// paragraph. Shapes need the band of each line.
    private mutating func estimatedHeight(in geometry: ContainerGeometry) -> CGFloat {
        if let proposedHeight { return proposedHeight }
        guard geometry.isSimple else { return CGFloat(placer.estimatedHeight(at: offset)) }
        if paragraphEstimate == nil { paragraphEstimate = CGFloat(placer.estimatedHeight(at: 0)) }
        return paragraphEstimate!
    }

    /// The band the next line would take, in the container's coordinates: the rest of the row,
    /// or a new row between the indents.
    private func proposedBand(in geometry: ContainerGeometry, estimate: CGFloat, before: CGFloat) -> CGRect {
        if let remainingInRow { return remainingInRow }
        let head = offset == 0 ? rules.firstLineHeadIndent : rules.headIndent
        let tail = rules.tailIndent > 0 ? rules.tailIndent : geometry.width + rules.tailIndent
        var height = estimate
        let room = geometry.height - (y - geometry.top + before)
        if geometry.isSimple, room > 0 {
            // The real line's height decides whether it fits above the bottom: an estimate taller
            // than the room left must not send a shorter line on to the next container (a fresh
            // layout and a shifted one would differ).
            height = min(height, room)
        }
        return CGRect(x: head, y: y - geometry.top + before, width: max(0, tail - head), height: height)
    }

    /// The container had no usable room in the band: try the rest of the row, then the next row,
    /// then further down, then the next container.
    private mutating func moveOnFromBlockedBand(proposed: CGRect, remaining: CGRect, estimate: CGFloat,
                                                in geometry: ContainerGeometry) -> Bool {
        if remainingInRow != nil {
            if !remaining.isEmpty {
                remainingInRow = remaining  // too narrow a piece: try the rest of the row
            } else {
                remainingInRow = nil
                y = rowBottom
            }
            return true
        }
        if proposed.maxY > geometry.height + 0.001 || proposed.width <= 0 {
            return moveToNextContainer(completing: geometry.container)  // no room left in this one
        }
        // Nothing free in this band (an exclusion spans it): move down a little. After many bands in
        // a row (a few thousand points of text height), the steps grow with the distance travelled,
        // so that a shape with no room anywhere below (an exclusion taller than an unbounded
        // container) reaches the bottom in a few hundred more steps instead of hanging.
        blockedBands += 1
        var step = max(1, estimate / 4)
        if blockedBands > Self.blockedBandsBeforeGrowing { step = max(step, (y - top) / 8) }
        y += step
        isShiftable = false
        return true
    }

    /// Moves the flow to the top of the next container, telling the delegate that `finished` is
    /// full; false (and the rest of the paragraph overflows) when there is no next container.
    private mutating func moveToNextContainer(completing finished: NSTextContainer) -> Bool {
        guard container < manager.textContainers.count - 1 else {
            overflowed = true
            return false
        }
        delegate?.layoutManager(manager, didCompleteLayoutFor: finished, atEnd: false)
        container += 1
        lines = 0
        y = manager.containerTop(container)
        remainingInRow = nil
        return true
    }

    // MARK: A line

    /// A line fitted and placed, before it is stored.
    struct Line {
        var placed: PlacedLine
        /// The character after the line.
        var end: Int
        var isLastOfParagraph: Bool
        /// The container's line limit makes this its last line.
        var isLastAllowed: Bool
        var truncation: NSLineBreakMode?
    }

    /// Fits the next line into `rect` and places it. On the last line a container allows, a
    /// truncating line break mode shows the rest of the paragraph, truncated.
    private func fitAndPlace(in rect: CGRect, geometry: ContainerGeometry) -> Line {
        let isLastAllowed = geometry.maximumLines > 0 && lines + 1 >= geometry.maximumLines
        let lineStartX = Float(rect.minX)
        let lineEndX = max(lineStartX, Float(rect.maxX - 2 * geometry.padding))
        var fitted = fitter.fitLine(from: offset, lineStartX: lineStartX, lineEndX: lineEndX)
        var truncation = rules.truncation
        if isLastAllowed && fitted.characters.upperBound < length, ParagraphRules.isTruncating(geometry.lineBreakMode) {
            var clipping = settings
            clipping.mode = .byClipping
            fitted = LineFitter(glyphs: analysis.glyphs, segments: analysis.segments, text: text, settings: clipping)
                .fitLine(from: offset, lineStartX: lineStartX, lineEndX: lineEndX)
            truncation = geometry.lineBreakMode
        }
        let isLast = fitted.characters.upperBound >= length
        let placed = placer.place(fitted, lineStartX: lineStartX, lineEndX: lineEndX,
                                  isLastLineOfParagraph: isLast, truncationMode: truncation)
        return Line(placed: placed, end: fitted.characters.upperBound, isLastOfParagraph: isLast,
                    isLastAllowed: isLastAllowed, truncation: truncation)
    }

    /// Stores the line as a line fragment, after the delegate's say on its spacing and its rect,
    /// and moves along the row or down to the next one.
    private mutating func store(_ line: Line, in rect: CGRect, before: CGFloat, remaining: CGRect,
                                geometry: ContainerGeometry) {
        let placed = line.placed
        var lineSpacing = rules.lineSpacing
        var spacingAfter = line.isLastOfParagraph ? rules.paragraphSpacing : 0
        if let delegate {
            let lastGlyph = glyphBase + max(placed.glyphRange.lowerBound, placed.glyphRange.upperBound - 1)
            let v = delegate.layoutManager(manager, lineSpacingAfterGlyphAt: lastGlyph, withProposedLineFragmentRect: rect)
            if !v.isNaN { lineSpacing = v }
            if line.isLastOfParagraph && rules.endsParagraph {
                let a = delegate.layoutManager(manager, paragraphSpacingAfterGlyphAt: lastGlyph, withProposedLineFragmentRect: rect)
                if !a.isNaN { spacingAfter = a }
            }
        }
        let lineHeight = CGFloat(placed.height)
        var fragmentRect = CGRect(x: rect.minX, y: rect.minY - before, width: rect.width,
                                  height: before + lineHeight + lineSpacing + spacingAfter)
        // A right-to-left line's hanging trailing white space stands left of its content and is
        // not part of the used rect (contentOriginX).
        let glyphStart = rect.minX + geometry.padding + CGFloat(placed.contentOriginX - Float(rect.minX))
        var usedRect = CGRect(x: glyphStart - geometry.padding, y: rect.minY, width: CGFloat(placed.usedWidth) + 2 * geometry.padding,
                              height: lineHeight + lineSpacing)
        var baseline = before + CGFloat(placed.baseline)
        if let delegate {
            let range = NSRange(location: glyphBase + placed.glyphRange.lowerBound, length: placed.glyphRange.count)
            let wanted = fragmentRect
            if delegate.layoutManager(manager, shouldSetLineFragmentRect: &fragmentRect, lineFragmentUsedRect: &usedRect,
                                      baselineOffset: &baseline, in: geometry.container, forGlyphRange: range) {
                if fragmentRect != wanted { isShiftable = false }
            }
        }
        // Stored with y from the paragraph's top.
        let relativeTop = geometry.top + fragmentRect.minY - top
        var stored = LineFragment(line: placed, container: container, rect: fragmentRect, usedRect: usedRect,
                                  baselineOffset: baseline, textOriginX: geometry.padding)
        stored.rect.origin.y = relativeTop
        stored.usedRect.origin.y = relativeTop + (usedRect.minY - fragmentRect.minY)
        fragments.append(stored)
        lines += 1
        offset = line.end
        rowBottom = max(rowBottom, geometry.top + fragmentRect.maxY)
        if offset < length, !remaining.isEmpty {
            remainingInRow = CGRect(x: remaining.minX, y: rect.minY, width: remaining.width, height: rect.height)
        } else {
            remainingInRow = nil
            y = rowBottom
        }
    }

    /// After a line: when it was the last the container allows, the flow goes on in the next
    /// container (a truncated line stands for the rest of the paragraph). False when the text can
    /// go no further.
    private mutating func finishContainerIfFull(after line: Line, geometry: ContainerGeometry) -> Bool {
        guard geometry.maximumLines > 0, lines >= geometry.maximumLines else { return true }
        if line.isLastAllowed && line.truncation != nil && offset < length {
            offset = length
        }
        if container == manager.textContainers.count - 1 {
            if offset < length { overflowed = true }
            return false
        }
        return moveToNextContainer(completing: geometry.container)
    }
}
