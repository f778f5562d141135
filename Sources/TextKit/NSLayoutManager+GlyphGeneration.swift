import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// The glyph generation delegate: `layoutManager(_:shouldGenerateGlyphs:properties:characterIndexes:font:forGlyphRange:)`
/// and ``NSLayoutManager/setGlyphs(_:properties:characterIndexes:font:forGlyphRange:)``, the
/// TextKit way to show a password field's characters as bullets or to hide markup characters.
///
/// After a paragraph is shaped, the delegate is called once per glyph run (one font, one
/// direction) with the run's glyphs, their properties, the characters they stand for and global
/// glyph indices. A delegate that wants other glyphs calls `setGlyphs` with the same range from
/// inside that call and returns the number of glyphs set (0 keeps them). It is called again only
/// when the paragraph's glyphs are made again (an edit, `invalidateGlyphs`): a delegate whose
/// decision changes must invalidate the glyphs itself.
///
/// Linux notes: the delegate's default `shouldGenerateGlyphs` returns 0, and Swift cannot tell an
/// unimplemented protocol method from one that returns 0, so every delegate is asked; it costs one
/// copy of each run's glyphs.
extension NSLayoutManager {
    func _setGlyphs(_ glyphs: UnsafePointer<CGGlyph>, properties props: UnsafePointer<GlyphProperty>,
                          characterIndexes charIndexes: UnsafePointer<Int>, font aFont: UIFont, forGlyphRange glyphRange: NSRange) {
        checkPrecondition(glyphRange.location >= 0 && glyphRange.length >= 0,
                     "setGlyphs(_:properties:characterIndexes:font:forGlyphRange:): glyph range {\(glyphRange.location), \(glyphRange.length)} is negative")
        var done = 0
        while done < glyphRange.length {
            let (p, first, start) = locate(glyph: glyphRange.location + done, "setGlyphs(_:properties:characterIndexes:font:forGlyphRange:)")
            let record = store.record(p)
            guard var analysis = record.analysis else { return }
            let local = glyphRange.location + done - first
            let count = min(glyphRange.length - done, analysis.glyphs.count - local)
            let fontIndex = Self.fontIndex(of: aFont, in: analysis.glyphs)
            Self.setFont(fontIndex, forGlyphs: local..<(local + count), in: analysis.glyphs)
            var advancesChanged = false
            for i in 0..<count {
                let g = local + i
                let run = analysis.glyphs.runs[analysis.glyphs.runIndex(containingGlyph: g)]
                let style = analysis.styles[Int(run.style)]
                let wasHidden = analysis.glyphs.flags[g].contains(.null)
                let hide = props[done + i].contains(.null)
                let glyph = glyphs[done + i]
                guard glyph != analysis.glyphs.glyphs[g] || hide != wasHidden else { continue }
                analysis.glyphs.glyphs[g] = glyph
                analysis.glyphs.offsets[Int32(g)] = nil
                var advance: Float = 0
                if hide {
                    analysis.glyphs.flags[g].insert(.null)
                } else {
                    analysis.glyphs.flags[g].remove(.null)
                    let flags = analysis.glyphs.flags[g]
                    if !flags.contains(.control) {
                        advance = flags.contains(.attachment) ? analysis.glyphs.advances[g]
                            : Float(aFont.advance(forGlyph: glyph)) * style.horizontalScale
                        let lastOfCluster = g + 1 == analysis.glyphs.count || analysis.glyphs.clusters[g + 1] != analysis.glyphs.clusters[g]
                        if lastOfCluster && !flags.contains(.attachment) { advance += style.letterSpacing }
                    }
                }
                if advance != analysis.glyphs.advances[g] {
                    analysis.glyphs.advances[g] = advance
                    advancesChanged = true
                }
            }
            if advancesChanged { remeasureBreakSegments(of: &analysis, paragraphStart: start, length: record.length) }
            record.analysis = analysis
            if record.layout != nil { record.layout = nil }
            store.refresh(at: p)
            invalidateFlow(fromParagraph: p)
            done += count
        }
        _ = charIndexes
    }

    func _notShownAttribute(forGlyphAt glyphIndex: Int) -> Bool {
        let (p, first, _) = locate(glyph: glyphIndex)
        return !store.record(p).analysis!.glyphs.flags[glyphIndex - first].isDisjoint(with: [.null, .control, .notShown])
    }

    // MARK: Internals

    /// Break opportunities carry widths: after advances change, measure them again. The locale is
    /// the analyzer's (the paragraph's first run's language).
    private func remeasureBreakSegments(of analysis: inout ParagraphAnalysis, paragraphStart start: Int, length: Int) {
        guard let storage = textStorage else { return }
        let language = analysis.styles.first?.language ?? ""
        let locale = language.replacingOccurrences(of: "-", with: "_")
        let text = storage._utf16(in: NSRange(location: start, length: length))
        analysis.segments = text.withUnsafeBufferPointer { analysis.glyphs.breakSegments(text: $0, locale: locale) }
    }

    /// TextKit's action for a control character: tabs tab, separators break, the rest take no room.
    static func defaultAction(forControlCharacter unit: UInt16) -> ControlCharacterAction {
        switch unit {
        case 0x09: return .horizontalTab
        case 0x0A, 0x0D, 0x2029: return .paragraphBreak
        case 0x2028: return .lineBreak
        case 0x0C: return .containerBreak
        default: return .zeroAdvancement
        }
    }

    /// Asks the delegate what each control character of paragraph `p` does
    /// (`layoutManager(_:shouldUse:forControlCharacterAt:)`) and applies the answer: a tab that
    /// should take no room loses its tab stop; a control character that should act as white space
    /// takes the width of the box the delegate gives for it
    /// (`layoutManager(_:boundingBoxForControlGlyphAt:for:proposedLineFragment:glyphPosition:characterIndex:)`,
    /// zero without one); any character may be made a tab. Line, paragraph and
    /// container breaks stay where the characters put them (paragraphs are split by their
    /// separators before layout), so those answers only matter for the characters that already
    /// break. Called after shaping, before lines are made.
    func applyControlCharacterActions(paragraph p: Int) {
        guard let delegate, let storage = textStorage, var analysis = store.record(p).analysis,
              let container = textContainers.first else { return }
        let prefix = store.prefix(p)
        let glyphs = analysis.glyphs
        var advancesChanged = false
        for g in 0..<glyphs.count where glyphs.flags[g].contains(.control) {
            let character = prefix.length + Int(glyphs.clusters[g])
            let unit = storage._utf16Unit(at: character)
            let proposed = Self.defaultAction(forControlCharacter: unit)
            let action = delegate.layoutManager(self, shouldUse: proposed, forControlCharacterAt: character)
            guard action != proposed else { continue }
            var advance = glyphs.advances[g]
            if action.contains(.horizontalTab) {
                glyphs.flags[g].insert(.tab)
            } else if action.contains(.whitespace) {
                glyphs.flags[g].remove(.tab)
                // As TextKit: the width of the delegate's box (the default box is empty).
                let font = glyphs.fonts[Int(glyphs.runs[glyphs.runIndex(containingGlyph: g)].font)]
                let box = delegate.layoutManager(self, boundingBoxForControlGlyphAt: prefix.glyphs + g, for: container,
                                                 proposedLineFragment: CGRect(x: 0, y: 0, width: container.size.width, height: font.lineHeight),
                                                 glyphPosition: .zero, characterIndex: character)
                advance = box.width.isFinite ? Float(min(max(0, box.width), 1e6)) : 0
            } else if action.contains(.zeroAdvancement) {
                glyphs.flags[g].remove(.tab)
                advance = 0
            }
            glyphs.advances[g] = advance
            advancesChanged = true
        }
        if advancesChanged {
            remeasureBreakSegments(of: &analysis, paragraphStart: prefix.length, length: store.record(p).length)
            store.record(p).analysis = analysis
        }
    }

    /// Offers paragraph `p`'s new glyphs to the delegate, run by run (called by `ensureAnalysis`).
    func offerGlyphsToDelegate(paragraph p: Int) {
        guard let delegate, let initial = store.record(p).analysis, initial.glyphs.count > 0 else { return }
        let prefix = store.prefix(p)
        for run in initial.glyphs.runs where !run.glyphRange.isEmpty {
            // Read the current glyphs: an earlier call may have changed the paragraph.
            guard let current = store.record(p).analysis else { return }
            let glyphs = current.glyphs
            let range = run.glyphRange
            let ids = Array(glyphs.glyphs[range])
            let properties = range.map { Self.property(of: glyphs.flags[$0]) }
            let characters = range.map { prefix.length + Int(glyphs.clusters[$0]) }
            let font = glyphs.fonts[Int(glyphs.runs[glyphs.runIndex(containingGlyph: range.lowerBound)].font)]
            ids.withUnsafeBufferPointer { idBuffer in
                properties.withUnsafeBufferPointer { propertyBuffer in
                    characters.withUnsafeBufferPointer { characterBuffer in
                        _ = delegate.layoutManager(self, shouldGenerateGlyphs: idBuffer.baseAddress!, properties: propertyBuffer.baseAddress!,
                                                   characterIndexes: characterBuffer.baseAddress!, font: font,
                                                   forGlyphRange: NSRange(location: prefix.glyphs + range.lowerBound, length: range.count))
                    }
                }
            }
        }
    }

    /// The index of `font` in the paragraph's font table, appending it when new.
    private static func fontIndex(of font: UIFont, in glyphs: ParagraphGlyphs) -> Int32 {
        if let i = glyphs.fonts.firstIndex(where: { $0 === font || $0 == font }) { return Int32(i) }
        glyphs.fonts.append(font)
        return Int32(glyphs.fonts.count - 1)
    }

    /// Gives the glyphs of `range` font `fontIndex`, splitting the runs they cut through.
    private static func setFont(_ fontIndex: Int32, forGlyphs range: Range<Int>, in glyphs: ParagraphGlyphs) {
        guard !range.isEmpty else { return }
        var runs: [GlyphRun] = []
        runs.reserveCapacity(glyphs.runs.count + 2)
        for run in glyphs.runs {
            guard run.glyphRange.overlaps(range), run.font != fontIndex else {
                runs.append(run)
                continue
            }
            let inside = run.glyphRange.clamped(to: range)
            for (piece, font) in [(run.glyphRange.lowerBound..<inside.lowerBound, run.font), (inside, fontIndex),
                                  (inside.upperBound..<run.glyphRange.upperBound, run.font)] where !piece.isEmpty {
                var part = run
                part.glyphRange = piece
                part.characterRange = glyphs.characterRange(forGlyphs: piece).clamped(to: run.characterRange)
                part.font = font
                runs.append(part)
            }
        }
        glyphs.runs = runs
    }
}
