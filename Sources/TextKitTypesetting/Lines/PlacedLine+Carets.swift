import TextKitFonts
import TextKitGraphics
import TextKitModel

/// The caret geometry of one placed line: where each grapheme cluster sits, where the insertion
/// points between them are (one caret, or two at a bidi boundary), and which insertion point is
/// nearest to an x position. The one caret model of the text system: NSLayoutManager's hit
/// testing and selection and CTLine's caret functions (`CTLineGetOffsetForStringIndex`,
/// `CTLineGetStringIndexForPosition`, `CTLineEnumerateCaretOffsets`) both answer from it.
///
/// Offsets are UTF-16 offsets in the paragraph; x is in the line's text coordinates (as
/// ``PlacedLine/glyphPositions(in:)``: from the start of the text area, `originX` included).
///
/// Carets stop only at grapheme cluster boundaries (ICU's character break iterator). Inside a
/// ligature that spans several clusters ("ffi" as one glyph) the carets come from the font's
/// ligature caret list (GDEF) when it has exactly the carets needed, else the ligature's advance
/// is divided evenly among its clusters, as TextKit does.
///
/// The characters whose glyphs truncation hides form one grapheme whose box is the ellipsis (or
/// a Core Text truncation token): a caret before them sits at the ellipsis's leading edge, one
/// after them at its trailing edge, and none inside it.
///
/// Building one costs O(characters of the line); keep it while you ask several questions about
/// the same line.
package struct LineCarets: Sendable, Equatable {
    /// One grapheme cluster of the line, in logical order.
    package struct Grapheme: Sendable, Equatable {
        /// Its characters (paragraph offsets).
        package var characters: Range<Int>
        /// Its visual extent (text coordinates). Zero width for controls and hidden glyphs; the
        /// ellipsis's box for the characters truncation hides.
        package var minX: Float
        package var maxX: Float
        /// The bidi level of its glyphs (odd: right to left).
        package var level: UInt8

        package var isRightToLeft: Bool { level & 1 == 1 }
        /// Where it starts in its writing direction (left edge for LTR, right edge for RTL).
        package var leadingX: Float { isRightToLeft ? maxX : minX }
        /// Where it ends in its writing direction.
        package var trailingX: Float { isRightToLeft ? minX : maxX }
        package var width: Float { maxX - minX }
    }

    /// A caret position: an insertion point and its x.
    package struct Stop: Sendable, Equatable {
        package var x: Float
        package var offset: Int
    }

    /// The line's characters (paragraph offsets), trailing white space and break included.
    package let characters: Range<Int>
    /// The line's grapheme clusters, logical order.
    package let graphemes: [Grapheme]
    /// Indices into ``graphemes`` in visual order, left to right.
    package let visualOrder: [Int]
    /// The paragraph's embedding level (0 left to right, 1 right to left).
    package let baseLevel: UInt8
    /// The line's start and end in the paragraph's direction (left and right ends of its
    /// content for a left-to-right paragraph, right and left for a right-to-left one).
    package let startEdgeX: Float
    package let endEdgeX: Float

    /// The insertion points of the line in visual order, left to right, each exactly once:
    /// moving the caret right steps through this list. At a bidi boundary two insertion points
    /// share an x (each also has a second caret elsewhere); the one kept at each place is the one
    /// that belongs to the text of the lower embedding level, so text in the paragraph's direction
    /// keeps its caret where the run boundary is.
    package let visualStops: [Stop]

    /// What ``hit(x:)`` searches on a line of ``searchedLength`` graphemes or more (shorter lines
    /// are walked): the graphemes it may hit (those with a width, or all when none has one), in
    /// visual order, and their boxes as ``NearestIntervals`` (ranks are positions in that list).
    /// Made by the second hit on the line (the first walks: a line's carets serve caret rects and
    /// selections too, which never search, and a line hit once costs no more than before) and
    /// shared by the copies of this value, under its lock.
    private let search: Locked<HitSearch>
    /// Whether the line is searched (else walked).
    private let searches: Bool

    /// Lines with at least this many graphemes are searched by ``hit(x:)``, shorter ones walked
    /// (a walk of a few hundred boxes costs less than a microsecond; the search's tables cost some
    /// 36 bytes a grapheme to build and keep).
    package static let searchedLength = 256

    package var isRightToLeftParagraph: Bool { baseLevel & 1 == 1 }

    init(characters: Range<Int>, graphemes: [Grapheme], visualOrder: [Int], baseLevel: UInt8,
         startEdgeX: Float, endEdgeX: Float, visualStops: [Stop], searched: Bool? = nil) {
        self.characters = characters
        self.graphemes = graphemes
        self.visualOrder = visualOrder
        self.baseLevel = baseLevel
        self.startEdgeX = startEdgeX
        self.endEdgeX = endEdgeX
        self.visualStops = visualStops
        searches = searched ?? (graphemes.count >= Self.searchedLength)
        search = Locked(HitSearch())
    }

    /// This line with ``hit(x:)`` searching (`true`) or walking (`false`) whatever its length
    /// (tests compare the two).
    package func searching(_ searched: Bool) -> LineCarets {
        LineCarets(characters: characters, graphemes: graphemes, visualOrder: visualOrder, baseLevel: baseLevel,
                   startEdgeX: startEdgeX, endEdgeX: endEdgeX, visualStops: visualStops, searched: searched)
    }

    /// Whether ``hit(x:)`` searches this line rather than walking it (making the search if it
    /// was not made yet).
    package var isSearched: Bool { hitSearch(now: true) != nil }

    /// The search, made on the second call (or at once, `now`); nil before, and for a line
    /// that is walked.
    private func hitSearch(now: Bool = false) -> (graphemes: [Int32], boxes: NearestIntervals)? {
        guard searches else { return nil }
        return search.withLock { search in
            if search.isMade { return search.made }
            search.calls += 1
            guard now || search.calls >= 2 else { return nil }
            search.isMade = true
            var hittable = visualOrder.filter { graphemes[$0].width > 0 }
            if hittable.isEmpty { hittable = visualOrder }
            search.made = NearestIntervals(lower: hittable.map { graphemes[$0].minX }, upper: hittable.map { graphemes[$0].maxX })
                .map { (hittable.map { Int32($0) }, $0) }
            return search.made
        }
    }

    /// The line's geometry, the search left out (it is made from the rest).
    package static func == (a: LineCarets, b: LineCarets) -> Bool {
        a.characters == b.characters && a.graphemes == b.graphemes && a.visualOrder == b.visualOrder && a.baseLevel == b.baseLevel
            && a.startEdgeX == b.startEdgeX && a.endEdgeX == b.endEdgeX && a.visualStops == b.visualStops
    }

    // MARK: Queries

    /// The grapheme that starts at `offset` or contains it; `graphemes.count` at the line's end.
    package func graphemeIndex(containing offset: Int) -> Int {
        var low = 0, high = graphemes.count
        while low < high {
            let mid = (low + high) / 2
            if graphemes[mid].characters.upperBound <= offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Whether `offset` is an insertion point of the line (a grapheme boundary within it).
    package func isInsertionPoint(_ offset: Int) -> Bool {
        guard characters.contains(offset) || offset == characters.upperBound else { return false }
        let k = graphemeIndex(containing: offset)
        return k == graphemes.count || graphemes[k].characters.lowerBound == offset
    }

    /// The caret x positions for an insertion point, as `CTLineGetOffsetForStringIndex`: the
    /// primary caret at the leading edge of the grapheme that starts at `offset` (in that
    /// grapheme's direction), the secondary at the trailing edge of the grapheme before it. They
    /// differ only at a bidi boundary. At the line's start the secondary is the line's start edge;
    /// at its end the primary is the line's end edge (in the paragraph's direction) and the
    /// secondary the trailing edge of the last grapheme. An offset inside a grapheme cluster (or a
    /// surrogate pair) counts as the cluster's start; offsets outside the line are clamped to it.
    package func offset(forCharacter offset: Int) -> (primary: Float, secondary: Float) {
        guard !graphemes.isEmpty else { return (startEdgeX, startEdgeX) }
        let clamped = min(max(offset, characters.lowerBound), characters.upperBound)
        let k = graphemeIndex(containing: clamped)
        if k == graphemes.count {
            return (endEdgeX, graphemes[k - 1].trailingX)
        }
        let primary = graphemes[k].leadingX
        let secondary = k == 0 ? startEdgeX : graphemes[k - 1].trailingX
        return (primary, secondary)
    }

    /// The caret x positions for an insertion point in Core Text's order
    /// (`CTLineGetOffsetForStringIndex`): the primary caret is where a character of the
    /// paragraph's direction would be inserted, the secondary where one of the other direction
    /// would be ("the primary offset corresponds to the portion of the caret that represents the
    /// visual insertion location for a character whose direction matches the line's writing
    /// direction", Apple's CTLine reference). The two candidates are those of
    /// ``offset(forCharacter:)`` — the leading edge of the grapheme at `offset` and the trailing
    /// edge of the one before, with the line's start and end edges standing in for a missing
    /// neighbour at the paragraph's level — and the primary is the one whose grapheme has the
    /// lower embedding level (the leading edge at equal levels, where both carets coincide).
    /// So an insertion point between "abc " and a Hebrew word has its primary caret right after
    /// the space, and the start of a left-to-right line that begins in Hebrew has its primary
    /// caret at the line's left end. Offsets are clamped and rounded as in ``offset(forCharacter:)``.
    package func lineDirectionOffsets(forCharacter offset: Int) -> (primary: Float, secondary: Float) {
        guard !graphemes.isEmpty else { return (startEdgeX, startEdgeX) }
        let k = graphemeIndex(containing: min(max(offset, characters.lowerBound), characters.upperBound))
        typealias Caret = (x: Float, level: UInt8)
        let after: Caret = k < graphemes.count ? (graphemes[k].leadingX, graphemes[k].level) : (endEdgeX, baseLevel)
        let before: Caret = k > 0 ? (graphemes[k - 1].trailingX, graphemes[k - 1].level) : (startEdgeX, baseLevel)
        return before.level < after.level ? (before.x, after.x) : (after.x, before.x)
    }

    /// The insertion point for a click at `x`, as `CTLineGetStringIndexForPosition`: the
    /// grapheme under `x` gives its start when `x` is in its leading half (the left half of
    /// left-to-right text, the right half of right-to-left text) and its end otherwise. Left or
    /// right of the line, its start or end (by the paragraph's direction).
    package func characterIndex(forX x: Float) -> Int {
        guard !graphemes.isEmpty else { return characters.lowerBound }
        let rtl = isRightToLeftParagraph
        if x <= min(startEdgeX, endEdgeX) { return rtl ? characters.upperBound : characters.lowerBound }
        if x >= max(startEdgeX, endEdgeX) { return rtl ? characters.lowerBound : characters.upperBound }
        guard let (k, fraction) = hit(x: x) else { return characters.lowerBound }
        return fraction < 0.5 ? graphemes[k].characters.lowerBound : graphemes[k].characters.upperBound
    }

    /// The grapheme under `x` (or, left or right of the line, the visually nearest one) and how far
    /// `x` is through it in its writing direction (0 at its leading edge, 1 at its trailing edge).
    /// Zero-width graphemes (line breaks, hidden characters, a truncation without a token) are hit
    /// only when the line has nothing else. Where boxes overlap, the one first in visual order
    /// wins; at equal distances outside the boxes, too. Nil for a line without graphemes.
    ///
    /// O(log n) on a line of ``searchedLength`` graphemes or more from the second call on (a search
    /// of the boxes, sorted by that call in O(n) as they mostly come, else O(n log n)), O(n) on
    /// shorter lines and at the first call (a walk), with the same answers; no allocation but the
    /// search's tables.
    package func hit(x: Float) -> (grapheme: Int, fraction: Float)? {
        var steps = 0
        return hit(x: x, steps: &steps)
    }

    /// ``hit(x:)``, adding to `steps` the number of boxes or table entries it looked at (what tests
    /// count to tell a search from a walk).
    package func hit(x: Float, steps: inout Int) -> (grapheme: Int, fraction: Float)? {
        guard !graphemes.isEmpty else { return nil }
        let best = hitSearch().map { Int($0.graphemes[$0.boxes.nearest(to: x, steps: &steps)]) } ?? nearestByWalking(x: x, steps: &steps)
        return (best, fraction(x: x, through: best))
    }

    /// ``hit(x:)`` by walking every grapheme in visual order, whatever the line's length: the
    /// definition the search must agree with (tests compare them).
    package func hitByWalking(x: Float) -> (grapheme: Int, fraction: Float)? {
        guard !graphemes.isEmpty else { return nil }
        var steps = 0
        let best = nearestByWalking(x: x, steps: &steps)
        return (best, fraction(x: x, through: best))
    }

    /// The first grapheme in visual order at the least distance from `x`, among those with a width
    /// (all when none has one); the walk stops at the first that holds `x`.
    private func nearestByWalking(x: Float, steps: inout Int) -> Int {
        for pass in 0..<2 {
            let onlyWide = pass == 0
            var best = -1
            var bestDistance = Float.infinity
            for k in visualOrder {
                let g = graphemes[k]
                if onlyWide && !(g.width > 0) { continue }
                steps += 1
                if best < 0 { best = k }
                let distance = x < g.minX ? g.minX - x : (x > g.maxX ? x - g.maxX : 0)
                if distance < bestDistance {
                    best = k
                    bestDistance = distance
                    if distance == 0 { break }
                }
            }
            if best >= 0 { return best }
        }
        return visualOrder.first ?? 0
    }

    /// How far `x` is through grapheme `k` in its writing direction (0 for a grapheme without width).
    private func fraction(x: Float, through k: Int) -> Float {
        let g = graphemes[k]
        guard g.width > 0 else { return 0 }
        let through = min(max((x - g.minX) / g.width, 0), 1)
        return g.isRightToLeft ? 1 - through : through
    }

    /// The insertion points of the line and their carets, as AppKit's
    /// `getLineFragmentInsertionPoints`: in logical order, or, with `inDisplayOrder`, sorted by x
    /// (a stable sort: at equal x, logical order). With `alternatePositions`, the secondary carets
    /// instead of the primary ones.
    package func insertionPoints(alternatePositions: Bool, inDisplayOrder: Bool) -> [Stop] {
        var stops: [Stop] = []
        stops.reserveCapacity(graphemes.count + 1)
        for g in graphemes {
            let caret = offset(forCharacter: g.characters.lowerBound)
            stops.append(Stop(x: alternatePositions ? caret.secondary : caret.primary, offset: g.characters.lowerBound))
        }
        let end = offset(forCharacter: characters.upperBound)
        stops.append(Stop(x: alternatePositions ? end.secondary : end.primary, offset: characters.upperBound))
        if inDisplayOrder {
            stops = stops.enumerated().sorted { ($0.element.x, $0.offset) < ($1.element.x, $1.offset) }.map(\.element)
        }
        return stops
    }

    /// The x intervals (text coordinates, left to right, merged where they touch) covered by the
    /// graphemes that intersect `range` (paragraph offsets): one interval for text in one
    /// direction, several when the range crosses a bidi boundary.
    package func visualSpans(of range: Range<Int>) -> [ClosedRange<Float>] {
        var spans: [ClosedRange<Float>] = []
        for k in visualOrder {
            let g = graphemes[k]
            guard g.characters.overlaps(range) else { continue }
            if let last = spans.last, g.minX <= last.upperBound + 0.01 {
                spans[spans.count - 1] = last.lowerBound...max(last.upperBound, g.maxX)
            } else {
                spans.append(g.minX...g.maxX)
            }
        }
        return spans
    }
}

/// Where ``LineCarets`` keeps its hit search once made: values are copied and shared between
/// threads (a `CTLine`'s carets), so the search is made under a lock (`Locked`), once.
private struct HitSearch {
    var calls = 0
    var isMade = false
    var made: (graphemes: [Int32], boxes: NearestIntervals)?
}

extension PlacedLine {
    /// The caret geometry of the line (see ``LineCarets``).
    /// - Parameters:
    ///   - analysis: the paragraph's analysis the line was placed from.
    ///   - text: the paragraph's UTF-16 text.
    ///   - positions: each glyph's pen x and drawn advance, by logical index, when they differ
    ///     from ``glyphPositions(in:)`` (a Core Text line justified between its clusters);
    ///     nil to use those.
    ///   - textStart: the paragraph offset of `text`'s first unit, when `text` is a part of the
    ///     paragraph's text holding at least the line's characters (0: `text` is the whole
    ///     paragraph's).
    package func carets(in analysis: ParagraphAnalysis, text: UnsafeBufferPointer<UInt16>, textStart: Int = 0,
                        positions: (x: [Float], advances: [Float])? = nil) -> LineCarets {
        carets(in: analysis, text: text, textStart: textStart, positions: positions, takesPlainLinePath: true)
    }

    /// ``carets(in:text:textStart:positions:)``, with or without the path for plain lines (tests
    /// compare the two).
    func carets(in analysis: ParagraphAnalysis, text: UnsafeBufferPointer<UInt16>, textStart: Int = 0,
                positions: (x: [Float], advances: [Float])?, takesPlainLinePath: Bool) -> LineCarets {
        let (xs, advances) = positions ?? glyphPositions(in: analysis.glyphs)
        let builder = CaretBuilder(line: self, analysis: analysis, text: text, textStart: textStart, xs: xs, advances: advances)
        return (takesPlainLinePath ? builder.buildPlainLine() : nil) ?? builder.build()
    }

    /// The line's typographic bounds, as `CTLineGetTypographicBounds`: the largest ascent,
    /// descent and leading of its fonts (points, positive) and its width, trailing white space
    /// included (the used width plus ``trailingWhitespaceWidth``).
    package var typographicBounds: (ascent: Float, descent: Float, leading: Float, width: Float) {
        (ascent, descent, leading, usedWidth + trailingWhitespaceWidth)
    }

    /// Where the line's content starts (text coordinates): ``originX``, or, when the line's
    /// trailing white space stands visually first (a right-to-left paragraph, where it hangs past
    /// the left end), just after it. The used width runs from here.
    package var contentOriginX: Float {
        guard let first = visualRuns.first, first.isRightToLeft, let last = glyphRange.last,
              first.glyphs.contains(last), truncation?.hiddenGlyphs.contains(last) != true else { return originX }
        return originX + fitted.trailingWhitespace
    }

    /// The advance of the white space at the line's end, which hangs past the used width, as
    /// `CTLineGetTrailingWhitespaceWidth`.
    package var trailingWhitespaceWidth: Float { fitted.trailingWhitespace }

    /// The union of the ink bounds of the line's drawn glyphs (ellipsis, hyphen and attachments
    /// included; hidden glyphs and controls not), as `CTLineGetImageBounds` but **y down with
    /// the origin on the baseline** (as ``UIFont/boundingRect(forGlyph:)``): x in text
    /// coordinates, `minY` negative for ink above the baseline. `.null` when nothing has ink.
    /// Costs one outline-bounds lookup per glyph (HarfBuzz; CFF fonts interpret each charstring).
    package func imageBounds(in analysis: ParagraphAnalysis) -> CGRect {
        let glyphs = analysis.glyphs
        let (xs, _) = glyphPositions(in: glyphs)
        var result = CGRect.null
        let hidden = truncation?.hiddenGlyphs ?? 0..<0
        var r = glyphRange.isEmpty ? 0 : glyphs.runIndex(containingGlyph: glyphRange.lowerBound)
        while r < glyphs.runs.count && glyphs.runs[r].glyphRange.lowerBound < glyphRange.upperBound {
            let run = glyphs.runs[r]
            let font = glyphs.fonts[Int(run.font)]
            let style = analysis.styles[Int(run.style)]
            let lower = max(run.glyphRange.lowerBound, glyphRange.lowerBound)
            let upper = min(run.glyphRange.upperBound, glyphRange.upperBound)
            for g in lower..<upper where !hidden.contains(g) {
                let flags = glyphs.flags[g]
                if flags.contains(.control) || flags.contains(.null) { continue }
                let offset = glyphs.offsets[Int32(g)] ?? .zero
                let x = CGFloat(xs[g - glyphRange.lowerBound] + glyphOffsetX(offset.x, of: g, in: glyphs))
                let y = CGFloat(offset.y - style.baselineOffset)
                var box: CGRect
                if flags.contains(.attachment), let attachment = style.attachment {
                    let bounds = glyphs.attachmentBounds[glyphs.clusters[g]] ?? LayoutNumber.attachmentBounds(attachment)
                    box = CGRect(x: 0, y: -(bounds.minY + bounds.height), width: bounds.width, height: bounds.height)
                } else {
                    box = font.boundingRect(forGlyph: glyphs.glyphs[g])
                    if box.isEmpty { continue }
                    let scale = CGFloat(style.horizontalScale * fitted.glyphScale)
                    box = CGRect(x: box.minX * scale, y: box.minY, width: box.width * scale, height: box.height)
                }
                result = result.union(box.offsetBy(dx: x, dy: y))
            }
            r += 1
        }
        if let truncation, !truncation.hiddenGlyphs.isEmpty {
            let box = glyphs.fonts[Int(truncation.font)].boundingRect(forGlyph: truncation.glyph)
            if !box.isEmpty { result = result.union(box.offsetBy(dx: CGFloat(originX + truncation.ellipsisX), dy: 0)) }
        }
        if fitted.isHyphenated, let last = glyphRange.last {
            let font = glyphs.fonts[Int(glyphs.runs[glyphs.runIndex(containingGlyph: last)].font)]
            if let hyphen = font.hyphenGlyph {
                let box = font.boundingRect(forGlyph: hyphen)
                if !box.isEmpty { result = result.union(box.offsetBy(dx: CGFloat(hyphenX(in: glyphs)), dy: 0)) }
            }
        }
        return result
    }
}

/// Builds a ``LineCarets``: glyph clusters → grapheme boxes → visual stops.
struct CaretBuilder {
    let line: PlacedLine
    let analysis: ParagraphAnalysis
    /// The paragraph's text from paragraph offset `textStart` on (at least the line's characters).
    let text: UnsafeBufferPointer<UInt16>
    var textStart = 0
    /// Each glyph's pen x and drawn advance (``PlacedLine/glyphPositions(in:)`` or a caller's).
    let xs: [Float]
    let advances: [Float]

    /// A run of glyphs with one cluster value: its characters, its visual extent, and the x of
    /// grapheme boundaries inside it (ligatures).
    struct Cluster {
        var characters: Range<Int>
        var minX: Float
        var maxX: Float
        var level: UInt8
        var inner: [(offset: Int, x: Float)] = []

        var leadingX: Float { level & 1 == 1 ? maxX : minX }
        var trailingX: Float { level & 1 == 1 ? minX : maxX }

        func x(at boundary: Int) -> Float {
            if boundary <= characters.lowerBound { return leadingX }
            if boundary >= characters.upperBound { return trailingX }
            for piece in inner where piece.offset == boundary { return piece.x }
            // Not a grapheme boundary (cannot happen for the boundaries asked): interpolate.
            let f = Float(boundary - characters.lowerBound) / Float(characters.count)
            return leadingX + (trailingX - leadingX) * f
        }
    }

    /// The text of `range` (paragraph offsets).
    func units(_ range: Range<Int>) -> UnsafeBufferPointer<UInt16> {
        UnsafeBufferPointer(rebasing: text[(range.lowerBound - textStart)..<(range.upperBound - textStart)])
    }

    /// The characters (paragraph offsets) whose glyphs truncation hides, clamped to the line;
    /// nil when nothing is hidden. They stand behind the ellipsis (or token) as one unit.
    var hiddenCharacters: Range<Int>? {
        guard let hidden = line.truncation?.hiddenGlyphs, !hidden.isEmpty else { return nil }
        return analysis.glyphs.characterRange(forGlyphs: hidden).clamped(to: line.fitted.characters)
    }

    func build() -> LineCarets {
        let lineCharacters = line.fitted.characters
        let boundaries = graphemeBoundaries()
        let clusters = glyphClusters(boundaries: boundaries)
        let graphemes = graphemeBoxes(boundaries: boundaries, clusters: clusters)
        let order = visualOrder(of: graphemes, clusters: clusters)
        let rtl = analysis.baseLevel & 1 == 1
        let left = graphemes.map(\.minX).min() ?? line.originX
        let right = graphemes.map(\.maxX).max() ?? line.originX
        let startEdge = rtl ? right : left
        let endEdge = rtl ? left : right
        let stops = visualStops(graphemes: graphemes, order: order, characters: lineCharacters,
                                left: left, right: right)
        return LineCarets(characters: lineCharacters, graphemes: graphemes, visualOrder: order,
                          baseLevel: analysis.baseLevel, startEdgeX: startEdge, endEdgeX: endEdge, visualStops: stops)
    }

    /// What ``build()`` makes for a plain line, without its clusters and searches: every
    /// character ASCII (no carriage return), drawn by one glyph of its own, in order, at level 0
    /// in a left-to-right paragraph, nothing truncated. Most lines of most text are such: one
    /// grapheme per character, in logical and visual order, and one stop at each offset. Nil for
    /// any other line.
    func buildPlainLine() -> LineCarets? {
        let characters = line.fitted.characters, glyphRange = line.glyphRange
        let glyphs = analysis.glyphs
        guard analysis.baseLevel == 0, line.truncation == nil, !characters.isEmpty,
              characters.count == glyphRange.count, line.visualRuns.allSatisfy({ !$0.isRightToLeft }),
              Self.isASCIIWithoutCarriageReturn(units(characters)) else { return nil }
        var r = glyphs.runIndex(containingGlyph: glyphRange.lowerBound)
        while r < glyphs.runs.count, glyphs.runs[r].glyphRange.lowerBound < glyphRange.upperBound {
            if glyphs.runs[r].level != 0 { return nil }
            r += 1
        }
        let first = characters.lowerBound, lower = glyphRange.lowerBound
        for i in 0..<glyphRange.count where Int(glyphs.clusters[lower + i]) != first + i { return nil }
        var graphemes: [LineCarets.Grapheme] = []
        graphemes.reserveCapacity(characters.count)
        var stops: [LineCarets.Stop] = []
        stops.reserveCapacity(characters.count + 1)
        var left = Float.infinity, right = -Float.infinity
        for i in 0..<characters.count {
            let minX = min(xs[i], xs[i] + advances[i]), maxX = max(xs[i], xs[i] + advances[i])
            graphemes.append(.init(characters: (first + i)..<(first + i + 1), minX: minX, maxX: maxX, level: 0))
            stops.append(.init(x: i == 0 ? minX : graphemes[i - 1].maxX, offset: first + i))
            left = min(left, minX)
            right = max(right, maxX)
        }
        stops.append(.init(x: graphemes[characters.count - 1].maxX, offset: characters.upperBound))
        return LineCarets(characters: characters, graphemes: graphemes, visualOrder: Array(graphemes.indices),
                          baseLevel: 0, startEdgeX: left, endEdgeX: right, visualStops: stops)
    }

    /// The grapheme boundaries of the line (ICU), as paragraph offsets, its start and end
    /// included; none inside the characters truncation hides.
    private func graphemeBoundaries() -> [Int] {
        let lineCharacters = line.fitted.characters
        var boundaries: [Int] = [lineCharacters.lowerBound]
        boundaries.reserveCapacity(lineCharacters.count + 1)
        if !lineCharacters.isEmpty {
            let slice = units(lineCharacters)
            if Self.isASCIIWithoutCarriageReturn(slice) {
                // Between two ASCII characters UAX #29 breaks everywhere but inside CR LF (GB3;
                // its other no-break rules concern characters outside ASCII): every offset is a
                // boundary, and ICU need not be asked.
                boundaries.append(contentsOf: (lineCharacters.lowerBound + 1)...lineCharacters.upperBound)
                return withoutHiddenBoundaries(boundaries)
            }
            BreakIterator.withIterator(.character, text: slice) { iterator in
                _ = iterator.first()
                while case let b = iterator.next(), b != BreakIterator.done {
                    boundaries.append(lineCharacters.lowerBound + b)
                }
            }
        }
        if boundaries.last != lineCharacters.upperBound { boundaries.append(lineCharacters.upperBound) }
        return withoutHiddenBoundaries(boundaries)
    }

    /// `boundaries` less those inside the characters truncation hides.
    private func withoutHiddenBoundaries(_ boundaries: [Int]) -> [Int] {
        guard let hidden = hiddenCharacters else { return boundaries }
        return boundaries.filter { $0 <= hidden.lowerBound || $0 >= hidden.upperBound }
    }

    /// Whether every unit of `text` is ASCII and none is a carriage return.
    private static func isASCIIWithoutCarriageReturn(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
        isASCII(text) && !text.contains(0x0D)
    }

    /// The line's glyph clusters, logical order. The glyphs truncation hides make one cluster:
    /// the ellipsis (or token) box, at the paragraph's level.
    private func glyphClusters(boundaries: [Int]) -> [Cluster] {
        let glyphs = analysis.glyphs
        let lineCharacters = line.fitted.characters
        let lower = line.glyphRange.lowerBound
        let hidden = line.truncation?.hiddenGlyphs ?? 0..<0
        var clusters: [Cluster] = []
        clusters.reserveCapacity(line.glyphRange.count)
        var g = line.glyphRange.lowerBound
        // The run of glyph g, followed as g moves on (`runIndex(containingGlyph:)` for each glyph
        // is a search over all the paragraph's runs: thousands in a paragraph of bidi marks).
        let runs = glyphs.runs
        var r = line.glyphRange.isEmpty ? 0 : glyphs.runIndex(containingGlyph: g)
        while g < line.glyphRange.upperBound {
            if g == hidden.lowerBound, let truncation = line.truncation, let characters = hiddenCharacters {
                let x = line.originX + truncation.ellipsisX
                clusters.append(Cluster(characters: characters, minX: x, maxX: x + truncation.ellipsisWidth,
                                        level: analysis.baseLevel))
                g = hidden.upperBound
                continue
            }
            let value = glyphs.clusters[g]
            var end = g + 1
            var minX = xs[g - lower], maxX = xs[g - lower] + advances[g - lower]
            while end < line.glyphRange.upperBound && end != hidden.lowerBound && glyphs.clusters[end] == value {
                minX = min(minX, xs[end - lower])
                maxX = max(maxX, xs[end - lower] + advances[end - lower])
                end += 1
            }
            let nextCharacter = end < glyphs.count ? Int(glyphs.clusters[end]) : glyphs.length
            let start = max(Int(value), lineCharacters.lowerBound)
            let characters = start..<max(start, min(nextCharacter, lineCharacters.upperBound))
            while r + 1 < runs.count && runs[r + 1].glyphRange.lowerBound <= g { r += 1 }
            let run = runs[r]
            if minX > maxX { swap(&minX, &maxX) }
            var cluster = Cluster(characters: characters, minX: minX, maxX: maxX, level: run.level)
            if characters.count > 1 {  // a boundary strictly inside needs two characters or more
                cluster.inner = innerCarets(of: cluster, glyphs: g..<end, run: run, boundaries: boundaries)
            }
            clusters.append(cluster)
            g = end
        }
        return clusters
    }

    /// One box per grapheme (between consecutive `boundaries`): the extent of the clusters, or
    /// parts of a ligature cluster, that draw it; at the line's origin when the line has no glyphs.
    private func graphemeBoxes(boundaries: [Int], clusters: [Cluster]) -> [LineCarets.Grapheme] {
        var graphemes: [LineCarets.Grapheme] = []
        graphemes.reserveCapacity(boundaries.count)
        var c = 0
        for i in 0..<(boundaries.count - 1) {
            let a = boundaries[i], b = boundaries[i + 1]
            while c < clusters.count - 1 && clusters[c].characters.upperBound <= a { c += 1 }
            guard !clusters.isEmpty else {
                graphemes.append(.init(characters: a..<b, minX: line.originX, maxX: line.originX, level: analysis.baseLevel))
                continue
            }
            var d = c
            let x0 = clusters[c].x(at: a)
            var minX = x0, maxX = x0
            while true {
                let piece = clusters[d]
                let from = piece.x(at: max(a, piece.characters.lowerBound))
                let to = piece.x(at: min(b, piece.characters.upperBound))
                minX = min(minX, from, to)
                maxX = max(maxX, from, to)
                if piece.characters.upperBound >= b || d == clusters.count - 1 { break }
                d += 1
            }
            graphemes.append(.init(characters: a..<b, minX: minX, maxX: maxX, level: clusters[c].level))
        }
        return graphemes
    }

    /// The x of each grapheme boundary strictly inside `cluster`: from the font's ligature carets
    /// when the cluster is one glyph and the font lists exactly the carets needed, else evenly
    /// spaced.
    private func innerCarets(of cluster: Cluster, glyphs range: Range<Int>, run: GlyphRun,
                             boundaries: [Int]) -> [(offset: Int, x: Float)] {
        // The boundaries strictly inside the cluster (they are sorted: two binary searches, so a
        // line of thousands of clusters costs O(n log n), not O(n²)).
        func firstIndex(after offset: Int) -> Int {
            var low = 0, high = boundaries.count
            while low < high {
                let mid = (low + high) / 2
                if boundaries[mid] <= offset { low = mid + 1 } else { high = mid }
            }
            return low
        }
        let from = firstIndex(after: cluster.characters.lowerBound)
        var to = from
        while to < boundaries.count, boundaries[to] < cluster.characters.upperBound { to += 1 }
        let inside = boundaries[from..<to]
        guard !inside.isEmpty else { return [] }
        let pieces = inside.count + 1
        let width = cluster.maxX - cluster.minX
        var positions: [Float] = []  // distances from the leading edge, in writing order
        if range.count == 1 {
            let font = analysis.glyphs.fonts[Int(run.font)]
            let scale = analysis.styles[Int(run.style)].horizontalScale
            let carets = font.ligatureCaretPositions(forGlyph: analysis.glyphs.glyphs[range.lowerBound]).map { Float($0) * scale }
            if carets.count == inside.count, carets.allSatisfy({ $0 > 0 && $0 < width }) {
                // GDEF carets are measured from the glyph's left edge; right to left, the first
                // grapheme is the rightmost one.
                positions = run.isRightToLeft ? carets.reversed().map { width - $0 } : carets
            }
        }
        if positions.isEmpty {
            positions = (1..<pieces).map { width * Float($0) / Float(pieces) }
        }
        let rtl = cluster.level & 1 == 1
        return zip(inside, positions).map { ($0, rtl ? cluster.maxX - $1 : cluster.minX + $1) }
    }

    /// Grapheme indices in visual order: by the line's visual runs, each run in its direction.
    private func visualOrder(of graphemes: [LineCarets.Grapheme], clusters: [Cluster]) -> [Int] {
        guard !line.visualRuns.isEmpty, !graphemes.isEmpty else { return Array(graphemes.indices) }
        let glyphs = analysis.glyphs
        let runs = line.visualRuns
        // The visual run of each glyph of the line, then each grapheme's (the run holding its first
        // glyph), then the graphemes sorted by run (counting sort, keeping logical order within a
        // run): O(glyphs + graphemes), however many runs the line has (a line full of bidi marks
        // has thousands).
        let lower = line.glyphRange.lowerBound
        var runOfGlyph = [Int32](repeating: Int32(runs.count - 1), count: line.glyphRange.count)
        for (r, run) in runs.enumerated() {
            for g in run.glyphs where g >= lower && g - lower < runOfGlyph.count { runOfGlyph[g - lower] = Int32(r) }
        }
        var runOfGrapheme = [Int32](repeating: 0, count: graphemes.count)
        var starts = [Int](repeating: 0, count: runs.count + 1)
        // `glyphs.glyph(forCharacterAt:)` of each grapheme's first character: the graphemes come in
        // logical order and the glyphs' clusters never decrease, so two cursors that only move
        // forward find them all (the first by search).
        let clusters = glyphs.clusters
        var after = 0, first = 0
        for (k, grapheme) in graphemes.enumerated() {
            let offset = Int32(grapheme.characters.lowerBound)
            if k == 0 {
                after = glyphs.firstGlyph(atOrAfter: Int(offset) + 1, near: line.glyphRange)
            } else {
                while after < clusters.count && clusters[after] < offset + 1 { after += 1 }
            }
            let glyph: Int
            if after == 0 {
                glyph = 0
            } else {
                let cluster = clusters[after - 1]
                if k == 0 || first > after - 1 || (first > 0 && clusters[first - 1] >= cluster) {
                    first = glyphs.firstGlyph(atOrAfter: Int(cluster), near: line.glyphRange)
                } else {
                    while first < clusters.count && clusters[first] < cluster { first += 1 }
                }
                glyph = first
            }
            let r = glyph >= lower && glyph - lower < runOfGlyph.count ? runOfGlyph[glyph - lower] : Int32(runs.count - 1)
            runOfGrapheme[k] = r
            starts[Int(r) + 1] += 1
        }
        for r in runs.indices { starts[r + 1] += starts[r] }
        var next = starts
        var order = [Int](repeating: 0, count: graphemes.count)
        for k in graphemes.indices {
            let r = Int(runOfGrapheme[k])
            order[next[r]] = k
            next[r] += 1
        }
        for (r, run) in runs.enumerated() where run.isRightToLeft && starts[r + 1] - starts[r] > 1 {
            order[starts[r]..<starts[r + 1]].reverse()
        }
        return order
    }

    /// One stop per insertion point, left to right (see ``LineCarets/visualStops``).
    private func visualStops(graphemes: [LineCarets.Grapheme], order: [Int], characters: Range<Int>,
                             left: Float, right: Float) -> [LineCarets.Stop] {
        guard !graphemes.isEmpty else { return [.init(x: line.originX, offset: characters.lowerBound)] }
        let base = analysis.baseLevel
        let rtl = base & 1 == 1
        // The line's ends act as graphemes of the paragraph's level just outside the line.
        let leftEnd = rtl ? characters.upperBound : characters.lowerBound
        let rightEnd = rtl ? characters.lowerBound : characters.upperBound
        // Each slot between two visual neighbours offers the insertion point at the left one's
        // right edge and the one at the right one's left edge.
        var slots: [(x: Float, a: Int, levelA: UInt8, b: Int, levelB: UInt8)] = []
        slots.reserveCapacity(order.count + 1)
        for i in 0...order.count {
            let leftNeighbour = i > 0 ? graphemes[order[i - 1]] : nil
            let rightNeighbour = i < order.count ? graphemes[order[i]] : nil
            let a = leftNeighbour.map { $0.isRightToLeft ? $0.characters.lowerBound : $0.characters.upperBound } ?? leftEnd
            let b = rightNeighbour.map { $0.isRightToLeft ? $0.characters.upperBound : $0.characters.lowerBound } ?? rightEnd
            let x = leftNeighbour?.maxX ?? rightNeighbour?.minX ?? left
            slots.append((x, a, leftNeighbour?.level ?? base, b, rightNeighbour?.level ?? base))
        }
        // Prefer the insertion point of the lower level; then repair any duplicate with the other
        // candidate when that one is still missing, so each point appears exactly once.
        var chosen = slots.map { $0.a == $0.b ? $0.a : ($0.levelA <= $0.levelB ? $0.a : $0.b) }
        // How many slots chose each offset; every candidate lies within the line's characters.
        var uses = [Int32](repeating: 0, count: characters.count + 1)
        let first = characters.lowerBound
        for offset in chosen { uses[offset - first] += 1 }
        for i in slots.indices where uses[chosen[i] - first] > 1 {
            let other = chosen[i] == slots[i].a ? slots[i].b : slots[i].a
            if uses[other - first] == 0 {
                uses[chosen[i] - first] -= 1
                chosen[i] = other
                uses[other - first] = 1
            }
        }
        return slots.indices.map { LineCarets.Stop(x: slots[$0].x, offset: chosen[$0]) }
    }
}
