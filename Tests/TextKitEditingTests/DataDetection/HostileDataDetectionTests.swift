import ModelTestSupport
import Testing
import TextKitModel  // Foundation
@testable import TextKitEditing
import class TextKitEditing.NSTextCheckingResult

/// Text built to break a detector: every case must end quickly with sensible results.
@Suite("NSDataDetector on hostile text")
struct HostileDataDetectionTests {
    static let all = NSTextCheckingResult.CheckingType([.link, .phoneNumber, .date])

    func detectAll(_ text: String) -> [NSTextCheckingResult] {
        let started = Date()
        let matches = detect(text, Self.all)
        #expect(Date().timeIntervalSince(started) < 5, "took too long: \(text.prefix(40))…")
        for match in matches {
            #expect(match.range.location >= 0 && NSMaxRange(match.range) <= text.utf16.count)
        }
        return matches
    }

    @Test("Lone surrogates, NUL and controls end matches and never crash")
    func brokenUnits() {
        let lone = String(decoding: [0x68, 0xD800, 0x20] as [UInt16] + Array("https://swift.org/a".utf16) + [0xDC00, 0x61],
                          as: UTF16.self)
        #expect(detectAll(lone).count == 1)
        // NSString with real lone surrogates, read through its UTF-16 view.
        let units: [UInt16] = Array("www.apple.com/".utf16) + [0xD83D] + Array("x 555-0199 ".utf16) + [0xDE00]
        let ns = NSString(characters: units, length: units.count)
        #expect(detectAll(ns as String).count == 2)
        #expect(matchedTexts("https://swift.org/\u{0}tail") == ["https://swift.org/"])
        #expect(detectAll(String(repeating: "\u{0}", count: 10_000)).isEmpty)
        #expect(detectAll("\u{1}\u{2}https://x.org\u{7}").count == 1)
    }

    @Test("Long runs of dots, slashes, at signs and schemes", arguments: [
        String(repeating: ".", count: 200_000),
        String(repeating: "a.", count: 100_000),
        String(repeating: "@", count: 100_000),
        String(repeating: "a@", count: 100_000),
        String(repeating: "http://", count: 30_000),
        "http://" + String(repeating: ".", count: 100_000),
        String(repeating: "x://", count: 50_000),
        String(repeating: "/", count: 100_000),
        String(repeating: "1-", count: 100_000),
        String(repeating: "12/", count: 60_000),
        String(repeating: "+1 ", count: 60_000),
        String(repeating: "www.", count: 50_000) + "com",
        String(repeating: "a", count: 200_000) + "@example.com",
        "https://" + String(repeating: "a", count: 200_000) + ".com",
        String(repeating: "Nov 25, ", count: 30_000),
        String(repeating: "next ", count: 50_000),
    ])
    func longRuns(text: String) {
        _ = detectAll(text)
    }

    @Test("100,000 nested parentheses around and inside a URL")
    func nestedParentheses() {
        let open = String(repeating: "(", count: 100_000), close = String(repeating: ")", count: 100_000)
        let around = open + "https://swift.org" + close
        #expect(detectAll(around).map(\.range) == [NSRange(location: 100_000, length: 17)])
        let inside = "https://swift.org/" + open + "x" + close + close
        #expect(detectAll(inside).map(\.range.length) == [18 + 200_001])
        let unclosed = "https://swift.org/" + open + "x"
        #expect(detectAll(unclosed).map(\.range.length) == [18])
    }

    @Test("Bare schemes and hosts alone", arguments: ["http://", "https://", "mailto:", "www.", ".com", "@", "+", "()", ""])
    func fragments(text: String) {
        #expect(detectAll(text).isEmpty)
    }

    @Test("Random text of URL characters never crashes")
    func randomText() {
        var generator = SeededGenerator(seed: 0x5EED)
        let alphabet = Array("ab.:/@+-() 019wx\u{0}\u{FFFD}é例'\"?#%[]\u{200B}".utf16) + [0xD800, 0xDC00]
        for _ in 0..<200 {
            let units = (0..<Int(generator.next() % 300)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            _ = detectAll(String(decoding: units, as: UTF16.self))
            let ns = NSString(characters: units, length: units.count) as String
            _ = detectAll(ns)
        }
    }
}
