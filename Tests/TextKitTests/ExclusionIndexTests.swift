import ModelTestSupport
import Foundation
import Testing
@testable import TextKit
import TextKitGraphics
import TextKitModel

/// A text container's exclusion paths are indexed: a line looks only at the shapes near its band
/// (counted, not timed), the rest of a row reuses the band's answer, and the answers are those
/// computed from every path.
@Suite("Exclusion paths indexed by height")
struct ExclusionIndexTests {
    /// 10 KB of prose, as the benchmark (Benchmarks/Sources/ExclusionBench) lays out.
    static let text = String(repeating: "lorem ipsum dolor sit amet consectetur ", count: 250)

    /// 2 × 2 squares on a 20-point grid, 30 across.
    static func grid(_ count: Int) -> [CGRect] {
        (0..<count).map { CGRect(x: CGFloat($0 % 30) * 20, y: CGFloat($0 / 30) * 20, width: 2, height: 2) }
    }

    static func onePath(_ rects: [CGRect]) -> UIBezierPath {
        let path = UIBezierPath()
        for rect in rects { path.append(UIBezierPath(rect: rect)) }
        return path
    }

    @Test("100,000 squares, as separate paths or as one path: every band a line asks looks at the few rows of squares it meets, never at all of them",
          arguments: [false, true])
    func linesVisitOnlyNearbyShapes(onePath: Bool) {
        let rects = Self.grid(100_000)
        let stack = LayoutStack(Self.text, containerSizes: [CGSize(width: 600, height: CGFloat.greatestFiniteMagnitude)])
        let container = stack.containers[0]
        container.exclusionPaths = onePath ? [Self.onePath(rects)] : rects.map { UIBezierPath(rect: $0) }
        _ = stack.layoutManager.glyphRange(for: container)
        let stats = container.exclusionQueryStatistics
        let fragments = stack.fragments()
        print("ExclusionIndexTests: \(fragments.count) fragments, \(stats)")
        #expect(fragments.count > 100)
        #expect(stats.bandsComputed > 0)
        // A line's band (about 14 points) meets at most two rows of 30 squares: 60 shapes. The line
        // loop asks again for the band after each piece of a row: those queries compute nothing.
        #expect(stats.shapesVisited <= 60 * stats.bandsComputed, "\(stats)")
        #expect(stats.edgesVisited == 0)  // squares are kept as boxes
        #expect(stats.nodesVisited <= 1_000 * stats.bandsComputed, "\(stats)")
        #expect(stats.queries > 2 * stats.bandsComputed, "\(stats)")
        HostileGeometryTests.expectFragmentsTile(stack, upTo: stack.storage.length)
        for fragment in fragments {
            // No fragment's used rect crosses a square (their x extents are on the 20-point grid).
            let used = fragment.used
            let row = Int((used.minY / 20).rounded(.down))
            for r in max(0, row - 1)...(row + 2) where r < 3_334 {
                let top = CGFloat(r) * 20
                guard used.minY < top + 2, used.maxY > top else { continue }
                let column = Int((used.minX / 20).rounded(.down))
                for c in max(0, column - 1)...min(29, column + 1) where r * 30 + c < 100_000 {
                    let square = CGRect(x: CGFloat(c) * 20, y: top, width: 2, height: 2)
                    #expect(!used.insetBy(dx: 0.001, dy: 0.001).intersects(square), "\(used) crosses \(square)")
                }
            }
        }
    }

    @Test("One band query visits exactly the shapes whose height meets the band; the rest of the row asks nothing more")
    func oneQueryVisitsTheShapesMeetingItsBand() {
        var g = ExclusionReference.Generator(seed: 0xBA4D)
        let rects = (0..<100_000).map { _ in CGRect(x: g.float(0...597), y: g.float(0...19_997), width: 3, height: 3) }
        let container = NSTextContainer(size: CGSize(width: 600, height: 20_000))
        container.exclusionPaths = rects.map { UIBezierPath(rect: $0) }
        for _ in 0..<50 {
            let proposed = CGRect(x: 0, y: g.float(0...19_980), width: 600, height: g.float(5...20))
            container.resetExclusionQueryStatistics()
            var remaining = CGRect.zero
            _ = container.lineFragmentRect(forProposedRect: proposed, at: 0, writingDirection: .leftToRight, remaining: &remaining)
            let near = rects.filter { $0.minY <= proposed.maxY && $0.maxY >= proposed.minY }.count
            var stats = container.exclusionQueryStatistics
            #expect(stats.shapesVisited == near, "\(proposed): \(stats), \(near) squares near")
            #expect(stats.bandsComputed == 1)
            // The rest of the row: the same band, answered from what the first query kept.
            while !remaining.isEmpty {
                let next = remaining
                _ = container.lineFragmentRect(forProposedRect: next, at: 0, writingDirection: .leftToRight, remaining: &remaining)
                #expect(remaining.isEmpty || remaining.minX > next.minX)
            }
            stats = container.exclusionQueryStatistics
            #expect(stats.bandsComputed == 1 && stats.shapesVisited == near, "\(stats)")
        }
    }

    @Test("A band that one exclusion spans from edge to edge stops at it, however many other shapes meet the band")
    func coveredBandStopsAtTheCoveringShape() {
        // A full-width bar, then 30,000 squares over the same heights (their tops lower than the bar's).
        var paths = [UIBezierPath(rect: CGRect(x: -10, y: 100, width: 700, height: 500))]
        paths += (0..<30_000).map { UIBezierPath(rect: CGRect(x: CGFloat($0 % 100) * 6, y: 110 + CGFloat($0 / 100) * 1.5, width: 3, height: 3)) }
        let stack = LayoutStack(Self.text, containerSizes: [CGSize(width: 600, height: CGFloat.greatestFiniteMagnitude)])
        let container = stack.containers[0]
        container.exclusionPaths = paths
        var remaining = CGRect.zero
        let rect = container.lineFragmentRect(forProposedRect: CGRect(x: 0, y: 300, width: 600, height: 14), at: 0,
                                              writingDirection: .leftToRight, remaining: &remaining)
        #expect(rect == .zero && remaining == .zero)
        #expect(container.exclusionQueryStatistics.shapesVisited == 1, "\(container.exclusionQueryStatistics)")
        // Laying out: the bands the bar blocks cost one shape each; no line goes over it.
        container.resetExclusionQueryStatistics()
        _ = stack.layoutManager.glyphRange(for: container)
        let stats = container.exclusionQueryStatistics
        #expect(stats.shapesVisited < 20 * stats.bandsComputed, "\(stats)")
        for fragment in stack.fragments() {
            #expect(fragment.rect.maxY <= 100.001 || fragment.rect.minY >= 600 - 0.001, "\(fragment.rect)")
        }
        HostileGeometryTests.expectFragmentsTile(stack, upTo: stack.storage.length)
    }

    /// Found by FuzzExclusion (`Fuzz/Regressions/exclusion-huge-ovals-1`): 2,535 ovals 10¹² points
    /// wide, one on top of the other, beside a container 5e-324 points wide. No free piece is wider
    /// than a thousandth of a point there, so no text fits; but each of the more than a thousand
    /// bands the line loop tried on its way down asked every oval (3.3 s, 59 s under
    /// AddressSanitizer). A band that narrow now asks none.
    @Test("Hundreds of ovals 10¹² points wide beside a container too narrow for any free piece: no band asks a shape")
    func hugeOvalsBesideANarrowContainer() {
        let oval = CGRect(x: -1e6, y: -19.938, width: 1e12, height: 1e12)
        let paths = (0..<300).map { _ in UIBezierPath(ovalIn: oval) }
        let stack = LayoutStack(String(repeating: "lorem ", count: 20), attributes: [:],
                                containerSizes: [CGSize(width: CGFloat.leastNonzeroMagnitude, height: CGFloat.greatestFiniteMagnitude)])
        let container = stack.containers[0]
        container.exclusionPaths = paths
        let glyphs = expectQuick(5, "layout beside 300 huge ovals") { stack.layoutManager.glyphRange(for: container) }
        #expect(glyphs.length == 0 && stack.fragments().isEmpty)  // as before: nothing fits
        #expect(container.exclusionQueryStatistics == ExclusionQueryStatistics(), "\(container.exclusionQueryStatistics)")
        // Just wider, the band has room: a line asks each oval once.
        container.size = CGSize(width: 0.01, height: CGFloat.greatestFiniteMagnitude)
        container.resetExclusionQueryStatistics()
        var remaining = CGRect.zero
        let rect = container.lineFragmentRect(forProposedRect: CGRect(x: 0, y: 0, width: 0.01, height: 14), at: 0,
                                              writingDirection: .leftToRight, remaining: &remaining)
        #expect(rect == CGRect(x: 0, y: 0, width: 0.01, height: 14))
        #expect(container.exclusionQueryStatistics.shapesVisited == 300)
    }

    /// Found by FuzzExclusion (`Fuzz/Regressions/exclusion-taller-piece-1`): a row split by
    /// exclusions, whose third piece held a Hebrew word in a taller fallback font. The line came out
    /// taller than the row's band, and the area was asked again, but for the same band: the
    /// fragment reached 1.8 points into an exclusion just below the row's band.
    @Test("A piece of a row that holds a taller line is carved again at the line's height")
    func tallerPieceOfARow() {
        let stack = LayoutStack("lorem ipsum dolor sit amet consectetur adipiscing",
                                containerSizes: [CGSize(width: 600, height: CGFloat.greatestFiniteMagnitude)])
        stack.storage.addAttribute(.font, value: LayoutStack.serif(16), range: NSRange(location: 12, length: stack.storage.length - 12))
        let container = stack.containers[0]
        container.lineFragmentPadding = 0
        // A bar that splits the first row, and a block just below a 12-point line's height.
        let block = CGRect(x: 300, y: 15, width: 20, height: 40)
        container.exclusionPaths = [UIBezierPath(rect: CGRect(x: 100, y: 0, width: 50, height: 100)), UIBezierPath(rect: block)]
        let fragments = stack.fragments()
        #expect(fragments.count >= 3)  // the first piece, and the second row's piece cut short by the block
        for fragment in fragments {
            #expect(!fragment.rect.insetBy(dx: 0.001, dy: 0.001).intersects(block), "\(fragment.rect) crosses \(block)")
            #expect(!fragment.used.insetBy(dx: 0.001, dy: 0.001).intersects(block), "\(fragment.used) crosses \(block)")
        }
        HostileGeometryTests.expectFragmentsTile(stack, upTo: stack.storage.length)
    }

    @Test("Fragments and remaining rects equal those computed from every path, left to right and right to left",
          arguments: [0xC0_0001, 0xC0_0002] as [UInt64])
    func againstEveryPath(seed: UInt64) {
        var g = ExclusionReference.Generator(seed: seed)
        for trial in 0..<40 {
            var paths: [UIBezierPath] = []
            for _ in 0..<g.int(1...60) {
                let rect = CGRect(x: g.grid(-20...620), y: g.grid(-20...420), width: g.grid(-30...90), height: g.grid(-30...90))
                switch g.int(0...3) {
                case 0: paths.append(UIBezierPath(ovalIn: rect))
                case 1: paths.append(Self.onePath((0..<g.int(2...40)).map { _ in
                    CGRect(x: g.grid(-20...620), y: g.grid(-20...420), width: g.grid(0...40), height: g.grid(0...40))
                }))
                default: paths.append(UIBezierPath(rect: rect))
                }
                paths[paths.count - 1].usesEvenOddFillRule = g.int(0...1) == 1
            }
            let container = NSTextContainer(size: CGSize(width: 600, height: 400))
            container.exclusionPaths = paths
            for probe in 0..<25 {
                let x = g.grid(-20...600)
                let proposed = CGRect(x: x, y: g.grid(0...380), width: g.grid(0...640), height: g.int(0...5) == 0 ? 0 : g.grid(1...30))
                for direction in [NSWritingDirection.leftToRight, .rightToLeft] {
                    var remaining = CGRect(x: 1, y: 2, width: 3, height: 4)
                    let rect = container.lineFragmentRect(forProposedRect: proposed, at: 0, writingDirection: direction, remaining: &remaining)
                    let expected = ExclusionReference.lineFragmentRect(proposed, in: container.size, paths: paths, direction: direction)
                    #expect(rect == expected.rect && remaining == expected.remaining,
                            "seed \(seed), trial \(trial), probe \(probe), \(direction == .rightToLeft ? "RTL" : "LTR"), \(proposed): \(rect) / \(remaining) against \(expected)")
                    // The rest of the row, as the line loop asks next: answered from the band kept
                    // for the first proposal.
                    if !remaining.isEmpty {
                        let rest = remaining
                        let again = container.lineFragmentRect(forProposedRect: rest, at: 0, writingDirection: direction, remaining: &remaining)
                        let expectedAgain = ExclusionReference.lineFragmentRect(rest, in: container.size, paths: paths, direction: direction)
                        #expect(again == expectedAgain.rect && remaining == expectedAgain.remaining,
                                "seed \(seed), trial \(trial), probe \(probe), the rest \(rest): \(again) / \(remaining) against \(expectedAgain)")
                    }
                }
            }
        }
    }
}

/// The container's answer as it was computed before the index: every path's band spans, all of
/// them sorted together, the free pieces walked from the left.
enum ExclusionReference {
    /// The seeded generator of the model tests (SplitMix64), so that a failure replays from the
    /// seed it prints.
    typealias Generator = SeededGenerator

    static func lineFragmentRect(_ proposedRect: CGRect, in size: CGSize, paths: [UIBezierPath],
                                 direction: NSWritingDirection) -> (rect: CGRect, remaining: CGRect) {
        let bounds = CGRect(origin: .zero, size: size)
        guard proposedRect.minY >= 0, proposedRect.maxY <= bounds.maxY + 0.001,
              proposedRect.width > 0, proposedRect.height >= 0 else { return (.zero, .zero) }
        let minX = max(proposedRect.minX, 0)
        let maxX = min(proposedRect.maxX, bounds.maxX)
        guard maxX > minX else { return (.zero, .zero) }
        let band = CGRect(x: minX, y: proposedRect.minY, width: maxX - minX, height: proposedRect.height)
        var covered: [ClosedRange<CGFloat>] = []
        for path in paths { covered += path.coveredIntervals(inBandFrom: band.minY, to: band.maxY) }
        covered.sort { $0.lowerBound < $1.lowerBound }
        var free: [ClosedRange<CGFloat>] = []
        var x = minX
        for interval in covered {
            if interval.lowerBound > x { free.append(x...min(interval.lowerBound, maxX)) }
            x = max(x, interval.upperBound)
            if x >= maxX { break }
        }
        if x < maxX { free.append(x...maxX) }
        free.removeAll { $0.upperBound - $0.lowerBound <= 0.001 }
        guard !free.isEmpty else { return (.zero, .zero) }
        let rightToLeft = direction == .rightToLeft
        let chosen = rightToLeft ? free[free.count - 1] : free[0]
        var remaining = CGRect.zero
        if free.count > 1 {
            if rightToLeft {
                let end = free[free.count - 2].upperBound
                remaining = CGRect(x: minX, y: band.minY, width: end - minX, height: band.height)
            } else {
                let start = free[1].lowerBound
                remaining = CGRect(x: start, y: band.minY, width: maxX - start, height: band.height)
            }
        }
        return (CGRect(x: chosen.lowerBound, y: band.minY, width: chosen.upperBound - chosen.lowerBound, height: band.height), remaining)
    }
}

extension SeededGenerator {
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    mutating func float(_ range: ClosedRange<CGFloat>) -> CGFloat {
        range.lowerBound + CGFloat(next() >> 11) / CGFloat(1 << 53) * (range.upperBound - range.lowerBound)
    }
    /// On a 2.5-point grid: shapes share edges and touch exactly.
    mutating func grid(_ range: ClosedRange<CGFloat>) -> CGFloat { (float(range) / 2.5).rounded() * 2.5 }
}
