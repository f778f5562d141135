import Testing
import TextKitModel  // Foundation
@testable import TextKitEditing

/// Not a timed test: prints how fast checking and completion are, for the README. Runs only when
/// OTK_MEASURE_SPELLING is set:
///
///     OTK_MEASURE_SPELLING=1 swift test --filter SpellingMeasurement
@Suite("Spelling measurement", .enabled(if: ProcessInfo.processInfo.environment["OTK_MEASURE_SPELLING"] != nil))
struct SpellingMeasurement {
    /// About 1 MB of English prose: the licence texts Debian ships, repeated.
    static func englishText() -> String {
        let directory = "/usr/share/common-licenses"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        var prose = ""
        for name in names {
            if let data = FileManager.default.contents(atPath: directory + "/" + name), let text = String(data: data, encoding: .utf8) {
                prose += text + "\n"
            }
        }
        var text = ""
        while text.utf8.count < 1_000_000 && !prose.isEmpty { text += prose }
        return text
    }

    @Test func measure() {
        let clock = ContinuousClock()
        simulateRestart()
        let checker = makeChecker()
        var started = clock.now
        _ = checker.rangeOfMisspelledWord(in: "a", range: NSRange(location: 0, length: 1), startingAt: 0, wrap: false, language: "en_US")
        print("spelling: opening en_US took \(clock.now - started)")

        let text = Self.englishText()
        let units = Array(text.utf16)
        let words = units.withUnsafeBufferPointer { SpellingWords.units(in: $0, locale: "en_US").reduce(0) { $0 + $1.words.count } }
        started = clock.now
        let misspelled = misspelledWords(text, checker: checker)
        let elapsed = clock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("spelling: distinct misspellings: \(Set(misspelled).sorted())")
        print("spelling: \(text.utf8.count) bytes, \(words) words checked, \(misspelled.count) misspellings (\(Set(misspelled).count) distinct) in \(elapsed): \(Int(Double(words) / seconds)) words/s")

        for (prefix, language) in [("th", "en_US"), ("Sc", "de_DE"), ("ma", "fr_FR")] {
            started = clock.now
            let cold = checker.completions(forPartialWordRange: NSRange(location: 0, length: 2), in: prefix, language: language) ?? []
            let coldTime = clock.now - started
            let rounds = 200
            started = clock.now
            for _ in 0..<rounds {
                _ = checker.completions(forPartialWordRange: NSRange(location: 0, length: 2), in: prefix, language: language)
            }
            let warm = (clock.now - started) / rounds
            print("spelling: completions of \"\(prefix)\" (\(language)): \(cold.count) words; first call \(coldTime) (opens the dictionary and builds its word index), then \(warm) a call; first: \(cold.prefix(8))")
        }
    }
}
