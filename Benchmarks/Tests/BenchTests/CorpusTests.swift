import Foundation
import Testing

/// Benchmarks/corpus/out, when make-corpus.sh has generated it.
private let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("corpus/out").path
private let haveCorpus = FileManager.default.fileExists(atPath: corpus + "/W1.txt")

private func read(_ name: String) throws -> String {
    try String(contentsOfFile: corpus + "/" + name, encoding: .utf8)
}

@Suite("The generated corpus", .enabled(if: haveCorpus, "run Benchmarks/corpus/make-corpus.sh first"))
struct CorpusTests {
    @Test("Every file is one non-empty paragraph per line, ending with a newline",
          arguments: ["W1.txt", "W2.txt", "W4-10KB.txt", "W4-100KB.txt", "W4-1MB.txt", "W4-10MB.txt", "word-8000.txt"])
    func paragraphs(_ name: String) throws {
        let text = try read(name)
        #expect(text.hasSuffix("\n"))
        #expect(!text.contains("\n\n"))
        #expect(!text.contains("\r"))
    }

    @Test("W1 is about 1 MB of English prose, tags stripped and entities decoded")
    func w1() throws {
        let text = try read("W1.txt")
        #expect(text.utf8.count > 900_000 && text.utf8.count <= 1_000_000)
        #expect(text.contains("Debian"))
        for tag in ["<p>", "<p ", "<div", "<span", "<a ", "<code", "</p>"] { #expect(!text.contains(tag), "\(tag)") }
        #expect(!text.contains("&amp;") && !text.contains("&lt;"), "entities decoded")
    }

    @Test("W4 files are within a paragraph of their sizes",
          arguments: [("W4-10KB.txt", 10_000), ("W4-100KB.txt", 100_000), ("W4-1MB.txt", 1_000_000), ("W4-10MB.txt", 10_000_000)])
    func w4(_ name: String, _ size: Int) throws {
        let bytes = try read(name).utf8.count
        #expect(bytes <= size && bytes > size - 2_000)
    }

    @Test("W2 holds every script group, each a substantial share")
    func w2() throws {
        let text = try read("W2.txt")
        #expect(text.utf8.count > 180_000 && text.utf8.count < 220_000)
        let groups: [(String, ClosedRange<UInt32>)] = [
            ("Arabic", 0x0600...0x06FF), ("Hebrew", 0x0590...0x05FF), ("Devanagari", 0x0900...0x097F),
            ("Thai", 0x0E00...0x0E7F), ("Han", 0x4E00...0x9FFF), ("Kana", 0x3040...0x30FF),
            ("Hangul", 0xAC00...0xD7AF), ("Emoji", 0x1F300...0x1FAFF),
        ]
        for (name, range) in groups {
            let n = text.unicodeScalars.filter { range.contains($0.value) }.count
            #expect(n > 300, "\(name): \(n) characters")
        }
        #expect(text.contains("é") && text.contains("ü"), "French and German")
    }

    @Test("Long-word files are one word of the stated length", arguments: [8_000, 16_000, 32_000, 64_000])
    func words(_ n: Int) throws {
        let word = try read("word-\(n).txt").dropLast()
        #expect(word.count == n)
        #expect(word.allSatisfy { $0.isLetter && $0.isASCII })
    }

    @Test("The HTML files are 1 MB at most and hold what their rows are about", arguments: ["html-1MB.html", "html-styled-1MB.html"])
    func html(_ name: String) throws {
        guard FileManager.default.fileExists(atPath: corpus + "/" + name) else { return }  // made by a newer make-corpus.sh
        let text = try read(name)
        #expect(text.utf8.count <= 1_000_000 && text.utf8.count > 990_000, "\(text.utf8.count) bytes")
        #expect(text.hasPrefix("<!DOCTYPE html>") && text.hasSuffix("</html>\n"))
        #expect(text.contains("<style"))
        if name == "html-1MB.html" {
            // The handbook's own markup and style sheet.
            for piece in ["<div class=\"para\">", "<code class=\"command\">", "div.para", "<pre", "<ul", "<dl"] {
                #expect(text.contains(piece), "\(piece)")
            }
        } else {
            for piece in ["<span style=\"color: #2e6b30\">", "<span class=\"term\">", "<a href=", "<ol>", "<table", "<li class=\"done\">"] {
                #expect(text.contains(piece), "\(piece)")
            }
        }
    }
}
