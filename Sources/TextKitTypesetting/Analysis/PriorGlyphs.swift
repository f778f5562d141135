import TextKitFonts

/// A paragraph's analysis from before an edit inside it, kept by the paragraph's layout record
/// until the paragraph is analyzed again, which then reuses what the edit did not reach: the
/// line breaks away from it (``PriorBreaks``) and the glyphs of the words it did not touch
/// (``PriorGlyphs``).
package struct PriorAnalysis: Sendable {
    /// The analysis before the edit.
    package let analysis: ParagraphAnalysis
    /// The old units `editStart ..< editStart + oldLength` were replaced by `newLength` units.
    package let editStart: Int
    package let oldLength: Int
    package let newLength: Int

    package init(analysis: ParagraphAnalysis, editStart: Int, oldLength: Int, newLength: Int) {
        self.analysis = analysis
        self.editStart = editStart
        self.oldLength = oldLength
        self.newLength = newLength
    }

    /// The old line breaks, nil when they were made with a locale of their own.
    package var breaks: PriorBreaks? {
        PriorBreaks(analysis: analysis, editStart: editStart, oldLength: oldLength, newLength: newLength)
    }
}

/// The glyphs a paragraph had before an edit inside it, copied into its new glyphs for the words
/// the edit did not touch, instead of each word being looked up again in the shaped-word caches
/// (for a keystroke in a paragraph of a few hundred characters, those lookups were a fifth of the
/// keystroke's instructions).
///
/// Why a copy is what shaping would make. The analyzer shapes an item (a run of one font, style,
/// bidi level and script) a piece at a time — a word and the spaces after it — and a piece's
/// glyphs depend only on its text, its font and its shaping parameters (the style's language,
/// features, letter spacing and scale; the level and the script). Within an item, the pieces'
/// bounds are the item's ends and every place where a space (U+0020) is followed by another
/// character. So a piece of the new text that lies wholly before or wholly after the edit, in an
/// old item of the same font, level and script whose style shapes alike, and whose two bounds were
/// piece bounds of the old text too, was an old piece: its glyphs are the old ones, clusters moved
/// by the edit's change in length, offsets with them. They are taken a stretch of pieces at a
/// time: from a bound of both texts to the last one before the edit, the item's end or the old
/// run's end, in one copy. Runs with an attachment are always shaped
/// (an attachment's bounds are asked as its glyph is made), and so are glyphs that a delegate,
/// `setGlyphs` or a layout primitive changed (``ParagraphAnalysis/isAsShaped``). Debug builds
/// compare every paragraph made with copies against a fresh analysis.
struct PriorGlyphs {
    private let old: ParagraphGlyphs
    private let oldStyles: [RunStyle]
    private let oldSegments: [BreakSegment]
    /// The edit, in new offsets: `editStart ..< newEditEnd` replaced the old `editStart ..< oldEditEnd`.
    private let editStart: Int
    private let newEditEnd: Int
    private let oldEditEnd: Int
    /// The old run the last stretch was looked for in: stretches come in character order, and so
    /// do their old offsets (the text before the edit, then the text after it).
    private var run = 0
    /// Where to look again after a stretch had no old glyphs (the end of the item or region).
    private var nextTry = 0
    /// How many glyphs were copied.
    private(set) var copiedGlyphs = 0
    /// The new characters from 0 whose glyphs were all copied; those from `suffixStart` to
    /// `suffixEnd`, after the edit (what ``copied(length:)`` reports).
    private var prefixEnd = 0
    private var suffixStart = Int.max
    private var suffixEnd = -1

    /// The reusable glyphs of `prior` for its paragraph's new text of `newLength` units; nil when
    /// none can be reused.
    init?(_ prior: PriorAnalysis, newLength: Int) {
        let glyphs = prior.analysis.glyphs
        guard prior.analysis.isAsShaped, prior.editStart >= 0, prior.oldLength >= 0, prior.newLength >= 0,
              prior.editStart + prior.oldLength <= glyphs.length,
              glyphs.length - prior.oldLength + prior.newLength == newLength,
              glyphs.attachmentBounds.isEmpty else { return nil }
        old = glyphs
        oldStyles = prior.analysis.styles
        oldSegments = prior.analysis.segments
        editStart = prior.editStart
        newEditEnd = prior.editStart + prior.newLength
        oldEditEnd = prior.editStart + prior.oldLength
    }

    /// Copies into `builder` the old glyphs of the longest stretch of pieces from `start` (a piece
    /// bound of `item`, whose font, style, level and script are given) that still has them, and
    /// returns where the stretch ends; nil when the piece at `start` has none.
    mutating func take(from start: Int, item: Range<Int>, font: UIFont, style: RunStyle, level: UInt8, script: Script,
                       text: UnsafeBufferPointer<UInt16>, into builder: inout GlyphBuilder) -> Int? {
        guard start >= nextTry else { return nil }
        // The stretch stays on one side of the edit: before it, or after it (moved by its change in length).
        let shift: Int, limit: Int
        if start < editStart {
            (shift, limit) = (0, min(item.upperBound, editStart))
        } else if start >= newEditEnd {
            (shift, limit) = (newEditEnd - oldEditEnd, item.upperBound)
        } else {
            nextTry = newEditEnd
            return nil
        }
        guard let end = stretchEnd(from: start, limit: limit, item: item, shift: shift, font: font, style: style,
                                   level: level, script: script, text: text) else { return nil }
        // The old glyphs of `start - shift ..< end - shift`: those of the old run whose clusters
        // are in it (clusters never decrease).
        let glyphRange = old.runs[run].glyphRange
        let first = max(glyphRange.lowerBound, old.firstGlyph(atOrAfter: start - shift))
        let last = min(glyphRange.upperBound, old.firstGlyph(atOrAfter: end - shift))
        let base = builder.count
        builder.append(glyphsOf: old, first..<last, clusterShift: Int32(shift))
        if !old.offsets.isEmpty {
            for g in first..<last {
                if let offset = old.offsets[Int32(g)] { builder.offsets[Int32(base + g - first)] = offset }
            }
        }
        copiedGlyphs += last - first
        if start < editStart {
            if start == prefixEnd { prefixEnd = end }
        } else if start == suffixEnd {
            suffixEnd = end
        } else {
            (suffixStart, suffixEnd) = (start, end)
        }
        return end
    }

    /// Where the paragraph of `length` units has the old glyphs, for keeping the old analysis's
    /// segments there (BreakSegments.swift).
    func copied(length: Int) -> CopiedGlyphs {
        CopiedGlyphs(oldSegments: oldSegments, prefixEnd: prefixEnd, suffixStart: suffixEnd == length ? suffixStart : Int.max,
                     delta: newEditEnd - oldEditEnd)
    }

    /// Where the stretch of old pieces from new offset `start` ends (at most at `limit`), nil when
    /// there is none: `start` must have bounded a piece of an old run that shapes as `item` does,
    /// and the stretch ends at a bound of both texts' pieces inside that run. When there is none,
    /// sets where to look again: the next piece when only `start` did not bound an old piece, else
    /// the end of the old run or of `limit`.
    private mutating func stretchEnd(from start: Int, limit: Int, item: Range<Int>, shift: Int, font: UIFont, style: RunStyle,
                                     level: UInt8, script: Script, text: UnsafeBufferPointer<UInt16>) -> Int? {
        let oldStart = start - shift
        let runs = old.runs
        while run < runs.count && runs[run].characterRange.upperBound <= oldStart { run += 1 }
        guard run < runs.count else {
            nextTry = limit
            return nil
        }
        let oldRun = runs[run]
        let characters = oldRun.characterRange
        guard characters.lowerBound <= oldStart, oldRun.level == level, oldRun.script == script,
              Self.sameFont(old.fonts[Int(oldRun.font)], font), style.attachment == nil,
              oldStyles[Int(oldRun.style)].shapesLike(style) else {
            nextTry = min(limit, max(start + 1, characters.upperBound + shift))
            return nil
        }
        guard isOldBound(oldStart, in: characters, text: text) else {
            nextTry = start + 1
            return nil
        }
        // The last bound of both texts' pieces up to the end of the old run or `limit`: the
        // item's end or a space followed by another character in the new text, the old run's end
        // or the same in the old text.
        var bound = min(limit, characters.upperBound + shift)
        while bound > start {
            let isNewBound = bound == item.upperBound || ParagraphAnalyzer.isWordBound(after: text[bound - 1], before: text[bound])
            if isNewBound && isOldBound(bound - shift, in: characters, text: text) { return bound }
            bound -= 1
        }
        nextTry = start + 1
        return nil
    }

    /// Whether old offset `offset` (in `run`, an old run's characters, or at its end) bounded a
    /// piece: the run's ends, and a space followed by another character in the old text.
    private func isOldBound(_ offset: Int, in run: Range<Int>, text: UnsafeBufferPointer<UInt16>) -> Bool {
        offset == run.lowerBound || offset == run.upperBound
            || oldUnit(offset - 1, text: text) == 0x20 && isOldNonSpace(offset, text: text)
    }

    /// Whether the old unit at `offset` is known not to be a space: read in the new text where the
    /// edit left it, else from the old glyphs (a glyph whose cluster starts there, not white space:
    /// every glyph of a space's cluster is flagged white space).
    private func isOldNonSpace(_ offset: Int, text: UnsafeBufferPointer<UInt16>) -> Bool {
        if let unit = oldUnit(offset, text: text) { return unit != 0x20 }
        let g = old.firstGlyph(atOrAfter: offset)
        return g < old.count && Int(old.clusters[g]) == offset && !old.flags[g].contains(.whitespace)
    }

    /// Whether `a` and `b` shape alike: the same object, or equal fonts (an app that sets the
    /// attributes again with a font made anew), as ``RunStyle/shapesLike(_:)`` compares them.
    private static func sameFont(_ a: UIFont, _ b: UIFont) -> Bool { a === b || a == b }

    /// The unit at old offset `offset`, read in the new text; nil where the edit replaced it.
    private func oldUnit(_ offset: Int, text: UnsafeBufferPointer<UInt16>) -> UInt16? {
        if offset >= 0 && offset < editStart { return text[offset] }
        let new = offset + newEditEnd - oldEditEnd
        return offset >= oldEditEnd && new < text.count ? text[new] : nil
    }
}

/// Where a paragraph analyzed after an edit has the glyphs of its analysis before it, copied by
/// ``PriorGlyphs``: the old break segments made of those glyphs keep their widths.
package struct CopiedGlyphs {
    /// The old analysis's segments.
    let oldSegments: [BreakSegment]
    /// Characters `0 ..< prefixEnd` have the old glyphs.
    let prefixEnd: Int
    /// Characters from `suffixStart` to the end have the old glyphs, moved by `delta` units.
    let suffixStart: Int
    let delta: Int
}
