import TextKitGraphics
import TextKitModel

/// TextKit 2's selections and their data source, on the engine's caret model (the same as
/// TextKit 1's text view: bidi carets, grapheme clusters, soft line ends with affinity).
extension NSTextLayoutManager: NSTextSelectionDataSource {
    /// The writing direction of the paragraph at `location` (its style's, or its first strong
    /// character's for natural direction).
    public func baseWritingDirection(at location: any NSTextLocation) -> NSTextSelectionNavigation.WritingDirection {
        paragraphIsRightToLeft(at: CountableTextLocation.offset(of: location)) ? .rightToLeft : .leftToRight
    }

    /// The word, sentence, line or paragraph (separator included) around `location`; the
    /// grapheme cluster for `.character`.
    public func textRange(for selectionGranularity: NSTextSelection.Granularity, enclosing location: any NSTextLocation) -> NSTextRange? {
        guard let storage = contentStorage, let text = engine.textStorage else { return nil }
        let offset = CountableTextLocation.offset(of: location)
        let bounds = TextBoundaries(text: text)
        switch selectionGranularity {
        case .character: return storage.textRange(for: bounds.cluster(around: offset))
        case .word: return storage.textRange(for: bounds.word(around: offset))
        case .sentence: return storage.textRange(for: bounds.sentence(around: offset))
        case .paragraph: return storage.textRange(for: bounds.paragraph(around: offset))
        case .line:
            guard let caret = engine.caretGeometry(forCharacterAt: min(offset, text.length)) else { return nil }
            return storage.textRange(for: caret.lineCharacterRange)
        }
    }

    /// Calls `block` with the caret positions of the line holding `location`, left to right
    /// (container x, location, whether it is the leading edge of its character), until it sets
    /// its last argument.
    public func enumerateCaretOffsetsInLineFragment(at location: any NSTextLocation,
                                                    using block: (CGFloat, any NSTextLocation, Bool, UnsafeMutablePointer<ObjCBool>) -> Void) {
        guard let storage = contentStorage else { return }
        let offset = CountableTextLocation.offset(of: location)
        // Each stop is the leading edge of the character after it, but the one at the line's end
        // (after its last character): that is the trailing edge of the character before.
        let line = engine.caretGeometry(forCharacterAt: offset)?.lineCharacterRange
        let lineEnd = line.map { $0.location + $0.length } ?? offset
        for caret in engine.visualCaretStops(forCharacterAt: offset) {
            var stop: ObjCBool = false
            block(caret.x, storage.location(at: caret.characterIndex), caret.characterIndex < lineEnd, &stop)
            if stop.boolValue { return }
        }
    }

    /// The characters of the line under `point` (container coordinates); nil where there is none.
    public func lineFragmentRange(for point: CGPoint, inContainerAt location: any NSTextLocation) -> NSTextRange? {
        guard let storage = contentStorage, let text = engine.textStorage, text.length > 0 else { return nil }
        let hit = insertionPoint(at: point)
        guard let caret = engine.caretGeometry(forCharacterAt: hit.offset, upstream: hit.upstream) else { return nil }
        return storage.textRange(for: caret.lineCharacterRange)
    }

    /// The layout orientation at `location`: always horizontal (vertical text is not supported).
    public func textLayoutOrientation(at location: any NSTextLocation) -> NSTextSelectionNavigation.LayoutOrientation {
        .horizontal
    }

    /// Calls `block` with the end of each container's text from `location` on (backwards with
    /// `reverse`), until it returns false. A TextKit 2 layout manager has one container, whose
    /// text ends at the document's end.
    public func enumerateContainerBoundaries(from location: any NSTextLocation, reverse: Bool,
                                             using block: (any NSTextLocation) -> Bool) {
        let boundary = reverse ? documentRange.location : documentRange.endLocation
        _ = block(boundary)
    }

    // MARK: The caret model, for navigation (NSLayoutManager+CaretMoves.swift, shared with text views)

    /// Whether the paragraph at `offset` runs right to left.
    func paragraphIsRightToLeft(at offset: Int) -> Bool {
        engine.paragraphRunsRightToLeft(at: offset)
    }

    /// The insertion point nearest `point` (container coordinates), and whether it stands at the
    /// end of a soft-wrapped line (upstream).
    func insertionPoint(at point: CGPoint) -> (offset: Int, upstream: Bool) {
        guard let container = textContainer, let text = engine.textStorage else { return (0, false) }
        let boundaries = TextBoundaries(text: text)
        return engine.insertionPoint(at: point, in: container) { boundaries.clusterEnd(after: $0) }
    }

    /// The insertion point next to `offset` on the screen, through bidi text visually; nil at the
    /// text's visual edge.
    func visualNeighbour(of offset: Int, movingRight: Bool, upstream: Bool, boundaries: TextBoundaries) -> Int? {
        engine.visualNeighbour(of: offset, movingRight: movingRight, upstream: upstream) { offset, forward in
            forward ? boundaries.clusterEnd(after: offset) : boundaries.clusterStart(before: offset)
        }
    }

    /// The start and end of the line `offset` is on (the end before a hard break; at a soft wrap,
    /// where the next line starts).
    func lineBounds(of offset: Int, upstream: Bool) -> (start: Int, end: Int, endIsSoftWrap: Bool) {
        engine.lineBounds(of: offset, upstream: upstream)
    }

    /// The insertion point a line above or below `offset` at `goalX` (the caret's x when nil); the
    /// text's start above the first line, its end below the last.
    func verticalTarget(from offset: Int, up: Bool, goalX: CGFloat?, upstream: Bool) -> (offset: Int, upstream: Bool, goalX: CGFloat) {
        guard let container = textContainer, let text = engine.textStorage else { return (0, false, goalX ?? 0) }
        let boundaries = TextBoundaries(text: text)
        let moved = engine.verticalTarget(from: offset, up: up, goalX: goalX, upstream: upstream, in: container) { boundaries.clusterEnd(after: $0) }
        return (moved.offset, moved.upstream, moved.goalX ?? goalX ?? 0)
    }
}
