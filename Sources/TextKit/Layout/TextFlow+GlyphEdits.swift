import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Glyph edits: a paragraph's glyphs changed after shaping, by the glyph-generation delegate's
/// `setGlyphs(_:properties:characterIndexes:font:forGlyphRange:)` or by its answers about control
/// characters (NSLayoutManager+GlyphGeneration.swift asks the delegate; this is what its answers
/// do to the paragraph's glyphs, runs, break opportunities and lines).
extension TextFlow {
    /// Paragraph `p`'s glyphs as they are now (nil when it has none), with its first character
    /// and first glyph: what the glyph-generation hooks offer the delegate.
    func currentGlyphs(ofParagraph p: Int) -> (analysis: ParagraphAnalysis, firstCharacter: UTF16Offset, firstGlyph: GlyphIndex)? {
        guard let analysis = store.record(p).analysis else { return nil }
        let before = store.prefix(p)
        return (analysis, UTF16Offset(before.length), GlyphIndex(before.glyphs))
    }

    /// Keeps paragraph `p`'s glyphs through memory pressure: glyphs set outside glyph generation
    /// would not be made again.
    func keepGlyphs(ofParagraph p: Int) {
        store.record(p).keepsAnalysis = true
    }

    /// After the advances of paragraph `p`'s glyphs changed in place: its break opportunities
    /// are measured again and its record takes the glyphs anew.
    func advancesChanged(inParagraph p: Int) {
        let record = store.record(p)
        guard let analysis = record.analysis else { return }
        remeasureBreakSegments(of: analysis, paragraphStart: store.start(ofParagraph: p), length: record.length)
        record.analysis = analysis
    }

    /// Replaces glyphs `old` of paragraph `p` (which starts at `paragraphStart`) by `count` new ones
    /// in `font` that draw the same characters (`ids`, `properties` and `characterIndexes` as
    /// `setGlyphs` passes them, the indexes the text's offsets): each new glyph's cluster starts at
    /// its character index (clamped into those characters and made non-decreasing; the first one
    /// starts where `old` did, so that every character keeps a glyph). A new glyph takes what layout knows of its character from the old
    /// glyph of that character (white space, tab, control, attachment, line break) and what the
    /// properties say (`.null` hides it, `.controlCharacter` makes it take no room, `.elastic`
    /// makes it stretch). No new glyphs for a non-empty range gives one hidden glyph.
    /// Returns the new glyphs' range in the paragraph.
    @discardableResult
    func replaceGlyphs(_ old: Range<Int>, ofParagraph p: Int, paragraphStart: UTF16Offset, with ids: UnsafePointer<CGGlyph>,
                       properties: UnsafePointer<NSLayoutManager.GlyphProperty>, characterIndexes: UnsafePointer<Int>,
                       count requested: Int, font: UIFont) -> Range<Int> {
        let record = store.record(p)
        guard let analysis = record.analysis, !old.isEmpty else { return old }
        let glyphs = analysis.glyphs
        let characters = glyphs.characterRange(forGlyphs: old)
        // Clusters may not pass the glyph after the range (the range may end inside a cluster).
        let lastCluster = min(characters.upperBound - 1, old.upperBound < glyphs.count ? Int(glyphs.clusters[old.upperBound]) : .max)
        let count = max(requested, 1)
        let fontIndex = Self.fontIndex(of: font, in: glyphs)

        // What each new glyph is, from the old glyph of its character.
        var newIDs: [UInt16] = [], newClusters: [Int32] = [], newFlags: [GlyphFlags] = []
        var origins: [Int] = []  // the old glyph each new one stands beside
        newIDs.reserveCapacity(count)
        var cluster = characters.lowerBound
        for i in 0..<count {
            let given = i < requested ? (UTF16Offset(characterIndexes[i]) - paragraphStart).rawValue : cluster
            if i > 0 { cluster = min(max(cluster, given), max(lastCluster, cluster)) }
            let origin = glyphs.glyph(forCharacterAt: cluster)
            var flags = glyphs.flags[origin].intersection([.whitespace, .control, .tab, .attachment, .lineBreak, .missing,
                                                          .unsafeToBreak, .notShown, .drawsOutsideLineFragment])
            let property: NSLayoutManager.GlyphProperty = i < requested ? properties[i] : .null
            if property.contains(.null) { flags.insert(.null) }
            if property.contains(.controlCharacter) { flags.insert(.control) }
            if property.contains(.elastic) { flags.insert(.whitespace) }
            let previousCluster = i > 0 ? Int(newClusters[i - 1]) : (old.lowerBound > 0 ? Int(glyphs.clusters[old.lowerBound - 1]) : -1)
            if cluster != previousCluster { flags.insert(.clusterStart) }
            newIDs.append(i < requested ? ids[i] : 0)
            newClusters.append(Int32(cluster))
            newFlags.append(flags)
            origins.append(origin)
        }
        let newAdvances = Self.advances(ofNewGlyphs: newIDs, clusters: newClusters, flags: newFlags, origins: origins,
                                        replacing: old, in: analysis, font: font)
        let newRuns = Self.runs(ofNewGlyphsAt: old.lowerBound, origins: origins, font: fontIndex, in: glyphs)
        let delta = count - old.count
        Self.splice(glyphs, replacing: old, ids: newIDs, clusters: newClusters, flags: newFlags, advances: newAdvances,
                    runs: newRuns)
        if !record.attachmentSizes.isEmpty {
            var sizes: [Int: CGSize] = [:]
            for (g, size) in record.attachmentSizes where !old.contains(g) { sizes[g >= old.upperBound ? g + delta : g] = size }
            record.attachmentSizes = sizes
        }
        remeasureBreakSegments(of: analysis, paragraphStart: paragraphStart, length: record.length)
        record.analysis = analysis  // the glyph count changed
        if record.hasLayout { record.layout = nil }
        store.refresh(at: p)
        invalidateFlow(fromParagraph: p)
        return old.lowerBound..<(old.lowerBound + count)
    }

    /// The advances of new glyphs: an attachment keeps its box (on its first glyph), hidden and
    /// control glyphs take none, others their advance in `font` scaled as their run's style says,
    /// the style's letter spacing after the last glyph of each cluster.
    private static func advances(ofNewGlyphs ids: [UInt16], clusters: [Int32], flags: [GlyphFlags], origins: [Int],
                                 replacing old: Range<Int>, in analysis: ParagraphAnalysis, font: UIFont) -> [Float] {
        let glyphs = analysis.glyphs
        let count = ids.count
        return (0..<count).map { i in
            if flags[i].contains(.attachment) { return flags[i].contains(.clusterStart) ? glyphs.advances[origins[i]] : 0 }
            guard flags[i].isDisjoint(with: [.null, .control]) else { return 0 }
            let style = analysis.styles[Int(glyphs.runs[glyphs.runIndex(containingGlyph: origins[i])].style)]
            var advance = Float(font.advance(forGlyph: ids[i])) * style.horizontalScale
            let lastOfCluster = i + 1 < count ? clusters[i + 1] != clusters[i]
                : old.upperBound == glyphs.count || glyphs.clusters[old.upperBound] != clusters[i]
            if lastOfCluster { advance += style.letterSpacing }
            return advance
        }
    }

    /// The runs of new glyphs starting at glyph `start`: the run of each one's character, in the
    /// new font, neighbours of one style, level and script merged.
    private static func runs(ofNewGlyphsAt start: Int, origins: [Int], font: Int32, in glyphs: ParagraphGlyphs) -> [GlyphRun] {
        var newRuns: [GlyphRun] = []
        for (i, origin) in origins.enumerated() {
            var run = glyphs.runs[glyphs.runIndex(containingGlyph: origin)]
            let g = start + i
            if let last = newRuns.last, last.style == run.style, last.level == run.level, last.script == run.script {
                newRuns[newRuns.count - 1].glyphRange = last.glyphRange.lowerBound..<(g + 1)
                continue
            }
            run.glyphRange = g..<(g + 1)
            run.font = font
            newRuns.append(run)
        }
        return newRuns
    }

    /// Splices new glyphs over `old` in the paragraph's arrays, then its runs (the old runs' parts
    /// outside the range stay, shifted); offsets after the range move with it.
    private static func splice(_ glyphs: ParagraphGlyphs, replacing old: Range<Int>, ids: [UInt16], clusters: [Int32],
                               flags: [GlyphFlags], advances: [Float], runs newRuns: [GlyphRun]) {
        let delta = ids.count - old.count
        glyphs.glyphs.replaceSubrange(old, with: ids)
        glyphs.clusters.replaceSubrange(old, with: clusters)
        glyphs.flags.replaceSubrange(old, with: flags)
        glyphs.advances.replaceSubrange(old, with: advances)
        if !glyphs.offsets.isEmpty {
            var offsets = SparseTable<GlyphOffset>()
            for entry in glyphs.offsets where !old.contains(Int(entry.key)) {
                let g = entry.key
                offsets[Int(g) >= old.upperBound ? g + Int32(delta) : g] = entry.value
            }
            glyphs.offsets = offsets
        }
        if old.upperBound < glyphs.count - delta {
            // The glyph after the range starts a cluster unless it shares the last new glyph's.
            let after = old.upperBound + delta
            if glyphs.clusters[after] != clusters[clusters.count - 1] { glyphs.flags[after].insert(.clusterStart) }
        }
        glyphs.runs = splice(glyphs.runs, replacing: old, with: newRuns, in: glyphs)
    }

    /// `runs` after glyphs `old` were replaced by the glyphs of `newRuns` (already spliced into
    /// `glyphs`): the parts of the old runs outside `old` stay, those after it shifted. Only the
    /// runs around the splice get their character ranges measured again.
    private static func splice(_ runs: [GlyphRun], replacing old: Range<Int>, with newRuns: [GlyphRun],
                               in glyphs: ParagraphGlyphs) -> [GlyphRun] {
        let delta = newRuns.reduce(0) { $0 + $1.glyphRange.count } - old.count
        var result: [GlyphRun] = []
        result.reserveCapacity(runs.count + newRuns.count)
        var changed: Range<Int>?  // indices in `result` whose glyph ranges changed
        func note(_ run: GlyphRun) {
            result.append(run)
            changed = (changed?.lowerBound ?? result.count - 1)..<result.count
        }
        var inserted = false
        for run in runs {
            if run.glyphRange.upperBound <= old.lowerBound {
                result.append(run)
                continue
            }
            if run.glyphRange.lowerBound >= old.upperBound {
                if !inserted { newRuns.forEach(note); inserted = true }
                var shifted = run
                shifted.glyphRange = (run.glyphRange.lowerBound + delta)..<(run.glyphRange.upperBound + delta)
                result.append(shifted)  // whole: same characters
                continue
            }
            // A run the range cuts: its parts before and after it.
            if run.glyphRange.lowerBound < old.lowerBound {
                var before = run
                before.glyphRange = run.glyphRange.lowerBound..<old.lowerBound
                note(before)
            }
            if !inserted { newRuns.forEach(note); inserted = true }
            if run.glyphRange.upperBound > old.upperBound {
                var after = run
                after.glyphRange = (old.upperBound + delta)..<(run.glyphRange.upperBound + delta)
                note(after)
            }
        }
        if !inserted { newRuns.forEach(note) }
        for i in changed ?? 0..<0 { result[i].characterRange = glyphs.characterRange(forGlyphs: result[i].glyphRange) }
        return result
    }

    /// Break opportunities carry widths: after advances change, measure them again. The locale is
    /// the analyzer's (the paragraph's first run's language).
    func remeasureBreakSegments(of analysis: ParagraphAnalysis, paragraphStart start: UTF16Offset, length: Int) {
        guard let storage = manager.textStorage else { return }
        let language = analysis.styles.first?.language ?? ""
        let locale = language.replacingOccurrences(of: "-", with: "_")
        let text = storage._utf16(in: NSRange(start, length: length))
        analysis.segments = text.withUnsafeBufferPointer { analysis.glyphs.breakSegments(text: $0, locale: locale) }
    }

    /// The index of `font` in the paragraph's font table, appending it when new.
    private static func fontIndex(of font: UIFont, in glyphs: ParagraphGlyphs) -> Int32 {
        if let i = glyphs.fonts.firstIndex(where: { $0 === font || $0 == font }) { return Int32(i) }
        glyphs.fonts.append(font)
        return Int32(glyphs.fonts.count - 1)
    }
}
