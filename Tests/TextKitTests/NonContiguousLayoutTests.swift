import Testing
@testable import TextKit
import TextKitFonts
import TextKitModel
import TextKitTypesetting
import ModelTestSupport

/// `allowsNonContiguousLayout`: a query lays out what it asks about and nothing before it; text
/// without lines takes an estimated height; once everything is laid out, in whatever order, the
/// lines are those contiguous layout makes.
@Suite("Non-contiguous layout")
struct NonContiguousLayoutTests {
    /// Paragraphs of one to four lines at 300 pt in DejaVu Serif 12, numbered so every one differs.
    static func text(paragraphs: Int = 3000) -> String {
        (0..<paragraphs).map { i in
            "Paragraph \(i) " + String(repeating: "wraps in the column ", count: 1 + i % 9)
        }.joined(separator: "\n")
    }

    func stack(_ text: String, nonContiguous: Bool, containerHeight: CGFloat = .greatestFiniteMagnitude) -> LayoutStack {
        let stack = LayoutStack(text, containerSizes: [CGSize(width: 300, height: containerHeight)])
        stack.layoutManager.allowsNonContiguousLayout = nonContiguous
        return stack
    }

    /// The first line fragment of the paragraph starting with `prefix`: its rect and its characters.
    func firstLine(of prefix: String, in stack: LayoutStack) -> (rect: CGRect, characters: NSRange) {
        let location = (stack.storage.string as NSString).range(of: prefix).location
        var glyphs = NSRange()
        let glyph = stack.layoutManager.glyphIndexForCharacter(at: location)
        let rect = stack.layoutManager.lineFragmentRect(forGlyphAt: glyph, effectiveRange: &glyphs)
        return (rect, stack.layoutManager.characterRange(forGlyphRange: glyphs, actualGlyphRange: nil))
    }

    @Test("A query far down lays out its paragraph alone, with the lines a full layout makes, below estimates")
    func farQuery() {
        let text = Self.text()
        let lazy = stack(text, nonContiguous: true)
        let full = stack(text, nonContiguous: false)
        full.layoutManager.ensureLayout(for: full.containers[0])
        let found = firstLine(of: "Paragraph 2000 ", in: lazy)
        let expected = firstLine(of: "Paragraph 2000 ", in: full)
        #expect(lazy.layoutManager.laidOutParagraphCount == 1)
        #expect(lazy.layoutManager.hasNonContiguousLayout)
        #expect(lazy.layoutManager.flow.store.summary.unanalyzed == lazy.layoutManager.flow.store.count - 1, "glyphs for that paragraph only")
        #expect(found.characters == expected.characters)
        #expect(found.rect.size == expected.rect.size)
        // Placed below the estimates of the 2000 paragraphs above it: within a fifth of where they really end.
        #expect(abs(found.rect.minY - expected.rect.minY) < expected.rect.minY / 5, "\(found.rect.minY) against \(expected.rect.minY)")
        // The scroller's height: estimates and the one laid-out paragraph.
        let total = full.layoutManager.usedRect(for: full.containers[0]).height
        #expect(abs(lazy.layoutManager.estimatedTextHeight - total) < total / 5)
        withExtendedLifetime((lazy, full)) {}
    }

    @Test("Laying out text above moves what is below it by the difference, and never what is above it")
    func movesBelowOnly() {
        let lazy = stack(Self.text(), nonContiguous: true)
        let manager = lazy.layoutManager
        let top = firstLine(of: "Paragraph 10 ", in: lazy).rect
        var corrected = 0
        // Paragraphs 1000…1008 (one to nine repeats of the phrase), one at a time between the two.
        for i in 1000..<1009 {
            let below = firstLine(of: "Paragraph 2000 ", in: lazy).rect
            let location = (lazy.storage.string as NSString).range(of: "Paragraph \(i) ").location
            let p = manager.flow.store.paragraph(containingCharacter: UTF16Offset(location)).index
            let estimate = manager.flow.store.record(p).estimatedHeight
            _ = firstLine(of: "Paragraph \(i) ", in: lazy)
            let height = manager.flow.store.record(p).layoutHeight ?? 0
            if height != estimate { corrected += 1 }
            #expect(firstLine(of: "Paragraph 10 ", in: lazy).rect == top)
            #expect(firstLine(of: "Paragraph 2000 ", in: lazy).rect.minY - below.minY == FixedHeight.points(height - estimate))
        }
        #expect(corrected > 0, "some estimate differs from the height (else this test shows nothing)")
        #expect(manager.laidOutParagraphCount == 11)
        withExtendedLifetime(lazy) {}
    }

    @Test("Islands laid out in any order, then edits, then the rest: the lines and glyphs of a contiguous layout")
    func islandsConverge() {
        var random = SeededGenerator(seed: 46)
        let text = Self.text(paragraphs: 600)
        let lazy = stack(text, nonContiguous: true)
        let manager = lazy.layoutManager
        for _ in 0..<12 {
            let y = CGFloat.random(in: 0...20_000, using: &random)
            manager.ensureLayout(forBoundingRect: CGRect(x: 0, y: y, width: 300, height: 300), in: lazy.containers[0])
            let character = Int.random(in: 0..<lazy.storage.length, using: &random)
            _ = manager.lineFragmentRect(forGlyphAt: manager.glyphIndexForCharacter(at: character), effectiveRange: nil)
        }
        #expect(manager.hasNonContiguousLayout)
        // Edits inside and between islands.
        for _ in 0..<6 {
            let at = Int.random(in: 0..<lazy.storage.length, using: &random)
            lazy.storage.replaceCharacters(in: NSRange(location: at, length: 0), with: Bool.random(using: &random) ? "inserted words " : "\n")
            _ = manager.lineFragmentRect(forGlyphAt: manager.glyphIndexForCharacter(at: at), effectiveRange: nil)
        }
        let full = stack(lazy.storage.string, nonContiguous: false)
        manager.ensureLayout(for: lazy.containers[0])
        #expect(!manager.hasNonContiguousLayout)
        #expect(manager.numberOfGlyphs == full.layoutManager.numberOfGlyphs)
        let lines = lazy.fragments(), expected = full.fragments()
        #expect(lines.count == expected.count)
        for (line, other) in zip(lines, expected) where line.rect != other.rect || line.glyphs != other.glyphs {
            Issue.record("line \(line.glyphs) at \(line.rect), contiguous layout: \(other.glyphs) at \(other.rect) (seed 46)")
            break
        }
        withExtendedLifetime((lazy, full)) {}
    }

    @Test("A glyph index counts the paragraphs with glyphs; numberOfGlyphs makes them all")
    func glyphIndices() {
        let text = Self.text()
        let lazy = stack(text, nonContiguous: true)
        let full = stack(text, nonContiguous: false)
        let character = (text as NSString).range(of: "Paragraph 2500 ").location
        let early = lazy.layoutManager.glyphIndexForCharacter(at: character)
        #expect(early < 200, "only this paragraph has glyphs")
        #expect(lazy.layoutManager.characterIndexForGlyph(at: early) == character)
        #expect(lazy.layoutManager.numberOfGlyphs == full.layoutManager.numberOfGlyphs)
        #expect(lazy.layoutManager.glyphIndexForCharacter(at: character) == full.layoutManager.glyphIndexForCharacter(at: character))
        withExtendedLifetime((lazy, full)) {}
    }

    @Test("The end of the text: the extra line fragment and the caret there lay out the last paragraph only")
    func textEnd() {
        let lazy = stack(Self.text() + "\n", nonContiguous: true)
        let extra = lazy.layoutManager.extraLineFragmentRect
        #expect(extra.height > 0)
        #expect(lazy.layoutManager.laidOutParagraphCount <= 2)
        #expect(abs(extra.minY - lazy.layoutManager.estimatedTextHeight + extra.height) < 0.01)
        withExtendedLifetime(lazy) {}
    }

    @Test("The delegate hears that layout is complete once every paragraph has lines, not when the end does")
    func completion() {
        final class Watcher: NSLayoutManagerDelegate {
            var reports = 0
            func layoutManager(_ layoutManager: NSLayoutManager, didCompleteLayoutFor textContainer: NSTextContainer?, atEnd: Bool) {
                reports += 1
            }
        }
        let lazy = stack(Self.text(paragraphs: 300), nonContiguous: true)
        let watcher = Watcher()
        lazy.layoutManager.delegate = watcher
        _ = lazy.layoutManager.extraLineFragmentRect
        _ = lazy.layoutManager.lineFragmentRect(forGlyphAt: lazy.layoutManager.glyphIndexForCharacter(at: lazy.storage.length - 1), effectiveRange: nil)
        #expect(watcher.reports == 0)
        lazy.layoutManager.ensureLayout(for: lazy.containers[0])
        #expect(watcher.reports == 1)
        withExtendedLifetime(lazy) {}
    }

    @Test("A bounded container keeps layout contiguous: its lines depend on where the text above ends")
    func boundedStaysContiguous() {
        let bounded = stack(Self.text(), nonContiguous: true, containerHeight: 1e6)
        let character = (bounded.storage.string as NSString).range(of: "Paragraph 2000 ").location
        _ = bounded.layoutManager.lineFragmentRect(forGlyphAt: bounded.layoutManager.glyphIndexForCharacter(at: character), effectiveRange: nil)
        #expect(!bounded.layoutManager.hasNonContiguousLayout)
        #expect(bounded.layoutManager.firstUnlaidCharacterIndex() > character)
        withExtendedLifetime(bounded) {}
    }
}
