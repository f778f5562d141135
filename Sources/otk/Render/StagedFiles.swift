import Glibc
import OpenTextKit

/// Output files written under temporary names beside their destinations and renamed into
/// place together at the end, so that a failed render leaves no output — not even some pages
/// of a multi-page PNG or SVG set — and never a half-written file.
final class StagedFiles {
    private var entries: [(temporary: URL, destination: URL)] = []
    private var committed = false

    deinit {
        if !committed { discard() }
    }

    /// A temporary file in `destination`'s directory to write instead of it. Throws when the
    /// directory does not exist or cannot be written.
    func stage(_ destination: URL) throws -> URL {
        let directory = destination.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw OTKError("cannot write \(destination.shownPath): the directory \(directory.shownPath) does not exist")
        }
        var template = Array("\(directory.path)/.\(destination.lastPathComponent).otk-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw OTKError("cannot write \(destination.shownPath): \(String(cString: strerror(errno)))")
        }
        fchmod(descriptor, 0o644)
        close(descriptor)
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let temporary = URL(fileURLWithPath: path)
        InterruptCleanup.register(path)
        entries.append((temporary, destination))
        return temporary
    }

    /// Renames every staged file over its destination. Destinations that cannot be replaced (a
    /// directory in the way) are found before anything is renamed; when a rename still fails,
    /// the files not yet renamed are removed and the error thrown.
    func commit() throws {
        for entry in entries {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: entry.destination.path, isDirectory: &isDirectory), isDirectory.boolValue {
                discard()
                throw OTKError("cannot write \(entry.destination.shownPath): a directory is in the way")
            }
        }
        committed = true
        defer { for entry in entries { InterruptCleanup.unregister(entry.temporary.path) } }
        for (i, entry) in entries.enumerated() where rename(entry.temporary.path, entry.destination.path) != 0 {
            let reason = String(cString: strerror(errno))
            for later in entries[i...] { unlink(later.temporary.path) }
            throw OTKError("cannot write \(entry.destination.shownPath): \(reason)")
        }
    }

    /// Removes every staged file.
    func discard() {
        for entry in entries {
            unlink(entry.temporary.path)
            InterruptCleanup.unregister(entry.temporary.path)
        }
        entries.removeAll()
    }
}
