import Dispatch
import OpenTextKit
import Testing

@Suite("otk batch: many documents in one process")
struct BatchTests {
    /// Writes `count` small Markdown documents, doc1.md…, into `directory`.
    static func documents(_ count: Int, in directory: URL) throws -> [String] {
        try (1...count).map { i in
            let name = "doc\(i).md"
            try OTKRunner.write("# Document \(i)\n\nA paragraph of *Markdown*, number \(i), long enough to wrap once or twice on an A6 page.\n\n- one\n- two\n",
                                to: name, in: directory)
            return name
        }
    }

    @Test("Every document is written as otk render writes it; a failing one is reported and the rest still written")
    func batchOfDocuments() throws {
        let directory = try OTKRunner.scratch()
        let names = try Self.documents(5, in: directory)
        let result = try OTKRunner.otk(["batch"] + names + ["missing.md", "--output-dir", "out", "--format", "png",
                                        "--page-size", "A6", "--scale", "1", "--jobs", "2"], in: directory)
        #expect(result.status == 2, "one input is missing: \(result.stderr)")
        #expect(result.stderr.contains("otk: error: missing.md: "))
        #expect(result.stderr.contains("otk: wrote 5 of 6 documents (5 pages)"), "stderr: \(result.stderr)")
        // Under scripts/tsan-check.sh otk is built with ThreadSanitizer: its reports land here.
        #expect(!result.stderr.contains("ThreadSanitizer"), "a data race between the batch's workers: \(result.stderr)")
        let out = directory.appendingPathComponent("out")
        #expect(OTKRunner.files(in: out) == (1...5).map { "doc\($0).png" })
        // The same bytes as `otk render` of that document with the same options.
        let single = try OTKRunner.otk(["render", "doc3.md", "--page-size", "A6", "--scale", "1", "-o", "single.png", "-q"], in: directory)
        #expect(single.status == 0, "stderr: \(single.stderr)")
        let batch = try Data(contentsOf: out.appendingPathComponent("doc3.png"))
        #expect(batch == (try Data(contentsOf: directory.appendingPathComponent("single.png"))))
    }

    @Test("N shards run as separate processes at once render every document exactly once, each its round-robin share")
    func shards() throws {
        let directory = try OTKRunner.scratch()
        let names = try Self.documents(23, in: directory)
        try OTKRunner.write(names.dropFirst(3).joined(separator: "\n"), to: "inputs.txt", in: directory)
        let shards = 4
        var results = [OTKRunner.Result?](repeating: nil, count: shards)
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: shards) { k in
                // The first three inputs on the command line, the rest from the manifest.
                out[k] = try? OTKRunner.otk(["batch"] + names.prefix(3) + ["--manifest", "inputs.txt", "--output-dir", "out-\(k)",
                                            "--shard", "\(k)/\(shards)", "--jobs", "1"], in: directory)
            }
        }
        var seen: [String] = []
        for k in 0..<shards {
            let result = try #require(results[k])
            #expect(result.status == 0, "shard \(k): \(result.stderr)")
            let files = OTKRunner.files(in: directory.appendingPathComponent("out-\(k)"))
            let expected = stride(from: k, to: names.count, by: shards).map { "doc\($0 + 1).pdf" }.sorted()
            #expect(files == expected, "shard \(k)")
            #expect(result.stderr.contains("otk: wrote \(expected.count) of \(expected.count) documents"), "\(result.stderr)")
            seen += files
        }
        #expect(seen.sorted() == names.map { $0.replacingOccurrences(of: ".md", with: ".pdf") }.sorted(), "each document once")
        // More shards than inputs: the idle ones say so and succeed; bad shards are errors.
        let idle = try OTKRunner.otk(["batch", names[0], "--output-dir", "idle", "--shard", "3/5"], in: directory)
        #expect(idle.status == 0 && idle.stderr.contains("has none of the 1 inputs"), "\(idle.stderr)")
        for bad in ["4/4", "1", "-1/3", "a/b", "0/0"] {
            let result = try OTKRunner.otk(["batch", names[0], "--output-dir", "bad", "--shard=\(bad)"], in: directory)
            #expect(result.status == 2 && result.stderr.contains("--shard"), "\(bad): \(result.stderr)")
        }
    }

    @Test("A manifest lists inputs (comments and blank lines skipped); PDF by default")
    func manifest() throws {
        let directory = try OTKRunner.scratch()
        let names = try Self.documents(3, in: directory)
        try OTKRunner.write("# the documents\n\(names[0])\n\n  \(names[2])  \n", to: "inputs.txt", in: directory)
        let result = try OTKRunner.otk(["batch", "--manifest", "inputs.txt", "--output-dir", "pdfs", "-q"], in: directory)
        #expect(result.status == 0 && result.stderr.isEmpty, "stderr: \(result.stderr)")
        #expect(OTKRunner.files(in: directory.appendingPathComponent("pdfs")) == ["doc1.pdf", "doc3.pdf"])
    }

    @Test("Two inputs that would write the same file, no inputs, a bad format: an error and nothing written")
    func badRequests() throws {
        let directory = try OTKRunner.scratch()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("a"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("b"), withIntermediateDirectories: true)
        _ = try OTKRunner.write("One.", to: "a/same.md", in: directory)
        _ = try OTKRunner.write("Two.", to: "b/same.md", in: directory)
        let clash = try OTKRunner.otk(["batch", "a/same.md", "b/same.md", "--output-dir", "out"], in: directory)
        #expect(clash.status == 2 && clash.stderr == "otk: error: a/same.md and b/same.md would both write same.pdf\n", "\(clash.stderr)")
        #expect(OTKRunner.files(in: directory.appendingPathComponent("out")).isEmpty)
        let none = try OTKRunner.otk(["batch", "--output-dir", "out"], in: directory)
        #expect(none.status == 2 && none.stderr.contains("no inputs"))
        let format = try OTKRunner.otk(["batch", "a/same.md", "--output-dir", "out", "--format", "tiff"], in: directory)
        #expect(format.status == 2 && format.stderr.contains("--format: 'tiff'"))
    }
}
