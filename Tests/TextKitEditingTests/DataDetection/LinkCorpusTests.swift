import Testing
import TextKitModel  // Foundation
@testable import TextKitEditing
import class TextKitEditing.NSTextCheckingResult

// Real text with links that nobody here wrote: the public suffix list (whose comments cite the
// registries' web sites and their submitters' e-mail addresses), the copyright files of the Debian
// packages scripts/setup.sh installs, and linkify's README and changelog. A strict reference —
// http(s) URLs of ASCII host names and paths, and e-mail addresses of ASCII names with a real
// top-level domain — finds the links whose extent nobody can dispute; each must be found by the
// detector with exactly its range (recall), and each http(s) or e-mail link the detector finds must
// be one of them (precision).

enum LinkCorpus {
    /// The packages of scripts/setup.sh.
    static func setupPackages() -> [String] {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/setup.sh")
        guard let text = try? String(contentsOf: script, encoding: .utf8),
              let start = text.range(of: "packages=("), let end = text[start.upperBound...].range(of: "\n)") else { return [] }
        return text[start.upperBound..<end.lowerBound].split(separator: "\n")
            .map { $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" }
            .flatMap { $0.split(separator: " ").map(String.init) }
    }

    /// The corpus files that exist (all installed by scripts/setup.sh).
    static func files() -> [String] {
        var paths = [TopLevelDomains.publicSuffixListPath,
                     "/usr/share/cargo/registry/linkify-0.9.0/README.md",
                     "/usr/share/cargo/registry/linkify-0.9.0/CHANGELOG.md"]
        paths += setupPackages().map { "/usr/share/doc/\($0)/copyright" }
        return paths.filter { FileManager.default.fileExists(atPath: $0) }
    }

    static let url = try! NSRegularExpression(  // swiftlint:disable:this force_try — a constant pattern
        pattern: #"https?://[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?::[0-9]{1,5})?(?:/[A-Za-z0-9._~%!$&*+,;=:@/?#-]*)?"#)
    static let email = try! NSRegularExpression(  // swiftlint:disable:this force_try — a constant pattern
        pattern: #"(?<![A-Za-z0-9._%+-])[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![A-Za-z0-9-])"#)

    /// The reference links of `text`: ranges whose extent is certain. A URL's trailing `. , ; : ! ? *`
    /// are dropped; a URL followed by a character that could continue it under other rules
    /// (a bracket, a quote, non-ASCII) is left out, as is an e-mail address whose domain is not real.
    static func reference(_ text: String) -> Set<NSRange> {
        let ns = text as NSString
        var ranges = Set<NSRange>()
        for match in url.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            var range = match.range
            while range.length > 0, ".,;:!?*".utf16.contains(ns.character(at: NSMaxRange(range) - 1)) { range.length -= 1 }
            let after = NSMaxRange(match.range) < ns.length ? ns.character(at: NSMaxRange(match.range)) : 0x20
            if after >= 0x80 || "([{'|\\`^".utf16.contains(after) { continue }
            if match.range.location > 0, ns.character(at: match.range.location - 1) == 0x27 { continue }  // 'http…
            ranges.insert(range)
        }
        for match in email.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let address = ns.substring(with: match.range)
            guard let tld = address.split(separator: ".").last, TopLevelDomains.shared.contains(String(tld)) else { continue }
            if match.range.location >= 3, ns.substring(with: NSRange(location: match.range.location - 3, length: 3)) == "://" {
                continue  // user@host of a URL
            }
            ranges.insert(match.range)
        }
        return ranges
    }
}

@Suite("Link detection measured on real text")
struct LinkCorpusTests {
    @Test("Every certain http(s) URL and e-mail address is found with its exact range, and few others")
    func corpus() throws {
        let files = LinkCorpus.files()
        try #require(files.count >= 10, "scripts/setup.sh installs publicsuffix, librust-linkify-dev and the packages' docs")
        let detector = try NSDataDetector(types: NSTextCheckingResult.CheckingType.link.rawValue)
        var (reference, found, matched, checkedLinks, otherLinks, unjudged) = (0, 0, 0, 0, 0, 0)
        var unjudgedSamples: [String] = []
        var misses: [String] = []
        var extras: [String] = []
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            let ns = text as NSString
            let expected = LinkCorpus.reference(text)
            var detected = Set<NSRange>()
            for match in detector.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
                let written = ns.substring(with: match.range)
                let lower = written.lowercased()
                if lower.hasPrefix("http://") || lower.hasPrefix("https://") || match.url?.scheme == "mailto" {
                    detected.insert(match.range)
                } else {
                    otherLinks += 1
                }
            }
            // A detected link is judged when it overlaps a reference link; the others (a URL the
            // reference left out because a bracket or quote follows it, say) are counted apart.
            let judged = detected.filter { range in expected.contains { NSIntersectionRange($0, range).length > 0 } }
            reference += expected.count
            found += judged.count
            checkedLinks += detected.count
            unjudged += detected.count - judged.count
            matched += expected.intersection(detected).count
            for range in expected.subtracting(detected) { misses.append("\(path): \(ns.substring(with: range))") }
            for range in judged.subtracting(expected) { extras.append("\(path): \(ns.substring(with: range))") }
            for range in detected.subtracting(judged).prefix(3) { unjudgedSamples.append(ns.substring(with: range)) }
        }
        let recall = Double(matched) / Double(max(1, reference))
        let precision = Double(matched) / Double(max(1, found))
        print("link corpus: \(files.count) files, \(reference) reference links; recall \(recall), precision \(precision); "
              + "\(checkedLinks) http(s)/e-mail links (\(unjudged) not judged) and \(otherLinks) other links detected")
        for sample in unjudgedSamples.prefix(10) { print("  not judged: \(sample)") }
        for line in misses.prefix(20) { print("  missed: \(line)") }
        for line in extras.prefix(20) { print("  extra: \(line)") }
        #expect(reference > 1000)
        #expect(recall >= 0.99)
        #expect(precision >= 0.99)
    }
}
