import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Non-contiguous layout (`NSLayoutManager.allowsNonContiguousLayout`, and always under
/// TextKit 2): in the stacked flow, a query lays out the paragraphs it asks about and no others.
///
/// Paragraphs without lines take their estimated height (HeightEstimate.swift) in the tree's
/// sums, so a paragraph laid out far down the text is placed below the estimates of those above
/// it; laying one out changes the tops of the paragraphs below it only. Glyphs are made the same
/// way, for the paragraphs asked about: glyph indices count the paragraphs that have glyphs, so a
/// glyph index stays valid until glyphs are made for a paragraph before it (or the text changes).
///
/// Outside the stacked flow (several containers, a shaped or bounded container) a paragraph's
/// lines depend on where the flow above it ends, and layout stays contiguous whatever the setting.
extension TextFlow {
    /// Whether queries lay out only the paragraphs they need: non-contiguous layout is allowed and
    /// the flow is stacked.
    var laysOutNonContiguously: Bool { allowsNonContiguousLayout && isStacked }

    /// Whether some paragraph with lines follows one without: every paragraph before the first
    /// without lines has them, so there is one exactly when more paragraphs have lines than that.
    var hasNonContiguousLayout: Bool {
        guard let first = store.firstUnlaid else { return false }
        return store.count - store.summary.unlaid > first
    }

    /// The estimate for paragraphs without lines under the current settings and containers: a line
    /// of the text's first font in the first container's width; nil when layout is contiguous.
    func currentHeightEstimate() -> HeightEstimate? {
        guard laysOutNonContiguously, let container = manager.textContainers.first else { return nil }
        let storage = manager.textStorage
        let font = (storage?.length ?? 0) > 0 ? storage?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont : nil
        return HeightEstimate(font: font ?? RunStyle.defaultFont,
                              width: container.layoutSize.width - 2 * container.lineFragmentPadding,
                              usesFontLeading: manager.usesFontLeading)
    }

    /// The layout manager's `allowsNonContiguousLayout` changed to `allows`.
    func setAllowsNonContiguousLayout(_ allows: Bool) {
        allowsNonContiguousLayout = allows
        updateHeightEstimate()
    }

    /// Brings the paragraphs' estimates in line with the settings and containers: O(n) when they
    /// changed (a new width), nothing otherwise.
    func updateHeightEstimate() {
        let estimate = currentHeightEstimate()
        if estimate != store.heightEstimate { store.setHeightEstimate(estimate) }
    }

    /// Whether every paragraph holding a character of `characters` (the one holding its start,
    /// when empty) has lines. O(log n).
    func isLaidOut(characters: Range<UTF16Offset>) -> Bool {
        guard store.count > 0 else { return true }
        let first = store.paragraph(containingCharacter: characters.lowerBound).index
        let last = store.paragraph(containingCharacter: max(characters.lowerBound, characters.upperBound - UTF16Offset(1))).index
        return store.unlaidCount(from: first, to: last + 1) == 0
    }

    /// What the lines of the paragraph record holding exactly `characters` are made of, laid out
    /// first: the record, its lines' version, its top and its first glyph and character. Two equal
    /// stamps mean the same lines at the same place with the same numbering; nil when the
    /// characters are not one record (the pieces of a very long paragraph) or have no lines.
    func layoutStamp(ofParagraph characters: Range<UTF16Offset>) -> ParagraphLayoutStamp? {
        guard store.count > 0 else { return nil }
        var (p, start, record) = store.paragraphRecord(containingCharacter: characters.lowerBound)
        guard start == characters.lowerBound, record.length == (characters.upperBound - characters.lowerBound).rawValue else { return nil }
        if !record.hasLayout {
            ensureLayout(paragraph: p)
            record = store.record(p)
            guard record.hasLayout else { return nil }
        }
        let before = store.prefix(p)
        return ParagraphLayoutStamp(record: ObjectIdentifier(record), layoutVersion: record.layoutVersion, top: before.height,
                                    firstGlyph: before.glyphs, firstCharacter: before.length)
    }

    /// The glyph just past the glyphs of the paragraph holding character `offset` (glyphs made for
    /// it as needed).
    func glyphEnd(ofParagraphHolding offset: UTF16Offset) -> GlyphIndex {
        let (p, _, firstGlyph) = locate(character: offset)
        return firstGlyph + GlyphIndex(store.record(p).glyphCount ?? 0)
    }

    /// The number of paragraphs (and pieces of long ones) that have lines.
    var laidOutParagraphCount: Int { store.count - store.summary.unlaid }

    /// The height of the stacked flow, in points: the laid-out paragraphs' lines, the others'
    /// estimates, and the extra line fragment once made.
    var estimatedHeight: CGFloat {
        let height = FixedHeight.points(store.summary.height)
        return max(height, extraLineFragment?.rect.maxY ?? 0)
    }

    /// A paragraph with lines among the first few that start in `bounds` (container coordinates,
    /// stacked flow), with its top: what a viewport shows and must not move when layout above it
    /// replaces estimates. Nil when none of them has lines.
    func laidOutParagraph(startingIn bounds: CGRect) -> (paragraph: Int, top: Int64)? {
        guard store.count > 0 else { return nil }
        let first = store.paragraph(atHeight: FixedHeight.from(max(0, bounds.minY))).index
        let bottom = FixedHeight.from(bounds.maxY)
        for p in first..<min(store.count, first + 16) {
            let top = store.top(ofParagraph: p)
            if top >= bottom { break }
            if store.record(p).hasLayout { return (p, top) }
        }
        return nil
    }

    /// How far paragraph `anchor.paragraph` moved since its top was `anchor.top`, in points.
    func distanceMoved(_ anchor: (paragraph: Int, top: Int64)) -> CGFloat {
        FixedHeight.points(store.top(ofParagraph: anchor.paragraph) - anchor.top)
    }

    /// Lays out paragraph `p`: alone under non-contiguous layout, else with every paragraph before it.
    func ensureLayout(paragraph p: Int) {
        if laysOutNonContiguously {
            ensureLayout(paragraphs: p...p)
        } else {
            ensureLayout(throughParagraph: p)
        }
    }

    /// Lays out the paragraphs holding `characters` (the one holding its start when it is empty):
    /// those alone under non-contiguous layout, else with every paragraph before them.
    func ensureLayout(characters: Range<UTF16Offset>) {
        guard store.count > 0 else { return }
        let last = store.paragraph(containingCharacter: max(characters.lowerBound, characters.upperBound - UTF16Offset(1))).index
        guard laysOutNonContiguously else { return ensureLayout(throughParagraph: last) }
        let first = store.paragraph(containingCharacter: characters.lowerBound).index
        ensureLayout(paragraphs: first...last)
    }

    /// Lays out the paragraphs holding `glyphs` (glyphs made through them as needed): under
    /// non-contiguous layout those alone when the glyphs exist, else every paragraph through them.
    func ensureLayout(glyphs: Range<GlyphIndex>) {
        let last = max(glyphs.lowerBound, glyphs.upperBound - GlyphIndex(1))
        guard laysOutNonContiguously, last < store.glyphEnd, glyphs.lowerBound >= .zero else { return ensureLayout(throughGlyph: last) }
        ensureLayout(paragraphs: store.paragraph(containingGlyph: glyphs.lowerBound).index...store.paragraph(containingGlyph: last).index)
    }

    /// Lays out what a query at the end of the text needs (the extra line fragment, the caret
    /// after the last character): the last paragraphs alone under non-contiguous layout, else all.
    func ensureLayoutOfTextEnd() {
        guard laysOutNonContiguously, store.count > 0 else { return ensureLayoutOfAllText() }
        ensureLayout(paragraphs: max(0, store.count - 2)...(store.count - 1))
    }

    /// Lays out every paragraph of `paragraphs` without lines, a stretch of consecutive ones at a
    /// time (in parallel when long), each at the top the tree's sums give it.
    func ensureLayout(paragraphs: ClosedRange<Int>) {
        guard manager.textStorage != nil, !manager.textContainers.isEmpty, store.count > 0 else { return }
        let range = max(0, paragraphs.lowerBound)...min(paragraphs.upperBound, store.count - 1)
        guard !range.isEmpty else { return }
        var stretches: [ClosedRange<Int>] = []
        var open: Int?
        store.forEach(from: range.lowerBound) { p, record in
            guard p <= range.upperBound else { return false }
            if record.hasLayout {
                if let start = open { stretches.append(start...(p - 1)); open = nil }
            } else if open == nil {
                open = p
            }
            return true
        }
        if let start = open { stretches.append(start...range.upperBound) }
        for stretch in stretches {
            let before = store.prefix(stretch.lowerBound)
            if layOutStretch(from: stretch.lowerBound, above: (UTF16Offset(before.length), before.height), through: stretch.upperBound) {
                return ensureLayout(throughParagraph: range.upperBound)  // no longer stacked: a flow that stops
            }
        }
        if range.upperBound == store.count - 1 { layoutReachedEnd() }
    }

    /// Lays out the paragraphs that meet the band of heights `top...bottom` (1/1024 pt from the
    /// top of the flow) once laid out: from the paragraph at `top` down, until the laid-out
    /// paragraphs reach `bottom`. Laying one out moves those below it (its estimate becomes its
    /// height), so the walk reads each next top after laying out the one before.
    func ensureLayout(fromHeight top: Int64, throughHeight bottom: Int64) {
        guard manager.textStorage != nil, !manager.textContainers.isEmpty, store.count > 0 else { return }
        var (p, y) = store.paragraph(atHeight: top)
        while p < store.count {
            var record = store.record(p)
            if !record.hasLayout {
                // The stretch of paragraphs without lines whose estimates reach the band's bottom.
                var target = p, end = y + record.estimatedHeight
                while target + 1 < store.count, end <= bottom {
                    let next = store.record(target + 1)
                    if next.hasLayout { break }
                    target += 1
                    end += next.estimatedHeight
                }
                let start = store.start(ofParagraph: p)
                if layOutStretch(from: p, above: (start, y), through: target) {
                    return ensureLayout(throughHeight: bottom)  // no longer stacked: a flow that stops
                }
                record = store.record(p)
            }
            y += record.layoutHeight ?? 0
            p += 1
            if y > bottom { break }
        }
        if p >= store.count - 1 { ensureLayoutOfTextEnd() }
    }
}

/// What one paragraph's lines are made of (``TextFlow/layoutStamp(ofParagraph:)``): while it stays
/// equal, so do the paragraph's line fragments, their place and their glyph and character numbering.
package struct ParagraphLayoutStamp: Equatable {
    let record: ObjectIdentifier
    let layoutVersion: Int
    let top: Int64
    let firstGlyph: Int
    let firstCharacter: Int
}
