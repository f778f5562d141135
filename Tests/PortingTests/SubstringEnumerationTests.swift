import Foundation
import OpenTextKit
import Testing

// Word and sentence enumeration written as iOS code writes it (Foundation on Linux marks
// .byWords and .bySentences unavailable; OpenTextKit's overload answers these calls).
@Suite("enumerateSubstrings by words and sentences")
struct SubstringEnumerationTests {
    @Test("String.enumerateSubstrings(.byWords) gives the words, with enclosing ranges that tile the text")
    func wordsOfAString() {
        let text = "  Hello, world! Can't stop 42 times."
        var words: [String] = []
        var enclosing: [Range<String.Index>] = []
        text.enumerateSubstrings(in: text.startIndex..<text.endIndex, options: .byWords) { substring, _, enclosingRange, _ in
            words.append(substring!)
            enclosing.append(enclosingRange)
        }
        #expect(words == ["Hello", "world", "Can't", "stop", "42", "times"])
        #expect(enclosing.first?.lowerBound == text.startIndex && enclosing.last?.upperBound == text.endIndex)
        for (a, b) in zip(enclosing, enclosing.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
    }

    @Test("NSString.enumerateSubstrings(.bySentences) and [.byWords, .reverse] with a stop")
    func sentencesOfAnNSString() {
        let text = "Mr. Smith went home. He said \"Hi!\" Then he left.\nOK?" as NSString
        var sentences: [String] = []
        text.enumerateSubstrings(in: NSRange(location: 0, length: text.length), options: .bySentences) { substring, range, _, _ in
            sentences.append(substring!)
            #expect(text.substring(with: range) == substring)
        }
        #expect(sentences.last == "OK?")
        #expect(sentences.contains("Then he left."))
        var lastTwo: [String] = []
        text.enumerateSubstrings(in: NSRange(location: 0, length: text.length), options: [.byWords, .reverse]) { substring, _, _, stop in
            lastTwo.append(substring!)
            if lastTwo.count == 2 { stop.pointee = true }
        }
        #expect(lastTwo == ["OK", "left"])
    }

    @Test("Foundation's own units still resolve to Foundation's enumeration")
    func linesStayFoundations() {
        let text = "one\ntwo"
        var lines: [String] = []
        text.enumerateSubstrings(in: text.startIndex..<text.endIndex, options: .byLines) { substring, _, _, _ in lines.append(substring!) }
        #expect(lines == ["one", "two"])
    }
}
