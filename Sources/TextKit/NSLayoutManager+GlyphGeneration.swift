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
        if let offer = flow.glyphOffer, glyphRange.location == offer.location {
            // Inside shouldGenerateGlyphs: the new glyphs stand for all the glyphs offered, however
            // many there are (a ligature the delegate makes itself, a character spelled out).
            let start = flow.store.start(ofParagraph: offer.paragraph).rawValue
            let now = replaceGlyphs(offer.glyphs, ofParagraph: offer.paragraph, paragraphStart: start, with: glyphs,
                                    properties: props, characterIndexes: charIndexes, count: glyphRange.length, font: aFont)
            flow.glyphOffer = (offer.paragraph, offer.location, now)
            return
        }
        // Elsewhere: the glyphs of the range, as many as there are, paragraph by paragraph.
        var done = 0
        while done < glyphRange.length {
            let (p, first, start) = locate(glyph: glyphRange.location + done, "setGlyphs(_:properties:characterIndexes:font:forGlyphRange:)")
            let analysis = flow.ensureAnalysis(p, start: start)
            // Glyph generation would not make these glyphs again: keep them.
            flow.store.record(p).keepsAnalysis = true
            let local = glyphRange.location + done - first
            let count = min(glyphRange.length - done, analysis.glyphs.count - local)
            replaceGlyphs(local..<(local + count), ofParagraph: p, paragraphStart: start, with: glyphs + done,
                          properties: props + done, characterIndexes: charIndexes + done, count: count, font: aFont)
            done += count
        }
    }

    /// Replaces glyphs `old` of paragraph `p` by `count` new ones in `font`, which draw the same
    /// characters: each new glyph's cluster starts at its character index (clamped into those
    /// characters and made non-decreasing; the first one starts where `old` did, so that every
    /// character keeps a glyph). A new glyph takes what layout knows of its character from the old
    /// glyph of that character (white space, tab, control, attachment, line break) and what the
    /// properties say (`.null` hides it, `.controlCharacter` makes it take no room, `.elastic`
    /// makes it stretch). No new glyphs for a non-empty range gives one hidden glyph.
    /// Returns the new glyphs' range in the paragraph.
    @discardableResult
    private func replaceGlyphs(_ old: Range<Int>, ofParagraph p: Int, paragraphStart: Int, with ids: UnsafePointer<CGGlyph>,
                               properties: UnsafePointer<GlyphProperty>, characterIndexes: UnsafePointer<Int>,
                               count requested: Int, font: UIFont) -> Range<Int> {
        let record = flow.store.record(p)
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
            let given = i < requested ? characterIndexes[i] - paragraphStart : cluster
            if i > 0 { cluster = min(max(cluster, given), max(lastCluster, cluster)) }
            let origin = glyphs.glyph(forCharacterAt: cluster)
            var flags = glyphs.flags[origin].intersection([.whitespace, .control, .tab, .attachment, .lineBreak, .missing,
                                                          .unsafeToBreak, .notShown, .drawsOutsideLineFragment])
            let property: GlyphProperty = i < requested ? properties[i] : .null
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
        flow.store.refresh(at: p)
        flow.invalidateFlow(fromParagraph: p)
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

    func _notShownAttribute(forGlyphAt glyphIndex: Int) -> Bool {
        let (p, first, _) = locate(glyph: glyphIndex)
        return !flow.ensureAnalysis(p).glyphs.flags[glyphIndex - first].isDisjoint(with: [.null, .control, .notShown])
    }

    // MARK: Internals

    /// Break opportunities carry widths: after advances change, measure them again. The locale is
    /// the analyzer's (the paragraph's first run's language).
    private func remeasureBreakSegments(of analysis: ParagraphAnalysis, paragraphStart start: Int, length: Int) {
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
        guard let delegate, let storage = textStorage, let analysis = flow.store.record(p).analysis,
              let container = textContainers.first else { return }
        let prefix = flow.store.prefix(p)
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
            remeasureBreakSegments(of: analysis, paragraphStart: prefix.length, length: flow.store.record(p).length)
            flow.store.record(p).analysis = analysis
        }
    }

    /// Offers paragraph `p`'s new glyphs to the delegate, run by run (called by `ensureAnalysis`).
    /// Runs are found by their characters, which stay put while the delegate changes glyphs.
    func offerGlyphsToDelegate(paragraph p: Int) {
        guard let delegate, let initial = flow.store.record(p).analysis, initial.glyphs.count > 0 else { return }
        let prefix = flow.store.prefix(p)
        defer { flow.glyphOffer = nil }
        for characters in initial.glyphs.runs.map(\.characterRange) where !characters.isEmpty {
            // Read the current glyphs: an earlier call may have changed the paragraph.
            guard let current = flow.store.record(p).analysis else { return }
            let glyphs = current.glyphs
            let range = glyphs.glyphRange(forCharacters: characters)
            guard !range.isEmpty else { continue }
            let ids = Array(glyphs.glyphs[range])
            let properties = range.map { Self.property(of: glyphs.flags[$0]) }
            let characterIndexes = range.map { prefix.length + Int(glyphs.clusters[$0]) }
            let font = glyphs.fonts[Int(glyphs.runs[glyphs.runIndex(containingGlyph: range.lowerBound)].font)]
            let location = prefix.glyphs + range.lowerBound
            flow.glyphOffer = (p, location, range)
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
