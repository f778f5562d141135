import Testing
@testable import TextKit
import TextKitGraphics
import TextKitModel
import TextKitFonts

/// The engine's index types (Layout/TextIndices.swift): a UTF-16 offset and a glyph index are
/// distinct types, each adding and subtracting only its own kind. That
/// `GlyphIndex(3) + UTF16Offset(2)` does not compile is the point of the types and cannot be a
/// runtime test: the doc comment on `TextIndex` shows the compiler's error.
@Suite("Engine index types")
struct TextIndexTests {
    @Test("Offsets and glyph indices add, subtract and compare within their own kind")
    func arithmetic() {
        var offset = UTF16Offset(10)
        offset += UTF16Offset(5)
        #expect(offset == UTF16Offset(15))
        #expect(offset - UTF16Offset(15) == .zero)
        #expect(UTF16Offset(3) < UTF16Offset(4))
        var glyph = GlyphIndex(7)
        glyph -= GlyphIndex(2)
        #expect(glyph + GlyphIndex(1) == GlyphIndex(6))
        #expect(GlyphIndex(.max) > glyph)
        #expect([GlyphIndex(2), .zero, GlyphIndex(1)].sorted() == [.zero, GlyphIndex(1), GlyphIndex(2)])
    }

    @Test("Conversions to and from Int are explicit and lossless")
    func conversions() {
        #expect(Int(UTF16Offset(42)) == 42)
        #expect(GlyphIndex(-1).rawValue == -1)
        #expect(Set([UTF16Offset(1), UTF16Offset(1)]).count == 1)
        #expect("\(GlyphIndex(9))" == "9")
    }

    @Test("The paragraph store answers in typed indices, the same numbers as its prefix sums")
    func storeLookups() {
        let storage = NSTextStorage(string: "one\ntwo two\nthree three three")
        let manager = NSLayoutManager()
        storage.addLayoutManager(manager)
        let container = NSTextContainer(size: CGSize(width: 400, height: 1e7))
        manager.addTextContainer(container)
        manager.ensureLayout(for: container)
        let store = manager.flow.store
        for p in 0..<store.count {
            let prefix = store.prefix(p)
            #expect(store.start(ofParagraph: p) == UTF16Offset(prefix.length))
            #expect(store.firstGlyph(ofParagraph: p) == GlyphIndex(prefix.glyphs))
            #expect(store.top(ofParagraph: p) == prefix.height)
            #expect(p == 0 || store.top(ofParagraph: p) > 0)
            let byCharacter = store.paragraph(containingCharacter: store.start(ofParagraph: p))
            #expect(byCharacter.index == p && byCharacter.start == store.start(ofParagraph: p))
        }
        let second = store.firstGlyph(ofParagraph: 1)
        let byGlyph = store.paragraph(containingGlyph: second + GlyphIndex(1))
        #expect(byGlyph.index == 1 && byGlyph.firstGlyph == second && second > .zero)
        #expect(store.characterEnd == UTF16Offset(storage.length))
    }

    @Test("A located line turns its paragraph's local glyphs and offsets into the text's, and back")
    func locatedLines() throws {
        // "ﬁ" ligature and Arabic make glyph and character numbers differ.
        let storage = NSTextStorage(string: "first line\nfine office مرحبا بالعالم\nlast", attributes: [.font: UIFont(name: "DejaVu Serif", size: 12)!])
        let manager = NSLayoutManager()
        storage.addLayoutManager(manager)
        manager.addTextContainer(NSTextContainer(size: CGSize(width: 400, height: 1e7)))
        let second = manager.glyphIndexForCharacter(at: 11)
        let found = try #require(manager.flow.fragment(forGlyph: GlyphIndex(second + 3)))
        #expect(found.paragraph == 1)
        #expect(found.firstGlyph == GlyphIndex(second) && found.firstCharacter == UTF16Offset(11))
        #expect(found.local(GlyphIndex(second + 3)) == 3)
        #expect(found.glyph(3) == GlyphIndex(second + 3))
        #expect(found.local(UTF16Offset(15)) == 4 && found.character(4) == UTF16Offset(15))
        // Every glyph of the line maps to the character the public API gives for it.
        let glyphs = found.analysis.glyphs
        for g in found.fragment.line.glyphRange {
            let character = found.character(Int(glyphs.clusters[g]))
            #expect(character.rawValue == manager.characterIndexForGlyph(at: found.glyph(g).rawValue))
        }
        #expect(found.glyphRange == NSRange(location: second, length: found.fragment.line.glyphRange.count))
    }
}
