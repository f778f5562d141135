import Foundation

// Band spans: which x ranges a filled path covers anywhere within a horizontal band. This is
// the query exclusion paths need: the layout manager asks it for every proposed line fragment
// and removes the returned intervals from the fragment.
//
// Method. The path's cached polygon (see CGPath+Flattening.swift) is cut into slabs at every
// vertex y inside the band. Inside a slab no edge starts or ends, so each edge is one straight
// segment across the slab. When no two edges cross inside the slab, their left-to-right order
// is fixed, and each filled interval is bounded by the same left edge L and right edge R from
// the slab's top to its bottom. L and R are linear in y, so the union over the slab of
// [L(y), R(y)] is exactly [min(L(top), L(bottom)), max(R(top), R(bottom))]. Slabs where edges
// cross (self-intersecting paths) are cut again at the crossings. The result is exact for
// straight edges (up to floating-point rounding); curves are replaced by chords no farther
// than `tolerance` from them, so curved boundaries are within `tolerance`, erring inside
// convex curves.
//
// Cost: O(k log k) per slab, where k is the number of edges in the band, found through the
// polygon's y buckets; a rectangle or a coarse oval costs a few hundred nanoseconds per call. A
// text container's exclusion paths are asked through ExclusionRegion.swift instead, which runs the
// same method (`BandSpanBuilder`) over the shapes near the band only.

extension CGPath {
    /// The x intervals that the filled path covers somewhere in the horizontal band between
    /// `y0` and `y1`: the union, over every y strictly between `y0` and `y1`, of the points
    /// (x, y) inside the path under `fillRule`. Sorted by x, non-overlapping and merged (two
    /// intervals that touch become one).
    ///
    /// - Band edges: the band is open, so a shape that only touches the band's top or bottom
    ///   line (a rectangle whose top edge lies at `y1`, or an oval whose topmost point lies at
    ///   `y1`) covers nothing. A band that overlaps a tangent point by a little gets the small
    ///   interval around it, growing continuously with the overlap.
    /// - Intervals are closed: the closure of the covered set. A shape covering x in (10, 20)
    ///   gives `10...20`.
    /// - A zero-height band (`y0 == y1`) gives the cross-section at that y with the half-open
    ///   rule used for filling: an edge covers [top, bottom), so for a rectangle from y = 10 to
    ///   20 the cross-section at 10 is its full width and at 20 is empty.
    /// - Degenerate paths (empty, a single point, a line, any zero-area shape) cover nothing;
    ///   zero-width slivers are dropped. Open subpaths are closed implicitly, as filling does.
    /// - Accuracy: exact for straight edges; within `tolerance` (path units) for curves.
    /// - Precondition: `y0 <= y1`. Non-finite bounds give no intervals.
    package func coveredIntervals(inBandFrom y0: CGFloat, to y1: CGFloat,
                                  fillRule: CGPathFillRule = .winding,
                                  tolerance: CGFloat = CGPath.defaultFlatteningTolerance) -> [ClosedRange<CGFloat>] {
        guard y0.isFinite, y1.isFinite else { return [] }
        precondition(y0 <= y1, "coveredIntervals: band from \(y0) to \(y1) is upside down")
        let polygon = polygon(tolerance: tolerance)
        var spans = BandSpanBuilder()
        spans.begin(rule: fillRule)
        polygon.forEachEdge(overlapping: y0, y1) { spans.consider($0, from: y0, to: y1) }
        spans.finish(from: y0, to: y1)
        return spans.merged()
    }
}

/// Collects the intervals of band queries, one filled shape at a time: `begin(rule:)`, then
/// `consider(_:from:to:)` with every edge of the shape that may meet the band (a superset: the
/// builder keeps those that do), then `finish(from:to:)`, for as many shapes as the query has; then
/// `merged()`. Its buffers are kept from query to query (`reset()`), so that a query allocates
/// nothing once they have grown. The exclusion region (ExclusionRegion.swift) runs every shape
/// near a line's band through one builder; a path's own query runs the path.
struct BandSpanBuilder {
    private(set) var rule: CGPathFillRule = .winding
    /// The intervals found so far, unsorted.
    var intervals: [ClosedRange<CGFloat>] = []
    /// How many times an edge was looked at to build a slab, since the last `reset()` (for tests
    /// that hold a band to the edges crossing its slabs).
    private(set) var slabEdgesExamined = 0
    /// The current shape's edges that meet the band.
    private var active: [PathPolygon.Edge] = []
    private var cuts: [CGFloat] = []
    private var slab: [Crossing] = []
    private var piece: [Crossing] = []
    private var xs: [(x: CGFloat, direction: Int32)] = []
    /// `active`'s indices sorted by top, and those spanning the current slab (``addBand(from:to:)``).
    private var byTop: [Int32] = []
    private var spanning: [Int32] = []

    /// An edge's x at both ends of the current slab, and its winding direction.
    struct Crossing {
        var top: CGFloat, bottom: CGFloat, direction: Int32, edge: Int
        var middle: CGFloat { (top + bottom) / 2 }
    }

    /// Forgets the intervals (keeping the buffers) for a new query.
    mutating func reset() {
        slabEdgesExamined = 0
        intervals.removeAll(keepingCapacity: true)
        active.removeAll(keepingCapacity: true)
    }

    /// Starts a shape filled by `rule`.
    mutating func begin(rule: CGPathFillRule) {
        self.rule = rule
        active.removeAll(keepingCapacity: true)
    }

    /// Keeps `e` if it meets the band from `y0` to `y1` (open; at `y0` alone when they are equal,
    /// by the half-open rule filling uses). Returns whether it was kept.
    @inline(__always) @discardableResult
    mutating func consider(_ e: PathPolygon.Edge, from y0: CGFloat, to y1: CGFloat) -> Bool {
        let meets = y0 == y1 ? e.yTop <= y0 && y0 < e.yBottom : e.yTop < y1 && e.yBottom > y0
        if meets { active.append(e) }
        return meets
    }

    /// Adds the intervals the current shape covers in the band.
    mutating func finish(from y0: CGFloat, to y1: CGFloat) {
        if y0 == y1 { addCrossSection(at: y0) } else { addBand(from: y0, to: y1) }
    }

    private mutating func addCrossSection(at y: CGFloat) {
        var xs: [(x: CGFloat, direction: Int32)] = []
        swap(&xs, &self.xs)  // taken out, so that it stays uniquely referenced while it grows
        xs.removeAll(keepingCapacity: true)
        for e in active { xs.append((e.x(at: y), e.direction)) }
        xs.sort { $0.x < $1.x }
        var winding = 0
        var left = CGFloat.zero
        for (x, direction) in xs {
            let wasInside = rule.isInside(winding)
            winding += Int(direction)
            let isInside = rule.isInside(winding)
            if !wasInside && isInside { left = x }
            if wasInside && !isInside && x > left { intervals.append(left...x) }
        }
        self.xs = xs
    }

    /// The band cut into slabs at every vertex inside it. The edges spanning each slab are kept
    /// as the sweep goes down (added as their tops are passed, dropped when they end), so a slab
    /// costs the edges that cross it, not every edge in the band: a flat oval flattened into
    /// thousands of chords, most of them in the band, is thousands of slabs of two edges each.
    private mutating func addBand(from y0: CGFloat, to y1: CGFloat) {
        guard active.count >= 2 else { return }
        var cuts: [CGFloat] = [], slab: [Crossing] = [], byTop: [Int32] = [], spanning: [Int32] = []
        swap(&cuts, &self.cuts)
        swap(&slab, &self.slab)
        swap(&byTop, &self.byTop)
        swap(&spanning, &self.spanning)
        cuts.removeAll(keepingCapacity: true)
        cuts.append(y0)
        cuts.append(y1)
        for e in active {
            if e.yTop > y0 { cuts.append(e.yTop) }
            if e.yBottom < y1 { cuts.append(e.yBottom) }
        }
        cuts.sort()
        byTop.removeAll(keepingCapacity: true)
        byTop.append(contentsOf: 0..<Int32(active.count))
        let edges = active
        byTop.sort { edges[Int($0)].yTop < edges[Int($1)].yTop }
        spanning.removeAll(keepingCapacity: true)
        var next = 0
        var previous = cuts[0]
        for y in cuts.dropFirst() where y > previous {
            // The edges spanning the slab from `previous` to `y`: begun at or above its top, and
            // reaching its bottom (those that end above it never come back: the slabs go down).
            while next < byTop.count, edges[Int(byTop[next])].yTop <= previous {
                spanning.append(byTop[next])
                next += 1
            }
            var kept = 0
            slab.removeAll(keepingCapacity: true)
            slabEdgesExamined += spanning.count
            for k in 0..<spanning.count {
                let i = Int(spanning[k])
                let e = edges[i]
                guard e.yBottom >= y else { continue }
                spanning[kept] = spanning[k]
                kept += 1
                slab.append(Crossing(top: e.x(at: previous), bottom: e.x(at: y), direction: e.direction, edge: i))
            }
            spanning.removeLast(spanning.count - kept)
            addSlab(&slab, from: previous, to: y)
            previous = y
        }
        (self.cuts, self.slab, self.byTop, self.spanning) = (cuts, slab, byTop, spanning)
    }

    /// Adds the intervals of one slab in which no edge starts or ends.
    private mutating func addSlab(_ slab: inout [Crossing], from ya: CGFloat, to yb: CGFloat) {
        guard slab.count >= 2 else { return }
        slab.sort { $0.top != $1.top ? $0.top < $1.top : $0.bottom < $1.bottom }
        var crosses = false
        for k in 1..<slab.count where slab[k].bottom < slab[k - 1].bottom {
            let slack = 1e-9 * max(1, abs(slab[k].bottom))
            if slab[k - 1].bottom - slab[k].bottom > slack { crosses = true; break }
        }
        if !crosses { return walk(slab) }

        // Self-intersecting: cut the slab at every crossing of two edges inside it.
        var cuts: [CGFloat] = [ya, yb]
        for i in 0..<slab.count {
            for j in (i + 1)..<slab.count {
                let (a, b) = (slab[i], slab[j])
                guard (a.top - b.top) * (a.bottom - b.bottom) < 0 else { continue }
                let s = (b.top - a.top) / ((a.bottom - a.top) - (b.bottom - b.top))
                let y = ya + s * (yb - ya)
                if y > ya, y < yb { cuts.append(y) }
            }
        }
        cuts.sort()
        var piece: [Crossing] = []
        swap(&piece, &self.piece)
        var previous = ya
        for y in cuts.dropFirst() where y > previous {
            piece.removeAll(keepingCapacity: true)
            for c in slab {
                let e = active[c.edge]
                piece.append(Crossing(top: e.x(at: previous), bottom: e.x(at: y), direction: c.direction, edge: c.edge))
            }
            piece.sort { $0.middle < $1.middle }
            walk(piece)
            previous = y
        }
        self.piece = piece
    }

    /// Walks edges sorted left to right, adding each filled interval's extent over the slab.
    private mutating func walk(_ slab: [Crossing]) {
        var winding = 0
        var left = slab[0]
        for c in slab {
            let wasInside = rule.isInside(winding)
            winding += Int(c.direction)
            let isInside = rule.isInside(winding)
            if !wasInside && isInside { left = c }
            if wasInside && !isInside && c.middle > left.middle {
                intervals.append(min(left.top, left.bottom)...max(c.top, c.bottom))
            }
        }
    }

    /// The intervals sorted and merged.
    func merged() -> [ClosedRange<CGFloat>] {
        var result = intervals
        Self.sortAndMerge(&result)
        return result
    }

    /// Sorts `intervals` by their lower bounds and merges, in place, those that overlap or touch.
    static func sortAndMerge(_ intervals: inout [ClosedRange<CGFloat>]) {
        guard intervals.count > 1 else { return }
        intervals.sort { $0.lowerBound < $1.lowerBound }
        var count = 1
        for i in 1..<intervals.count {
            let interval = intervals[i], last = intervals[count - 1]
            if interval.lowerBound <= last.upperBound {
                intervals[count - 1] = last.lowerBound...max(last.upperBound, interval.upperBound)
            } else {
                intervals[count] = interval
                count += 1
            }
        }
        intervals.removeLast(intervals.count - count)
    }
}
