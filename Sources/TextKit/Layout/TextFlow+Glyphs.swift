import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Making glyphs: a paragraph's analysis (itemized, shaped, its break opportunities found), made
/// the first time a query needs it and offered to the delegate's glyph generation.
extension TextFlow {
    /// The glyphs of paragraph `p`, made now if needed. `start` is its first character, `record`
    /// its record, `text` its units (when the caller has them at hand). `refreshesStore` false:
    /// the caller refreshes the record's sums in the store itself, right after (and no delegate
    /// can look at them in between). `counts` false: the caller frees glyphs it makes as soon as
    /// it has laid them out (``AnalysisBudget/outlasts(pendingUnits:)``), so they are not counted.
    @discardableResult
    func ensureAnalysis(_ p: Int, start: UTF16Offset? = nil, record: ParagraphRecord? = nil, text: [UInt16]? = nil,
                        refreshesStore: Bool = true, counts: Bool = true) -> ParagraphAnalysis {
        let record = record ?? store.record(p)
        if let analysis = record.analysis { return analysis }
        let start = start ?? store.start(ofParagraph: p)
        let evictedCount = record.isAnalysisEvicted ? record.glyphCount : nil
        let analysis = analyze(paragraphAt: start, length: record.length, text: text, prior: record.prior)
        record.analysis = analysis
        if refreshesStore || manager.layoutHooks != nil { store.refresh(at: p) }
        // Glyph generation delegate (geometry branch): the delegate sees the new glyphs run by run
        // and may change them through setGlyphs(_:properties:characterIndexes:font:forGlyphRange:),
        // which edits `record.analysis` in place (NSLayoutManager+GlyphGeneration.swift).
        if manager.layoutHooks != nil {
            analysis.isAsShaped = false  // the delegate may change them
            manager.offerGlyphsToDelegate(paragraph: p)
            manager.applyControlCharacterActions(paragraph: p)
        }
        let made = record.analysis ?? analysis
        if let evictedCount, evictedCount != made.glyphs.count {
            // Made again differently (a delegate that changed its mind): the lines are stale.
            record.layout = nil
            store.refresh(at: p)
            invalidateFlow(fromParagraph: p)
        }
        if counts { analysisBudget.add(made, of: record) }
        return made
    }

    /// Shapes the paragraph `[start, start + length)` of the storage (whose units are `text`, when
    /// the caller has them; `prior`, its analysis from before an edit inside it, when known).
    func analyze(paragraphAt start: UTF16Offset, length: Int, using analyzer: ParagraphAnalyzer? = nil, text: [UInt16]? = nil,
                 prior: PriorAnalysis? = nil) -> ParagraphAnalysis {
        guard let storage = manager.textStorage, length > 0 else { return .empty }
        let text = text ?? storage._utf16(in: NSRange(start, length: length))
        let runs = attributeRuns(paragraphAt: start, length: length)
        let style = paragraphStyle(ofPieceAt: start, runs: runs)
        let analyzer = analyzer ?? self.analyzer
        // Attachments are asked their bounds as the glyphs are made, in the first container, with
        // a line fragment as wide as it and as tall as the attachment's font (Apple's typesetter
        // asks with the line fragment itself, which is not known yet here).
        let container = manager.textContainers.first
        let width = min(container?.layoutSize.width ?? 0, 1e12)
        let query: ParagraphAnalyzer.AttachmentBoundsQuery = { attachment, offset, font in
            attachment.attachmentBounds(for: container, proposedLineFragment: CGRect(x: 0, y: 0, width: width, height: font.lineHeight),
                                        glyphPosition: .zero, characterIndex: (start + UTF16Offset(offset)).rawValue)
        }
        return text.withUnsafeBufferPointer {
            analyzer.analyze(text: $0, runs: runs, paragraphStyle: style, attachmentBounds: query, prior: prior)
        }
    }

    /// The attribute runs of the paragraph (or piece) `[start, start + length)`, in its offsets.
    func attributeRuns(paragraphAt start: UTF16Offset, length: Int) -> [AttributeRunInput] {
        guard let storage = manager.textStorage else { return [] }
        var runs: [AttributeRunInput] = []
        storage._forEachAttributeRun(in: NSRange(start, length: length)) { attributes, runRange in
            let lower = runRange.location - start.rawValue
            runs.append(AttributeRunInput(range: lower..<(lower + runRange.length),
                                          attributes: attributes))
            return true
        }
        return runs
    }

    /// The paragraph style a paragraph (or piece) starting at `start` is laid out with: its first
    /// character's; a piece of a long paragraph whose direction is natural goes the paragraph's way
    /// (ParagraphPieces.swift).
    func paragraphStyle(ofPieceAt start: UTF16Offset, runs: [AttributeRunInput]) -> NSParagraphStyle {
        let style = (runs.first?.attributes[.paragraphStyle] as? NSParagraphStyle) ?? .default
        guard style.baseWritingDirection == .natural, !startsParagraph(at: start) else { return style }
        let resolved = style.mutableCopy(with: nil) as! NSMutableParagraphStyle
        resolved.baseWritingDirection = continuedDirection(ofPieceAt: start)
        return resolved
    }

    /// Makes glyphs for every paragraph up to and including the one that holds glyph `glyph`
    /// (all of them when it is past the end). Glyph indices count paragraphs in order, so every
    /// paragraph before the glyph must have its glyphs, except under non-contiguous layout
    /// (TextFlow+NonContiguous.swift), where only glyphs past the last one made make more.
    func ensureGlyphs(throughGlyph glyph: GlyphIndex) {
        // Non-contiguous: a glyph that exists is in a paragraph that has its glyphs.
        if glyph < store.glyphEnd, laysOutNonContiguously { return }
        analyzeInOrder { _, glyphsBefore in GlyphIndex(glyphsBefore) <= glyph }
    }

    /// Makes glyphs for the paragraphs holding characters `0...offset` (under non-contiguous
    /// layout, for the one holding `offset`).
    func ensureGlyphs(throughCharacter offset: UTF16Offset) {
        let target = store.paragraph(containingCharacter: offset).index
        guard let first = store.firstUnanalyzed, first <= target else { return }  // no sums needed
        if laysOutNonContiguously { ensureAnalysis(target); return }
        analyzeInOrder { paragraph, _ in paragraph <= target }
    }

    /// Makes glyphs for the paragraphs without them, first to last, while `continues` holds for
    /// the next one (its index, the glyphs before it).
    ///
    /// Where the next paragraph also lacks glyphs, its sums are those of the one just made plus
    /// that one's glyphs and characters; only otherwise is the tree asked for the next paragraph
    /// without glyphs and its sums (four walks down the tree; asking for every paragraph was a
    /// third of `numberOfGlyphs` in a 10 MB text). A delegate may change other paragraphs' glyphs
    /// from its hooks, so with one the tree is asked every time.
    private func analyzeInOrder(while continues: (_ paragraph: Int, _ glyphsBefore: Int) -> Bool) {
        var next: (paragraph: Int, record: ParagraphRecord, glyphs: Int, start: UTF16Offset)?
        while true {
            if next == nil {
                guard let first = store.firstUnanalyzedRecord, continues(first.index, first.glyphsBefore) else { return }
                next = (first.index, first.record, first.glyphsBefore, store.start(ofParagraph: first.index))
            }
            let (p, record, glyphs, start) = next!
            guard continues(p, glyphs) else { return }
            _ = ensureAnalysis(p, start: start, record: record)
            next = nil
            if manager.layoutHooks == nil, p + 1 < store.count {
                let following = store.record(p + 1)
                if following.glyphCount == nil {
                    next = (p + 1, following, glyphs + (record.glyphCount ?? 0), start + UTF16Offset(record.length))
                }
            }
        }
    }
}
