// bench: OpenTextKit's comparison suite. Runs every workload on OpenTextKit (in process), Pango
// and the HarfBuzz floor (C peers, one subprocess per workload), then prints a Markdown table of
// medians with min–max and line counts. `Benchmarks/run` builds it in release and runs it.
import Foundation

let usage = """
    usage: bench [--corpus DIR] [--runs N] [--rounds R] [--timeout SECONDS] [--only ID,ID…] [--markdown FILE] [--list]
      --corpus DIR      the generated corpus (default: corpus/out beside the package)
      --runs N          timed runs per workload after the warm-up (default 5, at least 5 for RESULTS.md)
      --rounds R        split each row's runs into R rounds in which the engines take turns (default 1:
                        each engine does all its runs in one go); each round repeats the warm-ups
      --timeout S       cap on one long-word run (default 60)
      --only IDS        only these workloads (see --list)
      --markdown FILE   also write the table and its notes to FILE
      --list            list the workloads and exit
    """

/// The folder of this executable, where SwiftPM also put the peer programs.
func executableDirectory() -> String {
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: exe).deletingLastPathComponent().path
}

/// The Benchmarks package folder: the first ancestor of the executable holding corpus/make-corpus.sh.
func packageDirectory() -> String? {
    var url = URL(fileURLWithPath: executableDirectory())
    while url.path != "/" {
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("corpus/make-corpus.sh").path) {
            return url.path
        }
        url = url.deletingLastPathComponent()
    }
    return nil
}

/// The 1-minute load average from /proc/loadavg, or "" when it cannot be read.
func loadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
    return text.split(separator: " ").first.map(String.init) ?? ""
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

// MARK: Options

var setup = BenchSetup(corpus: (packageDirectory() ?? ".") + "/corpus/out")
var only: Set<String>? = nil
var markdownPath: String? = nil
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let name = arguments.removeFirst()
    if name == "--list" {
        for w in Workload.all { print("\(w.id.padding(toLength: 16, withPad: " ", startingAt: 0)) \(w.title) [\(w.file)]") }
        exit(0)
    }
    if name == "--help" || name == "-h" { print(usage); exit(0) }
    guard !arguments.isEmpty else { fail("\(name) needs a value\n\(usage)") }
    let value = arguments.removeFirst()
    switch name {
    case "--corpus": setup.corpus = value
    case "--runs": setup.runs = Int(value) ?? 0
    case "--rounds": setup.rounds = Int(value) ?? 0
    case "--timeout": setup.timeoutSeconds = Double(value) ?? 0
    case "--only": only = Set(value.split(separator: ",").map(String.init))
    case "--markdown": markdownPath = value
    default: fail("unknown option \(name)\n\(usage)")
    }
}
guard setup.runs >= 1, setup.rounds >= 1, setup.timeoutSeconds > 0 else { fail("bad --runs, --rounds or --timeout\n\(usage)") }
setup.rounds = min(setup.rounds, setup.runs)
let workloads = Workload.all.filter { only?.contains($0.id) ?? true }
if let only, workloads.count != only.count { fail("unknown workload in --only; see --list") }
for w in workloads where !FileManager.default.fileExists(atPath: setup.path(w.file)) {
    fail("missing corpus file \(setup.path(w.file)): run Benchmarks/corpus/make-corpus.sh")
}

// MARK: Engines

let peers = executableDirectory()
let probe = PeerEngine(.pango, directory: peers, version: "")
let check = probe.check()
let pango = PeerEngine(.pango, directory: peers, version: check.versions["pango"] ?? "?")
let floor = PeerEngine(.harfBuzzFloor, directory: peers, version: check.versions["harfbuzz"] ?? "?")
let engines: [any BenchEngine] = [OpenTextKitEngine(), pango, floor]
FileHandle.standardError.write(Data("setup check: \(check.ok ? "ok" : "FAILED") — \(check.message)\n".utf8))

// MARK: Run

var rows: [Row] = []
for (i, workload) in workloads.enumerated() {
    var row = Row(workload: workload, outcomes: [], load: loadAverage())
    var outcomes = [Outcome?](repeating: nil, count: engines.count)
    for round in 0..<setup.rounds {
        var share = setup
        share.runs = setup.runs / setup.rounds + (round < setup.runs % setup.rounds ? 1 : 0)
        for k in engines.indices {
            let e = (k + round) % engines.count  // who goes first rotates
            // Only timed runs continue in later rounds (a memory figure, a timeout or n/a is final).
            if let done = outcomes[e], !done.continues { continue }
            let engine = engines[e]
            let label = setup.rounds > 1 ? " (round \(round + 1)/\(setup.rounds))" : ""
            FileHandle.standardError.write(Data("[\(i + 1)/\(workloads.count)] \(workload.id): \(engine.name)\(label) … ".utf8))
            let start = monotonicSeconds()
            let outcome = engine.measure(workload, setup: share)
            FileHandle.standardError.write(Data("\(describe(outcome, unit: engine.countUnit(for: workload))) [\(fixed(monotonicSeconds() - start, 1)) s]\n".utf8))
            outcomes[e] = outcomes[e].map { $0.merged(with: outcome) } ?? outcome
        }
    }
    row.outcomes = outcomes.map { $0! }
    rows.append(row)
}

let table = renderTable(rows, engines: engines, ratio: (0, 1), floor: 2)
print(table)

// MARK: Notes

let notes = """
    Setup: DejaVu Serif 12 pt (1 pt = 1 px), container width 400 pt, line fragment padding 0, word \
    wrapping with a character fallback for over-long words (Pango: `PANGO_WRAP_WORD_CHAR`, resolution \
    72 dpi, font size in device units, unhinted metrics, unrounded glyph positions). Each cell: median \
    wall time on CLOCK_MONOTONIC of \(setup.runs) timed runs (min–max)\(setup.rounds > 1 ? ", taken in \(setup.rounds) rounds in which the engines take turns (so that the machine's load falls on each alike; each round warms up again)" : ""), excluding process start, text \
    loading and font loading, after an untimed warm-up (the first 1 MB of the file laid out; a one-word \
    file warms up on its first 200 bytes); then the line count (the floor: glyph count).

    Setup check (Pango against HarfBuzz on the same font file): \(check.ok ? "passed" : "FAILED") — \(check.message).

    How each peer does each workload:
    - Pango: one `PangoLayout` per paragraph (a line of the file), width set, all laid out \
    (`pango_layout_get_line_count`). *Relayout*: `pango_layout_set_width(300 pt)` on the existing \
    layouts, then line counts (Pango re-itemizes and re-shapes). *Insert*: with every paragraph laid \
    out, the paragraph holding the middle character gets a copy with one character inserted \
    (`pango_layout_set_text`) and is laid out again; then the lines of the first 800 pt are counted \
    (their layouts are still valid; count: those lines). *First page*: layouts made from the first paragraph on until 800 \
    pt are filled; count = lines whose top is above 800 pt. *First keystroke*: each run lays out a \
    first page from nothing (untimed), then inserts a character at character 1,500 (on that page) and \
    lays that paragraph out again and counts the page's lines. *Memory*: RSS delta (after `malloc_trim`) \
    of holding every layout of the 10 MB text (text loaded and fonts warm before; Pango's own copy of \
    the text is included). *Threads*: the paragraphs split into contiguous parts of about equal \
    bytes, one thread each with its own font map and context.
    - HarfBuzz floor: every paragraph (already in UTF-16) itemized — ICU bidi runs, then runs of one \
    script (HarfBuzz's Unicode functions) and one font (fontconfig's fallback order for DejaVu Serif, \
    emoji presentation to the emoji font) — and each run shaped once with `hb_shape`: no line \
    breaking, no caching: the cost of shaping everything once. (An engine with a shaped-word cache \
    can go below it on repetitive text: W4 10 MB is W1 ten times over.) *Insert*: re-shaping the \
    edited paragraph (count: its glyphs). *First page*: shaping paragraphs until 800 pt are filled, \
    lines estimated as ceil(advance / 400 pt) (count: the glyphs shaped). *First keystroke*: \
    re-shaping the paragraph holding character 1,500 with a character inserted. *Memory*: the glyphs kept \
    as HarfBuzz's info and position records (40 bytes per glyph). *Threads*: the same split, fonts \
    shared (HarfBuzz fonts are immutable).
    - OpenTextKit: in process, through the functions of `Benchmarks/Sources/bench/OpenTextKitEngine.swift`.

    HTML import rows: OpenTextKit reads the file's bytes (loaded before timing) with \
    `NSAttributedString(data:options:documentAttributes:)`, `.documentType: .html`: libxml2's \
    `htmlReadMemory`, the walk that computes each element's style and writes the text, the \
    attributed string, and the parsed tree freed; the result is freed after the clock stops \
    (count: its UTF-16 units). The floor column of these rows is not HarfBuzz but `LibXML2Floor`: \
    `htmlReadMemory` with the importer's options and `xmlFreeDoc`, nothing walked (count: the tree's \
    nodes); their ratio is OpenTextKit's median over that. Pango reads no HTML. \
    `html-1MB.html` is the Debian handbook's en-US pages (real publican HTML, its style sheet \
    inline); `html-styled-1MB.html` is W1's paragraphs in dense markup (three times the nodes).

    Long words: each run is capped at \(Int(setup.timeoutSeconds)) s ("> \(Int(setup.timeoutSeconds)) s" when a run \
    does not finish); the 8,000 to 64,000-character rows show how the time grows as the word doubles \
    (×4 per doubling is quadratic).

    Caveats: the machine has \(ProcessInfo.processInfo.activeProcessorCount) cores shared with other work, so \
    timings carry noise: the min–max shows how much, and the Load column gives the 1-minute load \
    average when the row started (this suite itself adds 1, or 2 in a 2-thread row). With a load \
    near the core count the minimum is the better estimate; the 2-thread rows can only show a \
    speed-up (at most ×2) when the other core is free.
    """
print("\n" + notes)
if let markdownPath {
    let text = table + "\n\n" + notes + "\n"
    do { try text.write(toFile: markdownPath, atomically: true, encoding: .utf8) } catch {
        fail("cannot write \(markdownPath): \(error)")
    }
}
