import Foundation
import Testing

// The articles' code cannot rot: every Swift code block in a DocC article (or in README.md) that
// follows a `<!-- snippet: NAME -->` marker must be, character for character, the region of a file in this
// target between `// snippet: NAME` and `// end snippet` (dedented), and that region compiles and
// runs as part of a test that checks its results. Edit the code here, then run the tests with
// OTK_SNAPSHOTS=accept to copy the regions into the articles.

/// A region of test code marked for an article.
struct Snippet {
    var name: String
    var code: String
    var file: URL
}

/// The snippets of the Swift files in this directory, by name.
func collectSnippets() throws -> [String: Snippet] {
    var snippets: [String: Snippet] = [:]
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        .filter { $0.pathExtension == "swift" }
    for file in files {
        let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        var current: (name: String, lines: [String])?
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// snippet: ") {
                precondition(current == nil, "\(file.lastPathComponent): snippet inside snippet at \(trimmed)")
                current = (String(trimmed.dropFirst("// snippet: ".count)), [])
            } else if trimmed == "// end snippet" {
                guard let done = current else { preconditionFailure("\(file.lastPathComponent): end without start") }
                precondition(snippets[done.name] == nil, "snippet \(done.name) is defined twice")
                snippets[done.name] = Snippet(name: done.name, code: dedent(done.lines), file: file)
                current = nil
            } else if current != nil {
                current!.lines.append(line)
            }
        }
        precondition(current == nil, "\(file.lastPathComponent): snippet \(current!.name) has no end")
    }
    return snippets
}

/// The lines without their common leading spaces, joined.
func dedent(_ lines: [String]) -> String {
    let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        .map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
    return lines.map { $0.count >= indent ? String($0.dropFirst(indent)) : "" }.joined(separator: "\n")
}

/// A marked code block in an article: the snippet it quotes and the lines it occupies.
struct QuotedBlock {
    var name: String
    /// Line indices (0-based) of the code between the fences.
    var codeLines: Range<Int>
    var code: String
}

/// The marked blocks of an article's lines.
func quotedBlocks(in lines: [String], article: String) -> [QuotedBlock] {
    var blocks: [QuotedBlock] = []
    var i = 0
    while i < lines.count {
        let line = lines[i].trimmingCharacters(in: .whitespaces)
        if line.hasPrefix("<!-- snippet: "), line.hasSuffix("-->") {
            let name = line.dropFirst("<!-- snippet: ".count).dropLast(3).trimmingCharacters(in: .whitespaces)
            var open = i + 1
            while open < lines.count, lines[open].trimmingCharacters(in: .whitespaces).isEmpty { open += 1 }
            guard open < lines.count, lines[open].hasPrefix("```") else {
                Issue.record("\(article): the snippet marker \(name) is not followed by a code block")
                i += 1
                continue
            }
            var close = open + 1
            while close < lines.count, !lines[close].hasPrefix("```") { close += 1 }
            blocks.append(QuotedBlock(name: name, codeLines: (open + 1)..<close,
                                      code: lines[(open + 1)..<min(close, lines.count)].joined(separator: "\n")))
            i = close
        }
        i += 1
    }
    return blocks
}

@Suite("Documentation: the articles quote the tested code")
struct ArticleSnippetTests {
    @Test("Every marked code block in the DocC articles and the README is its snippet, and every snippet is quoted")
    func articlesMatchSnippets() throws {
        let snippets = try collectSnippets()
        let catalogs = Repository.files(under: "Sources", endingWith: ".md").filter { $0.path.contains(".docc/") }
        #expect(!catalogs.isEmpty)
        let articles = catalogs + [Repository.root.appendingPathComponent("README.md")]
        let accept = ProcessInfo.processInfo.environment["OTK_SNAPSHOTS"] == "accept"
        var quoted: Set<String> = []
        for article in articles {
            let text = try String(contentsOf: article, encoding: .utf8)
            var lines = text.components(separatedBy: "\n")
            let name = Repository.relative(article)
            // Replace from the end so that earlier blocks' line numbers stay valid.
            for block in quotedBlocks(in: lines, article: name).reversed() {
                quoted.insert(block.name)
                guard let snippet = snippets[block.name] else {
                    Issue.record("\(name) quotes snippet \(block.name), which no file in Tests/DocumentationTests marks")
                    continue
                }
                if block.code != snippet.code {
                    if accept {
                        lines.replaceSubrange(block.codeLines, with: snippet.code.components(separatedBy: "\n"))
                    } else {
                        Issue.record("""
                            \(name): the code under <!-- snippet: \(block.name) --> differs from \
                            \(snippet.file.lastPathComponent); run the tests with OTK_SNAPSHOTS=accept to update it. Expected:
                            \(snippet.code)
                            """)
                    }
                }
            }
            let updated = lines.joined(separator: "\n")
            if accept, updated != text { try updated.write(to: article, atomically: true, encoding: .utf8) }
        }
        #expect(quoted.contains("readme-columns"), "README.md no longer quotes its library example")
        let unquoted = Set(snippets.keys).subtracting(quoted).sorted()
        #expect(unquoted.isEmpty, "snippets no article quotes: \(unquoted)")
    }
}
