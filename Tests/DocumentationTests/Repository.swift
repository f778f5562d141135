import Foundation

/// Paths in the package checkout these tests run from.
enum Repository {
    /// The package root: three levels above this file (Tests/DocumentationTests/Repository.swift).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The files under `directory` (relative to the root) whose names end with `suffix`, sorted.
    static func files(under directory: String, endingWith suffix: String) -> [URL] {
        let base = root.appendingPathComponent(directory)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }
            .filter { $0.lastPathComponent.hasSuffix(suffix) }
            .sorted { $0.path < $1.path }
    }

    /// `url`'s path relative to the root, for messages.
    static func relative(_ url: URL) -> String {
        String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
    }
}
