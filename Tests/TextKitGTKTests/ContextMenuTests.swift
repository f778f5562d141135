import Foundation
import Testing
import TextKitEditing
import TextKitGraphics

// The host's context menu in a real window: a secondary click on a misspelled word opens a
// GtkPopoverMenu with the spelling checker's guesses, "Ignore Spelling" and the edit actions;
// choosing a guess corrects the word in the text view, and "Ignore Spelling" takes the marks
// off another. The guesses are the same checker's, asked here (hunspell's order).

extension WindowTests {
    @Suite("GTK host: the context menu with spelling guesses")
    struct ContextMenuTests {
        @MainActor
        static func guesses(_ word: String) -> [String] {
            UITextChecker().guesses(forWordRange: NSRange(location: 0, length: word.utf16.count), in: word, language: "en_US") ?? []
        }

        /// Red pixels of the misspelling dots in `rect`.
        static func redPixels(_ image: CGImage, _ rect: CGRect) -> Int {
            var count = 0
            for y in Int(rect.minY)..<min(Int(rect.maxY), image.height) {
                for x in Int(rect.minX)..<min(Int(rect.maxX), image.width) {
                    if let p = image.rgba(atX: x, y: y), p.r > 180, p.g < 120, p.b < 120 { count += 1 }
                }
            }
            return count
        }

        @Test("A guess chosen from the menu corrects the word; Ignore Spelling unmarks one", .timeLimit(.minutes(3)))
        func spellingMenu() async throws {
            let guesses = await Self.guesses("Thiss")
            let first = try #require(guesses.first, "the checker has guesses for \"Thiss\"")
            let session = try DemoSession(["OTK_DEMO_TEXT": "Thiss text has a mispelled word."])
            defer { session.close() }
            let window = session.window
            // "Thiss" is at x 18…55 of the first line (y 55…66); "mispelled" at about 137…208.
            try session.xdo("mousemove", "--window", window, "30", "60", "click", "3")
            let opened = try session.snapshot(1)
            try session.xdo("key", "Return")                       // the first guess, which has the focus
            let menuImage = try #require(UIImage(contentsOfFile: session.scratch.appendingPathComponent("snapshot-1-menu.png").path)?.cgImage,
                                         "no picture of the open menu: \(session.app.log)")
            // On "mispelled": down past its guesses to "Ignore Spelling".
            let otherGuesses = await Self.guesses("mispelled")
            try session.xdo("mousemove", "--window", window, "170", "60", "click", "3")
            _ = try session.snapshot(2)
            try session.xdo(["key"] + Array(repeating: "Down", count: min(otherGuesses.count, 6)) + ["Return"])
            let final = try session.quit()

            #expect(try session.textWritten() == first + " text has a mispelled word.", "demo log: \(session.app.log)")
            // The menu was drawn: a column of items (ink), taller than wide.
            #expect(menuImage.height > menuImage.width)
            #expect(Tools.darkPixels(menuImage, in: CGRect(x: 0, y: 0, width: menuImage.width, height: menuImage.height)) > 300)
            // Both words were marked; after "Ignore Spelling" the second is not.
            let secondWord = CGRect(x: 130, y: 62, width: 90, height: 10)
            #expect(Self.redPixels(opened, secondWord) > 10, "no misspelling marks under the second word")
            #expect(Self.redPixels(final, secondWord) == 0, "the ignored word is still marked")
        }

        @Test("Menus chosen from with the keyboard leave one popover, reused", .timeLimit(.minutes(3)))
        func oneReusedPopover() throws {
            // GTK 4.8 often keeps a popover menu whose item was chosen with Down… Return: a popover
            // made for each menu stayed, with its items, once closed (most of 50 in a plain GTK
            // program). The host now keeps one popover and shows each menu in it.
            let session = try DemoSession(["OTK_DEMO_TEXT": "Plain words here, and more words after them."])
            defer { session.close() }
            let window = session.window
            let rounds = 8
            for round in 1...rounds {
                // All of the text selected and copied: Cut, Copy, Paste and Select All are enabled.
                try session.xdo("key", "--delay", "40", "ctrl+a", "ctrl+c")
                try session.xdo("mousemove", "--window", window, "\(40 + 12 * round)", "60", "click", "3")
                _ = try session.snapshot(round)   // the menu is open
                try session.xdo(["key", "--delay", "40"] + Array(repeating: "Down", count: 1 + round % 3) + ["Return"])
                try session.xdo("key", "Escape")
            }
            let report = try session.outputsNow().report
            #expect(report["contextMenuPopups"] == "\(rounds)", "not every menu opened: \(report)")
            #expect(report["liveContextMenuPopovers"] == "1", "closed menus' popovers were kept: \(report)")
            _ = try session.quit()
        }
    }
}
