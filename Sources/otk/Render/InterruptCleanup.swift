import Dispatch
import Glibc
import OpenTextKit
import TextKitGraphics

/// Removes staged output files when otk is interrupted (SIGINT, SIGTERM, SIGHUP), so that an
/// interrupted render leaves nothing behind either, then exits with status 128 + signal.
///
/// The signals are handled by dispatch sources on a background queue, outside signal context,
/// while the main thread goes on rendering.
enum InterruptCleanup {
    private static let paths = Locked<Set<String>>([])
    private static let installed = Locked(false)
    /// Keeps the dispatch sources alive (written once, under `installed`'s lock).
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Removes `path` (and the graphics layer's own temporary files for it) on interruption.
    static func register(_ path: String) {
        install()
        paths.withLock { _ = $0.insert(path) }
    }

    /// Stops watching `path` (it was renamed into place or removed).
    static func unregister(_ path: String) {
        paths.withLock { _ = $0.remove(path) }
    }

    private static func install() {
        installed.withLock { done in
            guard !done else { return }
            done = true
            for number in [SIGINT, SIGTERM, SIGHUP] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { cleanUp(exitingWith: 128 + number) }
                source.resume()
                sources.append(source)
            }
        }
    }

    private static func cleanUp(exitingWith status: Int32) {
        for path in paths.withLock({ $0 }) {
            unlink(path)
            // CGContext(pdfURL:) and friends write to ".<name>.XXXXXX" beside their destination.
            let url = URL(fileURLWithPath: path)
            let prefix = ".\(url.lastPathComponent)."
            let directory = url.deletingLastPathComponent().path
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where name.hasPrefix(prefix) {
                unlink("\(directory)/\(name)")
            }
        }
        StandardError.write((StandardError.isTerminal ? "\r\u{1B}[K" : "") + "otk: interrupted; no output written\n")
        _exit(status)
    }
}
