import Foundation
import Testing
@testable import TextKit
import TextKitModel
import TextKitTypesetting

/// `NSTextLayoutManager.enumerateSubstrings(from:options:using:)`, the selection data source's
/// substring enumeration: each unit from a location on, forwards or backwards, across paragraphs.
@Suite("TextKit 2: substring enumeration")
struct TextKit2SubstringTests {
    /// Each substring (nil kept as "∅"), its storage range and its enclosing storage range.
    static func enumerate(_ stack: TextKit2Stack, from offset: Int, _ options: NSString.EnumerationOptions,
                          limit: Int = .max) -> [(String, NSRange, NSRange)] {
        var found: [(String, NSRange, NSRange)] = []
        stack.layoutManager.enumerateSubstrings(from: stack.location(offset), options: options) { substring, range, enclosing, stop in
            found.append((substring ?? "∅", stack.characters(range), stack.characters(enclosing!)))
            if found.count == limit { stop.pointee = true }
        }
        return found
    }

    @Test("Words from inside a word to the end, across paragraphs: the first is the word holding the location, enclosing ranges tile what follows")
    func wordsForward() {
        let text = "One two.\nThree  four\n\nfive"
        let stack = TextKit2Stack(text)
        let found = Self.enumerate(stack, from: 5, NSString.EnumerationOptions(rawValue: SubstringEnumerationOptions.byWords.rawValue))
        #expect(found.map(\.0) == ["two", "Three", "four", "five"])
        for (substring, range, _) in found { #expect((text as NSString).substring(with: range) == substring) }
        #expect(NSLocationInRange(5, found[0].2))
        for (a, b) in zip(found, found.dropFirst()) where a.2.location + a.2.length != 9 && a.2.location + a.2.length != 21 {
            #expect(a.2.location + a.2.length == b.2.location)  // tiling within a paragraph
        }
        #expect(found.last.map { $0.2.location + $0.2.length } == (text as NSString).length)
    }

    @Test("Words and sentences backwards through the overload iOS code calls (.byWords, .reverse), with a stop")
    func wordsAndSentencesBackward() {
        let stack = TextKit2Stack("Rain fell all day. He left.\nThen it cleared.")
        var words: [String] = []
        stack.layoutManager.enumerateSubstrings(from: stack.location(30), options: [.byWords, .reverse]) { substring, _, _, stop in
            words.append(substring!)
            if words.count == 4 { stop.pointee = true }
        }
        #expect(words == ["Then", "left", "He", "day"])
        var sentences: [NSRange] = []
        stack.layoutManager.enumerateSubstrings(from: stack.location(0), options: .bySentences) { _, range, _, _ in
            sentences.append(stack.characters(range))
        }
        #expect(sentences.map(\.location) == [0, 19, 28])
    }

    @Test("Lines and paragraphs agree with Foundation's NSString enumeration over mixed separators (U+2028 ends a line, not a paragraph)")
    func linesAndParagraphsAgreeWithFoundation() {
        let text = "first\u{2028}second\r\nthird\rfourth\u{2029}\nsixth" as NSString
        let stack = TextKit2Stack(text as String)
        for unit in [NSString.EnumerationOptions.byLines, .byParagraphs] {
            var reference: [(String, NSRange, NSRange)] = []
            text.enumerateSubstrings(in: NSRange(location: 0, length: text.length), options: unit) { substring, range, enclosing, _ in
                reference.append((substring!, range, enclosing))
            }
            let ours = Self.enumerate(stack, from: 0, unit)
            #expect(ours.map(\.0) == reference.map(\.0), "unit \(unit.rawValue)")
            #expect(ours.map(\.1) == reference.map(\.1) && ours.map(\.2) == reference.map(\.2), "unit \(unit.rawValue)")
        }
        #expect(Self.enumerate(stack, from: 0, .byLines).count == 6)
        #expect(Self.enumerate(stack, from: 0, .byParagraphs).count == 5)
    }

    @Test("Composed character sequences are grapheme clusters; .substringNotRequired passes nil; an empty text enumerates nothing")
    func clustersAndOptions() {
        let stack = TextKit2Stack("e\u{301}👍🏽\u{1F1EB}\u{1F1F7}x")
        let clusters = Self.enumerate(stack, from: 1, .byComposedCharacterSequences)
        #expect(clusters.map(\.1) == [NSRange(location: 0, length: 2), NSRange(location: 2, length: 4),
                                      NSRange(location: 6, length: 4), NSRange(location: 10, length: 1)])
        #expect(clusters.allSatisfy { $0.1 == $0.2 })
        #expect(Self.enumerate(stack, from: 0, [.byComposedCharacterSequences, .substringNotRequired], limit: 2).map(\.0) == ["∅", "∅"])
        #expect(Self.enumerate(stack, from: 11, [.byComposedCharacterSequences, .reverse]).map(\.1.location) == [10, 6, 2, 0])
        #expect(Self.enumerate(TextKit2Stack(""), from: 0, .byParagraphs).isEmpty)
    }
}
