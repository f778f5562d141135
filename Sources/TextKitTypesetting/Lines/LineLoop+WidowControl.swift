import TextKitGraphics
import TextKitModel

/// Widow and orphan control (`NSParagraphStyle.preventsWidowsAndOrphans`, an OpenTextKit
/// addition): a paragraph that runs from one area into the next never leaves its first line alone
/// at the bottom of an area (an orphan) nor its last line alone at the top of the next (a widow).
///
/// The paragraph is laid out as usual, then its rows (a row is a line; an exclusion may split it
/// into several fragments) are checked:
/// - orphan: its first row is the only one in its area, and lines of earlier paragraphs are
///   above it there. The paragraph then starts in the next area.
/// - widow: a paragraph of three rows or more ends with one row alone in its area. The row before
///   it then starts the next area too, so the area before ends a line early (when that leaves the
///   paragraph's first row alone there, the next check moves the paragraph whole).
///
/// Each fix is a line that must start an area (``forcedAreaBreaks``); the paragraph is laid out
/// again from its start with those, at most a few times. Lines only ever move on to a later area
/// and the loop fits every line where it goes, so no area is over-full; a fix that would push
/// text past the last area is not made. A paragraph of two rows split one and one moves whole
/// (the orphan rule); no line moves when that would leave an area with none of the text (the
/// paragraph's first row alone at an area's top with nothing above it stays). The result depends
/// only on where the paragraph starts, as without the control, so incremental layout holds.
/// A host's hooks (a layout manager's delegate) hear the lines of every attempt.
extension LineLoop {
    /// How many times a paragraph may be laid out again to keep its edge lines company.
    static var widowControlAttempts: Int { 4 }

    /// Lays out the paragraph, then again with lines moved on to the next area while an orphan or
    /// a widow remains (see the extension's notes).
    mutating func layOutKeepingEdgeLinesCompany() -> ParagraphLayout {
        let initial = self
        var layout = layOutLines()
        var breaks: [AreaBreak] = []
        for _ in 0..<Self.widowControlAttempts {
            guard let fix = areaBreakAvoidingWidowOrOrphan(in: layout), !breaks.contains(fix) else { break }
            breaks.append(fix)
            breaks.sort { $0.offset < $1.offset }
            self = initial
            forcedAreaBreaks = breaks
            let moved = layOutLines()
            // Text the fix would push out of the last area stays where it was.
            if moved.overflowed && !layout.overflowed { break }
            layout = moved
        }
        return layout
    }

    /// A line that must start the area after the one it came in: the one at paragraph offset
    /// `offset`, when the flow reaches it in area `area` (an earlier fix may have moved it on already).
    struct AreaBreak: Equatable {
        var offset: Int
        var area: Int
    }

    /// Whether the line starting at ``offset`` must go to the next area (one of
    /// ``forcedAreaBreaks``); consumes the break. Never in the last area.
    mutating func mustStartArea() -> Bool {
        let breaks = forcedAreaBreaks
        while nextForcedAreaBreak < breaks.count, breaks[nextForcedAreaBreak].offset < offset { nextForcedAreaBreak += 1 }
        guard nextForcedAreaBreak < breaks.count, breaks[nextForcedAreaBreak].offset == offset else { return false }
        nextForcedAreaBreak += 1
        return breaks[nextForcedAreaBreak - 1].area == area && area < areaCount - 1
    }

    /// One row of a paragraph's lines: the area it is in, its top, and its first character.
    struct Row {
        var area: Int
        var top: CGFloat
        var start: Int
    }

    /// The rows of `fragments`, in order.
    static func rows(of fragments: [LineFragment]) -> [Row] {
        var rows: [Row] = []
        for fragment in fragments {
            if let last = rows.last, last.area == fragment.container, abs(last.top - fragment.rect.minY) < 0.001 { continue }
            rows.append(Row(area: fragment.container, top: fragment.rect.minY, start: fragment.line.fitted.characters.lowerBound))
        }
        return rows
    }

    /// The line that must start an area so that `layout` has one orphan or widow fewer; nil when
    /// it has none that may be fixed.
    func areaBreakAvoidingWidowOrOrphan(in layout: ParagraphLayout) -> AreaBreak? {
        let rows = Self.rows(of: layout.fragments)
        guard rows.count >= 2, let first = rows.first, let last = rows.last, first.area != last.area else { return nil }
        // Orphan: the first row alone at the bottom of its area, below earlier text.
        if rules.startsParagraph, first.area == start.container, start.linesInContainer > 0, rows[1].area != first.area {
            return AreaBreak(offset: 0, area: first.area)
        }
        // Widow: the last row alone at the top of its area.
        let n = rows.count
        guard rules.endsParagraph, n >= 3, rows[n - 2].area != last.area else { return nil }
        let before = rows[n - 2]
        let rowsInAreaBefore = rows.reduce(0) { $0 + ($1.area == before.area ? 1 : 0) }
        // One row there: moving it would leave that area without the paragraph (or empty).
        guard rowsInAreaBefore >= 2 else { return nil }
        return AreaBreak(offset: before.start, area: before.area)
    }
}
