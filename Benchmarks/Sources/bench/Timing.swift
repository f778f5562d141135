// Clocks and memory readings for in-process engines: the very C functions the peers use
// (Sources/PeerSupport), so that every column is measured the same way.
import PeerSupport

/// Seconds on CLOCK_MONOTONIC: the clock every engine's timings use.
func monotonicSeconds() -> Double { peer_now() }

/// Resident set size of this process in bytes (/proc/self/statm), after returning free heap
/// memory to the system (malloc_trim), as the peers measure it; -1 if it cannot be read.
func residentBytes() -> Int { peer_rss() }

/// The in-process measuring loop for a Swift engine: `prepare` (untimed) builds the state of one
/// run, such as a fresh text storage and layout manager; `body` is the timed work and returns
/// its count (lines). The first run is an untimed warm-up; then `runs` timed runs follow. When
/// `cap` is given, no new run starts once the timed runs add up to more than `cap` seconds.
func timedRuns<State>(runs: Int, cap: Double? = nil, prepare: () throws -> State,
                      body: (inout State) throws -> Int) rethrows -> [Sample] {
    var warmUp = try prepare()
    _ = try body(&warmUp)
    var samples: [Sample] = []
    var spent = 0.0
    for _ in 0..<runs {
        var state = try prepare()
        let start = monotonicSeconds()
        let count = try body(&state)
        let seconds = monotonicSeconds() - start
        samples.append(Sample(seconds: seconds, count: count))
        spent += seconds
        if let cap, spent > cap { break }
    }
    return samples
}
