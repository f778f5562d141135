import ModelTestSupport
import Foundation
import Testing
@testable import TextKitGraphics

/// The exclusion region (the index of a text container's exclusion paths) against a brute-force
/// computation that runs every edge of every path through the band method, and the counters that
/// show a band query visits only the shapes near the band.
@Suite("Exclusion regions: indexed band spans")
struct ExclusionRegionTests {
    /// The seeded generator of the model tests (SplitMix64), so that a failure replays from the
    /// seed it prints.
    typealias Generator = SeededGenerator

    // MARK: Random geometry

    static func randomRect(_ g: inout Generator, in extent: CGFloat = 300) -> CGRect {
        CGRect(x: g.coordinate(-20...extent), y: g.coordinate(-20...extent),
               width: g.chance(0.05) ? 0 : g.coordinate(-40...80), height: g.chance(0.05) ? 0 : g.coordinate(-40...80))
    }

    /// One subpath of a random kind added to `path`.
    static func addRandomSubpath(to path: UIBezierPath, _ g: inout Generator, in extent: CGFloat = 300) {
        switch g.int(0...6) {
        case 0, 1:
            path.append(UIBezierPath(rect: randomRect(&g, in: extent)))
        case 2:
            path.append(UIBezierPath(ovalIn: randomRect(&g, in: extent)))
        case 3:
            // A polygon of 3 to 7 points, often self-intersecting; closed or left open. (Not on the
            // grid: two collinear edges from one vertex enclose nothing, and whether rounding leaves
            // a sliver between them depends on where a slab is cut.)
            let center = CGPoint(x: g.coordinate(0...extent), y: g.coordinate(0...extent))
            path.move(to: center)
            for _ in 0..<g.int(2...6) {
                path.addLine(to: CGPoint(x: center.x + g.float(-60...60), y: center.y + g.float(-60...60)))
            }
            if g.chance(0.7) { path.close() }
        case 4:
            // A ring: an outer rectangle and an inner one, the inner reversed half the time.
            let outer = CGRect(x: g.coordinate(0...extent), y: g.coordinate(0...extent), width: g.coordinate(20...80), height: g.coordinate(20...80))
            let inner = outer.insetBy(dx: outer.width / 4, dy: outer.height / 4)
            path.append(UIBezierPath(rect: outer))
            path.append(g.chance(0.5) ? UIBezierPath(rect: inner).reversing() : UIBezierPath(rect: inner))
        case 5:
            path.append(UIBezierPath(roundedRect: randomRect(&g, in: extent), cornerRadius: g.float(0...20)))
        default:
            // Curves and a tilted quadrilateral.
            let p = CGPoint(x: g.coordinate(0...extent), y: g.coordinate(0...extent))
            path.move(to: p)
            path.addQuadCurve(to: CGPoint(x: p.x + g.float(-50...50), y: p.y + g.float(0...50)),
                              controlPoint: CGPoint(x: p.x + g.float(-50...50), y: p.y + g.float(-50...50)))
            path.addCurve(to: CGPoint(x: p.x + g.float(-50...50), y: p.y + g.float(-50...50)),
                          controlPoint1: CGPoint(x: p.x + g.float(-50...50), y: p.y + g.float(-50...50)),
                          controlPoint2: CGPoint(x: p.x + g.float(-50...50), y: p.y + g.float(-50...50)))
            path.close()
        }
    }

    /// A random exclusion path: one shape, or many subpaths (scattered, overlapping, or both).
    static func randomPath(_ g: inout Generator) -> UIBezierPath {
        let path = UIBezierPath()
        let subpaths = g.chance(0.6) ? 1 : g.int(2...(g.chance(0.2) ? 80 : 12))
        let extent: CGFloat = subpaths > 12 ? 1000 : 300
        for _ in 0..<subpaths { addRandomSubpath(to: path, &g, in: extent) }
        path.usesEvenOddFillRule = g.chance(0.5)
        return path
    }

    /// The paths flattened as the region flattens them, for ``bruteForce(_:from:to:)``.
    static func polygons(_ paths: [UIBezierPath]) -> [(PathPolygon, CGPathFillRule)] {
        paths.map { (PathPolygon(path: $0.cgPath, tolerance: ExclusionRegion.tolerance), $0.fillRule) }
    }

    /// Every edge of every path, no index, no splitting of paths, no sweep: the band cut at every
    /// vertex inside it, and each slab's edges found by looking at every edge (the method of
    /// CGPath+BandSpans.swift in its plainest form).
    static func bruteForce(_ polygons: [(PathPolygon, CGPathFillRule)], from y0: CGFloat, to y1: CGFloat) -> [ClosedRange<CGFloat>] {
        guard y0.isFinite, y1.isFinite, y0 <= y1 else { return [] }
        var intervals: [ClosedRange<CGFloat>] = []
        struct Crossing { var top: CGFloat, bottom: CGFloat, direction: Int32, edge: PathPolygon.Edge }
        func walk(_ crossings: [Crossing], _ rule: CGPathFillRule) {
            var winding = 0
            var left = crossings[0]
            for c in crossings {
                let wasInside = rule.isInside(winding)
                winding += Int(c.direction)
                if !wasInside && rule.isInside(winding) { left = c }
                if wasInside && !rule.isInside(winding) && (c.top + c.bottom) / 2 > (left.top + left.bottom) / 2 {
                    intervals.append(min(left.top, left.bottom)...max(c.top, c.bottom))
                }
            }
        }
        for (polygon, rule) in polygons {
            if y0 == y1 {
                let xs = polygon.edges.filter { $0.yTop <= y0 && y0 < $0.yBottom }.map { ($0.x(at: y0), $0.direction) }.sorted { $0.0 < $1.0 }
                var winding = 0
                var left = CGFloat.zero
                for (x, direction) in xs {
                    let wasInside = rule.isInside(winding)
                    winding += Int(direction)
                    if !wasInside && rule.isInside(winding) { left = x }
                    if wasInside && !rule.isInside(winding) && x > left { intervals.append(left...x) }
                }
                continue
            }
            let edges = polygon.edges.filter { $0.yTop < y1 && $0.yBottom > y0 }
            guard edges.count >= 2 else { continue }
            let cuts = ([y0, y1] + edges.flatMap { [$0.yTop, $0.yBottom] }.filter { $0 > y0 && $0 < y1 }).sorted()
            for (ya, yb) in zip(cuts, cuts.dropFirst()) where yb > ya {
                var slab = edges.filter { $0.yTop <= ya && $0.yBottom >= yb }
                    .map { Crossing(top: $0.x(at: ya), bottom: $0.x(at: yb), direction: $0.direction, edge: $0) }
                guard slab.count >= 2 else { continue }
                slab.sort { $0.top != $1.top ? $0.top < $1.top : $0.bottom < $1.bottom }
                let crosses = zip(slab, slab.dropFirst()).contains { a, b in a.bottom - b.bottom > 1e-9 * max(1, abs(b.bottom)) }
                guard crosses else { walk(slab, rule); continue }
                // Crossing edges: cut again where two of them meet.
                var inner = [ya, yb]
                for i in slab.indices {
                    for j in slab.indices where j > i {
                        let (a, b) = (slab[i], slab[j])
                        guard (a.top - b.top) * (a.bottom - b.bottom) < 0 else { continue }
                        let s = (b.top - a.top) / ((a.bottom - a.top) - (b.bottom - b.top))
                        let y = ya + s * (yb - ya)
                        if y > ya, y < yb { inner.append(y) }
                    }
                }
                inner.sort()
                for (pa, pb) in zip(inner, inner.dropFirst()) where pb > pa {
                    let piece = slab.map { Crossing(top: $0.edge.x(at: pa), bottom: $0.edge.x(at: pb), direction: $0.direction, edge: $0.edge) }
                        .sorted { ($0.top + $0.bottom) / 2 < ($1.top + $1.bottom) / 2 }
                    walk(piece, rule)
                }
            }
        }
        var builder = BandSpanBuilder()
        builder.intervals = intervals
        return builder.merged()
    }

    static func bruteForce(_ paths: [UIBezierPath], from y0: CGFloat, to y1: CGFloat) -> [ClosedRange<CGFloat>] {
        bruteForce(polygons(paths), from: y0, to: y1)
    }

    /// Whether two interval lists are the same set within `eps` (intervals closer than `eps` count
    /// as touching; slivers up to `eps` wide, which rounding makes where a slab is cut, count as
    /// nothing).
    static func agree(_ a: [ClosedRange<CGFloat>], _ b: [ClosedRange<CGFloat>], eps: CGFloat) -> Bool {
        func merged(_ list: [ClosedRange<CGFloat>]) -> [ClosedRange<CGFloat>] {
            var result: [ClosedRange<CGFloat>] = []
            for r in list where r.upperBound - r.lowerBound > eps {
                if let last = result.last, r.lowerBound <= last.upperBound + eps {
                    result[result.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
                } else {
                    result.append(r)
                }
            }
            return result
        }
        let (ma, mb) = (merged(a), merged(b))
        return ma.count == mb.count && zip(ma, mb).allSatisfy {
            abs($0.lowerBound - $1.lowerBound) <= eps && abs($0.upperBound - $1.upperBound) <= eps
        }
    }

    /// A band: from a random height or a shape's vertex, of zero, small or large height.
    static func randomBand(_ g: inout Generator, near paths: [UIBezierPath]) -> (CGFloat, CGFloat) {
        var y0 = g.coordinate(-50...1050)
        if g.chance(0.3), let path = paths.randomElement(using: &g), !path.bounds.isNull {
            let b = path.bounds
            y0 = g.chance(0.5) ? b.minY : b.maxY  // exactly on an edge
        }
        let height: CGFloat = switch g.int(0...3) {
        case 0: 0
        case 1: g.float(0...2)
        case 2: g.coordinate(5...30)
        default: g.coordinate(0...400)
        }
        return (y0, y0 + height)
    }

    @Test("Indexed band spans equal brute force over random rectangles, ovals, polygons and paths of many subpaths, under both fill rules",
          arguments: [0x5EED_0001, 0x5EED_0002, 0x5EED_0003] as [UInt64])
    func againstBruteForce(seed: UInt64) {
        var g = Generator(seed: seed)
        for trial in 0..<100 {
            let paths = (0..<g.int(1...(g.chance(0.2) ? 40 : 8))).map { _ in Self.randomPath(&g) }
            // A path of one loop, or any set of rectangles, gives exactly the brute-force answer; a
            // path split into several shapes, the same within rounding (see ExclusionRegion.swift).
            let exact = paths.allSatisfy { path in
                path.path.elements.filter { if case .moveToPoint = $0 { true } else { false } }.count <= 1
            }
            let region = ExclusionRegion(paths)
            let polygons = Self.polygons(paths)
            for band in 0..<12 {
                let (y0, y1) = Self.randomBand(&g, near: paths)
                let indexed = region.coveredIntervals(inBandFrom: y0, to: y1)
                let expected = Self.bruteForce(polygons, from: y0, to: y1)
                let context = "seed \(seed), trial \(trial), band \(band): \(y0)…\(y1), \(paths.count) paths"
                if exact {
                    #expect(indexed == expected, "\(context)")
                } else {
                    #expect(Self.agree(indexed, expected, eps: 1e-9 * 2000), "\(context): \(indexed) against \(expected)")
                }
                // The answer holds every point the paths fill strictly inside the band.
                if y1 > y0 {
                    for _ in 0..<8 {
                        let point = CGPoint(x: g.float(-100...1100), y: y0 + (0.01 + 0.98 * g.unit()) * (y1 - y0))
                        if paths.contains(where: { $0.contains(point) }) {
                            #expect(indexed.contains { $0.lowerBound - 1e-6 <= point.x && point.x <= $0.upperBound + 1e-6 },
                                    "\(context): \(point) is filled but not covered")
                        }
                    }
                }
                // Asking again gives the kept answer.
                #expect(region.coveredIntervals(inBandFrom: y0, to: y1) == indexed, "\(context)")
            }
        }
    }

    @Test("Hostile geometry: NaN, infinite and huge points, degenerate paths, bands that are not bands")
    func hostile() {
        let weird = UIBezierPath()
        weird.move(to: CGPoint(x: CGFloat.nan, y: 5))
        weird.addLine(to: CGPoint(x: 10, y: CGFloat.infinity))
        weird.addLine(to: CGPoint(x: 10, y: 10))
        weird.addLine(to: CGPoint(x: 50, y: 60))
        weird.addLine(to: CGPoint(x: 0, y: 60))
        weird.close()
        let huge = UIBezierPath(rect: CGRect(x: -1e300, y: -1e300, width: 2e300, height: 1e300))
        let line = UIBezierPath()
        line.move(to: CGPoint(x: 0, y: 0))
        line.addLine(to: CGPoint(x: 100, y: 100))
        let point = UIBezierPath()
        point.move(to: CGPoint(x: 3, y: 3))
        let paths = [weird, huge, line, point, UIBezierPath(), UIBezierPath(rect: CGRect(x: 5, y: 5, width: -10, height: CGFloat.nan))]
        let region = ExclusionRegion(paths)
        for (y0, y1) in [(0, 20), (-1e300, 1e300), (30, 30), (CGFloat.nan, 10), (0, CGFloat.infinity), (20, 10)] as [(CGFloat, CGFloat)] {
            let indexed = region.coveredIntervals(inBandFrom: y0, to: y1)
            #expect(Self.agree(indexed, Self.bruteForce(paths, from: y0, to: y1), eps: 1e-9), "band \(y0)…\(y1): \(indexed)")
        }
        #expect(ExclusionRegion([]).coveredIntervals(inBandFrom: 0, to: 10).isEmpty)
    }

    // MARK: What a query visits

    /// How many of `rects` a band's closed extent meets: the shapes an index may not avoid looking at.
    static func meeting(_ rects: [CGRect], _ y0: CGFloat, _ y1: CGFloat) -> Int {
        rects.filter { $0.minY <= y1 && $0.maxY >= y0 }.count
    }

    @Test("A band query visits only the shapes whose height meets the band: 20,000 paths, or one path of 20,000 rectangles",
          arguments: [false, true])
    func visitsOnlyShapesNearTheBand(onePath: Bool) {
        var g = Generator(seed: 0x0E8C_1A51)
        let rects = (0..<20_000).map { _ in CGRect(x: g.float(0...597), y: g.float(0...19_997), width: 3, height: 3) }
        let paths: [UIBezierPath]
        if onePath {
            let path = UIBezierPath()
            for rect in rects { path.append(UIBezierPath(rect: rect)) }
            paths = [path]
        } else {
            paths = rects.map { UIBezierPath(rect: $0) }
        }
        let region = ExclusionRegion(paths)
        // Separate paths are separate shapes; one path's rectangles that touch are one shape.
        #expect(region.shapeCount == (onePath ? 20_000 - Self.touchingPairsMerged(rects) : 20_000))
        for _ in 0..<200 {
            let y0 = g.float(-100...20_100), y1 = y0 + g.float(0...30)
            region.resetStatistics()
            _ = region.coveredIntervals(inBandFrom: y0, to: y1)
            let stats = region.statistics
            let near = Self.meeting(rects, y0, y1)
            // Every shape here is a rectangle; shapes merged from touching rectangles are visited
            // once, so never more than the rectangles near the band.
            #expect(stats.shapesVisited <= near, "band \(y0)…\(y1): \(stats.shapesVisited) shapes visited, \(near) near")
            #expect(stats.edgesVisited <= 8 * near)
            // The tree: at most a root-to-leaf path per block holding a shape visited, and one more.
            #expect(stats.nodesVisited <= (near + 1) * 15, "band \(y0)…\(y1): \(stats.nodesVisited) nodes for \(near) shapes")
            #expect(stats.bandsComputed == 1)
        }
    }

    /// How many merges touching rectangles make (each merge is one shape fewer than rectangles).
    static func touchingPairsMerged(_ rects: [CGRect]) -> Int {
        var parent = Array(rects.indices)
        func find(_ i: Int) -> Int { var i = i; while parent[i] != i { i = parent[i] }; return i }
        var merges = 0
        let order = rects.indices.sorted { rects[$0].minY < rects[$1].minY }
        for (k, i) in order.enumerated() {
            for j in order[(k + 1)...] {
                if rects[j].minY > rects[i].maxY { break }
                if rects[i].minX <= rects[j].maxX && rects[j].minX <= rects[i].maxX {
                    let (a, b) = (find(i), find(j))
                    if a != b { parent[max(a, b)] = min(a, b); merges += 1 }
                }
            }
        }
        return merges
    }

    @Test("A separate path per rectangle and one path of them all give one shape per rectangle; a ring stays one shape")
    func shapes() {
        let rects = (0..<1000).map { CGRect(x: CGFloat($0 % 30) * 20, y: CGFloat($0 / 30) * 20, width: 2, height: 2) }
        let one = UIBezierPath()
        for rect in rects { one.append(UIBezierPath(rect: rect)) }
        #expect(ExclusionRegion([one]).shapeCount == 1000)
        #expect(ExclusionRegion(rects.map { UIBezierPath(rect: $0) }).shapeCount == 1000)
        let ring = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
        ring.append(UIBezierPath(rect: CGRect(x: 25, y: 25, width: 50, height: 50)))
        ring.usesEvenOddFillRule = true
        let region = ExclusionRegion([ring])
        #expect(region.shapeCount == 1)
        #expect(region.coveredIntervals(inBandFrom: 40, to: 60) == [0...25, 75...100])
    }

    /// Found by FuzzExclusion (`Fuzz/Regressions/exclusion-flat-ovals-1`): 314 ovals 10¹² points wide
    /// and 35 tall, each flattened into 4,000 chords, most of them inside a line's band. Each of the
    /// band's thousands of slabs looked at every edge in the band (over libFuzzer's 10 s under
    /// AddressSanitizer); the sweep keeps the edges spanning the current slab.
    @Test("A flat oval of 4,000 chords: each slab of a band looks at the edges crossing it, not at every edge in the band")
    func flatOval() {
        let oval = UIBezierPath(ovalIn: CGRect(x: 0, y: 100, width: 1e12, height: 35))
        let region = ExclusionRegion([oval])
        let intervals = region.coveredIntervals(inBandFrom: 110, to: 124)
        let stats = region.statistics
        #expect(stats.edgesVisited > 1_000)
        #expect(stats.slabEdgesExamined <= 4 * stats.edgesVisited, "\(stats)")
        #expect(intervals.count == 1 && intervals[0].lowerBound < 1e9 && intervals[0].upperBound > 1e12 - 1e9, "\(intervals)")
        #expect(intervals == oval.cgPath.coveredIntervals(inBandFrom: 110, to: 124))
    }

    @Test("A large shape's edges are indexed too: a band over a polygon of 20,000 edges visits the edges near it")
    func largeShape() {
        // A comb: one polygon whose teeth hang down, 10,000 of them.
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: 0))
        for i in 0..<10_000 {
            let x = CGFloat(i) * 4
            path.addLine(to: CGPoint(x: x, y: 10 + CGFloat(i)))
            path.addLine(to: CGPoint(x: x + 2, y: 0))
        }
        path.close()
        let region = ExclusionRegion([path])
        #expect(region.shapeCount == 1)
        for y0 in [CGFloat(5_000), 9_000, 20] {
            region.resetStatistics()
            let indexed = region.coveredIntervals(inBandFrom: y0, to: y0 + 15)
            #expect(Self.agree(indexed, Self.bruteForce([path], from: y0, to: y0 + 15), eps: 1e-9))
            // Only the teeth reaching the band: the edges down to at least y0.
            let near = 2 * (10_000 - Int(y0 - 10)) + 2
            #expect(region.statistics.edgesVisited <= near + 8, "\(region.statistics.edgesVisited) edges for \(near)")
        }
    }
}

extension SeededGenerator {
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    mutating func unit() -> CGFloat { CGFloat(next() >> 11) / CGFloat(1 << 53) }
    mutating func float(_ range: ClosedRange<CGFloat>) -> CGFloat { range.lowerBound + unit() * (range.upperBound - range.lowerBound) }
    mutating func chance(_ p: CGFloat) -> Bool { unit() < p }
    /// A coordinate on a coarse grid half the time (so that shapes share edges and touch exactly).
    mutating func coordinate(_ range: ClosedRange<CGFloat>) -> CGFloat {
        chance(0.5) ? (float(range) / 5).rounded() * 5 : float(range)
    }
}
