import CGTK4
import Foundation

/// When the process started, and named moments of its opening ("file read", "text set", …), in
/// CLOCK_MONOTONIC microseconds, for the probe log (`OTK_DEMO_PROBE_LOG`, ``ProbeLog``): the time
/// to open a document is from the start to the first frame's "after-paint" (``FrameTimer``).
///
/// The start is `OTK_DEMO_START_US` when the launcher set it (its CLOCK_MONOTONIC microseconds
/// just before it spawned the process: `Benchmarks/window-100MB` does), else the kernel's start
/// time of the process (`/proc/self/stat`, in clock ticks since boot: 10 ms steps).
@MainActor
enum StartupTimer {
    /// CLOCK_MONOTONIC microseconds at the process's start.
    static let start: gint64 = {
        if let value = ProcessInfo.processInfo.environment["OTK_DEMO_START_US"].flatMap(gint64.init) { return value }
        // Field 22 of /proc/self/stat, after the command name's closing parenthesis (field 2).
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return g_get_monotonic_time() }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Int64(fields[19]) else { return g_get_monotonic_time() }
        let perSecond = Int64(sysconf(Int32(_SC_CLK_TCK)))
        // The tick count is since boot (CLOCK_BOOTTIME); move it to CLOCK_MONOTONIC.
        var boot = timespec(), monotonic = timespec()
        clock_gettime(CLOCK_BOOTTIME, &boot)
        clock_gettime(CLOCK_MONOTONIC, &monotonic)
        let seconds = Int64(boot.tv_sec) - Int64(monotonic.tv_sec)
        let nanoseconds = Int64(boot.tv_nsec) - Int64(monotonic.tv_nsec)
        let offset: Int64 = seconds * 1_000_000 + nanoseconds / 1000
        return gint64(ticks * 1_000_000 / perSecond - offset)
    }()

    /// The named moments, in the order they happened.
    private(set) static var marks: [(name: String, time: gint64)] = []

    /// Notes that `name` happened now.
    static func mark(_ name: String) {
        _ = start
        marks.append((name, g_get_monotonic_time()))
    }
}
