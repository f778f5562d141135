import Foundation
import Testing

// Switching the demo's notebook pages with ctrl+Page_Down and ctrl+Page_Up keeps the keyboard in
// the pages: the page shown takes the typing, and a custom text input that was first responder
// when its page was left is first responder again when the page comes back. Found by
// scripts/soak.py (seed 2): after a switch the focus was on the notebook's tabs, typing went
// nowhere, and Home on the Core Text page showed the first page.

extension WindowTests {
    @Suite("GTK host: the keyboard focus across notebook pages")
    struct PageSwitchFocusTests {
        @Test("After ctrl+Page_Down and back the pages take the typing, and Home does not switch pages",
              .timeLimit(.minutes(3)))
        func typingAfterPageSwitches() throws {
            let session = try DemoSession(["OTK_DEMO_TEXT": "T", "OTK_DEMO_SIMPLE_TEXT": "S"])
            defer { session.close() }
            // Away to the second page and back, in one go: the text view types again.
            try session.xdo("key", "ctrl+End", "ctrl+Page_Down", "ctrl+Page_Up")
            try session.xdo("type", "--delay", "20", "zz")
            #expect(try session.outputsNow().text == "Tzz")

            // On to SimpleTextInput (a UITextInput inside the page's view), click into it, type.
            try session.xdo(["key", "--delay", "40"] + Array(repeating: "ctrl+Page_Down", count: 9))
            try session.xdo("mousemove", "--window", session.window, "400", "110", "click", "1")
            try session.xdo("type", "--delay", "20", "a")
            // To Core Text and back: Home there must not move the notebook to its first page.
            try session.xdo("key", "ctrl+Page_Up")
            try session.xdo("key", "Home", "Left")
            #expect(try session.outputsNow().report["page"] == "8", "keys on a page went to the notebook's tabs")
            try session.xdo("key", "ctrl+Page_Down")
            try session.xdo("type", "--delay", "20", "b")
            let report = try session.outputsNow().report
            #expect(report["page"] == "9" && report["text"] == "Sab", "\(report)")
        }
    }
}
