import Foundation
import TextKitGraphics

extension FontFace {
    /// The process-wide faces, one per (file, index) while it is in use. The faces loaded last
    /// (``recentLimit`` of them) are held; the others only while something else holds them (a
    /// font, a line's glyphs), until the table is next pruned: a server that renders fonts its
    /// users upload would otherwise keep every face it ever loaded (its mapped file, and ~4 bytes
    /// a glyph of advances). A face in use is never loaded twice, so faces compare by identity.
    ///
    /// The table holds its faces strongly and drops, when it prunes, those it alone holds
    /// (`isKnownUniquelyReferenced` under its lock: with no other reference, nothing can take one
    /// but through the table). Not weakly: a weak reference gives the object a side table, and
    /// every retain and release of a face (a run's, a shaped word's, several a paragraph) then
    /// took the runtime's slow path.
    private static let cache = Locked(FaceTable())

    /// How many of the faces loaded last the cache holds whether or not they are in use: more
    /// than a document or a process's interface uses at once (a text of every Unicode scalar
    /// uses some 160), so that a face dropped and asked for again is rare.
    static let recentLimit = 256

    private struct FaceTable {
        /// A face, in a box of its own so that the table can ask whether it alone holds it.
        final class Entry {
            var face: FontFace
            init(_ face: FontFace) { self.face = face }
        }
        var entries: [FaceLocation: Entry] = [:]
        /// The faces loaded last, held; a ring of ``recentLimit``.
        var recent: [FontFace] = []
        var next = 0
        /// The entry count at which faces nothing else uses are dropped next.
        var pruneAt = 2 * FontFace.recentLimit

        func face(at location: FaceLocation) -> FontFace? { entries[location]?.face }

        mutating func insert(_ face: FontFace, at location: FaceLocation) {
            entries[location] = Entry(face)
            if recent.count < FontFace.recentLimit {
                recent.append(face)
            } else {
                recent[next] = face
                next = (next + 1) % FontFace.recentLimit
            }
            if entries.count >= pruneAt {
                entries = entries.filter { !isKnownUniquelyReferenced(&$0.value.face) }
                pruneAt = max(2 * FontFace.recentLimit, 2 * entries.count)
            }
        }
    }

    /// The shared face for face `faceIndex` of the font file at `url`, loading it on first use.
    ///
    /// Thread-safe. A cache hit is one locked dictionary read. Two threads that miss at the same
    /// time both load, and the first to finish wins (the other's copy is dropped), so loading
    /// never happens under the cache lock.
    ///
    /// - Throws: ``FontLoadingError`` when the file is missing, unreadable, not a font, or has no
    ///   face `faceIndex`. Failures are not cached: a file installed later loads.
    public static func shared(url: URL, faceIndex: Int = 0) throws(FontLoadingError) -> FontFace {
        try shared(for: FaceLocation(path: url.standardizedFileURL.path, index: faceIndex))
    }

    /// The shared face for an installed face listed by ``FontCollection``.
    public static func shared(for info: FontFaceInfo) throws(FontLoadingError) -> FontFace {
        try shared(for: info.location)
    }

    package static func shared(for location: FaceLocation) throws(FontLoadingError) -> FontFace {
        if let face = cache.withLock({ $0.face(at: location) }) { return face }
        let loaded = try FontFace(url: URL(fileURLWithPath: location.path), faceIndex: location.index)
        return cache.withLock { table in
            if let winner = table.face(at: location) { return winner }
            table.insert(loaded, at: location)
            return loaded
        }
    }

    /// The face if it is loaded and in use (no file access).
    package static func loaded(at location: FaceLocation) -> FontFace? {
        cache.withLock { $0.face(at: location) }
    }
}
