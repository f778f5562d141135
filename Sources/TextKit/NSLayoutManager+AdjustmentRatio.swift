import TextKitGraphics
import TextKitModel
import TextKitTypesetting

extension NSLayoutManager {
    /// An OpenTextKit addition, not in UIKit: how far justification stretched (positive) or shrank
    /// (negative) the interword spaces of the line fragment holding `glyphIndex`, relative to how
    /// far they may go — Knuth and Plass's adjustment ratio, (target width − natural width) / the
    /// spaces' total stretch (half their advance) or shrink (a third of it). 0 is a line that fits
    /// exactly, 1 one whose spaces grew by half, −1 the tightest a total-fit line may be.
    ///
    /// Nil when justification leaves the line alone (a paragraph's last line, a line before a hard
    /// break, a truncated line, one without spaces, a total-fit line too loose to justify, set
    /// ragged) or the glyph is in no container; 0 for a line
    /// of a paragraph that is not justified. For comparing line breaking strategies
    /// (``NSParagraphStyle/LineBreakStrategy-swift.struct/optimal``).
    public func adjustmentRatio(ofLineFragmentAt glyphIndex: Int) -> CGFloat? {
        guard let found = flow.fragment(forGlyph: GlyphIndex(glyphIndex)) else { return nil }
        return AdjustmentRatio.ratio(of: found.fragment.line, glyphs: found.analysis.glyphs).map { CGFloat($0) }
    }

    /// Whether the line fragment holding `glyphIndex` ends inside a word, with a hyphen drawn
    /// after it (hyphenation; TextKit has no public question for it): for `otk measure`'s
    /// typesetting figures.
    package func lineEndsWithHyphen(ofLineFragmentAt glyphIndex: Int) -> Bool {
        flow.fragment(forGlyph: GlyphIndex(glyphIndex))?.fragment.line.fitted.isHyphenated ?? false
    }
}
