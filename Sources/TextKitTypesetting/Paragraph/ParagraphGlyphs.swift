import TextKitGraphics
import TextKitFonts
import TextKitModel

/// What a glyph is, beyond its id.
package struct GlyphFlags: OptionSet, Hashable, Sendable {
    package let rawValue: UInt16
    package init(rawValue: UInt16) { self.rawValue = rawValue }
    /// White space that hangs at a line end and that justification stretches (U+0020, U+00A0, …).
    package static let whitespace = GlyphFlags(rawValue: 1 << 0)
    /// A control character (line or paragraph separator, tab, other Cc): drawn as nothing.
    package static let control = GlyphFlags(rawValue: 1 << 1)
    /// A horizontal tab: its advance depends on where it lands (tab stops).
    package static let tab = GlyphFlags(rawValue: 1 << 2)
    /// A text attachment (U+FFFC with an attachment): a box of the attachment's bounds.
    package static let attachment = GlyphFlags(rawValue: 1 << 3)
    /// The first glyph of its cluster.
    package static let clusterStart = GlyphFlags(rawValue: 1 << 4)
    /// Breaking the text before this glyph's cluster would change shaping (HarfBuzz's flag).
    package static let unsafeToBreak = GlyphFlags(rawValue: 1 << 5)
    /// A hard line break inside a paragraph (U+2028) or the paragraph's terminator.
    package static let lineBreak = GlyphFlags(rawValue: 1 << 6)
    /// The glyph is .notdef: no installed font has the character.
    package static let missing = GlyphFlags(rawValue: 1 << 7)
    /// Hidden by the layout manager's delegate (`NSLayoutManager.GlyphProperty.null`, set through
    /// `setGlyphs(_:properties:characterIndexes:font:forGlyphRange:)`): its advance is 0 and it
    /// is never drawn. Drawing code must skip it, as it skips `.control` glyphs
    /// (``PlacedLine/drawablePieces(glyphs:styles:text:origin:subrange:)`` does).
    package static let null = GlyphFlags(rawValue: 1 << 8)
    /// Not drawn, though it keeps its advance: set through
    /// `NSLayoutManager.setNotShownAttribute(_:forGlyphAt:)`.
    package static let notShown = GlyphFlags(rawValue: 1 << 9)
    /// Marked by `NSLayoutManager.setDrawsOutsideLineFragment(_:forGlyphAt:)`: the glyph's ink
    /// reaches outside its line fragment.
    package static let drawsOutsideLineFragment = GlyphFlags(rawValue: 1 << 10)
}

/// A run of glyphs sharing font, style and bidi level, in logical order.
package struct GlyphRun: Sendable {
    /// Indices into the paragraph's glyph arrays.
    package var glyphRange: Range<Int>
    /// UTF-16 offsets in the paragraph.
    package var characterRange: Range<Int>
    /// Index into the paragraph's style table.
    package var style: Int32
    /// The bidi embedding level (odd: right to left).
    package var level: UInt8
    package var script: Script
    /// Index into the paragraph's font table (the style's font, or a fallback font).
    package var font: Int32

    package var isRightToLeft: Bool { level & 1 == 1 }
}

/// A glyph's offset from its pen position in points, y growing downward (HarfBuzz's offsets,
/// scaled and flipped).
package struct GlyphOffset: Equatable, Sendable {
    package var x: Float
    package var y: Float

    package init(x: Float, y: Float) { (self.x, self.y) = (x, y) }

    package static var zero: GlyphOffset { GlyphOffset(x: 0, y: 0) }
}

// Mutated only while it is built (or by a glyph-generation delegate on the layout thread), shared
// read-only afterwards. Its arrays are read for every glyph of every line: no access to them
// overlaps another (no closure runs while one is being changed), so they skip Swift's run-time
// exclusivity checks (about 2 % of a layout's instructions).
/// The glyphs of one paragraph in logical order, as flat arrays (no per-glyph objects): the
/// width-independent half of paragraph layout. Lines refer to ranges of it.
///
/// - Invariant: `glyphs`, `advances`, `clusters` and `flags` have one entry per glyph;
///   `clusters` is non-decreasing; every UTF-16 unit of the paragraph belongs to the cluster of
///   some glyph; `runs` partition the glyphs in order.
package final class ParagraphGlyphs: @unchecked Sendable {
    @exclusivity(unchecked) package var glyphs: [UInt16] = []
    /// Advances in points (kerning and `.kern` spacing included; controls and tabs 0).
    @exclusivity(unchecked) package var advances: [Float] = []
    /// The UTF-16 offset (in the paragraph) where each glyph's cluster starts.
    @exclusivity(unchecked) package var clusters: [Int32] = []
    @exclusivity(unchecked) package var flags: [GlyphFlags] = []
    /// Offsets from the pen position in points, y growing downward; only for glyphs that have one.
    @exclusivity(unchecked) package var offsets = SparseTable<GlyphOffset>()
    @exclusivity(unchecked) package var runs: [GlyphRun] = []
    /// The fonts the runs use (`GlyphRun.font` indexes this).
    @exclusivity(unchecked) package var fonts: [UIFont] = []
    /// The paragraph's length in UTF-16 units (including its terminator, if any).
    @exclusivity(unchecked) package var length: Int = 0
    /// The bounds of each attachment (by the paragraph offset of its U+FFFC), relative to the
    /// baseline with y up as UIKit's: what `attachmentBounds(for:proposedLineFragment:glyphPosition:characterIndex:)`
    /// answered when the glyphs were made, made usable (``LayoutNumber``).
    @exclusivity(unchecked) package var attachmentBounds = SparseTable<CGRect>()
    /// Where shaping was cut besides the bounds of the analyzer's pieces (a space followed by
    /// another character): the starts of the runs the analyzer made, when an attribute change
    /// has since cut and joined the runs elsewhere (ParagraphGlyphs+Restyle.swift); nil while the
    /// runs are the analyzer's own.
    @exclusivity(unchecked) package var shapingCuts: [Int]?

    package init() {}

    package var count: Int { glyphs.count }

    /// The first glyph whose cluster starts at or after `offset` (the glyph count when none),
    /// looked for from glyph `lowest` on (the caller knows none before it qualifies).
    package func firstGlyph(atOrAfter offset: Int, from lowest: Int = 0) -> Int {
        var low = lowest, high = clusters.count
        let target = Int32(offset)
        while low < high {
            let mid = (low + high) / 2
            if clusters[mid] < target { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The glyph that draws the character at `offset` (the first glyph of its cluster).
    package func glyph(forCharacterAt offset: Int) -> Int {
        let after = firstGlyph(atOrAfter: offset + 1)
        guard after > 0 else { return 0 }
        let cluster = clusters[after - 1]
        return firstGlyph(atOrAfter: Int(cluster))
    }

    /// ``firstGlyph(atOrAfter:from:)`` (from 0), looking first among the glyphs of `range` (a
    /// line's, which hold the answer for the line's characters): a search of a line rather than of
    /// the paragraph.
    package func firstGlyph(atOrAfter offset: Int, near range: Range<Int>) -> Int {
        let target = Int32(offset)
        let lower = min(max(range.lowerBound, 0), clusters.count)
        let upper = min(max(range.upperBound, lower), clusters.count)
        // Clusters never decrease: the answer is before the range, past it, or in lower...upper.
        if lower > 0 && clusters[lower - 1] >= target { return firstGlyph(atOrAfter: offset) }
        if upper < clusters.count && clusters[upper] < target { return firstGlyph(atOrAfter: offset, from: upper + 1) }
        var low = lower, high = upper
        while low < high {
            let mid = (low + high) / 2
            if clusters[mid] < target { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The glyphs of `range` (logical order) in groups that each draw whole grapheme clusters of
    /// `text` (the paragraph's text): the units truncation hides or keeps. A shaping cluster may be
    /// smaller than a grapheme cluster — a space and the combining mark after it come from two
    /// fonts — and an ellipsis must never go between them.
    package func graphemeGroups(in range: Range<Int>, text: UnsafeBufferPointer<UInt16>) -> [Range<Int>] {
        guard !range.isEmpty else { return [] }
        var groups: [Range<Int>] = []
        BreakIterator.withIterator(.character, text: text) { iterator in
            var start = range.lowerBound
            for g in (range.lowerBound + 1)..<range.upperBound {
                let cluster = Int(clusters[g])
                if cluster != Int(clusters[g - 1]), iterator.isBoundary(cluster) {
                    groups.append(start..<g)
                    start = g
                }
            }
            groups.append(start..<range.upperBound)
        }
        return groups
    }

    /// The glyphs of the characters in `range`, widened to whole clusters.
    package func glyphRange(forCharacters range: Range<Int>) -> Range<Int> {
        let first = firstGlyph(atOrAfter: range.lowerBound)
        if range.isEmpty { return first..<first }
        // A range starting where a cluster starts (a line, a word) starts at that glyph; one
        // starting inside a cluster, at the cluster's first glyph. The end is at or after `first`.
        let starts = first < clusters.count && Int(clusters[first]) == range.lowerBound
        return (starts ? first : glyph(forCharacterAt: range.lowerBound))..<firstGlyph(atOrAfter: range.upperBound, from: first)
    }

    /// The characters of the glyphs in `range`: from the first glyph's cluster to the next
    /// cluster after the last glyph.
    package func characterRange(forGlyphs range: Range<Int>) -> Range<Int> {
        guard !range.isEmpty else {
            let c = range.lowerBound < count ? Int(clusters[range.lowerBound]) : length
            return c..<c
        }
        let start = Int(clusters[range.lowerBound])
        var end = length
        var g = range.upperBound
        while g < count {
            if Int(clusters[g]) > Int(clusters[range.upperBound - 1]) { end = Int(clusters[g]); break }
            g += 1
        }
        return start..<end
    }

    /// The characters drawn by `logical` (glyph indexes in ascending cluster order, not empty) and
    /// how they group: each cluster is a run of consecutive glyphs with one cluster value and covers
    /// the characters up to the next cluster (the last one up to the end of the range). Skipped
    /// controls inside the range fold into the cluster before them. For searchable PDF text.
    package func characterClusters(ofLogicalGlyphs logical: [Int]) -> (characters: Range<Int>, clusters: [GlyphCluster]) {
        let first = Int(clusters[logical[0]])
        let end = characterRange(forGlyphs: logical[logical.count - 1]..<(logical[logical.count - 1] + 1)).upperBound
        var result: [GlyphCluster] = []
        var i = 0
        while i < logical.count {
            let cluster = clusters[logical[i]]
            var j = i + 1
            while j < logical.count && clusters[logical[j]] == cluster { j += 1 }
            let next = j < logical.count ? Int(clusters[logical[j]]) : end
            result.append(GlyphCluster(utf16Count: max(0, next - Int(cluster)), glyphCount: j - i))
            i = j
        }
        return (first..<max(first, end), result)
    }

    /// The sum of the advances of the glyphs of `characters` (whole clusters), in points.
    package func width(ofCharacters characters: Range<Int>) -> Float {
        var total: Float = 0
        for g in glyphRange(forCharacters: characters) { total += advances[g] }
        return total
    }

    /// The run containing glyph `index`.
    package func runIndex(containingGlyph index: Int) -> Int {
        var low = 0, high = runs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if runs[mid].glyphRange.lowerBound <= index { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Whether `other` holds the same glyphs: ids, advances (bit for bit), clusters, flags,
    /// offsets, attachment bounds, runs and fonts that draw alike (the same face at the same size:
    /// a font registered meanwhile makes fallback fonts anew, as other objects of the same faces).
    package func isIdentical(to other: ParagraphGlyphs) -> Bool {
        func sameRun(_ a: GlyphRun, _ b: GlyphRun) -> Bool {
            a.glyphRange == b.glyphRange && a.characterRange == b.characterRange && a.style == b.style
                && a.level == b.level && a.script == b.script && a.font == b.font
        }
        return length == other.length && glyphs == other.glyphs && clusters == other.clusters && flags == other.flags
            && advances.map(\.bitPattern) == other.advances.map(\.bitPattern)
            && offsets.map(\.key) == other.offsets.map(\.key) && offsets.map(\.value) == other.offsets.map(\.value)
            && attachmentBounds.map(\.key) == other.attachmentBounds.map(\.key)
            && attachmentBounds.map(\.value) == other.attachmentBounds.map(\.value)
            && runs.count == other.runs.count && zip(runs, other.runs).allSatisfy(sameRun)
            && fonts.count == other.fonts.count && zip(fonts, other.fonts).allSatisfy { $0 == $1 }
    }

    /// Approximate bytes held.
    package var byteCount: Int {
        glyphs.count * 2 + advances.count * 4 + clusters.count * 4 + flags.count * 2 + offsets.count * 24 + runs.count * 48
    }
}
