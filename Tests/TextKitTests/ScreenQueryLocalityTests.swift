import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// What an editor asks about the screen it shows must not make glyphs or lines for the rest of a
/// long text: `numberOfGlyphs` (every glyph) behind a range check turned a glyph query on the first
/// screen of 10 MB into a second of work. Each query below is asked on a text of 3,000 paragraphs
/// whose first screen alone is laid out, and must leave the paragraphs below it as they were.
@Suite("Queries about the screen stay on the screen")
struct ScreenQueryLocalityTests {
    typealias H = DrawingHarness

    /// Runs each query and expects `pending` (paragraphs without glyphs, without lines) to stay `before`.
    static func expect(_ queries: [(String, () -> Void)], leave before: (Int, Int), as pending: () -> (Int, Int),
                       _ failure: String) {
        for (name, query) in queries {
            query()
            #expect(pending() == before, "\(name) \(failure)")
        }
    }

    @Test("Glyph, character, line, hit-test, drawing and selection queries about the first screen")
    func queriesStayOnTheScreen() {
        let text = (0..<3000).map { "Paragraph \($0) of a long text, one of many, wrapping in the column." }.joined(separator: "\n")
        let stack = H.stack(NSAttributedString(string: text, attributes: [.font: H.serif(12)]), width: 300, padding: 5)
        let lm = stack.lm, container = stack.container
        lm.allowsNonContiguousLayout = true
        let screen = CGRect(x: 0, y: 0, width: 300, height: 800)
        lm.ensureLayout(forBoundingRect: screen, in: container)
        let glyphs = lm.glyphRange(forBoundingRectWithoutAdditionalLayout: screen, in: container)
        let g = glyphs.location + glyphs.length / 2
        let c = lm.characterIndexForGlyph(at: g)
        /// Paragraphs without glyphs, paragraphs without lines.
        func pending() -> (Int, Int) { (lm.flow.store.summary.unanalyzed, lm.flow.store.summary.unlaid) }
        let before = pending()
        #expect(before.0 > 2900 && before.1 > 2900)

        let queries: [(String, () -> Void)] = [
            ("glyph(at:)", { _ = lm.glyph(at: g) }),
            ("cgGlyph(at:isValidIndex:)", { _ = lm.cgGlyph(at: g, isValidIndex: nil) }),
            ("propertyForGlyph(at:)", { _ = lm.propertyForGlyph(at: g) }),
            ("notShownAttribute(forGlyphAt:)", { _ = lm.notShownAttribute(forGlyphAt: g) }),
            ("attachmentSize(forGlyphAt:)", { _ = lm.attachmentSize(forGlyphAt: g) }),
            ("characterIndexForGlyph(at:)", { _ = lm.characterIndexForGlyph(at: g) }),
            ("glyphIndexForCharacter(at:)", { _ = lm.glyphIndexForCharacter(at: c) }),
            ("glyphRange(forCharacterRange:)", { _ = lm.glyphRange(forCharacterRange: NSRange(location: c, length: 10), actualCharacterRange: nil) }),
            ("characterRange(forGlyphRange:)", { _ = lm.characterRange(forGlyphRange: NSRange(location: g, length: 10), actualGlyphRange: nil) }),
            ("getGlyphs(in:)", {
                var buffer = [CGGlyph](repeating: 0, count: 10)
                _ = buffer.withUnsafeMutableBufferPointer { lm.getGlyphs(in: NSRange(location: g, length: 10), glyphs: $0.baseAddress, properties: nil, characterIndexes: nil, bidiLevels: nil) }
            }),
            ("isValidGlyphIndex(_:)", { _ = lm.isValidGlyphIndex(g) }),
            ("lineFragmentRect(forGlyphAt:)", { _ = lm.lineFragmentRect(forGlyphAt: g, effectiveRange: nil) }),
            ("lineFragmentUsedRect(forGlyphAt:)", { _ = lm.lineFragmentUsedRect(forGlyphAt: g, effectiveRange: nil) }),
            ("location(forGlyphAt:)", { _ = lm.location(forGlyphAt: g) }),
            ("textContainer(forGlyphAt:)", { _ = lm.textContainer(forGlyphAt: g, effectiveRange: nil) }),
            ("truncatedGlyphRange(inLineFragmentForGlyphAt:)", { _ = lm.truncatedGlyphRange(inLineFragmentForGlyphAt: g) }),
            ("range(ofNominallySpacedGlyphsContaining:)", { _ = lm.range(ofNominallySpacedGlyphsContaining: g) }),
            ("boundingRect(forGlyphRange:in:)", { _ = lm.boundingRect(forGlyphRange: NSRange(location: g, length: 10), in: container) }),
            ("glyphRange(forBoundingRect:in:)", { _ = lm.glyphRange(forBoundingRect: screen, in: container) }),
            ("glyphIndex(for:in:)", { _ = lm.glyphIndex(for: CGPoint(x: 100, y: 400), in: container) }),
            ("fractionOfDistanceThroughGlyph(for:in:)", { _ = lm.fractionOfDistanceThroughGlyph(for: CGPoint(x: 100, y: 400), in: container) }),
            ("characterIndex(for:in:)", {
                var fraction: CGFloat = 0
                _ = lm.characterIndex(for: CGPoint(x: 100, y: 400), in: container, fractionOfDistanceBetweenInsertionPoints: &fraction)
            }),
            ("getLineFragmentInsertionPoints", {
                _ = lm.getLineFragmentInsertionPoints(forCharacterAt: c, alternatePositions: false, inDisplayOrder: true, positions: nil, characterIndexes: nil)
            }),
            ("enumerateLineFragments(forGlyphRange:)", { lm.enumerateLineFragments(forGlyphRange: glyphs) { _, _, _, _, _ in } }),
            ("enumerateEnclosingRects", {
                lm.enumerateEnclosingRects(forGlyphRange: NSRange(location: g, length: 40), withinSelectedGlyphRange: NSRange(location: NSNotFound, length: 0), in: container) { _, _ in }
            }),
            ("firstUnlaidCharacterIndex()", { _ = lm.firstUnlaidCharacterIndex() }),
            ("temporaryAttributes(atCharacterIndex:)", { _ = lm.temporaryAttributes(atCharacterIndex: c, effectiveRange: nil) }),
            ("drawBackground and drawGlyphs", {
                let context = CGContext(recordingSize: CGSize(width: 300, height: 800))
                UIGraphicsPushContext(context)
                lm.drawBackground(forGlyphRange: glyphs, at: .zero)
                lm.drawGlyphs(forGlyphRange: glyphs, at: .zero)
                UIGraphicsPopContext()
            }),
        ]
        Self.expect(queries, leave: before, as: pending, "made glyphs or lines below the screen")
        withExtendedLifetime(stack) {}
    }

    @Test("Queries about glyphs that end where the laid-out text ends, or about the screen without layout, lay out nothing more",
          arguments: [800.0, 400.0, 613.0])
    func queriesEndingAtTheLaidOutText(screenHeight: Double) {
        let text = (0..<300).map { "Paragraph \($0) of a long text, one of many, wrapping in the column." }.joined(separator: "\n")
        let stack = H.stack(NSAttributedString(string: text, attributes: [.font: H.serif(12)]), width: 300, padding: 5)
        let lm = stack.lm, container = stack.container
        lm.allowsNonContiguousLayout = true
        let screen = CGRect(x: 0, y: 0, width: 300, height: screenHeight)
        lm.ensureLayout(forBoundingRect: screen, in: container)
        func pending() -> (Int, Int) { (lm.flow.store.summary.unanalyzed, lm.flow.store.summary.unlaid) }
        let before = pending()
        // Apple's "without additional layout": the paragraph below the screen is not laid out to
        // find that its first line is below the screen.
        let shown = lm.glyphRange(forBoundingRectWithoutAdditionalLayout: screen, in: container)
        #expect(shown.length > 0)
        #expect(pending() == before)
        let laidOut = NSRange(location: 0, length: lm.flow.store.firstUnlaidWithSums!.before.glyphs)
        #expect(shown.location + shown.length <= laidOut.length)
        let queries: [(String, () -> Void)] = [
            ("enumerateLineFragments(forGlyphRange:)", { lm.enumerateLineFragments(forGlyphRange: laidOut) { _, _, _, _, _ in } }),
            ("boundingRect(forGlyphRange:in:)", { _ = lm.boundingRect(forGlyphRange: laidOut, in: container) }),
            ("enumerateEnclosingRects", {
                lm.enumerateEnclosingRects(forGlyphRange: laidOut, withinSelectedGlyphRange: laidOut, in: container) { _, _ in }
            }),
            ("drawGlyphs", {
                let context = CGContext(recordingSize: CGSize(width: 300, height: 800))
                UIGraphicsPushContext(context)
                lm.drawGlyphs(forGlyphRange: laidOut, at: .zero)
                UIGraphicsPopContext()
            }),
        ]
        Self.expect(queries, leave: before, as: pending, "laid out the paragraph after the glyphs it was asked about")
        withExtendedLifetime(stack) {}
    }
}
