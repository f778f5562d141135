import Foundation

// Flattening: curves become polylines within a stated tolerance, and the filled area of the
// path becomes a set of non-horizontal edges with a winding direction, indexed by y. The
// containment test and the band spans of exclusion paths run on this polygon, which is built
// once per (path, tolerance) and cached with the path.

extension CGPath {
    /// The default flattening tolerance of geometry queries, in path units: the largest distance
    /// between a curve and the chords that replace it.
    public static let defaultFlatteningTolerance: CGFloat = 0.05

    /// The path as polylines: one array of points per subpath, curves replaced by chords no
    /// farther than `tolerance` from the curve. Closed subpaths end with their first point.
    /// Non-finite points are skipped.
    public func flattenedSubpaths(tolerance: CGFloat = CGPath.defaultFlatteningTolerance) -> [[CGPoint]] {
        var result: [[CGPoint]] = []
        var current: [CGPoint] = []
        forEachFlattenedSegment(tolerance: tolerance) { event in
            switch event {
            case .start(let p):
                if current.count > 1 { result.append(current) }
                current = [p]
            case .point(let p):
                current.append(p)
            }
        }
        if current.count > 1 { result.append(current) }
        return result
    }

    enum FlattenEvent { case start(CGPoint), point(CGPoint) }

    /// Walks the path as polylines; closing segments are emitted for closed subpaths only.
    func forEachFlattenedSegment(tolerance: CGFloat, _ body: (FlattenEvent) -> Void) {
        CGPath.forEachFlattenedSegment(of: elements, tolerance: tolerance, body)
    }

    /// Walks `elements` as polylines (see the instance method): for the exclusion region, which
    /// keeps the elements of the paths it was made from rather than the paths.
    static func forEachFlattenedSegment(of elements: [CGPathElementKind], tolerance: CGFloat, _ body: (FlattenEvent) -> Void) {
        let tolerance = tolerance > 0 && tolerance.isFinite ? tolerance : CGPath.defaultFlatteningTolerance
        var current = CGPoint.zero
        var subpathStart = CGPoint.zero
        var started = false
        func ensureStarted() {
            if !started { body(.start(current)); subpathStart = current; started = true }
        }
        for element in elements {
            switch element {
            case .moveToPoint(let p):
                guard p.x.isFinite, p.y.isFinite else { continue }
                current = p; subpathStart = p
                body(.start(p)); started = true
            case .addLineToPoint(let p):
                guard p.x.isFinite, p.y.isFinite else { continue }
                ensureStarted()
                body(.point(p)); current = p
            case .addQuadCurveToPoint(let c, let e):
                guard c.x.isFinite, c.y.isFinite, e.x.isFinite, e.y.isFinite else { continue }
                ensureStarted()
                let m = hypot(current.x - 2 * c.x + e.x, current.y - 2 * c.y + e.y)
                let n = segmentCount(squaredError: m / 4, tolerance: tolerance)
                for i in 1..<n { body(.point(quadraticPoint(current, c, e, CGFloat(i) / CGFloat(n)))) }
                body(.point(e)); current = e
            case .addCurveToPoint(let c1, let c2, let e):
                guard c1.x.isFinite, c1.y.isFinite, c2.x.isFinite, c2.y.isFinite,
                      e.x.isFinite, e.y.isFinite else { continue }
                ensureStarted()
                let d1 = hypot(current.x - 2 * c1.x + c2.x, current.y - 2 * c1.y + c2.y)
                let d2 = hypot(c1.x - 2 * c2.x + e.x, c1.y - 2 * c2.y + e.y)
                let n = segmentCount(squaredError: 0.75 * max(d1, d2), tolerance: tolerance)
                for i in 1..<n { body(.point(cubicPoint(current, c1, c2, e, CGFloat(i) / CGFloat(n)))) }
                body(.point(e)); current = e
            case .closeSubpath:
                guard started else { continue }
                if current != subpathStart { body(.point(subpathStart)) }
                current = subpathStart
                started = false
            }
        }
    }

    /// The number of uniform chords whose distance from the curve stays within `tolerance`,
    /// given the curve's error constant e (chord error ≤ e / n²), between 1 and 1000.
    private static func segmentCount(squaredError e: CGFloat, tolerance: CGFloat) -> Int {
        let n = (e / tolerance).squareRoot().rounded(.up)
        return n.isFinite ? Int(min(max(n, 1), 1000)) : 1000
    }

    /// The cached polygon of the filled area at `tolerance`.
    func polygon(tolerance: CGFloat) -> PathPolygon {
        geometryCache.polygon(of: self, tolerance: tolerance)
    }
}

/// The filled area of a path as edges. Every subpath is closed implicitly (as filling does).
struct PathPolygon: Sendable {
    /// A non-horizontal polygon edge, oriented top to bottom.
    struct Edge: Sendable {
        var yTop: CGFloat, yBottom: CGFloat
        var xTop: CGFloat, xBottom: CGFloat
        /// +1 when the path runs downwards (y increasing) along the edge, −1 upwards.
        var direction: Int32
        /// The index of the y bucket holding `yTop`.
        var firstBucket: Int32

        /// x on the edge at `y` (yTop ≤ y ≤ yBottom); exact at both ends.
        @inline(__always)
        func x(at y: CGFloat) -> CGFloat {
            if y <= yTop { return xTop }
            if y >= yBottom { return xBottom }
            return xTop + (xBottom - xTop) * ((y - yTop) / (yBottom - yTop))
        }
    }

    let tolerance: CGFloat
    let edges: [Edge]
    let minY: CGFloat
    let maxY: CGFloat
    /// y buckets of equal height over [minY, maxY]; bucket b holds the edges overlapping it,
    /// as indices `bucketEdges[bucketStart[b] ..< bucketStart[b + 1]]`.
    let bucketHeight: CGFloat
    let bucketStart: [Int32]
    let bucketEdges: [Int32]

    var bucketCount: Int { bucketStart.count - 1 }

    init(path: CGPath, tolerance: CGFloat) {
        self.tolerance = tolerance
        var edges: [Edge] = []
        Self.forEachEdge(of: path.elements, tolerance: tolerance, startingLoop: {}) { edges.append($0) }

        var low = CGFloat.infinity, high = -CGFloat.infinity
        for e in edges { low = min(low, e.yTop); high = max(high, e.yBottom) }
        if edges.isEmpty { (low, high) = (0, 0) }
        minY = low
        maxY = high
        let count = max(1, min(edges.count / 2, 1024))
        let height = (high - low) / CGFloat(count)
        bucketHeight = height > 0 && height.isFinite ? height : 1
        let bucketCount = height > 0 && height.isFinite ? count : 1
        func bucket(_ y: CGFloat) -> Int {
            let b = ((y - low) / (height > 0 && height.isFinite ? height : 1)).rounded(.down)
            return b.isFinite ? Int(min(max(b, 0), CGFloat(bucketCount - 1))) : 0  // clamp before converting: b may pass Int.max
        }
        var counts = [Int32](repeating: 0, count: bucketCount + 1)
        for i in edges.indices {
            let b0 = bucket(edges[i].yTop), b1 = bucket(edges[i].yBottom)
            edges[i].firstBucket = Int32(b0)
            for b in b0...b1 { counts[b + 1] += 1 }
        }
        for b in 0..<bucketCount { counts[b + 1] += counts[b] }
        var fill = counts
        var members = [Int32](repeating: 0, count: Int(counts[bucketCount]))
        for (i, e) in edges.enumerated() {
            for b in Int(e.firstBucket)...bucket(e.yBottom) {
                members[Int(fill[b])] = Int32(i)
                fill[b] += 1
            }
        }
        self.edges = edges
        bucketStart = counts
        bucketEdges = members
    }

    /// Calls `edge` with each non-horizontal edge of the filled area of `elements` flattened
    /// within `tolerance`, every subpath closed, and `startingLoop` before the edges of each
    /// subpath (the edges between two calls form closed loops).
    static func forEachEdge(of elements: [CGPathElementKind], tolerance: CGFloat,
                            startingLoop: () -> Void, _ edge: (Edge) -> Void) {
        var first = CGPoint.zero, last = CGPoint.zero
        var open = false
        func add(_ p: CGPoint, _ q: CGPoint) {
            guard p.y != q.y else { return }
            edge(p.y < q.y
                ? Edge(yTop: p.y, yBottom: q.y, xTop: p.x, xBottom: q.x, direction: 1, firstBucket: 0)
                : Edge(yTop: q.y, yBottom: p.y, xTop: q.x, xBottom: p.x, direction: -1, firstBucket: 0))
        }
        CGPath.forEachFlattenedSegment(of: elements, tolerance: tolerance) { event in
            switch event {
            case .start(let p):
                if open { add(last, first) }
                startingLoop()
                first = p; last = p; open = true
            case .point(let p):
                add(last, p); last = p
            }
        }
        if open { add(last, first) }
    }

    /// The bucket holding `y` (clamped to the valid range).
    @inline(__always)
    func bucket(for y: CGFloat) -> Int {
        let b = ((y - minY) / bucketHeight).rounded(.down)
        return b.isFinite ? Int(min(max(b, 0), CGFloat(bucketCount - 1))) : 0  // clamp before converting: b may pass Int.max
    }

    /// Calls `body` once with each edge that may overlap [y0, y1] (a superset: the caller
    /// checks the exact overlap it needs).
    @inline(__always)
    func forEachEdge(overlapping y0: CGFloat, _ y1: CGFloat, _ body: (Edge) -> Void) {
        guard !edges.isEmpty, y1 >= minY, y0 <= maxY else { return }
        let b0 = bucket(for: y0), b1 = bucket(for: y1)
        for b in b0...b1 {
            for slot in Int(bucketStart[b])..<Int(bucketStart[b + 1]) {
                let e = edges[Int(bucketEdges[slot])]
                // Report each edge from one bucket only: its first bucket inside the range.
                if b == max(Int(e.firstBucket), b0) { body(e) }
            }
        }
    }

    /// The winding number of the polygon around `point` (edges cover [yTop, yBottom)).
    func winding(at point: CGPoint) -> Int {
        var winding = 0
        forEachEdge(overlapping: point.y, point.y) { e in
            if e.yTop <= point.y, point.y < e.yBottom, e.x(at: point.y) > point.x {
                winding += Int(e.direction)
            }
        }
        return winding
    }
}

/// Per-path cache of derived geometry, keyed by the path's generation. Thread-safe: the geometry is
/// computed outside the lock, and stored under it.
final class PathGeometryCache: @unchecked Sendable {  // all state is in `state` (`Locked`)
    private struct State {
        var boundsGeneration: UInt64 = .max
        var bounds = CGRect.null
        var polygons: [(generation: UInt64, polygon: PathPolygon)] = []
    }

    private let state = Locked(State())

    func tightBounds(of path: CGPath) -> CGRect {
        let generation = path.generation
        if let known = state.withLock({ $0.boundsGeneration == generation ? $0.bounds : nil }) { return known }
        let computed = path.computeTightBounds()
        state.withLock { ($0.boundsGeneration, $0.bounds) = (generation, computed) }
        return computed
    }

    func polygon(of path: CGPath, tolerance: CGFloat) -> PathPolygon {
        let generation = path.generation
        let hit = state.withLock { state in
            state.polygons.first(where: { $0.generation == generation && $0.polygon.tolerance == tolerance })
        }
        if let hit { return hit.polygon }
        let built = PathPolygon(path: path, tolerance: tolerance)
        state.withLock { state in
            state.polygons.removeAll { $0.generation != generation }
            if state.polygons.count >= 3 { state.polygons.removeFirst() }  // a few tolerances per path at most
            state.polygons.append((generation, built))
        }
        return built
    }
}
