import TextKitGraphics
import TextKitModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why the learned-words file could not be read or written (see
/// ``UITextChecker/learnedWordsError``). Such a problem never traps: a file that cannot be read is
/// ignored (the checker starts with no learned words) and a word that cannot be saved stays
/// learned for the rest of the process.
public struct LearnedWordsError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The file exists but could not be read (permissions, a directory in its place).
        case unreadable
        /// The file is not UTF-8 text. It is kept, renamed with a `.corrupt` suffix, the first
        /// time the learned words are saved.
        case notUTF8
        /// The directory or the file could not be written.
        case unwritable
    }

    /// What went wrong.
    public let kind: Kind
    /// The learned-words file.
    public let path: String
    /// What the system said.
    public let reason: String

    public var description: String {
        switch kind {
        case .unreadable: "cannot read the learned-words file \(path) (\(reason)); starting without learned words"
        case .notUTF8: "the learned-words file \(path) is not UTF-8 text (\(reason)); it is ignored"
        case .unwritable: "cannot save the learned words to \(path) (\(reason)); they are kept for this process only"
        }
    }
}

/// The words the user taught the spell checker (`UITextChecker.learnWord(_:)`), shared by the
/// whole process and kept for the user in a UTF-8 text file, one word a line:
///
/// - `$OTK_SPELLING_DIRECTORY/learned-words.txt` when that variable is set (tests, sandboxes);
/// - otherwise `$XDG_DATA_HOME/opentextkit/learned-words.txt`, `$XDG_DATA_HOME` defaulting to
///   `~/.local/share` (the XDG Base Directory specification).
///
/// The file is read the first time a learned word is needed and rewritten after each change by
/// writing a temporary file beside it and renaming it over the old one, so a crash never leaves
/// a half-written file. Two processes learning words at the same time: the last to write wins.
final class LearnedWordStore: @unchecked Sendable {  // all state is in `state` (`Locked`)
    static let shared = LearnedWordStore()
    static let fileName = "learned-words.txt"

    private let state = Locked(State())

    /// What the store knows, only read and changed under its lock (the file is read and written
    /// under it too).
    fileprivate struct State {
        var isLoaded = false
        var ordered: [String] = []
        var set: Set<String> = []
        var loadedFileWasCorrupt = false
        var lastError: LearnedWordsError?
        var directoryOverride: String?
    }

    /// A directory that replaces the environment's choice (tests); takes effect at the next load.
    var directoryOverride: String? {
        get { state.withLock { $0.directoryOverride } }
        set { state.withLock { $0.directoryOverride = newValue } }
    }

    /// The last problem reading or writing the file, nil when there was none.
    var lastError: LearnedWordsError? { state.withLock { $0.lastError } }

    /// The file the words are kept in; nil when neither a directory variable nor a home is known
    /// (the words then live in memory only).
    var fileURL: URL? { state.withLock { $0.fileURL } }

    fileprivate static func passwdHome() -> String? {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        let home = String(cString: directory)
        return home.isEmpty ? nil : home
    }

    /// The learned words, in the order they were learned.
    func words() -> [String] {
        state.withLock { state in
            state.load()
            return state.ordered
        }
    }

    func contains(_ word: String) -> Bool {
        state.withLock { state in
            state.load()
            return state.set.contains(word)
        }
    }

    /// Adds `word` and saves; false when it was already learned.
    func learn(_ word: String) -> Bool {
        state.withLock { state in
            state.load()
            guard state.set.insert(word).inserted else { return false }
            state.ordered.append(word)
            state.save()
            return true
        }
    }

    /// Removes `word` and saves; false when it was not learned.
    func unlearn(_ word: String) -> Bool {
        state.withLock { state in
            state.load()
            guard state.set.remove(word) != nil else { return false }
            state.ordered.removeAll { $0 == word }
            state.save()
            return true
        }
    }

    /// Forgets what is in memory, as if the process had just started: the file is read again at
    /// the next use. For tests.
    func reset() {
        state.withLock { state in
            state.isLoaded = false
            state.ordered = []
            state.set = []
            state.loadedFileWasCorrupt = false
            state.lastError = nil
        }
    }

    /// A word the file can hold: not empty, no line break, no NUL.
    static func isStorable(_ word: String) -> Bool {
        let forbidden: Set<Unicode.Scalar> = ["\0", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
        return !word.isEmpty && !word.unicodeScalars.contains(where: forbidden.contains)
    }
}

/// The file's reading and writing, called under the store's lock.
extension LearnedWordStore.State {
    var fileURL: URL? {
        let environment = ProcessInfo.processInfo.environment
        if let directory = directoryOverride ?? environment["OTK_SPELLING_DIRECTORY"], !directory.isEmpty {
            return URL(fileURLWithPath: directory).appendingPathComponent(LearnedWordStore.fileName)
        }
        // XDG: a relative $XDG_DATA_HOME is invalid and must be ignored.
        var dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        if dataHome == nil, let home = environment["HOME"].flatMap({ $0.isEmpty ? nil : $0 }) ?? LearnedWordStore.passwdHome() {
            dataHome = home + "/.local/share"
        }
        guard let dataHome else { return nil }
        return URL(fileURLWithPath: dataHome).appendingPathComponent("opentextkit").appendingPathComponent(LearnedWordStore.fileName)
    }

    mutating func record(_ error: LearnedWordsError) {
        lastError = error
        SpellingDiagnostics.report("OpenTextKit: \(error)")
    }

    mutating func load() {
        guard !isLoaded else { return }
        isLoaded = true
        guard let url = fileURL else { return }
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return }  // nothing learned yet
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
            let reason = isDirectory.boolValue ? "it is a directory"
                : access(path, R_OK) != 0 ? String(cString: strerror(errno)) : "read failed"
            record(LearnedWordsError(kind: .unreadable, path: path, reason: reason))
            return
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            loadedFileWasCorrupt = true
            record(LearnedWordsError(kind: .notUTF8, path: path, reason: "invalid UTF-8"))
            return
        }
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            let word = String(line)
            if LearnedWordStore.isStorable(word), set.insert(word).inserted { ordered.append(word) }
        }
    }

    mutating func save() {
        guard let url = fileURL else { return }
        let path = url.path
        let directory = url.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            record(LearnedWordsError(kind: .unwritable, path: path, reason: "cannot create \(directory)"))
            return
        }
        if loadedFileWasCorrupt {
            // Keep what could not be read rather than overwrite it.
            if rename(path, path + ".corrupt") == 0 { loadedFileWasCorrupt = false }
        }
        var bytes = Array(ordered.map { $0 + "\n" }.joined().utf8)
        let temporary = directory + "/.\(LearnedWordStore.fileName).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)  // the user's own words
        guard descriptor >= 0 else {
            record(LearnedWordsError(kind: .unwritable, path: path, reason: String(cString: strerror(errno))))
            return
        }
        var written = 0
        var failure: Int32 = 0
        bytes.withUnsafeMutableBytes { buffer in
            while written < buffer.count {
                let n = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += n
            }
        }
        if failure == 0 && fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            record(LearnedWordsError(kind: .unwritable, path: path, reason: String(cString: strerror(failure))))
        }
    }
}
