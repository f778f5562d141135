/// The paragraph records of a text, in order, in a B+ tree whose nodes keep the sums
/// (``ParagraphSummary``) of what lies below each of their entries: finding the paragraph that
/// holds character *i*, glyph *g* or height *y*, with the sums of every field before it, is one
/// walk from the root, O(log n); so is refreshing one record's sums after its glyphs or lines changed.
///
/// Written for the paragraph store instead of swift-collections' general `Rope` (which the text
/// itself still uses): a keystroke in a long document asks the store a dozen questions, and the
/// rope answered each with one walk to find the paragraph and one more per sum wanted, copying
/// every node it passed; here one walk answers with all the sums, reading nodes in place.
///
/// - Invariant: every leaf is at the same depth; every node but the root has between
///   ``minEntries`` and ``maxEntries`` entries (the root at least one, or none when empty).
/// - Invariant: `node.sums[k]` is the total of entry *k* (a leaf's: the summary its record had at
///   the last refresh); `node.total` is the sum of `node.sums`.
///
/// A value type: a copy shares its nodes until either is mutated, then the mutated one copies the
/// whole tree first (O(n); the layout never mutates a copy, this only keeps copies independent).
/// The records themselves are shared objects, as the rope's were.
struct ParagraphTree {
    /// One node: records at a leaf, child nodes above; beside each entry, the sums below it.
    /// (Exclusivity unchecked: see `TextFlow.store`.)
    final class Node {
        let isLeaf: Bool
        @exclusivity(unchecked) var sums: [ParagraphSummary] = []
        @exclusivity(unchecked) var children: [Node] = []  // empty at a leaf
        @exclusivity(unchecked) var records: [ParagraphRecord] = []  // empty above the leaves
        @exclusivity(unchecked) var total = ParagraphSummary()

        init(isLeaf: Bool) { self.isLeaf = isLeaf }

        var entryCount: Int { sums.count }

        func copy() -> Node {
            let node = Node(isLeaf: isLeaf)
            node.sums = sums
            node.records = records
            node.children = children.map { $0.copy() }
            node.total = total
            return node
        }

        /// Moves entries `from...` into a new right sibling (after an insertion overfilled this node).
        func splitOff(from start: Int) -> Node {
            let right = Node(isLeaf: isLeaf)
            right.sums = Array(sums[start...])
            sums.removeSubrange(start...)
            if isLeaf {
                right.records = Array(records[start...])
                records.removeSubrange(start...)
            } else {
                right.children = Array(children[start...])
                children.removeSubrange(start...)
            }
            right.total = ParagraphSummary(summing: right.sums)
            total.subtract(right.total)
            return right
        }

        /// Moves entry `index` of `other` (a sibling at the same depth) to `destination` here.
        func take(_ index: Int, of other: Node, to destination: Int) {
            let sum = other.sums.remove(at: index)
            other.total.subtract(sum)
            sums.insert(sum, at: destination)
            total.add(sum)
            if isLeaf {
                records.insert(other.records.remove(at: index), at: destination)
            } else {
                children.insert(other.children.remove(at: index), at: destination)
            }
        }

        /// Appends every entry of `right` (the next sibling, emptied by this).
        func absorb(_ right: Node) {
            sums += right.sums
            records += right.records
            children += right.children
            total.add(right.total)
        }

        /// The entry holding the item at `offset` (paragraphs in this subtree): for an offset at
        /// the boundary of two entries, the later one.
        func entry(holdingParagraph offset: Int) -> (entry: Int, offset: Int) {
            var k = 0
            var offset = offset
            while k < sums.count - 1 && offset >= sums[k].paragraphs {
                offset -= sums[k].paragraphs
                k += 1
            }
            return (k, offset)
        }
    }

    #if DEBUG
    /// Small nodes in debug builds, so that the tests' short texts split and merge them.
    static let maxEntries = 8
    #else
    static let maxEntries = 32
    #endif
    static var minEntries: Int { maxEntries / 2 }

    private var root = Node(isLeaf: true)

    var summary: ParagraphSummary { root.total }
    var count: Int { root.total.paragraphs }

    /// What ``locate(_:_:)`` finds: a paragraph and where it starts.
    struct Location {
        /// The paragraph's index (``count`` past the end).
        var index: Int
        /// The offset asked, less the paragraph's start in the field searched.
        var remaining: Int
        /// The paragraph's record (nil past the end).
        var record: ParagraphRecord?
        /// The sums of every field over the paragraphs before it.
        var before: ParagraphSummary
    }

    /// The first paragraph whose span in `field` holds `offset` — paragraphs that count nothing in
    /// that field (no glyphs yet, no height) are passed over — with the sums before it. An offset
    /// at or past the field's total gives the end: index ``count``, no record, the sums of all.
    func locate(_ field: ParagraphSummary.Field, _ offset: Int) -> Location {
        var node = root
        var before = ParagraphSummary()
        var remaining = offset
        while true {
            var k = 0
            let n = node.sums.count
            while k < n {
                let size = node.sums[k][field]
                if remaining < size { break }
                remaining -= size
                before.add(node.sums[k])
                k += 1
            }
            // Below the root a walk never passes every entry: the parent chose this node because
            // the offset lies inside it.
            if k == n { return Location(index: before.paragraphs, remaining: remaining, record: nil, before: before) }
            if node.isLeaf { return Location(index: before.paragraphs, remaining: remaining, record: node.records[k], before: before) }
            node = node.children[k]
        }
    }

    /// The record of paragraph `index` and the sums of the paragraphs before it.
    /// - Precondition: `0 <= index < count`.
    func paragraph(_ index: Int) -> (record: ParagraphRecord, before: ParagraphSummary) {
        precondition(index >= 0 && index < count, "paragraph \(index) out of 0..<\(count)")
        let found = locate(.paragraphs, index)
        return (found.record!, found.before)
    }

    /// The record of paragraph `index`: one walk down that reads only the paragraph counts (no
    /// sums added up on the way, as ``paragraph(_:)`` does).
    /// - Precondition: `0 <= index < count`.
    func record(_ index: Int) -> ParagraphRecord {
        let (leaf, offset) = leaf(holdingParagraph: index)
        return leaf.records[offset]
    }

    /// Paragraph `index`'s record and the records after it in the same leaf (at least one): a walk
    /// through consecutive paragraphs asks the tree once per leaf instead of once per paragraph.
    /// - Precondition: `0 <= index < count`.
    func records(from index: Int) -> ArraySlice<ParagraphRecord> {
        let (leaf, offset) = leaf(holdingParagraph: index)
        return leaf.records[offset...]
    }

    /// The leaf holding paragraph `index`, and the paragraph's place in it.
    private func leaf(holdingParagraph index: Int) -> (Node, Int) {
        precondition(index >= 0 && index < count, "paragraph \(index) out of 0..<\(count)")
        var node = root
        var offset = index
        while !node.isLeaf {
            let (k, inChild) = node.entry(holdingParagraph: offset)
            node = node.children[k]
            offset = inChild
        }
        return (node, offset)
    }

    // MARK: Changes

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
    }

    /// Reads the summaries of the records of paragraphs `range` into the tree again (after their
    /// glyphs or lines changed), in one walk.
    mutating func refresh(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "paragraphs \(range) out of 0..<\(count)")
        makeUnique()
        var remaining = range.count
        _ = Self.refresh(root, from: range.lowerBound, remaining: &remaining)
    }

    /// Refreshes up to `remaining` records from `offset` in `node`'s subtree; returns how much
    /// the node's total changed.
    private static func refresh(_ node: Node, from offset: Int, remaining: inout Int) -> ParagraphSummary {
        var change = ParagraphSummary()
        var (k, offset) = node.entry(holdingParagraph: offset)
        while k < node.entryCount && remaining > 0 {
            let delta: ParagraphSummary
            if node.isLeaf {
                let new = node.records[k].summary
                delta = new.minus(node.sums[k])
                node.sums[k] = new
                remaining -= 1
            } else {
                delta = refresh(node.children[k], from: offset, remaining: &remaining)
                node.sums[k].add(delta)
            }
            change.add(delta)
            offset = 0
            k += 1
        }
        node.total.add(change)
        return change
    }

    /// Inserts `record` as paragraph `index` (`0...count`).
    mutating func insert(_ record: ParagraphRecord, at index: Int) {
        precondition(index >= 0 && index <= count, "insertion at \(index) out of 0...\(count)")
        makeUnique()
        if let right = Self.insert(record, at: index, into: root) {
            let top = Node(isLeaf: false)
            top.children = [root, right]
            top.sums = [root.total, right.total]
            top.total = ParagraphSummary(summing: top.sums)
            root = top
        }
    }

    /// Inserts into `node`'s subtree; returns the new right sibling if the node had to split.
    private static func insert(_ record: ParagraphRecord, at offset: Int, into node: Node) -> Node? {
        let sum = record.summary
        if node.isLeaf {
            node.records.insert(record, at: offset)
            node.sums.insert(sum, at: offset)
        } else {
            // The first child whose end reaches the offset (an offset between two children goes
            // to the end of the earlier one).
            var k = 0
            var offset = offset
            while k < node.entryCount - 1 && offset > node.sums[k].paragraphs {
                offset -= node.sums[k].paragraphs
                k += 1
            }
            let child = node.children[k]
            if let right = insert(record, at: offset, into: child) {
                node.children.insert(right, at: k + 1)
                node.sums.insert(right.total, at: k + 1)
            }
            node.sums[k] = child.total
        }
        node.total.add(sum)
        return node.entryCount > maxEntries ? node.splitOff(from: node.entryCount / 2) : nil
    }

    /// Removes paragraph `index` and returns its record.
    @discardableResult
    mutating func remove(at index: Int) -> ParagraphRecord {
        precondition(index >= 0 && index < count, "removal of \(index) out of 0..<\(count)")
        makeUnique()
        let removed = Self.remove(at: index, from: root)
        if !root.isLeaf && root.entryCount == 1 { root = root.children[0] }
        return removed.record
    }

    /// Removes from `node`'s subtree, mending any child left with too few entries.
    private static func remove(at offset: Int, from node: Node) -> (record: ParagraphRecord, sum: ParagraphSummary) {
        if node.isLeaf {
            let sum = node.sums.remove(at: offset)
            node.total.subtract(sum)
            return (node.records.remove(at: offset), sum)
        }
        let (k, inChild) = node.entry(holdingParagraph: offset)
        let child = node.children[k]
        let removed = remove(at: inChild, from: child)
        node.sums[k] = child.total
        node.total.subtract(removed.sum)
        if child.entryCount < minEntries { mend(child: k, of: node) }
        return removed
    }

    /// Gives child `k` of `node`, left with too few entries, one of a neighbour's, or merges it
    /// with a neighbour that has none to spare.
    private static func mend(child k: Int, of node: Node) {
        let child = node.children[k]
        if k > 0, node.children[k - 1].entryCount > minEntries {
            let left = node.children[k - 1]
            child.take(left.entryCount - 1, of: left, to: 0)
            node.sums[k - 1] = left.total
        } else if k + 1 < node.entryCount, node.children[k + 1].entryCount > minEntries {
            child.take(0, of: node.children[k + 1], to: child.entryCount)
            node.sums[k + 1] = node.children[k + 1].total
        } else if k > 0 {
            node.children[k - 1].absorb(child)
            node.sums[k - 1] = node.children[k - 1].total
            node.children.remove(at: k)
            node.sums.remove(at: k)
            return
        } else if k + 1 < node.entryCount {
            child.absorb(node.children[k + 1])
            node.children.remove(at: k + 1)
            node.sums.remove(at: k + 1)
        }
        node.sums[k] = child.total
    }

    /// A tree of `records`, in order, built bottom-up in O(n).
    init(_ records: [ParagraphRecord] = []) {
        guard !records.isEmpty else { return }
        var level: [Node] = Self.groups(of: records.count).map { range in
            let leaf = Node(isLeaf: true)
            leaf.records = Array(records[range])
            leaf.sums = leaf.records.map(\.summary)
            leaf.total = ParagraphSummary(summing: leaf.sums)
            return leaf
        }
        while level.count > 1 {
            level = Self.groups(of: level.count).map { range in
                let node = Node(isLeaf: false)
                node.children = Array(level[range])
                node.sums = node.children.map(\.total)
                node.total = ParagraphSummary(summing: node.sums)
                return node
            }
        }
        root = level[0]
    }

    /// `n` entries cut into as few groups as fit in nodes, of near-equal sizes: each between
    /// ``minEntries`` and ``maxEntries`` (a single group may have fewer: it is the root).
    private static func groups(of n: Int) -> [Range<Int>] {
        let count = (n + maxEntries - 1) / maxEntries
        return (0..<count).map { g in (g * n / count)..<((g + 1) * n / count) }
    }

    /// Every record in order from paragraph `start`, until `body` returns false.
    func forEach(from start: Int, _ body: (Int, ParagraphRecord) -> Bool) {
        guard start < count else { return }
        var index = start
        _ = Self.forEach(root, from: max(0, start), index: &index, body)
    }

    private static func forEach(_ node: Node, from offset: Int, index: inout Int, _ body: (Int, ParagraphRecord) -> Bool) -> Bool {
        var (k, offset) = node.entry(holdingParagraph: offset)
        while k < node.entryCount {
            if node.isLeaf {
                if !body(index, node.records[k]) { return false }
                index += 1
            } else if !forEach(node.children[k], from: offset, index: &index, body) {
                return false
            }
            offset = 0
            k += 1
        }
        return true
    }

    /// Checks the tree's shape and sums (the invariants above) in one O(n) walk; `visit` sees
    /// every record with the summary the tree holds for it.
    func checkInvariants(_ visit: (ParagraphRecord, ParagraphSummary) -> Void) {
        precondition(root.isLeaf || root.entryCount >= 2, "paragraph tree: an inner root with one child")
        var leafDepth: Int?
        func check(_ node: Node, depth: Int) {
            if node !== root {
                precondition((Self.minEntries...Self.maxEntries).contains(node.entryCount), "paragraph tree: a node of \(node.entryCount) entries")
            }
            precondition(node.total == ParagraphSummary(summing: node.sums), "paragraph tree: a node's total is not the sum of its entries")
            if node.isLeaf {
                precondition(node.records.count == node.sums.count && node.children.isEmpty, "paragraph tree: a leaf's records and sums differ in number")
                precondition(leafDepth == nil || leafDepth == depth, "paragraph tree: leaves at depths \(leafDepth!) and \(depth)")
                leafDepth = depth
                for (record, sum) in zip(node.records, node.sums) { visit(record, sum) }
            } else {
                precondition(node.children.count == node.sums.count && node.records.isEmpty, "paragraph tree: a node's children and sums differ in number")
                for (child, sum) in zip(node.children, node.sums) {
                    precondition(child.total == sum, "paragraph tree: a child's total differs from its parent's copy")
                    check(child, depth: depth + 1)
                }
            }
        }
        check(root, depth: 0)
    }
}
