import Foundation
import OpenTextKit

// Spell checking as an iOS editor does it: walk the misspellings with UITextChecker, with the
// guesses for each, in a language the checker has.
struct SpellingIssue {
    let range: NSRange
    let word: String
    let guesses: [String]
}

func spellingIssues(in text: String, language: String) -> [SpellingIssue] {
    let checker = UITextChecker()
    let nsText = text as NSString
    let whole = NSRange(location: 0, length: nsText.length)
    var issues: [SpellingIssue] = []
    var offset = 0
    while offset < nsText.length {
        let range = checker.rangeOfMisspelledWord(in: text, range: whole, startingAt: offset, wrap: false, language: language)
        if range.location == NSNotFound { break }
        let guesses = checker.guesses(forWordRange: range, in: text, language: language) ?? []
        issues.append(SpellingIssue(range: range, word: nsText.substring(with: range), guesses: guesses))
        offset = NSMaxRange(range)
    }
    return issues
}

func spellingLanguage(for identifier: String) -> String? {
    let code = identifier.replacingOccurrences(of: "-", with: "_")
    let languages = UITextChecker.availableLanguages
    return languages.first { $0 == code } ?? languages.first { $0.hasPrefix(code.prefix(2) + "_") }
}
