import Testing
import TextKitModel  // Foundation: NSRange, FileManager
@testable import TextKitEditing

/// A directory of this test process's own for the learned-words file, set before any checker
/// reads it: the tests never read or write the user's real learned words.
let spellingTestDirectory: String = {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("otk-spelling-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)").path
    try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    LearnedWordStore.shared.directoryOverride = directory
    LearnedWordStore.shared.reset()
    atexit { try? FileManager.default.removeItem(atPath: spellingTestDirectory) }
    return directory
}()

/// A checker whose learned words come from ``spellingTestDirectory``.
func makeChecker() -> UITextChecker {
    _ = spellingTestDirectory
    return UITextChecker()
}

/// As after a restart: no dictionary open and the learned words not yet read.
func simulateRestart() {
    SpellingDictionaries.shared.reset()
    LearnedWordStore.shared.reset()
}

/// Runs `body` with the learned words read from `directory`, as after a restart, then goes back to
/// ``spellingTestDirectory``.
func withLearnedWords<R>(in directory: String, _ body: () throws -> R) rethrows -> R {
    LearnedWordStore.shared.directoryOverride = directory
    simulateRestart()
    defer {
        LearnedWordStore.shared.directoryOverride = spellingTestDirectory
        simulateRestart()
    }
    return try body()
}

func whole(_ text: String) -> NSRange { NSRange(location: 0, length: text.utf16.count) }

/// The first misspelled word of `text`, or nil.
func firstMisspelledWord(_ text: String, language: String = "en_US", checker: UITextChecker = makeChecker()) -> String? {
    let range = checker.rangeOfMisspelledWord(in: text, range: whole(text), startingAt: 0, wrap: false, language: language)
    guard range.location != NSNotFound else { return nil }
    return (text as NSString).substring(with: range)
}

/// Every misspelled word of `text`, in order.
func misspelledWords(_ text: String, language: String = "en_US", checker: UITextChecker = makeChecker()) -> [String] {
    var words: [String] = []
    var start = 0
    while true {
        let range = checker.rangeOfMisspelledWord(in: text, range: whole(text), startingAt: start, wrap: false, language: language)
        if range.location == NSNotFound { return words }
        words.append((text as NSString).substring(with: range))
        start = range.location + range.length
    }
}
