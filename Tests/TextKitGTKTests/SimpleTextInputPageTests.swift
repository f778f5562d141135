import Foundation
import Testing
import TextKitGraphics

// The demo's SimpleTextInput page in a real window: a custom view that adopts UITextInput on a
// String of its own (no text view, no layout manager) is typed into through the same host, which
// drives it through the protocol alone — key commands from the tokenizer and the view's caret
// rects, the input method's preedit as marked text, clicks through closestPosition(to:).

extension WindowTests {
    @Suite("GTK host: a custom UITextInput view (SimpleTextInput)")
    struct SimpleTextInputPageTests {
        @Test("Typing, word moves, shift-selection, the input method and clicks reach a custom UITextInput view",
              .timeLimit(.minutes(3)))
        func typeIntoCustomView() throws {
            let session = try DemoSession(["OTK_DEMO_PAGE": "SimpleTextInput", "OTK_DEMO_SIMPLE_TEXT": "Hello world",
                                           "GTK_IM_MODULE": "gtk-im-context-simple"])
            defer { session.close() }
            let window = session.window
            let before = try session.snapshot(1)
            // The editor's first line is at y 100…120 of the window (the page's 52 + 8 below the tabs).
            try session.xdo("mousemove", "--window", window, "400", "110", "click", "1")   // right of the text: its end
            try session.xdo("type", "--delay", "20", " again")          // "Hello world again"
            try session.xdo("key", "ctrl+Left")                          // before "again"
            try session.xdo("key", "ctrl+shift+Right")                   // "again" selected
            try session.xdo("type", "--delay", "20", "there")            // "Hello world there"
            try session.xdo("key", "Home")
            try session.xdo("type", "--delay", "20", "> ")               // "> Hello world there"
            try session.xdo("key", "shift+End", "ctrl+c", "End", "Return", "ctrl+v")   // "Hello world there" copied below
            try session.xdo("key", "BackSpace", "BackSpace")             // "…\nHello world the"
            try session.xdo("key", "ctrl+shift+u")                       // GTK's Unicode entry: preedit, marked text
            try session.xdo("type", "--delay", "20", "e9")
            let preedit = try session.snapshot(2)
            try session.xdo("key", "space")                              // commits "é"
            try session.xdo("key", "ctrl+Home", "ctrl+Right", "shift+ctrl+Left")   // "Hello" on line one
            try session.xdo("type", "--delay", "20", "Howdy")
            try session.xdo("key", "Down", "End")                        // the second line's end
            try session.xdo("type", "!")
            _ = try session.quit()

            let report = try session.report()
            #expect(report["text"] == "> Howdy world there\nHello world theé!", "demo log: \(session.app.log)")
            #expect(report["marked"] == "none")
            // The caret follows the typing: at the end.
            #expect(report["selection"] == "37,0")
            // Drawn: the preedit frame has more ink in the editor's second line than the first frame.
            let secondLine = CGRect(x: 20, y: 118, width: 400, height: 24)
            #expect(Tools.darkPixels(preedit, in: secondLine) > 100, "the second line is not drawn")
            #expect(Tools.darkPixels(before, in: secondLine) == 0)
        }
    }
}
