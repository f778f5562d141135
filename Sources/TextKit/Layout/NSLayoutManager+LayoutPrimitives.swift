import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// The layout primitives: where the layout process stores what it decided, through methods a
/// subclass may override (``NSLayoutManager/setLineFragmentRect(_:forGlyphRange:usedRect:)`` and
/// its siblings), as Apple's typesetter stores its results through the layout manager.
///
/// The line loop works on a paragraph at a time and keeps its lines in the paragraph's record.
/// When the layout manager is a subclass, each newly laid-out paragraph is then reported line by
/// line through the overridable setters, whose base implementations write what they are given
/// back into the record; a subclass sees every line and may change it by passing other values to
/// `super`. The exact class skips the report: its setters would store the values unchanged.
extension NSLayoutManager {
    /// The base behaviour of ``setLineFragmentRect(_:forGlyphRange:usedRect:)``.
    func storeLineFragmentRect(_ fragmentRect: CGRect, forGlyphRange glyphRange: NSRange, usedRect: CGRect) {
        guard let (record, i, dy) = flow.storedFragment(forGlyphRange: glyphRange) else { return }
        record.layout?.fragments[i].rect = fragmentRect.offsetBy(dx: 0, dy: -dy)
        record.layout?.fragments[i].usedRect = usedRect.offsetBy(dx: 0, dy: -dy)
    }

    /// The base behaviour of ``setTextContainer(_:forGlyphRange:)``.
    func storeTextContainer(_ container: NSTextContainer, forGlyphRange glyphRange: NSRange) {
        guard let index = textContainers.firstIndex(where: { $0 === container }),
              let (record, i, _) = flow.storedFragment(forGlyphRange: glyphRange) else { return }
        record.layout?.fragments[i].container = index
    }

    /// The base behaviour of ``setLocation(_:forStartOfGlyphRange:)``: the baseline follows `y`, and
    /// when `glyphRange` starts the line fragment, the whole line moves to `x`.
    func storeLocation(_ location: CGPoint, forStartOfGlyphRange glyphRange: NSRange) {
        guard let (record, i, _) = flow.storedFragment(forGlyphRange: glyphRange),
              let fragment = record.layout?.fragments[i], !fragment.line.glyphRange.isEmpty,
              let analysis = record.analysis ?? flow.storedGlyph(GlyphIndex(glyphRange.location))?.analysis else { return }
        let (xs, _) = fragment.line.glyphPositions(in: analysis.glyphs)
        let current = fragment.textOriginX + CGFloat(xs[0]) - fragment.rect.minX
        record.layout?.fragments[i].textOriginX += location.x - current
        record.layout?.fragments[i].baselineOffset = location.y
        drawingLineCache = nil
    }

    /// Sets or clears a flag of a stored glyph (the glyph arrays are shared by the paragraph's analysis).
    func setGlyphFlag(_ flag: GlyphFlags, _ on: Bool, forGlyphAt glyphIndex: Int) {
        guard let (record, local, analysis) = flow.storedGlyph(GlyphIndex(glyphIndex)) else { return }
        let flags = analysis.glyphs.flags[local]
        // Nothing to keep when nothing changes (layout reports control glyphs as not shown).
        if flags.contains(flag) == on || (flag == .notShown && on && flags.contains(.control)) { return }
        if on { analysis.glyphs.flags[local].insert(flag) } else { analysis.glyphs.flags[local].remove(flag) }
        record.keepsAnalysis = true  // glyph generation would not set the flag again
        drawingLineCache = nil
    }

    /// The base behaviour of ``setAttachmentSize(_:forGlyphRange:)``.
    func storeAttachmentSize(_ size: CGSize, forGlyphRange glyphRange: NSRange) {
        guard glyphRange.length > 0 else { return }
        for glyph in glyphRange.location..<(glyphRange.location + glyphRange.length) {
            guard let (record, local, analysis) = flow.storedGlyph(GlyphIndex(glyph)), analysis.glyphs.flags[local].contains(.attachment) else { continue }
            // The size layout reports is the attachment's own: storing it would only pin the glyphs.
            if record.attachmentSizes[local] == nil, size == Self.ownSize(ofAttachmentAt: local, in: analysis) { continue }
            record.attachmentSizes[local] = size
        }
    }

    /// The base behaviour of ``attachmentSize(forGlyphAt:)``.
    func storedAttachmentSize(forGlyphAt glyphIndex: Int) -> CGSize {
        flow.ensureGlyphs(throughGlyph: GlyphIndex(glyphIndex))
        guard let (record, local, analysis) = flow.storedGlyph(GlyphIndex(glyphIndex)),
              analysis.glyphs.flags[local].contains(.attachment) else { return CGSize(width: -1, height: -1) }
        if let size = record.attachmentSizes[local] { return size }
        return Self.ownSize(ofAttachmentAt: local, in: analysis)
    }

    /// The size the attachment of glyph `local` (an attachment glyph) has by itself; (-1, -1) without one.
    private static func ownSize(ofAttachmentAt local: Int, in analysis: ParagraphAnalysis) -> CGSize {
        let run = analysis.glyphs.runs[analysis.glyphs.runIndex(containingGlyph: local)]
        guard let attachment = analysis.styles[Int(run.style)].attachment else { return CGSize(width: -1, height: -1) }
        return (analysis.glyphs.attachmentBounds[analysis.glyphs.clusters[local]] ?? LayoutNumber.attachmentBounds(attachment)).size
    }

    func glyphFlag(_ flag: GlyphFlags, forGlyphAt glyphIndex: Int) -> Bool {
        guard let (_, local, analysis) = flow.storedGlyph(GlyphIndex(glyphIndex)) else { return false }
        return analysis.glyphs.flags[local].contains(flag)
    }
}
