import Testing
@testable import TextKitTypesetting
import ModelTestSupport

/// Line breaks made again after an edit from the old ones (PriorBreaks.swift) must be ICU's for
/// the whole new text. The material is Unicode's own line-break test sequences (each one exercises
/// a rule of UAX #14): random edits splice pieces of one into a paragraph made of others.
@Suite("Line breaks reused after an edit")
struct PriorBreaksTests {
    static func wholeBreaks(_ units: [UInt16]) -> [Int] {
        UnicodeConformanceTests.breaks(.line, units)
    }

    static func reusedBreaks(_ prior: PriorBreaks, _ units: [UInt16]) -> [Int]? {
        units.withUnsafeBufferPointer { text in
            guard prior.applies(to: text, locale: "") else { return nil }
            return prior.boundaries(of: text)
        }
    }

    @Test("Random edits of paragraphs made of Unicode's line-break test sequences: the reused breaks are ICU's",
          arguments: [1, 2, 3] as [UInt64])
    func randomEdits(seed: UInt64) throws {
        let cases = try UnicodeConformanceTests.cases("LineBreakTest.txt").map(\.units)
        #expect(cases.count > 1_000)
        var random = SeededGenerator(seed: seed)
        var reused = 0
        for _ in 0..<3_000 {
            // A paragraph of a few sequences, some joined by a space or a letter.
            var old: [UInt16] = []
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                old += cases.randomElement(using: &random)!
                if Bool.random(using: &random) { old.append([0x20, 0x61, 0x20A0].randomElement(using: &random)!) }
            }
            let start = Int.random(in: 0...old.count, using: &random)
            let oldLength = Int.random(in: 0...min(4, old.count - start), using: &random)
            let piece = cases.randomElement(using: &random)!
            let inserted = Array(piece.prefix(Int.random(in: 0...min(4, piece.count), using: &random)))
            var new = old
            new.replaceSubrange(start..<(start + oldLength), with: inserted)
            guard !old.isEmpty, !new.isEmpty else { continue }
            let prior = PriorBreaks(ends: Self.wholeBreaks(old).map { Int32($0) }, editStart: start,
                                    oldLength: oldLength, newLength: inserted.count)
            guard let breaks = Self.reusedBreaks(prior, new) else { continue }
            reused += 1
            let expected = Self.wholeBreaks(new)
            #expect(breaks == expected, "old \(old.map { String($0, radix: 16) }), edit at \(start): \(oldLength) units → \(inserted.map { String($0, radix: 16) })")
        }
        // Most paragraphs qualify (those with a surrogate or a Thai-like letter do not).
        #expect(reused > 1_000)
    }

    @Test("Paragraphs with text ICU breaks by dictionary, with another locale's breaks, or whose length does not match are broken whole")
    func notReused() {
        let english = Array("one two three".utf16)
        let prior = PriorBreaks(ends: Self.wholeBreaks(english).map { Int32($0) }, editStart: 4, oldLength: 0, newLength: 2)
        var thai = english
        thai.insert(contentsOf: Array("ไท".utf16), at: 4)
        var latin = english
        latin.insert(contentsOf: Array("xy".utf16), at: 4)
        thai.withUnsafeBufferPointer { #expect(!prior.applies(to: $0, locale: "")) }
        latin.withUnsafeBufferPointer { text in
            #expect(prior.applies(to: text, locale: ""))
            #expect(!prior.applies(to: text, locale: "ja"))
        }
        Array(latin.dropLast()).withUnsafeBufferPointer { #expect(!prior.applies(to: $0, locale: "")) }
    }
}
