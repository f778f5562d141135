import Foundation

/// The probe log (`OTK_DEMO_PROBE_LOG=path`, written at quit): what `Benchmarks/window-100MB`
/// reads, one record a line, times in CLOCK_MONOTONIC microseconds (the clock a launcher's
/// `time.monotonic_ns()` reads, so that it can split the records by the phases it drove):
///
///     start <µs>                                       the process's start (StartupTimer)
///     mark <µs> <name>                                 a moment of opening (StartupTimer.mark)
///     frame <start µs> <end µs>                        a painted frame (FrameTimer)
///     key <dispatched µs> <X time ms> <painted µs> <key>   a key press and its frame (LatencyProbe)
@MainActor
enum ProbeLog {
    static func write(to path: String, frames: FrameTimer?, latency: LatencyProbe?) {
        var lines = ["start \(StartupTimer.start)"]
        lines += StartupTimer.marks.map { "mark \($0.time) \($0.name)" }
        lines += (frames?.frames ?? []).map { "frame \($0.start) \($0.end)" }
        lines += (latency?.presses ?? []).filter { $0.painted != 0 }.map { "key \($0.dispatched) \($0.eventTime) \($0.painted) \($0.key)" }
        try? Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
