import Glibc
import OpenTextKit

/// A problem with what the user asked for: a file that cannot be read, an option value that does
/// not parse, geometry where no text fits. `otk` prints it as one line, `otk: error: <message>`,
/// on standard error and exits with status 2, leaving no output file behind.
struct OTKError: Error, CustomStringConvertible, Equatable {
    /// One sentence naming the problem (no "error:" prefix, no final newline).
    var message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}

/// Standard error, unbuffered, for diagnostics and progress.
enum StandardError {
    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// Whether standard error is a terminal (progress is only shown on one).
    static var isTerminal: Bool { isatty(2) == 1 }
}

extension URL {
    /// The path as messages show it: relative to the current directory when inside it.
    var shownPath: String {
        let directory = FileManager.default.currentDirectoryPath
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
