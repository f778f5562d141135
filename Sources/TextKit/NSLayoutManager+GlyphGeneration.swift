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
    /// Replaces the glyphs of `glyphRange` (normally from inside the delegate's
    /// `shouldGenerateGlyphs`, with the range it was given): glyph ids drawn with `aFont`, and
    /// properties. `.null` hides a glyph: it takes no room and is not drawn (its character is still
    /// in the text, so selection and copying include it). A new glyph id takes its nominal advance
    /// in `aFont` (kerning against its neighbours is not redone; letter spacing is kept). The other
    /// properties (`.controlCharacter`, `.elastic`, `.nonBaseCharacter`) describe the characters and
    /// stay as generated.
    ///
    /// Limitations here: the number of glyphs cannot change (`glyphRange.length` glyphs replace as
    /// many), and `charIndexes` must be the characters the glyphs already stand for (they are not
    /// re-mapped). Outside glyph generation the call still works and lays the paragraph out again.
    /// Traps when `glyphRange` reaches past the last glyph.
    public func setGlyphs(_ glyphs: UnsafePointer<CGGlyph>, properties props: UnsafePointer<GlyphProperty>,
                          characterIndexes charIndexes: UnsafePointer<Int>, font aFont: UIFont, forGlyphRange glyphRange: NSRange) {
        checkPrecondition(glyphRange.location >= 0 && glyphRange.length >= 0,
                     "setGlyphs(_:properties:characterIndexes:font:forGlyphRange:): glyph range {\(glyphRange.location), \(glyphRange.length)} is negative")
        var done = 0
        while done < glyphRange.length {
            let (p, first, start) = locate(glyph: glyphRange.location + done, "setGlyphs(_:properties:characterIndexes:font:forGlyphRange:)")
            let record = store.record(p)
            guard let analysis = record.analysis else { return }
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
            if advancesChanged, let storage = textStorage {
                // Break opportunities carry widths: measure them again. The locale is the analyzer's
                // (the paragraph's first run's language).
                let language = analysis.styles.first?.language ?? ""
                let locale = language.replacingOccurrences(of: "-", with: "_")
                let text = storage._utf16(in: NSRange(location: start, length: record.length))
                analysis.segments = text.withUnsafeBufferPointer { analysis.glyphs.breakSegments(text: $0, locale: locale) }
            }
            record.analysis = analysis
            if record.layout != nil { record.layout = nil }
            store.refresh(at: p)
            invalidateFlow(fromParagraph: p)
            done += count
        }
        _ = charIndexes
    }

    /// Whether glyph `glyphIndex` is not drawn: hidden by the delegate (`.null`) or a control
    /// character (line breaks, tabs). Glyphs hidden by truncation are reported by
    /// ``truncatedGlyphRange(inLineFragmentForGlyphAt:)`` instead.
    public func notShownAttribute(forGlyphAt glyphIndex: Int) -> Bool {
        let (p, first, _) = locate(glyph: glyphIndex)
        return !store.record(p).analysis!.glyphs.flags[glyphIndex - first].isDisjoint(with: [.null, .control])
    }

    // MARK: Internals

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
