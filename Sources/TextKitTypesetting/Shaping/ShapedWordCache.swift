import TextKitGraphics
import TextKitModel

/// A process-wide cache of shaped words, the trick that makes browser and Android text layout
/// fast: most of a long text is a few thousand distinct words, so most shaping is a lookup.
///
/// Entries are keyed by face, shaping parameters (direction, script, language, features) and the
/// exact UTF-16 text, and hold design-unit glyphs (independent of point size). Thread-safe: the
/// table is split into shards with a lock each, so parallel paragraph layout rarely contends;
/// each ``ParagraphAnalyzer`` also keeps a small lock-free front cache of its own.
/// Memory is bounded: a shard that outgrows its budget is emptied (crude, but it bounds memory
/// and rarely triggers: 1 MB of English prose has about 20,000 distinct words).
///
/// Faces are never freed (the font layer keeps one per file for the life of the process), so a
/// face's identity is a stable key.
package final class ShapedWordCache: @unchecked Sendable {  // shards and parameter sets are only touched under their locks (`Locked`)
    package static let shared = ShapedWordCache()

    /// Words up to this many UTF-16 units are keyed inline (no allocation per lookup).
    package static let inlineCapacity = 16

    /// A word of up to 16 UTF-16 units with its face and parameters, hashed once.
    package struct InlineKey: Hashable {
        var face: UInt
        var parameters: Int32
        var length: Int32
        var w0: UInt64 = 0, w1: UInt64 = 0, w2: UInt64 = 0, w3: UInt64 = 0
        /// A cheap multiplicative hash of all fields, computed once per lookup.
        package var hash: UInt64 = 0

        package init(face: AnyObject, parameters: Int32, text: UnsafeBufferPointer<UInt16>) {
            self.face = UInt(bitPattern: ObjectIdentifier(face))
            self.parameters = parameters
            length = Int32(text.count)
            var words = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
            withUnsafeMutableBytes(of: &words) { raw in
                raw.baseAddress!.copyMemory(from: text.baseAddress!, byteCount: text.count * 2)
            }
            (w0, w1, w2, w3) = words
            var h = UInt64(self.face) &* 0x9E37_79B9_7F4A_7C15
            h ^= (UInt64(UInt32(bitPattern: parameters)) << 32 | UInt64(length)) &* 0xC2B2_AE3D_27D4_EB4F
            h ^= w0 &* 0x1656_67B1_9E37_79F9
            h = (h ^ (h >> 31)) &* 0x94D0_49BB_1331_11EB
            h ^= w1 &* 0x9E37_79B9_7F4A_7C15
            h ^= (w2 &* 0xC2B2_AE3D_27D4_EB4F) ^ (w3 &* 0x1656_67B1_9E37_79F9)
            h = (h ^ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9
            hash = h ^ (h >> 32)
        }

        package static func == (a: Self, b: Self) -> Bool {
            a.hash == b.hash && a.w0 == b.w0 && a.w1 == b.w1 && a.w2 == b.w2 && a.w3 == b.w3
                && a.length == b.length && a.face == b.face && a.parameters == b.parameters
        }

        package func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    struct LongKey: Hashable {
        var face: UInt
        var parameters: Int32
        var text: [UInt16]

        /// The text's bytes in one call: the synthesized hash fed the hasher a unit at a time (a
        /// call each), a cost every word of Thai and Chinese pays, where pieces between spaces
        /// are long and seldom seen twice.
        func hash(into hasher: inout Hasher) {
            hasher.combine(face)
            hasher.combine(parameters)
            hasher.combine(text.count)
            text.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// One part of the table. Its fields are read and written only under its lock (shaping runs
    /// outside it), so no two accesses overlap and they skip the exclusivity checks (`Locked`).
    private struct Shard: ~Copyable {
        var inline = InlineWordTable()
        var long: [LongKey: ShapedPiece] = [:]
        var bytes = 0
        var hits = 0
        var misses = 0
    }

    private let shards: [Locked<Shard>]
    private let bytesPerShard: Int
    /// The parameter sets and the generation, under their own lock.
    private let parameterTable = Locked(ParameterTable())
    private struct ParameterTable {
        /// The parameter sets given an id, the id being the index. A list, not a dictionary: a
        /// process holds a few sets, and a dictionary of them made the runtime search every loaded
        /// conformance for `ShapingParameters: Hashable` in the first paragraph (about 390 K
        /// instructions).
        var sets: [ShapingParameters] = []
        /// A number that changes whenever the cache is emptied, so front caches know to drop theirs.
        var generation = 0
    }

    /// - Parameter budget: the most bytes of shaped glyphs to keep.
    package init(budget: Int = 64 << 20) {
        shards = (0..<16).map { _ in Locked(Shard()) }
        bytesPerShard = budget / 16
    }

    /// A small number standing for a parameter set, for cheap keys.
    package func id(for parameters: ShapingParameters) -> Int32 {
        parameterTable.withLock { table in
            if let known = table.sets.firstIndex(of: parameters) { return Int32(known) }
            table.sets.append(parameters)
            return Int32(table.sets.count - 1)
        }
    }

    /// The cached piece for an inline key, shaping it with `make` on a miss.
    package func piece(for key: InlineKey, make: () -> ShapedPiece) -> ShapedPiece {
        existingPiece(for: key, countingHit: true) ?? store(make(), for: key)
    }

    /// The cached piece for an inline key, or nil: then shape the word and ``store(_:for:)`` it.
    /// Counts a hit when `countingHit` (a lookahead that finds the word, as ``ParagraphAnalyzer``'s
    /// batched shaping does, counts nothing: its caller's lookup counts it later).
    package func existingPiece(for key: InlineKey, countingHit: Bool = false) -> ShapedPiece? {
        shards[Int(key.hash >> 60)].withLock { shard in
            let found = shard.inline.piece(for: key)
            if countingHit && found != nil { shard.hits += 1 }
            return found
        }
    }

    /// Stores a piece shaped for `key` by the caller (counted as a miss) and returns the one the
    /// cache holds: `piece`, or the one another thread stored first.
    package func store(_ piece: ShapedPiece, for key: InlineKey) -> ShapedPiece {
        piece.record(key)
        // The piece is made: looked for and stored under one lock (a new word of a cold layout
        // took three locked steps: the lookahead's probe, this probe, the store).
        return shards[Int(key.hash >> 60)].withLock { shard in
            if let found = shard.inline.piece(for: key) {
                shard.hits += 1
                return found
            }
            shard.misses += 1
            Self.insert(piece, into: &shard, budget: bytesPerShard) { $0.inline.insert($1, for: key) }
            return piece
        }
    }

    /// The cached piece for `text` in `face` with `parameters`, shaping it with `make` on a miss.
    package func piece(face: AnyObject, parameters: Int32, text: UnsafeBufferPointer<UInt16>,
                       make: () -> ShapedPiece) -> ShapedPiece {
        if text.count <= Self.inlineCapacity {
            return piece(for: InlineKey(face: face, parameters: parameters, text: text), make: make)
        }
        let key = LongKey(face: UInt(bitPattern: ObjectIdentifier(face)), parameters: parameters, text: Array(text))
        return cachedPiece(in: shards[key.hashValue & 15], find: { $0.long[key] }, store: { $0.long[key] = $1 }, make: make)
    }

    /// Counts a hit served by a front cache, for the statistics.
    package func countFrontHits(_ n: Int) {
        guard n > 0 else { return }
        shards[0].withLock { $0.hits += n }
    }

    /// The piece `find` finds in `shard`, or else the one `make` shapes (outside the lock, so other
    /// threads are not held up by shaping), stored with `store`. A shard over its budget is emptied.
    @inline(__always)
    private func cachedPiece(in shard: Locked<Shard>, find: (borrowing Shard) -> ShapedPiece?,
                             store: (inout Shard, ShapedPiece) -> Void, make: () -> ShapedPiece) -> ShapedPiece {
        let found = shard.withLock { shard -> ShapedPiece? in
            if let found = find(shard) {
                shard.hits += 1
                return found
            }
            shard.misses += 1
            return nil
        }
        if let found { return found }
        let piece = make()
        shard.withLock { Self.insert(piece, into: &$0, budget: bytesPerShard, store: store) }
        return piece
    }

    /// Stores `piece` in `shard` with `store`, emptying the shard first when the piece would take
    /// it over `budget` bytes. Called under the shard's lock.
    @inline(__always)
    private static func insert(_ piece: ShapedPiece, into shard: inout Shard, budget: Int,
                               store: (inout Shard, ShapedPiece) -> Void) {
        if shard.bytes + piece.byteCount > budget {
            shard.inline.removeAll(keepingCapacity: true)
            shard.long.removeAll(keepingCapacity: true)
            shard.bytes = 0
        }
        store(&shard, piece)
        shard.bytes += piece.byteCount
    }

    /// Hits and misses since the cache was created or ``resetStatistics()`` was called.
    package var statistics: (hits: Int, misses: Int) {
        var hits = 0, misses = 0
        for shard in shards {
            shard.withLock { shard in
                hits += shard.hits
                misses += shard.misses
            }
        }
        return (hits, misses)
    }

    package func resetStatistics() {
        for shard in shards {
            shard.withLock { shard in
                shard.hits = 0
                shard.misses = 0
            }
        }
    }

    /// A number that changes whenever the cache is emptied, so front caches know to drop theirs.
    package var generation: Int {
        parameterTable.withLock { $0.generation }
    }

    /// Empties the cache (benchmarks use it to measure layout with fresh caches).
    package func removeAll() {
        for shard in shards {
            shard.withLock { shard in
                shard.inline.removeAll(keepingCapacity: false)
                shard.long.removeAll()
                shard.bytes = 0
            }
        }
        parameterTable.withLock { $0.generation += 1 }
    }
}
