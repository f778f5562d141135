/// How far justification moved a line's interword spaces from their natural width, relative to how
/// far they may move: the adjustment ratio of Knuth and Plass, defined once here so that the
/// total-fit breaker chooses lines by it and the benchmark measures greedy and total-fit lines by
/// the same rule.
///
///     ratio = (target width − natural width) / total stretch   when the line is too short
///     ratio = (target width − natural width) / total shrink    when it is too long
///
/// where a line's stretch (shrink) is the sum over its stretchable spaces (white space that is not
/// a control, trailing white space excluded: the spaces ``LinePlacer`` widens) of
/// ``stretchFraction`` (``shrinkFraction``) of each space's advance, as TeX's interword glue
/// (a third of an em wide, stretching by half of that, shrinking by a third). 0 is a perfect fit,
/// 1 a line whose spaces grew by half, −1 a line whose spaces shrank by a third (the most allowed).
package enum AdjustmentRatio {
    /// The part of a space's advance it may grow by at ratio 1.
    package static let stretchFraction: Double = 1.0 / 2.0
    /// The part of a space's advance it may lose at ratio −1.
    package static let shrinkFraction: Double = 1.0 / 3.0

    /// The ratio of a line `natural` points wide set to `target` points, with `stretch` and
    /// `shrink` points of give: +∞ for a short line that cannot stretch, −∞ for a long one that
    /// cannot shrink, 0 when the widths agree.
    @inline(__always)
    package static func ratio(target: Double, natural: Double, stretch: Double, shrink: Double) -> Double {
        let difference = target - natural
        if abs(difference) < 0.0001 { return 0 }
        if difference > 0 { return stretch > 0 ? difference / stretch : .infinity }
        return shrink > 0 ? difference / shrink : -.infinity
    }

    /// The spaces' ratio of a line whose glyphs may also give (``NSParagraphStyle/glyphExpansionLimit``):
    /// `glyphGive` is how many points the glyphs widen at ratio 1 and narrow at ratio −1 (the
    /// limit times their advances). Glyphs and spaces share the adjustment by their give while the
    /// ratio is within ±1 (the one ratio then holds for both); past that the glyphs stay at their
    /// limit and the spaces take the rest. With no glyph give, or no spaces to take a share, it
    /// is ``ratio(target:natural:stretch:shrink:)``: glyphs alone never justify a line.
    @inline(__always)
    package static func ratio(target: Double, natural: Double, stretch: Double, shrink: Double, glyphGive: Double) -> Double {
        let difference = target - natural
        guard glyphGive > 0, abs(difference) >= 0.0001 else {
            return ratio(target: target, natural: natural, stretch: stretch, shrink: shrink)
        }
        let spaces = difference > 0 ? stretch : shrink
        guard spaces > 0 else { return ratio(target: target, natural: natural, stretch: stretch, shrink: shrink) }
        let shared = difference / (spaces + glyphGive)
        if abs(shared) <= 1 { return shared }
        return (difference - (shared > 0 ? glyphGive : -glyphGive)) / spaces
    }

    /// The glyphs' share of the same line: the fraction of their limit they are scaled by, in
    /// −1…1 (0 without glyph give or spaces), as ``ratio(target:natural:stretch:shrink:glyphGive:)``
    /// splits the adjustment.
    @inline(__always)
    package static func glyphShare(target: Double, natural: Double, stretch: Double, shrink: Double, glyphGive: Double) -> Double {
        let difference = target - natural
        guard glyphGive > 0, abs(difference) >= 0.0001 else { return 0 }
        let spaces = difference > 0 ? stretch : shrink
        guard spaces > 0 else { return 0 }
        return min(1, max(-1, difference / (spaces + glyphGive)))
    }

    /// The ratio of a placed line of a justified paragraph: nil when justification leaves such a
    /// line alone (the last line of a paragraph, a line before a hard break, a truncated line, a
    /// line without stretchable spaces, a line set ragged because it was too loose), so that
    /// only the lines justification set count.
    package static func ratio(of line: PlacedLine, glyphs: ParagraphGlyphs) -> Double? {
        guard !line.fitted.endsWithHardBreak, line.truncation == nil, !line.fitted.isSetRagged else { return nil }
        var end = line.glyphRange.upperBound
        while end > line.glyphRange.lowerBound, glyphs.flags[end - 1].contains(.whitespace) { end -= 1 }
        var spaces = 0
        var spaceAdvance: Double = 0
        for g in line.glyphRange.lowerBound..<end where glyphs.flags[g].contains(.whitespace) && !glyphs.flags[g].contains(.control) {
            spaces += 1
            spaceAdvance += Double(glyphs.advances[g])
        }
        guard spaces > 0, spaceAdvance > 0 else { return nil }
        // The placer gives each space `justification`: the line's adjustment is their sum.
        let adjustment = Double(line.justification) * Double(spaces)
        return adjustment >= 0 ? adjustment / (spaceAdvance * stretchFraction) : adjustment / (spaceAdvance * shrinkFraction)
    }
}
