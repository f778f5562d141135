import CHyphen
import TextKitGraphics
import TextKitModel

/// Where a word may be hyphenated, from libhyphen's TeX patterns (Debian's hyphen-* packages).
///
/// One hyphenator per language is loaded on first use and shared. Words are looked up in
/// lower case; the result is in UTF-16 offsets of the word as given.
package final class Hyphenator: @unchecked Sendable {  // `dictionary` and `cache` are only used under `state`'s lock (`Locked`)
    /// Where the dictionaries live (Debian's hyphen-en-us, hyphen-de, hyphen-fr, …).
    package static let dictionaryDirectory = "/usr/share/hyphen"

    package let language: String
    package let dictionaryPath: String
    private let isUTF8: Bool
    /// libhyphen's dictionary and the words already hyphenated, only used under the lock.
    private let state: Locked<State>
    private struct State {
        let dictionary: UnsafeMutablePointer<HyphenDict>
        /// Words already hyphenated.
        var cache: [UInt64: (word: [UInt16], points: [Int])] = [:]
    }
    /// The fewest characters before and after a hyphen (TeX's lefthyphenmin/righthyphenmin).
    package let leftMinimum: Int
    package let rightMinimum: Int

    private init?(language: String, path: String) {
        guard let dictionary = hnj_hyphen_load(path) else { return nil }
        self.language = language
        self.dictionaryPath = path
        state = Locked(State(dictionary: dictionary))
        isUTF8 = dictionary.pointee.utf8 != 0
        leftMinimum = max(2, Int(dictionary.pointee.lhmin))
        rightMinimum = max(3, Int(dictionary.pointee.rhmin))
    }

    deinit { state.withLock { hnj_hyphen_free($0.dictionary) } }

    /// The hyphenator for a BCP 47 or POSIX language ("en", "en-US", "de_CH", "fr"), or nil when
    /// no dictionary for it is installed.
    package static func forLanguage(_ language: String) -> Hyphenator? {
        HyphenatorCache.shared.hyphenator(for: language)
    }

    /// The dictionary file for `language`: an exact region match first, then the bare language,
    /// then any region of it.
    package static func dictionaryPath(for language: String) -> String? {
        let parts = language.replacingOccurrences(of: "-", with: "_").split(separator: "_").map(String.init)
        guard let lang = parts.first?.lowercased(), !lang.isEmpty, lang.allSatisfy({ $0.isLetter }) else { return nil }
        var candidates: [String] = []
        if parts.count > 1, let region = parts.last, region.count == 2 { candidates.append("hyph_\(lang)_\(region.uppercased()).dic") }
        candidates.append("hyph_\(lang).dic")
        if lang == "en" { candidates.append("hyph_en_US.dic") }
        let fm = FileManager.default
        for name in candidates where fm.isReadableFile(atPath: "\(dictionaryDirectory)/\(name)") {
            return "\(dictionaryDirectory)/\(name)"
        }
        let any = (try? fm.contentsOfDirectory(atPath: dictionaryDirectory))?
            .filter { $0.hasPrefix("hyph_\(lang)_") && $0.hasSuffix(".dic") }.sorted().first
        return any.map { "\(dictionaryDirectory)/\($0)" }
    }

    /// The UTF-16 offsets inside `word` before which a hyphen may go, ascending. Empty for words
    /// too short, with characters the dictionary cannot spell, or with no pattern match.
    /// Longer words are not hyphenated (no dictionary word comes near; a hostile one costs time).
    static let maximumWordBytes = 1_000

    package func hyphenationPoints(in word: UnsafeBufferPointer<UInt16>) -> [Int] {
        // Total-fit breaking asks for every word of a paragraph, and a text repeats its words:
        // answers are remembered (up to a bound, then forgotten all at once).
        guard word.count <= Self.maximumWordBytes else { return [] }  // (the bound below refuses it anyway)
        // Keyed by a hash of the word, checked against the word kept beside the answer: no
        // array is made for a lookup.
        var key: UInt64 = 0xCBF2_9CE4_8422_2325
        for unit in word { key = (key ^ UInt64(unit)) &* 0x100_0000_01B3 }
        let known: [Int]? = state.withLock { state in
            guard let entry = state.cache[key], Self.isSame(entry.word, word) else { return nil }
            return entry.points
        }
        if let known { return known }
        let points = computeHyphenationPoints(in: word)
        state.withLock { state in
            if state.cache.count >= Self.cachedWords { state.cache.removeAll(keepingCapacity: true) }
            state.cache[key] = (Array(word), points)
        }
        return points
    }

    private static func isSame(_ kept: [UInt16], _ word: UnsafeBufferPointer<UInt16>) -> Bool {
        guard kept.count == word.count else { return false }
        for i in 0..<word.count where kept[i] != word[i] { return false }
        return true
    }

    /// How many words' points are remembered.
    static let cachedWords = 65_536

    private func computeHyphenationPoints(in word: UnsafeBufferPointer<UInt16>) -> [Int] {
        // Encode the lower-cased word in the dictionary's charset, remembering where each
        // character starts in UTF-16.
        var bytes: [CChar] = []
        var characterStarts: [Int] = []
        var offset = 0
        for scalar in String(decoding: word, as: UTF16.self).unicodeScalars {
            let lower = String(scalar).lowercased().unicodeScalars
            guard lower.count == 1, let l = lower.first, l.properties.isAlphabetic || l == "'" || l == "’" else { return [] }
            characterStarts.append(offset)
            offset += scalar.utf16.count
            if isUTF8 {
                bytes.append(contentsOf: String(l).utf8.map { CChar(bitPattern: $0) })
            } else {
                guard l.value < 0x100 else { return [] }
                bytes.append(CChar(bitPattern: UInt8(l.value)))
            }
        }
        let characters = characterStarts.count
        guard characters >= leftMinimum + rightMinimum, offset == word.count,
              bytes.count <= Self.maximumWordBytes else { return [] }
        bytes.append(0)  // libhyphen reads the word as a C string (strstr) as well as by its length

        var hyphens = [CChar](repeating: 0, count: bytes.count + 5)
        var rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var pos: UnsafeMutablePointer<Int32>?
        var cut: UnsafeMutablePointer<Int32>?
        let status: Int32 = state.withLock { state in
            hnj_hyphen_hyphenate3(state.dictionary, bytes, Int32(bytes.count - 1), &hyphens, nil, &rep, &pos, &cut,
                                  Int32(leftMinimum), Int32(rightMinimum), 2, 2)
        }
        defer { Self.freeNonStandard(rep, pos, cut, count: bytes.count - 1) }
        guard status == 0 else { return [] }
        // After libhyphen's normalisation hyphens[i] belongs to character i: odd means a break
        // after it. Non-standard breaks (rep[i] set, such as German "Schiff-fahrt") are skipped.
        var points: [Int] = []
        for i in 0..<(characters - 1) where hyphens[i] & 1 == 1 {
            if let rep, rep[i] != nil { continue }
            points.append(characterStarts[i + 1])
        }
        return points
    }

    private static func freeNonStandard(_ rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                        _ pos: UnsafeMutablePointer<Int32>?, _ cut: UnsafeMutablePointer<Int32>?,
                                        count: Int) {
        if let rep {
            for i in 0..<count { free(rep[i]) }
            free(rep)
        }
        free(pos)
        free(cut)
    }

    fileprivate static func load(language: String) -> Hyphenator? {
        guard let path = dictionaryPath(for: language) else { return nil }
        return Hyphenator(language: language, path: path)
    }
}

private final class HyphenatorCache: @unchecked Sendable {  // `loaded` is only touched under its lock (`Locked`)
    static let shared = HyphenatorCache()
    private let loaded = Locked<[String: Hyphenator?]>([:])

    func hyphenator(for language: String) -> Hyphenator? {
        let key = language.lowercased()
        return loaded.withLock { loaded in
            if let known = loaded[key] { return known }
            let hyphenator = Hyphenator.load(language: language)
            loaded[key] = hyphenator
            return hyphenator
        }
    }
}
