import Foundation
import Testing

/// Every input the fuzzers found that once failed (`Fuzz/Regressions`, each fixed since) replayed
/// through its fuzz target's own checks, so `swift test` fails if a finding comes back. The
/// targets' sources are the fuzz package's files, linked into this target (`Targets/`); a failed
/// check is recorded as an issue instead of trapping.
@Suite("Fuzzer findings replayed", .serialized)
@MainActor
struct FuzzRegressionTests {
    /// `Fuzz/Regressions` in this checkout.
    nonisolated static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/Regressions").standardizedFileURL

    /// Each target by the prefix of its inputs' names.
    static let targets: [String: (UnsafePointer<UInt8>, Int) -> CInt] = [
        "editing": fuzzEditing, "layout": fuzzLayout, "exclusion": fuzzExclusion, "textview": fuzzTextView,
    ]

    /// The inputs' file names (the directory's README aside).
    nonisolated static var inputs: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0 != "README.md" }.sorted()
    }

    /// The target an input's name starts with.
    static func target(of name: String) -> ((UnsafePointer<UInt8>, Int) -> CInt)? {
        targets.first { name.hasPrefix($0.key + "-") }?.value
    }

    @Test("Every input names a target this suite replays; there are inputs to replay")
    func everyInputHasATarget() {
        #expect(Self.inputs.count >= 10)
        for name in Self.inputs { #expect(Self.target(of: name) != nil, "\(name): no fuzz target replays it here") }
    }

    @Test("Each input passes its target's checks", arguments: inputs)
    func replay(_ name: String) throws {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent(name))
        let body = try #require(Self.target(of: name))
        var failures: [String] = []
        requireFailureHandler = { failures.append($0) }
        defer { requireFailureHandler = nil }
        _ = data.withUnsafeBytes { raw in
            body(raw.bindMemory(to: UInt8.self).baseAddress ?? UnsafePointer(bitPattern: 1)!, data.count)
        }
        #expect(failures.isEmpty, "\(name): \(failures.prefix(5).joined(separator: "\n"))")
    }
}
