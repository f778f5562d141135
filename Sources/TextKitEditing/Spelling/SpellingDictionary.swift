import CHunspell
import TextKitGraphics
import TextKitModel

/// One hunspell dictionary (an `.aff`/`.dic` pair) opened once and shared by every checker that
/// asks for its language (see ``SpellingDictionaries``).
///
/// hunspell's handle is not documented as thread-safe, so every call into it takes `hunspell`'s lock.
/// Words cross the boundary in the dictionary's own encoding (``DictionaryTextEncoding``).
final class SpellingDictionary: @unchecked Sendable {  // `hunspell` and `index` are only touched under their locks (`Locked`)
    /// The language code the dictionary was found under ("en_US").
    let language: String
    let affixPath: String
    let wordListPath: String
    let encoding: DictionaryTextEncoding

    /// The hunspell handle and what this dictionary did with it, only used under the lock.
    private let hunspell: Locked<Hunspell>
    private struct Hunspell {
        let handle: OpaquePointer  // Hunhandle *
        /// Learned words this handle did not know and was given with `Hunspell_add`. Only these are
        /// ever removed again: `Hunspell_remove` marks a word forbidden, which must never happen to a
        /// word of the dictionary itself (learning then unlearning "the" leaves "the" correct).
        var addedWords: Set<String> = []
        /// Per index entry: 0 not yet asked, 1 hunspell accepts the word alone, 2 it does not (a
        /// compound-only, affix-needing or forbidden entry of the word list).
        var validCompletions: [UInt8] = []
        /// hunspell's verdicts on the words asked lately (at most ``verdictLimit``, forgotten all
        /// at once past it, and whenever a learned word comes or goes). Text repeats its words, and
        /// hunspell takes microseconds a word: checking a screen that came into view was most of
        /// a Page Down's time.
        var verdicts: [String: Bool] = [:]
    }

    /// The most verdicts kept (about a megabyte).
    static let verdictLimit = 16_384

    private let index = Locked<CompletionIndex?>(nil)  // built on first use, under its own lock

    /// Opens the dictionary; nil when hunspell cannot, or its encoding is unknown to iconv.
    init?(language: String, affixPath: String, wordListPath: String) {
        guard let handle = Hunspell_create(affixPath, wordListPath) else { return nil }
        guard let cName = Hunspell_get_dic_encoding(handle),
              let encoding = DictionaryTextEncoding(hunspellName: String(cString: cName)) else {
            let name = Hunspell_get_dic_encoding(handle).map { String(cString: $0) } ?? "?"
            Hunspell_destroy(handle)
            SpellingDiagnostics.report("OpenTextKit: spelling dictionary \(affixPath) uses the encoding \(name), which iconv does not know; \(language) is not checked")
            return nil
        }
        self.language = language
        self.affixPath = affixPath
        self.wordListPath = wordListPath
        self.encoding = encoding
        hunspell = Locked(Hunspell(handle: handle))
    }

    deinit { hunspell.withLock { Hunspell_destroy($0.handle) } }

    /// Whether hunspell accepts `word` (learned words included). A word the dictionary's
    /// encoding cannot write is not in the dictionary.
    func isCorrect(_ word: String) -> Bool {
        hunspell.withLock { hunspell in
            if let known = hunspell.verdicts[word] { return known }
            let verdict = isCorrect(word, in: hunspell.handle)
            if hunspell.verdicts.count >= Self.verdictLimit { hunspell.verdicts.removeAll(keepingCapacity: true) }
            hunspell.verdicts[word] = verdict
            return verdict
        }
    }

    /// ``isCorrect(_:)`` with the handle, under its lock.
    private func isCorrect(_ word: String, in handle: OpaquePointer) -> Bool {
        encoding.withCString(word) { Hunspell_spell(handle, $0) != 0 } ?? false
    }

    /// hunspell's suggestions for `word`, best first.
    func suggestions(for word: String) -> [String] {
        hunspell.withLock { hunspell in
            let handle = hunspell.handle
            return encoding.withCString(word) { cWord -> [String] in
                var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
                let count = Int(Hunspell_suggest(handle, &list, cWord))
                guard count > 0, let items = list else { return [] }
                defer { Hunspell_free_list(handle, &list, Int32(count)) }
                var result: [String] = []
                for i in 0..<count {
                    if let item = items[i], let suggestion = encoding.decode(cString: item), !result.contains(suggestion) {
                        result.append(suggestion)
                    }
                }
                return result
            } ?? []
        }
    }

    /// Makes a learned word correct in this handle (and in the forms hunspell derives from it:
    /// "Zorblatt" learned makes "ZORBLATT" correct too).
    func addLearnedWord(_ word: String) {
        hunspell.withLock { hunspell in
            let handle = hunspell.handle
            guard !hunspell.addedWords.contains(word), !isCorrect(word, in: handle) else { return }
            if encoding.withCString(word, { Hunspell_add(handle, $0) }) != nil { hunspell.addedWords.insert(word) }
            hunspell.verdicts.removeAll()  // the word's forms are correct now
        }
    }

    /// Undoes ``addLearnedWord(_:)``; a word the dictionary knew by itself stays correct.
    func removeLearnedWord(_ word: String) {
        hunspell.withLock { hunspell in
            guard hunspell.addedWords.remove(word) != nil else { return }
            let handle = hunspell.handle
            _ = encoding.withCString(word) { Hunspell_remove(handle, $0) }
            hunspell.verdicts.removeAll()
        }
    }

    // MARK: Completions

    /// The dictionary's words that complete `partial`, shortest first then alphabetically, in the
    /// partial word's case (see ``CompletionCase``). Never includes `partial` itself.
    func completions(for partial: String) -> [String] {
        let partial = UnicodeText.nfc(partial)
        guard partial.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) else { return [] }
        let index = completionIndex()
        let style = CompletionCase(partial)
        let candidates = index.entries(withKeyPrefix: Array(UnicodeText.nfc(partial.lowercased()).utf8))
        let partialUTF8 = Array(partial.utf8)
        var seen: Set<String> = []
        var ranked: [(length: Int, order: Int, word: String)] = []
        hunspell.withLock { hunspell in
            if hunspell.validCompletions.count != index.count { hunspell.validCompletions = [UInt8](repeating: 0, count: index.count) }
            for i in candidates {
                let word = index.words[i]
                let completion: String
                switch style {
                case .lowercase, .mixed:
                    // An exact prefix: "hap" completes to "happy", not to "Hapsburg".
                    guard word.utf8.starts(with: partialUTF8) else { continue }
                    completion = word
                case .capitalized:
                    completion = word.first.map { $0.isLowercase ? $0.uppercased() + word.dropFirst() : word } ?? word
                case .uppercase:
                    completion = word.uppercased()
                }
                guard completion != partial, !seen.contains(completion) else { continue }
                if hunspell.validCompletions[i] == 0 { hunspell.validCompletions[i] = isCorrect(word, in: hunspell.handle) ? 1 : 2 }
                guard hunspell.validCompletions[i] == 1 else { continue }
                seen.insert(completion)
                ranked.append((completion.count, i, completion))
            }
        }
        ranked.sort { ($0.length, $0.order) < ($1.length, $1.order) }
        return ranked.map(\.word)
    }

    /// The sorted word list, read from the `.dic` file the first time completions are asked for.
    private func completionIndex() -> CompletionIndex {
        index.withLock { index in
            if let index { return index }
            let built = CompletionIndex(wordListPath: wordListPath, encoding: encoding)
            index = built
            return built
        }
    }
}

/// How a partial word is capitalised, which decides the case of its completions (as UIKit's
/// checker: "Hap" completes to "Happy", "HAP" to "HAPPY").
enum CompletionCase: Equatable {
    /// No capital letter: the dictionary's words that start with exactly these letters, as written
    /// there ("hap" → "happy"; proper nouns such as "Hapsburg" are left out).
    case lowercase
    /// A capital first letter and no other: every word starting with these letters in any case,
    /// capitalised ("Hap" → "Happy", "Hapsburg").
    case capitalized
    /// Two or more letters, all capitals: every such word in capitals ("HAP" → "HAPPY").
    case uppercase
    /// Any other mixture ("iPh"): words starting with exactly these letters.
    case mixed

    init(_ partial: String) {
        let letters = partial.unicodeScalars.filter { $0.properties.isAlphabetic }
        let upper = letters.filter { $0.properties.isUppercase }.count
        if upper == 0 {
            self = .lowercase
        } else if upper == letters.count && letters.count > 1 {
            self = .uppercase
        } else if upper == 1, letters.first?.properties.isUppercase == true {
            self = .capitalized
        } else {
            self = .mixed
        }
    }
}
