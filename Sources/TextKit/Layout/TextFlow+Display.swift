import TextKitGraphics
import TextKitModel

/// Display invalidation, the engine's part: the union, per container, of the rects that need
/// display, grown as edits, layout and settings change what is drawn. The layout manager reads
/// and resets it (NSLayoutManager+Display.swift, where the rules are written) and its
/// `displayInvalidationHandler` hears each growth.
extension TextFlow {
    /// What container `index` must repaint since it was last reset (`.null`: nothing).
    func invalidatedDisplayRect(inContainer index: Int) -> CGRect {
        index >= 0 && index < invalidDisplayRects.count ? invalidDisplayRects[index] : .null
    }

    /// Forgets what container `index` had to repaint (it was painted).
    func resetInvalidatedDisplay(inContainer index: Int) {
        guard index >= 0, index < invalidDisplayRects.count else { return }
        invalidDisplayRects[index] = .null
    }

    /// Adds `rect` to what container `index` must repaint.
    func markDisplay(_ rect: CGRect, inContainer index: Int) {
        let containers = manager.textContainers
        guard index >= 0, index < containers.count, !rect.isNull else { return }
        if invalidDisplayRects.count < containers.count {
            invalidDisplayRects += Array(repeating: .null, count: containers.count - invalidDisplayRects.count)
        }
        invalidDisplayRects[index] = invalidDisplayRects[index].union(rect)
        manager.displayInvalidationHandler?(containers[index], rect)
    }

    /// Marks the laid-out lines of paragraph `p` (whose top in the stacked flow is `top`) that
    /// hold characters of `characters` (paragraph offsets; nil for all of them). `record` is the
    /// paragraph's, when the caller has it at hand.
    func markDisplay(ofParagraph p: Int, top: CGFloat? = nil, characters: Range<Int>? = nil, record: ParagraphRecord? = nil) {
        guard p >= 0, p < store.count else { return }
        let record = record ?? store.record(p)
        guard let layout = record.layout else { return }
        let paragraphTop = top ?? self.paragraphTop(p, layout: layout)
        // Only a character filter needs the glyphs (made again if they were dropped).
        let glyphs = characters != nil && record.glyphCount != nil ? ensureAnalysis(p, record: record).glyphs : nil
        // The lines' rects are in the paragraph's coordinates: each container's union is moved
        // into the container once.
        var pending: (rect: CGRect, container: Int)?
        func flush() {
            guard let (rect, container) = pending else { return }
            markDisplay(rect.offsetBy(dx: 0, dy: paragraphTop - containerTop(container)), inContainer: container)
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
        guard store.count > 0, range.location <= characterCount else { return }
        let found = store.paragraph(containingCharacter: UTF16Offset(range.location))
        var p = found.index, start = found.start.rawValue
        let end = range.location + range.length
        while p < store.count {
            let length = store.record(p).length
            let local = max(0, range.location - start)..<max(0, min(length, end - start))
            markDisplay(ofParagraph: p, characters: range.length == 0 ? local.lowerBound..<local.lowerBound : local)
            start += length
            p += 1
            if start >= end { break }
        }
    }

    /// Marks every container whole (drawing options or geometry changed).
    func markAllDisplay(fromContainer first: Int = 0) {
        for (index, container) in manager.textContainers.enumerated() where index >= first {
            let size = CGSize(width: min(container.layoutSize.width, 1e12), height: min(container.layoutSize.height, 1e12))
            markDisplay(CGRect(origin: .zero, size: size), inContainer: index)
        }
    }
}
