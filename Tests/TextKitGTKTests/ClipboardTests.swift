import Foundation
import Testing
import TextKitGraphics

// The desktop clipboard with another program on the same X display (xclip): RTF it offers is
// pasted into the demo's rich text view with its styles; what the demo copies is offered as
// RTF and as UTF-8 text, and the other program reads both.

extension WindowTests {
    @Suite("GTK host: rich text on the desktop clipboard")
    struct ClipboardTests {
        func xclip(_ session: DemoSession, _ arguments: [String]) throws -> String {
            let tool = try #require(Tools.find("xclip"), "xclip is not installed: run scripts/setup.sh")
            let result = try Tools.run(tool, ["-selection", "clipboard"] + arguments, environment: ["DISPLAY": session.display], timeout: 15)
            try #require(result.status == 0, "xclip \(arguments) failed: \(result.output)")
            return result.output
        }

        @Test("RTF from another program pastes with its bold; a copy here offers text/rtf and UTF-8 text", .timeLimit(.minutes(3)))
        func richClipboard() throws {
            let session = try DemoSession(["OTK_DEMO_TEXT": "Copy me, then paste: "])
            defer { session.close() }
            // Out: select all and copy; the other program sees RTF and text.
            try session.xdo("key", "ctrl+a", "ctrl+c")
            _ = try session.outputsNow()   // the copy is made once the keys are handled
            let targets = try xclip(session, ["-o", "-t", "TARGETS"])
            #expect(targets.contains("text/rtf"), "targets offered: \(targets)")
            let rtf = try xclip(session, ["-o", "-t", "text/rtf"])
            #expect(rtf.hasPrefix("{\\rtf1") && rtf.contains("Copy me, then paste:"), "RTF read: \(rtf)")
            #expect(try xclip(session, ["-o"]) == "Copy me, then paste: ")   // UTF8_STRING

            // In: the other program offers only RTF with a bold word; paste at the end.
            let file = session.scratch.appendingPathComponent("in.rtf")
            try #"{\rtf1\ansi\deff0{\fonttbl{\f0 DejaVu Serif;}}\f0\fs28 \b Bold\b0  and plain}"#.write(to: file, atomically: true, encoding: .utf8)
            _ = try xclip(session, ["-t", "text/rtf", "-i", file.path])
            try session.waitForOffer(of: "public.rtf")
            try session.xdo("key", "ctrl+End", "ctrl+v")
            try session.xdo("type", "!")
            _ = try session.quit()

            #expect(try session.textWritten() == "Copy me, then paste: Bold and plain!", "demo log: \(session.app.log)")
            let fonts = try session.report()["fontNames"] ?? ""
            #expect(fonts.contains("DejaVuSerif-Bold"), "the pasted bold word keeps its font: \(fonts)")
            #expect(fonts.contains("DejaVuSerif,") || fonts.hasSuffix("DejaVuSerif"), "and the plain words theirs: \(fonts)")
        }

        // Found by scripts/soak.py (seed 1): xclip answers any target with what it holds, so
        // reading text from an offer of RTF alone gave the RTF's markup, which a view that pastes
        // plain text (UIPasteboard.string) inserted as it was.
        @Test("RTF alone from another program pastes as its text into a plain-text view, not as its markup",
              .timeLimit(.minutes(3)))
        func rtfOnlyIntoPlainTextView() throws {
            let session = try DemoSession(["OTK_DEMO_PAGE": "SimpleTextInput", "OTK_DEMO_SIMPLE_TEXT": "Paste: "])
            defer { session.close() }
            let file = session.scratch.appendingPathComponent("in.rtf")
            try #"{\rtf1\ansi\deff0{\fonttbl{\f0 DejaVu Serif;}}\f0\fs28 \b Bold\b0  and \u1488?}"#.write(to: file, atomically: true, encoding: .utf8)
            _ = try xclip(session, ["-t", "text/rtf", "-i", file.path])
            try session.waitForOffer(of: "public.rtf")
            // The editor's first line is at y 100…120 of the window; right of the text is its end.
            try session.xdo("mousemove", "--window", session.window, "400", "110", "click", "1")
            try session.xdo("key", "ctrl+End", "ctrl+v")
            _ = try session.quit()
            #expect(try session.report()["text"] == "Paste: Bold and \u{05D0}", "demo log: \(session.app.log)")
        }
    }
}
