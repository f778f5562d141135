import TextKitFonts
import TextKitGraphics
import TextKitModel

/// One place lines go, as the line loop sees it: a text container, or a Core Text frame's path.
/// Read once per paragraph (a container's properties are dynamically dispatched, and a subclass
/// may compute them).
package struct LineArea {
    /// Sizes are capped here so that the tops of later areas stay finite.
    package static let unbounded: CGFloat = 1e12

    /// Width and height, capped at ``unbounded`` so that sums stay finite.
    package var width: CGFloat
    package var height: CGFloat
    /// Room kept clear at both ends of every line (`lineFragmentPadding`).
    package var padding: CGFloat
    /// The most lines the area holds; 0 for no limit.
    package var maximumLines: Int
    /// A rectangle with nothing carved out: every band is the whole width.
    package var isSimple: Bool
    /// The area's own line break mode (a text container's; a truncating mode applies to the last
    /// line the area allows).
    package var lineBreakMode: NSLineBreakMode
    /// The area's top in the stacked flow (area i starts where area i − 1 ends).
    package var top: CGFloat
    /// Carves a proposed band (area coordinates, y down) into the line fragment rect for the
    /// character at `characterIndex`, and what is left of the band after it (TextKit's
    /// `lineFragmentRect(forProposedRect:at:writingDirection:remaining:)`): zero when nothing in the
    /// band is free.
    package var carve: (_ proposed: CGRect, _ characterIndex: Int, _ direction: NSWritingDirection,
                        _ remaining: inout CGRect) -> CGRect

    package init(width: CGFloat, height: CGFloat, padding: CGFloat, maximumLines: Int, isSimple: Bool,
                 lineBreakMode: NSLineBreakMode, top: CGFloat,
                 carve: @escaping (CGRect, Int, NSWritingDirection, inout CGRect) -> CGRect) {
        self.width = min(width, Self.unbounded)
        self.height = min(height, Self.unbounded)
        self.padding = padding
        self.maximumLines = maximumLines
        self.isSimple = isSimple
        self.lineBreakMode = lineBreakMode
        self.top = top
        self.carve = carve
    }
}

/// Who the line loop works for: the areas lines go in, and the say a layout manager's delegate
/// has on each line. Glyph indices here are the paragraph's own; the host adds its first glyph.
package protocol LineLoopHost {
    var areaCount: Int { get }
    func area(_ index: Int) -> LineArea
    /// Whether the hooks below say anything (false: the loop skips them).
    var hasHooks: Bool { get }
    /// The spacing after the line ending at `glyph` (NaN: the style's).
    func lineSpacing(afterGlyph glyph: Int, proposed: CGRect) -> CGFloat
    /// The spacing after the paragraph ending at `glyph` (NaN: the style's).
    func paragraphSpacing(afterGlyph glyph: Int, proposed: CGRect) -> CGFloat
    /// A last word on the rects and the baseline of the line holding `glyphs`; true when it changed them.
    func shouldSetLineFragmentRect(_ rect: inout CGRect, usedRect: inout CGRect, baselineOffset: inout CGFloat,
                                   area: Int, glyphs: Range<Int>) -> Bool
    /// Area `index` is full: the flow goes on in the next one.
    func didComplete(area index: Int)
}

/// A host without hooks (Core Text, string drawing).
package struct NoLineHooks: LineLoopHost {
    package let areas: [LineArea]
    package init(areas: [LineArea]) { self.areas = areas }
    package var areaCount: Int { areas.count }
    package func area(_ index: Int) -> LineArea { areas[index] }
    package var hasHooks: Bool { false }
    package func lineSpacing(afterGlyph glyph: Int, proposed: CGRect) -> CGFloat { .nan }
    package func paragraphSpacing(afterGlyph glyph: Int, proposed: CGRect) -> CGFloat { .nan }
    package func shouldSetLineFragmentRect(_ rect: inout CGRect, usedRect: inout CGRect, baselineOffset: inout CGFloat,
                                           area: Int, glyphs: Range<Int>) -> Bool { false }
    package func didComplete(area index: Int) {}
}

/// What a paragraph's style says about every line, read once per paragraph.
package struct ParagraphRules {
    package var spacingBefore: CGFloat
    package var headIndent: CGFloat
    /// The first line's head indent (the head indent for a piece of a long paragraph that is not its first).
    package var firstLineHeadIndent: CGFloat
    package var tailIndent: CGFloat
    package var lineSpacing: CGFloat
    /// The spacing after the paragraph (0 for a piece of a long paragraph that is not its last).
    package var paragraphSpacing: CGFloat
    /// The style's truncating line break mode, if it has one.
    package var truncation: NSLineBreakMode?
    package var endsParagraph: Bool
    /// False for the inner and last pieces of a long paragraph.
    package var startsParagraph: Bool
    package var direction: NSWritingDirection
    /// Keep the first and last lines company at an area's edge (LineLoop+WidowControl.swift).
    package var preventsWidowsAndOrphans: Bool

    /// The rules of `analysis`'s paragraph style; `startsParagraph`/`endsParagraph` false for the
    /// inner pieces of a long paragraph.
    package init(analysis: ParagraphAnalysis, spacingBefore: CGFloat? = nil, startsParagraph: Bool = true, endsParagraph: Bool = true) {
        let style = analysis.paragraphStyle
        self.spacingBefore = spacingBefore ?? (startsParagraph ? style.paragraphSpacingBefore : 0)
        headIndent = style.headIndent
        firstLineHeadIndent = startsParagraph ? style.firstLineHeadIndent : style.headIndent
        tailIndent = style.tailIndent
        lineSpacing = style.lineSpacing
        paragraphSpacing = endsParagraph ? style.paragraphSpacing : 0
        truncation = Self.isTruncating(style.lineBreakMode) ? style.lineBreakMode : nil
        self.endsParagraph = endsParagraph
        self.startsParagraph = startsParagraph
        preventsWidowsAndOrphans = style.preventsWidowsAndOrphans
        direction = analysis.baseLevel == 1 ? .rightToLeft : .leftToRight
    }

    /// Whether `mode` truncates (head, middle or tail) rather than wraps or clips.
    package static func isTruncating(_ mode: NSLineBreakMode) -> Bool {
        mode == .byTruncatingHead || mode == .byTruncatingMiddle || mode == .byTruncatingTail
    }
}

/// The line loop: lays out one paragraph (or piece of a long one) into a host's areas, a line at
/// a time, from a flow state — for the layout manager (areas: its text containers) and for
/// `CTFramesetter` (one area: the frame's path). Each turn of ``nextLine()``
/// 1. proposes a band: the next row's top, the indents, an estimated height;
/// 2. lets the area carve it (exclusion paths, shapes, a container subclass's own geometry);
/// 3. fits a line into the rect (``LineFitter``) and places it (``LinePlacer``);
/// 4. stores it, after the host's say on spacing and on the rect —
///
/// or moves on: along the row (the rest of a band an exclusion split), down the area (a band
/// with no room for the next grapheme cluster), or to the next area (this one is full), telling
/// the host which area it finished in one place, ``moveToNextArea(completing:)``.
///
/// A band piece is used when it holds the next word between the paddings (the text up to the
/// next break opportunity the fitter may take: UAX #14's, less those the delegate's
/// `shouldBreakLineByWordBeforeCharacterAt` refuses, so a link kept whole stays whole beside an
/// exclusion), or just the next grapheme cluster when that word is wider than the whole band or
/// no piece held it in the bands of the next few lines — or when no such piece came in the last
/// few bands after that (then any piece wider than the paddings), or
/// when the area is that narrow everywhere (a 4-point container): then each line holds one
/// cluster, as TextKit's typesetter puts at least one glyph on every line, instead of searching
/// down for a wider place that never comes.
///
/// Not generic over its host: an existential host costs a witness call per hook, while a generic
/// loop, unspecialized across the module boundary, looked up its types' metadata on every line
/// (2 % of laying out 1 MB).
package struct LineLoop {
    /// How many bands in a row may find no room before the flow moves down in growing steps.
    static var blockedBandsBeforeGrowing: Int { 1000 }
    /// How many bands in a row may be passed over for being narrower than the next word (about
    /// sixteen lines' height: past an exclusion beside which the word does not fit) before a piece
    /// that holds only its first grapheme cluster is taken.
    static var bandsSearchedForWord: Int { 64 }
    /// How many bands a paragraph may pass over in all for words that do not fit, so that a
    /// shape full of slivers costs at most that much more carving than the cluster rule alone.
    static var wordSearchBudget: Int { 256 }
    /// How many more bands may be passed over for being narrower than the next grapheme cluster
    /// (about two lines' height) before any piece wider than the paddings is taken.
    static var bandsSearchedForCluster: Int { 8 }

    let host: any LineLoopHost
    /// The host's area count, read again only when the flow moves to another area (a delegate
    /// may add a container when it hears one is full).
    var areaCount: Int
    let analysis: ParagraphAnalysis
    let text: UnsafeBufferPointer<UInt16>
    /// Added to paragraph offsets for the areas' `carve` (the paragraph's start in the text).
    let characterStart: Int
    /// Where the paragraph's lines end: its length, or less when a frame's range ends inside it.
    let end: Int
    let settings: LineBreakSettings
    let fitter: LineFitter
    var placer: LinePlacer
    let rules: ParagraphRules
    /// Lines keep their natural width: not aligned, justified or truncated (for measuring).
    let placesAtNaturalWidth: Bool
    let start: FlowState
    /// The paragraph's top in the stacked flow.
    let top: CGFloat

    var fragments: [LineFragment] = []
    var area: Int
    var lines: Int
    /// The next row's top, in the stacked flow.
    var y: CGFloat
    /// The paragraph offset laid out up to.
    var offset: Int
    /// What is left of the current row after its last line (an exclusion split the band).
    var remainingInRow: CGRect?
    var rowBottom: CGFloat
    var isShiftable = true
    var overflowed = false
    /// A line came out taller than its band in a shaped area: the band's height to ask for.
    var proposedHeight: CGFloat?
    var current: (index: Int, area: LineArea)?
    var paragraphEstimate: CGFloat?
    var blockedBands = 0
    /// Bands this paragraph may still pass over for a word that does not fit (``wordSearchBudget``).
    var wordSearchLeft = LineLoop.wordSearchBudget
    /// The total-fit plan of the paragraph, when its style asks for one (LineLoop+TotalFit.swift).
    var totalFit = TotalFitProgress()
    /// Paragraph offsets of lines that must start an area (widow and orphan control,
    /// LineLoop+WidowControl.swift), sorted, and the first of them not yet reached.
    var forcedAreaBreaks: [AreaBreak] = []
    var nextForcedAreaBreak = 0
    /// The paragraph's lines from before an edit inside it, taken where the edit cannot have
    /// changed them (PriorLines.swift); set by the caller before ``run()``.
    package var priorLines: PriorLines?
    /// How many of them it took.
    package private(set) var takenPriorLines = 0

    /// A loop over `analysis` (its text `text`) from `state`, starting at paragraph offset
    /// `from` and ending at `end` (nil: the paragraph's end).
    package init(host: any LineLoopHost, analysis: ParagraphAnalysis, text: UnsafeBufferPointer<UInt16>, characterStart: Int,
                 settings: LineBreakSettings, rules: ParagraphRules, usesFontLeading: Bool, from state: FlowState,
                 offset: Int = 0, end: Int? = nil, placesAtNaturalWidth: Bool = false) {
        self.host = host
        areaCount = host.areaCount
        self.analysis = analysis
        self.text = text
        self.characterStart = characterStart
        self.end = end ?? text.count
        self.settings = settings
        fitter = LineFitter(glyphs: analysis.glyphs, segments: analysis.segments, text: text, settings: settings)
        placer = LinePlacer(analysis: analysis, text: text)
        placer.usesFontLeading = usesFontLeading
        self.rules = rules
        self.placesAtNaturalWidth = placesAtNaturalWidth
        start = state
        top = FixedHeight.points(state.y)
        area = state.container
        lines = state.linesInContainer
        y = top
        rowBottom = top
        self.offset = offset
    }

    /// Lays out every line and says where the flow stands after the paragraph: with widow and
    /// orphan control when the style asks for it and there is an area to move lines to.
    package mutating func run() -> ParagraphLayout {
        guard rules.preventsWidowsAndOrphans, areaCount > 1 else { return layOutLines() }
        return layOutKeepingEdgeLinesCompany()
    }

    /// Lays out every line, starting an area at each of ``forcedAreaBreaks``.
    mutating func layOutLines() -> ParagraphLayout {
        if let prior = priorLines, takesPriorLines() {
            fragments.reserveCapacity(prior.fragments.count + 2)  // about as many lines as before
            for index in 0..<prior.prefixCount() { takePriorLine(prior.fragments[index]) }
            while offset < end {
                if let index = prior.suffixLine(startingAt: offset) {
                    for later in index..<prior.fragments.count { takePriorLine(prior.moved(later)) }
                    break
                }
                guard nextLine() else { break }
            }
        } else {
            while offset < end, nextLine() {}
        }
        if remainingInRow != nil { y = rowBottom }
        let endState = FlowState(y: start.y + FixedHeight.from(max(0, y - top)), container: area, linesInContainer: lines)
        let staysInItsArea = fragments.allSatisfy { $0.container == start.container }
        // Kept as long as the paragraph keeps its lines: an estimate too high, or an array doubled
        // as a long paragraph grew, would keep its room too.
        return ParagraphLayout(fragments: fragments.trimmed(), height: endState.y - start.y, start: start, end: endState,
                               isShiftable: isShiftable && !overflowed && staysInItsArea, overflowed: overflowed)
    }

    /// Whether ``priorLines`` may be taken: a whole paragraph, greedy lines of their natural
    /// breaking in one simple area of unbounded height without a line limit, truncation or hooks,
    /// where a line depends on nothing but its start and the text from there (PriorLines.swift).
    private mutating func takesPriorLines() -> Bool {
        guard areaCount == 1, area == 0, offset == 0, end == text.count, !placesAtNaturalWidth, !host.hasHooks,
              !settings.breaksByTotalFit, rules.truncation == nil, forcedAreaBreaks.isEmpty else { return false }
        let geometry = currentArea()
        return geometry.isSimple && geometry.maximumLines == 0 && geometry.height >= LineArea.unbounded
    }

    /// Stores `fragment`, a line from before the edit that is the one the loop would make here, as
    /// ``store(_:in:before:remaining:area:)`` stores a line in a simple area: its top is where the
    /// flow stands (its size, x and line are the old ones), and the flow moves below it.
    private mutating func takePriorLine(_ fragment: LineFragment) {
        let geometry = currentArea()
        let before = offset == 0 ? rules.spacingBefore : 0
        let bandTop = y - geometry.top + before  // the proposed band's (a simple area keeps it)
        let fragmentTop = bandTop - before
        let relativeTop = geometry.top + fragmentTop - top
        var stored = fragment
        stored.rect.origin.y = relativeTop
        stored.usedRect.origin.y = relativeTop + (bandTop - fragmentTop)
        fragments.append(stored)
        takenPriorLines += 1
        lines += 1
        offset = fragment.line.fitted.characters.upperBound
        rowBottom = max(rowBottom, geometry.top + CGRect(x: 0, y: fragmentTop, width: 0, height: fragment.rect.height).maxY)
        remainingInRow = nil
        y = rowBottom
    }

    /// The width a proposed line rect keeps inside an area `width` wide, before the area carves
    /// it: what the area's shape allows on every line, wherever it is. No room at all (a
    /// zero-width container, or indents that push the line outside it) means no text fits
    /// anywhere in the area.
    package static func horizontalRoom(of proposed: CGRect, inWidth width: CGFloat) -> CGFloat {
        min(proposed.maxX, min(width, LineArea.unbounded)) - max(proposed.minX, 0)
    }

    // MARK: One turn

    /// Stores the next line, or moves the flow on towards it; false when the text can go no
    /// further (``overflowed`` tells whether some of it did not fit).
    private mutating func nextLine() -> Bool {
        guard area < areaCount else { overflowed = true; return false }
        if remainingInRow == nil, mustStartArea() { return moveToNextArea(completing: area) }
        let geometry = currentArea()
        if geometry.maximumLines > 0, lines >= geometry.maximumLines {
            // The area is full (an earlier paragraph used its last line).
            return moveToNextArea(completing: area)
        }
        if !geometry.isSimple || geometry.maximumLines > 0 { isShiftable = false }
        let before = offset == 0 ? rules.spacingBefore : 0
        let estimate = estimatedHeight(in: geometry)
        let proposed = proposedBand(in: geometry, estimate: estimate, before: before)
        if remainingInRow == nil, Self.horizontalRoom(of: proposed, inWidth: geometry.width) <= 0 {
            // The indents leave no room inside the area's width, on any line: the text goes on in
            // the next area, or is left unlaid.
            return moveToNextArea(completing: area)
        }
        var remaining = CGRect.zero
        let rect = geometry.carve(proposed, characterStart + offset, rules.direction, &remaining)
        remaining = Self.restOfRow(after: rect, remaining: remaining)
        // A piece narrower than the next word is passed over while a wider one may come within
        // a few bands; after that any piece wider than the paddings takes the line (the search
        // down a shape full of slivers stays short). A simple area's piece is the whole band, so
        // it is either wide enough or narrow everywhere: no need to measure.
        let fullRoom = Self.horizontalRoom(of: proposed, inWidth: geometry.width)
        // A word is "wider than the band" against the whole band, not against the rest of a row
        // after a piece that took a line: one that fits a line goes on to the next row whole.
        let bandRoom = remainingInRow == nil ? fullRoom : Self.horizontalRoom(of: wholeBand(in: geometry, like: proposed),
                                                                              inWidth: geometry.width)
        let searchesWord = wordSearchLeft > 0 && blockedBands < Self.bandsSearchedForWord
        // The cluster stage follows the word's (or, once the paragraph's budget is spent, is all).
        let clusterStageEnd = Self.bandsSearchedForCluster + (wordSearchLeft > 0 ? Self.bandsSearchedForWord : 0)
        let unit: CGFloat = if geometry.isSimple {
            0
        } else if searchesWord {
            widthToHold(withinRoom: bandRoom - 2 * geometry.padding - 0.5)
        } else {
            blockedBands < clusterStageEnd ? nextClusterWidth() : 0
        }
        let needed = 2 * geometry.padding + unit + 0.5
        let isNarrowEverywhere = remainingInRow == nil && !rect.isEmpty && fullRoom <= needed
        if rect.isEmpty || (rect.width < needed && !isNarrowEverywhere) {
            if searchesWord { wordSearchLeft -= 1 }
            return moveOnFromBlockedBand(proposed: proposed, remaining: remaining, estimate: estimate, in: geometry)
        }
        blockedBands = 0
        let planned = plannedLine(in: rect, area: geometry)
        let line = fitAndPlace(in: rect, area: geometry, planned: planned)
        let lineHeight = CGFloat(line.placed.height)
        if geometry.isSimple, remainingInRow == nil, rect.minY + lineHeight > geometry.height + 0.001 {
            // Taller than the estimate and past the area's bottom: the next area.
            return moveToNextArea(completing: area)
        }
        if lineHeight > proposed.height + 0.01, proposedHeight == nil, !geometry.isSimple {
            // Taller than proposed: ask the area again for a band of the real height.
            proposedHeight = lineHeight
            return true
        }
        proposedHeight = nil
        store(line, in: rect, before: before, remaining: remaining, area: geometry)
        return finishAreaIfFull(after: line, area: geometry)
    }

    /// The rest of the row beyond `rect`, from `rect`'s edge: a container reports the remaining
    /// rect from the next free piece (past an exclusion, as Apple documents), but the next proposal
    /// is the whole rest of the band, so that the room a word is measured against is the band's.
    static func restOfRow(after rect: CGRect, remaining: CGRect) -> CGRect {
        guard !remaining.isEmpty, !rect.isEmpty else { return remaining }
        if remaining.minX >= rect.maxX - 0.001 {
            return CGRect(x: rect.maxX, y: remaining.minY, width: remaining.maxX - rect.maxX, height: remaining.height)
        }
        if remaining.maxX <= rect.minX + 0.001 {
            return CGRect(x: remaining.minX, y: remaining.minY, width: rect.minX - remaining.minX, height: remaining.height)
        }
        return remaining
    }

    /// The area the flow is in, read once per area.
    private mutating func currentArea() -> LineArea {
        if let current, current.index == area { return current.area }
        let made = host.area(area)
        current = (area, made)
        return made
    }

    /// What a band piece must hold: the next word (see the type's notes) when a band `room` wide
    /// can hold it, else the next grapheme cluster.
    private func widthToHold(withinRoom room: CGFloat) -> CGFloat {
        let word = nextWordWidth()
        return word <= room ? word : nextClusterWidth()
    }

    /// The advance of the text from ``offset`` to the next break opportunity the fitter may take
    /// (trailing white space excluded); the next cluster's when ``offset`` is inside a segment (a
    /// word broken by character on the line before) or lines break by character.
    private func nextWordWidth() -> CGFloat {
        let segments = analysis.segments
        guard settings.mode != .byCharWrapping, !segments.isEmpty else { return nextClusterWidth() }
        // The first segment ending after offset; offset must be where it starts.
        var low = 0, high = segments.count
        while low < high {
            let mid = (low + high) / 2
            if Int(segments[mid].end) <= offset { low = mid + 1 } else { high = mid }
        }
        guard low < segments.count, (low == 0 ? 0 : Int(segments[low - 1].end)) == offset else { return nextClusterWidth() }
        var width: Float = 0
        var i = low
        let last = self.end
        // A few segments at most: a delegate that refuses every break is not followed to the end.
        while i < segments.count, i - low < 64 {
            let segment = segments[i]
            width += segment.width
            let segmentEnd = Int(segment.end)
            if segment.flags.contains(.hardBreak) || segmentEnd >= last || settings.shouldBreakByWord?(segmentEnd) ?? true {
                return CGFloat(width - segment.trailingWhitespace)
            }
            i += 1
        }
        return CGFloat(width)
    }

    /// The advance of the grapheme cluster at ``offset``.
    private func nextClusterWidth() -> CGFloat {
        let glyphs = analysis.glyphs
        var g = glyphs.glyph(forCharacterAt: offset)
        guard g < glyphs.count else { return 0 }
        let cluster = glyphs.clusters[g]
        var width: Float = 0
        while g < glyphs.count && glyphs.clusters[g] == cluster && !glyphs.flags[g].contains(.control) {
            width += glyphs.advances[g]
            g += 1
        }
        return CGFloat(width)
    }

    /// The height to propose for the next line. A simple area only needs a height to know whether
    /// the line fits its bottom (checked again with the real height): one estimate per paragraph.
    /// Shapes need the band of each line.
    private mutating func estimatedHeight(in geometry: LineArea) -> CGFloat {
        if let proposedHeight { return proposedHeight }
        guard geometry.isSimple else { return CGFloat(placer.estimatedHeight(at: offset)) }
        if paragraphEstimate == nil { paragraphEstimate = CGFloat(placer.estimatedHeight(at: 0)) }
        return paragraphEstimate!
    }

    /// The band the next line would take, in the area's coordinates: the rest of the row (as tall
    /// as the line that came out taller than it, when the area is asked again for that line), or a
    /// new row between the indents.
    private func proposedBand(in geometry: LineArea, estimate: CGFloat, before: CGFloat) -> CGRect {
        if let remainingInRow {
            // A piece of the row that held a taller line (a larger font after an exclusion split
            // the row) is carved again at the line's height: the row's band would let it reach
            // into an exclusion just below (FuzzExclusion).
            guard let proposedHeight, proposedHeight > remainingInRow.height else { return remainingInRow }
            return CGRect(x: remainingInRow.minX, y: remainingInRow.minY, width: remainingInRow.width, height: proposedHeight)
        }
        let head = offset == 0 ? rules.firstLineHeadIndent : rules.headIndent
        let tail = rules.tailIndent > 0 ? rules.tailIndent : geometry.width + rules.tailIndent
        var height = estimate
        let room = geometry.height - (y - geometry.top + before)
        if geometry.isSimple, room > 0 {
            // The real line's height decides whether it fits above the bottom: an estimate taller
            // than the room left must not send a shorter line on to the next area (a fresh layout
            // and a shifted one would differ).
            height = min(height, room)
        }
        return CGRect(x: head, y: y - geometry.top + before, width: max(0, tail - head), height: height)
    }

    /// The whole band of the row `piece` is in: the area's width between the indents.
    private func wholeBand(in geometry: LineArea, like piece: CGRect) -> CGRect {
        let head = offset == 0 ? rules.firstLineHeadIndent : rules.headIndent
        let tail = rules.tailIndent > 0 ? rules.tailIndent : geometry.width + rules.tailIndent
        return CGRect(x: head, y: piece.minY, width: max(0, tail - head), height: piece.height)
    }

    /// The area had no usable room in the band: try the rest of the row, then the next row, then
    /// further down, then the next area.
    private mutating func moveOnFromBlockedBand(proposed: CGRect, remaining: CGRect, estimate: CGFloat,
                                                in geometry: LineArea) -> Bool {
        // Too narrow a piece: try the rest of the row, if it is really less than what was
        // proposed (a container subclass could hand the whole band back as "remaining").
        if !remaining.isEmpty, remaining.width < proposed.width - 0.001 {
            remainingInRow = CGRect(x: remaining.minX, y: proposed.minY, width: remaining.width, height: proposed.height)
            return true
        }
        if remainingInRow != nil {
            remainingInRow = nil
            if rowBottom > y {
                y = rowBottom  // a line went into this row: the next row starts below it
                return true
            }
        }
        if proposed.maxY > geometry.height + 0.001 || proposed.width <= 0 {
            return moveToNextArea(completing: area)  // no room left in this one
        }
        // Nothing free in this band (an exclusion spans it): move down a little. After many bands in
        // a row (a few thousand points of text height), the steps grow with the distance travelled,
        // so that a shape with no room anywhere below (an exclusion taller than an unbounded area)
        // reaches the bottom in a few hundred more steps instead of hanging.
        blockedBands += 1
        var step = max(1, estimate / 4)
        if blockedBands > Self.blockedBandsBeforeGrowing { step = max(step, (y - top) / 8) }
        y += step
        isShiftable = false
        return true
    }

    /// Moves the flow to the top of the next area, telling the host that `finished` is full;
    /// false (and the rest of the paragraph overflows) when there is no next area.
    mutating func moveToNextArea(completing finished: Int) -> Bool {
        areaCount = host.areaCount
        guard area < areaCount - 1 else {
            overflowed = true
            return false
        }
        if host.hasHooks {
            host.didComplete(area: finished)
            areaCount = host.areaCount
        }
        area += 1
        lines = 0
        y = currentArea().top
        remainingInRow = nil
        return true
    }
}

// MARK: - A line

extension LineLoop {
    /// A line fitted and placed, before it is stored.
    struct Line {
        var placed: PlacedLine
        /// The paragraph offset after the line.
        var end: Int
        var isLastOfParagraph: Bool
        /// The area's line limit makes this its last line.
        var isLastAllowed: Bool
        var truncation: NSLineBreakMode?
    }

    /// Fits the next line into `rect` (or takes the `planned` one) and places it. On the last line
    /// an area allows, a truncating line break mode shows the rest of the paragraph, truncated.
    func fitAndPlace(in rect: CGRect, area geometry: LineArea, planned: TotalFitPlan.Line? = nil) -> Line {
        let isLastAllowed = geometry.maximumLines > 0 && lines + 1 >= geometry.maximumLines
        let lineStartX = Float(rect.minX)
        let lineEndX = placesAtNaturalWidth ? .infinity : max(lineStartX, Float(rect.maxX - 2 * geometry.padding))
        var fitted = planned.map { fittedLine($0, lineStartX: lineStartX) }
            ?? fitter.fitLine(from: offset, lineStartX: lineStartX, lineEndX: lineEndX)
        var truncation = placesAtNaturalWidth ? nil : rules.truncation
        // The last line the area allows, truncated, stands for the rest of the paragraph, also
        // past a line separator where the clipped line stops.
        var hiddenRestEnd: Int?
        if isLastAllowed && fitted.characters.upperBound < end, ParagraphRules.isTruncating(geometry.lineBreakMode) {
            var clipping = settings
            clipping.mode = .byClipping
            fitted = LineFitter(glyphs: analysis.glyphs, segments: analysis.segments, text: text, settings: clipping)
                .fitLine(from: offset, lineStartX: lineStartX, lineEndX: lineEndX)
            truncation = geometry.lineBreakMode
            if fitted.characters.upperBound < end { hiddenRestEnd = end }
        }
        if fitted.characters.upperBound > end {
            fitted = fitter.unbrokenLine(offset..<end, lineStartX: lineStartX)  // a frame's range ends inside the paragraph
        }
        let placed = placer.place(fitted, lineStartX: lineStartX, lineEndX: placesAtNaturalWidth ? lineStartX + fitted.width : lineEndX,
                                  isLastLineOfParagraph: (hiddenRestEnd ?? fitted.characters.upperBound) >= text.count,
                                  truncationMode: truncation, hiddenRestEnd: hiddenRestEnd)
        let lineEnd = placed.fitted.characters.upperBound
        return Line(placed: placed, end: lineEnd, isLastOfParagraph: lineEnd >= text.count,
                    isLastAllowed: isLastAllowed, truncation: truncation)
    }

    /// Makes room for about as many fragments as the paragraph will have, judged by its first line:
    /// the rest of the text over a line's length, with a tenth to spare, no more than the area's
    /// line limit allows and at most ``reservedFragmentsLimit``. Nothing when lines do not wrap (a
    /// paragraph is then one line) or the first line ends at a line separator (its length says
    /// nothing). Appended one by one, the fragments (some 240 bytes each) made and freed two or
    /// three buffers a paragraph, and the last one was a fifth to a third empty for the life of
    /// the layout.
    private mutating func reserveFragments(after line: Line, area geometry: LineArea) {
        let first = line.end - offset, rest = end - line.end
        guard settings.wraps, first > 0, rest > 0, !line.placed.fitted.endsWithHardBreak else { return }
        var estimate = min(1 + (10 * rest + 9 * first - 1) / (9 * first), Self.reservedFragmentsLimit)
        if geometry.maximumLines > 0 { estimate = min(estimate, max(1, geometry.maximumLines - lines)) }
        fragments.reserveCapacity(estimate)
    }

    /// The most fragments reserved at a paragraph's first line; a longer paragraph's array grows.
    static let reservedFragmentsLimit = 128

    /// Stores the line as a line fragment, after the host's say on its spacing and its rect, and
    /// moves along the row or down to the next one.
    mutating func store(_ line: Line, in rect: CGRect, before: CGFloat, remaining: CGRect, area geometry: LineArea) {
        let placed = line.placed
        var lineSpacing = rules.lineSpacing
        var spacingAfter = line.isLastOfParagraph ? rules.paragraphSpacing : 0
        let hasHooks = host.hasHooks
        if hasHooks {
            let lastGlyph = max(placed.glyphRange.lowerBound, placed.glyphRange.upperBound - 1)
            let v = host.lineSpacing(afterGlyph: lastGlyph, proposed: rect)
            if !v.isNaN { lineSpacing = v }
            if line.isLastOfParagraph && rules.endsParagraph {
                let a = host.paragraphSpacing(afterGlyph: lastGlyph, proposed: rect)
                if !a.isNaN { spacingAfter = a }
            }
        }
        let lineHeight = CGFloat(placed.height)
        // As in TextKit, a line fragment spans the area's band and the paragraph's indents move the
        // glyphs within it (code draws a block quote's bar at the fragment's origin): in a simple
        // area the band is the whole width. In a shaped one the fragment is the piece the region
        // carved from the indented band (an exclusion may lie in the indent).
        let band = geometry.isSimple && remainingInRow == nil
            ? CGRect(x: 0, y: rect.minY, width: min(geometry.width, LineArea.unbounded), height: rect.height) : rect
        var fragmentRect = CGRect(x: band.minX, y: rect.minY - before, width: band.width,
                                  height: before + lineHeight + lineSpacing + spacingAfter)
        // A right-to-left line's hanging trailing white space stands left of its content and is
        // not part of the used rect (contentOriginX); nor is hanging punctuation: the used rect
        // stops at the margins the marks hang into.
        // White space at the end of a paragraph (or before a line separator) is part of the text's
        // width, as in TextKit (" ".size(withAttributes:) is a space wide, "a " wider than "a");
        // only the white space where a line wraps hangs past its used rect.
        let keepsTrailing = line.isLastOfParagraph || placed.fitted.endsWithHardBreak
        let contentStart = keepsTrailing ? min(placed.originX, placed.contentOriginX) : placed.contentOriginX
        let glyphStart = rect.minX + geometry.padding + CGFloat(contentStart - Float(rect.minX))
        let hangs = CGFloat(placed.leftHang + placed.rightHang)
        let usedWidth = CGFloat(placed.usedWidth + (keepsTrailing ? placed.trailingWhitespaceWidth : 0))
        var usedRect = CGRect(x: glyphStart - geometry.padding + CGFloat(placed.leftHang), y: rect.minY,
                              width: usedWidth - hangs + 2 * geometry.padding, height: lineHeight + lineSpacing)
        var baseline = before + CGFloat(placed.baseline)
        if hasHooks {
            let wanted = fragmentRect
            if host.shouldSetLineFragmentRect(&fragmentRect, usedRect: &usedRect, baselineOffset: &baseline,
                                              area: area, glyphs: placed.glyphRange), fragmentRect != wanted {
                isShiftable = false
            }
        }
        // Stored with y from the paragraph's top.
        let relativeTop = geometry.top + fragmentRect.minY - top
        var stored = LineFragment(line: placed, container: area, rect: fragmentRect, usedRect: usedRect,
                                  baselineOffset: baseline, textOriginX: geometry.padding)
        stored.rect.origin.y = relativeTop
        stored.usedRect.origin.y = relativeTop + (usedRect.minY - fragmentRect.minY)
        if fragments.isEmpty { reserveFragments(after: line, area: geometry) }
        fragments.append(stored)
        lines += 1
        offset = line.end
        rowBottom = max(rowBottom, geometry.top + fragmentRect.maxY)
        if offset < end, !remaining.isEmpty {
            remainingInRow = CGRect(x: remaining.minX, y: rect.minY, width: remaining.width, height: rect.height)
        } else {
            remainingInRow = nil
            y = rowBottom
        }
    }

    /// After a line: when it was the last the area allows, the flow goes on in the next area (a
    /// truncated line stands for the rest of the paragraph). False when the text can go no further.
    mutating func finishAreaIfFull(after line: Line, area geometry: LineArea) -> Bool {
        guard geometry.maximumLines > 0, lines >= geometry.maximumLines else { return true }
        if line.isLastAllowed && line.truncation != nil && offset < end {
            offset = end
        }
        if area == areaCount - 1 {
            if offset < end { overflowed = true }
            return false
        }
        return moveToNextArea(completing: area)
    }
}
