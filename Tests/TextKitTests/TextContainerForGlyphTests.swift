import Testing
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKit

@Suite("textContainer(forGlyphAt:) at the end of the text")
struct TextContainerForGlyphTests {
    @Test("Nil where there is no glyph (an empty layout's index 0, numberOfGlyphs); the container inside the text")
    func endOfText() {
        let storage = NSTextStorage(string: "")
        let layoutManager = NSLayoutManager()
        storage.addLayoutManager(layoutManager)
        let container = NSTextContainer(size: CGSize(width: 200, height: 100))
        layoutManager.addTextContainer(container)
        var range = NSRange(location: 7, length: 7)
        #expect(layoutManager.textContainer(forGlyphAt: 0, effectiveRange: &range) == nil)
        #expect(range.location == NSNotFound)

        storage.replaceCharacters(in: NSRange(location: 0, length: 0), with: "Some text")
        #expect(layoutManager.textContainer(forGlyphAt: 0, effectiveRange: &range) === container)
        #expect(range == NSRange(location: 0, length: 9))
        #expect(layoutManager.textContainer(forGlyphAt: 8, effectiveRange: nil) === container)
        #expect(layoutManager.textContainer(forGlyphAt: layoutManager.numberOfGlyphs, effectiveRange: nil) == nil)

        // Deleting all of the text (the demo's pages asked this of the caret's glyph, and trapped).
        storage.replaceCharacters(in: NSRange(location: 0, length: storage.length), with: "")
        #expect(layoutManager.textContainer(forGlyphAt: 0, effectiveRange: nil) == nil)
    }
}
