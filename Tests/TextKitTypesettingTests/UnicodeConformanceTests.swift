import Testing
@testable import TextKitTypesetting

/// Unicode's own break tests (Debian's unicode-data), nobody here wrote them.
@Suite("Unicode conformance of the break iterators")
struct UnicodeConformanceTests {
    struct Case {
        var units: [UInt16]
        var expectedBreaks: [Int]  // UTF-16 offsets, excluding 0
        var line: String
    }

    /// Parses a `*BreakTest.txt` file: `÷ 0023 × 0020 ÷	# comment`.
    static func cases(_ name: String) throws -> [Case] {
        let text = try String(contentsOfFile: "/usr/share/unicode/auxiliary/\(name)", encoding: .utf8)
        var cases: [Case] = []
        for line in text.split(separator: "\n") {
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let tokens = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !tokens.isEmpty else { continue }
            var units: [UInt16] = []
            var breaks: [Int] = []
            for token in tokens {
                if token == "÷" {
                    if !units.isEmpty { breaks.append(units.count) }
                } else if token == "×" {
                    continue
                } else if let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) {
                    units.append(contentsOf: String(scalar).utf16)
                } else if let value = UInt32(token, radix: 16) {
                    units.append(UInt16(truncatingIfNeeded: value))  // a lone surrogate in the test data
                }
            }
            cases.append(Case(units: units, expectedBreaks: breaks, line: String(line)))
        }
        return cases
    }

    static func breaks(_ kind: BreakIterator.Kind, _ units: [UInt16]) -> [Int] {
        units.withUnsafeBufferPointer { buffer in
            BreakIterator.withIterator(kind, locale: "", text: buffer) { iterator in
                var result: [Int] = []
                _ = iterator.first()
                while case let b = iterator.next(), b != BreakIterator.done { result.append(b) }
                return result
            }
        }
    }

    /// Runs a whole test file and returns (passed, total, first failures).
    static func run(_ name: String, _ kind: BreakIterator.Kind) throws -> (Int, Int, [String]) {
        let all = try cases(name)
        var failures: [String] = []
        var passed = 0
        for c in all {
            if breaks(kind, c.units) == c.expectedBreaks { passed += 1 } else { failures.append(c.line) }
        }
        return (passed, all.count, failures)
    }

    @Test func graphemeClusterBreaksPassEveryCase() throws {
        let (passed, total, failures) = try Self.run("GraphemeBreakTest.txt", .character)
        #expect(total > 500)
        #expect(passed == total, "failures: \(failures.prefix(3))")
    }

    /// Every failure is CLDR's tailoring of the root locale that ICU 72 ships: COLON is not
    /// MidLetter (so "a:b" breaks around the colon), where the untailored UAX #29 test keeps it.
    @Test func wordBreaksPassEveryCaseButCLDRsColonTailoring() throws {
        let (passed, total, failures) = try Self.run("WordBreakTest.txt", .word)
        #expect(total > 1000)
        #expect(passed >= total - 20)
        #expect(failures.allSatisfy { $0.contains("003A") }, "failures: \(failures.prefix(3))")
    }

    @Test func sentenceBreaksPassEveryCase() throws {
        let (passed, total, failures) = try Self.run("SentenceBreakTest.txt", .sentence)
        #expect(total > 300)
        #expect(passed == total, "failures: \(failures.prefix(3))")
    }

    /// UAX #14. ICU implements rule LB25 with its documented numeric-expression tailoring (a
    /// hyphen or infix separator before a number stays with it: "-3", ".5"), which is where all
    /// the failures are: 22 of 7,654 cases on ICU 72.1 with Unicode 15.0 data.
    @Test func lineBreaksPassTheUnicodeTestButICUsNumberTailoring() throws {
        let (passed, total, failures) = try Self.run("LineBreakTest.txt", .line)
        #expect(total > 7000)
        #expect(Double(passed) / Double(total) > 0.995)
        #expect(failures.allSatisfy { $0.contains("(HY)") || $0.contains("(IS)") }, "failures: \(failures.prefix(3))")
    }
}
