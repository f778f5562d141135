import Foundation
import Testing

// Keeps the record of edits honest. Each entry's compiled files are in Ported/<Name>/. A file the
// port changed keeps its upstream original in Upstream/<Name>/<File> beside <File>.patch, and the
// compiled copy must be that original with the patch applied (`patch` runs on a copy in a
// temporary directory). A file compiled unchanged is not kept twice: Upstream/<Name>/SHA256SUMS
// records its upstream SHA-256 (as `sha256sum` prints it), which the compiled copy must have.

@Suite("Gauntlet: the record of Linux-forced edits")
struct GauntletRecordTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let upstream = root.appendingPathComponent("Upstream")
    static let ported = root.appendingPathComponent("Ported")

    static var entries: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: upstream.path)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted()
    }

    static func swiftFiles(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
    }

    /// The SHA-256 sums recorded for an entry's unchanged files, by file name.
    static func recordedSums(_ folder: URL) throws -> [String: String] {
        let file = folder.appendingPathComponent("SHA256SUMS")
        guard FileManager.default.fileExists(atPath: file.path) else { return [:] }
        var sums: [String: String] = [:]
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if fields.count == 2 { sums[fields[1]] = fields[0] }
        }
        return sums
    }

    /// Runs `tool` with `arguments`; returns its standard output and exit status.
    static func run(_ tool: String, _ arguments: [String]) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    /// Applies `patchFile` to a copy of `original`; returns the patched bytes.
    static func applying(_ patchFile: URL, to original: URL) throws -> Data {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gauntlet-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent(original.lastPathComponent)
        try FileManager.default.copyItem(at: original, to: copy)
        let status = try run("/usr/bin/patch", ["--quiet", "--batch", "--no-backup-if-mismatch", "-i", patchFile.path, copy.path]).status
        #expect(status == 0, "patch failed to apply: \(patchFile.lastPathComponent)")
        return try Data(contentsOf: copy)
    }

    @Test("There are at least ten entries, each with its licence, its origin and its upstream files recorded")
    func entriesHaveLicenceAndOrigin() throws {
        #expect(Self.entries.count >= 10)
        for entry in Self.entries {
            let folder = Self.upstream.appendingPathComponent(entry)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("LICENSE").path), "\(entry) has no LICENSE")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("ORIGIN.md").path), "\(entry) has no ORIGIN.md")
            let recorded = try Self.recordedSums(folder)
            #expect(!Self.swiftFiles(in: folder).isEmpty || !recorded.isEmpty, "\(entry) records no upstream Swift file")
        }
    }

    @Test("Every compiled copy is its upstream file, or that file plus its recorded patch", arguments: entries)
    func compiledCopyMatchesRecord(entry: String) throws {
        let folder = Self.upstream.appendingPathComponent(entry)
        let portedFolder = Self.ported.appendingPathComponent(entry)
        // Changed files: the original with its patch applied.
        for file in Self.swiftFiles(in: folder) {
            let patchFile = folder.appendingPathComponent(file + ".patch")
            #expect(FileManager.default.fileExists(atPath: patchFile.path),
                    "\(entry)/\(file): an original kept without a patch (an unchanged file is recorded in SHA256SUMS)")
            guard FileManager.default.fileExists(atPath: patchFile.path) else { continue }
            let original = folder.appendingPathComponent(file)
            let expected = try Self.applying(patchFile, to: original)
            #expect(expected != (try Data(contentsOf: original)), "\(entry)/\(file).patch changes nothing")
            #expect(try Data(contentsOf: portedFolder.appendingPathComponent(file)) == expected,
                    "\(entry)/\(file): the compiled copy differs from upstream + patch")
        }
        // Unchanged files: the upstream bytes, by their recorded SHA-256.
        let sums = try Self.recordedSums(folder)
        for (file, sum) in sums {
            let result = try Self.run("/usr/bin/sha256sum", [portedFolder.appendingPathComponent(file).path])
            #expect(result.status == 0 && result.output.hasPrefix(sum), "\(entry)/\(file): not the upstream file recorded")
        }
        // No compiled file without an upstream record, and no patch without its file.
        let upstreamFiles = Set(Self.swiftFiles(in: folder)).union(sums.keys)
        for file in Self.swiftFiles(in: portedFolder) {
            #expect(upstreamFiles.contains(file), "\(entry)/\(file) has no upstream original")
        }
        let patches = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".patch") }
        for patch in patches {
            #expect(upstreamFiles.contains(String(patch.dropLast(".patch".count))), "\(entry)/\(patch) patches no upstream file")
        }
    }
}
