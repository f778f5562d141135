import Foundation
import Testing

// SIGUSR2 asks the running demo for what it writes at quit (OTK_DEMO_TEXT_OUT and the shown
// page's OTK_DEMO_REPORT, with the page's number), without quitting: what scripts/soak.py reads
// every few seconds of a long run.

extension WindowTests {
    @Suite("GTK host: the demo's outputs on SIGUSR2")
    struct SignalOutputsTests {
        @Test("SIGUSR2 writes the text and the shown page's report, and the demo goes on", .timeLimit(.minutes(3)))
        func outputsOnSignal() throws {
            let session = try DemoSession(["OTK_DEMO_TEXT": "abc"])
            defer { session.close() }
            try session.xdo("key", "ctrl+End")
            try session.xdo("type", "--delay", "20", "def")
            let first = try session.outputsNow()
            #expect(first.text == "abcdef")
            #expect(first.report["page"] == "0" && first.report["selection"] == "6,0", "\(first.report)")

            try session.xdo("key", "BackSpace", "ctrl+Page_Down")   // "abcde", then the second page
            let second = try session.outputsNow()
            #expect(second.text == "abcde")
            #expect(second.report["page"] == "1", "a page that reports nothing else still tells its number: \(second.report)")
            #expect(!session.app.hasExited, "the demo quit on SIGUSR2")
            _ = try session.quit()
            #expect(try session.textWritten() == "abcde")
        }
    }
}
