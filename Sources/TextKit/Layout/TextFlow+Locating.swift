import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// A line fragment found by a query, in container coordinates.
struct LocatedFragment {
    var paragraph: Int
    var index: Int
    var fragment: LineFragment
    /// The paragraph's first glyph and first character.
    var glyphBase: Int
    var characterBase: Int
    /// `fragment.rect` and `fragment.usedRect` in container coordinates.
    var rect: CGRect
    var usedRect: CGRect
    /// The paragraph's record, and the engine that makes its glyphs again when they were dropped
    /// to save memory (see `TextFlow.analysisBudget`).
    let record: ParagraphRecord
    unowned let flow: TextFlow

    /// The paragraph's glyphs (made again if they were evicted).
    var analysis: ParagraphAnalysis {
        record.analysis ?? flow.ensureAnalysis(paragraph, start: characterBase)
    }

    var glyphRange: NSRange {
        NSRange(location: glyphBase + fragment.line.glyphRange.lowerBound, length: fragment.line.glyphRange.count)
    }
    var container: Int { fragment.container }
}

/// Locating: which paragraph holds a glyph or a character, and which laid-out line fragment —
/// what the layout manager's glyph, line fragment, hit-testing and drawing queries stand on.
/// Each makes glyphs, or lays out, only as far as the answer needs.
extension TextFlow {
    /// The number of characters (UTF-16 units) the paragraphs hold: the text storage's length
    /// as the engine last heard of it.
    var characterCount: Int { store.length }

    /// The number of glyphs of the paragraphs that have them: every glyph once glyphs were made
    /// through the end of the text (``ensureGlyphs(throughGlyph:)``).
    var generatedGlyphCount: Int { store.summary.glyphs }

    /// Whether every paragraph has its glyphs.
    var hasGeneratedAllGlyphs: Bool { store.summary.unanalyzed == 0 }

    /// Where glyph `glyphIndex` lives: its paragraph, the paragraph's first glyph and first
    /// character (glyphs made through its paragraph). Traps, naming `function`, when the index is
    /// negative or past the last glyph.
    func locate(glyph glyphIndex: Int, _ function: StaticString = #function) -> (paragraph: Int, firstGlyph: Int, firstCharacter: Int) {
        checkPrecondition(glyphIndex >= 0, "\(function): glyph index \(glyphIndex) is negative")
        if let recent = recentlyLocated(), recent.glyphs.contains(glyphIndex) {
            return (recent.paragraph, recent.glyphs.lowerBound, recent.characters.lowerBound)
        }
        ensureGlyphs(throughGlyph: GlyphIndex(glyphIndex))
        checkPrecondition(glyphIndex < store.summary.glyphs,
                          "\(function): glyph index \(glyphIndex) out of bounds; number of glyphs \(store.summary.glyphs)")
        let (p, first) = store.paragraph(containingGlyph: GlyphIndex(glyphIndex))
        let start = store.start(ofParagraph: p).rawValue
        remember(paragraph: p, record: store.record(p), firstCharacter: start, firstGlyph: first.rawValue)
        return (p, first.rawValue, start)
    }

    /// The paragraph of character `index` with its first character and first glyph (glyphs made
    /// through its paragraph); (0, 0, 0) without paragraphs.
    func locate(character index: Int) -> (paragraph: Int, firstCharacter: Int, firstGlyph: Int) {
        if let recent = recentlyLocated(), recent.characters.contains(index) {
            return (recent.paragraph, recent.characters.lowerBound, recent.glyphs.lowerBound)
        }
        ensureGlyphs(throughCharacter: UTF16Offset(index))
        guard store.count > 0 else { return (0, 0, 0) }
        let (p, start, record) = store.paragraphRecord(containingCharacter: UTF16Offset(index))
        let firstGlyph = store.firstGlyph(ofParagraph: p).rawValue
        remember(paragraph: p, record: record, firstCharacter: start.rawValue, firstGlyph: firstGlyph)
        return (p, start.rawValue, firstGlyph)
    }

    /// The paragraph a query located last, unless the paragraphs changed since (the record's own
    /// counts are checked too: a glyph-generation delegate edits a record's glyphs in place).
    private func recentlyLocated() -> LocatedParagraph? {
        guard let recent = locatedParagraph, recent.changeCount == changeCount,
              recent.record.length == recent.characters.count, recent.record.glyphCount == recent.glyphs.count else { return nil }
        return recent
    }

    private func remember(paragraph: Int, record: ParagraphRecord, firstCharacter: Int, firstGlyph: Int) {
        guard let glyphCount = record.glyphCount else { return locatedParagraph = nil }
        locatedParagraph = .init(changeCount: changeCount, paragraph: paragraph, record: record,
                                 characters: firstCharacter..<(firstCharacter + record.length),
                                 glyphs: firstGlyph..<(firstGlyph + glyphCount))
    }

    // MARK: Line fragments

    func located(_ p: Int, _ index: Int, layout: ParagraphLayout, glyphBase: Int, characterBase: Int,
                 top: CGFloat? = nil, record: ParagraphRecord? = nil) -> LocatedFragment {
        located(p, index, fragment: layout.fragments[index], glyphBase: glyphBase, characterBase: characterBase,
                top: top ?? paragraphTop(p, layout: layout), record: record)
    }

    /// Fragment `index` of paragraph `p` (`fragment`), its paragraph's top being `top`.
    func located(_ p: Int, _ index: Int, fragment: LineFragment, glyphBase: Int, characterBase: Int,
                 top: CGFloat, record: ParagraphRecord? = nil) -> LocatedFragment {
        let dy = top - containerTop(fragment.container)
        return LocatedFragment(paragraph: p, index: index, fragment: fragment, glyphBase: glyphBase, characterBase: characterBase,
                               rect: fragment.rect.offsetBy(dx: 0, dy: dy), usedRect: fragment.usedRect.offsetBy(dx: 0, dy: dy),
                               record: record ?? store.record(p), flow: self)
    }

    /// The laid-out fragment holding glyph `glyphIndex`, or nil when the glyph is in no container.
    func fragment(forGlyph glyphIndex: Int, _ function: StaticString = #function) -> LocatedFragment? {
        let (p, first, start) = locate(glyph: glyphIndex, function)
        ensureLayout(throughParagraph: p)
        guard let layout = store.record(p).layout else { return nil }
        let local = glyphIndex - first
        // Fragments are in glyph order; a glyph belongs to the last fragment starting at or before it.
        var low = 0, high = layout.fragments.count - 1
        guard high >= 0 else { return nil }
        while low < high {
            let mid = (low + high + 1) / 2
            if layout.fragments[mid].line.glyphRange.lowerBound <= local { low = mid } else { high = mid - 1 }
        }
        guard layout.fragments[low].line.glyphRange.contains(local) else { return nil }
        return located(p, low, layout: layout, glyphBase: first, characterBase: start)
    }

    /// Calls `body` for every laid-out fragment from paragraph `start` on, in order, until it
    /// returns false or the paragraph holding glyph `end - 1` has been walked (the paragraph after
    /// it, which may not be laid out, is not asked about glyphs the caller does not want).
    func forEachFragment(fromParagraph start: Int = 0, beforeGlyph end: Int = .max, _ body: (LocatedFragment) -> Bool) {
        forEachLaidOutParagraph(from: start) { p, record, fragments, glyphBase, characterBase, top in
            for i in fragments.indices {
                if !body(located(p, i, fragment: fragments[i], glyphBase: glyphBase, characterBase: characterBase,
                                 top: top, record: record)) { return false }
            }
            return glyphBase + (record.glyphCount ?? 0) < end
        }
    }
}
