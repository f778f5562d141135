import Foundation
import Testing
import TextKitGraphics

// A long text in the demo's text view, in a real window: ctrl+End scrolls to its end (the last
// line drawn at the bottom), the wheel scrolls back by GtkScrolledWindow's step, and the scroll
// bar follows.

extension WindowTests {
    @Suite("GTK host: scrolling a long text")
    struct ScrollingTests {
        @Test("ctrl+End shows the text's end; the wheel scrolls back up by its step", .timeLimit(.minutes(3)))
        func scrollToEnd() throws {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("otk-long-\(UUID().uuidString.prefix(8)).txt")
            let lines = (1...3000).map { "Line \($0) of a long text that the window scrolls through." }
            try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: file) }

            let session = try DemoSession(["OTK_DEMO_TEXT_FILE": file.path])
            defer { session.close() }
            let top = try session.snapshot(1)
            try session.xdo("key", "ctrl+End")
            let end = try session.snapshot(2)
            try session.xdo("click", "--repeat", "4", "--delay", "50", "4")   // the wheel up four steps
            _ = try session.quit()
            let report = try session.report()

            let length = try #require(Int(report["length"] ?? ""))
            // The demo showed the file's first 64 KB, then read the rest after the first frame.
            #expect(length == lines.joined(separator: "\n").utf16.count, "the whole file loaded")
            #expect(report["selection"] == "\(length),0", "the caret at the end: \(report)")
            let height = try #require(Double(report["contentHeight"] ?? "")), page = try #require(Double(report["boundsHeight"] ?? ""))
            let offset = try #require(Double(report["contentOffsetY"] ?? ""))
            #expect(height > 3000 * 15, "3,000 lines laid out to their end: content height \(height)")
            // ctrl+End scrolled the caret's line into view (the bottom inset, 12, may stay hidden),
            // then four wheel steps of the view's height to the power 2/3 went back up.
            let step = pow(page, 2.0 / 3.0)
            let expected = height - page - 4 * step
            #expect(offset <= expected + 1 && offset >= expected - 14, "offset \(offset), content \(height), view \(page)")
            // At the end the view shows the last lines, not the first: the pictures differ, and the
            // bottom of the view has text while the scroll bar's slider is at the bottom.
            let textArea = CGRect(x: 8, y: 45, width: 600, height: 380)
            #expect(Tools.differingPixels(top, end, in: textArea) > 2000)
            #expect(Tools.darkPixels(end, in: CGRect(x: 8, y: 380, width: 600, height: 60)) > 200)
        }
    }
}
