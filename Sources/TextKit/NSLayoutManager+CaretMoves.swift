import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Caret moves on the engine's caret model, shared by the selection code of both façades: a
/// text view's (`UITextView`, on TextKit 1 or 2) and TextKit 2's `NSTextSelectionNavigation`. Each
/// is a few engine queries (`characterIndex(for:in:…)`, `caretGeometry`, `visualCaretStops`);
/// what differs between the callers — how they find grapheme clusters, where their coordinates
/// start, how they remember the goal x — stays with them.
extension NSLayoutManager {
    /// The insertion point nearest `point` (coordinates of `container`), and whether it stands at
    /// the end of a soft-wrapped line (upstream: the caret stays on that line). `clusterEnd` gives
    /// the end of the grapheme cluster holding a character: a point past a cluster's middle
    /// inserts after it.
    package func insertionPoint(at point: CGPoint, in container: NSTextContainer,
                                clusterEnd: (_ character: Int) -> Int) -> (offset: Int, upstream: Bool) {
        let length = textStorage?.length ?? 0
        guard length > 0 else { return (0, false) }
        var fraction: CGFloat = 0
        let character = characterIndex(for: point, in: container, fractionOfDistanceBetweenInsertionPoints: &fraction)
        guard character < length else { return (length, false) }
        let offset = fraction >= 0.5 ? clusterEnd(character) : character
        var lineGlyphs = NSRange(location: 0, length: 0)
        _ = lineFragmentRect(forGlyphAt: glyphIndexForCharacter(at: character), effectiveRange: &lineGlyphs)
        guard lineGlyphs.location != NSNotFound else { return (offset, false) }  // in no container (no room)
        let line = characterRange(forGlyphRange: lineGlyphs, actualGlyphRange: nil)
        return (offset, offset == line.location + line.length && offset < length && offset > line.location)
    }

    /// The insertion point next to `offset` on the screen, right or left, through bidi text
    /// visually: the neighbouring stop among its line's carets (with the caret's affinity, then
    /// the other). Where the layout knows no stop at `offset` (inside a cluster, text in no
    /// container), the next or previous cluster boundary in the paragraph's direction, from
    /// `clusterBoundary(offset, forward)`. Nil at the text's edge.
    package func visualNeighbour(of offset: Int, movingRight: Bool, upstream: Bool,
                                 clusterBoundary: (_ offset: Int, _ forward: Bool) -> Int) -> Int? {
        for upstream in [upstream, !upstream] {
            let stops = visualCaretStops(forCharacterAt: offset, upstream: upstream)
            guard let i = stops.firstIndex(where: { $0.characterIndex == offset }) else { continue }
            let j = movingRight ? i + 1 : i - 1
            if stops.indices.contains(j) { return stops[j].characterIndex }
        }
        let forward = movingRight != paragraphRunsRightToLeft(at: offset)
        let next = clusterBoundary(offset, forward)
        return next == offset ? nil : next
    }

    /// Whether the paragraph at `offset` runs right to left: its style's base writing direction,
    /// or, when natural, its first strong character (UAX #9), as layout decides it. Lays nothing out.
    package func paragraphRunsRightToLeft(at offset: Int) -> Bool {
        guard let text = textStorage, text.length > 0 else { return false }
        let at = min(max(offset, 0), text.length)
        let paragraph = text.paragraphRange(for: NSRange(location: at, length: 0))
        let style = text.attribute(.paragraphStyle, at: min(paragraph.location, text.length - 1), effectiveRange: nil) as? NSParagraphStyle
        switch style?.baseWritingDirection ?? .natural {
        case .rightToLeft: return true
        case .leftToRight: return false
        default:
            let units = text._utf16(in: NSRange(location: paragraph.location, length: min(paragraph.length, 4096)))
            return units.withUnsafeBufferPointer { BidiParagraph.firstStrongLevel($0) } == 1
        }
    }

    /// The start of the line `offset` is on and its end: before a hard line break (a paragraph
    /// separator, U+2028, NEL), or at a soft wrap where the next line starts (then
    /// `endIsSoftWrap`: a caret there stays on this line, upstream).
    package func lineBounds(of offset: Int, upstream: Bool) -> (start: Int, end: Int, endIsSoftWrap: Bool) {
        guard let text = textStorage, let caret = caretGeometry(forCharacterAt: min(offset, text.length), upstream: upstream),
              !caret.isExtraLineFragment else { return (offset, offset, false) }
        let line = caret.lineCharacterRange.location..<(caret.lineCharacterRange.location + caret.lineCharacterRange.length)
        let end = Separators.contentEnd(of: line, lineBreaks: true) { text._utf16(in: NSRange(location: $0.lowerBound, length: $0.count)) }
        return (line.lowerBound, end, end == line.upperBound && end < text.length)
    }

    /// The insertion point a line above or below `offset` (or `distance` points from its line's
    /// middle, for paging) at x `goalX` (the caret's x when nil), in `container`'s coordinates;
    /// the text's start above the first line, its end below the last. Returns the goal x used,
    /// for the next vertical move to keep (nil when `offset` is in no container: no caret, no x).
    package func verticalTarget(from offset: Int, up: Bool, goalX: CGFloat?, upstream: Bool, distance: CGFloat? = nil,
                                in container: NSTextContainer,
                                clusterEnd: (_ character: Int) -> Int) -> (offset: Int, upstream: Bool, goalX: CGFloat?) {
        let length = textStorage?.length ?? 0
        guard let caret = caretGeometry(forCharacterAt: min(offset, length), upstream: upstream) else {
            return (up ? 0 : length, false, nil)
        }
        let x = goalX ?? caret.primaryX
        let line = caret.lineFragmentRect
        let y: CGFloat
        if let distance {
            y = up ? line.midY - distance : line.midY + distance
        } else {
            y = up ? line.minY - 0.5 : line.maxY + 0.5
        }
        if y < 0 { return (0, false, x) }
        let hit = insertionPoint(at: CGPoint(x: x, y: y), in: container, clusterEnd: clusterEnd)
        if !up, let landed = caretGeometry(forCharacterAt: hit.offset, upstream: hit.upstream),
           landed.lineFragmentRect.minY <= line.minY {
            return (length, false, x)  // below the last line
        }
        return (hit.offset, hit.upstream, x)
    }
}
