import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// A line fragment found by a query, in container coordinates.
struct LocatedFragment {
    /// The paragraph, the fragment's index among its lines, and the fragment as stored (in the
    /// paragraph's coordinates, its glyphs and characters counted from the paragraph's start).
    var paragraph: Int
    var index: Int
    var fragment: LineFragment
    /// The paragraph's first glyph and first character.
    var firstGlyph: GlyphIndex
    var firstCharacter: UTF16Offset
    /// `fragment.rect` and `fragment.usedRect` in container coordinates.
    var rect: CGRect
    var usedRect: CGRect
    /// The paragraph's record, and the engine that makes its glyphs again when they were dropped
    /// to save memory (see `TextFlow.analysisBudget`).
    let record: ParagraphRecord
    unowned let flow: TextFlow

    /// The paragraph's glyphs (made again if they were evicted).
    var analysis: ParagraphAnalysis {
        record.analysis ?? flow.ensureAnalysis(paragraph, start: firstCharacter)
    }

    /// The line's glyphs, as the layout manager's API gives them.
    var glyphRange: NSRange {
        NSRange(location: glyph(fragment.line.glyphRange.lowerBound).rawValue, length: fragment.line.glyphRange.count)
    }
    var container: Int { fragment.container }

    /// Glyph `local` of the paragraph (an index into its glyph arrays, as the typesetting layer
    /// counts) as a glyph of the text.
    func glyph(_ local: Int) -> GlyphIndex { firstGlyph + GlyphIndex(local) }

    /// Offset `local` into the paragraph (as the typesetting layer counts) as an offset into the text.
    func character(_ local: Int) -> UTF16Offset { firstCharacter + UTF16Offset(local) }

    /// Glyph `glyph` of the text as an index into the paragraph's glyph arrays.
    func local(_ glyph: GlyphIndex) -> Int { (glyph - firstGlyph).rawValue }

    /// Offset `offset` into the text as an offset into the paragraph.
    func local(_ offset: UTF16Offset) -> Int { (offset - firstCharacter).rawValue }
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

    /// Whether there is a glyph at `glyph` (glyphs made through it): false past the last glyph, as
    /// at the end of the text (index `numberOfGlyphs`, 0 in an empty layout).
    func hasGlyph(_ glyph: GlyphIndex) -> Bool {
        guard glyph >= .zero else { return false }
        ensureGlyphs(throughGlyph: glyph)
        return glyph < store.glyphEnd
    }

    /// Where `glyph` lives: its paragraph, the paragraph's first glyph and first
    /// character (glyphs made through its paragraph). Traps, naming `function`, when the index is
    /// negative or past the last glyph.
    func locate(glyph: GlyphIndex, _ function: StaticString = #function) -> (paragraph: Int, firstGlyph: GlyphIndex, firstCharacter: UTF16Offset) {
        checkPrecondition(glyph >= .zero, "\(function): glyph index \(glyph) is negative")
        if let recent = recentlyLocated(), recent.glyphs.contains(glyph) {
            return (recent.paragraph, recent.glyphs.lowerBound, recent.characters.lowerBound)
        }
        ensureGlyphs(throughGlyph: glyph)
        checkPrecondition(glyph < store.glyphEnd,
                          "\(function): glyph index \(glyph) out of bounds; number of glyphs \(store.glyphEnd)")
        let (p, first) = store.paragraph(containingGlyph: glyph)
        let start = store.start(ofParagraph: p)
        remember(paragraph: p, record: store.record(p), firstCharacter: start, firstGlyph: first)
        return (p, first, start)
    }

    /// The paragraph of the character at `offset`, with its first character and first glyph
    /// (glyphs made through its paragraph); (0, 0, 0) without paragraphs.
    func locate(character offset: UTF16Offset) -> (paragraph: Int, firstCharacter: UTF16Offset, firstGlyph: GlyphIndex) {
        if let recent = recentlyLocated(), recent.characters.contains(offset) {
            return (recent.paragraph, recent.characters.lowerBound, recent.glyphs.lowerBound)
        }
        ensureGlyphs(throughCharacter: offset)
        guard store.count > 0 else { return (0, .zero, .zero) }
        let (p, start, record) = store.paragraphRecord(containingCharacter: offset)
        let firstGlyph = store.firstGlyph(ofParagraph: p)
        remember(paragraph: p, record: record, firstCharacter: start, firstGlyph: firstGlyph)
        return (p, start, firstGlyph)
    }

    /// The paragraph a query located last, unless the paragraphs changed since (the record's own
    /// counts are checked too: a glyph-generation delegate edits a record's glyphs in place).
    private func recentlyLocated() -> LocatedParagraph? {
        guard let recent = locatedParagraph, recent.changeCount == changeCount,
              recent.record.length == (recent.characters.upperBound - recent.characters.lowerBound).rawValue,
              recent.record.glyphCount == (recent.glyphs.upperBound - recent.glyphs.lowerBound).rawValue else { return nil }
        return recent
    }

    private func remember(paragraph: Int, record: ParagraphRecord, firstCharacter: UTF16Offset, firstGlyph: GlyphIndex) {
        guard let glyphCount = record.glyphCount else { return locatedParagraph = nil }
        locatedParagraph = .init(changeCount: changeCount, paragraph: paragraph, record: record,
                                 characters: firstCharacter..<(firstCharacter + UTF16Offset(record.length)),
                                 glyphs: firstGlyph..<(firstGlyph + GlyphIndex(glyphCount)))
    }

    // MARK: Line fragments

    /// Fragment `index` of paragraph `p` (`fragment`), whose first glyph and character are
    /// `firstGlyph` and `firstCharacter` and whose top is `top`.
    func located(_ p: Int, _ index: Int, fragment: LineFragment, firstGlyph: GlyphIndex, firstCharacter: UTF16Offset,
                 top: CGFloat, record: ParagraphRecord? = nil) -> LocatedFragment {
        let dy = top - containerTop(fragment.container)
        return LocatedFragment(paragraph: p, index: index, fragment: fragment, firstGlyph: firstGlyph, firstCharacter: firstCharacter,
                               rect: fragment.rect.offsetBy(dx: 0, dy: dy), usedRect: fragment.usedRect.offsetBy(dx: 0, dy: dy),
                               record: record ?? store.record(p), flow: self)
    }

    /// The laid-out fragment holding `glyph` (laid out as far as its paragraph), or nil when the
    /// glyph is in no container.
    func fragment(forGlyph glyph: GlyphIndex, _ function: StaticString = #function) -> LocatedFragment? {
        let (p, first, start) = locate(glyph: glyph, function)
        ensureLayout(paragraph: p)
        guard let layout = store.record(p).layout else { return nil }
        let local = (glyph - first).rawValue
        // Fragments are in glyph order; a glyph belongs to the last fragment starting at or before it.
        var low = 0, high = layout.fragments.count - 1
        guard high >= 0 else { return nil }
        while low < high {
            let mid = (low + high + 1) / 2
            if layout.fragments[mid].line.glyphRange.lowerBound <= local { low = mid } else { high = mid - 1 }
        }
        guard layout.fragments[low].line.glyphRange.contains(local) else { return nil }
        return located(p, low, fragment: layout.fragments[low], firstGlyph: first, firstCharacter: start,
                       top: paragraphTop(p, layout: layout))
    }

    /// Where a walk over the fragments of container `index` may start without missing anything
    /// the walk learns from the containers before it: the last fragment laid in an earlier
    /// container (the paragraph holding it and its first glyph), found by binary search over the
    /// paragraphs' flow states and then over one paragraph's fragments; paragraph 0 from its start
    /// when there is none, and always in the stacked flow (one container). Layout must be done
    /// through the container. A walk from paragraph 0 cost every fragment before the container: a
    /// paged document of a thousand pages walked its lines a thousand times to find each page's
    /// glyphs.
    func fragmentWalkStart(beforeContainer index: Int) -> (paragraph: Int, glyph: GlyphIndex?) {
        guard index > 0, !isStacked else { return (0, nil) }
        // The first validated paragraph that ends in the container or after it: the ones before
        // it lie wholly in earlier containers.
        var low = 0, high = min(validatedParagraphs, store.count)
        while low < high {
            let mid = (low + high) / 2
            if let end = store.record(mid).layout?.end, end.container < index { low = mid + 1 } else { high = mid }
        }
        // Back from there to the last fragment in a container before `index`.
        var p = min(low, store.count - 1)
        while p >= 0 {
            if let fragments = store.record(p).layout?.fragments, let start = fragments.first, start.container < index {
                // Fragments are in flow order: the last one before the container, by search.
                var first = 0, last = fragments.count - 1
                while first < last {
                    let mid = (first + last + 1) / 2
                    if fragments[mid].container < index { first = mid } else { last = mid - 1 }
                }
                return (p, GlyphIndex(store.prefix(p).glyphs) + GlyphIndex(fragments[first].line.glyphRange.lowerBound))
            }
            p -= 1
        }
        return (0, nil)
    }

    /// Calls `body` for every laid-out fragment from paragraph `start` on, in order, until it
    /// returns false or the paragraph holding glyph `end - 1` has been walked (the paragraph after
    /// it, which may not be laid out, is not asked about glyphs the caller does not want). With
    /// `first`, a glyph of paragraph `start`, that paragraph's walk starts at the fragment holding
    /// it (found by binary search): the fragments before it hold only glyphs before `first`.
    func forEachFragment(fromParagraph start: Int = 0, startingAtGlyph first: GlyphIndex? = nil,
                         beforeGlyph end: GlyphIndex = GlyphIndex(.max), _ body: (LocatedFragment) -> Bool) {
        forEachLaidOutParagraph(from: start) { p, record, fragments, firstGlyph, firstCharacter, top in
            var from = 0
            if p == start, let first, first >= firstGlyph {
                // The last fragment starting at or before the glyph.
                let local = (first - firstGlyph).rawValue
                var low = 0, high = fragments.count - 1
                while low < high {
                    let mid = (low + high + 1) / 2
                    if fragments[mid].line.glyphRange.lowerBound <= local { low = mid } else { high = mid - 1 }
                }
                from = max(0, low)
            }
            for i in fragments.indices.dropFirst(from) {
                if !body(located(p, i, fragment: fragments[i], firstGlyph: firstGlyph, firstCharacter: firstCharacter,
                                 top: top, record: record)) { return false }
            }
            return firstGlyph + GlyphIndex(record.glyphCount ?? 0) < end
        }
    }
}
