import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Hit testing and carets: the line fragment under a point, the glyph under an x in a line, and a
/// line's caret geometry (`LineCarets`, the one caret model of the TextKit and the Core Text API),
/// kept while the line stands. The layout manager's point queries
/// (NSLayoutManager+HitTesting.swift) and caret and selection geometry
/// (NSLayoutManager+Selection.swift) ask these; the rules are written there.
extension TextFlow {
    /// What a point in a container falls on.
    enum LineHit {
        case line(LocatedFragment)
        /// The extra line fragment (after a final paragraph separator, or of empty text).
        case extraLine
        /// The container holds no text.
        case nothing
    }

    /// The line fragment of container `index` that `point` falls on, by the rules written in
    /// NSLayoutManager+HitTesting.swift.
    func lineHit(at point: CGPoint, inContainer index: Int) -> LineHit {
        guard manager.textStorage != nil, store.count > 0 else { return .nothing }
        let p: Int
        if isStacked {
            // Lay out paragraphs, in order, until the laid-out flow reaches the point.
            let y = FixedHeight.from(max(0, point.y))
            if laysOutNonContiguously { ensureLayout(fromHeight: y, throughHeight: y) } else { ensureLayout(throughHeight: y) }
            p = y >= store.summary.height ? store.count - 1 : store.paragraph(atHeight: y).index
        } else {
            ensureLayout(throughContainer: index)
            p = lastParagraph(startingAtOrBefore: containerTop(index) + point.y, inContainer: index)
        }
        var best: LocatedFragment?
        var bestKey = (CGFloat.infinity, CGFloat.infinity)
        let last = store.count - 1
        for q in max(0, p - 1)...min(last, p + 1) {
            let record = store.record(q)
            guard let layout = record.layout else { continue }
            let prefix = store.prefix(q)
            guard record.glyphCount != nil else { continue }
            let top = FixedHeight.points(isStacked ? prefix.height : layout.start.y)
            let fragments = layout.fragments
            for i in fragmentsToWeigh(fragments, record: record, container: index, y: point.y, top: top)
            where fragments[i].container == index {
                hitTestSteps += 1
                let found = located(q, i, fragment: fragments[i], firstGlyph: GlyphIndex(prefix.glyphs),
                                    firstCharacter: UTF16Offset(prefix.length),
                                    top: top, record: record)
                let key = (Self.distance(point.y, found.rect.minY, found.rect.maxY, halfOpen: true),
                           Self.distance(point.x, found.rect.minX, found.rect.maxX, halfOpen: false))
                if key < bestKey {
                    best = found
                    bestKey = key
                }
            }
        }
        if p + 1 >= last {
            // The extra line fragment competes when the flow reaches the end of the text.
            ensureLayoutOfTextEnd()
            if let extra = extraLineFragment, extra.container == index {
                let key = (Self.distance(point.y, extra.rect.minY, extra.rect.maxY, halfOpen: true), CGFloat(0))
                if best == nil || key.0 < bestKey.0 || (point.y >= extra.rect.minY && key.0 == 0) { return .extraLine }
            }
        }
        return best.map(LineHit.line) ?? .nothing
    }

    /// The distance from `v` to the interval `lower…upper` (0 inside; the upper end excluded when
    /// `halfOpen`, so a point on the boundary between two lines belongs to the lower line).
    private static func distance(_ v: CGFloat, _ lower: CGFloat, _ upper: CGFloat, halfOpen: Bool) -> CGFloat {
        if v < lower { return lower - v }
        if halfOpen ? v >= upper : v > upper { return v - upper + (halfOpen ? 0.0001 : 0) }
        return 0
    }

    /// The fragments of a paragraph that ``lineHit(at:inContainer:)`` must weigh for a point at
    /// container y `y`: all of them, or, when the paragraph has more than a few fragments and they
    /// are stacked (``stackedFragments(_:record:)``), those of container `index` nearest to `y` —
    /// the lines that hold `y`, or else the nearest above and below with any at the same distance
    /// — and one more on each side, found by binary search. The walk over all of them could choose
    /// no other: in a stack the distance to `y` falls, is 0 on the lines holding it, then rises.
    private func fragmentsToWeigh(_ fragments: [LineFragment], record: ParagraphRecord, container index: Int,
                                  y: CGFloat, top: CGFloat) -> Range<Int> {
        let all = 0..<fragments.count
        guard !hitTestingWalks, fragments.count > 8, stackedFragments(fragments, record: record) else { return all }
        func firstIndex(in range: Range<Int>, where isPast: (Int) -> Bool) -> Int {
            var low = range.lowerBound, high = range.upperBound
            while low < high {
                hitTestSteps += 1
                let mid = (low + high) / 2
                if isPast(mid) { high = mid } else { low = mid + 1 }
            }
            return low
        }
        let first = firstIndex(in: all) { fragments[$0].container >= index }
        let end = firstIndex(in: first..<fragments.count) { fragments[$0].container > index }
        guard first < end else { return first..<first }
        let dy = top - containerTop(index)  // as `located` places them
        func distance(_ i: Int) -> CGFloat {
            let rect = fragments[i].rect.offsetBy(dx: 0, dy: dy)
            return Self.distance(y, rect.minY, rect.maxY, halfOpen: true)
        }
        // Lines ending at or above y, lines holding y, lines starting below it.
        let holding = firstIndex(in: first..<end) { fragments[$0].rect.offsetBy(dx: 0, dy: dy).maxY > y }
        let below = firstIndex(in: holding..<end) { fragments[$0].rect.offsetBy(dx: 0, dy: dy).minY > y }
        var lower = holding, upper = below
        if holding == below {
            let nearest = min(holding > first ? distance(holding - 1) : .infinity, below < end ? distance(below) : .infinity)
            while lower > first && distance(lower - 1) == nearest { lower -= 1 }
            while upper < end && distance(upper) == nearest { upper += 1 }
        }
        return max(first, lower - 1)..<min(end, upper + 1)
    }

    /// Whether a paragraph's fragments are stacked: in order of container, and within one
    /// container with tops and bottoms that never go up (every paragraph the line loop lays out;
    /// the layout primitives can move lines out of order, and then hit testing walks the
    /// paragraph). Kept for the paragraphs asked about last, while their lines stand.
    func stackedFragments(_ fragments: [LineFragment], record: ParagraphRecord) -> Bool {
        let id = ObjectIdentifier(record)
        if let i = fragmentOrders.firstIndex(where: { $0.id == id && $0.version == record.layoutVersion }),
           fragmentOrders[i].record === record {
            return fragmentOrders[i].stacked
        }
        var stacked = true
        for i in fragments.indices.dropFirst() {
            let (a, b) = (fragments[i - 1].container, fragments[i].container)
            let (above, below) = (fragments[i - 1].rect, fragments[i].rect)
            if a > b || (a == b && !(above.minY <= below.minY && above.maxY <= below.maxY)) {
                stacked = false
                break
            }
        }
        fragmentOrders.insert(FragmentOrder(id: id, record: record, version: record.layoutVersion, stacked: stacked), at: 0)
        if fragmentOrders.count > 8 { fragmentOrders.removeLast() }
        return stacked
    }

    /// Outside the stacked case: the last laid-out paragraph whose flow position is at or before
    /// `flowY` in container `index` (binary search over paragraph start states).
    private func lastParagraph(startingAtOrBefore flowY: CGFloat, inContainer index: Int) -> Int {
        let target = FixedHeight.from(flowY)
        var low = 0, high = min(validatedParagraphs, store.count) - 1
        guard high >= 0 else { return 0 }
        while low < high {
            let mid = (low + high + 1) / 2
            guard let start = store.record(mid).layout?.start else { high = mid - 1; continue }
            if start.container < index || (start.container == index && start.y <= target) { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The glyph of `found`'s line under container x `x` (or the nearest one) and the fraction
    /// through it in its writing direction: the first glyph in logical order at the least distance
    /// from `x` among those with an advance (all, when none has one). O(log n) on a line of
    /// `LineCarets.searchedLength` glyphs or more from the second hit on it (a search of its glyph
    /// boxes, kept with the line; the first hit walks), a walk on shorter lines.
    func glyphHit(x: CGFloat, in found: LocatedFragment) -> (glyph: GlyphIndex, fraction: CGFloat) {
        let line = found.fragment.line
        let glyphs = found.analysis.glyphs
        guard !line.glyphRange.isEmpty else { return (found.glyph(line.glyphRange.lowerBound), 0) }
        let geometry = lineGeometry(for: found)
        let (xs, advances) = geometry.positions(of: line, in: glyphs)
        let localX = Float(x - found.fragment.textOriginX)
        let best: Int
        if !hitTestingWalks, let search = geometry.glyphSearch() {
            best = Int(search.glyphs[search.boxes.nearest(to: localX, steps: &hitTestSteps)])
        } else {
            best = Self.nearestGlyphByWalking(x: localX, xs: xs, advances: advances, steps: &hitTestSteps)
        }
        let g = line.glyphRange.lowerBound + best
        let minX = xs[best], width = advances[best]
        guard width > 0 else { return (found.glyph(g), 0) }
        let through = min(max((localX - minX) / width, 0), 1)
        let rightToLeft = glyphs.runs[glyphs.runIndex(containingGlyph: g)].isRightToLeft
        return (found.glyph(g), CGFloat(rightToLeft ? 1 - through : through))
    }

    /// The line's glyph (index into `xs`) nearest to `x` by walking them all: the first at the least
    /// distance among those with an advance (all, when none has one), stopping at the first that
    /// holds `x`. What the search must agree with.
    static func nearestGlyphByWalking(x: Float, xs: [Float], advances: [Float], steps: inout Int) -> Int {
        for pass in 0..<2 {
            let onlyWide = pass == 0
            var best = -1
            var bestDistance = Float.infinity
            for i in xs.indices {
                if onlyWide && !(advances[i] > 0) { continue }
                steps += 1
                if best < 0 { best = i }
                let minX = xs[i], maxX = minX + advances[i]
                let distance = x < minX ? minX - x : (x > maxX ? x - maxX : 0)
                if distance < bestDistance {
                    best = i
                    bestDistance = distance
                    if distance == 0 { break }
                }
            }
            if best >= 0 { return best }
        }
        return 0
    }

    /// The caret geometry of a line: made in O(n log n) for a line of n characters (only the line's
    /// text is read), then kept while the line stands, with the other lines asked about last (see
    /// ``lineGeometries``): repeated queries on a line (a drag selection, caret movement, a line full
    /// of bidi marks) cost O(log n) each.
    func lineCarets(for found: LocatedFragment) -> LineCarets {
        let geometry = lineGeometry(for: found)
        if let carets = geometry.carets { return carets }
        let line = found.fragment.line
        let characters = line.fitted.characters
        let text = manager.textStorage?._utf16(in: NSRange(location: found.character(characters.lowerBound).rawValue,
                                                           length: characters.count))
            ?? [UInt16](repeating: 0x20, count: characters.count)
        let carets = text.withUnsafeBufferPointer {
            line.carets(in: found.analysis, text: $0, textStart: characters.lowerBound)
        }
        geometry.carets = carets
        return carets
    }

    /// The glyph positions of `found`'s line (as `PlacedLine.glyphPositions(in:)`): kept with the
    /// line's other geometry when `keeps` (a query about one line), else kept only if they already
    /// were (a query walking many lines should not push out the lines being hit-tested).
    func glyphPositions(of found: LocatedFragment, keeps: Bool) -> (xs: [Float], advances: [Float]) {
        let line = found.fragment.line
        if keeps { return lineGeometry(for: found).positions(of: line, in: found.analysis.glyphs) }
        if let geometry = keptLineGeometry(for: found), let positions = geometry.positions { return positions }
        let (xs, advances) = line.glyphPositions(in: found.analysis.glyphs)
        return (xs, advances)
    }

    /// The kept geometry of `found`'s line, made (empty) and kept if there is none: the most
    /// recently asked line comes first, the lines that no longer stand go (see
    /// ``dropLineGeometriesNoLongerStanding()``), and the least recently asked go while more than
    /// ``LineGeometry/keptLines`` lines, or more than ``LineGeometry/keptCharacters`` characters
    /// in more than two lines, are kept.
    func lineGeometry(for found: LocatedFragment) -> LineGeometry {
        if let kept = keptLineGeometry(for: found) { return kept }
        let record = store.record(found.paragraph)
        let made = LineGeometry(record: record, version: record.layoutVersion, fragment: found.index,
                                characters: found.fragment.line.fitted.characters.count)
        dropLineGeometriesNoLongerStanding()
        lineGeometries.insert(made, at: 0)
        keptLineCharacters += made.characters
        while lineGeometries.count > LineGeometry.keptLines
              || (lineGeometries.count > 2 && keptLineCharacters > LineGeometry.keptCharacters) {
            keptLineCharacters -= lineGeometries.removeLast().characters
        }
        return made
    }

    /// Drops the geometry of lines that no longer stand: their paragraph's record is gone, or
    /// its lines were made again since (its ``ParagraphRecord/layoutVersion`` moved on, and never
    /// comes back), so no query can find them again. Each keystroke lays its paragraph out again
    /// and the caret asks for the new line's geometry: the old line's stayed, so a text view
    /// typed into filled the whole ``LineGeometry/keptLines`` lines or
    /// ``LineGeometry/keptCharacters`` characters with dead lines, some 2–3 MB in each of the
    /// demo's edited views (`BoundedMemoryTests`). Run when a line is added (after a query
    /// found no kept geometry), so its cost, one look at each kept line, goes with making one.
    private func dropLineGeometriesNoLongerStanding() {
        let before = lineGeometries.count
        lineGeometries.removeAll { geometry in
            guard let record = geometry.record else { return true }
            return record.layoutVersion != geometry.version
        }
        if lineGeometries.count != before {
            keptLineCharacters = lineGeometries.reduce(0) { $0 + $1.characters }
        }
    }

    /// The kept geometry of `found`'s line, moved to the front; nil when it is not kept.
    private func keptLineGeometry(for found: LocatedFragment) -> LineGeometry? {
        let record = store.record(found.paragraph)
        let id = ObjectIdentifier(record), version = record.layoutVersion
        guard let i = lineGeometries.firstIndex(where: { $0.id == id && $0.version == version && $0.fragment == found.index }) else {
            return nil
        }
        let kept = lineGeometries[i]
        // (An identifier can be a new record's at a dead one's address: the weak reference tells.)
        guard kept.record === record else {
            keptLineCharacters -= lineGeometries.remove(at: i).characters
            return nil
        }
        if i > 0 {
            lineGeometries.remove(at: i)
            lineGeometries.insert(kept, at: 0)
        }
        return kept
    }
}

/// Whether a paragraph's fragments are stacked (`TextFlow.stackedFragments(_:record:)`), for the
/// record at `id` (held weakly) at layout version `version`.
struct FragmentOrder {
    let id: ObjectIdentifier
    weak var record: ParagraphRecord?
    let version: Int
    let stacked: Bool
}

/// What hit testing and caret queries derive from one line fragment, made as they first ask and
/// kept while the line stands: its paragraph's record, that record's layout version and the
/// line's index among the paragraph's fragments are what they were.
final class LineGeometry {
    /// How many lines the layout manager keeps (``TextFlow/lineGeometries``), and how many
    /// characters in all beyond the two most recent lines: every line of a 40,000-character
    /// paragraph wrapped in a column, or two lines of 20,000. A line keeps some 60–80 bytes a
    /// character (positions and caret geometry; its searches some 50 more on lines of 256
    /// characters or more): 5 MB or so at most.
    static let keptLines = 256
    static let keptCharacters = 40_000

    /// The paragraph's record (weak: a deleted paragraph's glyphs are not kept alive by a cache)
    /// and its identity, compared first.
    let id: ObjectIdentifier
    weak var record: ParagraphRecord?
    let version: Int
    let fragment: Int
    /// The line's characters.
    let characters: Int
    /// Each glyph's pen x and drawn advance (`PlacedLine.glyphPositions(in:)`).
    private(set) var positions: (xs: [Float], advances: [Float])?
    /// The caret geometry (`TextFlow.lineCarets(for:)`).
    var carets: LineCarets?
    /// The glyphs a point may hit (those with an advance, or all when none has one: offsets into
    /// the line's glyphs, logical order) and their boxes, for lines of
    /// `LineCarets.searchedLength` glyphs or more; nil for shorter lines (walked).
    private var search: (glyphs: [Int32], boxes: NearestIntervals)?
    private var searchMade = false
    private var searchCalls = 0

    init(record: ParagraphRecord, version: Int, fragment: Int, characters: Int) {
        self.id = ObjectIdentifier(record)
        self.record = record
        self.version = version
        self.fragment = fragment
        self.characters = characters
    }

    func positions(of line: PlacedLine, in glyphs: ParagraphGlyphs) -> (xs: [Float], advances: [Float]) {
        if let positions { return positions }
        let (xs, advances) = line.glyphPositions(in: glyphs)
        positions = (xs, advances)
        return (xs, advances)
    }

    /// The glyph search, made on the second use (after ``positions(of:in:)``): the first hit on
    /// a line walks it (a line hit once costs no more than a walk), the next ones search.
    func glyphSearch() -> (glyphs: [Int32], boxes: NearestIntervals)? {
        if searchMade { return search }
        searchCalls += 1
        guard searchCalls >= 2 else { return nil }
        searchMade = true
        guard let (xs, advances) = positions, xs.count >= LineCarets.searchedLength else { return nil }
        var hittable = xs.indices.filter { advances[$0] > 0 }
        if hittable.isEmpty { hittable = Array(xs.indices) }
        search = NearestIntervals(lower: hittable.map { xs[$0] }, upper: hittable.map { xs[$0] + advances[$0] })
            .map { (hittable.map { Int32($0) }, $0) }
        return search
    }
}
