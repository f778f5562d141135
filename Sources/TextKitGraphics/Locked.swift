import Foundation

/// State shared between threads, read and written only under a lock: a pthread mutex (`NSLock`).
///
/// The package guards its shared state with this (the process-wide caches of faces, fonts,
/// fallback chains, the font catalog and shaped words among it; the one lock held by hand is
/// `HyphenationMemo`'s, shared by every paragraph's memo), and not with the standard library's
/// `Mutex`: ThreadSanitizer intercepts pthread mutexes and sees the order they put on the
/// accesses, while a contended `Mutex` waits and wakes in uninstrumented code, and the accesses it
/// orders are then reported as races (`scripts/tsan-check.sh` found one).
///
/// The state may be noncopyable (each shard of the shaped-word cache holds a word table that owns
/// its memory).
package final class Locked<State: ~Copyable>: @unchecked Sendable {  // `state` is only touched under `lock`
    private let lock = NSLock()
    /// Reached only through ``withLock(_:)``, which holds `lock` for the whole access (and the
    /// lock is not reentrant: a nested `withLock` on the same value deadlocks before it touches
    /// the state), so no two accesses overlap and they skip the run-time exclusivity check, as the
    /// hand-locked tables this type replaced did (the break iterator pool, the shaped-word cache's
    /// shards).
    @exclusivity(unchecked) private var state: State

    package init(_ initial: consuming State) {
        state = initial
    }

    /// Runs `body` with the state, under the lock. `body` must not call `withLock` on this value
    /// again (the lock is not reentrant).
    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
