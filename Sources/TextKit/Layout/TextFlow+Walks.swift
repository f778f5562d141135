import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Walks over the laid-out paragraphs, laying out as they go: what the layout manager's line
/// fragment queries, enumerations and `ensureLayout(forBoundingRect:in:)` stand on.
extension TextFlow {
    /// Calls `body` with each paragraph from `start` on, laid out as the walk reaches it, with its
    /// first glyph, first character and top (in the stacked flow), until `body` returns false or a
    /// paragraph overflows the containers. With `laysOut` false the walk lays out nothing past
    /// `start`: it ends at the first paragraph that is not laid out where it belongs.
    ///
    /// `body` gets the paragraph's stored fragments, not its whole layout: a copy of the layout
    /// taken out of the record and released costs about 300 instructions a paragraph (Swift
    /// releases an optional struct of this shape through its generic value witnesses).
    func forEachLaidOutParagraph(from start: Int, laysOut: Bool = true,
                                 _ body: (_ p: Int, ParagraphRecord, _ fragments: [LineFragment], _ firstGlyph: GlyphIndex,
                                          _ firstCharacter: UTF16Offset, _ top: CGFloat) -> Bool) {
        var p = start
        // The sums below count only laid-out paragraphs: lay out up to `start` before reading them.
        if start < store.count { ensureLayout(paragraph: start) }
        let before = store.prefix(start)
        var firstGlyph = GlyphIndex(before.glyphs)
        var firstCharacter = UTF16Offset(before.length)
        // The paragraphs' tops are running sums of their heights (the tree's prefix sums), so the
        // walk asks the tree once rather than once per line.
        var top = before.height
        let stacked = isStacked
        // The records come a leaf of the paragraph tree at a time, fetched again when the store
        // changed (laying out a paragraph on the way refreshes its sums).
        var records = ArraySlice<ParagraphRecord>()
        var recordsStart = 0, recordsChange = changeCount
        func record(_ p: Int) -> ParagraphRecord {
            if recordsChange != changeCount || p < recordsStart || p - recordsStart >= records.count {
                records = store.records(from: p)
                recordsStart = p
                recordsChange = changeCount
            }
            return records[records.startIndex + p - recordsStart]
        }
        while p < store.count {
            let last = store.count - 1
            var record = record(p)
            // A laid-out paragraph is current in the stacked flow, and before the first one to
            // check in the general flow; the last is always asked (the end of the text is
            // reported from there).
            if !record.hasLayout || p == last || !(stacked || p < validatedParagraphs) {
                if !laysOut && p > start && (!record.hasLayout || !(stacked || p < validatedParagraphs)) { return }
                ensureLayout(paragraph: p)
                record = store.record(p)
            }
            guard record.hasLayout, let glyphCount = record.glyphCount, let height = record.layoutHeight else { return }
            // (Read before `body`, which may be an app's block that edits the text.)
            let paragraphTop = FixedHeight.points(stacked ? top : record.layout!.start.y)
            let overflowed = record.layout!.overflowed
            if !body(p, record, record.layout!.fragments, firstGlyph, firstCharacter, paragraphTop) || overflowed { return }
            firstGlyph += GlyphIndex(glyphCount)
            firstCharacter += UTF16Offset(record.length)
            top += height
            p += 1
        }
    }

    /// Lays out until everything above `bottom` (points from the top of the first container) in
    /// container `index` has lines: in the stacked flow by the tree's height sums, else paragraph
    /// by paragraph until the flow has passed the container or that height. Under non-contiguous
    /// layout, only what lies between `top` and `bottom`.
    func ensureLayout(fromY top: CGFloat, throughY bottom: CGFloat, ofContainer index: Int) {
        if laysOutNonContiguously {
            ensureLayout(fromHeight: FixedHeight.from(max(0, top)), throughHeight: FixedHeight.from(bottom))
            return
        }
        if isStacked {
            // Paragraphs are placed by the tree's height sums: lay out the first paragraphs
            // without lines until everything above the rect's bottom has lines, whatever lies below.
            ensureLayout(throughHeight: FixedHeight.from(bottom))
            return
        }
        var p = max(0, validatedParagraphs - 1)
        while p < store.count {
            ensureLayout(throughParagraph: p)
            guard let layout = store.record(p).layout, !layout.overflowed else { return }
            if layout.end.container > index || FixedHeight.points(layout.end.y) >= bottom { return }
            p += 1
        }
    }

    /// The first glyph and character not laid out: O(log n) in one unbounded container, else one
    /// walk over the laid-out paragraphs (one may have overflowed its container), O(paragraphs laid
    /// out); with no glyph generation for the text beyond (asking for the
    /// character of the first unlaid glyph would shape the whole rest of the text to know the
    /// glyph count).
    func firstUnlaidPosition() -> (glyph: GlyphIndex, character: UTF16Offset) {
        if isStacked {
            // Nothing overflows an unbounded container: the tree finds the first paragraph without
            // lines in O(log n) (a text view asks after every keystroke).
            let before = store.firstUnlaidWithSums?.before ?? store.summary
            return (GlyphIndex(before.glyphs), UTF16Offset(min(before.length, store.length)))
        }
        var glyph = 0, character = 0
        var found: (Int, Int)?
        store.forEach { _, record in
            guard let layout = record.layout else {
                found = (glyph, character)
                return false
            }
            if layout.overflowed {
                let last = layout.fragments.last?.line
                found = (glyph + (last?.glyphRange.upperBound ?? 0), character + (last?.fitted.characters.upperBound ?? 0))
                return false
            }
            glyph += record.glyphCount ?? 0
            character += record.length
            return true
        }
        let (g, c) = found ?? (glyph, character)
        return (GlyphIndex(g), UTF16Offset(min(c, store.length)))
    }

    /// The glyphs of container `index`'s laid-out lines whose rects meet `bounds` (container
    /// coordinates), from the first such line's first glyph to the last one's end; nil when no
    /// line does. Lays nothing out. Reads each stored fragment's container, rect and glyphs in
    /// place: no fragment is copied.
    func laidOutGlyphs(meeting bounds: CGRect, inContainer index: Int) -> Range<GlyphIndex>? {
        var first: GlyphIndex?
        var end = GlyphIndex.zero
        let startParagraph = isStacked ? store.paragraph(atHeight: FixedHeight.from(max(0, bounds.minY))).index : 0
        let containerTop = containerTop(index)
        forEachLaidOutParagraph(from: min(startParagraph, max(0, store.count - 1)), laysOut: false) { _, _, fragments, firstGlyph, _, top in
            fragments.withUnsafeBufferPointer { fragments in
                for i in fragments.indices {
                    if fragments[i].container > index { return false }
                    guard fragments[i].container == index else { continue }
                    let rect = fragments[i].rect.offsetBy(dx: 0, dy: top - containerTop)
                    if rect.minY > bounds.maxY { return false }
                    // (The vertical test first: it decides for almost every line, and `intersects` is a call into Foundation.)
                    if rect.maxY > bounds.minY && rect.minY < bounds.maxY || rect.intersects(bounds) {
                        let glyphs = fragments[i].line.glyphRange
                        if first == nil { first = firstGlyph + GlyphIndex(glyphs.lowerBound) }
                        end = firstGlyph + GlyphIndex(glyphs.upperBound)
                    }
                }
                return true
            }
        }
        guard let first else { return nil }
        return first..<end
    }
}
