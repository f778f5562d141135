// The comparison table: one row per workload, one column per engine, plus OpenTextKit / Pango.

/// The outcomes of every engine for one workload.
struct Row {
    let workload: Workload
    var outcomes: [Outcome]
    /// The 1-minute load average when the row started ("" when unknown): the machine is shared,
    /// and a load above its core count means the timings of that row include waiting for a core.
    var load = ""
}

/// Renders the rows as a Markdown table, columns padded so that it also reads in a terminal.
/// `engines` are the columns (in the order of each row's outcomes); `ratio` names the two columns
/// whose medians are compared in the last column. A row whose kind compares with the floor
/// (``WorkloadKind/comparesWithFloor``) is compared with column `floor` instead, and says so.
func renderTable(_ rows: [Row], engines: [any BenchEngine], ratio: (numerator: Int, denominator: Int), floor: Int? = nil) -> String {
    var header = ["Workload"] + engines.map(\.name)
    // Column names without their versions: "OpenTextKit / Pango".
    func short(_ i: Int) -> String { engines[i].name.split(separator: " ").first.map(String.init) ?? engines[i].name }
    header.append("\(short(ratio.numerator)) / \(short(ratio.denominator))")
    header.append("Load")
    var cells: [[String]] = []
    for (r, row) in rows.enumerated() {
        var line = [row.workload.title]
        for (e, outcome) in row.outcomes.enumerated() {
            var cell = describe(outcome, unit: engines[e].countUnit(for: row.workload))
            if let note = comparison(rows, r, e) { cell += " " + note }
            line.append(cell)
        }
        if let floor, row.workload.kind.comparesWithFloor {
            let cell = ratioCell(row.outcomes[ratio.numerator], row.outcomes[floor])
            line.append(cell == "n/a" ? cell : cell + " of libxml2's parse")
        } else {
            line.append(ratioCell(row.outcomes[ratio.numerator], row.outcomes[ratio.denominator]))
        }
        line.append(row.load)
        cells.append(line)
    }
    let widths = header.indices.map { c in ([header[c]] + cells.map { $0[c] }).map(\.count).max() ?? 0 }
    func render(_ line: [String]) -> String {
        "| " + line.enumerated().map { c, s in s + String(repeating: " ", count: widths[c] - s.count) }
            .joined(separator: " | ") + " |"
    }
    let rule = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
    return ([render(header), rule] + cells.map(render)).joined(separator: "\n")
}

/// A cell: "462 ms (454 ms–475 ms) · 17,203 lines".
func describe(_ outcome: Outcome, unit: String) -> String {
    switch outcome {
    case .samples(let samples):
        let times = samples.map(\.seconds)
        let counts = Set(samples.map(\.count))
        let count = counts.count == 1 ? "\(grouped(samples[0].count)) \(unit)"
                                      : "\(grouped(counts.min()!))–\(grouped(counts.max()!)) \(unit) (counts differ!)"
        let range = samples.count > 1
            ? " (\(formatDuration(times.min()!))–\(formatDuration(times.max()!)), \(samples.count) runs)" : " (1 run)"
        return "\(formatDuration(times.median))\(range) · \(count)"
    case .memory(let bytes, let count):
        return "\(formatBytes(bytes)) · \(grouped(count)) \(unit)"
    case .timedOut(let cap, let finished):
        let done = finished.isEmpty ? "" : " (\(finished.count) runs finished: median \(formatDuration(finished.map(\.seconds).median)))"
        return "> \(Int(cap)) s\(done)"
    case .notApplicable(let reason):
        return reason
    case .failed(let message):
        return "failed: " + message.split(separator: "\n").joined(separator: " ")
    }
}

/// How a cell relates to the row before it: the growth of the long-word rows, the speed-up of a
/// multi-thread row over the one-thread row.
private func comparison(_ rows: [Row], _ r: Int, _ e: Int) -> String? {
    guard r > 0, let here = median(rows[r].outcomes[e]), let before = median(rows[r - 1].outcomes[e]) else {
        return nil
    }
    switch (rows[r - 1].workload.kind, rows[r].workload.kind) {
    case (.longWord, .longWord):
        return "— ×\(fixed(here / before, 1)) the time of the row above"
    case (.threads(let a), .threads(let b)) where b > a:
        return "— speed-up ×\(fixed(before / here, 2)) over \(a) thread\(a == 1 ? "" : "s")"
    default:
        return nil
    }
}

private func median(_ outcome: Outcome) -> Double? {
    if case .samples(let s) = outcome, !s.isEmpty { return s.map(\.seconds).median }
    return nil
}

private func ratioCell(_ a: Outcome, _ b: Outcome) -> String {
    switch (a, b) {
    case (.samples, .samples):
        return "×" + fixed(median(a)! / median(b)!, 2)
    case (.memory(let x, _), .memory(let y, _)) where y > 0:
        return "×" + fixed(Double(x) / Double(y), 2)
    default:
        return "n/a"
    }
}
