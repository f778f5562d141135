import Testing
@testable import TextKit
import TextKitGraphics
import TextKitModel
import TextKitFonts

/// An edit inside one paragraph keeps its old analysis until the paragraph is shaped again, which
/// then asks ICU only about the text around the edit (PriorBreaks.swift) and copies the glyphs of
/// the words the edit did not touch (PriorGlyphs.swift); the result is the same paragraph a fresh
/// layout makes.
@Suite("Line breaks and glyphs after an edit inside a paragraph")
struct EditedLineBreaksTests {
    static let text = "The quick brown fox jumps over the lazy dog; (1,234.5) “quoted” words—and more.\nA second paragraph, untouched by the edits below.\n"

    /// ``text`` laid out in a column narrow enough to wrap its first paragraph.
    static func laidOut() -> (NSTextStorage, NSLayoutManager, NSTextContainer) {
        let stack = DrawingHarness.stack(NSAttributedString(string: text), width: 180, padding: 5)
        stack.lm.ensureLayout(for: stack.container)
        return (stack.storage, stack.lm, stack.container)
    }

    @Test("Typing, deleting and replacing inside a paragraph: the old breaks are kept until relayout, and the new segments are a fresh layout's",
          arguments: [(4, 0, "very "), (10, 6, ""), (44, 1, "\u{00A0}"), (50, 0, "\u{0301}"), (20, 5, "leaps"), (0, 0, "x"), (79, 0, " end")])
    func edit(location: Int, length: Int, replacement: String) throws {
        let (storage, manager, container) = Self.laidOut()
        storage.replaceCharacters(in: NSRange(location: location, length: length), with: replacement)
        let record = manager.flow.store.record(0)
        let prior = try #require(record.prior)
        #expect(prior.editStart == location && prior.oldLength == length && prior.newLength == replacement.utf16.count)
        #expect(manager.flow.store.record(1).prior == nil)
        manager.ensureLayout(for: container)
        #expect(record.prior == nil)

        let fresh = NSLayoutManager()
        let freshContainer = NSTextContainer(size: container.size)
        fresh.addTextContainer(freshContainer)
        let freshStorage = NSTextStorage(attributedString: storage)
        freshStorage.addLayoutManager(fresh)
        fresh.ensureLayout(for: freshContainer)
        #expect(record.analysis?.segments == fresh.flow.store.record(0).analysis?.segments)
        #expect(manager.usedRect(for: container) == fresh.usedRect(for: freshContainer))
        withExtendedLifetime(freshStorage) {}
    }

    @Test("Relayout after typing copies the glyphs of the untouched words; not after a glyph-generation delegate or setGlyphs changed them")
    func copiesGlyphs() throws {
        let (storage, manager, container) = Self.laidOut()
        let analyzer = manager.flow.analyzer
        var copied = analyzer.copiedGlyphCount
        storage.replaceCharacters(in: NSRange(location: 10, length: 0), with: "x")  // "xbrown"
        manager.ensureLayout(for: container)
        let glyphs = try #require(manager.flow.store.record(0).glyphCount)
        #expect(analyzer.copiedGlyphCount - copied == glyphs - "xbrown ".utf16.count)

        // Glyphs a delegate was offered may be its own: shaped again.
        let delegate = GlyphCountDelegateTests.ArrowDelegate()
        manager.delegate = delegate
        manager.invalidateGlyphs(forCharacterRange: NSRange(location: 0, length: storage.length), changeInLength: 0, actualCharacterRange: nil)
        manager.ensureLayout(for: container)
        copied = analyzer.copiedGlyphCount
        storage.replaceCharacters(in: NSRange(location: 10, length: 1), with: "")
        manager.ensureLayout(for: container)
        #expect(analyzer.copiedGlyphCount == copied)
        manager.delegate = nil

        // So are glyphs set outside glyph generation.
        manager.ensureLayout(for: container)
        let first = manager.glyph(at: 0)
        manager.setGlyphs([first], properties: [[]], characterIndexes: [0], font: UIFont(name: "DejaVu Serif", size: 12)!,
                          forGlyphRange: NSRange(location: 0, length: 1))
        storage.replaceCharacters(in: NSRange(location: 10, length: 0), with: "x")
        manager.ensureLayout(for: container)
        #expect(analyzer.copiedGlyphCount == copied)
        withExtendedLifetime(delegate) {}
    }

    @Test("An edit that joins or splits paragraphs, or a second edit before relayout, leaves no old breaks to reuse")
    func notKept() {
        let (storage, manager, container) = Self.laidOut()
        storage.replaceCharacters(in: NSRange(location: 10, length: 0), with: "\n")
        #expect(manager.flow.store.record(0).prior == nil && manager.flow.store.record(1).prior == nil)
        manager.ensureLayout(for: container)
        storage.replaceCharacters(in: NSRange(location: 2, length: 0), with: "a")
        #expect(manager.flow.store.record(0).prior != nil)
        storage.replaceCharacters(in: NSRange(location: 3, length: 0), with: "b")
        #expect(manager.flow.store.record(0).prior == nil)
    }
}
