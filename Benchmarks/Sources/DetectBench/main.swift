// How fast NSDataDetector finds links, phone numbers and dates (release build; the README quotes it):
//
//   cd Benchmarks && swift run -c release DetectBench
//
// Two texts of 1 MB (UTF-8), each searched for all three types, five rounds (the best and the
// median are printed): English prose (Debian's licence texts, repeated, a few hundred links) and
// the public suffix list (thousands of URLs, e-mail addresses and host names). No peer: Foundation
// on Linux has no data detector.
import Foundation
import OpenTextKit

func read(_ path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path) else { fatalError("DetectBench: cannot read \(path)") }
    return String(decoding: data, as: UTF8.self)
}

func megabyte(of source: String) -> String {
    var text = ""
    while text.utf8.count < 1_000_000 { text += source + "\n" }
    return text
}

let licences = "/usr/share/common-licenses"
let prose = ((try? FileManager.default.contentsOfDirectory(atPath: licences)) ?? []).sorted()
    .map { read(licences + "/" + $0) }.joined(separator: "\n")
let texts = [("prose (licences)", megabyte(of: prose)),
             ("public suffix list", megabyte(of: read("/usr/share/publicsuffix/public_suffix_list.dat")))]

let types: NSTextCheckingResult.CheckingType = [.link, .phoneNumber, .date]
let detector = try NSDataDetector(types: types.rawValue)
let clock = ContinuousClock()
func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
}

for (name, text) in texts {
    var times: [Double] = []
    var counts: [NSTextCheckingResult.CheckingType: Int] = [:]
    for _ in 0..<5 {
        let started = clock.now
        let matches = detector.matches(in: text, options: [], range: NSRange(location: 0, length: text.utf16.count))
        times.append(milliseconds(clock.now - started))
        counts = Dictionary(grouping: matches, by: \.resultType).mapValues(\.count)
    }
    times.sort()
    let found = "\(counts[.link] ?? 0) links, \(counts[.phoneNumber] ?? 0) phone numbers, \(counts[.date] ?? 0) dates"
    print("\(name), \(text.utf8.count / 1000) kB: best \(String(format: "%.1f", times[0])) ms, "
          + "median \(String(format: "%.1f", times[2])) ms (\(found))")
}
