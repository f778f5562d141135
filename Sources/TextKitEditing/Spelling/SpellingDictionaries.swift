import TextKitModel

/// The installed hunspell dictionaries and the open ones: one ``SpellingDictionary`` per
/// dictionary file for the whole process, opened on first use and kept (opening one costs tens
/// of milliseconds and megabytes of memory, so it is never done per call).
///
/// Dictionaries are looked for in the directories of `$DICPATH` (colon-separated, hunspell's own
/// convention), then `/usr/share/hunspell` (Debian's `hunspell-*` packages), as `<code>.aff` and
/// `<code>.dic`. Languages whose files are links to one pair (fr_FR, fr_BE → fr) share one handle.
final class SpellingDictionaries: @unchecked Sendable {  // all state is under `lock`
    static let shared = SpellingDictionaries()

    private let lock = NSLock()
    /// Open dictionaries by the real path of their `.dic` file.
    private var open: [String: SpellingDictionary] = [:]
    /// Each language asked for, with its dictionary or nil when none is installed (cached too).
    private var byLanguage: [String: SpellingDictionary?] = [:]
    /// Directories searched before `$DICPATH` and the system's: tests add theirs here.
    private var extraDirectories: [String] = []

    static let systemDirectory = "/usr/share/hunspell"

    private var searchDirectories: [String] {
        let fromEnvironment = (ProcessInfo.processInfo.environment["DICPATH"] ?? "")
            .split(separator: ":").map(String.init).filter { !$0.isEmpty }
        return extraDirectories + fromEnvironment + [SpellingDictionaries.systemDirectory]
    }

    /// Searches `directory` first from now on (for tests' own dictionaries).
    func addSearchDirectory(_ directory: String) {
        lock.lock()
        defer { lock.unlock() }
        if !extraDirectories.contains(directory) { extraDirectories.insert(directory, at: 0) }
        byLanguage = [:]
    }

    /// The dictionary for `language` ("en_US", "en-US", "de"), nil when none is installed.
    func dictionary(for language: String) -> SpellingDictionary? {
        lock.lock()
        defer { lock.unlock() }
        if let cached = byLanguage[language] { return cached }
        let found = unlockedOpen(language)
        byLanguage[language] = found
        return found
    }

    /// Every open dictionary (to add or remove a learned word in each).
    func openDictionaries() -> [SpellingDictionary] {
        lock.lock()
        defer { lock.unlock() }
        return Array(open.values)
    }

    /// Closes every dictionary and forgets every lookup (a checker in use keeps its own).
    func reset() {
        lock.lock()
        defer { lock.unlock() }
        open = [:]
        byLanguage = [:]
    }

    /// The language codes of the installed dictionaries, sorted: the names of the `.dic` files
    /// that have an `.aff` beside them and are written like a locale ("en_US", "de_DE", "fr").
    func availableLanguages() -> [String] {
        lock.lock()
        let directories = searchDirectories
        lock.unlock()
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

    private func unlockedOpen(_ language: String) -> SpellingDictionary? {
        let directories = searchDirectories
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
                if let dictionary = open[realDic] { return dictionary }
                guard let dictionary = SpellingDictionary(language: name, affixPath: aff, wordListPath: dic) else { continue }
                // Learned words go into every handle; a word learned while this one opens is
                // added again by `learnWord` once `lock` is free (adding twice is harmless).
                for word in LearnedWordStore.shared.words() { dictionary.addLearnedWord(word) }
                open[realDic] = dictionary
                return dictionary
            }
        }
        return nil
    }
}
