import TextKitGraphics
import TextKitModel

/// Spell checking and word completion, as UIKit's `UITextChecker`, over hunspell dictionaries.
///
/// ```swift
/// let checker = UITextChecker()
/// let text = "teh cat sat"
/// let range = checker.rangeOfMisspelledWord(in: text, range: NSRange(location: 0, length: text.utf16.count),
///                                           startingAt: 0, wrap: false, language: "en_US")   // {0, 3}
/// let guesses = checker.guesses(forWordRange: range, in: text, language: "en_US")            // "the" among them
/// ```
///
/// Ranges and offsets are in UTF-16 code units, as everywhere in TextKit. Languages are locale
/// codes such as "en_US", "de_DE" or "fr_FR" (``availableLanguages`` lists what is installed; on
/// Debian a language is a `hunspell-*` package); "de-DE" and "de" work too, and a region with no
/// dictionary of its own uses another of the same language ("de_AT" → de_DE). A language with no
/// dictionary at all is not an error: nothing is misspelled in it, and guesses and completions are
/// `nil`.
///
/// What counts as a word: ICU's word boundaries (UAX #29), so "don't" and "l'homme" are one
/// word; words joined by hyphens are checked as a whole first, then piece by piece, and only the
/// misspelled piece is reported; numbers, words holding digits ("3rd"), Kana and ideographs,
/// URLs and e-mail addresses are never reported.
///
/// Thread safety: the dictionaries are shared by all checkers and locked, so checkers on
/// different threads work in parallel (one call per dictionary at a time); one checker's
/// ignored words should be used from one thread at a time, as in UIKit.
open class UITextChecker: NSObject {
    private var _ignoredWords: [String]?
    private var ignoredSet: Set<String> = []

    /// A checker with no ignored words.
    public override init() {
        super.init()
    }

    // MARK: Spelling

    /// The range of the first misspelled word in `range` of `stringToCheck`, searching forward
    /// from `startingOffset`; with `wrapFlag`, the search goes on from the start of `range` up to
    /// `startingOffset`. `NSRange(location: NSNotFound, length: 0)` when there is none, or when
    /// no dictionary is installed for `language`.
    ///
    /// A word is found when it starts at or after `startingOffset` (before it, when wrapping), so
    /// passing the end of the last misspelled word finds the next one. `startingOffset` outside
    /// `range` is moved to its nearest end. Words in ``ignoredWords`` and learned words
    /// (``learnWord(_:)``) are correct.
    ///
    /// - Precondition: `range` lies within `stringToCheck` (UTF-16 length).
    open func rangeOfMisspelledWord(in stringToCheck: String, range: NSRange, startingAt startingOffset: Int,
                                    wrap wrapFlag: Bool, language: String) -> NSRange {
        let text = CheckedText(stringToCheck)
        UITextChecker.checkRange(range, in: text, "rangeOfMisspelledWord(in:range:startingAt:wrap:language:)")
        let notFound = NSRange(location: NSNotFound, length: 0)
        guard range.length > 0, let dictionary = SpellingDictionaries.shared.dictionary(for: language) else { return notFound }
        let bounds = range.location..<(range.location + range.length)
        let start = min(max(startingOffset, bounds.lowerBound), bounds.upperBound)
        if let found = firstMisspelling(in: text, within: bounds, startingIn: start..<bounds.upperBound, dictionary) {
            return found
        }
        if wrapFlag, let found = firstMisspelling(in: text, within: bounds, startingIn: bounds.lowerBound..<start, dictionary) {
            return found
        }
        return notFound
    }

    /// Suggested corrections for the word at `range` in `string`, best first (hunspell's
    /// suggestions, in the word's capitalisation); empty when there are none, nil when no
    /// dictionary is installed for `language`.
    ///
    /// - Precondition: `range` lies within `string` (UTF-16 length).
    open func guesses(forWordRange range: NSRange, in string: String, language: String) -> [String]? {
        let text = CheckedText(string)
        UITextChecker.checkRange(range, in: text, "guesses(forWordRange:in:language:)")
        guard let dictionary = SpellingDictionaries.shared.dictionary(for: language) else { return nil }
        let word = text.string(range.location..<(range.location + range.length))
        guard word.contains(where: { !$0.isWhitespace }) else { return [] }
        return dictionary.suggestions(for: word)
    }

    /// Words of the dictionary that complete the partial word at `range` in `string`: shortest
    /// first, then alphabetically, in the partial word's case ("hap" → "happy", "Hap" → "Happy",
    /// "HAP" → "HAPPY"; a lowercase partial word does not complete to proper nouns). Empty when
    /// none, nil when no dictionary is installed for `language`.
    ///
    /// Completions are the dictionary's stems: hunspell builds inflected forms from affix rules
    /// and cannot list them, so "happ" offers "happy" and "happen" but not "happiest". The first
    /// call for a language reads its word list (a few hundred milliseconds); later calls search
    /// it by prefix.
    ///
    /// - Precondition: `range` lies within `string` (UTF-16 length).
    open func completions(forPartialWordRange range: NSRange, in string: String, language: String) -> [String]? {
        let text = CheckedText(string)
        UITextChecker.checkRange(range, in: text, "completions(forPartialWordRange:in:language:)")
        guard let dictionary = SpellingDictionaries.shared.dictionary(for: language) else { return nil }
        let partial = text.string(range.location..<(range.location + range.length))
        return dictionary.completions(for: partial)
    }

    // MARK: Ignored words

    /// Makes this checker treat `wordToIgnore` as correct (exactly as written), as for the rest
    /// of a document. Other checkers are not affected, and nothing is saved.
    open func ignoreWord(_ wordToIgnore: String) {
        addIgnoredWord(wordToIgnore)
    }

    private func addIgnoredWord(_ word: String) {
        guard !word.isEmpty, ignoredSet.insert(word).inserted else { return }
        _ignoredWords = (_ignoredWords ?? []) + [word]
    }

    /// The words this checker ignores, in the order they were added; nil when there are none.
    /// Setting it replaces them (nil clears them), so a document can save and restore its list.
    open var ignoredWords: [String]? {
        get { _ignoredWords }
        set {
            _ignoredWords = nil
            ignoredSet = []
            for word in newValue ?? [] { addIgnoredWord(word) }
        }
    }

    // MARK: Learned words

    /// Adds `word` to the user's learned words: correct for every checker and language from now
    /// on, and in later runs (they are saved at once; see ``learnedWordsError``). Words with a line
    /// break or a NUL cannot be saved and are ignored.
    open class func learnWord(_ word: String) {
        guard LearnedWordStore.isStorable(word), LearnedWordStore.shared.learn(word) else { return }
        for dictionary in SpellingDictionaries.shared.openDictionaries() { dictionary.addLearnedWord(word) }
    }

    /// Removes `word` from the learned words (and from the saved list). A word the dictionary
    /// knows by itself stays correct.
    open class func unlearnWord(_ word: String) {
        guard LearnedWordStore.shared.unlearn(word) else { return }
        for dictionary in SpellingDictionaries.shared.openDictionaries() { dictionary.removeLearnedWord(word) }
    }

    /// Whether `word` (exactly as written) is among the learned words.
    open class func hasLearnedWord(_ word: String) -> Bool {
        LearnedWordStore.shared.contains(word)
    }

    /// The languages that can be checked: the installed hunspell dictionaries (`/usr/share/hunspell`
    /// and the directories of `$DICPATH`), as locale codes ("de_DE", "en_US", "fr", "fr_FR"), sorted.
    open class var availableLanguages: [String] {
        SpellingDictionaries.shared.availableLanguages()
    }

    /// OpenTextKit addition: the last problem reading or saving the learned words, nil when there
    /// was none. A learned-words file that cannot be read (or is not UTF-8) is ignored rather than
    /// fatal, and also reported once on standard error. The file is
    /// `$XDG_DATA_HOME/opentextkit/learned-words.txt` (`~/.local/share/…` by default), or
    /// `$OTK_SPELLING_DIRECTORY/learned-words.txt` when that variable is set.
    public class var learnedWordsError: LearnedWordsError? {
        LearnedWordStore.shared.lastError
    }

    // MARK: Implementation

    /// Text is read a window of about this many UTF-16 units at a time, cut at white space, so a
    /// search costs the distance to the next misspelling, not the length of the string.
    static let windowLength = 8192

    private static func checkRange(_ range: NSRange, in text: CheckedText, _ function: String) {
        checkPrecondition(range.location >= 0 && range.length >= 0 && range.location <= text.length
                              && range.length <= text.length - range.location,
                          "\(function): range {\(range.location), \(range.length)} out of bounds; string length \(text.length)")
    }

    /// Every misspelled word in `range` of `string`, in order: what successive calls of
    /// ``rangeOfMisspelledWord(in:range:startingAt:wrap:language:)`` find, found in one pass over
    /// the text (each call segments a window of text from where it starts: a text view checking a
    /// screen with forty unknown words segmented forty windows). Empty when no dictionary is
    /// installed for `language`.
    func misspelledRanges(in string: String, range: NSRange, language: String) -> [NSRange] {
        let text = CheckedText(string)
        UITextChecker.checkRange(range, in: text, "misspelledRanges(in:range:language:)")
        guard range.length > 0, let dictionary = SpellingDictionaries.shared.dictionary(for: language) else { return [] }
        let bounds = range.location..<(range.location + range.length)
        var found: [NSRange] = []
        forEachMisspelling(in: text, within: bounds, startingIn: bounds, dictionary) { found.append($0); return true }
        return found
    }

    /// The first misspelled word of a unit starting in `starts`, looking at the text of `bounds` only.
    private func firstMisspelling(in text: CheckedText, within bounds: Range<Int>, startingIn starts: Range<Int>,
                                  _ dictionary: SpellingDictionary) -> NSRange? {
        var first: NSRange?
        forEachMisspelling(in: text, within: bounds, startingIn: starts, dictionary) { first = $0; return false }
        return first
    }

    /// Gives `body` each misspelled word of a unit starting in `starts` (looking at the text of
    /// `bounds` only), in order, while it returns true.
    private func forEachMisspelling(in text: CheckedText, within bounds: Range<Int>, startingIn starts: Range<Int>,
                                    _ dictionary: SpellingDictionary, _ body: (NSRange) -> Bool) {
        guard !starts.isEmpty else { return }
        var windowStart = text.runStart(around: starts.lowerBound, floor: bounds.lowerBound)
        while windowStart < starts.upperBound {
            let windowEnd = text.runEnd(from: min(bounds.upperBound, windowStart + UITextChecker.windowLength),
                                        ceiling: bounds.upperBound)
            let units = text.units(windowStart..<windowEnd)
            let goesOn = units.withUnsafeBufferPointer { buffer -> Bool in
                for unit in SpellingWords.units(in: buffer, locale: dictionary.language) {
                    let unitStart = windowStart + unit.range.lowerBound
                    if unitStart >= starts.upperBound { return false }
                    guard unitStart >= starts.lowerBound, let word = misspelledWord(of: unit, in: buffer, dictionary) else { continue }
                    if !body(NSRange(location: windowStart + word.lowerBound, length: word.count)) { return false }
                }
                return true
            }
            if !goesOn { return }
            windowStart = windowEnd
        }
    }

    /// The misspelled word of `unit`, nil when it is correct.
    private func misspelledWord(of unit: SpellingUnit, in buffer: UnsafeBufferPointer<UInt16>,
                                _ dictionary: SpellingDictionary) -> Range<Int>? {
        func string(_ range: Range<Int>) -> String { UnicodeText.string(UnsafeBufferPointer(rebasing: buffer[range])) }
        if unit.isCompound {
            let whole = string(unit.range)
            if ignoredSet.contains(whole) || dictionary.isCorrect(whole) { return nil }
        }
        for range in unit.words {
            let word = string(range)
            if ignoredSet.contains(word) || UITextChecker.isCorrect(word, dictionary) { continue }
            return range
        }
        return nil
    }

    private static func isCorrect(_ word: String, _ dictionary: SpellingDictionary) -> Bool {
        if dictionary.isCorrect(word) { return true }
        // A typographic apostrophe where the dictionary has ' and no ICONV rule for it.
        if word.contains("\u{2019}") || word.contains("\u{02BC}") {
            let plain = word.replacingOccurrences(of: "\u{2019}", with: "'").replacingOccurrences(of: "\u{02BC}", with: "'")
            if dictionary.isCorrect(plain) { return true }
        }
        // ICU keeps "end.Next", "e.g" and "snake_case" together: correct when each piece is.
        if word.contains(".") || word.contains("_") {
            let pieces = word.split { $0 == "." || $0 == "_" }
            return !pieces.isEmpty && pieces.allSatisfy { dictionary.isCorrect(String($0)) }
        }
        return false
    }
}

/// The string under check, read in UTF-16 windows: a native Swift string finds a UTF-16 offset
/// in about constant time (its breadcrumbs), so windows cost their own length only.
struct CheckedText {
    let utf16: String.UTF16View
    let length: Int

    init(_ string: String) {
        utf16 = string.utf16
        length = utf16.count
    }

    func index(_ offset: Int) -> String.Index { utf16.index(utf16.startIndex, offsetBy: offset) }

    func units(_ range: Range<Int>) -> [UInt16] { Array(utf16[index(range.lowerBound)..<index(range.upperBound)]) }

    /// The text of `range`; a surrogate cut in half becomes U+FFFD.
    func string(_ range: Range<Int>) -> String { units(range).withUnsafeBufferPointer(UnicodeText.string) }

    /// The start of the run of non-white-space characters that holds or ends at `offset`, no
    /// earlier than `floor`.
    func runStart(around offset: Int, floor: Int) -> Int {
        var position = offset
        var i = index(offset)
        while position > floor {
            let previous = utf16.index(before: i)
            if UnicodeText.isWhiteSpace(utf16[previous]) { break }
            i = previous
            position -= 1
        }
        return position
    }

    /// The end of the run of non-white-space characters that holds `offset` (`offset` itself when
    /// it is white space), no later than `ceiling`.
    func runEnd(from offset: Int, ceiling: Int) -> Int {
        var position = offset
        var i = index(offset)
        while position < ceiling && !UnicodeText.isWhiteSpace(utf16[i]) {
            i = utf16.index(after: i)
            position += 1
        }
        return position
    }
}
