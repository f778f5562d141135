import Foundation

/// The numbers that steer the total-fit breaker, with TeX's plain-format values (The TeXbook,
/// chapter 14) where TeX has one.
package struct TotalFitParameters: Sendable {
    /// For breaking at a hyphenation point (TeX's \hyphenpenalty).
    package var hyphenPenalty: Double = 50
    /// For breaking an over-long word between two clusters, with no hyphen (the last resort).
    package var characterBreakPenalty: Double = 1000
    /// Added to every line's badness before squaring (TeX's \linepenalty): fewer lines are better.
    package var linePenalty: Double = 10
    /// For two consecutive lines whose fitness classes are not adjacent (TeX's \adjdemerits): a
    /// tight line after a very loose one.
    package var adjacentFitnessDemerits: Double = 10_000
    /// For two consecutive lines ending in a hyphen (TeX's \doublehyphendemerits).
    package var doubleHyphenDemerits: Double = 10_000
    /// For a paragraph whose second-to-last line ends in a hyphen (TeX's \finalhyphendemerits).
    package var finalHyphenDemerits: Double = 5_000
    /// The most lines in a row that may end in a hyphen; a break that would make more is not
    /// taken (TeX has no such limit, typesetters do). Two is too tight for text of long words in
    /// narrow columns: the paragraph then gets looser lines than greedy breaking gives it.
    package var maximumConsecutiveHyphens = 3
    /// The worst badness of a line in the first pass, without hyphenation (TeX's \pretolerance).
    package var pretolerance: Double = 100
    /// The worst badness of a line in the later passes (TeX's \tolerance).
    package var tolerance: Double = 200
    /// Stretch added to every line in the emergency pass, as a fraction of its width (TeX's
    /// \emergencystretch; TeX users set about 3 em on a 30-em line).
    package var emergencyStretchFraction: Double = 0.1
    /// Whether lines may be set tighter than their natural width (only when justification will
    /// shrink their spaces; ragged lines must fit at their natural width).
    package var allowsShrinking = true
    /// How far a line's glyphs may be scaled, as a fraction of their advances
    /// (``NSParagraphStyle/glyphExpansionLimit``; counted only when ``allowsShrinking``, for
    /// justified lines): their give is added to the spaces' when a line's ratio is judged.
    package var glyphExpansion: Double = 0
    /// How many lines of different widths may end at one breakpoint (when widths vary line by line
    /// the breaker tells lines apart by their number; this bounds the active list).
    package var lineNumbersPerBreakpoint = 4
    /// TeX's "infinitely bad": the badness of the tolerance's worst line is well below it.
    package static let infiniteBadness: Double = 10_000

    package init() {}

    /// The badness of a line set at adjustment ratio `ratio`: 100·|r|³ (TeX's, which TeX caps at
    /// ``infiniteBadness``; not capped here, so that when no paragraph keeps every line within the
    /// tolerance the last passes still prefer one very loose line to an impossibly loose one).
    @inline(__always)
    package static func badness(_ ratio: Double) -> Double {
        guard ratio.isFinite else { return infiniteBadness * infiniteBadness }
        let r = abs(ratio)
        return 100 * r * r * r
    }

    /// The adjustment ratio whose badness is `badness`.
    package static func ratio(forBadness badness: Double) -> Double {
        badness >= infiniteBadness ? .infinity : cbrt(max(0, badness) / 100)
    }

    /// TeX's fitness classes: 0 very loose (r > 1), 1 loose (r > ½), 2 decent, 3 tight (r < −½).
    @inline(__always)
    package static func fitnessClass(_ ratio: Double) -> UInt8 {
        if ratio > 1 { return 0 }
        if ratio > 0.5 { return 1 }
        if ratio >= -0.5 { return 2 }
        return 3
    }
}
