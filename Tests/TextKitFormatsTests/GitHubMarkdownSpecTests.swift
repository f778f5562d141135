import Foundation
import Testing
@testable import TextKitFormats

/// GitHub Flavored Markdown's extensions checked against the examples Debian ships with goldmark
/// (`golang-github-yuin-goldmark-dev`, installed by scripts/setup.sh): its `extension/_test` files
/// open with the GFM specification's own examples for tables, strikethrough, task lists and
/// extended autolinks, and go on with goldmark's extra cases. Our tree is rendered to HTML the way
/// the spec's examples show it and compared exactly.
@Suite("GitHub Flavored Markdown extension examples")
struct GitHubMarkdownSpecTests {
    static let directory = "/usr/share/gocode/src/github.com/yuin/goldmark/extension/_test"

    struct Example {
        var number: String
        var markdown: String
        var html: String
    }

    /// The examples of one goldmark test file: "N[: title]", the Markdown and the HTML, each
    /// part ending at a `//- - -` or `//= = =` line.
    static func examples(_ file: String) throws -> [Example] {
        let text = try String(contentsOfFile: "\(directory)/\(file)", encoding: .utf8)
        var examples: [Example] = []
        var parts: [String] = [], current: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("//- - -") || line.hasPrefix("//= = =") {
                parts.append(current.joined(separator: "\n"))
                current = []
                if line.hasPrefix("//= = =") {
                    let header = parts[0].trimmingCharacters(in: .whitespacesAndNewlines)
                    let number = String(header.prefix { $0 != ":" })
                    examples.append(Example(number: number, markdown: parts.count > 1 ? parts[1] + "\n" : "",
                                            html: parts.count > 2 ? parts[2] + "\n" : ""))
                    parts = []
                }
            } else {
                current.append(line)
            }
        }
        return examples
    }

    /// The examples of `file` that give other HTML than the file's.
    static func failures(_ file: String) throws -> (total: Int, failed: [String]) {
        let all = try examples(file)
        var failed: [String] = []
        for example in all where CommonMark.html(CommonMark.parse(example.markdown, extensions: .gitHub)) != example.html {
            failed.append(example.number)
        }
        return (all.count, failed)
    }

    /// Examples that differ for a reason written here. Table 13 is goldmark's own and runs with
    /// its "enableEscape" option (the `\t` in its input stands for a tab only there).
    static let known: [String: Set<String>] = ["table.txt": ["13"]]

    @Test("Every table, strikethrough, task list and autolink example gives the example's HTML",
          arguments: ["table.txt", "strikethrough.txt", "tasklist.txt", "linkify.txt"])
    func extensionExamples(file: String) throws {
        try #require(FileManager.default.fileExists(atPath: "\(Self.directory)/\(file)"),
                     "run scripts/setup.sh (golang-github-yuin-goldmark-dev)")
        let (total, failed) = try Self.failures(file)
        print("GFM \(file): \(total - failed.count)/\(total) examples pass; failing: \(failed)")
        #expect(total >= 2)
        #expect(Set(failed).subtracting(Self.known[file] ?? []).isEmpty, "\(file): examples \(failed) fail")
    }

    @Test("Without the extensions the same inputs stay CommonMark: no tables, no <del>")
    func extensionsAreOptIn() {
        let table = "| a | b |\n| - | - |\n| c | d |\n"
        #expect(CommonMark.html(CommonMark.parse(table)) == "<p>| a | b |\n| - | - |\n| c | d |</p>\n")
        #expect(CommonMark.html(CommonMark.parse("~~x~~ www.a.com")) == "<p>~~x~~ www.a.com</p>\n")
    }

    @Test("Hostile extension input parses in bounded time", arguments: [
        String(repeating: "|", count: 40_000), String(repeating: "| a ", count: 10_000) + "\n" + String(repeating: "| - ", count: 10_000),
        String(repeating: "a|\n-|\n", count: 5_000), String(repeating: "~", count: 30_000), String(repeating: "~~a ", count: 10_000),
        String(repeating: "www.a.b", count: 10_000), "www.a.b/" + String(repeating: ")", count: 30_000),
        String(repeating: "a@", count: 20_000) + "b.c", String(repeating: "&a;", count: 20_000), String(repeating: "- [ ] ", count: 5_000),
    ])
    func hostile(input: String) {
        let start = Date()
        _ = CommonMark.parse(input, extensions: .gitHub)
        let time = Date().timeIntervalSince(start)
        #expect(time < 5, "\(time) s for \(input.prefix(20))…")
    }
}
