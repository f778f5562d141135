import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// The syntax-highlighting storage: a subclass that colours keywords in `processEditing()`.
final class KeywordColoringStorage: NSTextStorage {
    static let keywords = try! NSRegularExpression(pattern: "\\b(?:let|var|func|return)\\b")
    static let color = UIColor.systemBlue
    private(set) var scans = 0

    override func processEditing() {
        // Re-scan only the paragraphs the edit touched (clamped: the edited range is in the new text).
        let edited = NSIntersectionRange(editedRange, NSRange(location: 0, length: length))
        recolor(paragraphRange(for: NSRange(location: edited.location, length: edited.length)))
        super.processEditing()
    }

    private func recolor(_ paragraphs: NSRange) {
        guard paragraphs.length > 0 else { return }
        scans += 1
        removeAttribute(.foregroundColor, range: paragraphs)
        // NSRegularExpression works in UTF-16 offsets, as NSRange does: match on the paragraph's
        // own string, then shift by where it starts. (Never mix these with String.Index or
        // Character counts: an emoji is one Character but two UTF-16 units.)
        let paragraph = (string as NSString).substring(with: paragraphs)
        for match in Self.keywords.matches(in: paragraph, range: NSRange(location: 0, length: paragraph.utf16.count)) {
            addAttribute(.foregroundColor, value: Self.color,
                         range: NSRange(location: paragraphs.location + match.range.location, length: match.range.length))
        }
    }
}

@Suite("Scenario: a storage that highlights keywords as you type")
struct ScenarioHighlightingTests {
    static func colored(_ storage: NSTextStorage) -> [NSRange] {
        var ranges: [NSRange] = []
        storage.enumerateAttribute(.foregroundColor, in: NSRange(location: 0, length: storage.length)) { value, range, _ in
            if value != nil { ranges.append(range) }
        }
        return ranges
    }

    static func type(_ text: String, into storage: NSTextStorage, at location: Int) {
        var at = location
        for character in text {
            let piece = String(character)
            storage.replaceCharacters(in: NSRange(location: at, length: 0), with: piece)
            at += piece.utf16.count
        }
    }

    @Test func typingAKeywordColoursItAndBreakingItUncoloursIt() {
        let storage = KeywordColoringStorage(string: "😀 note: ", attributes: [.font: LayoutStack.serif()])
        let lm = NSLayoutManager()
        storage.addLayoutManager(lm)
        lm.addTextContainer(NSTextContainer(size: CGSize(width: 300, height: 1000)))
        let start = storage.length  // 9: the emoji is two UTF-16 units
        #expect(start == 9)

        // Character by character: not a keyword until the last letter.
        Self.type("le", into: storage, at: start)
        #expect(Self.colored(storage).isEmpty)
        Self.type("t", into: storage, at: start + 2)
        #expect(Self.colored(storage) == [NSRange(location: start, length: 3)])
        // Typing on keeps it coloured while it stays a word of its own.
        Self.type(" x = 1", into: storage, at: start + 3)
        #expect(Self.colored(storage) == [NSRange(location: start, length: 3)])
        // "lett" is not a keyword: the colour goes away.
        Self.type("t", into: storage, at: start + 3)
        #expect(Self.colored(storage).isEmpty)
        // Deleting the extra letter brings it back.
        storage.deleteCharacters(in: NSRange(location: start + 3, length: 1))
        #expect(Self.colored(storage) == [NSRange(location: start, length: 3)])

        // A second paragraph is scanned on its own; the first keeps its colour.
        storage.replaceCharacters(in: NSRange(location: storage.length, length: 0), with: "\n")
        Self.type("return var", into: storage, at: storage.length)
        let second = start + "let x = 1\n".utf16.count
        #expect(Self.colored(storage) == [NSRange(location: start, length: 3), NSRange(location: second, length: 6),
                                           NSRange(location: second + 7, length: 3)])
        // Splitting "return" with a space un-colours it (neither half is a keyword).
        storage.replaceCharacters(in: NSRange(location: second + 3, length: 0), with: " ")
        #expect(Self.colored(storage) == [NSRange(location: start, length: 3), NSRange(location: second + 8, length: 3)])
        // Each keystroke scanned at most the edited paragraph once.
        #expect(storage.scans > 10)

        // The layout manager sees the coloured text (its glyphs are made from the new attributes).
        #expect(lm.numberOfGlyphs > 0)
        let glyph = lm.glyphIndexForCharacter(at: start)
        let found = lm.flow.fragment(forGlyph: GlyphIndex(glyph))
        let run = found.map { $0.analysis.glyphs.runs[$0.analysis.glyphs.runIndex(containingGlyph: $0.local(GlyphIndex(glyph)))] }
        let style = run.flatMap { r in found.map { $0.analysis.styles[Int(r.style)] } }
        #expect((style?.attributes[.foregroundColor] as? UIColor) == KeywordColoringStorage.color)
    }
}
