// The peers (Pango and the HarfBuzz floor) as subprocesses: one process per workload, which
// loads the text and fonts, warms up untimed, then prints one `sample` line per timed run
// (protocol in Sources/PeerSupport/include/peer_support.h).
import Foundation

/// An engine that is one of the C peer programs built beside `bench`.
struct PeerEngine: BenchEngine {
    /// Which peer program.
    enum Peer: String, Sendable {
        case pango = "PangoPeer"
        case harfBuzzFloor = "HarfBuzzFloor"
    }

    let peer: Peer
    let name: String
    let executable: String
    /// The folder of the peer programs (the HTML rows' floor is another program there).
    let directory: String

    var countUnit: String { peer == .pango ? "lines" : "glyphs" }

    func countUnit(for workload: Workload) -> String {
        workload.kind.comparesWithFloor ? "nodes" : countUnit
    }

    /// The peer program in `directory` (the folder of `bench`'s own executable).
    init(_ peer: Peer, directory: String, version: String) {
        self.peer = peer
        self.executable = directory + "/" + peer.rawValue
        self.directory = directory
        self.name = (peer == .pango ? "Pango " : "HarfBuzz floor ") + version
    }

    func measure(_ workload: Workload, setup: BenchSetup) -> Outcome {
        var arguments: [String]
        var cap: Double? = nil
        let file = setup.path(workload.file)
        let common = ["--width", format(setup.containerWidth), "--runs", String(setup.runs),
                      "--warmup-bytes", String(setup.warmUpBytes)]
        switch workload.kind {
        case .fullLayout:
            arguments = ["layout", file] + common
        case .relayout(let newWidth):
            guard peer == .pango else { return .notApplicable("n/a (no line breaking)") }
            arguments = ["relayout", file, "--new-width", format(newWidth)] + common
        case .edit(let pageHeight):
            arguments = ["edit", file, "--page-height", format(pageHeight)] + common
        case .firstPage(let pageHeight):
            arguments = ["firstpage", file, "--page-height", format(pageHeight)] + common
        case .firstKeystroke(let pageHeight, let at):
            arguments = ["firstkeystroke", file, "--page-height", format(pageHeight), "--at", String(at)] + common
        case .longWord:
            arguments = ["layout", file, "--width", format(setup.containerWidth), "--runs", String(setup.runs),
                         "--warmup-bytes", "0", "--max-seconds", format(setup.timeoutSeconds)]
            cap = setup.timeoutSeconds
        case .memory:
            arguments = ["memory", file] + common
        case .threads(let count):
            arguments = ["threads", file, "--threads", String(count)] + common
        case .highlightedKeystroke, .highlightedRecolor, .highlightedIdentifiers:
            return .notApplicable("n/a (no attributed-text model)")
        case .textView:
            return .notApplicable("n/a (no text view; see edit-10MB)")
        case .textKit2(.firstViewport, let pageHeight):
            arguments = ["firstpage", file, "--page-height", format(pageHeight)] + common
        case .textKit2(.keystroke, let pageHeight):
            arguments = ["firstkeystroke", file, "--page-height", format(pageHeight), "--at", "1500"] + common
        case .textKit2(.scrollToMiddle, _):
            return .notApplicable("n/a (no viewport)")
        case .htmlImport:
            guard peer == .harfBuzzFloor else { return .notApplicable("n/a (no HTML reader)") }
            // The floor of this row: libxml2's bare parse of the same bytes.
            return Self.samples(try? runPeer(directory + "/LibXML2Floor", ["parse", file, "--runs", String(setup.runs)], limit: 600))
        }
        // A generous wall-clock limit for the whole process (setup, warm-up and runs); the
        // long-word cap applies to each run.
        let limit = cap.map { $0 + 30 } ?? 1800
        let result: PeerOutput
        do {
            result = try runPeer(executable, arguments, limit: limit)
        } catch {
            return .failed("\(error)")
        }
        if let memory = result.memory { return .memory(bytes: memory.bytes, count: memory.count) }
        if let cap {
            let finished = result.samples.filter { $0.seconds <= cap }
            if result.timedOut || finished.count < result.samples.count {
                return .timedOut(cap: cap, finished: finished)
            }
        }
        if result.timedOut { return .failed("killed after \(Int(limit)) s") }
        if result.samples.isEmpty {
            return .failed("no samples (exit \(result.status)): \(result.errors.prefix(200))")
        }
        return .samples(result.samples)
    }

    /// The samples of a floor program's run, or why there are none.
    private static func samples(_ output: PeerOutput?) -> Outcome {
        guard let output else { return .failed("LibXML2Floor could not run") }
        if output.timedOut { return .failed("killed after 600 s") }
        if output.samples.isEmpty { return .failed("no samples (exit \(output.status)): \(output.errors.prefix(200))") }
        return .samples(output.samples)
    }

    /// Runs the peer's setup check (font, widths, line count agreement with HarfBuzz): whether it
    /// passed, its findings, and the library versions it reported (keys "pango", "harfbuzz").
    func check() -> (ok: Bool, message: String, versions: [String: String]) {
        guard let result = try? runPeer(executable, ["check"], limit: 120) else {
            return (false, "\(peer.rawValue) check could not run", [:])
        }
        let line = result.lines.first { $0.hasPrefix("check ") } ?? "check FAIL no answer"
        let info = result.lines.filter { $0.hasPrefix("info ") }.map { String($0.dropFirst(5)) }
        let versions = keyValues(info.first { $0.hasPrefix("font=") } ?? "")
        return (line.hasPrefix("check ok"), ([String(line.dropFirst(6))] + info).joined(separator: "; "), versions)
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// What a peer process printed.
struct PeerOutput {
    var lines: [String] = []
    var samples: [Sample] = []
    var memory: (bytes: Int, count: Int)? = nil
    var status: Int32 = 0
    var timedOut = false
    var errors = ""
}

enum PeerError: Error, CustomStringConvertible {
    case cannotStart(String, String)
    var description: String {
        switch self {
        case .cannotStart(let path, let why): "cannot start \(path): \(why)"
        }
    }
}

/// Runs `executable` with `arguments`, killing it (SIGKILL) if it runs longer than
/// `limit` seconds, and parses its protocol lines. Output goes through temporary files, so a
/// chatty peer can never block on a full pipe.
func runPeer(_ executable: String, _ arguments: [String], limit: Double) throws -> PeerOutput {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("otk-bench-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let out = folder.appendingPathComponent("stdout"), err = folder.appendingPathComponent("stderr")
    guard FileManager.default.createFile(atPath: out.path, contents: nil),
          FileManager.default.createFile(atPath: err.path, contents: nil) else {
        throw PeerError.cannotStart(executable, "cannot create output files in \(folder.path)")
    }
    defer { try? FileManager.default.removeItem(at: folder) }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    do {
        try process.run()
    } catch {
        throw PeerError.cannotStart(executable, "\(error)")
    }
    var output = PeerOutput()
    let deadline = monotonicSeconds() + limit
    while process.isRunning && monotonicSeconds() < deadline { usleep(20_000) }
    if process.isRunning {
        // SIGKILL at once: a peer keeps nothing worth flushing, and SIGTERM was seen to be ignored
        // by children started from a test runner (an inherited signal disposition).
        output.timedOut = true
        kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
    output.status = process.terminationStatus
    output.errors = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
    let text = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
    output.lines = text.split(separator: "\n").map(String.init)
    for line in output.lines {
        let fields = keyValues(line)
        if line.hasPrefix("sample "), let s = fields["seconds"].flatMap(Double.init),
           let c = fields["count"].flatMap(Int.init) {
            output.samples.append(Sample(seconds: s, count: c))
        } else if line.hasPrefix("memory "), let b = fields["bytes"].flatMap(Int.init),
                  let c = fields["count"].flatMap(Int.init) {
            output.memory = (b, c)
        }
    }
    if !output.timedOut && output.status != 0 && output.samples.isEmpty && output.memory == nil {
        output.errors = "exit \(output.status): " + output.errors
    }
    return output
}

/// The `key=value` fields of a protocol line.
func keyValues(_ line: String) -> [String: String] {
    var fields: [String: String] = [:]
    for part in line.split(separator: " ") {
        guard let equals = part.firstIndex(of: "=") else { continue }
        fields[String(part[..<equals])] = String(part[part.index(after: equals)...])
    }
    return fields
}
