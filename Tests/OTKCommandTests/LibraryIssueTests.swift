import OpenTextKit
import Testing

/// Behaviour of the library that otk relies on or had to work around, found while writing it.
@Suite("Library issues found while writing otk")
struct LibraryIssueTests {
    final class Recorder: NSLayoutManagerDelegate {
        var completions: [(container: NSTextContainer?, atEnd: Bool)] = []
        func layoutManager(_ layoutManager: NSLayoutManager, didCompleteLayoutFor textContainer: NSTextContainer?,
                           atEnd layoutFinishedFlag: Bool) {
            completions.append((textContainer, layoutFinishedFlag))
        }
    }

    @Test("The delegate hears layoutManager(_:didCompleteLayoutFor:atEnd:) with atEnd true when the text is laid out")
    func completionAtEnd() {
        // TextKit calls it with atEnd true for the container where the text ends; otk would use
        // it to know when pages suffice instead of asking for the glyph after the last line.
        let storage = NSTextStorage(string: String(repeating: "Some words to lay out. ", count: 20))
        let layoutManager = NSLayoutManager()
        let recorder = Recorder()
        layoutManager.delegate = recorder
        let first = NSTextContainer(size: CGSize(width: 200, height: 60))
        let second = NSTextContainer(size: CGSize(width: 200, height: 1000))
        layoutManager.addTextContainer(first)
        layoutManager.addTextContainer(second)
        storage.addLayoutManager(layoutManager)
        layoutManager.ensureLayout(for: second)
        #expect(recorder.completions.contains { $0.container === first && !$0.atEnd })
        // (Fixed on main after otk was written: it used to report only leaving a container.)
        #expect(recorder.completions.contains { $0.container === second && $0.atEnd })
    }
}
