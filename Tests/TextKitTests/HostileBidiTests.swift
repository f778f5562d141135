import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// A line full of bidi marks: caret and hit-testing queries reuse the line's caret geometry
/// instead of rebuilding its visual order each time.
@Suite("Hostile bidi")
struct HostileBidiTests {
    @Test("Hit testing and caret queries in a line with thousands of U+200F stay fast")
    func bidiMarks() throws {
        let text = (0..<3_000).map { "w\($0 % 10)\u{200F}" }.joined() + " עברית end"
        let stack = LayoutStack(text, containerSizes: [CGSize(width: 100_000, height: 1_000)])
        let lm = stack.layoutManager, container = stack.containers[0]
        #expect(stack.fragments().count == 1)
        let width = lm.usedRect(for: container).width
        let clock = ContinuousClock()
        let start = clock.now
        var previous = -1
        for i in 0..<100 {
            let x = width * CGFloat(i) / 100
            let index = lm.characterIndex(for: CGPoint(x: x, y: 5), in: container, fractionOfDistanceBetweenInsertionPoints: nil)
            #expect(index >= 0 && index <= stack.storage.length)
            _ = lm.glyphIndex(for: CGPoint(x: x, y: 5), in: container)
            let caret = try #require(lm.caretGeometry(forCharacterAt: i * 89))
            #expect(caret.primaryX.isFinite)
            if i < 83 { #expect(index >= previous, "hit testing went backwards at x \(x)") }
            previous = index
        }
        let elapsed = clock.now - start
        var split: [Duration] = [.zero, .zero, .zero]
        for i in 0..<50 {
            let x = width * CGFloat(i) / 50
            var t = clock.now
            _ = lm.characterIndex(for: CGPoint(x: x, y: 5), in: container, fractionOfDistanceBetweenInsertionPoints: nil)
            split[0] += clock.now - t; t = clock.now
            _ = lm.glyphIndex(for: CGPoint(x: x, y: 5), in: container)
            split[1] += clock.now - t; t = clock.now
            _ = lm.caretGeometry(forCharacterAt: i * 29)
            split[2] += clock.now - t
        }
        print("HostileBidiTests.bidiMarks: 50 each of characterIndex, glyphIndex, caretGeometry: \(split)")
        print("HostileBidiTests.bidiMarks: 100 hit tests and caret queries in \(elapsed)")
        // Before: more than 400 s (the visual order was rebuilt, in O(n²), for every query).
        #expect(elapsed < .seconds(10), "100 queries took \(elapsed)")
    }
}
