import TextKitModel

/// The process-wide caches behind typesetting, for benchmarks and diagnostics.
public enum TypesettingCaches {
    /// Empties the shaped-word cache, so the next layout shapes every word again.
    public static func removeAll() {
        ShapedWordCache.shared.removeAll()
        ShapedWordCache.shared.resetStatistics()
    }

    /// Lookups in the shaped-word cache that found a word already shaped, and those that did not,
    /// since the cache was created or last emptied.
    public static var shapedWordStatistics: (hits: Int, misses: Int) { ShapedWordCache.shared.statistics }
}
