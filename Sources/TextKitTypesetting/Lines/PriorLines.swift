import TextKitGraphics

/// The lines a paragraph had before an edit inside it, taken again by the line loop where the
/// edit cannot have changed them, instead of being fitted and placed again (for a keystroke in a
/// paragraph of several lines, most of its lines).
///
/// Why they are the lines the loop would make. In a simple area (one rectangle, no line limit,
/// no delegate hooks, greedy breaking, no truncation) a line depends only on where it starts
/// (its offset, and whether it is the first), on the glyphs and break segments from there to the
/// segment that did not fit after it, and on the paragraph's style and the area's width, which
/// the caller checks are unchanged. So:
/// - before the edit, an old line is the new one when the glyphs and segments up to the end of
///   the segment after it are unchanged (``identicalPrefix``);
/// - after the edit, once a new line (not the first) starts at an old line's start, moved by the
///   edit's length, and everything from there on is unchanged (``identicalSuffix``), every line
///   from there on is the old one with its characters and glyphs moved.
/// A line taken is stored where the flow stands, as the loop stores a line (only its size, x and
/// placed glyphs are the old ones), so the lines are bit for bit what the loop makes; debug
/// builds compare every paragraph laid out so with a fresh run. The loop takes them only where
/// those conditions hold (`LineLoop.takesPriorLines()`).
package struct PriorLines {
    /// The old lines, as stored (y from the paragraph's top).
    let fragments: [LineFragment]
    /// New characters `0 ..< identicalPrefix` have the old glyphs and break segments.
    let identicalPrefix: Int
    /// New characters from `identicalSuffix` on have the old glyphs and segments, moved by
    /// `characterShift` characters and `glyphShift` glyphs.
    let identicalSuffix: Int
    let characterShift: Int
    let glyphShift: Int
    /// The old break segments (where each line's dependency ends).
    let oldSegments: [BreakSegment]

    package init(fragments: [LineFragment], identicalPrefix: Int, identicalSuffix: Int,
                 characterShift: Int, glyphShift: Int, oldSegments: [BreakSegment]) {
        self.fragments = fragments
        self.identicalPrefix = identicalPrefix
        self.identicalSuffix = identicalSuffix
        self.characterShift = characterShift
        self.glyphShift = glyphShift
        self.oldSegments = oldSegments
    }

    /// How many old lines from the first are the new ones: each ends, with the segment after it,
    /// in the unchanged text before the edit.
    func prefixCount() -> Int {
        var count = 0
        var s = 0
        for fragment in fragments {
            let end = fragment.line.fitted.characters.upperBound
            // The first segment ending past the line: the one the line did not take.
            while s < oldSegments.count && Int(oldSegments[s].end) <= end { s += 1 }
            let dependsThrough = s < oldSegments.count ? Int(oldSegments[s].end) : Int.max
            guard dependsThrough <= identicalPrefix else { break }
            count += 1
        }
        return count
    }

    /// The old line (not the first) that starts at new paragraph offset `offset` in the unchanged
    /// text after the edit, nil when none does.
    func suffixLine(startingAt offset: Int) -> Int? {
        guard offset >= identicalSuffix, offset > 0 else { return nil }
        let old = offset - characterShift
        var low = 1, high = fragments.count
        while low < high {
            let mid = (low + high) / 2
            if fragments[mid].line.fitted.characters.lowerBound < old { low = mid + 1 } else { high = mid }
        }
        return low < fragments.count && fragments[low].line.fitted.characters.lowerBound == old ? low : nil
    }

    /// Old line `index` with its characters and glyphs moved to where they are now.
    func moved(_ index: Int) -> LineFragment {
        var fragment = fragments[index]
        let c = characterShift, g = glyphShift
        guard c != 0 || g != 0 else { return fragment }
        fragment.line.fitted.characters = (fragment.line.fitted.characters.lowerBound + c)..<(fragment.line.fitted.characters.upperBound + c)
        fragment.line.glyphRange = (fragment.line.glyphRange.lowerBound + g)..<(fragment.line.glyphRange.upperBound + g)
        for i in fragment.line.visualRuns.indices {
            let runGlyphs = fragment.line.visualRuns[i].glyphs
            fragment.line.visualRuns[i].glyphs = (runGlyphs.lowerBound + g)..<(runGlyphs.upperBound + g)
        }
        for i in fragment.line.fitted.tabAdvances.indices {
            fragment.line.fitted.tabAdvances[i].glyph += Int32(g)
        }
        return fragment
    }
}
