import TextKitGraphics
import TextKitModel

/// The installed hunspell dictionaries and the open ones: one ``SpellingDictionary`` per
/// dictionary file for the whole process, opened on first use and kept (opening one costs tens
/// of milliseconds and megabytes of memory, so it is never done per call).
///
/// Dictionaries are looked for in the directories of `$DICPATH` (colon-separated, hunspell's own
/// convention), then `/usr/share/hunspell` (Debian's `hunspell-*` packages), as `<code>.aff` and
/// `<code>.dic`. Languages whose files are links to one pair (fr_FR, fr_BE → fr) share one handle.
final class SpellingDictionaries: @unchecked Sendable {  // all state is in `state` (`Locked`)
    static let shared = SpellingDictionaries()

    private let state = Locked(State())

    /// The open dictionaries and what was asked, only read and changed under the lock.
    private struct State {
        /// Open dictionaries by the real path of their `.dic` file.
        var open: [String: SpellingDictionary] = [:]
        /// Each language asked for, with its dictionary or nil when none is installed (cached too).
        var byLanguage: [String: SpellingDictionary?] = [:]
        /// Directories searched before `$DICPATH` and the system's: tests add theirs here.
        var extraDirectories: [String] = []

        var searchDirectories: [String] {
            let fromEnvironment = (ProcessInfo.processInfo.environment["DICPATH"] ?? "")
                .split(separator: ":").map(String.init).filter { !$0.isEmpty }
            return extraDirectories + fromEnvironment + [SpellingDictionaries.systemDirectory]
        }
    }

    static let systemDirectory = "/usr/share/hunspell"

    /// Searches `directory` first from now on (for tests' own dictionaries).
    func addSearchDirectory(_ directory: String) {
        state.withLock { state in
            if !state.extraDirectories.contains(directory) { state.extraDirectories.insert(directory, at: 0) }
            state.byLanguage = [:]
        }
    }

    /// The dictionary for `language` ("en_US", "en-US", "de"), nil when none is installed.
    func dictionary(for language: String) -> SpellingDictionary? {
        state.withLock { state in
            if let cached = state.byLanguage[language] { return cached }
            let found = openDictionary(language, in: &state)
            state.byLanguage[language] = found
            return found
        }
    }

    /// Every open dictionary (to add or remove a learned word in each).
    func openDictionaries() -> [SpellingDictionary] {
        state.withLock { Array($0.open.values) }
    }

    /// Closes every dictionary and forgets every lookup (a checker in use keeps its own).
    func reset() {
        state.withLock { state in
            state.open = [:]
            state.byLanguage = [:]
        }
    }

    /// The language codes of the installed dictionaries, sorted: the names of the `.dic` files
    /// that have an `.aff` beside them and are written like a locale ("en_US", "de_DE", "fr").
    func availableLanguages() -> [String] {
        let directories = state.withLock { $0.searchDirectories }
        var codes: Set<String> = []
        for directory in directories {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for name in names where name.hasSuffix(".dic") {
                let code = String(name.dropLast(4))
                if SpellingDictionaries.isLocaleCode(code),
                   FileManager.default.fileExists(atPath: directory + "/" + code + ".aff") {
                    codes.insert(code)
                }
            }
        }
        return codes.sorted()
    }

    /// "en", "fra", "en_US", "es_419": the shape of the codes UIKit uses.
    static func isLocaleCode(_ code: String) -> Bool {
        let parts = code.split(separator: "_", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (2...3).contains(parts[0].count),
              parts[0].allSatisfy({ $0.isASCII && $0.isLowercase }) else { return false }
        if parts.count == 2 {
            let region = parts[1]
            return (region.count == 2 && region.allSatisfy({ $0.isASCII && $0.isUppercase }))
                || (region.count == 3 && region.allSatisfy({ $0.isASCII && $0.isNumber }))
        }
        return true
    }

    /// The file names to try for `language`, best first: the code itself ("-" read as "_"), then
    /// for a bare language its usual country ("de" → "de_DE", "en" → "en_US"), for a language with
    /// a region the bare language, then any installed variant of the language.
    private func candidates(for language: String) -> [String] {
        let code = language.replacingOccurrences(of: "-", with: "_")
        // Only plain names: never a path (a language of "../x" must not open a file elsewhere).
        guard !code.isEmpty, code.count <= 64,
              code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else { return [] }
        let base = String(code.prefix { $0 != "_" })
        var names = [code]
        if base == code {
            names.append(base == "en" ? "en_US" : base + "_" + base.uppercased())
        } else {
            names.append(base)
        }
        return names
    }

    /// The dictionary for `language`, opened unless it is open under another name (call under
    /// `state`'s lock).
    private func openDictionary(_ language: String, in state: inout State) -> SpellingDictionary? {
        let directories = state.searchDirectories
        var names = candidates(for: language)
        guard !names.isEmpty else { return nil }
        // Any installed variant of the language, as a last resort ("de_AT" → "de_DE").
        if let base = names.last?.split(separator: "_").first.map(String.init) {
            for directory in directories {
                let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
                names += files.filter { $0.hasPrefix(base + "_") && $0.hasSuffix(".dic") }.map { String($0.dropLast(4)) }.sorted()
            }
        }
        for name in names {
            for directory in directories {
                let aff = directory + "/" + name + ".aff", dic = directory + "/" + name + ".dic"
                guard FileManager.default.fileExists(atPath: aff), FileManager.default.fileExists(atPath: dic) else { continue }
                let realDic = URL(fileURLWithPath: dic).resolvingSymlinksInPath().path
                if let dictionary = state.open[realDic] { return dictionary }
                guard let dictionary = SpellingDictionary(language: name, affixPath: aff, wordListPath: dic) else { continue }
                // Learned words go into every handle; a word learned while this one opens is
                // added again by `learnWord` once `state`'s lock is free (adding twice is harmless).
                for word in LearnedWordStore.shared.words() { dictionary.addLearnedWord(word) }
                state.open[realDic] = dictionary
                return dictionary
            }
        }
        return nil
    }
}
