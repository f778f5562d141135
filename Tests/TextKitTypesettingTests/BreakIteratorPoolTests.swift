import Foundation
import Testing
@testable import TextKitTypesetting

/// The pool that lends open ICU iterators (BreakIterator.swift): an iterator is lent to one user
/// at a time, per kind and locale, on any thread.
@Suite("Break iterators lent by the pool")
struct BreakIteratorPoolTests {
    static func lineBreaks(_ text: String, locale: String = "") -> [Int] { breaks(.line, text, locale: locale) }

    static func breaks(_ kind: BreakIterator.Kind, _ text: String, locale: String = "") -> [Int] {
        Array(text.utf16).withUnsafeBufferPointer { buffer in
            BreakIterator.withIterator(kind, locale: locale, text: buffer) { iterator in
                var result: [Int] = []
                _ = iterator.first()
                while case let b = iterator.next(), b != BreakIterator.done { result.append(b) }
                return result
            }
        }
    }

    @Test func nestedUsersOfOneKindGetTheirOwnIterators() {
        let outer = Array("one two three".utf16)
        let inner = Array("alpha beta".utf16)
        let (before, innerBreaks, after) = outer.withUnsafeBufferPointer { buffer in
            BreakIterator.withIterator(.line, text: buffer) { iterator -> ([Int], [Int], [Int]) in
                _ = iterator.first()
                let before = [iterator.next()]
                let innerBreaks = Self.lineBreaks(String(decoding: inner, as: UTF16.self))
                var after: [Int] = []
                while case let b = iterator.next(), b != BreakIterator.done { after.append(b) }
                return (before, innerBreaks, after)
            }
        }
        #expect(before == [4])
        #expect(innerBreaks == [6, 10])
        #expect(after == [8, 13], "the inner user must not have moved the outer iterator")
    }

    @Test func moreLocalesThanThePoolKeepsStillBreakAsTheirRulesSay() {
        // More kinds and locales than the pool keeps entries for: each iterator, kept or dropped,
        // still breaks its text.
        let text = "Hello world, again."
        let expected = Self.lineBreaks(text)
        let words = Self.breaks(.word, text)
        #expect(words != expected, "word and line boundaries differ here, so a mixed-up kind shows")
        for i in 0..<100 {
            #expect(Self.lineBreaks(text, locale: "en-US-x-pool\(i)") == expected)
            #expect(Self.breaks(.word, text, locale: "en-US-x-pool\(i)") == words)
        }
        #expect(Self.lineBreaks(text) == expected)
    }

    @Test func threadsBorrowingAtOnceGetTheSerialAnswers() {
        let texts = (0..<64).map { i in String(repeating: "word\(i) ", count: i % 7 + 1) + "end" }
        let serial = texts.map { Self.lineBreaks($0) }
        let results = Results(count: texts.count)
        DispatchQueue.concurrentPerform(iterations: texts.count) { i in
            results.set(i, Self.lineBreaks(texts[i], locale: i % 2 == 0 ? "" : "de"))
        }
        #expect(results.all == serial)
    }

    /// Answers written by concurrent iterations, each to its own slot.
    final class Results: @unchecked Sendable {
        private var slots: [[Int]]
        private let lock = NSLock()
        init(count: Int) { slots = Array(repeating: [], count: count) }
        func set(_ i: Int, _ value: [Int]) { lock.withLock { slots[i] = value } }
        var all: [[Int]] { lock.withLock { slots } }
    }
}
