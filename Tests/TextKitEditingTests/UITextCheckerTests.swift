import ModelTestSupport
import Testing
import TextKitModel  // Foundation: NSRange, NSNotFound
@testable import TextKitEditing

@Suite("UITextChecker: spelling")
struct UITextCheckerSpellingTests {
    @Test("\"teh cat\": the range of \"teh\", and \"the\" among the guesses")
    func tehCat() {
        let checker = makeChecker()
        let text = "teh cat"
        let range = checker.rangeOfMisspelledWord(in: text, range: whole(text), startingAt: 0, wrap: false, language: "en_US")
        #expect(range == NSRange(location: 0, length: 3))
        let guesses = checker.guesses(forWordRange: range, in: text, language: "en_US")
        #expect(guesses?.contains("the") == true)
    }

    @Test("Correct English text has no misspelling")
    func correctText() {
        #expect(firstMisspelledWord("The quick brown fox jumps over the lazy dog.") == nil)
        #expect(firstMisspelledWord("") == nil)
    }

    @Test("Apostrophes, hyphens, numbers and ordinals behave as a reader expects")
    func wordShapes() {
        #expect(misspelledWords("I don't think it’s a well-known 3rd-rate mp3 from 1999 or 42.5 kg, said O'Brien.") == [])
        #expect(misspelledWords("A well-knwon fact, a wonderfull day") == ["knwon", "wonderfull"])
        #expect(misspelledWords("COVID-19 is a e-mail topic") == [])
        #expect(misspelledWords("Sign here: ______ (e.g. snake_case_name), end.Then -- go") == [])
        #expect(misspelledWords("snake_caze and 日本語 and カタカナ") == ["snake_caze"])
    }

    @Test("German: \"Das ist ein Tset\" finds \"Tset\"")
    func german() {
        let checker = makeChecker()
        let text = "Das ist ein Tset"
        let range = checker.rangeOfMisspelledWord(in: text, range: whole(text), startingAt: 0, wrap: false, language: "de_DE")
        #expect(range == NSRange(location: 12, length: 4))
        #expect(misspelledWords("Die Straße ist schön, größer als früher.", language: "de_DE") == [])
        #expect(checker.guesses(forWordRange: range, in: text, language: "de_DE")?.contains("Test") == true)
    }

    @Test("French: elisions are words, a misspelling is found")
    func french() {
        #expect(misspelledWords("L'homme est arrivé aujourd'hui, c'est-à-dire à l’heure.", language: "fr_FR") == [])
        #expect(misspelledWords("Une phrase avec une fote dans la maisson.", language: "fr_FR") == ["fote", "maisson"])
        let text = "la maisson"
        let guesses = makeChecker().guesses(forWordRange: NSRange(location: 3, length: 7), in: text, language: "fr_FR")
        #expect(guesses?.contains("maison") == true)
    }

    @Test("URLs and e-mail addresses are never reported")
    func linksAreSkipped() {
        #expect(firstMisspelledWord("See https://exmaple.com/foo for details.") == nil)
        #expect(firstMisspelledWord("Write to jhon.doe@exmaple.com today (or www.exmaple.org/qwzx).") == nil)
        #expect(misspelledWords("Visit <https://exmaple.com/fooo>, then teh rest, mailto:bobb@exmaple.net.") == ["teh"])
    }

    @Test("wrap: true finds a misspelling before startingAt; false does not")
    func wrapping() {
        let checker = makeChecker()
        let text = "teh cat sat on the mat"
        let start = (text as NSString).range(of: "sat").location
        let noWrap = checker.rangeOfMisspelledWord(in: text, range: whole(text), startingAt: start, wrap: false, language: "en_US")
        #expect(noWrap.location == NSNotFound)
        let wrapped = checker.rangeOfMisspelledWord(in: text, range: whole(text), startingAt: start, wrap: true, language: "en_US")
        #expect(wrapped == NSRange(location: 0, length: 3))
    }

    @Test("Only the given range is checked, and startingAt outside it is moved into it")
    func rangeLimits() {
        let checker = makeChecker()
        let text = "teh cat sat on teh mat"
        let inner = NSRange(location: 4, length: 10)  // "cat sat on"
        #expect(checker.rangeOfMisspelledWord(in: text, range: inner, startingAt: 0, wrap: true, language: "en_US").location == NSNotFound)
        let last = NSRange(location: 15, length: 7)  // "teh mat"
        #expect(checker.rangeOfMisspelledWord(in: text, range: last, startingAt: 0, wrap: false, language: "en_US") == NSRange(location: 15, length: 3))
        // A range that cuts a word: only the part inside is a word.
        #expect(checker.rangeOfMisspelledWord(in: "catt", range: NSRange(location: 0, length: 3), startingAt: 0, wrap: false, language: "en_US").location == NSNotFound)
    }

    @Test("Misspellings are found across the window boundaries of a long text")
    func longText() {
        let filler = String(repeating: "the cat sat on the mat ", count: 2000)  // 46,000 units
        let text = filler + "wonderfull " + filler + "teh"
        #expect(misspelledWords(text) == ["wonderfull", "teh"])
        let checker = makeChecker()
        let end = text.utf16.count
        #expect(checker.rangeOfMisspelledWord(in: text, range: whole(text), startingAt: end, wrap: true, language: "en_US")
                == NSRange(location: filler.utf16.count, length: 10))
    }

    @Test("Offsets are UTF-16, and a range cutting a surrogate pair is harmless")
    func utf16Offsets() {
        let checker = makeChecker()
        let text = "😀 schön Tset"
        #expect(checker.rangeOfMisspelledWord(in: text, range: whole(text), startingAt: 0, wrap: false, language: "de_DE")
                == NSRange(location: 9, length: 4))
        // From the middle of the emoji: a lone low surrogate starts the checked text.
        #expect(checker.rangeOfMisspelledWord(in: text, range: NSRange(location: 1, length: 12), startingAt: 1, wrap: false, language: "de_DE")
                == NSRange(location: 9, length: 4))
        #expect(checker.guesses(forWordRange: NSRange(location: 0, length: 1), in: text, language: "en_US") != nil)
        #expect(checker.completions(forPartialWordRange: NSRange(location: 1, length: 1), in: text, language: "en_US") == [])
        #expect(checker.guesses(forWordRange: NSRange(location: 0, length: 0), in: "", language: "en_US") == [])
    }

    @Test("A language without a dictionary: nothing misspelled, nil guesses and completions")
    func missingLanguage() {
        let checker = makeChecker()
        let text = "teh cat"
        #expect(checker.rangeOfMisspelledWord(in: text, range: whole(text), startingAt: 0, wrap: true, language: "xx_XX")
                == NSRange(location: NSNotFound, length: 0))
        #expect(checker.guesses(forWordRange: NSRange(location: 0, length: 3), in: text, language: "xx_XX") == nil)
        #expect(checker.completions(forPartialWordRange: NSRange(location: 0, length: 2), in: text, language: "xx_XX") == nil)
        #expect(checker.guesses(forWordRange: NSRange(location: 0, length: 3), in: text, language: "../../etc/passwd") == nil)
        #expect(checker.guesses(forWordRange: NSRange(location: 0, length: 3), in: text, language: "") == nil)
    }

    @Test("Languages are found by their usual spellings")
    func languageCodes() {
        #expect(firstMisspelledWord("Das ist ein Tset", language: "de") == "Tset")
        #expect(firstMisspelledWord("Das ist ein Tset", language: "de-DE") == "Tset")
        #expect(firstMisspelledWord("teh cat", language: "en") == "teh")
    }

    @Test("availableLanguages lists the installed dictionaries as locale codes")
    func availableLanguages() {
        let languages = UITextChecker.availableLanguages
        #expect(languages.contains("en_US"))
        #expect(languages.contains("de_DE"))
        #expect(languages.contains("fr_FR"))
        #expect(!languages.contains("xx_XX"))
        #expect(languages == languages.sorted())
        #expect(languages.allSatisfy(SpellingDictionaries.isLocaleCode))
    }

    @Test("ignoreWord affects only that checker")
    func ignoreWord() {
        let first = makeChecker()
        let second = makeChecker()
        #expect(first.ignoredWords == nil)
        first.ignoreWord("Zqwvx")
        first.ignoreWord("Zqwvx")
        #expect(first.ignoredWords == ["Zqwvx"])
        #expect(firstMisspelledWord("a Zqwvx here", checker: first) == nil)
        #expect(firstMisspelledWord("a Zqwvx here", checker: second) == "Zqwvx")
        #expect(second.ignoredWords == nil)
        first.ignoredWords = nil
        #expect(firstMisspelledWord("a Zqwvx here", checker: first) == "Zqwvx")
        second.ignoredWords = ["knwon", "Zqwvx"]
        #expect(misspelledWords("well-knwon Zqwvx teh", checker: second) == ["teh"])
    }

    @Test("Checkers on several threads share the dictionaries safely")
    func concurrentCheckers() async {
        await withTaskGroup(of: Bool.self) { group in
            for i in 0..<16 {
                group.addTask {
                    switch i % 3 {
                    case 0: misspelledWords("teh cat and a wonderfull dog") == ["teh", "wonderfull"]
                    case 1: misspelledWords("Das ist ein Tset", language: "de_DE") == ["Tset"]
                    default: makeChecker().completions(forPartialWordRange: NSRange(location: 0, length: 3), in: "hap", language: "en_US")?.contains("happy") == true
                    }
                }
            }
            for await result in group { #expect(result) }
        }
    }

    @Test("A range outside the string traps with a clear message")
    func outOfRangeTraps() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = UITextChecker().rangeOfMisspelledWord(in: "abc", range: NSRange(location: 1, length: 5), startingAt: 0, wrap: false, language: "en_US")
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("OpenTextKit: fatal error: rangeOfMisspelledWord(in:range:startingAt:wrap:language:): range {1, 5} out of bounds; string length 3"))
        await #expect(processExitsWith: .failure) {
            _ = UITextChecker().guesses(forWordRange: NSRange(location: NSNotFound, length: 0), in: "abc", language: "en_US")
        }
        await #expect(processExitsWith: .failure) {
            _ = UITextChecker().completions(forPartialWordRange: NSRange(location: -1, length: 2), in: "abc", language: "en_US")
        }
    }
}

@Suite("UITextChecker: completions")
struct UITextCheckerCompletionTests {
    func completions(_ partial: String, language: String = "en_US") -> [String]? {
        makeChecker().completions(forPartialWordRange: whole(partial), in: partial, language: language)
    }

    @Test("\"hap\" completes to \"happy\", shortest first, without the partial word")
    func hap() throws {
        let words = try #require(completions("hap"))
        #expect(words.contains("happy"))
        #expect(words.contains("happen"))
        #expect(!words.contains("hap"))
        #expect(words.allSatisfy { $0.hasPrefix("hap") })  // no "Hapsburg" for a lowercase partial word
        let lengths = words.map(\.count)
        #expect(lengths == lengths.sorted())
        #expect(words.firstIndex(of: "happy")! < words.firstIndex(of: "haphazard")!)
    }

    @Test("Completions take the partial word's case")
    func caseFollowsPartial() throws {
        let capitalized = try #require(completions("Hap"))
        #expect(capitalized.contains("Happy"))
        #expect(capitalized.contains("Hapsburg"))
        #expect(capitalized.allSatisfy { $0.hasPrefix("Hap") })
        let upper = try #require(completions("HAP"))
        #expect(upper.contains("HAPPY"))
    }

    @Test("Completions in a sentence, in German and French, and for nothing")
    func inContext() {
        let checker = makeChecker()
        let text = "I am so hap today"
        #expect(checker.completions(forPartialWordRange: NSRange(location: 8, length: 3), in: text, language: "en_US")?.contains("happy") == true)
        #expect(completions("Stra", language: "de_DE")?.contains("Straße") == true)
        #expect(completions("mais", language: "fr_FR")?.contains("maison") == true)
        #expect(completions("") == [])
        #expect(completions("42") == [])
        #expect(completions("zzzzzq") == [])
    }
}

@Suite("UITextChecker: a dictionary in ISO8859-1")
struct Latin1DictionaryTests {
    /// A dictionary written in Latin-1 (SET ISO8859-1), installed for a made-up language "qz_QZ"
    /// in a directory of its own.
    static let language: String = {
        let directory = spellingTestDirectory + "/latin1-dictionary"
        try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let aff = "SET ISO8859-1\nTRY esianrtolcdugmphbyfvkwz\n\nSFX S Y 1\nSFX S 0 s .\n"
        let dic = "4\ncafé/S\nnaïve\nhello/S\nfaçade\n"
        _ = FileManager.default.createFile(atPath: directory + "/qz_QZ.aff", contents: aff.data(using: .isoLatin1))
        _ = FileManager.default.createFile(atPath: directory + "/qz_QZ.dic", contents: dic.data(using: .isoLatin1))
        SpellingDictionaries.shared.addSearchDirectory(directory)
        return "qz_QZ"
    }()

    @Test("Words are converted to and from the dictionary's encoding")
    func latin1() throws {
        let checker = makeChecker()
        #expect(misspelledWords("café cafés naïve hello façade helo", language: Self.language, checker: checker) == ["helo"])
        #expect(misspelledWords("日本 Ωmega", language: Self.language, checker: checker) == ["Ωmega"])  // not writable in Latin-1
        let text = "cafe"
        #expect(checker.guesses(forWordRange: whole(text), in: text, language: Self.language)?.contains("café") == true)
        let partial = "fa"
        #expect(checker.completions(forPartialWordRange: whole(partial), in: partial, language: Self.language) == ["façade"])
        #expect(UITextChecker.availableLanguages.contains(Self.language))
    }
}

@Suite("UITextChecker: every misspelling in one pass")
struct MisspelledRangesTests {
    @Test("The one-pass list is what successive rangeOfMisspelledWord calls find, across several windows")
    func onePassAgreesWithSuccessiveCalls() {
        let checker = makeChecker()
        var random = SeededGenerator.forTest()
        let words = ["the", "quick", "brown", "fox", "teh", "wonderfull", "knwon", "snake_caze", "don't", "3rd", "e.g.",
                     "well-known", "Zorblatt", "日本語", "naïve", "GtkPackType", "dpkg", "\u{2028}", "\n", "—"]
        let text = (0..<6_000).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
        let all = whole(text)
        var successive: [NSRange] = []
        var offset = 0
        while true {
            let found = checker.rangeOfMisspelledWord(in: text, range: all, startingAt: offset, wrap: false, language: "en_US")
            guard found.location != NSNotFound else { break }
            successive.append(found)
            offset = found.location + found.length
        }
        #expect(successive.count > 1_000)
        #expect(checker.misspelledRanges(in: text, range: all, language: "en_US") == successive)
        // A range inside the text, and a language with no dictionary.
        let inner = NSRange(location: 1_234, length: 20_000)
        let first = checker.rangeOfMisspelledWord(in: text, range: inner, startingAt: inner.location, wrap: false, language: "en_US")
        #expect(checker.misspelledRanges(in: text, range: inner, language: "en_US").first == first)
        #expect(checker.misspelledRanges(in: text, range: all, language: "tlh").isEmpty)
    }
}
