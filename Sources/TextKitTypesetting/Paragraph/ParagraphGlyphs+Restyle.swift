/// New attribute run boundaries over glyphs that stay: a colour put on a word, or taken off it.
///
/// The analyzer shapes an item (a run of one style, font, script and bidi level) a piece at a
/// time, a piece being a word and the spaces after it. A fresh analysis of the paragraph with its
/// new runs would cut the text where they meet, and no longer where the old ones met. It gives
/// the glyphs the paragraph has wherever each place where the two analyses cut differently is
///
/// - a piece bound anyway (a space followed by another character), or
/// - a new cut before a glyph that HarfBuzz did not mark "unsafe to break" (shaping the two sides
///   apart gives the same glyphs as shaping them together),
///
/// with both sides in their style's own font (a fallback font's choices, such as the spaces
/// between the words it draws, look across the cut). A colour on a word then costs no shaping; a
/// colour inside a ligature, or between two kerned letters, shapes the paragraph again.
///
/// The glyphs keep a record of where they were shaped apart (``shapingCuts``), so that taking the
/// colour off again knows that those glyphs were shaped whole. An edit inside the paragraph later
/// copies glyphs taking the runs' ends for bounds of pieces shaped apart (``PriorGlyphs``): so
/// they are, or give the same glyphs. Debug builds compare every regrouping with a fresh analysis.
extension ParagraphGlyphs {
    /// These glyphs with their runs cut and joined where the paragraph's new attribute runs
    /// (`ranges`, one style each) meet, when every style shapes as the old ones it overlaps
    /// (``RunStyle/shapesLike(_:)``, `oldRanges` and `oldStyles`) and shaping along the new runs
    /// gives these glyphs (see above); nil otherwise.
    /// - Parameter unit: the paragraph's UTF-16 unit at an offset.
    package func regrouped(from oldRanges: [Range<Int>], styles oldStyles: [RunStyle], into ranges: [Range<Int>],
                           styles: [RunStyle], unit: (Int) -> UInt16) -> ParagraphGlyphs? {
        guard Self.shapeAlike(oldRanges, oldStyles, ranges, styles) else { return nil }
        let cuts = shapingCuts ?? runs.dropFirst().map(\.characterRange.lowerBound)
        // Both lists ascend: walk them together, checking each offset that is in one only.
        var c = 0
        for range in ranges where !range.isEmpty && range.lowerBound > 0 {
            while c < cuts.count && cuts[c] < range.lowerBound {
                guard canJoin(at: cuts[c], styles: oldStyles, unit: unit) else { return nil }
                c += 1
            }
            if c < cuts.count && cuts[c] == range.lowerBound {
                c += 1
            } else if !canCut(at: range.lowerBound, styles: oldStyles, unit: unit) {
                return nil
            }
        }
        while c < cuts.count {
            guard canJoin(at: cuts[c], styles: oldStyles, unit: unit) else { return nil }
            c += 1
        }
        let regrouped = ParagraphGlyphs()
        (regrouped.glyphs, regrouped.advances, regrouped.clusters, regrouped.flags) = (glyphs, advances, clusters, flags)
        (regrouped.offsets, regrouped.fonts, regrouped.length) = (offsets, fonts, length)
        regrouped.attachmentBounds = attachmentBounds
        regrouped.runs = runs(regroupedInto: ranges)
        regrouped.shapingCuts = cuts
        return regrouped
    }

    /// Whether each style of `ranges` shapes as every style of `oldRanges` it overlaps (most
    /// runs share a few styles: each pair is compared once).
    private static func shapeAlike(_ oldRanges: [Range<Int>], _ oldStyles: [RunStyle],
                                   _ ranges: [Range<Int>], _ styles: [RunStyle]) -> Bool {
        var alike: [(RunStyle, RunStyle)] = []
        var o = 0
        for (range, style) in zip(ranges, styles) where !range.isEmpty {
            while o < oldRanges.count && oldRanges[o].upperBound <= range.lowerBound { o += 1 }
            var overlapping = o
            while overlapping < oldRanges.count && oldRanges[overlapping].lowerBound < range.upperBound {
                let old = oldStyles[overlapping]
                if !oldRanges[overlapping].isEmpty && style !== old && !alike.contains(where: { $0.0 === style && $0.1 === old }) {
                    guard style.shapesLike(old) else { return false }
                    alike.append((style, old))
                }
                overlapping += 1
            }
        }
        return true
    }

    /// Whether the text can be cut at `offset`, where it was shaped whole: a cluster starts there,
    /// in the style's own font as is the glyph before, and breaking there leaves shaping alone or
    /// the analyzer cuts words there anyway.
    private func canCut(at offset: Int, styles: [RunStyle], unit: (Int) -> UInt16) -> Bool {
        let g = firstGlyph(atOrAfter: offset)
        guard g > 0, g < count, Int(clusters[g]) == offset, isInStyleFonts(g - 1, g, styles: styles) else { return false }
        return !flags[g].contains(.unsafeToBreak) || ParagraphAnalyzer.isWordBound(after: unit(offset - 1), before: unit(offset))
    }

    /// Whether the text can be joined at `offset`, where it was shaped apart: the script or bidi
    /// level changes there (both come from the text alone, so a fresh analysis cuts there whatever
    /// the attributes), or the analyzer cuts words there anyway, both sides in their style's own
    /// font. A change of font is not enough: which fallback font draws what depends on where the
    /// runs meet (shaped whole, the space after words in a fallback font is drawn in that font).
    private func canJoin(at offset: Int, styles: [RunStyle], unit: (Int) -> UInt16) -> Bool {
        let g = firstGlyph(atOrAfter: offset)
        guard g > 0, g < count else { return false }
        let before = runs[runIndex(containingGlyph: g - 1)], after = runs[runIndex(containingGlyph: g)]
        if before.script != after.script || before.level != after.level { return true }
        return isInStyleFonts(g - 1, g, styles: styles) && ParagraphAnalyzer.isWordBound(after: unit(offset - 1), before: unit(offset))
    }

    /// Whether glyphs `first` and `second` are each in their style's own font.
    private func isInStyleFonts(_ first: Int, _ second: Int, styles: [RunStyle]) -> Bool {
        let a = runs[runIndex(containingGlyph: first)]
        let b = second < a.glyphRange.upperBound ? a : runs[runIndex(containingGlyph: second)]
        return fonts[Int(a.font)] === styles[Int(a.style)].font && fonts[Int(b.font)] === styles[Int(b.style)].font
    }

    /// The runs cut where `ranges` meet and joined where they no longer do, each pointing at the
    /// style of the range it lies in: one run per stretch of one style, font, script and bidi
    /// level, as a fresh analysis makes them.
    private func runs(regroupedInto ranges: [Range<Int>]) -> [GlyphRun] {
        var result: [GlyphRun] = []
        result.reserveCapacity(runs.count + 2)
        var r = 0
        for run in runs {
            var start = run.characterRange.lowerBound, glyphStart = run.glyphRange.lowerBound
            while start < run.characterRange.upperBound {
                while ranges[r].upperBound <= start { r += 1 }
                let end = min(run.characterRange.upperBound, ranges[r].upperBound)
                let glyphEnd = end == run.characterRange.upperBound ? run.glyphRange.upperBound
                    : firstGlyph(atOrAfter: end, from: glyphStart)
                var piece = run
                (piece.characterRange, piece.glyphRange, piece.style) = (start..<end, glyphStart..<glyphEnd, Int32(r))
                if let last = result.last, last.style == piece.style, last.font == piece.font, last.level == piece.level,
                   last.script == piece.script, last.characterRange.upperBound == start {
                    result[result.count - 1].characterRange = last.characterRange.lowerBound..<end
                    result[result.count - 1].glyphRange = last.glyphRange.lowerBound..<glyphEnd
                } else {
                    result.append(piece)
                }
                (start, glyphStart) = (end, glyphEnd)
            }
        }
        return result
    }
}
