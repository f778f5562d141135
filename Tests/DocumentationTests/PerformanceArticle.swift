import Foundation
import OpenTextKit
import Synchronization
import Testing

// The code of "Performance and threading" (PerformanceAndThreading.md).

@Suite("Documentation: performance and threading")
struct PerformanceArticle {
    /// About 1 MB of prose in 2,000 paragraphs.
    static let longText: String = {
        let sentence = "A layout manager lays out only as far as a query needs, one paragraph at a time. "
        return (0..<2000).map { "\($0). " + String(repeating: sentence, count: 6) }.joined(separator: "\n")
    }()

    @Test("Showing the first screen of a long text lays out only its start; an edit there stays local")
    func viewport() {
        let longText = Self.longText
        // snippet: viewport
        let storage = NSTextStorage(string: longText, attributes: [.font: UIFont(name: "DejaVu Serif", size: 12)!])
        let layoutManager = NSLayoutManager()
        storage.addLayoutManager(layoutManager)
        // One tall container, as a scrolling view has: unbounded height.
        let container = NSTextContainer(size: CGSize(width: 400, height: CGFloat.greatestFiniteMagnitude))
        layoutManager.addTextContainer(container)

        // What a view shows: the glyphs in the visible rectangle. Only the paragraphs up to there
        // are laid out.
        let viewport = CGRect(x: 0, y: 0, width: 400, height: 800)
        let visibleGlyphs = layoutManager.glyphRange(forBoundingRect: viewport, in: container)
        let laidOut = layoutManager.firstUnlaidCharacterIndex()          // a few thousand, not a million

        // Typing on the first screen lays out the edited paragraph again, not the rest.
        storage.replaceCharacters(in: NSRange(location: 5, length: 0), with: "new words ")
        let visibleAfterEdit = layoutManager.glyphRange(forBoundingRect: viewport, in: container)
        // end snippet

        #expect(storage.length > 900_000)
        #expect(visibleGlyphs.location == 0 && visibleGlyphs.length > 500)
        #expect(laidOut < 20_000)
        #expect(visibleAfterEdit.length > 500)
        #expect(layoutManager.firstUnlaidCharacterIndex() < 20_000)
    }

    @Test("A large file: its first chunk shown as the text, the rest appended a chunk at a time")
    @MainActor func largeFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("otk-large-\(UUID().uuidString.prefix(8)).txt")
        let text = [Self.longText, Self.longText, Self.longText].joined(separator: "\n")   // about 3 MB
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        // snippet: large-file
        let loader = try TextFileLoader(contentsOf: url)
        textView.text = try loader.readNextChunk(byteCount: 64 << 10) ?? ""
        // After the first frame, from idle time (input and frames go first):
        let more = try loader.appendNextChunk(to: textView.textStorage)   // 2 MB; false once all is read
        // end snippet
        #expect(more)  // 64 KB, then 2 MB: about 1 MB to go
        while try loader.appendNextChunk(to: textView.textStorage) {}
        #expect(loader.isFinished)
        #expect(textView.text == text)
        #expect(textView.undoManager?.canUndo != true)
    }

    @Test("Separate text stacks lay out on separate threads at once, sharing fonts")
    func threads() {
        // snippet: threads
        let font = UIFont(name: "DejaVu Sans", size: 11)!      // fonts may be shared by all threads
        let documents = (1...8).map { n in String(repeating: "Document \(n) has its own stack. ", count: 50 * n) }
        let heights = Mutex([CGFloat](repeating: 0, count: documents.count))
        DispatchQueue.concurrentPerform(iterations: documents.count) { i in
            // Each thread makes and uses its own storage, layout manager and container.
            let storage = NSTextStorage(string: documents[i], attributes: [.font: font])
            let layoutManager = NSLayoutManager()
            storage.addLayoutManager(layoutManager)
            let container = NSTextContainer(size: CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude))
            layoutManager.addTextContainer(container)
            let height = layoutManager.usedRect(for: container).height
            heights.withLock { $0[i] = height }
        }
        // end snippet
        let result = heights.withLock { $0 }
        #expect(result.allSatisfy { $0 > 0 })
        #expect(zip(result, result.dropFirst()).allSatisfy { $0 < $1 })  // longer documents are taller
    }

    @Test("Parallel layout of one long text gives the same lines as one thread")
    func parallelLayout() {
        let longText = String(Self.longText.prefix(200_000))
        func lineCount(threads: Int) -> Int {
            // snippet: parallel
            let storage = NSTextStorage(string: longText, attributes: [.font: UIFont(name: "DejaVu Serif", size: 12)!])
            let layoutManager = NSLayoutManager()
            layoutManager.maximumLayoutThreads = threads    // an addition; default: the processor count
            storage.addLayoutManager(layoutManager)
            let container = NSTextContainer(size: CGSize(width: 400, height: CGFloat.greatestFiniteMagnitude))
            layoutManager.addTextContainer(container)
            layoutManager.ensureLayout(for: container)      // shaped and broken on up to `threads` threads
            // end snippet
            var lines = 0
            layoutManager.enumerateLineFragments(forGlyphRange: layoutManager.glyphRange(for: container)) { _, _, _, _, _ in lines += 1 }
            return lines
        }
        #expect(lineCount(threads: 2) == lineCount(threads: 1))
    }
}
