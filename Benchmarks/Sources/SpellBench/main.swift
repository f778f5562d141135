// How fast UITextChecker checks and completes (release build; the README quotes it):
//
//   cd Benchmarks && swift run -c release SpellBench
//
// Checks about 1 MB of English prose (Debian's licence texts, repeated) with
// rangeOfMisspelledWord, one call per misspelling as an editor would, three rounds; then times
// completions of two-letter prefixes, the first call (which reads the dictionary's word list)
// apart. Learned words go to a temporary directory, never the user's. No peer: hunspell does the
// checking in both cases, so the figure to watch is the cost of OpenTextKit's word finding
// around it.
import Foundation
import OpenTextKit

setenv("OTK_SPELLING_DIRECTORY", NSTemporaryDirectory() + "spellbench-\(getpid())", 1)

let licences = "/usr/share/common-licenses"
var prose = ""
for name in ((try? FileManager.default.contentsOfDirectory(atPath: licences)) ?? []).sorted() {
    if let data = FileManager.default.contents(atPath: licences + "/" + name), let text = String(data: data, encoding: .utf8) {
        prose += text + "\n"
    }
}
guard !prose.isEmpty else { fatalError("SpellBench: no text in \(licences)") }
var text = ""
while text.utf8.count < 1_000_000 { text += prose }
var words = 0
(text as NSString).enumerateSubstrings(in: NSRange(location: 0, length: text.utf16.count), options: .byWords) { _, _, _, _ in
    words += 1
}

let clock = ContinuousClock()
func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
}

let checker = UITextChecker()
var started = clock.now
_ = checker.rangeOfMisspelledWord(in: "a", range: NSRange(location: 0, length: 1), startingAt: 0, wrap: false, language: "en_US")
print("opening en_US: \(String(format: "%.1f", milliseconds(clock.now - started))) ms")

let all = NSRange(location: 0, length: text.utf16.count)
for round in 1...3 {
    started = clock.now
    var found = 0
    var start = 0
    while true {
        let range = checker.rangeOfMisspelledWord(in: text, range: all, startingAt: start, wrap: false, language: "en_US")
        if range.location == NSNotFound { break }
        found += 1
        start = range.location + range.length
    }
    let elapsed = milliseconds(clock.now - started)
    print("check round \(round): \(text.utf8.count) bytes, \(words) words, \(found) misspellings in "
          + "\(String(format: "%.0f", elapsed)) ms: \(Int(Double(words) / elapsed * 1000)) words/s")
}

for (prefix, language) in [("th", "en_US"), ("ha", "en_US"), ("Sc", "de_DE"), ("ma", "fr_FR")] {
    let range = NSRange(location: 0, length: 2)
    started = clock.now
    let first = checker.completions(forPartialWordRange: range, in: prefix, language: language) ?? []
    let firstTime = milliseconds(clock.now - started)
    let calls = 1000
    started = clock.now
    for _ in 0..<calls { _ = checker.completions(forPartialWordRange: range, in: prefix, language: language) }
    let each = milliseconds(clock.now - started) / Double(calls)
    print("completions of \"\(prefix)\" (\(language)): \(first.count) words; first call \(String(format: "%.1f", firstTime)) ms, "
          + "then \(String(format: "%.3f", each)) ms a call")
}
