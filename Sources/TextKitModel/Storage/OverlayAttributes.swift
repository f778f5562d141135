/// Attribute runs over a stretch of text, without the text: what a layout manager's temporary
/// attributes are (spelling underlines, marked text, search highlights laid over the storage's
/// own attributes). Offsets are UTF-16 offsets of the text they lie over.
///
/// Unlike an attributed string of the text's length, following an edit costs O(log r) whatever
/// its size: inserting ten million characters adds one run, with no text to make.
///
/// - Invariant: the runs cover `0..<length` exactly (``_AttributeRuns``'s invariants).
/// Costs: every query and change O(log r + runs touched), for r runs.
package struct OverlayAttributes {
    private var runs = _AttributeRuns()
    private var table = _AttributeTable()

    /// `length` units with no attributes.
    package init(length: Int) {
        if length > 0 { runs.replace(0..<0, newLength: length, id: 0) }
    }

    /// The length of the text the runs lie over.
    package var length: Int { runs.length }

    /// Whether no unit has any attribute.
    package var isEmpty: Bool { runs.runCount <= 1 && (length == 0 || runs.run(at: 0).id == 0) }

    /// Follows an edit of the text: `range`'s units were replaced by `newLength` units, which
    /// have no attributes.
    package mutating func replace(_ range: Range<Int>, newLength: Int) {
        precondition(range.lowerBound >= 0 && range.upperBound <= length, "overlay attributes: edit \(range) outside 0..<\(length)")
        runs.replace(range, newLength: newLength, id: 0)
    }

    /// Sets the attributes of `range` to exactly `attributes`.
    package mutating func setAttributes(_ attributes: [NSAttributedString.Key: Any], range: Range<Int>) {
        guard !range.isEmpty else { return }
        runs.replace(range, newLength: range.count, id: table.intern(attributes))
        compactIfNeeded()
    }

    /// Adds `attributes` to every unit of `range` (replacing values of the same keys).
    package mutating func addAttributes(_ attributes: [NSAttributedString.Key: Any], range: Range<Int>) {
        modify(range) { $0.merge(attributes) { _, new in new } }
    }

    /// Removes the attribute `key` from `range`.
    package mutating func removeAttribute(_ key: NSAttributedString.Key, range: Range<Int>) {
        modify(range) { $0.removeValue(forKey: key) }
    }

    /// The attributes at `offset` and the run that holds them.
    package func attributes(at offset: Int) -> (attributes: [NSAttributedString.Key: Any], range: Range<Int>) {
        let run = runs.run(at: offset)
        return (table[run.id], run.range)
    }

    /// The attributes at `offset` and the longest range within `limit` where they are the same.
    /// (Adjacent runs always differ, so that is the run clipped to `limit`.)
    package func attributes(at offset: Int, longestIn limit: Range<Int>) -> (attributes: [NSAttributedString.Key: Any], range: Range<Int>) {
        let (attributes, range) = self.attributes(at: offset)
        return (attributes, range.clamped(to: limit))
    }

    /// The value of `key` at `offset` and the longest range within `limit` where it is the same
    /// (or absent throughout).
    package func attribute(_ key: NSAttributedString.Key, at offset: Int, longestIn limit: Range<Int>) -> (value: Any?, range: Range<Int>) {
        let (attributes, range) = self.attributes(at: offset)
        let value = attributes[key]
        func same(_ other: Any?) -> Bool {
            switch (value, other) {
            case (nil, nil): true
            case let (a?, b?): _attributeValuesEqual(a, b)
            default: false
            }
        }
        var lower = range.lowerBound, upper = range.upperBound
        runs.forEachRun(in: limit.lowerBound..<lower, reverse: true) { id, r in
            guard same(table[id][key]) else { return false }
            lower = r.lowerBound
            return true
        }
        runs.forEachRun(in: upper..<limit.upperBound) { id, r in
            guard same(table[id][key]) else { return false }
            upper = r.upperBound
            return true
        }
        return (value, max(lower, limit.lowerBound)..<min(upper, limit.upperBound))
    }

    /// Calls `body` with each run meeting `range` (clipped to it), in order, until it returns false.
    package func forEachRun(in range: Range<Int>, _ body: ([NSAttributedString.Key: Any], Range<Int>) -> Bool) {
        runs.forEachRun(in: range) { id, r in body(table[id], r) }
    }

    /// Rewrites each run of `range` through `change`.
    private mutating func modify(_ range: Range<Int>, _ change: (inout [NSAttributedString.Key: Any]) -> Void) {
        guard !range.isEmpty else { return }
        var pieces: [(Range<Int>, UInt32)] = []
        runs.forEachRun(in: range) { id, r in
            pieces.append((r, id))
            return true
        }
        for (r, id) in pieces {
            var attributes = table[id]
            change(&attributes)
            let newID = table.intern(attributes)
            if newID != id { runs.replace(r, newLength: r.count, id: newID) }
        }
        compactIfNeeded()
    }

    /// Drops interned sets no run uses once they outnumber the runs (marks come and go as the
    /// user types).
    private mutating func compactIfNeeded() {
        guard table.count > 2 * runs.runCount + 64 else { return }
        var used: Set<UInt32> = [0]
        runs.forEachRun(in: 0..<length) { id, _ in
            used.insert(id)
            return true
        }
        runs.remapIDs(table.compact(keeping: used))
    }
}
