import _RopeModule

/// A run of characters that share one interned attribute set.
struct _Run {
    var length: Int
    var id: UInt32
}

extension _Run: RopeElement {
    struct Summary: RopeSummary {
        var length: Int
        var runs: Int
        #if DEBUG
        static var maxNodeSize: Int { 6 }
        #else
        static var maxNodeSize: Int { 15 }
        #endif
        static var zero: Summary { Summary(length: 0, runs: 0) }
        var isZero: Bool { length == 0 && runs == 0 }
        mutating func add(_ o: Summary) { length += o.length; runs += o.runs }
        mutating func subtract(_ o: Summary) { length -= o.length; runs -= o.runs }
    }
    typealias Index = Int
    var summary: Summary { Summary(length: length, runs: length == 0 ? 0 : 1) }
    var isEmpty: Bool { length == 0 }
    var isUndersized: Bool { false }
    func invariantCheck() { precondition(length > 0) }
    mutating func rebalance(nextNeighbor right: inout _Run) -> Bool { false }
    mutating func split(at index: Int) -> _Run {
        let tail = _Run(length: length - index, id: id)
        length = index
        return tail
    }
}

struct _RunLengthMetric: RopeMetric {
    typealias Element = _Run
    func size(of summary: _Run.Summary) -> Int { summary.length }
    func index(at offset: Int, in element: _Run) -> Int { offset }
}

/// The attribute runs of an attributed string: a rope of (length, attribute-set id).
///
/// - Invariant: the runs cover the text exactly; no run is empty; adjacent runs have different ids.
/// Costs: `run(at:)` O(log r); `set` and `replace` O(log r + runs removed); iteration O(1) per run.
struct _AttributeRuns {
    var rope = Rope<_Run>()

    var length: Int { rope.summary.length }
    var runCount: Int { rope.summary.runs }

    /// The run holding `offset` (0 ≤ offset < length) and its range.
    func run(at offset: Int) -> (id: UInt32, range: Range<Int>) {
        let (i, rem) = rope.find(at: offset, in: _RunLengthMetric(), preferEnd: false)
        let run = rope[i]
        return (run.id, (offset - rem)..<(offset - rem + run.length))
    }

    /// Replaces `range` by `newLength` characters carrying `id`.
    mutating func replace(_ range: Range<Int>, newLength: Int, id: UInt32) {
        if length > 0 && replaceWithinRun(range, newLength: newLength, id: id) { return }
        if !range.isEmpty { rope.removeSubrange(range, in: _RunLengthMetric()) }
        if newLength > 0 {
            if rope.isEmpty || range.lowerBound == length {
                rope.append(_Run(length: newLength, id: id))
            } else {
                var builder = rope.builder(splittingAt: range.lowerBound, in: _RunLengthMetric())
                builder.insertBeforeTip(_Run(length: newLength, id: id))
                rope = builder.finalize()
            }
        }
        coalesce(at: range.lowerBound)
        if newLength > 0 { coalesce(at: range.lowerBound + newLength) }
    }

    /// Fast paths when `range` lies within one run: grow, shrink or relabel it, or split it in up to
    /// three with single-element rope insertions (no rebuilding of the tree's edges).
    private mutating func replaceWithinRun(_ range: Range<Int>, newLength: Int, id: UInt32) -> Bool {
        // An insertion belongs to the run before it (or the first run at 0).
        let probe = range.isEmpty && range.lowerBound > 0 ? range.lowerBound - 1 : range.lowerBound
        guard probe < length else { return false }
        var (index, rem) = rope.find(at: probe, in: _RunLengthMetric(), preferEnd: false)
        let run = rope[index]
        let start = probe - rem
        guard range.lowerBound >= start, range.upperBound <= start + run.length else { return false }
        if run.id == id {
            guard run.length - range.count + newLength > 0 else { return false }
            rope.update(at: &index) { $0.length += newLength - range.count }
            return true
        }
        guard newLength > 0 else { return false }
        let prefix = range.lowerBound - start
        let suffix = start + run.length - range.upperBound
        if prefix > 0 {
            rope.update(at: &index) { $0.length = prefix }
            rope.insert(_Run(length: newLength, id: id), at: range.lowerBound, in: _RunLengthMetric())
        } else {
            rope.update(at: &index) { $0 = _Run(length: newLength, id: id) }
        }
        if suffix > 0 {
            rope.insert(_Run(length: suffix, id: run.id), at: range.lowerBound + newLength, in: _RunLengthMetric())
        }
        if prefix == 0 { coalesce(at: range.lowerBound) }
        if suffix == 0 { coalesce(at: range.lowerBound + newLength) }
        return true
    }

    /// Merges the runs meeting at `offset` when they carry the same id.
    private mutating func coalesce(at offset: Int) {
        guard offset > 0, offset < length else { return }
        let (index, rem) = rope.find(at: offset, in: _RunLengthMetric(), preferEnd: false)
        guard rem == 0 else { return }
        let before = rope.index(before: index)
        guard rope[before].id == rope[index].id else { return }
        let moved = rope.remove(at: index)
        var (prev, _) = rope.find(at: offset - 1, in: _RunLengthMetric(), preferEnd: false)
        rope.update(at: &prev) { $0.length += moved.length }
    }

    /// Calls `body` for each run meeting `range` (clipped to it), forwards or backwards.
    func forEachRun(in range: Range<Int>, reverse: Bool = false, _ body: (UInt32, Range<Int>) -> Bool) {
        guard !range.isEmpty else { return }
        if reverse {
            var (index, rem) = rope.find(at: range.upperBound - 1, in: _RunLengthMetric(), preferEnd: false)
            var end = range.upperBound
            var start = range.upperBound - 1 - rem
            while true {
                let run = rope[index]
                let lo = max(start, range.lowerBound)
                if !body(run.id, lo..<end) || lo == range.lowerBound { return }
                end = lo
                index = rope.index(before: index)
                rem = rope[index].length
                start = end - rem
            }
        }
        // Index by index, as above: the rope's `forEachWhile(from:in:)` cost about 2,000
        // instructions a run, this about 300 (a paragraph's runs are read whenever it is analysed).
        var (index, rem) = rope.find(at: range.lowerBound, in: _RunLengthMetric(), preferEnd: false)
        var start = range.lowerBound
        var end = range.lowerBound - rem + rope[index].length
        while true {
            let hi = min(end, range.upperBound)
            if !body(rope[index].id, start..<hi) || hi == range.upperBound { return }
            start = hi
            rope.formIndex(after: &index)
            end = start + rope[index].length
        }
    }

    /// Rewrites every id through `map` (used when the attribute table is compacted).
    mutating func remapIDs(_ map: [UInt32: UInt32]) {
        rope.mutatingForEach { run -> Void? in
            run.id = map[run.id]!
            return nil
        }
    }
}
