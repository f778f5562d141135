/// A hash table from short words (``ShapedWordCache/InlineKey``) to their shaped pieces: open
/// addressing with linear probing on the hash each key computes once, for itself.
///
/// The shared word cache looks a word up here whenever the analyzer's small front cache misses
/// it. With a `Dictionary` such a lookup hashed the key again through `Hasher` (a seeded SipHash)
/// and read the key and the piece from separate arrays. Here an entry (key and piece) is 64
/// bytes, one cache line, so a lookup that finds its word at once touches one line of memory.
///
/// Not thread-safe: the cache's shard lock guards it. Entries are only ever added (a word that is
/// stored again replaces its piece) or all removed at once, so the table needs no tombstones.
struct InlineWordTable: ~Copyable {
    typealias Key = ShapedWordCache.InlineKey

    private struct Entry {
        var key: Key
        /// A retained piece; nil for an empty slot.
        var piece: Unmanaged<ShapedPiece>?
    }

    /// Bytes a slot takes: one cache line (a key is 56 bytes, a piece 8).
    static var slotStride: Int { MemoryLayout<Entry>.stride }

    /// The number of words held.
    private(set) var count = 0
    /// Slots minus one (a power of two minus one), or -1 before the first insertion.
    private var mask = -1
    /// The slots, cache-line aligned; nil before the first insertion.
    private var entries: UnsafeMutablePointer<Entry>?

    init() {}

    deinit {
        guard let entries else { return }
        for slot in 0...mask { entries[slot].piece?.release() }
        entries.deallocate()
    }

    /// The piece stored for `key`, or nil.
    func piece(for key: Key) -> ShapedPiece? {
        guard let entries else { return nil }
        var slot = Int(truncatingIfNeeded: key.hash) & mask
        while let piece = entries[slot].piece {
            if entries[slot].key == key { return piece.takeUnretainedValue() }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Stores `piece` for `key`, replacing the piece stored for it before, if any.
    mutating func insert(_ piece: ShapedPiece, for key: Key) {
        if (count + 1) * 4 > (mask + 1) * 3 { grow() }
        let entries = entries!
        var slot = Int(truncatingIfNeeded: key.hash) & mask
        while let old = entries[slot].piece {
            if entries[slot].key == key {
                entries[slot].piece = Unmanaged.passRetained(piece)
                old.release()
                return
            }
            slot = (slot + 1) & mask
        }
        entries[slot] = Entry(key: key, piece: Unmanaged.passRetained(piece))
        count += 1
    }

    /// Releases every piece; keeps the slots for reuse unless `keepingCapacity` is false.
    mutating func removeAll(keepingCapacity: Bool) {
        guard let entries else { return }
        for slot in 0...mask {
            entries[slot].piece?.release()
            entries[slot].piece = nil
        }
        count = 0
        if !keepingCapacity {
            entries.deallocate()
            (self.entries, mask) = (nil, -1)
        }
    }

    /// Doubles the slots (16 at first) and moves the entries over (still retained once).
    private mutating func grow() {
        let old = entries, oldMask = mask
        let capacity = max(16, (mask + 1) * 2)
        // All zero bits are an empty entry: a key of plain values and a nil piece.
        let bytes = capacity * MemoryLayout<Entry>.stride
        let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        let entries = raw.bindMemory(to: Entry.self, capacity: capacity)
        (self.entries, mask) = (entries, capacity - 1)
        guard let old else { return }
        for moved in 0...oldMask where old[moved].piece != nil {
            var slot = Int(truncatingIfNeeded: old[moved].key.hash) & mask
            while entries[slot].piece != nil { slot = (slot + 1) & mask }
            entries[slot] = old[moved]
        }
        old.deallocate()
    }
}
