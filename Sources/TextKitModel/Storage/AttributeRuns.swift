/// The attribute runs of an attributed string: runs of (length, attribute-set id) in a B+ tree whose
/// inner nodes keep each child's total length and run count, so that finding the run at an offset
/// or at a run index is one walk from the root.
///
/// Written for the runs instead of swift-collections' general `Rope` (which the text itself still
/// uses): a highlighter changes the runs of a line at every keystroke, and the rope's general
/// replacement (remove a range, rebuild the tree's edges, insert) cost tens of thousands of
/// instructions for a range over a few runs; here each step is a walk that changes one leaf.
///
/// - Invariant: the runs cover the text exactly; no run is empty; adjacent runs have different ids.
/// - Invariant: every leaf is at the same depth; no node is empty except an empty tree's root leaf;
///   an inner node's `lengths[k]` and `counts[k]` are the totals of its child *k*.
///
/// A value type: a copy shares its nodes; a mutation copies the nodes on its path that are shared.
/// Costs, for r runs: `run(at:)` O(log r); `replace` O(log r) within one leaf, else O(log r + the
/// runs it removes); iteration O(1) per run.
struct _AttributeRuns {
    private var root = _RunNode.emptyLeaf
    /// The total length of the runs (the text's length).
    private(set) var length = 0
    /// The number of runs.
    private(set) var runCount = 0

    /// The most entries a node holds; small in debug builds, so that tests of short texts split
    /// and empty nodes.
    #if DEBUG
    fileprivate static var maxEntries: Int { 4 }
    #else
    fileprivate static var maxEntries: Int { 32 }
    #endif

    /// No runs (an empty text).
    init() {}

    /// Runs listed in order, to be built into a tree at once (``init(_:)``): O(r), where inserting
    /// them one by one walks the tree for each. Empty runs are skipped and adjacent runs with the
    /// same id merged.
    struct Builder {
        fileprivate var lengths: [Int] = []
        fileprivate var ids: [UInt32] = []

        mutating func append(length: Int, id: UInt32) {
            guard length > 0 else { return }
            if let last = ids.last, last == id {
                lengths[lengths.count - 1] += length
            } else {
                lengths.append(length)
                ids.append(id)
            }
        }
    }

    /// The runs of `builder`: leaves filled in turn, the levels above made from them.
    init(_ builder: Builder) {
        let (lengths, ids) = (builder.lengths, builder.ids)
        length = lengths.reduce(0, +)
        runCount = lengths.count
        let size = Self.maxEntries
        guard lengths.count > size else {
            if !lengths.isEmpty {
                root = _RunNode(isLeaf: true)
                (root.lengths, root.ids) = (lengths, ids)
            }
            return
        }
        var level: [_RunNode] = stride(from: 0, to: lengths.count, by: size).map { first in
            let leaf = _RunNode(isLeaf: true)
            let end = min(first + size, lengths.count)
            (leaf.lengths, leaf.ids) = (Array(lengths[first..<end]), Array(ids[first..<end]))
            return leaf
        }
        while level.count > 1 {
            level = stride(from: 0, to: level.count, by: size).map { first in
                let node = _RunNode(isLeaf: false)
                for child in level[first..<min(first + size, level.count)] { node.append(child) }
                return node
            }
        }
        root = level[0]
    }

    /// The run holding `offset` (0 ≤ offset < length) and its range.
    func run(at offset: Int) -> (id: UInt32, range: Range<Int>) {
        precondition(offset >= 0 && offset < length, "run(at:) \(offset) outside 0..<\(length)")
        let (_, start, run) = locate(offset)
        return (run.id, start..<(start + run.length))
    }

    /// Replaces `range` by `newLength` characters carrying `id`.
    mutating func replace(_ range: Range<Int>, newLength: Int, id: UInt32) {
        precondition(range.lowerBound >= 0 && range.upperBound <= length && newLength >= 0,
                     "replace \(range) outside 0..<\(length)")
        if range != 0..<length, replaceWithinLeaf(range, newLength: newLength, id: id) { return }
        if range == 0..<length {
            // All of it (a new text, `setAttributes` over everything): one run, or none.
            root = _RunNode.emptyLeaf
            (length, runCount) = (0, 0)
            if newLength > 0 { perform(.insert(length: newLength, id: id), at: 0) }
            return
        }
        // Runs begin at both ends of the range (cut where they fall inside one), the runs between
        // are removed in one walk, and the new run goes where they were.
        cut(at: range.upperBound)
        let index = cut(at: range.lowerBound)
        if !range.isEmpty {
            if !isKnownUniquelyReferenced(&root) { root = root.copy() }
            let removed = Self.remove(range, from: root, start: 0)
            length -= removed.length
            runCount -= removed.count
            normalizeRoot()
        }
        if newLength > 0 {
            perform(.insert(length: newLength, id: id), at: index)
            coalesce(index + 1)
        }
        coalesce(index)
    }

    /// Calls `body` for each run meeting `range` (clipped to it), forwards or backwards, until it
    /// returns false.
    func forEachRun(in range: Range<Int>, reverse: Bool = false, _ body: (UInt32, Range<Int>) -> Bool) {
        guard !range.isEmpty else { return }
        _ = Self.visit(root, start: 0, range, reverse: reverse, body)
    }

    /// Rewrites every id through `map` (used when the attribute table is compacted).
    mutating func remapIDs(_ map: [UInt32: UInt32]) {
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
        Self.remap(root, map)
    }

    // MARK: Within one leaf

    /// `replace` when the edit, and the merging of runs it calls for, stay within one leaf (most
    /// do): one walk down, copying the nodes on it that are shared, the leaf's runs rewritten,
    /// the totals fixed on the way back up. False, with nothing changed, otherwise.
    private mutating func replaceWithinLeaf(_ range: Range<Int>, newLength: Int, id: UInt32) -> Bool {
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
        guard let change = Self.replaceWithinLeaf(root, start: 0, end: length, textLength: length, range, newLength, id) else {
            return false
        }
        length += newLength - range.count
        runCount += change.count
        if let sibling = change.split {
            let top = _RunNode(isLeaf: false)
            for node in [root, sibling] { top.append(node) }
            root = top
        }
        return true
    }

    /// The recursive step of `replaceWithinLeaf`: `node` (not shared) holds the text from offset
    /// `start` to `end`. Returns the change in its run count and the right half when it overflowed and
    /// split, or nil when the edit is not for one leaf.
    private static func replaceWithinLeaf(_ node: _RunNode, start: Int, end: Int, textLength: Int, _ range: Range<Int>,
                                          _ newLength: Int, _ id: UInt32) -> (count: Int, split: _RunNode?)? {
        guard node.isLeaf else {
            // The child holding the range's start (the last child, for the text's end).
            var i = 0, childStart = start
            while i < node.children.count - 1 && range.lowerBound >= childStart + node.lengths[i] {
                childStart += node.lengths[i]
                i += 1
            }
            guard range.upperBound <= childStart + node.lengths[i] else { return nil }
            if !isKnownUniquelyReferenced(&node.children[i]) { node.children[i] = node.children[i].copy() }
            guard let change = replaceWithinLeaf(node.children[i], start: childStart, end: childStart + node.lengths[i],
                                                 textLength: textLength, range, newLength, id) else { return nil }
            node.childChanged(i, length: newLength - range.count, count: change.count, split: change.split)
            return (change.count, node.children.count > maxEntries ? node.splitOff() : nil)
        }
        // The runs `first...last` meet the range; an insertion inside a run cuts that run in two
        // (`first == last`), one between runs or at the leaf's end meets none (`last < first`).
        var first = 0, firstStart = start
        while first < node.lengths.count && firstStart + node.lengths[first] <= range.lowerBound {
            firstStart += node.lengths[first]
            first += 1
        }
        var last = first - 1, lastEnd = firstStart
        while last + 1 < node.lengths.count && lastEnd < range.upperBound {
            last += 1
            lastEnd += node.lengths[last]
        }
        // The new runs for `first...last`: what is left of the first and last, and the new one,
        // merged where they carry the same id (at most three; no arrays are made for them).
        var new = _NewRuns()
        if first <= last {
            new.add(range.lowerBound - firstStart, node.ids[first])
            new.add(newLength, id)
            new.add(lastEnd - range.upperBound, node.ids[last])
        } else {
            new.add(newLength, id)
        }
        // Merged with the runs beside them in this leaf; a change at either end of the leaf, where
        // the run beside it is in another leaf, is not for this path.
        let changesFirst = first == 0 && start > 0 && new.firstID != (first <= last ? node.ids[first] : nil)
        let changesLast = last + 1 == node.lengths.count && end < textLength
            && new.lastID != (first <= last ? node.ids[last] : nil)
        guard !changesFirst, !changesLast, !(new.count == 0 && first == 0 && last + 1 == node.lengths.count) else { return nil }
        var removeFrom = first, removeTo = last + 1
        if first > 0, node.ids[first - 1] == (new.firstID ?? node.ids.at(last + 1)) {
            // The run before takes the first new run (or, after a removal, the run after).
            new.prepend(node.lengths[first - 1], node.ids[first - 1])
            removeFrom -= 1
        }
        if last + 1 < node.lengths.count, node.ids[last + 1] == new.lastID {
            new.add(node.lengths[last + 1], node.ids[last + 1])
            removeTo += 1
        }
        let count = new.count - (removeTo - removeFrom)
        new.write(into: node, replacing: removeFrom..<removeTo)
        return (count, node.lengths.count > maxEntries ? node.splitOff() : nil)
    }

    // MARK: Runs by index

    private enum Operation {
        case update(length: Int, id: UInt32)
        case insert(length: Int, id: UInt32)
        case remove
    }

    /// Run `index` (0 ≤ index < runCount).
    private subscript(index: Int) -> (length: Int, id: UInt32) {
        var node = root
        var rest = index
        while !node.isLeaf {
            var i = 0
            while rest >= node.counts[i] {
                rest -= node.counts[i]
                i += 1
            }
            node = node.children[i]
        }
        return (node.lengths[rest], node.ids[rest])
    }

    /// The index and start of the run holding `offset` (0 ≤ offset < length), and the run.
    private func locate(_ offset: Int) -> (index: Int, start: Int, run: (length: Int, id: UInt32)) {
        var node = root
        var start = 0, index = 0
        var rest = offset
        while true {
            var i = 0
            while rest >= node.lengths[i] {
                rest -= node.lengths[i]
                start += node.lengths[i]
                index += node.isLeaf ? 1 : node.counts[i]
                i += 1
            }
            if node.isLeaf { return (index, start, (node.lengths[i], node.ids[i])) }
            node = node.children[i]
        }
    }

    /// Makes `offset` the start of a run (cutting the run it falls inside in two); returns the
    /// index of the run that now starts there (`runCount` at the end).
    @discardableResult
    private mutating func cut(at offset: Int) -> Int {
        guard offset < length else { return runCount }
        let (index, start, run) = locate(offset)
        guard start < offset else { return index }
        perform(.update(length: offset - start, id: run.id), at: index)
        perform(.insert(length: start + run.length - offset, id: run.id), at: index + 1)
        return index + 1
    }

    /// Removes the runs of `range` (whose ends are run starts, or the text's end) from the subtree
    /// at `node` (not shared), which begins at text offset `start`: whole children at once, the
    /// children the range's ends fall in by the same walk. Nodes left empty are removed; nodes
    /// left small stay (the tree is not rebalanced: it stays as deep as it was). Returns the
    /// length and number of runs removed.
    private static func remove(_ range: Range<Int>, from node: _RunNode, start: Int) -> (length: Int, count: Int) {
        var removed = (length: 0, count: 0)
        var k = 0, lower = start
        while k < node.lengths.count && lower < range.upperBound {
            let upper = lower + node.lengths[k]
            if upper <= range.lowerBound {
                lower = upper
                k += 1
                continue
            }
            if range.lowerBound <= lower && upper <= range.upperBound {
                // Wholly inside: the run, or the child with everything below it.
                removed.length += node.lengths[k]
                removed.count += node.isLeaf ? 1 : node.counts[k]
                node.lengths.remove(at: k)
                if node.isLeaf {
                    node.ids.remove(at: k)
                } else {
                    node.children.remove(at: k)
                    node.counts.remove(at: k)
                }
                lower = upper
                continue
            }
            // A child the range begins or ends in (a run never is: its ends are run starts).
            if !isKnownUniquelyReferenced(&node.children[k]) { node.children[k] = node.children[k].copy() }
            let below = remove(range, from: node.children[k], start: lower)
            removed.length += below.length
            removed.count += below.count
            node.lengths[k] -= below.length
            node.counts[k] -= below.count
            if node.counts[k] == 0 {
                node.children.remove(at: k)
                node.lengths.remove(at: k)
                node.counts.remove(at: k)
            } else {
                k += 1
            }
            lower = upper
        }
        return removed
    }

    /// Keeps the root a single node with entries: the only child of a root in its place, an empty
    /// leaf for an empty tree.
    private mutating func normalizeRoot() {
        while !root.isLeaf && root.children.count == 1 { root = root.children[0] }
        if !root.isLeaf && root.children.isEmpty { root = _RunNode.emptyLeaf }
    }

    /// Merges run `index` into the run before it when they carry the same id.
    private mutating func coalesce(_ index: Int) {
        guard index > 0, index < runCount else { return }
        let before = self[index - 1], run = self[index]
        guard before.id == run.id else { return }
        perform(.remove, at: index)
        perform(.update(length: before.length + run.length, id: run.id), at: index - 1)
    }

    /// Performs `operation` on run `index` (an insertion puts the new run at `index`), then keeps
    /// the root a single node: a new root above a split one, the only child of a root in its place.
    private mutating func perform(_ operation: Operation, at index: Int) {
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
        let change = Self.perform(operation, at: index, in: root)
        length += change.length
        runCount += change.count
        if let sibling = change.split {
            let top = _RunNode(isLeaf: false)
            for node in [root, sibling] { top.append(node) }
            root = top
        }
        normalizeRoot()
    }

    /// Performs `operation` in the subtree at `node` (not shared); returns the change in its length
    /// and run count, and the right half when it overflowed and split.
    private static func perform(_ operation: Operation, at index: Int,
                                in node: _RunNode) -> (length: Int, count: Int, split: _RunNode?) {
        if node.isLeaf {
            switch operation {
            case .update(let length, let id):
                let change = length - node.lengths[index]
                node.lengths[index] = length
                node.ids[index] = id
                return (change, 0, nil)
            case .insert(let length, let id):
                node.lengths.insert(length, at: index)
                node.ids.insert(id, at: index)
                return (length, 1, node.lengths.count > maxEntries ? node.splitOff() : nil)
            case .remove:
                node.ids.remove(at: index)
                return (-node.lengths.remove(at: index), -1, nil)
            }
        }
        // The child holding run `index`; an insertion at a child's end goes into that child.
        let inserts = if case .insert = operation { true } else { false }
        var i = 0, rest = index
        while i < node.children.count - 1 && (inserts ? rest > node.counts[i] : rest >= node.counts[i]) {
            rest -= node.counts[i]
            i += 1
        }
        if !isKnownUniquelyReferenced(&node.children[i]) { node.children[i] = node.children[i].copy() }
        let change = perform(operation, at: rest, in: node.children[i])
        node.childChanged(i, length: change.length, count: change.count, split: change.split)
        return (change.length, change.count, node.children.count > maxEntries ? node.splitOff() : nil)
    }

    // MARK: Walks

    /// Calls `body` for the runs of `node` (starting at text offset `start`) that meet `range`;
    /// false once `body` asked to stop.
    private static func visit(_ node: _RunNode, start: Int, _ range: Range<Int>, reverse: Bool,
                              _ body: (UInt32, Range<Int>) -> Bool) -> Bool {
        if reverse {
            var upper = start + node.lengths.reduce(0, +)
            for k in node.lengths.indices.reversed() {
                let lower = upper - node.lengths[k]
                defer { upper = lower }
                guard lower < range.upperBound else { continue }
                if upper <= range.lowerBound { return true }
                let goOn = node.isLeaf
                    ? body(node.ids[k], max(lower, range.lowerBound)..<min(upper, range.upperBound))
                    : visit(node.children[k], start: lower, range, reverse: true, body)
                if !goOn { return false }
            }
            return true
        }
        var lower = start
        for k in node.lengths.indices {
            let upper = lower + node.lengths[k]
            defer { lower = upper }
            guard upper > range.lowerBound else { continue }
            let goOn = node.isLeaf
                ? body(node.ids[k], max(lower, range.lowerBound)..<min(upper, range.upperBound))
                : visit(node.children[k], start: lower, range, reverse: false, body)
            if !goOn { return false }
            if upper >= range.upperBound { return true }
        }
        return true
    }

    private static func remap(_ node: _RunNode, _ map: [UInt32: UInt32]) {
        if node.isLeaf {
            for k in node.ids.indices { node.ids[k] = map[node.ids[k]]! }
            return
        }
        for k in node.children.indices {
            if !isKnownUniquelyReferenced(&node.children[k]) { node.children[k] = node.children[k].copy() }
            remap(node.children[k], map)
        }
    }

    #if DEBUG
    /// Checks the invariants (tests call it after their edits).
    func invariantCheck() {
        func check(_ node: _RunNode, isRoot: Bool) -> (length: Int, count: Int, depth: Int) {
            precondition(isRoot || !node.lengths.isEmpty, "an empty node below the root")
            precondition(node.lengths.count <= Self.maxEntries, "an overfull node")
            if node.isLeaf {
                precondition(node.lengths.allSatisfy { $0 > 0 }, "an empty run")
                return (node.lengths.reduce(0, +), node.lengths.count, 0)
            }
            let below = node.children.map { check($0, isRoot: false) }
            precondition(below.map(\.length) == node.lengths && below.map(\.count) == node.counts, "stale totals")
            precondition(Set(below.map(\.depth)).count == 1, "leaves at different depths")
            return (node.lengths.reduce(0, +), node.counts.reduce(0, +), below[0].depth + 1)
        }
        let totals = check(root, isRoot: true)
        precondition(totals.length == length && totals.count == runCount, "stale length or run count")
        var previous: UInt32?
        forEachRun(in: 0..<length) { id, _ in
            precondition(id != previous, "adjacent runs with the same id")
            previous = id
            return true
        }
    }
    #endif
}

/// Up to three runs that replace some of a leaf's, merged as they are added.
private struct _NewRuns {
    private var lengths = (0, 0, 0), ids: (UInt32, UInt32, UInt32) = (0, 0, 0)
    private(set) var count = 0

    var firstID: UInt32? { count > 0 ? ids.0 : nil }
    var lastID: UInt32? { count == 0 ? nil : count == 1 ? ids.0 : count == 2 ? ids.1 : ids.2 }

    /// Appends a run, or lengthens the last one when it has the same id; nothing when empty.
    mutating func add(_ length: Int, _ id: UInt32) {
        guard length > 0 else { return }
        if lastID == id {
            switch count {
            case 1: lengths.0 += length
            case 2: lengths.1 += length
            default: lengths.2 += length
            }
            return
        }
        switch count {
        case 0: (lengths.0, ids.0) = (length, id)
        case 1: (lengths.1, ids.1) = (length, id)
        default: precondition(count == 2, "more than three new runs"); (lengths.2, ids.2) = (length, id)
        }
        count += 1
    }

    /// Puts a run of `id` (the id of the first run, if any) in front.
    mutating func prepend(_ length: Int, _ id: UInt32) {
        if count == 0 { return add(length, id) }
        lengths.0 += length
    }

    private func run(_ k: Int) -> (length: Int, id: UInt32) {
        k == 0 ? (lengths.0, ids.0) : k == 1 ? (lengths.1, ids.1) : (lengths.2, ids.2)
    }

    /// Puts these runs in place of the leaf's runs `range`.
    func write(into node: _RunNode, replacing range: Range<Int>) {
        for k in 0..<min(count, range.count) {
            (node.lengths[range.lowerBound + k], node.ids[range.lowerBound + k]) = run(k)
        }
        if count < range.count {
            node.lengths.removeSubrange((range.lowerBound + count)..<range.upperBound)
            node.ids.removeSubrange((range.lowerBound + count)..<range.upperBound)
        }
        for k in range.count..<max(count, range.count) {
            node.lengths.insert(run(k).length, at: range.lowerBound + k)
            node.ids.insert(run(k).id, at: range.lowerBound + k)
        }
    }
}

private extension Array {
    /// The element at `index`, or nil past the end.
    func at(_ index: Int) -> Element? { index < count ? self[index] : nil }
}

/// A node of ``_AttributeRuns``: runs at a leaf, children above, each entry's length beside it.
///
/// Its arrays skip Swift's run-time exclusivity checks: they are changed only by the operations of
/// ``_AttributeRuns``, which call out to no other code meanwhile, and a node shared by two copies is
/// copied before either changes it.
private final class _RunNode {
    let isLeaf: Bool
    /// At a leaf, each run's length; above, each child's total length.
    @exclusivity(unchecked) var lengths: [Int] = []
    /// At a leaf, each run's attribute-set id.
    @exclusivity(unchecked) var ids: [UInt32] = []
    /// Above the leaves: the children and the number of runs below each.
    @exclusivity(unchecked) var children: [_RunNode] = []
    @exclusivity(unchecked) var counts: [Int] = []

    init(isLeaf: Bool) { self.isLeaf = isLeaf }

    /// The root of every empty tree, shared (an empty string makes none of its own). Safe to share
    /// between threads: like any shared node it is copied before a change, never changed itself.
    nonisolated(unsafe) static let emptyLeaf = _RunNode(isLeaf: true)

    /// A copy of this node that shares its children.
    func copy() -> _RunNode {
        let node = _RunNode(isLeaf: isLeaf)
        (node.lengths, node.ids, node.children, node.counts) = (lengths, ids, children, counts)
        return node
    }

    /// The node's total length and run count.
    var totals: (length: Int, count: Int) {
        (lengths.reduce(0, +), isLeaf ? lengths.count : counts.reduce(0, +))
    }

    /// Appends `child` (an inner node's entry) with its totals.
    func append(_ child: _RunNode) {
        let totals = child.totals
        children.append(child)
        lengths.append(totals.length)
        counts.append(totals.count)
    }

    /// After child `i` changed by `length` and `count` and perhaps split off `sibling`: its totals
    /// fixed, the sibling put after it, the child removed when it was left empty.
    func childChanged(_ i: Int, length: Int, count: Int, split sibling: _RunNode?) {
        lengths[i] += length
        counts[i] += count
        if let sibling {
            let moved = sibling.totals
            lengths[i] -= moved.length
            counts[i] -= moved.count
            children.insert(sibling, at: i + 1)
            lengths.insert(moved.length, at: i + 1)
            counts.insert(moved.count, at: i + 1)
        } else if counts[i] == 0 {
            children.remove(at: i)
            lengths.remove(at: i)
            counts.remove(at: i)
        }
    }

    /// Moves the second half of the entries into a new right sibling.
    func splitOff() -> _RunNode {
        let half = lengths.count / 2
        let right = _RunNode(isLeaf: isLeaf)
        right.lengths = Array(lengths[half...])
        lengths.removeSubrange(half...)
        if isLeaf {
            right.ids = Array(ids[half...])
            ids.removeSubrange(half...)
        } else {
            right.children = Array(children[half...])
            children.removeSubrange(half...)
            right.counts = Array(counts[half...])
            counts.removeSubrange(half...)
        }
        return right
    }
}
