import OpenTextKit

/// Progress of long renders on standard error: pages laid out (with the share of the text done
/// and the rate), then pages drawn. Silent unless standard error is a terminal and `--quiet` is
/// off, and silent for renders that finish within half a second.
final class ProgressReporter {
    private let start = Date()
    private var lastUpdate = Date.distantPast
    private var shown = false
    /// Renders shorter than this never show progress.
    private static let delay: TimeInterval = 0.5

    /// A reporter, or nil when progress should not be shown.
    static func make(quiet: Bool) -> ProgressReporter? {
        quiet || !StandardError.isTerminal ? nil : ProgressReporter()
    }

    func laidOut(page: Int, fraction: Double) {
        update { elapsed in
            let rate = Double(page) / max(elapsed, 0.001)
            return "laying out: page \(page), \(Int(saturating: fraction * 100))% of the text, \(Int(saturating: rate)) pages/s"
        }
    }

    func drew(page: Int, of total: Int) {
        update { elapsed in
            "drawing: page \(page) of \(total)"
        }
    }

    /// Clears the progress line.
    func finish() {
        if shown { StandardError.write("\r\u{1B}[K") }
    }

    private func update(_ message: (Double) -> String) {
        let now = Date()
        let elapsed = now.timeIntervalSince(start)
        guard elapsed >= Self.delay, now.timeIntervalSince(lastUpdate) >= 0.1 else { return }
        lastUpdate = now
        shown = true
        StandardError.write("\r\u{1B}[Kotk: \(message(elapsed))")
    }
}
