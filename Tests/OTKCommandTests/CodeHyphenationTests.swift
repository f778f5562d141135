import Foundation
import Testing

/// `otk render` never hyphenates code: a hyphen inside a code span would change what a reader
/// copies. The rest of the text hyphenates as `--hyphenation` asks.
@Suite("otk render: code is never hyphenated")
struct CodeHyphenationTests {
    /// Words a hyphenator breaks, short enough for a code span to fit a column of three (a word
    /// wider than a line is cut anywhere, code or not).
    static let words = ["hyphenation", "typesetting", "information", "conversation"]

    /// The words, in a narrow justified column, once as prose and once as code.
    static func document(code: Bool) -> String {
        let words = Self.words
        let sentence = (0..<6).map { i in
            let word = words[i % words.count]
            return "see \(code ? "`\(word)`" : word) here"
        }.joined(separator: " ")
        return (0..<12).map { _ in sentence }.joined(separator: "\n\n") + "\n"
    }

    /// The lines of `text` that end inside a word, with a hyphen (U+2010, as otk draws it, or "-").
    static func hyphenatedBreaks(_ text: String) -> Int {
        text.split(separator: "\n").filter { line in
            guard let last = line.split(separator: " ").last, last.hasSuffix("-") || last.hasSuffix("\u{2010}"), last.count > 2 else { return false }
            return last.dropLast().allSatisfy(\.isLetter)
        }.count
    }

    @Test("Long words in code spans stay whole in narrow hyphenated columns; the same words as prose are hyphenated")
    func codeSpansStayWhole() throws {
        var counts: [Bool: Int] = [:]
        for code in [false, true] {
            let directory = try OTKRunner.scratch("code-hyphenation-\(code)")
            _ = try OTKRunner.write(Self.document(code: code), to: "doc.md", in: directory)
            let result = try OTKRunner.otk(["render", "doc.md", "--columns", "3", "--justify", "--hyphenation", "1", "-q", "-o", "doc.pdf"],
                                           in: directory)
            #expect(result.status == 0, "stderr: \(result.stderr)")
            let text = try OTKRunner.pdfText(directory.appendingPathComponent("doc.pdf"))
            counts[code] = Self.hyphenatedBreaks(text)
            // otk measure counts the hyphens inside code from the layout itself.
            let measured = try OTKRunner.otk(["measure", "doc.md", "--columns", "3", "--justify", "--hyphenation", "1", "--json"],
                                             in: directory)
            let report = try JSONSerialization.jsonObject(with: Data(measured.stdout.utf8)) as? [String: Any]
            #expect(report?["hyphenatedCodeLines"] as? Int == 0)
            if code {
                // Every code word is on the page whole: 12 paragraphs × 6 spans.
                let whole = Self.words
                    .map { word in text.components(separatedBy: word).count - 1 }.reduce(0, +)
                #expect(whole == 72, "\(whole) of 72 code words whole")
            }
        }
        #expect(counts[false, default: 0] > 0, "prose in the same columns is hyphenated (the test can fail)")
        #expect(counts[true] == 0, "\(counts[true] ?? -1) lines end inside a code span with a hyphen")
    }
}
