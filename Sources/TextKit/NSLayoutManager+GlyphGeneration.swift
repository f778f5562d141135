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
/// glyph indices. A delegate that wants other glyphs calls `setGlyphs` from inside that call, at the
/// range's location, and returns the number of glyphs set (0 keeps them). As in TextKit, the
/// glyphs it sets may be more or fewer than those offered (one arrow glyph for "->", two glyphs
/// for "æ"): they replace all the glyphs offered, and `characterIndexes` says which character
/// each new glyph draws (glyph ↔ character maps, hit testing and selection follow it). Outside
/// the delegate call, `setGlyphs` changes the glyphs of its range one for one. It is called again only
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
        if let offer = glyphOffer, glyphRange.location == offer.location {
            // Inside shouldGenerateGlyphs: the new glyphs stand for all the glyphs offered, however
            // many there are (a ligature the delegate makes itself, a character spelled out).
            let start = flow.currentGlyphs(ofParagraph: offer.paragraph)?.firstCharacter ?? .zero
            let now = flow.replaceGlyphs(offer.glyphs, ofParagraph: offer.paragraph, paragraphStart: start, with: glyphs,
                                         properties: props, characterIndexes: charIndexes, count: glyphRange.length, font: aFont)
            glyphOffer = (offer.paragraph, offer.location, now)
            return
        }
        // Elsewhere: the glyphs of the range, as many as there are, paragraph by paragraph.
        var done = 0
        while done < glyphRange.length {
            let (p, first, start) = flow.locate(glyph: GlyphIndex(glyphRange.location + done),
                                                "setGlyphs(_:properties:characterIndexes:font:forGlyphRange:)")
            let analysis = flow.ensureAnalysis(p, start: start)
            // Glyph generation would not make these glyphs again: keep them.
            flow.keepGlyphs(ofParagraph: p)
            let local = glyphRange.location + done - first.rawValue
            let count = min(glyphRange.length - done, analysis.glyphs.count - local)
            flow.replaceGlyphs(local..<(local + count), ofParagraph: p, paragraphStart: start, with: glyphs + done,
                               properties: props + done, characterIndexes: charIndexes + done, count: count, font: aFont)
            done += count
        }
    }

    func _notShownAttribute(forGlyphAt glyphIndex: Int) -> Bool {
        let (p, first, _) = paragraph(ofGlyph: glyphIndex)
        return !flow.ensureAnalysis(p).glyphs.flags[glyphIndex - first].isDisjoint(with: [.null, .control, .notShown])
    }

    // MARK: Internals

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
        guard let delegate, let storage = textStorage, let (analysis, firstCharacter, firstGlyph) = flow.currentGlyphs(ofParagraph: p),
              let container = textContainers.first else { return }
        let glyphs = analysis.glyphs
        var advancesChanged = false
        for g in 0..<glyphs.count where glyphs.flags[g].contains(.control) {
            let character = (firstCharacter + UTF16Offset(Int(glyphs.clusters[g]))).rawValue
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
                let box = delegate.layoutManager(self, boundingBoxForControlGlyphAt: (firstGlyph + GlyphIndex(g)).rawValue, for: container,
                                                 proposedLineFragment: CGRect(x: 0, y: 0, width: container.layoutSize.width, height: font.lineHeight),
                                                 glyphPosition: .zero, characterIndex: character)
                advance = box.width.isFinite ? Float(min(max(0, box.width), 1e6)) : 0
            } else if action.contains(.zeroAdvancement) {
                glyphs.flags[g].remove(.tab)
                advance = 0
            }
            glyphs.advances[g] = advance
            advancesChanged = true
        }
        if advancesChanged { flow.advancesChanged(inParagraph: p) }
    }

    /// Offers paragraph `p`'s new glyphs to the delegate, run by run (called by `ensureAnalysis`).
    /// Runs are found by their characters, which stay put while the delegate changes glyphs.
    func offerGlyphsToDelegate(paragraph p: Int) {
        guard let delegate, let (initial, firstCharacter, firstGlyph) = flow.currentGlyphs(ofParagraph: p),
              initial.glyphs.count > 0 else { return }
        defer { glyphOffer = nil }
        for characters in initial.glyphs.runs.map(\.characterRange) where !characters.isEmpty {
            // Read the current glyphs: an earlier call may have changed the paragraph.
            guard let current = flow.currentGlyphs(ofParagraph: p)?.analysis else { return }
            let glyphs = current.glyphs
            let range = glyphs.glyphRange(forCharacters: characters)
            guard !range.isEmpty else { continue }
            let ids = Array(glyphs.glyphs[range])
            let properties = range.map { Self.property(of: glyphs.flags[$0]) }
            let characterIndexes = range.map { (firstCharacter + UTF16Offset(Int(glyphs.clusters[$0]))).rawValue }
            let font = glyphs.fonts[Int(glyphs.runs[glyphs.runIndex(containingGlyph: range.lowerBound)].font)]
            let location = (firstGlyph + GlyphIndex(range.lowerBound)).rawValue
            glyphOffer = (p, location, range)
            ids.withUnsafeBufferPointer { idBuffer in
                properties.withUnsafeBufferPointer { propertyBuffer in
                    characterIndexes.withUnsafeBufferPointer { characterBuffer in
                        _ = delegate.layoutManager(self, shouldGenerateGlyphs: idBuffer.baseAddress!, properties: propertyBuffer.baseAddress!,
                                                   characterIndexes: characterBuffer.baseAddress!, font: font,
                                                   forGlyphRange: NSRange(location: location, length: range.count))
                    }
                }
            }
        }
    }
}
