import Foundation
import Testing
import TextKitGraphics

// The demo's Configuration page in a real window: the controls on the left change the text's
// font, size, kerning, ligatures, hyphenation and paragraph style live; the layout follows (lines,
// words broken by hyphenation, ligature glyphs) and typed text takes the chosen attributes.

extension WindowTests {
    @Suite("GTK host: the Configuration page changes typesetting live")
    struct ConfigurationPageTests {
        /// The window point of a control's segment: rows of 40 from the page's y 12 (the page is 38
        /// below the window's top, under the tabs), controls from x 86, 220 wide.
        static func segment(row: Int, index: Int, of count: Int) -> (String, String) {
            let x = 86 + (CGFloat(index) + 0.5) * 220 / CGFloat(count)
            let y = 38 + 12 + CGFloat(row) * 40 + 14
            return (String(Int(x)), String(Int(y)))
        }

        func click(_ session: DemoSession, row: Int, index: Int, of count: Int) throws {
            let (x, y) = Self.segment(row: row, index: index, of: count)
            try session.xdo("mousemove", "--window", session.window, x, y, "click", "1")
        }

        @Test("Clicks on the controls re-set the text and its layout; typing keeps the settings", .timeLimit(.minutes(3)))
        func configure() throws {
            // First the defaults (Libertine, default ligatures, kerning from the font, no hyphens, ragged).
            let plain = try DemoSession(["OTK_DEMO_PAGE": "Configuration"])
            defer { plain.close() }
            let plainImage = try plain.quit()
            let before = try plain.report()

            let session = try DemoSession(["OTK_DEMO_PAGE": "Configuration"])
            defer { session.close() }
            try click(session, row: 3, index: 0, of: 3)   // ligatures: none
            try click(session, row: 4, index: 1, of: 2)   // hyphens: on
            try click(session, row: 5, index: 3, of: 4)   // align: justify
            try click(session, row: 2, index: 1, of: 3)   // kerning: off
            try click(session, row: 6, index: 2, of: 3)   // line spacing: 8
            // Typing at the end of the text takes the same attributes.
            try session.xdo("mousemove", "--window", session.window, "700", "440", "click", "1")
            try session.xdo("key", "ctrl+End")
            try session.xdo("type", "--delay", "20", " Fin.")
            let image = try session.quit()
            let after = try session.report()

            #expect(before["font"] == "Linux Libertine O 16.0", "demo log: \(plain.app.log)")
            #expect(before["kern"] == "default")
            #expect(before["hyphenationFactor"] == "0.0")
            #expect(before["wordsBrokenAtLineEnds"] == "0")
            // Libertine joins "ffi", "fl" … into ligatures by default: one glyph for their characters.
            let saved = try #require(before["charactersInLigatures"].flatMap(Int.init))
            #expect(saved >= 8)

            #expect(after["text"]?.hasSuffix("close. Fin.") == true, "demo log: \(session.app.log)")
            #expect(after["kern"] == "0")
            #expect(after["hyphenationFactor"] == "1.0")
            #expect(after["alignment"] == "3")   // justified
            #expect(after["lineSpacing"] == "8.0")
            #expect(after["charactersInLigatures"] == "0", "ligatures off leaves a glyph per character")
            let broken = try #require(after["wordsBrokenAtLineEnds"].flatMap(Int.init))
            #expect(broken >= 1, "hyphenation breaks words in a 360-point column: \(after)")
            let heightBefore = try #require(before["usedHeight"].flatMap(Int.init))
            let heightAfter = try #require(after["usedHeight"].flatMap(Int.init))
            #expect(heightAfter > heightBefore, "8 points of line spacing make the text taller")
            // And it shows: the text area's pixels changed.
            #expect(Tools.differingPixels(plainImage, image, in: CGRect(x: 330, y: 60, width: 360, height: 300)) > 2000)
            #expect(Tools.darkPixels(image, in: CGRect(x: 330, y: 60, width: 360, height: 300)) > 2000)
        }
    }
}
