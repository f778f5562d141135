import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// Points to glyphs and characters, insertion points, caret geometry.
@Suite("NSLayoutManager hit testing")
struct HitTestingTests {
    static let prose = "The quick brown fox jumps over the lazy dog, then naps in the warm afternoon sun beside the river."

    /// The line fragments of a stack, in order.
    static func lines(_ stack: LayoutStack) -> [(rect: CGRect, used: CGRect, container: Int, glyphs: NSRange)] {
        stack.fragments()
    }

    @Test func pointsAboveBelowAndBesideLinesMapToTheirEnds() throws {
        let stack = LayoutStack(Self.prose, containerSizes: [CGSize(width: 180, height: 1000)])
        let lm = stack.layoutManager, container = stack.containers[0]
        let lines = Self.lines(stack)
        try #require(lines.count >= 3)
        var fraction: CGFloat = -1
        // Above the first line, left of everything: the first glyph, fraction 0.
        #expect(lm.glyphIndex(for: CGPoint(x: -40, y: -40), in: container, fractionOfDistanceThroughGlyph: &fraction) == 0)
        #expect(fraction == 0)
        // Above the first line, right of it: its last glyph (a trailing space), fraction 1.
        let first = lines[0].glyphs
        #expect(lm.glyphIndex(for: CGPoint(x: 500, y: -10), in: container, fractionOfDistanceThroughGlyph: &fraction)
                == first.location + first.length - 1)
        #expect(fraction == 1)
        // Right of line 2: the character index plus its fraction gives the line's end.
        let second = lines[1]
        let secondCharacters = lm.characterRange(forGlyphRange: second.glyphs, actualGlyphRange: nil)
        let c = lm.characterIndex(for: CGPoint(x: 500, y: second.rect.midY), in: container, fractionOfDistanceBetweenInsertionPoints: &fraction)
        #expect(c == secondCharacters.location + secondCharacters.length - 1)
        #expect(fraction == 1)
        // Left of line 2: its first character, fraction 0.
        #expect(lm.characterIndex(for: CGPoint(x: -5, y: second.rect.midY), in: container, fractionOfDistanceBetweenInsertionPoints: &fraction)
                == secondCharacters.location)
        #expect(fraction == 0)
        // Far below the last line: the last line.
        let last = lines[lines.count - 1]
        #expect(lm.glyphIndex(for: CGPoint(x: -5, y: 900), in: container) == last.glyphs.location)
        #expect(lm.characterIndex(for: CGPoint(x: 500, y: 900), in: container, fractionOfDistanceBetweenInsertionPoints: &fraction)
                == stack.storage.length - 1)
        #expect(fraction == 1)
        // A point on the boundary between two lines belongs to the lower one.
        #expect(lm.glyphIndex(for: CGPoint(x: -5, y: second.rect.minY), in: container) == second.glyphs.location)
    }

    @Test func fractionsMeasureTheWayThroughAGlyph() {
        let stack = LayoutStack("Wide MMMM glyphs", attributes: [.font: LayoutStack.serif(30)])
        let lm = stack.layoutManager, container = stack.containers[0]
        let rect = lm.lineFragmentRect(forGlyphAt: 5, effectiveRange: nil)
        let x0 = rect.minX + lm.location(forGlyphAt: 5).x
        let x1 = rect.minX + lm.location(forGlyphAt: 6).x
        for f in [0.1, 0.25, 0.5, 0.9] as [CGFloat] {
            var fraction: CGFloat = 0
            let g = lm.glyphIndex(for: CGPoint(x: x0 + (x1 - x0) * f, y: rect.midY), in: container, fractionOfDistanceThroughGlyph: &fraction)
            #expect(g == 5)
            #expect(abs(fraction - f) < 0.001)
            #expect(abs(lm.fractionOfDistanceThroughGlyph(for: CGPoint(x: x0 + (x1 - x0) * f, y: rect.midY), in: container) - f) < 0.001)
        }
    }

    @Test func everyInsertionPointRoundTripsThroughItsCaret() throws {
        let stack = LayoutStack(Self.prose + "\nSecond paragraph, with é and 😀 inside.", containerSizes: [CGSize(width: 220, height: 1000)])
        let lm = stack.layoutManager, container = stack.containers[0]
        let string = stack.storage.string
        var offset = 0
        for character in string {
            defer { offset += character.utf16.count }
            if character == "\n" { continue }
            let caret = try #require(lm.caretGeometry(forCharacterAt: offset))
            let y = caret.lineFragmentRect.midY
            var fraction: CGFloat = 0
            let hit = lm.characterIndex(for: CGPoint(x: caret.primaryX + 0.2, y: y), in: container, fractionOfDistanceBetweenInsertionPoints: &fraction)
            #expect(hit == offset, "caret of \(offset) (\(character)) hits \(hit)")
            #expect(fraction < 0.5)
        }
    }

    @Test func theExtraLineFragmentMapsToTheTextsEnd() {
        let stack = LayoutStack("First line\n")
        let lm = stack.layoutManager, container = stack.containers[0]
        let extra = lm.extraLineFragmentRect
        #expect(extra.height > 0)
        var fraction: CGFloat = -1
        #expect(lm.characterIndex(for: CGPoint(x: 40, y: extra.midY), in: container, fractionOfDistanceBetweenInsertionPoints: &fraction) == 11)
        #expect(fraction == 0)
        #expect(lm.glyphIndex(for: CGPoint(x: 40, y: extra.maxY + 100), in: container) == lm.numberOfGlyphs)
        // Right of the first line: before its line break (character 9, "e", at fraction 1).
        let c = lm.characterIndex(for: CGPoint(x: 250, y: 5), in: container, fractionOfDistanceBetweenInsertionPoints: &fraction)
        #expect(c == 9 && fraction == 1)
        // Empty text: everything is the extra line fragment.
        let empty = LayoutStack("")
        #expect(empty.layoutManager.characterIndex(for: CGPoint(x: 30, y: 30), in: empty.containers[0], fractionOfDistanceBetweenInsertionPoints: nil) == 0)
        #expect(empty.layoutManager.glyphIndex(for: CGPoint(x: 30, y: 30), in: empty.containers[0]) == 0)
    }

    @Test func pointsInTheSecondContainerFindItsLines() {
        let size = CGSize(width: 200, height: 100)
        let stack = LayoutStack(loremParagraphs, containerSizes: [size, size, size])
        let lm = stack.layoutManager
        let second = lm.glyphRange(for: stack.containers[1])
        #expect(second.length > 0)
        // Above the top of container 2 (y < 0): its first glyph.
        #expect(lm.glyphIndex(for: CGPoint(x: 0, y: -20), in: stack.containers[1]) == second.location)
        let g = lm.glyphIndex(for: CGPoint(x: 100, y: 50), in: stack.containers[1])
        #expect(g >= second.location && g < second.location + second.length)
        let rect = lm.lineFragmentRect(forGlyphAt: g, effectiveRange: nil)
        #expect(rect.minY <= 50 && rect.maxY > 50)
        // Below the last line of container 2: its last line.
        let below = lm.glyphIndex(for: CGPoint(x: 0, y: 99.5), in: stack.containers[1])
        #expect(lm.textContainer(forGlyphAt: below, effectiveRange: nil) === stack.containers[1])
        #expect(lm.glyphIndex(for: CGPoint(x: 0, y: 10), in: NSTextContainer(size: size)) == 0)
    }

    @Test func rowsSplitByAnExclusionPathHitTheNearerSide() throws {
        let stack = LayoutStack(String(repeating: Self.prose + " ", count: 4), containerSizes: [CGSize(width: 300, height: 1000)])
        stack.containers[0].exclusionPaths = [UIBezierPath(rect: CGRect(x: 120, y: 20, width: 60, height: 60))]
        let lm = stack.layoutManager
        let row = Self.lines(stack).filter { $0.rect.minY >= 20 && $0.rect.maxY <= 80 }
        let left = try #require(row.first { $0.rect.maxX <= 120.01 })
        let right = try #require(row.first { $0.rect.minX >= 179.99 && abs($0.rect.minY - left.rect.minY) < 0.01 })
        let y = left.rect.midY
        let inLeft = lm.glyphIndex(for: CGPoint(x: 130, y: y), in: stack.containers[0])
        #expect(NSLocationInRange(inLeft, left.glyphs))
        let inRight = lm.glyphIndex(for: CGPoint(x: 172, y: y), in: stack.containers[0])
        #expect(NSLocationInRange(inRight, right.glyphs))
    }

    @Test func charactersInsideALigatureAreHitSeparately() {
        let font = try! UIFont(url: URL(fileURLWithPath: "/usr/share/fonts/opentype/linux-libertine/LinLibertine_R.otf"), size: 30)
        let stack = LayoutStack("office", attributes: [.font: font])
        let lm = stack.layoutManager, container = stack.containers[0]
        #expect(lm.numberOfGlyphs == 4)
        let xs = (0...6).map { lm.caretGeometry(forCharacterAt: $0)!.primaryX }
        for i in 1...6 { #expect(xs[i] > xs[i - 1]) }
        for i in 1...3 {
            var fraction: CGFloat = 0
            let c = lm.characterIndex(for: CGPoint(x: (xs[i] + xs[i + 1]) / 2, y: 10), in: container,
                                      fractionOfDistanceBetweenInsertionPoints: &fraction)
            #expect(c == i)
            #expect(abs(fraction - 0.5) < 0.01)
            // All three characters are under the one glyph.
            #expect(lm.glyphIndex(for: CGPoint(x: (xs[i] + xs[i + 1]) / 2, y: 10), in: container) == 1)
        }
    }

    @Test func hebrewCharactersAreHitFromTheRight() throws {
        let stack = LayoutStack("abc אבג def", attributes: [.font: try UIFont(url: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"), size: 20)])
        let lm = stack.layoutManager, container = stack.containers[0]
        let aleph = try #require(lm.caretGeometry(forCharacterAt: 4))
        // Offset 4 has two carets: after the space (secondary) and at aleph's right edge (primary).
        #expect(aleph.primaryX > aleph.secondaryX + 5)
        #expect(aleph.isRightToLeft)
        var fraction: CGFloat = 0
        // Just left of aleph's right edge: aleph (character 4), near its leading edge.
        #expect(lm.characterIndex(for: CGPoint(x: aleph.primaryX - 1, y: 10), in: container, fractionOfDistanceBetweenInsertionPoints: &fraction) == 4)
        #expect(fraction < 0.5)
        // Just right of the space: gimel (character 6), near its trailing (left) edge.
        #expect(lm.characterIndex(for: CGPoint(x: aleph.secondaryX + 1, y: 10), in: container, fractionOfDistanceBetweenInsertionPoints: &fraction) == 6)
        #expect(fraction > 0.5)
    }

    @Test func movingRightThroughABidiLineVisitsEveryInsertionPointOnce() throws {
        let stack = LayoutStack("go אבג 12 דה now", attributes: [.font: try UIFont(url: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"), size: 20)])
        let stops = stack.layoutManager.visualCaretStops(forCharacterAt: 5)
        #expect(stops.map(\.characterIndex).sorted() == Array(0...stack.storage.length))
        for i in 1..<stops.count { #expect(stops[i].x >= stops[i - 1].x) }
        // Each stop is drawn where one of its index's two carets is.
        for stop in stops {
            let caret = try #require(stack.layoutManager.caretGeometry(forCharacterAt: stop.characterIndex))
            #expect(abs(stop.x - caret.primaryX) < 0.001 || abs(stop.x - caret.secondaryX) < 0.001)
        }
        // Inside the Hebrew (level 1) the indices count down going right. The digits (level 2) sit
        // in it: the carets at their two ends belong to the Hebrew around them (the lower level),
        // so "12" is crossed as 9, 8, 7 — index 9 (after "12") has its primary caret left of "1".
        let order = stops.map(\.characterIndex)
        #expect(order == [0, 1, 2, 3, 11, 10, 9, 8, 7, 6, 5, 4, 12, 13, 14, 15, 16])
        let digits = try #require(order.firstIndex(of: 9))
        #expect(Array(order[digits..<(digits + 3)]) == [9, 8, 7])
        #expect(abs(stops[digits].x - (try #require(stack.layoutManager.caretGeometry(forCharacterAt: 9))).primaryX) < 0.001)
        #expect(order.firstIndex(of: 4)! > order.firstIndex(of: 5)!)
    }

    @Test func insertionPointsOfALine() throws {
        let stack = LayoutStack("abc אבג", attributes: [.font: try UIFont(url: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"), size: 20)])
        let lm = stack.layoutManager
        let n = lm.getLineFragmentInsertionPoints(forCharacterAt: 2, alternatePositions: false, inDisplayOrder: false,
                                                  positions: nil, characterIndexes: nil)
        #expect(n == 8)
        var positions = [CGFloat](repeating: 0, count: n), indexes = [Int](repeating: 0, count: n)
        _ = lm.getLineFragmentInsertionPoints(forCharacterAt: 2, alternatePositions: false, inDisplayOrder: false,
                                              positions: &positions, characterIndexes: &indexes)
        #expect(indexes == Array(0...7))
        #expect(abs(positions[0] - 5) < 0.001, "the line starts at the padding")
        _ = lm.getLineFragmentInsertionPoints(forCharacterAt: 2, alternatePositions: false, inDisplayOrder: true,
                                              positions: &positions, characterIndexes: &indexes)
        for i in 1..<n { #expect(positions[i] >= positions[i - 1]) }
        #expect(Set(indexes) == Set(0...7))
        var alternates = [CGFloat](repeating: 0, count: n)
        _ = lm.getLineFragmentInsertionPoints(forCharacterAt: 2, alternatePositions: true, inDisplayOrder: false,
                                              positions: &alternates, characterIndexes: nil)
        _ = lm.getLineFragmentInsertionPoints(forCharacterAt: 2, alternatePositions: false, inDisplayOrder: false,
                                              positions: &positions, characterIndexes: nil)
        #expect(alternates[1] == positions[1])
        #expect(alternates[4] < positions[4] - 5)
    }

    @Test func caretsAtSoftWrapsHonourAffinity() throws {
        let stack = LayoutStack(Self.prose, containerSizes: [CGSize(width: 180, height: 1000)])
        let lm = stack.layoutManager
        let lines = Self.lines(stack)
        let secondStart = lm.characterIndexForGlyph(at: lines[1].glyphs.location)
        let downstream = try #require(lm.caretGeometry(forCharacterAt: secondStart))
        let upstream = try #require(lm.caretGeometry(forCharacterAt: secondStart, upstream: true))
        #expect(downstream.lineFragmentRect == lines[1].rect)
        #expect(abs(downstream.primaryX - 5) < 0.001)
        #expect(upstream.lineFragmentRect == lines[0].rect)
        #expect(upstream.primaryX > 100)
        // The caret rect spans the line's ascent and descent around its baseline.
        let caret = downstream.caretRect()
        #expect(caret.minY >= lines[1].rect.minY - 0.001 && caret.maxY <= lines[1].rect.maxY + 0.001)
        #expect(caret.height > 10)
        // At the end of text without a final newline: the end of the last line.
        let end = try #require(lm.caretGeometry(forCharacterAt: stack.storage.length))
        #expect(end.lineFragmentRect == lines[lines.count - 1].rect)
        #expect(!end.isExtraLineFragment)
        #expect(abs(end.primaryX - lines[lines.count - 1].used.maxX + 5) < 0.01)
    }

    @Test func caretInTheExtraLineFragmentFollowsAlignment() throws {
        let style = NSMutableParagraphStyle()
        style.alignment = .right
        let stack = LayoutStack("Right\n", attributes: [.font: LayoutStack.serif(), .paragraphStyle: style],
                                containerSizes: [CGSize(width: 200, height: 500)])
        let caret = try #require(stack.layoutManager.caretGeometry(forCharacterAt: 6))
        #expect(caret.isExtraLineFragment)
        #expect(abs(caret.primaryX - 195) < 0.001)
        #expect(caret.lineFragmentRect == stack.layoutManager.extraLineFragmentRect)
    }

    @Test func nominallySpacedRangesStopAtAdjustedGlyphs() throws {
        let mono = try UIFont(url: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"), size: 12)
        let text = NSMutableAttributedString(string: "xxxx yyyy", attributes: [.font: mono])
        text.addAttribute(.kern, value: 3, range: NSRange(location: 5, length: 4))
        let storage = NSTextStorage(attributedString: text)
        let lm = NSLayoutManager()
        storage.addLayoutManager(lm)
        lm.addTextContainer(NSTextContainer(size: CGSize(width: 500, height: 100)))
        #expect(lm.range(ofNominallySpacedGlyphsContaining: 1) == NSRange(location: 0, length: 5))
        #expect(lm.range(ofNominallySpacedGlyphsContaining: 6) == NSRange(location: 6, length: 1))
    }
}
