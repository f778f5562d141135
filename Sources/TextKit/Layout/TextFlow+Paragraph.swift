import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Laying out one paragraph: its lines, through TextKitTypesetting's line loop, with the
/// layout manager's containers and delegate as the loop's host (LayoutManagerLineHost.swift).
extension TextFlow {
    /// Fills lines for paragraph `p` from flow state `state` and stores them. `keepsGlyphs` false:
    /// glyphs made for it are freed once its lines are made (the pass would drop them anyway:
    /// ``pendingUnits(from:start:through:)``); its glyph count stays.
    func layOut(_ p: Int, characterStart: UTF16Offset, from state: FlowState, record: ParagraphRecord? = nil, keepsGlyphs: Bool = true) {
        let record = record ?? store.record(p)
        // The text is copied out of the storage once, for the glyphs and the lines.
        let text = record.length > 0 ? manager.textStorage?._utf16(in: NSRange(characterStart, length: record.length)) : nil
        let makesGlyphs = record.analysis == nil
        let analysis = ensureAnalysis(p, start: characterStart, record: record, text: text, refreshesStore: false,
                                      counts: keepsGlyphs)
        // After an edit inside the paragraph, its old lines where the edit cannot have changed them.
        let priorLines = record.priorLines?.lines(for: analysis, in: self)
        record.layout = paragraphLayout(analysis: analysis, paragraph: p, characterStart: characterStart,
                                        length: record.length, from: state, text: text, priorLines: priorLines)
        if makesGlyphs, !keepsGlyphs {
            // The rest of the pass would push these glyphs out of the budget: freed now, still
            // in the caches, rather than long after.
            record.setUnkeptAnalysis(glyphCount: analysis.glyphs.count)
            analysisBudget.countUnkept(bytes: analysis.byteCount, units: record.length)
        }
        store.refresh(at: p)
        extraLineFragment = nil
        if reportsLayoutToPrimitives { reportLayoutToPrimitives(paragraph: p, top: FixedHeight.points(state.y)) }
        markDisplay(ofParagraph: p, top: FixedHeight.points(state.y), record: record)
    }

    /// Lays out paragraph `p` (characters `characterStart..<characterStart + length`, shaped as
    /// `analysis`) from flow state `state`: its lines, through the line loop (TextKitTypesetting's
    /// LineLoop.swift, with LayoutManagerLineHost.swift). Called by parallel layout's workers too:
    /// it reads the layout manager, never writes it. `text`: the paragraph's units, when the
    /// caller has them (else they are copied from the storage); `priorLines`, its lines from
    /// before an edit inside it, to be taken again where the loop would make them.
    func paragraphLayout(analysis: ParagraphAnalysis, paragraph p: Int, characterStart: UTF16Offset,
                         length: Int, from state: FlowState, text: [UInt16]? = nil, priorLines: PriorLines? = nil) -> ParagraphLayout {
        guard length > 0 else {
            return ParagraphLayout(fragments: [], height: 0, start: state, end: state, isShiftable: true, overflowed: false)
        }
        guard state.container < manager.textContainers.count, let storage = manager.textStorage else {
            return ParagraphLayout(fragments: [], height: 0, start: state, end: state, isShiftable: false, overflowed: true)
        }
        let text = text ?? storage._utf16(in: NSRange(characterStart, length: length))
        let hooks = manager.layoutHooks
        let host = LayoutManagerLineHost(flow: self, hooks: hooks, glyphBase: hooks == nil ? .zero : store.firstGlyph(ofParagraph: p))
        let settings = lineBreakSettings(for: analysis, characterStart: characterStart, hooks: hooks)
        // A long paragraph's pieces (ParagraphPieces.swift): the first-line indent and the spacing
        // before go to its first piece, the spacing after to its last.
        let startsParagraph = self.startsParagraph(at: characterStart)
        var spacingBefore: CGFloat?
        if let hooks, startsParagraph {
            let v = hooks.paragraphSpacingBefore(glyphAt: host.glyphBase.rawValue, proposed: .zero)
            if !v.isNaN { spacingBefore = v }
        }
        let rules = ParagraphRules(analysis: analysis, spacingBefore: spacingBefore, startsParagraph: startsParagraph,
                                   endsParagraph: endsParagraph(at: characterStart + UTF16Offset(length)))
        return text.withUnsafeBufferPointer { buffer in
            var loop = LineLoop(host: host, analysis: analysis, text: buffer, characterStart: characterStart.rawValue,
                                settings: settings, rules: rules, usesFontLeading: manager.usesFontLeading, from: state)
            loop.priorLines = priorLines
            let layout = loop.run()
            // Counted only when lines were taken: only `layOut` passes prior lines, never a worker,
            // and a worker must not write the flow.
            if loop.takenPriorLines > 0 { takenPriorLineCount += loop.takenPriorLines }
            #if DEBUG
            if loop.takenPriorLines > 0 {
                // The lines taken again are the loop's own (PriorLines.swift): compare with a fresh run.
                var fresh = LineLoop(host: host, analysis: analysis, text: buffer, characterStart: characterStart.rawValue,
                                     settings: settings, rules: rules, usesFontLeading: manager.usesFontLeading, from: state)
                let expected = fresh.run()
                precondition(layout.fragments == expected.fragments && layout.height == expected.height && layout.end == expected.end
                                && layout.isShiftable == expected.isShiftable && layout.overflowed == expected.overflowed,
                             "lines taken again after an edit differ from a fresh layout of paragraph \(p): \(layout.fragments.map(\.line.fitted.characters)) against \(expected.fragments.map(\.line.fitted.characters))")
            }
            #endif
            return layout
        }
    }

    /// How the paragraph's lines break: as its style says (TextKitTypesetting), hyphenated by the
    /// layout manager's settings where the style says nothing, with the delegate's say on each break.
    private func lineBreakSettings(for analysis: ParagraphAnalysis, characterStart: UTF16Offset,
                                   hooks: LayoutHooks?) -> LineBreakSettings {
        let style = analysis.paragraphStyle
        var settings = LineBreakSettings(paragraphStyle: style, analysis: analysis)
        if settings.hyphenationFactor == 0, manager.usesDefaultHyphenation || manager.hyphenationFactor > 0 {
            settings.hyphenationFactor = manager.usesDefaultHyphenation ? 1 : Float(manager.hyphenationFactor)
            let language = analysis.styles.first?.language ?? ""
            settings.hyphenator = Hyphenator.forLanguage(language.isEmpty ? "en-US" : language)
        }
        if let hooks {
            settings.shouldBreakByWord = { offset in
                hooks.shouldBreakLineByWord(beforeCharacterAt: (characterStart + UTF16Offset(offset)).rawValue)
            }
            settings.shouldBreakByHyphenating = { offset in
                hooks.shouldBreakLineByHyphenating(beforeCharacterAt: (characterStart + UTF16Offset(offset)).rawValue)
            }
        }
        return settings
    }
}
