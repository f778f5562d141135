import Foundation
import Testing
import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

/// `TextFileLoader`: a file read a chunk at a time is the same text as the file read whole, a
/// text view shows its first chunk and takes the rest without an undo step, and a file that is not
/// UTF-8 stops with an error naming the byte.
@Suite("TextFileLoader: a large file shown from its first chunk")
struct TextFileLoaderTests {
    /// Unicode's emoji test file (unicode-data): 4-byte emoji, ZWJ sequences, Latin-1 and CJK
    /// names, written by somebody else.
    static let emojiTest = URL(fileURLWithPath: "/usr/share/unicode/emoji/emoji-test.txt")

    /// A temporary file holding `bytes`.
    static func file(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("otk-loader-\(UUID().uuidString).txt")
        try Data(bytes).write(to: url)
        return url
    }

    static func readAll(_ url: URL, chunk: Int) throws -> (text: String, chunks: Int) {
        let loader = try TextFileLoader(contentsOf: url)
        var text = "", chunks = 0
        while let piece = try loader.readNextChunk(byteCount: chunk) {
            text += piece
            chunks += 1
        }
        #expect(loader.isFinished)
        #expect(loader.bytesRead == loader.fileSize)
        return (text, chunks)
    }

    @Test("Chunks of any size, cutting 2-, 3- and 4-byte sequences, make the file's text", arguments: [1, 2, 3, 5, 7, 64])
    func chunksMakeTheWholeText(chunk: Int) throws {
        // The first 24 KB of the file, to a line end (small chunks read it in thousands of calls).
        let all = try Data(contentsOf: Self.emojiTest)
        let head = Array(all.prefix(24_576))
        let url = try Self.file(Array(head[...head.lastIndex(of: 0x0A)!]))
        defer { try? FileManager.default.removeItem(at: url) }
        let whole = try String(contentsOf: url, encoding: .utf8)
        #expect(whole.unicodeScalars.contains { $0.value > 0xFFFF })
        let read = try Self.readAll(url, chunk: chunk)
        #expect(read.text == whole)
        #expect(read.chunks >= min(100, head.count / chunk))
    }

    @Test func theWholeFileInChunksOfFourKilobytes() throws {
        let read = try Self.readAll(Self.emojiTest, chunk: 4_099)
        #expect(read.text == (try String(contentsOf: Self.emojiTest, encoding: .utf8)))
        #expect(read.chunks > 100)
    }

    @Test("An empty file has no chunk; bytes that are not UTF-8 throw, naming the first bad byte")
    func emptyAndMalformed() throws {
        let empty = try Self.file([])
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(try TextFileLoader(contentsOf: empty).readNextChunk() == nil)
        // "abc", then a lead byte followed by a byte that continues nothing, in the second chunk.
        let bad = try Self.file(Array("abcdef".utf8) + [0xE2, 0x41] + Array("tail".utf8))
        defer { try? FileManager.default.removeItem(at: bad) }
        let loader = try TextFileLoader(contentsOf: bad)
        #expect(try loader.readNextChunk(byteCount: 4) == "abcd")
        do {
            _ = try loader.readNextChunk(byteCount: 4)
            Issue.record("malformed UTF-8 read without an error")
        } catch {
            #expect("\(error)".contains("byte 6"))
        }
        #expect(loader.isFinished)
        #expect(try loader.readNextChunk() == nil)
        // A file cut inside a character: its last bytes are malformed.
        let cut = try Self.file(Array("ok".utf8) + [0xF0, 0x9F, 0x98])
        defer { try? FileManager.default.removeItem(at: cut) }
        #expect(throws: (any Error).self) { _ = try Self.readAll(cut, chunk: 2) }
    }

    @Test("A text view shows the first chunk; the rest is appended in the view's font, with no undo step")
    @MainActor func aTextViewTakesTheRest() throws {
        let loader = try TextFileLoader(contentsOf: Self.emojiTest)
        let view = makeTextView(try loader.readNextChunk(byteCount: 16_384) ?? "")
        view.selectedRange = NSRange(location: 10, length: 0)
        let font = view.textStorage.attribute(.font, at: 0, effectiveRange: nil) as? UIFont
        var chunks = 0
        while try loader.appendNextChunk(to: view.textStorage, byteCount: 65_536) { chunks += 1 }
        #expect(chunks > 5)
        #expect(view.text == (try String(contentsOf: Self.emojiTest, encoding: .utf8)))
        let end = view.textStorage.length - 1
        #expect((view.textStorage.attribute(.font, at: end, effectiveRange: nil) as? UIFont) == font)
        #expect(view.selectedRange == NSRange(location: 10, length: 0))
        #expect(view.undoManager?.canUndo != true)
        // The text loaded is laid out and edited like any other.
        view.selectedRange = NSRange(location: end, length: 0)
        view.insertText("!")
        #expect(view.text.hasSuffix("!\n"))
        #expect(view.caretRect(for: view.selectedTextRange!.start).height > 0)
    }
}
