import Testing
import TextKitModel  // Foundation: FileManager
@testable import TextKitEditing

/// Learned words are process-wide, so these tests run one at a time. Each uses words no other
/// test checks, so tests of other suites running meanwhile are not affected.
@Suite("UITextChecker: learned words", .serialized)
struct LearnedWordsTests {
    var fileContents: String? {
        FileManager.default.contents(atPath: spellingTestDirectory + "/learned-words.txt").map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("A learned word is correct for every checker, and still after a restart")
    func learnPersists() {
        let word = "Blorptastic"
        #expect(firstMisspelledWord("so \(word) today") == word)
        #expect(!UITextChecker.hasLearnedWord(word))
        UITextChecker.learnWord(word)
        #expect(UITextChecker.hasLearnedWord(word))
        #expect(firstMisspelledWord("so \(word) today") == nil)
        #expect(firstMisspelledWord("so \(word.uppercased()) today") == nil)  // hunspell's case rules apply
        #expect(fileContents?.split(separator: "\n").contains(Substring(word)) == true)

        simulateRestart()
        #expect(UITextChecker.hasLearnedWord(word))
        #expect(firstMisspelledWord("so \(word) today") == nil)
        #expect(firstMisspelledWord("Das ist \(word)", language: "de_DE") == nil)  // in every language
        #expect(UITextChecker.learnedWordsError == nil)
        UITextChecker.unlearnWord(word)
    }

    @Test("unlearnWord makes the word misspelled again, also after a restart")
    func unlearn() {
        let word = "quonkish"
        UITextChecker.learnWord(word)
        #expect(firstMisspelledWord("a \(word) thing") == nil)
        UITextChecker.unlearnWord(word)
        #expect(!UITextChecker.hasLearnedWord(word))
        #expect(firstMisspelledWord("a \(word) thing") == word)
        // Learned again in the same open dictionary (hunspell marked it forbidden when removed).
        UITextChecker.learnWord(word)
        #expect(firstMisspelledWord("a \(word) thing") == nil)
        UITextChecker.unlearnWord(word)
        #expect(firstMisspelledWord("a \(word) thing") == word)
        simulateRestart()
        #expect(firstMisspelledWord("a \(word) thing") == word)
        #expect(fileContents?.contains(word) == false)
        // Learned again after unlearning: correct again.
        UITextChecker.learnWord(word)
        #expect(firstMisspelledWord("a \(word) thing") == nil)
        UITextChecker.unlearnWord(word)
    }

    @Test("Learning then unlearning a dictionary word leaves it correct")
    func dictionaryWordsStay() {
        _ = makeChecker()
        UITextChecker.learnWord("kitten")
        UITextChecker.unlearnWord("kitten")
        #expect(firstMisspelledWord("a kitten") == nil)
        UITextChecker.learnWord("line\nbreak")  // cannot be stored: ignored
        #expect(!UITextChecker.hasLearnedWord("line\nbreak"))
    }

    @Test("A corrupt learned-words file is ignored and reported, never fatal, and kept aside")
    func corruptFile() throws {
        let directory = spellingTestDirectory + "/corrupt"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/learned-words.txt"
        _ = FileManager.default.createFile(atPath: file, contents: Data([0x66, 0x6F, 0xFF, 0xFE, 0x0A, 0xC3, 0x28, 0x0A]))
        try withLearnedWords(in: directory) {
            #expect(firstMisspelledWord("teh cat") == "teh")
            #expect(!UITextChecker.hasLearnedWord("fo"))
            #expect(UITextChecker.learnedWordsError?.kind == .notUTF8)
            #expect(UITextChecker.learnedWordsError?.path == file)

            UITextChecker.learnWord("Snorfle")
            #expect(fileContents(file) == "Snorfle\n")
            #expect(FileManager.default.fileExists(atPath: file + ".corrupt"))
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".tmp") }
            #expect(leftovers.isEmpty)
        }
    }

    @Test("A learned-words path that cannot be read or written is reported, not fatal")
    func unusablePath() throws {
        // A directory where the file should be: neither readable as a file nor replaceable.
        let directory = spellingTestDirectory + "/blocked"
        try FileManager.default.createDirectory(atPath: directory + "/learned-words.txt", withIntermediateDirectories: true)
        withLearnedWords(in: directory) {
            #expect(firstMisspelledWord("teh cat") == "teh")
            #expect(UITextChecker.learnedWordsError?.kind == .unreadable)
            UITextChecker.learnWord("Plimbix")
            #expect(UITextChecker.learnedWordsError?.kind == .unwritable)
            #expect(firstMisspelledWord("a Plimbix") == nil)  // learned for this process all the same
        }
    }

    @Test("The file is under $XDG_DATA_HOME/opentextkit, or ~/.local/share/opentextkit")
    func defaultLocation() {
        let store = LearnedWordStore()
        let environment = ProcessInfo.processInfo.environment
        let url = store.fileURL
        if let override = environment["OTK_SPELLING_DIRECTORY"], !override.isEmpty {
            #expect(url?.path == override + "/learned-words.txt")
        } else if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            #expect(url?.path == dataHome + "/opentextkit/learned-words.txt")
        } else if let home = environment["HOME"], !home.isEmpty {
            #expect(url?.path == home + "/.local/share/opentextkit/learned-words.txt")
        }
    }

    func fileContents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }
}
