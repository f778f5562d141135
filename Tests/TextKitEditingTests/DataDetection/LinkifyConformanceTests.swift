import Testing
import TextKitModel  // Foundation
@testable import TextKitEditing
import class TextKitEditing.NSTextCheckingResult

// Measures the link detector against the test cases of the Rust crate linkify 0.9.0 (MIT or
// Apache-2.0), which Debian's librust-linkify-dev installs as source (scripts/setup.sh installs
// it). The cases are read from the installed files at test time; none is copied here. Each case
// is a call such as `assert_linked("(http://example.org/)", "(|http://example.org/|)")`: the input,
// and the input with each link between bars.
//
// linkify is a different detector with different choices (it links any scheme with "://", and
// hosts without a scheme whatever their top-level domain), so the cases measure agreement rather
// than set the rules; the figures go in the README.

/// The installed test files of linkify.
let linkifyTests = "/usr/share/cargo/registry/linkify-0.9.0/tests"

/// One case read from linkify's tests.
struct LinkifyCase {
    /// Which kinds of link linkify's finder looked for in the case.
    enum Mode { case schemeRequired, schemeOptional, urlsWithoutScheme, emailsOnly }
    var file: String
    var mode: Mode
    var input: String
    var expected: String
}

/// Reads Rust string literals ("…" with escapes, and r#"…"#) from the calls of `functions`.
enum RustTestReader {
    static func cases(file: String, modes: [String: LinkifyCase.Mode]) -> [LinkifyCase] {
        guard let source = try? String(contentsOfFile: linkifyTests + "/" + file, encoding: .utf8) else { return [] }
        let chars = Array(source.unicodeScalars)
        var cases: [LinkifyCase] = []
        var i = 0
        while i < chars.count {
            if matches("//", chars, at: i) {  // a line comment: commented-out cases do not count
                while i < chars.count, chars[i] != "\n" { i += 1 }
                continue
            }
            guard let (name, mode) = modes.first(where: { matches($0.key + "(", chars, at: i) }),
                  i == 0 || !isIdentifier(chars[i - 1]), !matches("fn ", chars, at: max(0, i - 3)) else {
                i += 1
                continue
            }
            var k = i + name.count + 1
            var literals: [String] = []
            while literals.count < 2 {
                skipSpace(chars, &k)
                guard let literal = readLiteral(chars, &k) else { break }
                literals.append(literal)
                skipSpace(chars, &k)
                if k < chars.count, chars[k] == "," { k += 1 } else { break }
            }
            if let input = literals.first {
                cases.append(LinkifyCase(file: file, mode: mode, input: input, expected: literals.count > 1 ? literals[1] : input))
            }
            i = k
        }
        return cases
    }

    static func matches(_ word: String, _ chars: [Unicode.Scalar], at i: Int) -> Bool {
        let w = Array(word.unicodeScalars)
        return i + w.count <= chars.count && Array(chars[i..<i + w.count]) == w
    }

    static func isIdentifier(_ c: Unicode.Scalar) -> Bool { c == "_" || c.properties.isAlphabetic || ("0"..."9").contains(c) }

    static func skipSpace(_ chars: [Unicode.Scalar], _ k: inout Int) {
        while k < chars.count, chars[k].properties.isWhitespace { k += 1 }
    }

    static func readLiteral(_ chars: [Unicode.Scalar], _ k: inout Int) -> String? {
        if matches("r#\"", chars, at: k) {
            var j = k + 3
            var out = String.UnicodeScalarView()
            while j < chars.count, !matches("\"#", chars, at: j) { out.append(chars[j]); j += 1 }
            k = j + 2
            return String(out)
        }
        guard k < chars.count, chars[k] == "\"" else { return nil }
        var j = k + 1
        var out = String.UnicodeScalarView()
        while j < chars.count, chars[j] != "\"" {
            if chars[j] == "\\", j + 1 < chars.count {
                let e = chars[j + 1]
                j += 2
                switch e {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                case "0": out.append("\u{0}")
                case "\n": while j < chars.count, chars[j].properties.isWhitespace { j += 1 }  // line continuation
                case "u":
                    guard j < chars.count, chars[j] == "{", let close = chars[j...].firstIndex(of: "}"),
                          let value = UInt32(String(String.UnicodeScalarView(chars[j + 1..<close])), radix: 16),
                          let scalar = Unicode.Scalar(value) else { return nil }
                    out.append(scalar)
                    j = close + 1
                default: out.append(e)  // \" \\ \'
                }
            } else {
                out.append(chars[j])
                j += 1
            }
        }
        k = j + 1
        return String(out)
    }

    /// The spans between bars of an expected string, as UTF-16 ranges of the input.
    static func spans(_ expected: String) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var offset = 0
        var start: Int?
        for unit in expected.utf16 {
            if unit == 0x7C {  // "|"
                if let s = start { spans.append(s..<offset); start = nil } else { start = offset }
            } else {
                offset += 1
            }
        }
        return spans
    }
}

@Suite("Link detection measured against linkify's test cases")
struct LinkifyConformanceTests {
    static func allCases() -> [LinkifyCase] {
        RustTestReader.cases(file: "url.rs", modes: [
            "assert_linked": .schemeRequired, "assert_not_linked": .schemeRequired,
            "assert_urls_without_protocol": .urlsWithoutScheme, "assert_not_linked_without_protocol": .urlsWithoutScheme,
        ]) + RustTestReader.cases(file: "domains.rs", modes: [
            "assert_linked": .schemeOptional, "assert_not_linked": .schemeOptional,
        ]) + RustTestReader.cases(file: "email.rs", modes: [
            "assert_linked": .emailsOnly, "assert_not_linked": .emailsOnly,
        ])
    }

    /// Our links in `input`, kept as linkify's finder of `mode` would look for them.
    static func detectedSpans(_ input: String, mode: LinkifyCase.Mode) -> [Range<Int>] {
        detect(input, .link).compactMap { match in
            let text = (input as NSString).substring(with: match.range)
            let isEmail = match.url?.scheme == "mailto"
            let hasScheme = !isEmail && text.contains("://")
            let keep = switch mode {
            case .schemeRequired: hasScheme || isEmail
            case .schemeOptional: true
            case .urlsWithoutScheme: !isEmail
            case .emailsOnly: isEmail
            }
            return keep ? match.range.location..<NSMaxRange(match.range) : nil
        }
    }

    @Test("Agreement with linkify's cases (figures for the README)")
    func agreement() throws {
        let cases = Self.allCases()
        try #require(cases.count > 250, "librust-linkify-dev's tests are not installed (scripts/setup.sh)")
        var (agreeing, truePositives, falsePositives, falseNegatives) = (0, 0, 0, 0)
        var disagreements: [String] = []
        for item in cases {
            let expected = Set(RustTestReader.spans(item.expected))
            let found = Set(Self.detectedSpans(item.input, mode: item.mode))
            truePositives += expected.intersection(found).count
            falsePositives += found.subtracting(expected).count
            falseNegatives += expected.subtracting(found).count
            if expected == found {
                agreeing += 1
            } else {
                disagreements.append("\(item.file) \(item.mode): \(item.input.debugDescription) expected \(item.expected.debugDescription)")
            }
        }
        let precision = Double(truePositives) / Double(max(1, truePositives + falsePositives))
        let recall = Double(truePositives) / Double(max(1, truePositives + falseNegatives))
        print("linkify cases: \(agreeing)/\(cases.count) agree; spans: precision \(precision), recall \(recall) "
              + "(\(truePositives) found, \(falsePositives) extra, \(falseNegatives) missed)")
        for line in disagreements { print("  differs: \(line)") }
        // Measured 2026-11: see the README ("Data detectors"); the floors leave room for nothing.
        #expect(Double(agreeing) / Double(cases.count) >= 0.90)
        #expect(precision >= 0.95)
        #expect(recall >= 0.95)
    }

    @Test("The reader finds the calls and decodes Rust's escapes")
    func reader() {
        let cases = Self.allCases()
        #expect(cases.contains { $0.input == "http://example.org/\u{0}" && $0.expected == "|http://example.org/|\u{0}" })
        #expect(cases.contains { $0.input == "(http://example.org/)" && $0.mode == .schemeRequired })
        #expect(cases.contains { $0.input.hasPrefix("<div><a href=") })
        #expect(RustTestReader.spans("(|a|) |bc|") == [1..<2, 4..<6])
    }
}
