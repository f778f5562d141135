import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Showing the first screen of a long text lays out that screen and little more: the flow guesses
/// how many paragraphs fill the rest of the rect from the text laid out so far.
@Suite("Laying out a screen of a long text")
struct FirstScreenLayoutTests {
    /// `text` in DejaVu Serif 12 in a 300-pt column of unbounded height (padding 5, the default):
    /// contiguous layout, TextKit 1's default (NonContiguousLayoutTests.swift has the other kind).
    func makeStack(_ text: String) -> (NSTextStorage, NSLayoutManager, NSTextContainer) {
        let stack = DrawingHarness.stack(NSAttributedString(string: text, attributes: [.font: DrawingHarness.serif(12)]),
                                         width: 300, padding: 5)
        return (stack.storage, stack.layoutManager, stack.container)
    }

    /// The bottom of the laid-out paragraphs (all of them are above the first without lines).
    func laidOutBottom(_ manager: NSLayoutManager) -> CGFloat {
        let store = manager.flow.store
        #expect(store.summary.unlaid == store.count - (store.firstUnlaid ?? store.count), "the laid-out paragraphs are a prefix")
        return FixedHeight.points(store.summary.height)
    }

    @Test("A screen of even paragraphs lays out the rect and at most a tenth more, plus one paragraph")
    func evenParagraphs() {
        // Each paragraph wraps to three or four lines at 300 pt.
        let paragraph = "Each paragraph of this long text is long enough to wrap to three or four lines in a column three hundred points wide.\n"
        let (storage, manager, container) = makeStack(String(repeating: paragraph, count: 5000))
        for height: CGFloat in [30, 800, 3000] {
            manager.ensureLayout(forBoundingRect: CGRect(x: 0, y: 0, width: 300, height: height), in: container)
            let bottom = laidOutBottom(manager)
            // A paragraph is at most four lines, each as tall as the first glyph's line.
            let lineHeight = manager.boundingRect(forGlyphRange: NSRange(location: 0, length: 1), in: container).height
            #expect(bottom >= height)
            #expect(bottom <= height * 1.1 + 4 * lineHeight + 1, "laid out to \(bottom) for a rect \(height) high")
        }
        withExtendedLifetime(storage) {}
    }

    @Test("Short headings before long paragraphs: the rect is still covered, in a few steps")
    func unevenParagraphs() {
        let headings = (0..<8).map { "Heading \($0)\n" }.joined()
        let body = String(repeating: "A long paragraph after the headings, much denser than they are, which wraps to many lines in its column. ", count: 12) + "\n"
        let (storage, manager, container) = makeStack(headings + String(repeating: body, count: 400))
        manager.ensureLayout(forBoundingRect: CGRect(x: 0, y: 0, width: 300, height: 2000), in: container)
        #expect(laidOutBottom(manager) >= 2000)
        #expect(manager.flow.store.count - manager.flow.store.summary.unlaid < 60)
        withExtendedLifetime(storage) {}
    }

    /// Records, at each `didCompleteLayoutFor`, whether any text was still without lines.
    final class CompletionWatcher: NSLayoutManagerDelegate {
        var reports: [(atEnd: Bool, allLaidOut: Bool)] = []
        func layoutManager(_ layoutManager: NSLayoutManager, didCompleteLayoutFor textContainer: NSTextContainer?,
                           atEnd layoutFinishedFlag: Bool) {
            reports.append((layoutFinishedFlag, layoutManager.firstUnlaidCharacterIndex() == layoutManager.textStorage!.length))
        }
    }

    @Test("Layout is reported complete once, when the last paragraph without lines has them, not when a step first reaches the end")
    func completionAfterGaps() {
        let text = (0..<400).map { "Paragraph \($0) is one of many, and it wraps once or twice in the column." }.joined(separator: "\n")
        let (storage, manager, container) = makeStack(text)
        let watcher = CompletionWatcher()
        manager.delegate = watcher
        manager.ensureLayout(for: container)
        #expect(watcher.reports.count == 1 && watcher.reports[0].allLaidOut)
        // Two paragraphs without lines, with laid-out ones between and after them.
        let nsText = storage.string as NSString
        for word in ["Paragraph 3 ", "Paragraph 390 "] {
            storage.replaceCharacters(in: NSRange(location: nsText.range(of: word).location + word.count, length: 0), with: "x")
        }
        watcher.reports = []
        manager.ensureLayout(forBoundingRect: CGRect(x: 0, y: 0, width: 300, height: 1e6), in: container)
        #expect(watcher.reports.count == 1)
        #expect(watcher.reports.allSatisfy { $0.atEnd && $0.allLaidOut })
        withExtendedLifetime(storage) {}
    }

    @Test("A hit far below the laid-out text lays out up to it and finds what a full layout finds")
    func hitFarBelow() {
        let text = (0..<3000).map { "Paragraph \($0) is one of many, and wraps once or twice in the column." }.joined(separator: "\n")
        let (storage, lazy, lazyContainer) = makeStack(text)
        let (fullStorage, full, fullContainer) = makeStack(text)
        full.ensureLayout(for: fullContainer)
        for y: CGFloat in [10, 5000, 40_000] {
            let point = CGPoint(x: 120, y: y)
            #expect(lazy.glyphIndex(for: point, in: lazyContainer) == full.glyphIndex(for: point, in: fullContainer))
            #expect(laidOutBottom(lazy) >= y)
        }
        #expect(lazy.flow.store.summary.unlaid > 0, "text below the last hit stays without lines")
        withExtendedLifetime((storage, fullStorage)) {}
    }

    @Test("Glyph-to-character queries on the first screen make no glyphs below it; past the end they answer as TextKit")
    func glyphQueriesStayOnTheScreen() {
        let text = (0..<3000).map { "Paragraph \($0) is one of many, and wraps once or twice in the column." }.joined(separator: "\n")
        let (storage, manager, container) = makeStack(text)
        manager.ensureLayout(forBoundingRect: CGRect(x: 0, y: 0, width: 300, height: 800), in: container)
        let unanalyzed = manager.flow.store.summary.unanalyzed
        #expect(unanalyzed > 2500)
        let glyph = manager.glyphIndex(for: CGPoint(x: 40, y: 400), in: container)
        let character = manager.characterIndexForGlyph(at: glyph)
        #expect(manager.glyphIndexForCharacter(at: character) == glyph)
        let range = manager.characterRange(forGlyphRange: NSRange(location: glyph, length: 20), actualGlyphRange: nil)
        #expect(range.location == character && range.length == 20)
        #expect(manager.flow.store.summary.unanalyzed == unanalyzed, "no glyphs made for the text below the screen")
        // Glyphs for an island far below, then for everything (past the last glyph: the length).
        _ = manager.glyphIndex(for: CGPoint(x: 40, y: 30_000), in: container)
        #expect(manager.characterIndexForGlyph(at: 10_000_000) == storage.length)
        #expect(manager.flow.store.summary.unanalyzed == 0)
        // The same glyphs as a full layout's.
        let (otherStorage, other, otherContainer) = makeStack(text)
        other.ensureLayout(for: otherContainer)
        #expect(manager.numberOfGlyphs == other.numberOfGlyphs)
        for glyph in stride(from: 0, to: other.numberOfGlyphs, by: 997) {
            #expect(manager.characterIndexForGlyph(at: glyph) == other.characterIndexForGlyph(at: glyph))
        }
        withExtendedLifetime((storage, otherStorage)) {}
    }
}

/// A paragraph's glyphs are gathered in buffers its layout manager's analyzer reuses; an analysis
/// started inside another (an attachment asking the layout manager about later text while its own
/// paragraph is being shaped) must get buffers of its own.
@Suite("Glyph buffers")
struct GlyphBufferTests {
    final class CuriousAttachment: NSTextAttachment {
        var asked = false
        var laterOffset = 0
        override func attachmentBounds(for textContainer: NSTextContainer?, proposedLineFragment lineFrag: CGRect,
                                       glyphPosition position: CGPoint, characterIndex charIndex: Int) -> CGRect {
            if !asked {
                asked = true
                _ = textContainer?.layoutManager?.glyphIndexForCharacter(at: laterOffset)  // shapes later paragraphs now
            }
            return CGRect(x: 0, y: 0, width: 20, height: 10)
        }
    }

    func glyphsAndAdvances(_ manager: NSLayoutManager) -> [String] {
        (0..<manager.numberOfGlyphs).map { "\(manager.cgGlyph(at: $0)) \(manager.location(forGlyphAt: $0).x)" }
    }

    @Test("An analysis inside an analysis leaves the outer paragraph's glyphs intact")
    func nestedAnalysis() {
        let later = (1...3).map { "Paragraph \($0): quite different words, \(String(repeating: "zyx", count: $0 * 9))." }
        func make(_ attachment: NSTextAttachment) -> (NSTextStorage, NSLayoutManager) {
            let text = NSMutableAttributedString(string: "The first paragraph holds an attachment ", attributes: [.font: UIFont(name: "DejaVu Serif", size: 12)!])
            text.append(NSAttributedString(attachment: attachment))
            text.append(NSAttributedString(string: " and more words after it.\n" + later.joined(separator: "\n"),
                                           attributes: [.font: UIFont(name: "DejaVu Serif", size: 12)!]))
            let storage = NSTextStorage(attributedString: text)
            let manager = NSLayoutManager()
            manager.maximumLayoutThreads = 1
            manager.addTextContainer(NSTextContainer(size: CGSize(width: 300, height: 1000)))
            storage.addLayoutManager(manager)
            return (storage, manager)
        }
        let curious = CuriousAttachment()
        let (storage, manager) = make(curious)
        curious.laterOffset = storage.length - 5
        manager.ensureLayout(for: manager.textContainers[0])
        #expect(curious.asked)
        let plain = NSTextAttachment()
        plain.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        let (plainStorage, plainManager) = make(plain)
        plainManager.ensureLayout(for: plainManager.textContainers[0])
        #expect(glyphsAndAdvances(manager) == glyphsAndAdvances(plainManager))
        withExtendedLifetime((storage, plainStorage)) {}
    }
}
