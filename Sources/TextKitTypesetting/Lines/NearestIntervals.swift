/// Which of n closed intervals on the x axis is nearest to an x, in O(log n): what hit testing asks
/// of a line's graphemes (``LineCarets/hit(x:)``) and glyphs (the layout manager's
/// `glyphIndex(for:in:)`) without walking them.
///
/// The answer is exactly the linear search's: the interval at the smallest distance from x
/// (0 inside, ends included; otherwise to the nearer end, computed as `lower - x` or `x - upper` in
/// `Float`), the lowest rank (the interval's index in the order given) among equal distances. So
/// where intervals overlap (kerning, marks, bidi runs) the one that comes first in the given order
/// wins, as in a walk that stops at the first interval holding x. A NaN x answers rank 0 (the walk
/// finds distance 0 at once), and so does an x whose distance to every interval overflows.
///
/// How: the sorted distinct ends cut the axis into points and open gaps between them; each piece
/// knows the lowest rank that covers it (painted once, in rank order, by skipping the pieces
/// already painted). An x on an uncovered piece is nearest to the highest upper end below it or the
/// lowest lower end above it; those ends are sorted with the lowest rank of each, and equal
/// distances (ends whose `Float` distances round alike) are found by stepping outwards from them.
///
/// Building costs O(n) when the intervals come sorted (both ends never decreasing, as boxes
/// along a line mostly do), else O(n log n); the tables take some 28 bytes an interval.
package struct NearestIntervals: Sendable, Equatable {
    /// The sorted distinct ends of all intervals.
    private let ends: [Float]
    /// Piece 2i is the point `ends[i]`, piece 2i + 1 the gap between `ends[i]` and `ends[i + 1]`:
    /// the lowest rank of the intervals covering it, or -1.
    private let cover: [Int32]
    /// The distinct upper ends, sorted, with the lowest rank that ends there.
    private let uppers: [Float]
    private let upperRanks: [Int32]
    /// The distinct lower ends, sorted, with the lowest rank that starts there.
    private let lowers: [Float]
    private let lowerRanks: [Int32]

    /// The number of intervals.
    package let count: Int

    /// The intervals `lower[r]...upper[r]`, rank r. Nil when there are none, or when an end is not
    /// finite or a lower end exceeds its upper end (callers then walk).
    package init?(lower: [Float], upper: [Float]) {
        let n = lower.count
        guard n > 0, n == upper.count, n < Int(Int32.max) else { return nil }
        for r in 0..<n {
            guard lower[r].isFinite, upper[r].isFinite, lower[r] <= upper[r] else { return nil }
        }
        count = n
        let (ends, lowerEnd, upperEnd) = Self.ends(lower: lower, upper: upper)
        self.ends = ends
        cover = Self.cover(pieces: 2 * ends.count - 1, lowerEnd: lowerEnd, upperEnd: upperEnd)

        // The lowest rank starting and ending at each end (ranks come in order: the first wins).
        var lowestStarting = [Int32](repeating: -1, count: ends.count)
        var lowestEnding = [Int32](repeating: -1, count: ends.count)
        for r in 0..<n {
            if lowestStarting[Int(lowerEnd[r])] < 0 { lowestStarting[Int(lowerEnd[r])] = Int32(r) }
            if lowestEnding[Int(upperEnd[r])] < 0 { lowestEnding[Int(upperEnd[r])] = Int32(r) }
        }
        var uppers: [Float] = [], upperRanks: [Int32] = [], lowers: [Float] = [], lowerRanks: [Int32] = []
        for i in ends.indices {
            if lowestEnding[i] >= 0 {
                uppers.append(ends[i])
                upperRanks.append(lowestEnding[i])
            }
            if lowestStarting[i] >= 0 {
                lowers.append(ends[i])
                lowerRanks.append(lowestStarting[i])
            }
        }
        (self.uppers, self.upperRanks, self.lowers, self.lowerRanks) = (uppers, upperRanks, lowers, lowerRanks)
    }

    /// The sorted distinct ends, and where each interval's lower and upper ends are among them.
    /// Boxes in visual order along a line mostly come sorted already (both ends never
    /// decreasing): then a merge, O(n); else a sort and binary searches.
    private static func ends(lower: [Float], upper: [Float]) -> (ends: [Float], lowerEnd: [Int32], upperEnd: [Int32]) {
        let n = lower.count
        var ends: [Float] = []
        ends.reserveCapacity(2 * n)
        var lowerEnd = [Int32](repeating: 0, count: n), upperEnd = [Int32](repeating: 0, count: n)
        if isSorted(lower) && isSorted(upper) {
            var i = 0, j = 0
            while i < n || j < n {
                let value = j == n || (i < n && lower[i] <= upper[j]) ? lower[i] : upper[j]
                if ends.isEmpty || ends[ends.count - 1] != value { ends.append(value) }
                // Every end equal to the value just added is at index ends.count - 1.
                while i < n && lower[i] == value { lowerEnd[i] = Int32(ends.count - 1); i += 1 }
                while j < n && upper[j] == value { upperEnd[j] = Int32(ends.count - 1); j += 1 }
            }
            return (ends, lowerEnd, upperEnd)
        }
        ends = lower + upper
        ends.sort()
        var distinct = 0
        for i in ends.indices where distinct == 0 || ends[distinct - 1] != ends[i] {
            ends[distinct] = ends[i]
            distinct += 1
        }
        ends.removeLast(ends.count - distinct)
        for r in 0..<n {
            lowerEnd[r] = Int32(index(of: lower[r], in: ends))
            upperEnd[r] = Int32(index(of: upper[r], in: ends))
        }
        return (ends, lowerEnd, upperEnd)
    }

    /// The lowest rank covering each piece (see ``cover``), -1 for none: the pieces are painted in
    /// rank order, `next[s]` leading to the first unpainted piece at or after s (with path
    /// compression), so each piece is painted once.
    private static func cover(pieces: Int, lowerEnd: [Int32], upperEnd: [Int32]) -> [Int32] {
        var cover = [Int32](repeating: -1, count: pieces)
        var next = [Int32](0...Int32(pieces))
        func unpainted(_ s: Int) -> Int {
            var root = s
            while Int(next[root]) != root { root = Int(next[root]) }
            var t = s
            while Int(next[t]) != root {
                let following = Int(next[t])
                next[t] = Int32(root)
                t = following
            }
            return root
        }
        for r in lowerEnd.indices {
            var s = unpainted(2 * Int(lowerEnd[r]))
            while s <= 2 * Int(upperEnd[r]) {
                cover[s] = Int32(r)
                next[s] = Int32(s + 1)
                s = unpainted(s + 1)
            }
        }
        return cover
    }

    /// Whether `values` never decrease.
    private static func isSorted(_ values: [Float]) -> Bool {
        for i in values.indices.dropFirst() where !(values[i - 1] <= values[i]) { return false }
        return true
    }

    /// The index of `value` in the sorted `ends`, which hold it.
    private static func index(of value: Float, in ends: [Float]) -> Int {
        var low = 0, high = ends.count - 1
        while low < high {
            let mid = (low + high) / 2
            if ends[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The rank of the interval nearest to `x` (see the type's documentation).
    package func nearest(to x: Float) -> Int {
        var steps = 0
        return nearest(to: x, steps: &steps)
    }

    /// ``nearest(to:)``, adding to `steps` the number of entries it looked at (what a test counts to
    /// tell a search from a walk).
    package func nearest(to x: Float, steps: inout Int) -> Int {
        guard !x.isNaN else { return 0 }
        if x >= ends[0] && x <= ends[ends.count - 1] {
            // The last end at or before x.
            var low = 0, high = ends.count - 1
            while low < high {
                steps += 1
                let mid = (low + high + 1) / 2
                if ends[mid] <= x { low = mid } else { high = mid - 1 }
            }
            let rank = cover[ends[low] == x ? 2 * low : 2 * low + 1]
            if rank >= 0 { return Int(rank) }
        }
        // Outside every interval: the highest upper end below x, the lowest lower end above it.
        var below = -1, low = 0, high = uppers.count - 1
        while low <= high {
            steps += 1
            let mid = (low + high) / 2
            if uppers[mid] < x { below = mid; low = mid + 1 } else { high = mid - 1 }
        }
        var above = lowers.count
        low = 0
        high = lowers.count - 1
        while low <= high {
            steps += 1
            let mid = (low + high) / 2
            if lowers[mid] > x { above = mid; high = mid - 1 } else { low = mid + 1 }
        }
        let left = below >= 0 ? x - uppers[below] : .infinity
        let right = above < lowers.count ? lowers[above] - x : .infinity
        let distance = min(left, right)
        guard distance < .infinity else { return 0 }
        var best = Int32.max
        var i = below
        while i >= 0 && x - uppers[i] == distance {
            steps += 1
            best = min(best, upperRanks[i])
            i -= 1
        }
        i = above
        while i < lowers.count && lowers[i] - x == distance {
            steps += 1
            best = min(best, lowerRanks[i])
            i += 1
        }
        return Int(best)
    }
}
