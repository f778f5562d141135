import TextKitGraphics
import TextKitModel

/// The inside of a frame's path, asked band by band: where a line of text may go.
///
/// A line occupies a horizontal band (its top to its bottom), so it may only use the x intervals
/// that are inside the path at *every* height of the band: the intersection of the path's
/// cross-sections over the band. (The graphics layer's `coveredIntervals(inBandFrom:to:)` answers
/// the opposite question, where a shape is *somewhere* in the band, which is what exclusions
/// need; clipping paths use it below.)
///
/// Method. On the flattened path, every edge is a straight segment, so between two consecutive
/// "event" heights — vertices and crossings of two edges — the left-to-right order of the edges
/// is fixed and each inside interval is bounded by the same two edges, moving linearly. The
/// intersection over such a slab is therefore the intersection of its two limit cross-sections.
/// The limit just below an event height `c` is the cross-section at `c` by the half-open rule
/// that filling uses (an edge covers `[top, bottom)`); the limit just above `c` is the
/// cross-section of the vertically mirrored path at `-c`, which reverses the rule. Intersecting
/// these limits at the band's ends and at every event inside it gives the exact answer for the
/// flattened path (within floating-point rounding); curves are within the flattening tolerance
/// (0.05 points), erring inside convex curves.
///
/// Cost per band: O(E) to find the edges meeting it, O(k²) for crossings among the k it meets,
/// and a cross-section per event. A rectangle is answered directly.
struct FramePathRegion {
    let path: CGPath
    let rule: CGPathFillRule
    /// The path's bounding box (control points excluded).
    let bounds: CGRect
    /// Exclusions: the union of these paths (each with its rule) is removed from every band.
    let clips: [(path: CGPath, rule: CGPathFillRule)]
    /// The path when it is one axis-aligned rectangle: the fast case.
    private let rectangle: CGRect?
    private let mirrored: CGPath
    /// The flattened path's edges (closed subpaths), as (top, bottom) points with top.y < bottom.y.
    private let edges: [(top: CGPoint, bottom: CGPoint)]

    init(path: CGPath, rule: CGPathFillRule, clips: [(path: CGPath, rule: CGPathFillRule)] = []) {
        self.path = path
        self.rule = rule
        self.clips = clips
        bounds = path.boundingBoxOfPath
        rectangle = path.axisAlignedRect
        mirrored = path.copy(using: CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 0))
        var edges: [(top: CGPoint, bottom: CGPoint)] = []
        if rectangle == nil {
            for subpath in path.flattenedSubpaths() {
                var points = subpath
                if let first = points.first, points.last != first { points.append(first) }
                for (p, q) in zip(points, points.dropFirst()) where p.y != q.y {
                    edges.append(p.y < q.y ? (p, q) : (q, p))
                }
            }
        }
        self.edges = edges
    }

    /// The x intervals inside the path at every height strictly between `y0` and `y1`, minus
    /// what the clipping paths cover anywhere in the band; sorted, disjoint, none empty.
    func spans(from y0: CGFloat, to y1: CGFloat) -> [ClosedRange<CGFloat>] {
        guard y0 < y1, y0.isFinite, y1.isFinite else { return [] }
        var inside: [ClosedRange<CGFloat>]
        if let rectangle {
            inside = y0 >= rectangle.minY && y1 <= rectangle.maxY ? [rectangle.minX...rectangle.maxX] : []
        } else {
            guard y0 >= bounds.minY, y1 <= bounds.maxY else { return [] }
            inside = path.coveredIntervals(inBandFrom: y0, to: y0, fillRule: rule)   // just below y0
            inside = Self.intersect(inside, mirrored.coveredIntervals(inBandFrom: -y1, to: -y1, fillRule: rule))  // just above y1
            for c in events(from: y0, to: y1) where !inside.isEmpty {
                inside = Self.intersect(inside, mirrored.coveredIntervals(inBandFrom: -c, to: -c, fillRule: rule))
                inside = Self.intersect(inside, path.coveredIntervals(inBandFrom: c, to: c, fillRule: rule))
            }
        }
        for clip in clips where !inside.isEmpty {
            inside = Self.subtract(clip.path.coveredIntervals(inBandFrom: y0, to: y1, fillRule: clip.rule), from: inside)
        }
        return inside.filter { $0.upperBound > $0.lowerBound }
    }

    /// Whether the region is one rectangle with nothing clipped out: every band is its width.
    var isRectangle: Bool { rectangle != nil && clips.isEmpty }

    /// Carves a proposed band (path coordinates, y down) as a text container does
    /// (`NSTextContainer.lineFragmentRect(forProposedRect:at:writingDirection:remaining:)`): the
    /// first interval inside the region across the whole band, in the writing direction, within
    /// the proposal's x extent; `remaining` gets the rest of the band beyond it. Zero when no part
    /// of the band is inside.
    func lineFragmentRect(forProposedRect proposed: CGRect, writingDirection: NSWritingDirection,
                          remaining: inout CGRect) -> CGRect {
        remaining = .zero
        guard proposed.width > 0, proposed.height >= 0, proposed.minY >= bounds.minY - 0.001,
              proposed.maxY <= bounds.maxY + 0.001 else { return .zero }
        var free: [ClosedRange<CGFloat>] = []
        for span in spans(from: proposed.minY, to: proposed.maxY) {
            let low = max(span.lowerBound, proposed.minX), high = min(span.upperBound, proposed.maxX)
            if high - low > 0.001 { free.append(low...high) }
        }
        guard let first = free.first, let last = free.last else { return .zero }
        let rightToLeft = writingDirection == .rightToLeft
        let chosen = rightToLeft ? last : first
        if free.count > 1 {
            remaining = rightToLeft
                ? CGRect(x: proposed.minX, y: proposed.minY, width: chosen.lowerBound - proposed.minX, height: proposed.height)
                : CGRect(x: chosen.upperBound, y: proposed.minY, width: proposed.maxX - chosen.upperBound, height: proposed.height)
        }
        return CGRect(x: chosen.lowerBound, y: proposed.minY, width: chosen.upperBound - chosen.lowerBound, height: proposed.height)
    }

    /// The heights strictly inside the band where an edge starts, ends or crosses another.
    private func events(from y0: CGFloat, to y1: CGFloat) -> [CGFloat] {
        var ys: [CGFloat] = []
        var meeting: [(top: CGPoint, bottom: CGPoint)] = []
        for e in edges where e.bottom.y > y0 && e.top.y < y1 {
            meeting.append(e)
            if e.top.y > y0 { ys.append(e.top.y) }
            if e.bottom.y < y1 { ys.append(e.bottom.y) }
        }
        // Crossings: where two edges have the same x at the same height inside the band.
        func x(_ e: (top: CGPoint, bottom: CGPoint), _ y: CGFloat) -> CGFloat {
            e.top.x + (e.bottom.x - e.top.x) * (y - e.top.y) / (e.bottom.y - e.top.y)
        }
        for i in meeting.indices {
            for j in meeting.indices where j > i {
                let a = meeting[i], b = meeting[j]
                let low = max(a.top.y, b.top.y, y0), high = min(a.bottom.y, b.bottom.y, y1)
                guard low < high else { continue }
                let d0 = x(a, low) - x(b, low), d1 = x(a, high) - x(b, high)
                guard d0 * d1 < 0 else { continue }
                ys.append(low + (high - low) * d0 / (d0 - d1))
            }
        }
        return ys.filter { $0 > y0 && $0 < y1 }
    }

    /// The intersection of two sorted lists of disjoint intervals.
    static func intersect(_ a: [ClosedRange<CGFloat>], _ b: [ClosedRange<CGFloat>]) -> [ClosedRange<CGFloat>] {
        var result: [ClosedRange<CGFloat>] = []
        var i = 0, j = 0
        while i < a.count && j < b.count {
            let low = max(a[i].lowerBound, b[j].lowerBound), high = min(a[i].upperBound, b[j].upperBound)
            if low < high { result.append(low...high) }
            if a[i].upperBound < b[j].upperBound { i += 1 } else { j += 1 }
        }
        return result
    }

    /// `a` minus the sorted intervals `cut`.
    static func subtract(_ cut: [ClosedRange<CGFloat>], from a: [ClosedRange<CGFloat>]) -> [ClosedRange<CGFloat>] {
        var result: [ClosedRange<CGFloat>] = []
        for interval in a {
            var low = interval.lowerBound
            for c in cut where c.upperBound > low && c.lowerBound < interval.upperBound {
                if c.lowerBound > low { result.append(low...c.lowerBound) }
                low = max(low, c.upperBound)
            }
            if low < interval.upperBound { result.append(low...interval.upperBound) }
        }
        return result
    }
}
