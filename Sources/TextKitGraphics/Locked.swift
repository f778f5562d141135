import Foundation

/// State shared between threads, read and written only under a lock: a pthread mutex (`NSLock`).
///
/// The process-wide caches (faces, fonts, fallback chains, the font catalog) use this rather than
/// the standard library's `Mutex`: ThreadSanitizer intercepts pthread mutexes and sees the order
/// they put on the accesses, while a contended `Mutex` waits and wakes in uninstrumented code, and
/// the accesses it orders are then reported as races (`scripts/tsan-check.sh` found one).
package final class Locked<State>: @unchecked Sendable {  // `state` is only touched under `lock`
    private let lock = NSLock()
    private var state: State

    package init(_ initial: State) {
        state = initial
    }

    /// Runs `body` with the state, under the lock.
    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
