/// Values for a few of a paragraph's glyphs or characters, by index: the offsets of glyphs that
/// have one (a mark placed on its base), the bounds of attachments. A list sorted by index, read
/// by binary search; most paragraphs leave it empty.
///
/// Not a `Dictionary`: a dictionary of a key type the process has not hashed before makes the
/// runtime search every loaded conformance for the key's `Hashable` when its storage is first
/// made (about 390 K instructions), and the generic `SIMD2<Float>` the offsets were cost as much
/// again: a sixth of a fresh process's first screen.
package struct SparseTable<Value: Sendable>: Sendable, Sequence {
    package struct Entry: Sendable {
        package var key: Int32
        package var value: Value
    }

    private var entries: [Entry] = []

    package init() {}

    package var isEmpty: Bool { entries.isEmpty }
    package var count: Int { entries.count }

    /// The value at `index`, nil for none; setting nil removes it. Setting indices in increasing
    /// order (as shaping does) appends.
    package subscript(index: Int32) -> Value? {
        get {
            let i = firstEntry(notBelow: index)
            return i < entries.count && entries[i].key == index ? entries[i].value : nil
        }
        set {
            let i = firstEntry(notBelow: index)
            let present = i < entries.count && entries[i].key == index
            switch (newValue, present) {
            case (let value?, true): entries[i].value = value
            case (let value?, false): entries.insert(Entry(key: index, value: value), at: i)
            case (nil, true): entries.remove(at: i)
            case (nil, false): break
            }
        }
    }

    package func makeIterator() -> IndexingIterator<[Entry]> { entries.makeIterator() }

    /// The position of the first entry whose index is `index` or later.
    private func firstEntry(notBelow index: Int32) -> Int {
        if let last = entries.last, last.key < index { return entries.count }
        var (low, high) = (0, entries.count)
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].key < index { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
