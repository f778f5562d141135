import Foundation
import Testing

// Keeps the record of edits honest: for every entry in Upstream/, the compiled copy of each upstream
// Swift file (Ported/<Name>/<File>, or Upstream/<Name>/pending/<File> while it waits for API) must be
// the upstream file with Upstream/<Name>/<File>.patch applied, or byte-identical to it when there is
// no patch. Runs `patch` on copies in a temporary directory.

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

    /// Runs `patch` to apply `patchFile` to a copy of `original`; returns the patched bytes.
    static func applying(_ patchFile: URL, to original: URL) throws -> Data {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gauntlet-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent(original.lastPathComponent)
        try FileManager.default.copyItem(at: original, to: copy)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
        process.arguments = ["--quiet", "--batch", "--no-backup-if-mismatch", "-i", patchFile.path, copy.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "patch failed to apply: \(patchFile.lastPathComponent)")
        return try Data(contentsOf: copy)
    }

    @Test("There are at least ten entries, each with its licence and origin")
    func entriesHaveLicenceAndOrigin() {
        #expect(Self.entries.count >= 10)
        for entry in Self.entries {
            let folder = Self.upstream.appendingPathComponent(entry)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("LICENSE").path), "\(entry) has no LICENSE")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("ORIGIN.md").path), "\(entry) has no ORIGIN.md")
            #expect(!Self.swiftFiles(in: folder).isEmpty, "\(entry) has no upstream Swift file")
        }
    }

    @Test("Every compiled copy is its upstream file plus its recorded patch", arguments: entries)
    func compiledCopyMatchesRecord(entry: String) throws {
        let folder = Self.upstream.appendingPathComponent(entry)
        let pending = folder.appendingPathComponent("pending")
        let portedFolder = Self.ported.appendingPathComponent(entry)
        for file in Self.swiftFiles(in: folder) {
            let original = folder.appendingPathComponent(file)
            let candidates = [portedFolder.appendingPathComponent(file), pending.appendingPathComponent(file)]
            let compiled = candidates.filter { FileManager.default.fileExists(atPath: $0.path) }
            #expect(compiled.count == 1, "\(entry)/\(file): expected exactly one compiled copy (Ported or pending), found \(compiled.count)")
            guard let copy = compiled.first else { continue }
            let patchFile = folder.appendingPathComponent(file + ".patch")
            let expected: Data
            if FileManager.default.fileExists(atPath: patchFile.path) {
                expected = try Self.applying(patchFile, to: original)
                #expect(expected != (try Data(contentsOf: original)), "\(entry)/\(file).patch changes nothing")
            } else {
                expected = try Data(contentsOf: original)
            }
            #expect(try Data(contentsOf: copy) == expected, "\(entry)/\(file): the compiled copy differs from upstream + patch")
        }
        // No compiled file without an upstream original, and no patch without its file.
        let upstreamFiles = Set(Self.swiftFiles(in: folder))
        for file in Self.swiftFiles(in: portedFolder) + Self.swiftFiles(in: pending) where !file.hasSuffix("Tests.swift") {
            #expect(upstreamFiles.contains(file), "\(entry)/\(file) has no upstream original")
        }
        let patches = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".patch") }
        for patch in patches {
            #expect(upstreamFiles.contains(String(patch.dropLast(".patch".count))), "\(entry)/\(patch) patches no upstream file")
        }
    }
}
