import Testing
@testable import TextKit
@testable import TextKitTypesetting
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// Selection rects, and the glyph generation delegate.
@Suite("Selection geometry and glyph generation")
struct HitTestingSelectionTests {
    static let prose = HitTestingTests.prose

    static func rects(_ lm: NSLayoutManager, _ glyphs: NSRange, within selection: NSRange = NSRange(location: NSNotFound, length: 0),
                      in container: NSTextContainer) -> [CGRect] {
        var rects: [CGRect] = []
        lm.enumerateEnclosingRects(forGlyphRange: glyphs, withinSelectedGlyphRange: selection, in: container) { rect, _ in
            rects.append(rect)
        }
        return rects
    }

    @Test func aSelectionWithinOneLineIsOneRectFromStartToEnd() {
        let stack = LayoutStack(Self.prose, containerSizes: [CGSize(width: 180, height: 1000)])
        let lm = stack.layoutManager
        let rects = Self.rects(lm, NSRange(location: 4, length: 5), in: stack.containers[0])  // "quick"
        #expect(rects.count == 1)
        let line = lm.lineFragmentRect(forGlyphAt: 4, effectiveRange: nil)
        #expect(abs(rects[0].minX - (line.minX + lm.location(forGlyphAt: 4).x)) < 0.001)
        #expect(abs(rects[0].maxX - (line.minX + lm.location(forGlyphAt: 9).x)) < 0.001)
        #expect(rects[0].minY == line.minY && rects[0].height == line.height)
    }

    @Test func aSelectionThatWrapsExtendsToTheLineFragmentsEdge() throws {
        let stack = LayoutStack(Self.prose, containerSizes: [CGSize(width: 180, height: 1000)])
        let lm = stack.layoutManager, container = stack.containers[0]
        let lines = stack.fragments()
        try #require(lines.count >= 3)
        // From inside line 1 to inside line 3.
        let start = lines[0].glyphs.location + 4
        let end = lines[2].glyphs.location + 3
        let rects = Self.rects(lm, NSRange(location: start, length: end - start), in: container)
        #expect(rects.count == 3)
        #expect(rects[0].maxX == lines[0].rect.maxX, "first line runs to the fragment's right edge")
        #expect(abs(rects[0].minX - (lines[0].rect.minX + lm.location(forGlyphAt: start).x)) < 0.001)
        #expect(rects[1].maxX == lines[1].rect.maxX)
        #expect(abs(rects[1].minX - 5) < 0.001, "a whole middle line starts where its text starts")
        #expect(abs(rects[2].maxX - (lines[2].rect.minX + lm.location(forGlyphAt: end).x)) < 0.001)
        #expect(rects[2].maxX < lines[2].rect.maxX - 20)
        for (rect, line) in zip(rects, lines) { #expect(rect.minY == line.rect.minY && rect.maxY == line.rect.maxY) }
        // The first line's part alone: extended only when told that the selection goes on.
        let firstPart = NSRange(location: start, length: lines[0].glyphs.location + lines[0].glyphs.length - start)
        let alone = Self.rects(lm, firstPart, in: container)
        #expect(alone.count == 1 && alone[0].maxX < lines[0].rect.maxX)
        let within = Self.rects(lm, firstPart, within: NSRange(location: start, length: end - start), in: container)
        #expect(within.count == 1 && within[0].maxX == lines[0].rect.maxX)
        // Stopping after the first rect.
        var count = 0
        lm.enumerateEnclosingRects(forGlyphRange: NSRange(location: start, length: end - start),
                                   withinSelectedGlyphRange: NSRange(location: NSNotFound, length: 0), in: container) { _, stop in
            count += 1
            stop.pointee = true
        }
        #expect(count == 1)
        // Another container has none of it.
        #expect(Self.rects(lm, NSRange(location: start, length: 3), in: NSTextContainer(size: CGSize(width: 100, height: 100))).isEmpty)
    }

    @Test func aRightToLeftParagraphsWrappedSelectionExtendsLeft() throws {
        let hebrew = "שלום עולם זהו משפט ארוך מספיק כדי לעבור לשורה הבאה בקלות רבה מאוד"
        let stack = LayoutStack(hebrew, attributes: [.font: try UIFont(url: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"), size: 14)],
                                containerSizes: [CGSize(width: 200, height: 1000)])
        let lm = stack.layoutManager
        let lines = stack.fragments()
        try #require(lines.count >= 2)
        let start = lines[0].glyphs.location + 2
        let end = lines[1].glyphs.location + 3
        let rects = Self.rects(lm, NSRange(location: start, length: end - start), in: stack.containers[0])
        #expect(rects.count == 2)
        #expect(rects[0].minX == lines[0].rect.minX, "wraps toward the left edge")
        #expect(rects[0].maxX < lines[0].rect.maxX - 5)
        // The last line's part starts at the line's right end (right-aligned natural text).
        #expect(abs(rects[1].maxX - lines[1].used.maxX + 5) < 0.01)
    }

    @Test func aSelectionAcrossABidiBoundaryHasOneRectPerVisualPiece() throws {
        let stack = LayoutStack("abc אבג def", attributes: [.font: try UIFont(url: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"), size: 20)])
        let lm = stack.layoutManager
        // "c אב": c and the space left of the Hebrew, then aleph and bet at the Hebrew's right end.
        let rects = Self.rects(lm, NSRange(location: 2, length: 4), in: stack.containers[0])
        #expect(rects.count == 2)
        #expect(rects[0].maxX < rects[1].minX)
        let pieces = lm.selectionRects(forCharacterRange: NSRange(location: 2, length: 4))
        #expect(pieces.count == 2)
        #expect(!pieces[0].isRightToLeft && pieces[1].isRightToLeft)
        #expect(pieces[0].containsStart && !pieces[0].containsEnd)
        // The end caret (bet's trailing edge, its left side) lies in the Hebrew piece.
        #expect(pieces[1].containsEnd && !pieces[1].containsStart)
        let endCaret = try #require(lm.caretGeometry(forCharacterAt: 6))
        #expect(endCaret.secondaryX > rects[0].maxX)
    }

    @Test func anEmptyRangeIsAZeroWidthRectAtTheCaret() throws {
        let stack = LayoutStack("Caret here\n")
        let lm = stack.layoutManager
        let rects = Self.rects(lm, NSRange(location: 5, length: 0), in: stack.containers[0])
        #expect(rects.count == 1 && rects[0].width == 0)
        #expect(abs(rects[0].minX - (lm.lineFragmentRect(forGlyphAt: 5, effectiveRange: nil).minX + lm.location(forGlyphAt: 5).x)) < 0.001)
        #expect(rects[0].minX > 20)
        // At the end: the extra line fragment.
        let end = Self.rects(lm, NSRange(location: lm.numberOfGlyphs, length: 0), in: stack.containers[0])
        #expect(end.count == 1 && end[0].minY == lm.extraLineFragmentRect.minY)
    }

    // MARK: Glyph generation delegate

    /// Shows every "*" as a bullet, as a password field does.
    final class BulletDelegate: NSLayoutManagerDelegate {
        var calls = 0
        func layoutManager(_ layoutManager: NSLayoutManager, shouldGenerateGlyphs glyphs: UnsafePointer<CGGlyph>,
                           properties props: UnsafePointer<NSLayoutManager.GlyphProperty>,
                           characterIndexes charIndexes: UnsafePointer<Int>, font aFont: UIFont,
                           forGlyphRange glyphRange: NSRange) -> Int {
            calls += 1
            guard let bullet = aFont.glyph(for: "\u{2022}"), let storage = layoutManager.textStorage else { return 0 }
            let units = storage._utf16(in: NSRange(location: 0, length: storage.length))
            var replaced = Array(UnsafeBufferPointer(start: glyphs, count: glyphRange.length))
            for i in 0..<glyphRange.length where units[charIndexes[i]] == 0x2A { replaced[i] = bullet }
            layoutManager.setGlyphs(replaced, properties: props, characterIndexes: charIndexes, font: aFont, forGlyphRange: glyphRange)
            return glyphRange.length
        }
    }

    /// Hides the characters between "<" and ">" (inclusive), as markup-hiding editors do.
    final class HidingDelegate: NSLayoutManagerDelegate {
        func layoutManager(_ layoutManager: NSLayoutManager, shouldGenerateGlyphs glyphs: UnsafePointer<CGGlyph>,
                           properties props: UnsafePointer<NSLayoutManager.GlyphProperty>,
                           characterIndexes charIndexes: UnsafePointer<Int>, font aFont: UIFont,
                           forGlyphRange glyphRange: NSRange) -> Int {
            guard let storage = layoutManager.textStorage else { return 0 }
            let units = storage._utf16(in: NSRange(location: 0, length: storage.length))
            var properties = Array(UnsafeBufferPointer(start: props, count: glyphRange.length))
            for i in 0..<glyphRange.length {
                let c = charIndexes[i]
                let open = units[..<(c + 1)].lastIndex(of: 0x3C), close = units[..<c].lastIndex(of: 0x3E)
                if let open, open > (close ?? -1) || units[c] == 0x3E { properties[i].insert(.null) }
            }
            layoutManager.setGlyphs(glyphs, properties: properties, characterIndexes: charIndexes, font: aFont, forGlyphRange: glyphRange)
            return glyphRange.length
        }
    }

    @Test func aPasswordDelegateShowsBullets() throws {
        let font = LayoutStack.serif(14)
        let delegate = BulletDelegate()
        let lm = NSLayoutManager()
        lm.delegate = delegate
        let stack = LayoutStack("pw: ******** ok", attributes: [.font: font], layoutManager: lm)
        let bullet = try #require(font.glyph(for: "\u{2022}"))
        let star = try #require(font.glyph(for: "*"))
        #expect(lm.numberOfGlyphs == 15)
        for g in 4..<12 { #expect(lm.glyph(at: g) == bullet) }
        #expect(lm.glyph(at: 0) != bullet && lm.glyph(at: 13) != bullet)
        #expect(delegate.calls >= 1)
        // The line is as wide as bullets make it, not stars.
        let width = lm.location(forGlyphAt: 12).x - lm.location(forGlyphAt: 4).x
        #expect(abs(width - 8 * font.advance(forGlyph: bullet)) < 0.01)
        #expect(abs(font.advance(forGlyph: bullet) - font.advance(forGlyph: star)) > 0.1)
        // Typing re-generates the paragraph's glyphs through the delegate.
        stack.storage.replaceCharacters(in: NSRange(location: 12, length: 0), with: "**")
        #expect(lm.glyph(at: 12) == bullet && lm.glyph(at: 13) == bullet)
        // Drawing gets the bullets.
        let found = try #require(lm.flow.fragment(forGlyph: GlyphIndex(4)))
        let text = stack.storage._utf16(in: NSRange(location: 0, length: stack.storage.length))
        let pieces = text.withUnsafeBufferPointer {
            found.fragment.line.drawablePieces(glyphs: found.analysis.glyphs, styles: found.analysis.styles, text: $0, origin: .zero)
        }
        #expect(pieces.flatMap(\.glyphs).filter { $0 == bullet }.count == 10)
        #expect(!pieces.flatMap(\.glyphs).contains(star))
        withExtendedLifetime(delegate) {}
    }

    @Test func aDelegateCanHideCharacters() throws {
        let delegate = HidingDelegate()
        let lm = NSLayoutManager()
        lm.delegate = delegate
        let plain = LayoutStack("Some bold text")
        let stack = LayoutStack("Some <b>bold</b> text", layoutManager: lm)
        #expect(lm.propertyForGlyph(at: 5).contains(.null))
        #expect(lm.notShownAttribute(forGlyphAt: 7))
        #expect(!lm.notShownAttribute(forGlyphAt: 8))
        // The hidden tags take no room: the visible text is exactly as wide as without them.
        let shown = lm.usedRect(for: stack.containers[0]).width
        let reference = plain.layoutManager.usedRect(for: plain.containers[0]).width
        #expect(abs(shown - reference) < 0.01)
        #expect(lm.location(forGlyphAt: 5).x == lm.location(forGlyphAt: 8).x)
        // Hidden glyphs are not drawn.
        let found = try #require(lm.flow.fragment(forGlyph: GlyphIndex(0)))
        let text = stack.storage._utf16(in: NSRange(location: 0, length: stack.storage.length))
        let drawn = text.withUnsafeBufferPointer {
            found.fragment.line.drawablePieces(glyphs: found.analysis.glyphs, styles: found.analysis.styles, text: $0, origin: .zero)
        }.reduce(0) { $0 + $1.glyphs.count }
        #expect(drawn == lm.numberOfGlyphs - 7)
        // Clicking where the tag was lands on visible text.
        let x = 5 + lm.location(forGlyphAt: 8).x + 0.5
        #expect(lm.characterIndex(for: CGPoint(x: x, y: 5), in: stack.containers[0], fractionOfDistanceBetweenInsertionPoints: nil) == 8)
        withExtendedLifetime(delegate) {}
    }
}
