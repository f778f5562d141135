import TextKitModel

/// A process-wide cache of shaped words, the trick that makes browser and Android text layout
/// fast: most of a long text is a few thousand distinct words, so most shaping is a lookup.
///
/// Entries are keyed by face, shaping parameters (direction, script, language, features) and the
/// exact UTF-16 text, and hold design-unit glyphs (independent of point size). Thread-safe: the
/// table is split into shards with a lock each, so parallel paragraph layout rarely contends.
/// Memory is bounded: a shard that outgrows its budget is emptied (crude, but it bounds memory
/// and rarely triggers: 1 MB of English prose has about 20,000 distinct words).
package final class ShapedWordCache: @unchecked Sendable {  // shards are only touched under their locks
    package static let shared = ShapedWordCache()

    /// Words up to this many UTF-16 units are keyed inline (no allocation per lookup).
    static let inlineCapacity = 16

    struct InlineKey: Hashable {
        var face: ObjectIdentifier
        var parameters: Int32
        var length: UInt8
        var w0: UInt64 = 0, w1: UInt64 = 0, w2: UInt64 = 0, w3: UInt64 = 0
    }

    struct LongKey: Hashable {
        var face: ObjectIdentifier
        var parameters: Int32
        var text: [UInt16]
    }

    private final class Shard {
        let lock = NSLock()
        var inline: [InlineKey: ShapedPiece] = [:]
        var long: [LongKey: ShapedPiece] = [:]
        var bytes = 0
        var hits = 0
        var misses = 0
    }

    private let shards: [Shard]
    private let bytesPerShard: Int
    private let parameterLock = NSLock()
    private var parameterIDs: [ShapingParameters: Int32] = [:]

    /// - Parameter budget: the most bytes of shaped glyphs to keep.
    package init(budget: Int = 64 << 20) {
        shards = (0..<16).map { _ in Shard() }
        bytesPerShard = budget / 16
    }

    /// A small number standing for a parameter set, for cheap keys.
    package func id(for parameters: ShapingParameters) -> Int32 {
        parameterLock.lock()
        defer { parameterLock.unlock() }
        if let id = parameterIDs[parameters] { return id }
        let id = Int32(parameterIDs.count)
        parameterIDs[parameters] = id
        return id
    }

    /// The cached piece for `text` in `face` with `parameters`, shaping it with `make` on a miss.
    package func piece(face: AnyObject, parameters: Int32, text: UnsafeBufferPointer<UInt16>,
                       make: () -> ShapedPiece) -> ShapedPiece {
        let faceID = ObjectIdentifier(face)
        if text.count <= Self.inlineCapacity {
            var key = InlineKey(face: faceID, parameters: parameters, length: UInt8(text.count))
            Self.pack(text, into: &key)
            let shard = shards[key.hashValue & 15]
            shard.lock.lock()
            if let found = shard.inline[key] {
                shard.hits += 1
                shard.lock.unlock()
                return found
            }
            shard.misses += 1
            shard.lock.unlock()
            let piece = make()
            shard.lock.lock()
            insert(piece, in: shard) { $0.inline[key] = piece }
            shard.lock.unlock()
            return piece
        }
        let key = LongKey(face: faceID, parameters: parameters, text: Array(text))
        let shard = shards[key.hashValue & 15]
        shard.lock.lock()
        if let found = shard.long[key] {
            shard.hits += 1
            shard.lock.unlock()
            return found
        }
        shard.misses += 1
        shard.lock.unlock()
        let piece = make()
        shard.lock.lock()
        insert(piece, in: shard) { $0.long[key] = piece }
        shard.lock.unlock()
        return piece
    }

    private func insert(_ piece: ShapedPiece, in shard: Shard, _ store: (Shard) -> Void) {
        if shard.bytes + piece.byteCount > bytesPerShard {
            shard.inline.removeAll(keepingCapacity: true)
            shard.long.removeAll(keepingCapacity: true)
            shard.bytes = 0
        }
        store(shard)
        shard.bytes += piece.byteCount
    }

    private static func pack(_ text: UnsafeBufferPointer<UInt16>, into key: inout InlineKey) {
        var words = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        withUnsafeMutableBytes(of: &words) { raw in
            let units = raw.bindMemory(to: UInt16.self)
            for i in 0..<text.count { units[i] = text[i] }
        }
        (key.w0, key.w1, key.w2, key.w3) = words
    }

    /// Hits and misses since the cache was created or ``resetStatistics()`` was called.
    package var statistics: (hits: Int, misses: Int) {
        var hits = 0, misses = 0
        for shard in shards {
            shard.lock.lock()
            hits += shard.hits
            misses += shard.misses
            shard.lock.unlock()
        }
        return (hits, misses)
    }

    package func resetStatistics() {
        for shard in shards {
            shard.lock.lock()
            shard.hits = 0
            shard.misses = 0
            shard.lock.unlock()
        }
    }

    /// Empties the cache (benchmarks use it to measure layout with fresh caches).
    package func removeAll() {
        for shard in shards {
            shard.lock.lock()
            shard.inline.removeAll()
            shard.long.removeAll()
            shard.bytes = 0
            shard.lock.unlock()
        }
    }
}
