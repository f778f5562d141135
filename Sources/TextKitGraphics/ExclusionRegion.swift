import Foundation

// The exclusion paths of a text container, indexed for band queries: what every path together
// covers in a line's band, at a cost that depends on the shapes near the band, not on how many
// paths there are or how many subpaths one path has.
//
// Shapes. Each path is flattened once into closed loops of edges (CGPath+Flattening.swift). Loops
// of one path whose bounding boxes do not touch cannot change each other's fill under either rule
// (a loop winds zero times around every point outside its box), so a path is split into shapes:
// groups of loops whose boxes touch, found by a sweep down the loops' tops. A path of 100,000
// separate rectangles becomes 100,000 shapes, as 100,000 paths do; a ring (a square with a square
// hole) stays one shape. A shape that is one axis-aligned rectangle is kept as its box alone.
//
// Index. The shapes are sorted by top, over a tree of the greatest bottom (the lowest on the
// page) under each node: the shapes meeting a band are those among the first (tops at or above the band's bottom)
// whose bottom reaches the band's top, and the descent enters only subtrees holding one, so a
// query costs O(log n) per shape it meets and nothing for shapes far from the band. A large shape's
// edges are indexed the same way among themselves.
//
// Answers. The shapes' intervals go through one `BandSpanBuilder` (the method of
// CGPath+BandSpans.swift, each shape under its path's fill rule) and are sorted and merged in one
// pass. The last band's answer is kept: the line loop asks for the same band once per piece of a
// row (the remaining rect), and each of those queries is then a binary search. A container asks
// for the part of the band its proposed rect spans: shapes that do not reach it are skipped, and
// the first shape that covers it whole ends the query (a band an exclusion spans from edge to
// edge costs one shape, however many others meet it).
//
// Results are those of `CGPath.coveredIntervals(inBandFrom:to:fillRule:tolerance:)` on each path,
// united: exactly for rectangles and any path of one shape; for a path split into several shapes
// with slanted or curved edges, within rounding (a shape's slabs are no longer cut at the other
// shapes' vertices, which moves an interpolated x by an ulp or so).

/// What band queries of an ``ExclusionRegion`` have visited, counted from its creation (or the last
/// ``ExclusionRegion/resetStatistics()``): for tests that hold the index to visiting only what is
/// near a band.
package struct ExclusionQueryStatistics: Sendable, Equatable {
    /// Band queries asked.
    package var queries = 0
    /// Queries whose band was not the one before: computed from the shapes.
    package var bandsComputed = 0
    /// Shapes looked at (each meets the band's closed extent by its bounding box).
    package var shapesVisited = 0
    /// Edges of shapes other than rectangles looked at.
    package var edgesVisited = 0
    /// Index tree nodes entered, for shapes and for edges.
    package var nodesVisited = 0
    /// Edges looked at to make the slabs of shapes other than rectangles (each slab: the edges that
    /// span it and those that just ended above it).
    package var slabEdgesExamined = 0

    /// Nothing visited.
    package init() {}
}

/// The exclusion paths of a container, with an index of their shapes by height and the answer for
/// the last band asked. Made from the paths' elements as they are when it is made (a path changed
/// in place afterwards is not seen); the geometry is built at the first query. Thread-safe: queries
/// take a lock.
package final class ExclusionRegion: @unchecked Sendable {  // all mutable state is in `state` (`Locked`)
    /// The flattening tolerance of every path (CGPath.defaultFlatteningTolerance, as the paths' own
    /// band queries).
    package static let tolerance = CGPath.defaultFlatteningTolerance
    /// Shapes with more edges than this have their edges indexed; smaller ones are scanned.
    static let scannedEdges = 16

    /// What the queries read and change, under the region's lock.
    private struct State {
        /// The paths' elements and fill rules, until the geometry is built.
        var sources: [(elements: [CGPathElementKind], rule: CGPathFillRule)]
        var geometry: Geometry?
        var builder = BandSpanBuilder()
        /// The last band computed (and the window its answer holds for; nil: the whole line) and its
        /// merged intervals.
        var cachedBand: (y0: CGFloat, y1: CGFloat, window: ClosedRange<CGFloat>?)?
        var cached: [ClosedRange<CGFloat>] = []
        var stats = ExclusionQueryStatistics()

        /// The geometry, built at the first call.
        mutating func built() -> Geometry {
            if let geometry { return geometry }
            let made = Geometry(sources: sources, tolerance: ExclusionRegion.tolerance)
            geometry = made
            sources = []
            return made
        }
    }

    private let state: Locked<State>

    /// A region of `paths`, each filled under its own rule.
    package convenience init(_ paths: [UIBezierPath]) {
        self.init(sources: paths.map { ($0.path.elements, $0.fillRule) })
    }

    /// A region of paths given by their elements and fill rules.
    package init(sources: [(elements: [CGPathElementKind], rule: CGPathFillRule)]) {
        state = Locked(State(sources: sources))
    }

    /// The statistics of the queries so far.
    package var statistics: ExclusionQueryStatistics {
        state.withLock { $0.stats }
    }

    /// Zeroes the statistics, and forgets the last band (so that the next query computes its own).
    package func resetStatistics() {
        state.withLock { state in
            state.stats = ExclusionQueryStatistics()
            state.cachedBand = nil
        }
    }

    /// How many shapes the paths were split into (builds the geometry).
    package var shapeCount: Int {
        state.withLock { $0.built().shapes.count }
    }

    /// Calls `body` with the x intervals the paths cover somewhere in the band from `y0` to `y1`:
    /// sorted, disjoint, touching ones merged; the union of each path's
    /// `coveredIntervals(inBandFrom:to:)` under its fill rule (see the notes at the top of this
    /// file for the rounding of split paths). Non-finite or upside-down bands cover nothing.
    ///
    /// With a `window`, the intervals are those that matter inside it: the shapes that do not reach
    /// it are left out, and once one shape covers the whole window, its interval alone is the
    /// answer. What is free inside the window (and inside any part of it, which is what the rest of
    /// a row asks next) is the same.
    ///
    /// `body` runs under the region's lock: it must not query the region again.
    package func withCoveredIntervals<R>(inBandFrom y0: CGFloat, to y1: CGFloat, within window: ClosedRange<CGFloat>? = nil,
                                         _ body: (UnsafeBufferPointer<ClosedRange<CGFloat>>) throws -> R) rethrows -> R {
        try state.withLock { state in
            state.stats.queries += 1
            if let band = state.cachedBand, band.y0 == y0, band.y1 == y1 {
                let holds = switch (band.window, window) {
                case (nil, _): true
                case (let kept?, let asked?): kept.lowerBound <= asked.lowerBound && asked.upperBound <= kept.upperBound
                case (.some, nil): false
                }
                if holds { return try state.cached.withUnsafeBufferPointer(body) }
            }
            state.cached.removeAll(keepingCapacity: true)
            state.cachedBand = nil
            if y0.isFinite, y1.isFinite, y0 <= y1, window.map({ $0.lowerBound.isFinite && $0.upperBound.isFinite }) ?? true {
                state.stats.bandsComputed += 1
                let geometry = state.built()
                state.builder.reset()
                geometry.addIntervals(from: y0, to: y1, window: window, into: &state.builder, stats: &state.stats)
                state.stats.slabEdgesExamined += state.builder.slabEdgesExamined
                swap(&state.cached, &state.builder.intervals)
                BandSpanBuilder.sortAndMerge(&state.cached)
                state.cachedBand = (y0, y1, window)
            }
            return try state.cached.withUnsafeBufferPointer(body)
        }
    }

    /// The covered intervals as an array (see ``withCoveredIntervals(inBandFrom:to:_:)``).
    package func coveredIntervals(inBandFrom y0: CGFloat, to y1: CGFloat) -> [ClosedRange<CGFloat>] {
        withCoveredIntervals(inBandFrom: y0, to: y1) { Array($0) }
    }
}

// MARK: - The geometry

extension ExclusionRegion {
    /// One group of loops of one path, filled under the path's rule.
    struct Shape {
        var minY: CGFloat, maxY: CGFloat, minX: CGFloat, maxX: CGFloat
        /// The shape's edges: `edges[edgeStart ..< edgeStart + edgeCount]`, sorted by top.
        var edgeStart: Int32, edgeCount: Int32
        var evenOdd: Bool
        /// The shape is the axis-aligned rectangle `minX…maxX` × `minY…maxY`: two vertical edges.
        var isRectangle: Bool
    }

    /// The shapes of every path and their index.
    final class Geometry {
        /// Sorted by top.
        let shapes: [Shape]
        /// Every shape's edges, each shape's together and sorted by top.
        let edges: [PathPolygon.Edge]
        /// The bottoms of `shapes`, as a max tree.
        let shapeTree: MaxTree
        /// The bottoms of `edges`, as a max tree, when some shape has more than `scannedEdges`.
        let edgeTree: MaxTree?

        init(sources: [(elements: [CGPathElementKind], rule: CGPathFillRule)], tolerance: CGFloat) {
            var shapes: [Shape] = []
            var edges: [PathPolygon.Edge] = []
            var pathEdges: [PathPolygon.Edge] = []
            var loopStarts: [Int] = []
            var splitter = LoopSplitter()
            shapes.reserveCapacity(sources.count)
            for source in sources {
                if let rectangle = Shape(rectangleOf: source.elements, evenOdd: source.rule == .evenOdd) {
                    shapes.append(rectangle)  // most exclusions are: no need to flatten them
                    continue
                }
                pathEdges.removeAll(keepingCapacity: true)
                loopStarts.removeAll(keepingCapacity: true)
                PathPolygon.forEachEdge(of: source.elements, tolerance: tolerance,
                                        startingLoop: { loopStarts.append(pathEdges.count) }) { pathEdges.append($0) }
                guard !pathEdges.isEmpty else { continue }  // covers nothing
                splitter.split(pathEdges, loopStarts: loopStarts) { group in
                    var shape = Shape(edges: group, start: edges.count, evenOdd: source.rule == .evenOdd)
                    if shape.isRectangle {
                        // A rectangle keeps its box alone (most exclusions are rectangles).
                        shape.edgeCount = 0
                        shapes.append(shape)
                        return
                    }
                    let start = edges.count
                    edges.append(contentsOf: group)
                    edges.withUnsafeMutableBufferPointer { all in
                        var shapeEdges = UnsafeMutableBufferPointer(rebasing: all[start...])
                        shapeEdges.sort { $0.yTop < $1.yTop }
                    }
                    shapes.append(shape)
                }
            }
            shapes.sort { $0.minY < $1.minY }
            // The edges in the shapes' order, so that the shapes near a band have theirs together.
            var ordered: [PathPolygon.Edge] = []
            ordered.reserveCapacity(edges.count)
            for i in shapes.indices where shapes[i].edgeCount > 0 {
                let start = Int(shapes[i].edgeStart)
                shapes[i].edgeStart = Int32(ordered.count)
                ordered.append(contentsOf: edges[start..<start + Int(shapes[i].edgeCount)])
            }
            self.shapes = shapes
            self.edges = ordered
            shapeTree = MaxTree(shapes.map(\.maxY))
            edgeTree = shapes.contains { Int($0.edgeCount) > ExclusionRegion.scannedEdges } ? MaxTree(ordered.map(\.yBottom)) : nil
        }

        /// Adds to `builder` the intervals of every shape meeting the band; with a `window`, only
        /// those of shapes reaching it, and only one interval once a shape covers the whole window
        /// (nothing else can change what is free there). Returns whether it stopped at such a shape.
        @discardableResult
        func addIntervals(from y0: CGFloat, to y1: CGFloat, window: ClosedRange<CGFloat>?, into builder: inout BandSpanBuilder,
                          stats: inout ExclusionQueryStatistics) -> Bool {
            var shapeNodes = 0, edgeNodes = 0, shapesVisited = 0, edgesVisited = 0
            var covering: ClosedRange<CGFloat>?
            // The shapes whose top is at or above the band's bottom.
            let end = Self.partition(shapes.count) { shapes[$0].minY <= y1 }
            shapeTree.forEach(in: 0..<end, reaching: y0, nodes: &shapeNodes) { i in
                shapesVisited += 1
                let shape = shapes[i]
                if let window, !Self.reaches(shape, window) { return false }
                let first = builder.intervals.count
                if shape.isRectangle {
                    let meets = y0 == y1 ? shape.minY <= y0 && y0 < shape.maxY : shape.minY < y1 && shape.maxY > y0
                    if meets { builder.intervals.append(shape.minX...shape.maxX) }
                } else {
                    builder.begin(rule: shape.evenOdd ? .evenOdd : .winding)
                    let start = Int(shape.edgeStart), count = Int(shape.edgeCount)
                    if let edgeTree, count > ExclusionRegion.scannedEdges {
                        // The shape's edges whose top is at or above the band's bottom, then those
                        // among them whose bottom reaches its top.
                        let stop = start + Self.partition(count) { edges[start + $0].yTop <= y1 }
                        edgeTree.forEach(in: start..<stop, reaching: y0, nodes: &edgeNodes) { e in
                            edgesVisited += 1
                            builder.consider(edges[e], from: y0, to: y1)
                            return false
                        }
                    } else {
                        for e in start..<start + count {
                            let edge = edges[e]
                            if edge.yTop > y1 { break }  // sorted by top
                            edgesVisited += 1
                            if edge.yBottom >= y0 { builder.consider(edge, from: y0, to: y1) }
                        }
                    }
                    builder.finish(from: y0, to: y1)
                }
                guard let window else { return false }
                for k in first..<builder.intervals.count {
                    let interval = builder.intervals[k]
                    if interval.lowerBound <= window.lowerBound && interval.upperBound >= window.upperBound {
                        covering = interval
                        return true
                    }
                }
                return false
            }
            if let covering {
                builder.intervals.removeAll(keepingCapacity: true)
                builder.intervals.append(covering)
            }
            stats.nodesVisited += shapeNodes + edgeNodes
            stats.shapesVisited += shapesVisited
            stats.edgesVisited += edgesVisited
            return covering != nil
        }

        /// Whether `shape` may cover part of `window`: its box reaches it, with a margin for the
        /// rounding of interpolated x (an interval that stops short of the window, or starts past it,
        /// changes nothing inside).
        @inline(__always)
        static func reaches(_ shape: Shape, _ window: ClosedRange<CGFloat>) -> Bool {
            let margin = 1e-9 * (1 + max(abs(shape.minX), abs(shape.maxX)))
            return shape.maxX + margin >= window.lowerBound && shape.minX - margin <= window.upperBound
        }

        /// The first index in `0..<count` where `isBefore` turns false (it holds for a prefix).
        @inline(__always)
        static func partition(_ count: Int, _ isBefore: (Int) -> Bool) -> Int {
            var low = 0, high = count
            while low < high {
                let mid = (low + high) / 2
                if isBefore(mid) { low = mid + 1 } else { high = mid }
            }
            return low
        }
    }
}

extension ExclusionRegion.Shape {
    /// The rectangle `elements` draw when they are a move and straight lines (closed or not) whose
    /// flattened loop has exactly two non-horizontal edges, both vertical: the shape
    /// ``init(edges:start:evenOdd:)`` would find a rectangle, without flattening. Nil otherwise.
    init?(rectangleOf elements: [CGPathElementKind], evenOdd: Bool) {
        guard elements.count >= 3, elements.count <= 7, case .moveToPoint(let first) = elements[0],
              first.x.isFinite, first.y.isFinite else { return nil }
        typealias Side = (x: CGFloat, top: CGFloat, bottom: CGFloat, down: Bool)
        var sides: (Side?, Side?) = (nil, nil)
        /// False when the segment from `p` to `q` rules a rectangle out.
        func side(_ p: CGPoint, _ q: CGPoint) -> Bool {
            guard p.y != q.y else { return true }  // horizontal: no edge
            guard p.x == q.x, sides.1 == nil else { return false }
            let made: Side = (p.x, min(p.y, q.y), max(p.y, q.y), p.y < q.y)
            if sides.0 == nil { sides.0 = made } else { sides.1 = made }
            return true
        }
        var last = first
        for (k, element) in elements.enumerated().dropFirst() {
            switch element {
            case .addLineToPoint(let p):
                guard p.x.isFinite, p.y.isFinite, side(last, p) else { return nil }
                last = p
            case .closeSubpath where k == elements.count - 1:
                break
            default:
                return nil
            }
        }
        // The closing edge, explicit or not.
        guard side(last, first), let a = sides.0, let b = sides.1 else { return nil }
        guard a.x != b.x, a.top == b.top, a.bottom == b.bottom, a.down != b.down else { return nil }
        self.init(minY: a.top, maxY: a.bottom, minX: min(a.x, b.x), maxX: max(a.x, b.x), edgeStart: 0, edgeCount: 0,
                  evenOdd: evenOdd, isRectangle: true)
    }

    /// The shape of `edges` (sorted by top), which start at `start` in the region's edge array.
    init(edges: ArraySlice<PathPolygon.Edge>, start: Int, evenOdd: Bool) {
        var minY = CGFloat.infinity, maxY = -CGFloat.infinity, minX = CGFloat.infinity, maxX = -CGFloat.infinity
        for e in edges {
            minY = min(minY, e.yTop); maxY = max(maxY, e.yBottom)
            minX = min(minX, e.xTop, e.xBottom); maxX = max(maxX, e.xTop, e.xBottom)
        }
        self.init(minY: minY, maxY: maxY, minX: minX, maxX: maxX, edgeStart: Int32(start), edgeCount: Int32(edges.count),
                  evenOdd: evenOdd, isRectangle: false)
        if edges.count == 2 {
            let a = edges[edges.startIndex], b = edges[edges.startIndex + 1]
            isRectangle = a.xTop == a.xBottom && b.xTop == b.xBottom && a.xTop != b.xTop
                && a.yTop == b.yTop && a.yBottom == b.yBottom && a.direction != b.direction
        }
    }
}

// MARK: - Splitting a path into shapes

/// Splits one path's loops into groups whose bounding boxes touch (transitively), by a sweep down
/// the loops' tops that compares each loop with those still open above it. Loops side by side in
/// great numbers (100,000 squares in one row) would make the sweep quadratic: past a budget of
/// comparisons the path stays one shape, which is exact, only slower to query.
struct LoopSplitter {
    /// Comparisons allowed per loop, on top of a fixed allowance.
    static let comparisonsPerLoop = 64
    static let comparisonAllowance = 1_000_000

    private var boxes: [(minX: CGFloat, maxX: CGFloat, minY: CGFloat, maxY: CGFloat, start: Int, end: Int)] = []
    private var parent: [Int32] = []
    private var order: [Int32] = []
    private var open: [Int32] = []
    private var grouped: [PathPolygon.Edge] = []

    /// Calls `body` with the edges of each group of `edges` (whose loops start at `loopStarts`).
    mutating func split(_ edges: [PathPolygon.Edge], loopStarts: [Int],
                        _ body: (ArraySlice<PathPolygon.Edge>) -> Void) {
        boxes.removeAll(keepingCapacity: true)
        for (k, start) in loopStarts.enumerated() {
            let end = k + 1 < loopStarts.count ? loopStarts[k + 1] : edges.count
            guard end > start else { continue }  // a loop of horizontal edges only
            var minY = CGFloat.infinity, maxY = -CGFloat.infinity, minX = CGFloat.infinity, maxX = -CGFloat.infinity
            for e in edges[start..<end] {
                minY = min(minY, e.yTop); maxY = max(maxY, e.yBottom)
                minX = min(minX, e.xTop, e.xBottom); maxX = max(maxX, e.xTop, e.xBottom)
            }
            boxes.append((minX, maxX, minY, maxY, start, end))
        }
        guard boxes.count > 1, let roots = groups() else { return body(edges[...]) }
        // Each group's edges together, in the order of its loops.
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: (0..<Int32(boxes.count)))
        order.sort { roots[Int($0)] != roots[Int($1)] ? roots[Int($0)] < roots[Int($1)] : $0 < $1 }
        var k = 0
        while k < order.count {
            let root = roots[Int(order[k])]
            grouped.removeAll(keepingCapacity: true)
            while k < order.count, roots[Int(order[k])] == root {
                let box = boxes[Int(order[k])]
                grouped.append(contentsOf: edges[box.start..<box.end])
                k += 1
            }
            body(grouped[...])
        }
    }

    /// Each loop's group (the index of a loop in it), or nil when the budget ran out.
    private mutating func groups() -> [Int32]? {
        let count = boxes.count
        parent.removeAll(keepingCapacity: true)
        parent.append(contentsOf: (0..<Int32(count)))
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: (0..<Int32(count)))
        let boxes = self.boxes
        order.sort { boxes[Int($0)].minY < boxes[Int($1)].minY }
        open.removeAll(keepingCapacity: true)
        var budget = Self.comparisonAllowance + Self.comparisonsPerLoop * count
        for loop in order {
            let box = boxes[Int(loop)]
            var kept = 0
            for j in 0..<open.count {
                let other = open[j]
                let o = boxes[Int(other)]
                guard o.maxY >= box.minY else { continue }  // ends above this loop and every later one
                open[kept] = other
                kept += 1
                if o.minX <= box.maxX && box.minX <= o.maxX { union(other, loop) }
            }
            budget -= open.count
            if budget < 0 { return nil }
            open.removeLast(open.count - kept)
            open.append(loop)
        }
        return (0..<Int32(count)).map { find($0) }
    }

    private mutating func find(_ i: Int32) -> Int32 {
        var root = i
        while parent[Int(root)] != root { root = parent[Int(root)] }
        var j = i
        while parent[Int(j)] != root { (parent[Int(j)], j) = (root, parent[Int(j)]) }
        return root
    }

    private mutating func union(_ a: Int32, _ b: Int32) {
        let (ra, rb) = (find(a), find(b))
        if ra != rb { parent[Int(max(ra, rb))] = min(ra, rb) }
    }
}

// MARK: - The index

/// The largest value under each node of a complete binary tree over a sequence cut into blocks of
/// eight, for finding the elements of a range whose value reaches a threshold while skipping the
/// subtrees that hold none (a block is scanned: the last levels of a tree cost more than they skip).
struct MaxTree {
    static let blockSize = 8
    /// The values, in order.
    private let values: [CGFloat]
    /// Node i's children are 2i and 2i + 1; leaves (blocks) start at `leafCount`; padding is −∞.
    private let nodes: [CGFloat]
    private let leafCount: Int

    init(_ values: [CGFloat]) {
        let blocks = (values.count + Self.blockSize - 1) / Self.blockSize
        var leaves = 1
        while leaves < blocks { leaves *= 2 }
        var nodes = [CGFloat](repeating: -.infinity, count: 2 * leaves)
        for (i, v) in values.enumerated() where v > nodes[leaves + i / Self.blockSize] {
            nodes[leaves + i / Self.blockSize] = v
        }
        if leaves > 1 {
            for i in stride(from: leaves - 1, through: 1, by: -1) { nodes[i] = max(nodes[2 * i], nodes[2 * i + 1]) }
        }
        self.values = values
        self.nodes = nodes
        leafCount = leaves
    }

    /// Calls `body` with each index in `range` whose value is at least `threshold`, in order, until
    /// it returns true; `visited` counts the tree nodes entered.
    func forEach(in range: Range<Int>, reaching threshold: CGFloat, nodes visited: inout Int, _ body: (Int) -> Bool) {
        guard !range.isEmpty else { return }
        if range.count <= 4 * Self.blockSize {
            // A short range: scanning it costs less than descending to it.
            visited += 1
            values.withUnsafeBufferPointer { values in
                for i in range where values[i] >= threshold {
                    if body(i) { return }
                }
            }
            return
        }
        let firstBlock = range.lowerBound / Self.blockSize, endBlock = (range.upperBound - 1) / Self.blockSize + 1
        values.withUnsafeBufferPointer { values in
            nodes.withUnsafeBufferPointer { tree in
                // Depth-first, left to right: a stack of (node, first block, end block).
                withUnsafeTemporaryAllocation(of: (Int, Int, Int).self, capacity: 64) { stack in
                    var depth = 0
                    stack[0] = (1, 0, leafCount)
                    depth = 1
                    while depth > 0 {
                        depth -= 1
                        let (node, low, high) = stack[depth]
                        guard low < endBlock, high > firstBlock, tree[node] >= threshold else { continue }
                        visited += 1
                        if high - low == 1 {
                            let start = max(low * Self.blockSize, range.lowerBound)
                            let end = min(high * Self.blockSize, range.upperBound)
                            for i in start..<end where values[i] >= threshold {
                                if body(i) { return }
                            }
                            continue
                        }
                        let middle = (low + high) / 2
                        stack[depth] = (2 * node + 1, middle, high)
                        stack[depth + 1] = (2 * node, low, middle)
                        depth += 2
                    }
                }
            }
        }
    }
}
