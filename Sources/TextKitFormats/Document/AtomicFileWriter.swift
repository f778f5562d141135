/// Writing documents so that a reader never sees a half-written file: the item is written under
/// a temporary name in the destination's directory (same file system, so the final move is a
/// rename) and then moved over the destination.
enum AtomicFileWriter {
    /// Calls `write` with a temporary URL beside `url`, then puts what it wrote at `url`, replacing
    /// an existing item. The temporary item is removed if `write` or the move fails.
    static func replaceItem(at url: URL, _ write: (URL) throws -> Void) throws {
        let fm = FileManager.default
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try write(temporary)
        } catch {
            try? fm.removeItem(at: temporary)
            throw DocumentWritingError(kind: .fileSystem, message: "cannot write \(url.path): \(error)")
        }
        var isDirectory: ObjCBool = false
        let exists = fm.fileExists(atPath: url.path, isDirectory: &isDirectory)
        if exists && !isDirectory.boolValue {
            // rename(2) replaces a file atomically.
            if rename(temporary.path, url.path) != 0 {
                try? fm.removeItem(at: temporary)
                throw DocumentWritingError(kind: .fileSystem, message: "cannot replace \(url.path) (errno \(errno))")
            }
            return
        }
        if exists {
            // A directory (RTFD) cannot be renamed over a non-empty one: move the old one aside first.
            let old = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).old")
            do {
                try fm.moveItem(at: url, to: old)
            } catch {
                try? fm.removeItem(at: temporary)
                throw DocumentWritingError(kind: .fileSystem, message: "cannot replace \(url.path): \(error)")
            }
            do {
                try fm.moveItem(at: temporary, to: url)
            } catch {
                try? fm.moveItem(at: old, to: url)
                try? fm.removeItem(at: temporary)
                throw DocumentWritingError(kind: .fileSystem, message: "cannot replace \(url.path): \(error)")
            }
            try? fm.removeItem(at: old)
            return
        }
        do {
            try fm.moveItem(at: temporary, to: url)
        } catch {
            try? fm.removeItem(at: temporary)
            throw DocumentWritingError(kind: .fileSystem, message: "cannot move the written file to \(url.path): \(error)")
        }
    }
}
