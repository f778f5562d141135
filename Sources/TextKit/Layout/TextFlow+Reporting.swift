import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Reporting new lines to the layout manager's layout primitives, and finding what they store
/// into. When the layout manager is a subclass, each newly laid-out paragraph is reported line by
/// line through its overridable setters (``NSLayoutManager/setLineFragmentRect(_:forGlyphRange:usedRect:)``
/// and its siblings, NSLayoutManager+LayoutPrimitives.swift), whose base implementations find the
/// stored line here and write what they are given back into the paragraph's record.
extension TextFlow {
    /// Whether newly laid-out lines are reported through the overridable setters (and parallel
    /// layout, which could not call them in order, is off).
    var reportsLayoutToPrimitives: Bool { manager.reportsLayoutToPrimitives }

    /// Reports paragraph `p`'s lines, just laid out from the flow position `top` (its top in the
    /// stacked flow), through the layout primitives.
    func reportLayoutToPrimitives(paragraph p: Int, top: CGFloat) {
        let record = store.record(p)
        guard let layout = record.layout else { return }
        let analysis = ensureAnalysis(p)
        let glyphBase = store.firstGlyph(ofParagraph: p)
        reportingParagraph = (p, glyphBase, top)
        defer { reportingParagraph = nil }
        let glyphs = analysis.glyphs
        for i in layout.fragments.indices {
            // Read the fragment again each time: an earlier setter may have changed the record.
            guard let fragment = record.layout?.fragments[i] else { return }
            let range = NSRange(location: (glyphBase + GlyphIndex(fragment.line.glyphRange.lowerBound)).rawValue, length: fragment.line.glyphRange.count)
            let dy = top - containerTop(fragment.container)
            manager.setTextContainer(manager.textContainers[fragment.container], forGlyphRange: range)
            manager.setLineFragmentRect(fragment.rect.offsetBy(dx: 0, dy: dy), forGlyphRange: range,
                                        usedRect: fragment.usedRect.offsetBy(dx: 0, dy: dy))
            guard let placed = record.layout?.fragments[i], !placed.line.glyphRange.isEmpty else { continue }
            let (xs, _) = placed.line.glyphPositions(in: glyphs)
            manager.setLocation(CGPoint(x: placed.textOriginX + CGFloat(xs[0]) - placed.rect.minX, y: placed.baselineOffset),
                                forStartOfGlyphRange: range)
            for g in fragment.line.glyphRange where glyphs.flags[g].contains(.control) {
                manager.setNotShownAttribute(true, forGlyphAt: (glyphBase + GlyphIndex(g)).rawValue)
            }
            for g in fragment.line.glyphRange where glyphs.flags[g].contains(.attachment) {
                let glyph = (glyphBase + GlyphIndex(g)).rawValue
                manager.setAttachmentSize(manager.attachmentSize(forGlyphAt: glyph), forGlyphRange: NSRange(location: glyph, length: 1))
            }
        }
    }

    /// The stored fragment that holds exactly `glyphRange` (the paragraph being reported, or any
    /// laid-out paragraph), with what converts its rects to container coordinates.
    func storedFragment(forGlyphRange glyphRange: NSRange) -> (record: ParagraphRecord, index: Int, dy: CGFloat)? {
        let p: Int, glyphBase: GlyphIndex, top: CGFloat
        if let reporting = reportingParagraph {
            (p, glyphBase, top) = reporting
        } else {
            let location = GlyphIndex(glyphRange.location)
            guard location >= .zero, location < store.glyphEnd else { return nil }
            let found = store.paragraph(containingGlyph: location)
            guard let layout = store.record(found.index).layout else { return nil }
            p = found.index
            glyphBase = store.firstGlyph(ofParagraph: p)
            top = paragraphTop(p, layout: layout)
        }
        let record = store.record(p)
        guard let fragments = record.layout?.fragments,
              let i = fragments.firstIndex(where: { (glyphBase + GlyphIndex($0.line.glyphRange.lowerBound)).rawValue == glyphRange.location }) else { return nil }
        return (record, i, top - containerTop(fragments[i].container))
    }

    /// The paragraph, glyph-local index and glyphs of global glyph `glyphIndex` (glyphs made as far as it), or nil past the end.
    func storedGlyph(_ glyphIndex: GlyphIndex) -> (record: ParagraphRecord, local: Int, analysis: ParagraphAnalysis)? {
        guard glyphIndex >= .zero else { return nil }
        ensureGlyphs(throughGlyph: glyphIndex)
        guard glyphIndex < store.glyphEnd else { return nil }
        let found = store.paragraph(containingGlyph: glyphIndex)
        let record = store.record(found.index)
        guard record.glyphCount != nil else { return nil }
        let analysis = ensureAnalysis(found.index)
        let local = (glyphIndex - found.firstGlyph).rawValue
        return local < analysis.glyphs.count ? (record, local, analysis) : nil
    }
}
