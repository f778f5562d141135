/// A hash table from short words (``ShapedWordCache/InlineKey``) to their shaped pieces: open
/// addressing with linear probing on the hash each key computes once, for itself.
///
/// The shared word cache looks a word up here whenever the analyzer's small front cache misses
/// it. An entry is the key's hash and the piece, 16 bytes, four to a cache line; the rest of the
/// key (face, parameters, text) is kept in the piece (``ShapedPiece/record(_:)``), whose header
/// a lookup that finds it reads next anyway. With the whole key in the entry (64 bytes), the
/// table's growth wrote about a third of the fresh memory of a cold multilingual layout.
///
/// Not thread-safe: the cache's shard lock guards it. Entries are only ever added (a word that is
/// stored again replaces its piece) or all removed at once, so the table needs no tombstones.
struct InlineWordTable: ~Copyable {
    typealias Key = ShapedWordCache.InlineKey

    private struct Entry {
        var hash: UInt64
        /// A retained piece that ``ShapedPiece/matches(_:)`` the key; nil for an empty slot.
        var piece: Unmanaged<ShapedPiece>?
    }

    /// Bytes a slot takes: the hash and the piece.
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
            if entries[slot].hash == key.hash && piece._withUnsafeGuaranteedRef({ $0.matches(key) }) {
                return piece.takeUnretainedValue()
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Stores `piece`, recorded under `key` (``ShapedPiece/record(_:)``), replacing the piece
    /// stored for the key before, if any.
    mutating func insert(_ piece: ShapedPiece, for key: Key) {
        assert(piece.matches(key), "a piece enters the word table recorded under its key")
        if (count + 1) * 4 > (mask + 1) * 3 { grow() }
        let entries = entries!
        var slot = Int(truncatingIfNeeded: key.hash) & mask
        while let old = entries[slot].piece {
            if entries[slot].hash == key.hash && old._withUnsafeGuaranteedRef({ $0.matches(key) }) {
                entries[slot].piece = Unmanaged.passRetained(piece)
                old.release()
                return
            }
            slot = (slot + 1) & mask
        }
        entries[slot] = Entry(hash: key.hash, piece: Unmanaged.passRetained(piece))
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
        // All zero bits are an empty entry: a nil piece.
        let bytes = capacity * MemoryLayout<Entry>.stride
        let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        let entries = raw.bindMemory(to: Entry.self, capacity: capacity)
        (self.entries, mask) = (entries, capacity - 1)
        guard let old else { return }
        for moved in 0...oldMask where old[moved].piece != nil {
            var slot = Int(truncatingIfNeeded: old[moved].hash) & mask
            while entries[slot].piece != nil { slot = (slot + 1) & mask }
            entries[slot] = old[moved]
        }
        old.deallocate()
    }
}
