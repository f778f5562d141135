import TextKitGraphics
import TextKitModel

/// Display invalidation: which parts of each container must be painted again.
///
/// On Apple platforms `invalidateDisplay(forCharacterRange:)` ends in the text view's
/// `setNeedsDisplay(_:)`. Here there is no view below the editing layer, so the layout manager
/// keeps, per container, the union of the rects that need display (container coordinates), and
/// tells ``NSLayoutManager/displayInvalidationHandler`` as they grow, so that a host (a window, a
/// tile renderer) repaints only what changed. Marked: what `invalidateDisplay` names, temporary
/// attribute changes, the lines of edited paragraphs (old and new), new layout, and every
/// container whose geometry or drawing options changed. Only laid-out lines are marked: text not
/// laid out yet is painted when it is laid out, and its new lines are marked then.
extension NSLayoutManager {
    /// The part of `container` (container coordinates) that needs display since the last
    /// ``resetInvalidatedDisplay(in:)``; `.null` when nothing does. An OpenTextKit addition.
    public func invalidatedDisplayRect(in container: NSTextContainer) -> CGRect {
        guard let index = textContainers.firstIndex(where: { $0 === container }), index < flow.invalidDisplayRects.count else { return .null }
        return flow.invalidDisplayRects[index]
    }

    /// Forgets what needed display in `container` (call it after painting). An OpenTextKit addition.
    public func resetInvalidatedDisplay(in container: NSTextContainer) {
        guard let index = textContainers.firstIndex(where: { $0 === container }), index < flow.invalidDisplayRects.count else { return }
        flow.invalidDisplayRects[index] = .null
    }

    /// Adds `rect` to what container `index` must repaint.
    func markDisplay(_ rect: CGRect, inContainer index: Int) {
        guard index >= 0, index < textContainers.count, !rect.isNull else { return }
        if flow.invalidDisplayRects.count < textContainers.count {
            flow.invalidDisplayRects += Array(repeating: .null, count: textContainers.count - flow.invalidDisplayRects.count)
        }
        flow.invalidDisplayRects[index] = flow.invalidDisplayRects[index].union(rect)
        displayInvalidationHandler?(textContainers[index], rect)
    }

    /// Marks the laid-out lines of paragraph `p` (whose top in the stacked flow is `top`) that
    /// hold characters of `characters` (paragraph offsets; nil for all of them). `record` is the
    /// paragraph's, when the caller has it at hand.
    func markDisplay(ofParagraph p: Int, top: CGFloat? = nil, characters: Range<Int>? = nil, record: ParagraphRecord? = nil) {
        guard p >= 0, p < flow.store.count else { return }
        let record = record ?? flow.store.record(p)
        guard let layout = record.layout else { return }
        let paragraphTop = top ?? flow.paragraphTop(p, layout: layout)
        // Only a character filter needs the glyphs (made again if they were dropped).
        let glyphs = characters != nil && record.glyphCount != nil ? flow.ensureAnalysis(p, record: record).glyphs : nil
        // The lines' rects are in the paragraph's coordinates: each container's union is moved
        // into the container once.
        var pending: (rect: CGRect, container: Int)?
        func flush() {
            guard let (rect, container) = pending else { return }
            markDisplay(rect.offsetBy(dx: 0, dy: paragraphTop - flow.containerTop(container)), inContainer: container)
        }
        for fragment in layout.fragments {
            if let characters, let glyphs {
                let lineCharacters = glyphs.characterRange(forGlyphs: fragment.line.glyphRange)
                guard lineCharacters.overlaps(characters) || (characters.isEmpty && lineCharacters.contains(characters.lowerBound)) else { continue }
            }
            if let current = pending, current.container == fragment.container {
                pending = (current.rect.union(fragment.rect), current.container)
            } else {
                flush()
                pending = (fragment.rect, fragment.container)
            }
        }
        flush()
    }

    /// Marks the laid-out lines holding characters of `range` (no layout is done).
    func markDisplay(forCharacterRange range: NSRange) {
        guard flow.store.count > 0, range.location <= flow.store.length else { return }
        let found = flow.store.paragraph(containingCharacter: UTF16Offset(range.location))
        var p = found.index, start = found.start.rawValue
        let end = range.location + range.length
        while p < flow.store.count {
            let length = flow.store.record(p).length
            let local = max(0, range.location - start)..<max(0, min(length, end - start))
            markDisplay(ofParagraph: p, characters: range.length == 0 ? local.lowerBound..<local.lowerBound : local)
            start += length
            p += 1
            if start >= end { break }
        }
    }

    /// Marks every container whole (drawing options or geometry changed).
    func markAllDisplay(fromContainer first: Int = 0) {
        for (index, container) in textContainers.enumerated() where index >= first {
            let size = CGSize(width: min(container.size.width, 1e12), height: min(container.size.height, 1e12))
            markDisplay(CGRect(origin: .zero, size: size), inContainer: index)
        }
    }
}
