import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// A paragraph's lines from before an edit inside it, kept by its record until it is laid out
/// again, with what they were made from: the old analysis (its segments, paragraph style, glyph
/// count and length) and the flow's line inputs. The new layout takes the old lines again where
/// the edit cannot have changed them (``PriorLines``, in the typesetting layer). A class: every
/// record has room for a reference to one, and one record in a document has one.
final class PriorLayout {
    let layout: ParagraphLayout
    let analysis: ParagraphAnalysis
    let inputs: LineInputs

    /// The lines `layout` of a paragraph analyzed as `analysis`, when the flow is one where lines
    /// can be taken again (``LineInputs/current(in:)``); nil otherwise.
    init?(layout: ParagraphLayout, analysis: ParagraphAnalysis, flow: TextFlow) {
        guard !layout.overflowed, layout.isShiftable, let inputs = LineInputs.current(in: flow) else { return nil }
        self.layout = layout
        self.analysis = analysis
        self.inputs = inputs
    }

    /// The old lines that laying out `analysis` (the paragraph's new analysis) may take again:
    /// where its glyphs were copied from the old analysis (``ParagraphAnalysis/copiedGlyphs``)
    /// and its segments are the old ones, in a flow whose line inputs are unchanged; nil when
    /// there are none.
    func lines(for analysis: ParagraphAnalysis, in flow: TextFlow) -> PriorLines? {
        let oldStyle = self.analysis.paragraphStyle
        guard let copied = analysis.copiedGlyphs, inputs == LineInputs.current(in: flow),
              analysis.paragraphStyle === oldStyle || analysis.paragraphStyle.isEqual(oldStyle) else { return nil }
        let new = analysis.segments, old = self.analysis.segments
        let shift = analysis.length - self.analysis.length
        // From the start, the segments that are the old ones in copied glyphs.
        var identicalPrefix = 0
        var i = 0
        while i < new.count, i < old.count, Int(new[i].end) <= copied.prefixEnd, Self.same(new[i], old[i], shift: 0) {
            identicalPrefix = Int(new[i].end)
            i += 1
        }
        // From the end, the segments that are the old ones moved by the edit, in copied glyphs.
        var identicalSuffix = Int.max
        var j = new.count - 1, k = old.count - 1
        while j >= 0, k >= 0 {
            let start = j > 0 ? Int(new[j - 1].end) : 0
            let oldStart = k > 0 ? Int(old[k - 1].end) : 0
            guard start >= copied.suffixStart, start - shift == oldStart, Self.same(new[j], old[k], shift: shift) else { break }
            identicalSuffix = start
            j -= 1
            k -= 1
        }
        guard identicalPrefix > 0 || identicalSuffix < Int.max else { return nil }
        return PriorLines(fragments: layout.fragments, identicalPrefix: identicalPrefix, identicalSuffix: identicalSuffix,
                          characterShift: shift, glyphShift: analysis.glyphs.count - self.analysis.glyphs.count, oldSegments: old)
    }
}

extension PriorLayout {
    /// Whether `new` is `old` moved by `shift` characters (compared field by field: the
    /// synthesized `==` went through generic dispatch for each segment).
    static func same(_ new: BreakSegment, _ old: BreakSegment, shift: Int) -> Bool {
        Int(new.end) - shift == Int(old.end) && new.width == old.width
            && new.trailingWhitespace == old.trailingWhitespace && new.flags.rawValue == old.flags.rawValue
    }
}

/// What a paragraph's lines depend on in a stacked flow besides its text, glyphs and style: the
/// container's width and padding and the layout manager's settings that reach line breaking.
/// Lines are taken again only in a stacked flow without a delegate or a subclass's layout
/// primitives (whose hooks are asked at every line).
struct LineInputs: Equatable {
    var width: CGFloat
    var padding: CGFloat
    var usesFontLeading: Bool
    var hyphenationFactor: CGFloat
    var usesDefaultHyphenation: Bool

    /// The flow's inputs now; nil when its lines are never taken again.
    static func current(in flow: TextFlow) -> LineInputs? {
        let manager: any TextFlowHost = flow.manager
        guard flow.isStacked, manager.layoutHooks == nil, !flow.reportsLayoutToPrimitives,
              let container = manager.textContainers.first else { return nil }
        return LineInputs(width: container.layoutSize.width, padding: container.lineFragmentPadding, usesFontLeading: manager.usesFontLeading,
                          hyphenationFactor: manager.hyphenationFactor, usesDefaultHyphenation: manager.usesDefaultHyphenation)
    }
}
