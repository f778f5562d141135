/// The built-in storage of ``NSAttributedString``: text rope, attribute runs, the interned attribute
/// sets, a mutation version and a cached `String`.
///
/// A value type: copying an attributed string copies this struct in O(1) and the ropes share nodes
/// until one side mutates (copy on write).
/// - Invariant: `text.count == runs.length`; every run id is in `table`.
package struct _AttributedStorage {
    var text = _UTF16Rope()
    var runs = _AttributeRuns()
    var table = _AttributeTable()
    /// Bumped by every mutation; layout caches compare it.
    package private(set) var version = 0
    /// Bumped by every change of characters (not of attributes alone): the cached `String` keeps.
    private var textVersion = 0
    private var textString = _TextString()

    init() {}

    init(units: some Collection<UInt16>, attributes: [NSAttributedString.Key: Any]) {
        text = _UTF16Rope(units)
        let id = table.intern(attributes)
        if text.count > 0 { runs.replace(0..<0, newLength: text.count, id: id) }
    }

    /// `units` with attributes given run by run, in order: run `i` is `runLengths[i]` units
    /// taking `sets[runSets[i]]`. Each set a run uses is interned once, and the run tree is built
    /// at once (adjacent runs of one set merge), instead of an edit per run. The lengths add up
    /// to `units.count`.
    init(units: [UInt16], runLengths: [Int], runSets: [Int], sets: [[NSAttributedString.Key: Any]]) {
        precondition(runLengths.count == runSets.count, "one set per run")
        text = _UTF16Rope(units: units)
        var ids = [UInt32?](repeating: nil, count: sets.count)
        var builder = _AttributeRuns.Builder()
        var total = 0
        for (length, set) in zip(runLengths, runSets) {
            let id: UInt32
            if let known = ids[set] { id = known } else {
                id = table.intern(sets[set])
                ids[set] = id
            }
            builder.append(length: length, id: id)
            total += length
        }
        precondition(total == text.count, "the runs cover \(total) units of \(text.count)")
        runs = _AttributeRuns(builder)
    }

    var length: Int { text.count }

    /// The text as a `String`: made on the first read, then patched with the edits made since
    /// (see ``_TextString``).
    mutating func string() -> String {
        textString.string(of: text, version: textVersion)
    }

    func attributes(at offset: Int) -> (attributes: [NSAttributedString.Key: Any], range: Range<Int>, id: UInt32) {
        let (id, range) = runs.run(at: offset)
        return (table[id], range, id)
    }

    /// The id of the attributes that text inserted into `range` takes: the first replaced character's;
    /// for an insertion the preceding character's, else the following one's, else none.
    func inheritedID(for range: Range<Int>) -> UInt32 {
        if !range.isEmpty { return runs.run(at: range.lowerBound).id }
        if range.lowerBound > 0 { return runs.run(at: range.lowerBound - 1).id }
        if length > 0 { return runs.run(at: 0).id }
        return 0
    }

    mutating func replaceCharacters(in range: Range<Int>, with units: some Collection<UInt16>, id: UInt32) {
        version += 1
        textString.record(replacing: range, of: text, with: units, version: textVersion)
        textVersion += 1
        let n = units.count
        text.replace(range, with: units)
        runs.replace(range, newLength: n, id: id)
    }

    mutating func replaceCharacters(in range: Range<Int>, with units: some Collection<UInt16>) {
        replaceCharacters(in: range, with: units, id: inheritedID(for: range))
    }

    mutating func setAttributes(_ attributes: [NSAttributedString.Key: Any], range: Range<Int>) {
        guard !range.isEmpty else { return }
        version += 1
        let id = table.intern(attributes)
        runs.replace(range, newLength: range.count, id: id)
        compactIfNeeded()
    }

    /// The set that `change` makes of set `id`. `edit` names the change when it adds one object
    /// or removes one key: the set it makes is then remembered (see `_AttributeTable.Edit`), and
    /// found again without a dictionary. Mutating, so that the table is used in place, not copied.
    mutating func changedSet(_ id: UInt32, edit: (key: NSAttributedString.Key, value: AnyObject?)?,
                             _ change: (inout [NSAttributedString.Key: Any]) -> Void) -> UInt32 {
        let memo = edit.map { _AttributeTable.Edit(set: id, key: $0.key, value: $0.value.map(ObjectIdentifier.init)) }
        if let memo, let known = table.result(of: memo) { return known }
        var attributes = table[id]
        let old = edit.flatMap { attributes[$0.key] }
        change(&attributes)
        let made = table.intern(attributes)
        if let memo, let edit {
            table.remember(memo, value: edit.value, made: made)
            table.rememberReverse(of: memo, value: edit.value, made: made, replaced: old)
        }
        return made
    }

    /// Gives `range` the attribute set `id` of ``table``. Does not compact the table, so ids stay
    /// valid until ``compactIfNeeded()``.
    mutating func setAttributeID(_ id: UInt32, range: Range<Int>) {
        guard !range.isEmpty else { return }
        version += 1
        runs.replace(range, newLength: range.count, id: id)
    }

    /// Splices `source[range]` (text and runs) into `target` in place of `self[target]`.
    mutating func replace(_ target: Range<Int>, with source: _AttributedStorage, range: Range<Int>) {
        if target == 0..<length, range == 0..<source.length {
            // All of it by all of it (`setAttributedString`): share the source's ropes, copy on write.
            let next = max(version, source.version) + 1
            let nextText = max(textVersion, source.textVersion) + 1
            self = source
            version = next
            textVersion = nextText
            textString.forget()
            return
        }
        if length == 0 {
            let (next, nextText) = (version + 1, textVersion + 1)
            self = source.substring(range)
            (version, textVersion) = (next, nextText)
            return
        }
        version += 1
        textVersion += 1
        textString.forget()
        text.replace(target, with: source.text.units(in: range))
        runs.replace(target, newLength: 0, id: 0)
        var at = target.lowerBound
        var remap = AttributeIDMap()
        source.runs.forEachRun(in: range) { sid, r in
            let id: UInt32
            if let known = remap[sid] { id = known } else {
                id = table.intern(source.table[sid])
                remap[sid] = id
            }
            runs.replace(at..<at, newLength: r.count, id: id)
            at += r.count
            return true
        }
        compactIfNeeded()
    }

    /// The characters of `range` with their attributes, in a storage of their own
    /// (`attributedSubstring(from:)`). A small table is shared, ids and all, until either side
    /// changes it, instead of every set being hashed into a new one; a large one is not (it would
    /// keep sets the substring does not use, and compacting it would walk them all). The runs are
    /// built at once, not inserted one by one.
    func substring(_ range: Range<Int>) -> _AttributedStorage {
        if range == 0..<length { return self }  // all of it: shared, copied on write
        // (The closures below capture no `self`: each capture would copy this whole struct.)
        var builder = _AttributeRuns.Builder()
        let newTable: _AttributeTable
        if table.count <= Self.sharedTableLimit {
            newTable = table
            runs.forEachRun(in: range) { id, r in builder.append(length: r.count, id: id); return true }
        } else {
            let sets = table.sets
            var interned = _AttributeTable()
            var remap = AttributeIDMap()
            runs.forEachRun(in: range) { sid, r in
                let id: UInt32
                if let known = remap[sid] { id = known } else {
                    id = interned.intern(sets[Int(sid)])
                    remap[sid] = id
                }
                builder.append(length: r.count, id: id)
                return true
            }
            newTable = interned
        }
        return _AttributedStorage(text: _UTF16Rope(units: text.units(in: range)), runs: _AttributeRuns(builder), table: newTable)
    }

    private init(text: _UTF16Rope, runs: _AttributeRuns, table: _AttributeTable) {
        (self.text, self.runs, self.table) = (text, runs, table)
    }

    /// The largest table a substring shares (``substring(_:)``): no larger than what
    /// ``compactIfNeeded()`` leaves alone.
    static let sharedTableLimit = 64

    /// Drops attribute sets that no run uses once they clearly outnumber the runs (amortised O(1)).
    mutating func compactIfNeeded() {
        guard table.count > Self.sharedTableLimit, table.count > 4 * runs.runCount else { return }
        var used = Set<UInt32>()
        runs.forEachRun(in: 0..<length) { id, _ in used.insert(id); return true }
        let map = table.compact(keeping: used)
        runs.remapIDs(map)
    }

    /// Checks the invariants (tests call it).
    package func invariantCheck() {
        precondition(text.count == runs.length, "text length \(text.count) != runs length \(runs.length)")
        #if DEBUG
        runs.invariantCheck()
        #endif
        var previous: UInt32? = nil
        runs.forEachRun(in: 0..<length) { id, _ in
            precondition(id != previous, "adjacent runs with equal ids")
            precondition(Int(id) < table.count, "run id \(id) out of table")
            previous = id
            return true
        }
        var lastChunkEndsWithCR = false
        let single = text.rope.isSingleton || text.rope.isEmpty
        for chunk in text.rope {
            chunk.invariantCheck()
            precondition(single || !chunk.isSmall, "small chunk (\(chunk.units.count) units) among others")
            precondition(chunk.units.count <= _UTF16Chunk.maxCount, "oversized chunk")
            precondition(!(lastChunkEndsWithCR && chunk.units.first == 0x0A), "CRLF split across chunks")
            lastChunkEndsWithCR = chunk.units.last == 0x0D
        }
    }
}

/// Attribute-set ids of one storage mapped to another's, while a splice copies runs. A copy
/// usually meets a handful of sets: they are looked up in a short array, and only past 32 in a
/// dictionary. The pairs are packed into `Int`s: an array of a type the process already uses
/// needs no type metadata made at run time, where the first `[(UInt32, UInt32)]` of a process cost
/// the runtime about 16 K instructions (and a `[UInt32: UInt32]` about 150 µs): the first
/// keystroke of an editor with a highlighter.
struct AttributeIDMap {
    /// `source << 32 | target`.
    private var pairs: [Int] = []
    private var dictionary: [UInt32: UInt32]?

    subscript(source: UInt32) -> UInt32? {
        get {
            if let dictionary { return dictionary[source] }
            guard let pair = pairs.first(where: { $0 >> 32 == Int(source) }) else { return nil }
            return UInt32(truncatingIfNeeded: pair)
        }
        set {
            guard let newValue else { return }
            if dictionary != nil {
                dictionary![source] = newValue
            } else if pairs.count < 32 {
                pairs.append(Int(source) << 32 | Int(newValue))
            } else {
                var all = Dictionary(uniqueKeysWithValues: pairs.map { (UInt32(truncatingIfNeeded: $0 >> 32), UInt32(truncatingIfNeeded: $0)) })
                all[source] = newValue
                dictionary = all
            }
        }
    }
}
