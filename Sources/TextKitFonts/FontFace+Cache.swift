import Foundation
import TextKitGraphics

extension FontFace {
    /// The process-wide faces, one per (file, index). Faces are never evicted: fonts in use stay
    /// loaded (a face costs its memory-mapped file plus ~4 bytes per glyph for advances).
    private static let cache = Locked<[FaceLocation: FontFace]>([:])

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
        if let face = cache.withLock({ $0[location] }) { return face }
        let loaded = try FontFace(url: URL(fileURLWithPath: location.path), faceIndex: location.index)
        return cache.withLock { faces in
            if let winner = faces[location] { return winner }
            faces[location] = loaded
            return loaded
        }
    }

    /// The face if it is already loaded (no file access).
    package static func loaded(at location: FaceLocation) -> FontFace? {
        cache.withLock { $0[location] }
    }
}
