import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// Counts layout invalidations.
final class InvalidationCounter: NSLayoutManagerDelegate {
    var count = 0
    func layoutManagerDidInvalidateLayout(_ sender: NSLayoutManager) { count += 1 }
}

@Suite("Temporary attributes")
struct DrawingTemporaryAttributeTests {
    typealias H = DrawingHarness

    static func stack(_ string: String = "The quick brown fox jumps") -> TextStack {
        H.stack(NSAttributedString(string: string, attributes: [.font: H.serif(14)]))
    }

    @Test("Adding, setting and removing temporary attributes, with their effective ranges")
    func queries() {
        let stack = Self.stack()
        let lm = stack.lm
        var range = NSRange()
        #expect(lm.temporaryAttributes(atCharacterIndex: 3, effectiveRange: &range).isEmpty)
        #expect(range == NSRange(location: 0, length: 25))

        lm.addTemporaryAttribute(.foregroundColor, value: UIColor.red, forCharacterRange: NSRange(location: 4, length: 5))
        lm.addTemporaryAttributes([.backgroundColor: UIColor.yellow], forCharacterRange: NSRange(location: 6, length: 6))
        #expect(lm.temporaryAttribute(.foregroundColor, atCharacterIndex: 5, effectiveRange: &range) as? UIColor == .red)
        #expect(range == NSRange(location: 4, length: 2))
        let both = lm.temporaryAttributes(atCharacterIndex: 7, effectiveRange: &range)
        #expect(both.count == 2 && range == NSRange(location: 6, length: 3))
        // The longest range of one attribute ignores where others change.
        #expect(lm.temporaryAttribute(.foregroundColor, atCharacterIndex: 5, longestEffectiveRange: &range,
                                      in: NSRange(location: 0, length: 25)) as? UIColor == .red)
        #expect(range == NSRange(location: 4, length: 5))
        #expect(lm.temporaryAttribute(.backgroundColor, atCharacterIndex: 11, longestEffectiveRange: &range,
                                      in: NSRange(location: 8, length: 10)) as? UIColor == .yellow)
        #expect(range == NSRange(location: 8, length: 4))
        _ = lm.temporaryAttributes(atCharacterIndex: 20, longestEffectiveRange: &range, in: NSRange(location: 10, length: 15))
        #expect(range == NSRange(location: 12, length: 13))

        lm.setTemporaryAttributes([.underlineStyle: 1], forCharacterRange: NSRange(location: 5, length: 2))
        #expect(lm.temporaryAttributes(atCharacterIndex: 5, effectiveRange: nil).count == 1)
        #expect(lm.temporaryAttribute(.foregroundColor, atCharacterIndex: 4, effectiveRange: nil) as? UIColor == .red)
        lm.removeTemporaryAttribute(.foregroundColor, forCharacterRange: NSRange(location: 0, length: 25))
        #expect(lm.temporaryAttribute(.foregroundColor, atCharacterIndex: 4, effectiveRange: nil) == nil)
        #expect(lm.temporaryAttribute(.underlineStyle, atCharacterIndex: 6, effectiveRange: nil) != nil)
        // The storage never sees them.
        #expect(stack.storage.attribute(.backgroundColor, at: 7, effectiveRange: nil) == nil)
    }

    @Test("Temporary attributes follow insertions and deletions in the storage")
    func followEdits() {
        let stack = Self.stack()
        let lm = stack.lm
        let brown = NSRange(location: 10, length: 5)
        lm.addTemporaryAttribute(.backgroundColor, value: UIColor.yellow, forCharacterRange: brown)
        var range = NSRange()
        // Insert before: shifts right; inserted text has none.
        stack.storage.replaceCharacters(in: NSRange(location: 4, length: 0), with: "very ")
        #expect(lm.temporaryAttribute(.backgroundColor, atCharacterIndex: 15, effectiveRange: &range) != nil)
        #expect(range == NSRange(location: 15, length: 5))
        #expect(lm.temporaryAttribute(.backgroundColor, atCharacterIndex: 5, effectiveRange: nil) == nil)
        // Insert inside: grows? No — the new characters have none, splitting the run.
        stack.storage.replaceCharacters(in: NSRange(location: 17, length: 0), with: "XX")
        #expect(lm.temporaryAttribute(.backgroundColor, atCharacterIndex: 17, effectiveRange: nil) == nil)
        #expect(lm.temporaryAttribute(.backgroundColor, atCharacterIndex: 19, effectiveRange: &range) != nil)
        #expect(range == NSRange(location: 19, length: 3))
        // Delete across its start: shrinks.
        stack.storage.replaceCharacters(in: NSRange(location: 14, length: 3), with: "")
        #expect(lm.temporaryAttribute(.backgroundColor, atCharacterIndex: 14, effectiveRange: nil) == nil)
        #expect(lm.temporaryAttribute(.backgroundColor, atCharacterIndex: 16, effectiveRange: &range) != nil)
        #expect(range == NSRange(location: 16, length: 3))
        // Attribute-only edits leave them alone.
        stack.storage.addAttribute(.foregroundColor, value: UIColor.blue, range: NSRange(location: 0, length: 5))
        #expect(lm.temporaryAttribute(.backgroundColor, atCharacterIndex: 16, effectiveRange: &range) != nil)
        #expect(range == NSRange(location: 16, length: 3))
        // Delete everything around them: gone.
        stack.storage.replaceCharacters(in: NSRange(location: 10, length: 12), with: "")
        _ = lm.temporaryAttributes(atCharacterIndex: 0, effectiveRange: &range)
        #expect(range == NSRange(location: 0, length: stack.storage.length))
    }

    @Test("Temporary colours, backgrounds and underlines draw without touching the storage or the layout")
    func drawing() throws {
        let stack = Self.stack()
        let lm = stack.lm
        let counter = InvalidationCounter()
        _ = lm.numberOfGlyphs
        let rectBefore = lm.lineFragmentRect(forGlyphAt: 0, effectiveRange: nil)
        lm.delegate = counter
        let before = H.record(stack)
        // "ick b" crosses a word: the run "The quick brown fox jumps" is split where it starts and ends.
        let range = (stack.storage.string as NSString).range(of: "ick b")
        lm.addTemporaryAttributes([.foregroundColor: UIColor.red, .backgroundColor: UIColor.yellow,
                                   .underlineStyle: NSUnderlineStyle.single.rawValue, .font: H.serif(30)],
                                  forCharacterRange: range)
        let after = H.record(stack)
        #expect(counter.count == 0)
        #expect(lm.lineFragmentRect(forGlyphAt: 0, effectiveRange: nil) == rectBefore)
        #expect(stack.storage.attribute(.foregroundColor, at: range.location, effectiveRange: nil) == nil)
        #expect(after.glyphRuns(in: .red).map { $0.text ?? "" } == ["ick b"])
        #expect(after.text == before.text)
        // Glyph positions are unchanged (a temporary font does not change layout).
        #expect(after.glyphRuns.flatMap(\.positions) == before.glyphRuns.flatMap(\.positions))
        let box = lm.boundingRect(forGlyphRange: lm.glyphRange(forCharacterRange: range, actualCharacterRange: nil), in: stack.container)
        #expect(after.fills(in: .yellow).first?.bounds.minX == box.minX)
        #expect(after.fills(in: .yellow).first?.bounds.width == box.width)
        let underline = try #require(after.strokes.first)
        #expect(underline.color == .red)
        #expect(abs(underline.bounds.minX - box.minX) < 1e-6 && abs(underline.bounds.maxX - box.maxX) < 1e-6)
    }

    @Test("Temporary attributes drawn after an edit land on the moved text")
    func drawAfterEdit() {
        let stack = Self.stack()
        stack.lm.addTemporaryAttribute(.foregroundColor, value: UIColor.red, forCharacterRange: NSRange(location: 16, length: 3))
        stack.storage.replaceCharacters(in: NSRange(location: 0, length: 4), with: "")
        #expect(H.record(stack).glyphRuns(in: .red).map { $0.text ?? "" } == ["fox"])
    }

    @Test("A temporary attribute range outside the text traps")
    func rangeTrap() async {
        await #expect(processExitsWith: .failure) {
            let stack = DrawingTemporaryAttributeTests.stack("short")
            stack.lm.addTemporaryAttribute(.foregroundColor, value: UIColor.red, forCharacterRange: NSRange(location: 3, length: 5))
        }
        await #expect(processExitsWith: .failure) {
            let stack = DrawingTemporaryAttributeTests.stack("short")
            _ = stack.lm.temporaryAttributes(atCharacterIndex: 5, effectiveRange: nil)
        }
    }
}
