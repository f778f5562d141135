import TextKitGraphics

/// Analyzers outlive their owners: a layout manager or typesetter that goes away hands its
/// analyzers back, and the next one made takes them.
///
/// An analyzer's caches are its own so that it reads them without locks: its front table of
/// shaped words (2,048 slots, about 150 KB to clear), the fallback fonts it found, its shaping
/// parameter ids, its glyph buffers. A fresh one starts cold, and every word of its first screen
/// goes to the shared cache's larger table, which is usually out of the processor's caches; a
/// reused one starts with the words of the documents before it.
extension ParagraphAnalyzer {
    /// The process-wide pool, for analyzers of the shared word cache.
    static let pool = AnalyzerPool(limit: 8)

    /// An analyzer of the shared word cache: one that an earlier owner returned, or a new one.
    /// Use it on one thread at a time, and return it with ``recycle(_:)`` when done.
    package static func reused() -> ParagraphAnalyzer { pool.take() }

    /// Returns `analyzer`, which its owner no longer uses, for ``reused()`` to hand out again.
    package static func recycle(_ analyzer: ParagraphAnalyzer) { pool.recycle(analyzer) }
}

/// Idle analyzers of the shared word cache, the most recently returned handed out first.
final class AnalyzerPool: Sendable {
    private let idle = Locked<[ParagraphAnalyzer]>([])
    /// At most this many wait (each holds its caches and buffers: a few hundred kilobytes).
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// An idle analyzer, or a new one.
    func take() -> ParagraphAnalyzer {
        idle.withLock { $0.popLast() } ?? ParagraphAnalyzer()
    }

    /// Keeps `analyzer` for ``take()``, after it let go of its owner's objects; drops it when
    /// `limit` wait already or when it does not use the shared word cache (its words and
    /// parameter ids would not be the shared cache's).
    func recycle(_ analyzer: ParagraphAnalyzer) {
        guard analyzer.usesSharedCache else { return }
        analyzer.forgetOwner()
        idle.withLock { idle in
            if idle.count < limit { idle.append(analyzer) }
        }
    }

    /// How many analyzers wait.
    var count: Int { idle.withLock { $0.count } }
}
