import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// One caret model for both façades: for the same text and width, a CTLine and
/// NSLayoutManager put the carets at the same x from the line's start and map the same points to
/// the same insertion points. They may name the two carets of a bidi boundary differently (Core
/// Text's primary caret is the line direction's, Apple documents; NSLayoutManager's `primaryX`
/// is the leading edge of the character at the index), so the pair is compared as a set.
@Suite("Core Text and NSLayoutManager carets agree")
struct CoreTextCaretParityTests {
    /// A layout manager over `string` in one wide container, and the Core Text line of the same
    /// attributed text.
    static func both(_ string: String, font: UIFont, style: NSParagraphStyle) -> (LayoutStack, CTLine) {
        let attributes: [NSAttributedString.Key: Any] = [.font: font, .paragraphStyle: style]
        let stack = LayoutStack(string, attributes: attributes, containerSizes: [CGSize(width: 2000, height: 1000)])
        return (stack, CTLineCreateWithAttributedString(NSAttributedString(string: string, attributes: attributes)))
    }

    /// The UTF-16 offsets where `string`'s grapheme clusters start, and its end.
    static func boundaries(_ string: String) -> [Int] {
        var result = [0]
        for character in string { result.append(result[result.count - 1] + character.utf16.count) }
        return result
    }

    @Test("Same carets and hits through CTLine and NSLayoutManager", arguments: [
        "Hello, world", "abc שלום def", "office", "ne\u{301}\u{323}t", "a👩\u{200D}👩\u{200D}👧b", "x א1ב y", "שלום abc",
    ])
    func sameCaretsAndHits(string: String) throws {
        for direction in [NSWritingDirection.leftToRight, .rightToLeft] {
            let style = NSMutableParagraphStyle()
            style.baseWritingDirection = direction
            style.alignment = .left  // the Core Text line is not aligned either
            let font = string == "office" ? LayoutStack.serif(20) : LayoutStack.serif(16)
            let (stack, line) = Self.both(string, font: font, style: style)
            let lm = stack.layoutManager, container = stack.containers[0]
            let boundaries = Self.boundaries(string)
            var lineStart: CGFloat = 0, midY: CGFloat = 0
            for i in boundaries {
                let caret = try #require(lm.caretGeometry(forCharacterAt: i))
                lineStart = caret.lineFragmentRect.minX + container.lineFragmentPadding
                midY = caret.lineFragmentRect.midY
                var secondary: CGFloat = 0
                let primary = CTLineGetOffsetForStringIndex(line, i, &secondary)
                let ct = [primary, secondary].sorted(), tk = [caret.primaryX - lineStart, caret.secondaryX - lineStart].sorted()
                #expect(abs(ct[0] - tk[0]) < 1e-3 && abs(ct[1] - tk[1]) < 1e-3, "carets of \(i) in \(string) (\(direction)): \(ct) vs \(tk)")
            }
            // Points a quarter and three quarters into each grapheme: the insertion point
            // NSLayoutManager's character index and fraction name is Core Text's string index.
            var edges: [(x: Double, index: Int)] = []
            CTLineEnumerateCaretOffsets(line) { x, index, _, _ in edges.append((x, index)) }
            for k in stride(from: 0, to: edges.count, by: 2) where edges[k + 1].x - edges[k].x > 0.5 {
                for f in [0.25, 0.75] {
                    let x = CGFloat(edges[k].x + (edges[k + 1].x - edges[k].x) * f)
                    var fraction: CGFloat = 0
                    let c = lm.characterIndex(for: CGPoint(x: lineStart + x, y: midY), in: container,
                                              fractionOfDistanceBetweenInsertionPoints: &fraction)
                    let next = boundaries.first { $0 > c } ?? boundaries.last!
                    #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: x, y: 0)) == (fraction < 0.5 ? c : next),
                            "click at \(x) in \(string) (\(direction))")
                }
            }
        }
    }

    @Test("A tail-truncated line has its carets where a Core Text line truncated to the same width has them")
    func truncatedLineCarets() throws {
        let text = "abcdefghijklmnopqrstuvwxyz"
        let font = LayoutStack.serif(12)
        let stack = LayoutStack(text, attributes: [.font: font], containerSizes: [CGSize(width: 90, height: 1000)])
        let container = stack.containers[0], lm = stack.layoutManager
        container.maximumNumberOfLines = 1
        container.lineBreakMode = .byTruncatingTail
        let token = CTLineCreateWithAttributedString(NSAttributedString(string: "\u{2026}", attributes: [.font: font]))
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: [.font: font]))
        let truncated = try #require(CTLineCreateTruncatedLine(line, Double(90 - 2 * container.lineFragmentPadding), .end, token))
        let hidden = lm.truncatedGlyphRange(inLineFragmentForGlyphAt: 0)
        #expect(hidden.location != NSNotFound && hidden.location + hidden.length == text.utf16.count)
        for i in 0...text.utf16.count {
            let caret = try #require(lm.caretGeometry(forCharacterAt: i))
            let x = caret.primaryX - caret.lineFragmentRect.minX - container.lineFragmentPadding
            #expect(abs(x - CTLineGetOffsetForStringIndex(truncated, i, nil)) < 1e-3, "caret of \(i)")
        }
        // The hidden characters share the ellipsis's leading edge; the end is after the ellipsis.
        let first = try #require(lm.caretGeometry(forCharacterAt: hidden.location))
        #expect(lm.caretGeometry(forCharacterAt: hidden.location + 2)?.primaryX == first.primaryX)
        #expect(try #require(lm.caretGeometry(forCharacterAt: text.utf16.count)).primaryX > first.primaryX + 5)
    }
}
