// The extension point of the suite: an engine is a column of the table.

/// One timed run.
struct Sample: Sendable {
    /// Wall time on CLOCK_MONOTONIC, in seconds, excluding process start, text loading and font
    /// loading.
    var seconds: Double
    /// What the run produced: lines (glyphs for the HarfBuzz floor).
    var count: Int
}

/// What an engine reports for one workload.
enum Outcome: Sendable {
    /// Timed runs, after a warm-up.
    case samples([Sample])
    /// Resident memory retained by a layout, and its line (or glyph) count.
    case memory(bytes: Int, count: Int)
    /// A run did not finish within the cap (seconds); any runs that finished before are kept.
    case timedOut(cap: Double, finished: [Sample])
    /// The engine has no such workload, or it is not implemented yet; the reason is printed.
    case notApplicable(String)
    /// The engine failed; the message is printed in the cell.
    case failed(String)
}

extension Outcome {
    /// Whether more rounds of timed runs may be added to this outcome.
    var continues: Bool {
        if case .samples = self { return true }
        return false
    }

    /// This outcome and a later round's, as one: the samples of both; a later round that did not
    /// give samples (a timeout) ends the row with the samples so far.
    func merged(with later: Outcome) -> Outcome {
        guard case .samples(let earlier) = self else { return self }
        switch later {
        case .samples(let more): return .samples(earlier + more)
        case .timedOut(let cap, let finished): return .timedOut(cap: cap, finished: earlier + finished)
        default: return later
        }
    }
}

extension BenchEngine {
    func countUnit(for workload: Workload) -> String { countUnit }
}

/// A column of the comparison table. Conform a type to it to add an engine; `bench` calls
/// `measure` once per workload row, in table order, from one thread.
protocol BenchEngine {
    /// The column header, with a version if it has one ("Pango 1.50.12").
    var name: String { get }
    /// The unit of ``Sample/count``: "lines" or "glyphs".
    var countUnit: String { get }
    /// The unit of ``Sample/count`` in the rows of `workload` (``countUnit`` unless a row counts
    /// something else, as the HTML rows do).
    func countUnit(for workload: Workload) -> String
    /// Measures one workload: an untimed warm-up, then `setup.runs` timed runs (a memory
    /// workload: one measurement). Must not throw for a workload it does not have: return
    /// ``Outcome/notApplicable(_:)``.
    func measure(_ workload: Workload, setup: BenchSetup) -> Outcome
}
