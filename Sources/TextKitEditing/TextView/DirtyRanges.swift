/// Ranges of text (UTF-16 offsets) still to be looked at, kept on the same characters as the
/// text is edited: sorted, disjoint and not touching one another.
struct DirtyRanges: Equatable {
    private(set) var ranges: [Range<Int>] = []

    var isEmpty: Bool { ranges.isEmpty }

    /// Adds `range` (merging with what it overlaps or touches).
    mutating func insert(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        var merged = range
        var kept: [Range<Int>] = []
        kept.reserveCapacity(ranges.count + 1)
        var placed = false
        for r in ranges {
            if r.upperBound < merged.lowerBound {
                kept.append(r)
            } else if r.lowerBound > merged.upperBound {
                if !placed { kept.append(merged); placed = true }
                kept.append(r)
            } else {
                merged = min(r.lowerBound, merged.lowerBound)..<max(r.upperBound, merged.upperBound)
            }
        }
        if !placed { kept.append(merged) }
        ranges = kept
    }

    /// Follows an edit that replaced `oldLength` units at `location` with `newLength` units: ranges
    /// after it move, ranges across it stretch or shrink, and the new text is dirty.
    mutating func followEdit(at location: Int, oldLength: Int, newLength: Int) {
        let delta = newLength - oldLength
        let oldEnd = location + oldLength
        ranges = ranges.compactMap { r in
            let lower = r.lowerBound <= location ? r.lowerBound : (r.lowerBound >= oldEnd ? r.lowerBound + delta : location)
            let upper = r.upperBound <= location ? r.upperBound : (r.upperBound >= oldEnd ? r.upperBound + delta : location + newLength)
            return lower < upper ? lower..<upper : nil
        }
        if newLength > 0 { insert(location..<(location + newLength)) }
    }

    /// Removes and returns the parts that meet `window`.
    mutating func take(meeting window: Range<Int>) -> [Range<Int>] {
        var taken: [Range<Int>] = []
        var kept: [Range<Int>] = []
        for r in ranges {
            guard r.overlaps(window) else { kept.append(r); continue }
            let inside = r.clamped(to: window)
            taken.append(inside)
            if r.lowerBound < inside.lowerBound { kept.append(r.lowerBound..<inside.lowerBound) }
            if inside.upperBound < r.upperBound { kept.append(inside.upperBound..<r.upperBound) }
        }
        ranges = kept
        return taken
    }

    mutating func removeAll() { ranges = [] }
}
