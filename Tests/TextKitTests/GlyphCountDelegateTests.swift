import Testing
import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// A glyph-generation delegate may set more or fewer glyphs than it was offered, as TextKit's
/// allows: glyph counts, the glyph ↔ character maps, layout and hit testing follow.
@Suite struct GlyphCountDelegateTests {
    /// Sets `ids` in place of the glyphs offered in `offered`, as a delegate does from
    /// `shouldGenerateGlyphs`, and returns what the delegate returns: the glyphs set, or 0 to keep them.
    static func set(_ ids: [CGGlyph], _ properties: [NSLayoutManager.GlyphProperty], _ characters: [Int], font: UIFont,
                    replacing offered: NSRange, in layoutManager: NSLayoutManager) -> Int {
        guard ids.count != offered.length else { return 0 }
        layoutManager.setGlyphs(ids, properties: properties, characterIndexes: characters, font: font,
                                forGlyphRange: NSRange(location: offered.location, length: ids.count))
        return ids.count
    }

    /// Draws every "->" as one arrow glyph (U+2192), mapped to the "-".
    final class ArrowDelegate: NSLayoutManagerDelegate {
        func layoutManager(_ layoutManager: NSLayoutManager, shouldGenerateGlyphs glyphs: UnsafePointer<CGGlyph>,
                           properties props: UnsafePointer<NSLayoutManager.GlyphProperty>,
                           characterIndexes charIndexes: UnsafePointer<Int>, font aFont: UIFont,
                           forGlyphRange glyphRange: NSRange) -> Int {
            guard let arrow = aFont.glyph(for: "\u{2192}"), let storage = layoutManager.textStorage else { return 0 }
            let units = storage._utf16(in: NSRange(location: 0, length: storage.length))
            var ids: [CGGlyph] = [], properties: [NSLayoutManager.GlyphProperty] = [], characters: [Int] = []
            var i = 0
            while i < glyphRange.length {
                let c = charIndexes[i]
                if units[c] == 0x2D, c + 1 < units.count, units[c + 1] == 0x3E, i + 1 < glyphRange.length {
                    ids.append(arrow); properties.append([]); characters.append(c)
                    i += 2
                    continue
                }
                ids.append(glyphs[i]); properties.append(props[i]); characters.append(c)
                i += 1
            }
            return GlyphCountDelegateTests.set(ids, properties, characters, font: aFont, replacing: glyphRange, in: layoutManager)
        }
    }

    /// Spells every "æ" as two glyphs, "a" and "e", both mapped to the one character.
    final class SpellingDelegate: NSLayoutManagerDelegate {
        func layoutManager(_ layoutManager: NSLayoutManager, shouldGenerateGlyphs glyphs: UnsafePointer<CGGlyph>,
                           properties props: UnsafePointer<NSLayoutManager.GlyphProperty>,
                           characterIndexes charIndexes: UnsafePointer<Int>, font aFont: UIFont,
                           forGlyphRange glyphRange: NSRange) -> Int {
            guard let a = aFont.glyph(for: "a"), let e = aFont.glyph(for: "e"), let storage = layoutManager.textStorage else { return 0 }
            let units = storage._utf16(in: NSRange(location: 0, length: storage.length))
            var ids: [CGGlyph] = [], properties: [NSLayoutManager.GlyphProperty] = [], characters: [Int] = []
            for i in 0..<glyphRange.length {
                let c = charIndexes[i]
                if units[c] == 0xE6 {
                    ids += [a, e]; properties += [[], .nonBaseCharacter]; characters += [c, c]
                } else {
                    ids.append(glyphs[i]); properties.append(props[i]); characters.append(c)
                }
            }
            return GlyphCountDelegateTests.set(ids, properties, characters, font: aFont, replacing: glyphRange, in: layoutManager)
        }
    }

    @Test func fewerGlyphsThanCharacters() throws {
        let font = LayoutStack.serif(14)
        let delegate = ArrowDelegate()
        let lm = NSLayoutManager()
        lm.delegate = delegate
        let stack = LayoutStack("a -> b -> c\nnext", attributes: [.font: font], layoutManager: lm)
        let arrow = try #require(font.glyph(for: "\u{2192}"))
        // 16 characters, two arrows of two characters each: 14 glyphs.
        #expect(lm.numberOfGlyphs == 14)
        #expect(lm.glyph(at: 2) == arrow && lm.glyph(at: 6) == arrow)
        // Glyph 3 is the space after the first arrow: character 4.
        #expect(lm.characterIndexForGlyph(at: 3) == 4)
        #expect(lm.glyphIndexForCharacter(at: 3) == 2)  // the ">" belongs to the arrow
        #expect(lm.glyphRange(forCharacterRange: NSRange(location: 2, length: 2), actualCharacterRange: nil) == NSRange(location: 2, length: 1))
        #expect(lm.characterRange(forGlyphRange: NSRange(location: 2, length: 1), actualGlyphRange: nil) == NSRange(location: 2, length: 2))
        // The second paragraph's glyphs follow on: "next" is glyphs 10...13, characters 12...15.
        #expect(lm.characterIndexForGlyph(at: 10) == 12)
        #expect(stack.lineStrings() == ["a -> b -> c\n", "next"])
        // Layout uses the arrow's advance: "b" stands one arrow and a space after "a ".
        let afterArrow = lm.location(forGlyphAt: 4).x - lm.location(forGlyphAt: 2).x
        #expect(abs(afterArrow - (font.advance(forGlyph: arrow) + font.advance(forGlyph: try #require(font.glyph(for: " "))))) < 0.01)
        // Hit testing lands on characters, not on the missing glyph.
        let x = 5 + lm.location(forGlyphAt: 4).x + 0.2
        #expect(lm.characterIndex(for: CGPoint(x: x, y: 5), in: stack.containers[0], fractionOfDistanceBetweenInsertionPoints: nil) == 5)
        // Typing after the arrow generates the paragraph again, through the delegate.
        stack.storage.replaceCharacters(in: NSRange(location: 11, length: 0), with: " -> d")
        #expect(lm.numberOfGlyphs == 18)
        #expect(lm.glyph(at: 10) == arrow && lm.characterIndexForGlyph(at: 11) == 14)
        withExtendedLifetime(delegate) {}
    }

    @Test func moreGlyphsThanCharacters() throws {
        let font = LayoutStack.serif(14)
        let delegate = SpellingDelegate()
        let lm = NSLayoutManager()
        lm.delegate = delegate
        let stack = LayoutStack("cæsar æ", attributes: [.font: font], layoutManager: lm)
        #expect(lm.numberOfGlyphs == 9)
        let a = try #require(font.glyph(for: "a")), e = try #require(font.glyph(for: "e"))
        #expect(lm.glyph(at: 1) == a && lm.glyph(at: 2) == e)
        #expect(lm.characterIndexForGlyph(at: 1) == 1 && lm.characterIndexForGlyph(at: 2) == 1)
        #expect(lm.characterIndexForGlyph(at: 3) == 2)
        #expect(lm.glyphRange(forCharacterRange: NSRange(location: 1, length: 1), actualCharacterRange: nil) == NSRange(location: 1, length: 2))
        #expect(lm.propertyForGlyph(at: 2).contains(.nonBaseCharacter))
        // Both glyphs take room.
        let width = lm.location(forGlyphAt: 3).x - lm.location(forGlyphAt: 1).x
        #expect(abs(width - (font.advance(forGlyph: a) + font.advance(forGlyph: e))) < 0.01)
        #expect(stack.lineStrings() == ["cæsar æ"])
        // Selection of the one character covers both glyphs.
        var rects: [CGRect] = []
        lm.enumerateEnclosingRects(forGlyphRange: NSRange(location: 1, length: 2), withinSelectedGlyphRange: NSRange(location: NSNotFound, length: 0),
                                   in: stack.containers[0]) { rect, _ in rects.append(rect) }
        #expect(rects.count == 1 && abs(rects[0].width - width) < 0.01)
        withExtendedLifetime(delegate) {}
    }
}
