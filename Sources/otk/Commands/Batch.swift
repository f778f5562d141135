import ArgumentParser
import Dispatch
import OpenTextKit
import Synchronization
import TextKitGraphics

/// `otk batch`: many documents in one process, on every core — for a service that renders
/// thousands of small documents, where starting `otk` once per file would cost more than the
/// typesetting.
struct Batch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render many documents in one process, on every core.",
        discussion: """
            Each INPUT (and each line of --manifest) is rendered as `otk render` would render \
            it with the same options, into --output-dir, named after the input with the \
            format's extension (notes.md becomes notes.pdf; several PNG or SVG pages become \
            notes-1.png, notes-2.png…). Documents are independent: one that fails is reported \
            (otk: error: INPUT: …) and leaves no output, the others are written, and the \
            exit status is 2 when any failed. Each document is laid out on one thread; \
            --jobs documents are rendered at once.

            --shard K/N renders only this copy's share of the inputs, for N copies of otk \
            run side by side (the pods of a Kubernetes Indexed Job, the tasks of a job array) \
            with no coordination: input i (counting from 0, command-line inputs first, then \
            the manifest's lines) belongs to shard i mod N, and K counts from 0. Every copy must \
            be given the same inputs in the same order; together the N copies render each \
            document exactly once.

            Examples:
              otk batch *.md --output-dir out
              otk batch --manifest inputs.txt --output-dir out --format png --page-size A5
              otk batch --manifest inputs.txt --output-dir out --shard "$JOB_COMPLETION_INDEX/8"
            """)

    @Argument(help: ArgumentHelp("The documents to render.", valueName: "input"))
    var inputs: [String] = []

    @Option(help: ArgumentHelp("A file listing more inputs, one path per line (blank lines and lines starting with # are skipped).",
                               valueName: "file"))
    var manifest: String?

    @Option(name: .customLong("output-dir"), help: ArgumentHelp("The directory to write into (created if missing).", valueName: "dir"))
    var outputDirectory: String

    @Option(help: ArgumentHelp("The output format: pdf (default), png or svg.", valueName: "format"))
    var format: String = "pdf"

    @Option(help: ArgumentHelp("Documents rendered at once (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    @OptionGroup(title: "Page and text options")
    var layout: LayoutOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("PNG: pixels per point (default 2, i.e. 144 dpi).", valueName: "factor"))
    var scale: String?

    @Option(help: ArgumentHelp("Render only shard K of N (K from 0 to N-1): input i when i mod N is K.", valueName: "K/N"))
    var shard: String?

    @Flag(name: .shortAndLong, help: "No summary on standard error (errors are still printed).")
    var quiet = false

    func run() throws {
        let all = try allInputs()
        guard let format = OutputFormat(rawValue: format.lowercased()) else {
            throw OTKError("--format: '\(format)' is not pdf, png or svg")
        }
        let directory = URL(fileURLWithPath: outputDirectory)
        // Names are checked over every input, so that each shard refuses what the others would.
        let allOutputs = try Self.outputs(for: all, in: directory, format: format)
        let share = try shard.map(Self.parseShard).map { Self.indices(of: $0, count: all.count) } ?? Array(all.indices)
        let documents = share.map { all[$0] }, outputs = share.map { allOutputs[$0] }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        guard !documents.isEmpty else {
            if !quiet { StandardError.write("otk: shard \(shard ?? "") has none of the \(all.count) inputs\n") }
            return
        }
        let scale = try scale.map { try LayoutOptions.number($0, "--scale") }
        if let scale, !(scale > 0 && scale <= 16) { throw OTKError("--scale: \(TextSettings.describe(scale)) is not a factor from 0 to 16") }
        let jobs = max(1, min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, documents.count))
        // Settings that are process-wide (the Dynamic Type category) are set once, before the workers.
        _ = try PreparedDocument.applyProcessSettings(layout, quiet: quiet)

        let start = DispatchTime.now().uptimeNanoseconds
        let work = BatchWork(inputs: documents, outputs: outputs, options: layout, scale: scale, format: format)
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in work.drain() }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let failures = work.failures.withLock { $0 }
        for (input, message) in failures.sorted(by: { $0.input < $1.input }) {
            StandardError.write("otk: error: \(input): \(message)\n")
        }
        if !quiet {
            let done = documents.count - failures.count
            let pages = work.pages.load(ordering: AtomicLoadOrdering.relaxed)
            StandardError.write("otk: wrote \(done) of \(documents.count) documents (\(pages) pages) in "
                + String(format: "%.2f s, %.1f documents/s, %d jobs\n", seconds, Double(done) / max(seconds, 1e-9), jobs))
        }
        if !failures.isEmpty { throw ExitCode(2) }
    }

    /// The inputs on the command line, then the manifest's.
    private func allInputs() throws -> [String] {
        var all = inputs
        if let manifest {
            guard let text = try? String(contentsOfFile: manifest, encoding: .utf8) else {
                throw OTKError("--manifest: cannot read \(manifest)")
            }
            all += text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        }
        guard !all.isEmpty else { throw OTKError("no inputs: name documents, or give --manifest") }
        return all
    }

    /// `K/N` as (K, N): N from 1 to 100,000, K from 0 to N - 1.
    static func parseShard(_ text: String) throws -> (index: Int, count: Int) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0].trimmingCharacters(in: .whitespaces)),
              let n = Int(parts[1].trimmingCharacters(in: .whitespaces)) else {
            throw OTKError("--shard: '\(text)' is not K/N (such as 0/4)")
        }
        guard (1...100_000).contains(n), (0..<n).contains(k) else {
            throw OTKError("--shard: '\(text)': N must be 1 to 100000 and K from 0 to N-1")
        }
        return (k, n)
    }

    /// The indices of `count` inputs that shard `index` of `shards` renders: every input whose
    /// index leaves `index` divided by `shards` (round robin: the shards differ by one document
    /// at most, and which shard an input belongs to depends only on its place in the list).
    static func indices(of shard: (index: Int, count: Int), count: Int) -> [Int] {
        Array(stride(from: shard.index, to: count, by: shard.count))
    }

    /// Where each input goes: its name with the format's extension in `directory`. Two inputs
    /// with the same name (from different directories) would overwrite each other: an error.
    static func outputs(for inputs: [String], in directory: URL, format: OutputFormat) throws -> [URL] {
        var seen: [String: String] = [:]
        return try inputs.map { input in
            let stem = URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
            if let other = seen[stem], other != input {
                throw OTKError("\(other) and \(input) would both write \(stem).\(format.rawValue)")
            }
            seen[stem] = input
            return directory.appendingPathComponent("\(stem).\(format.rawValue)")
        }
    }
}

/// The batch's shared state: the next document to take, the pages written and the failures.
/// Each worker takes documents until none is left; a document's whole stack (storage, layout
/// manager, context) belongs to the worker rendering it.
final class BatchWork: Sendable {
    let inputs: [String]
    let outputs: [URL]
    let options: LayoutOptions
    let scale: CGFloat?
    let format: OutputFormat
    private let next = Atomic<Int>(0)
    let pages = Atomic<Int>(0)
    let failures = Locked<[(input: String, message: String)]>([])

    init(inputs: [String], outputs: [URL], options: LayoutOptions, scale: CGFloat?, format: OutputFormat) {
        self.inputs = inputs
        self.outputs = outputs
        self.options = options
        self.scale = scale
        self.format = format
    }

    /// Renders documents until every one is taken.
    func drain() {
        while case let i = next.add(1, ordering: .relaxed).oldValue, i < inputs.count {
            do {
                let count = try render(i)
                pages.add(count, ordering: .relaxed)
            } catch let error as OTKError {
                failures.withLock { $0.append((inputs[i], error.message)) }
            } catch {
                failures.withLock { $0.append((inputs[i], "\(error)")) }
            }
        }
    }

    /// Renders document `i`; its page count.
    private func render(_ i: Int) throws -> Int {
        let document = try PreparedDocument.prepare(input: inputs[i], options: options, quiet: true, setsProcessSettings: false)
        var renderer = PageRenderer(layout: try document.layOut(progress: nil, threads: 1))
        if let scale { renderer.scale = scale }
        renderer.documentInfo = ["Title": document.title, "Creator": "otk (OpenTextKit)"]
        _ = try renderer.render(to: outputs[i], format: format)
        return renderer.layout.pages.count
    }
}
