import Foundation
import Testing
import TextKitGraphics

// The demo's TextKit 2 page in a real window: a text view on TextKit 2 draws its comments in
// bubbles (a layout fragment subclass), the control hides them (the content storage's delegate),
// and typing a new "//" paragraph makes a new bubble — through the same GTK host as every page.

extension WindowTests {
    @Suite("GTK host: the TextKit 2 page")
    struct TextKit2PageTests {
        /// Light-blue pixels (a bubble's fill) in `rect`.
        static func bubblePixels(_ image: CGImage, _ rect: CGRect) -> Int {
            Tools.pixels(image, in: rect) { $0.b > 240 && $0.r > 200 && $0.r < 235 && $0.g > 225 && $0.g < 245 }
        }

        @Test("Bubbles drawn by a fragment subclass, hidden by the delegate, and a typed comment gets one",
              .timeLimit(.minutes(3)))
        func bubbles() throws {
            let session = try DemoSession(["OTK_DEMO_PAGE": "TextKit 2",
                                           "OTK_DEMO_TK2_TEXT": "First paragraph.\n// A comment in a bubble.\nLast paragraph."])
            defer { session.close() }
            let window = session.window
            let shown = try session.snapshot(1)
            // The control's "Hidden" half: the page's (210, 42) below the notebook's tabs (about 38 pixels).
            try session.xdo("mousemove", "--window", window, "210", "80", "click", "1")
            let hidden = try session.snapshot(2)
            try session.xdo("mousemove", "--window", window, "80", "80", "click", "1")   // shown again
            // Click at the end of the text, then type a new comment paragraph.
            try session.xdo("mousemove", "--window", window, "600", "420", "click", "1")
            try session.xdo("key", "Return")
            try session.xdo("type", "--delay", "20", "// Typed here.")
            let typed = try session.quit()
            let report = try session.report()
            if ProcessInfo.processInfo.environment["OTK_KEEP_SNAPSHOTS"] != nil {
                for (image, name) in [(shown, "shown"), (hidden, "hidden"), (typed, "typed")] {
                    try? UIImage(cgImage: image).pngData()?.write(to: URL(fileURLWithPath: "/tmp/otk-textkit2-page-\(name).png"))
                }
            }

            let body = CGRect(x: 0, y: 95, width: CGFloat(shown.width), height: 200)
            #expect(report["textKit"] == "2", "the view switched to TextKit 1: \(session.app.log)")
            #expect(report["text"] == "First paragraph.\n// A comment in a bubble.\nLast paragraph.\n// Typed here.")
            #expect(report["bubbles"] == "2")
            #expect(report["comments"] == "shown")
            let before = Self.bubblePixels(shown, body), after = Self.bubblePixels(typed, body)
            #expect(before > 1500, "no bubble drawn: \(session.app.log)")
            #expect(Self.bubblePixels(hidden, body) < 50, "hiding the comments left a bubble")
            #expect(after > before + 1000, "the typed comment has no bubble")
        }
    }
}
