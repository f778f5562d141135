import Foundation
import Testing
import TextKitGraphics

// The GTK host's touch delivery in a real window: clicks on the demo's Core Text page (a plain
// view, not a text input) become UIKit touches for the page and its tap recognizers. Same tools
// as DemoWindowTests.

extension WindowTests {
    @Suite("GTK host: clicks become touches and taps")
    struct TouchDeliveryWindowTests {
        @Test("A click and a double click: touches for the page, a tap per press, one double tap", .timeLimit(.minutes(3)))
        func clicksBecomeTouches() throws {
            let session = try DemoSession(["OTK_DEMO_PAGE": "Core Text"])
            defer { session.close() }
            let window = session.window
            _ = try session.snapshot(1)
            // The page's (300, 200) below the notebook's tabs (about 38 pixels).
            try session.xdo("mousemove", "--window", window, "300", "238", "click", "1")
            // Longer than the double-click time apart, so that the first click stays a single one.
            try session.xdo("sleep", "0.8", "mousemove", "--window", window, "300", "238", "click", "--repeat", "2", "--delay", "120", "1")
            _ = try session.quit()
            let report = try session.report()
            // Three presses reach the page. The single tap (which does not cancel the view's touches)
            // recognizes the click and the double click's first press; the double tap the second
            // press, whose touch it cancels.
            #expect(report["touchesBegan"] == "3", "\(report): \(session.app.log)")
            #expect(report["taps"] == "2", "\(report)")
            #expect(report["doubleTaps"] == "1", "\(report)")
            #expect(report["touchesEnded"] == "2", "\(report)")
            #expect(report["touchesCancelled"] == "1", "\(report)")
            // The page's accessibility label, exported by the host to its accessible.
            #expect(report["accessibleLabel"] == "Core Text demo", "\(report)")
            let tap = (report["lastTap"] ?? "").split(separator: ",").compactMap { Int($0) }
            #expect(tap.count == 2 && abs(tap[0] - 300) <= 2 && abs(tap[1] - 200) <= 6, "\(report)")
        }
    }
}
