import TextKitGraphics
import TextKitModel

/// What selection navigation asks about the document and its layout, as TextKit's
/// `NSTextSelectionDataSource`. `NSTextLayoutManager` adopts it.
///
/// Linux note: ``NSTextSelectionNavigation`` moves carets with the TextKit 2 layout manager's
/// engine (its lines, bidi carets and hit testing) and text: its data source must be an
/// `NSTextLayoutManager` (for another, moves return nil and pointing gives no selection).
public protocol NSTextSelectionDataSource: AnyObject {
    /// The whole document.
    var documentRange: NSTextRange { get }
    /// The location `offset` units from `location`; nil outside the document.
    func location(_ location: any NSTextLocation, offsetBy offset: Int) -> (any NSTextLocation)?
    /// The units from `from` to `to`.
    func offset(from: any NSTextLocation, to: any NSTextLocation) -> Int
    /// Calls `block` with each substring of the unit `options` names (lines, paragraphs,
    /// composed character sequences, words or sentences) from `location` on, or back towards
    /// the start with `.reverse`: the substring (nil with `.substringNotRequired`), its range,
    /// its enclosing range (separators and filler around it included) and a flag to stop.
    func enumerateSubstrings(from location: any NSTextLocation, options: NSString.EnumerationOptions,
                             using block: (String?, NSTextRange, NSTextRange?, UnsafeMutablePointer<ObjCBool>) -> Void)
    /// The writing direction of the paragraph at `location`.
    func baseWritingDirection(at location: any NSTextLocation) -> NSTextSelectionNavigation.WritingDirection
    /// The range of the unit of `selectionGranularity` around `location`.
    func textRange(for selectionGranularity: NSTextSelection.Granularity, enclosing location: any NSTextLocation) -> NSTextRange?
    /// Calls `block` with each caret position of the line holding `location`, left to right: its
    /// x (container coordinates), its location, whether it is the leading edge of its character,
    /// and a flag to stop.
    func enumerateCaretOffsetsInLineFragment(at location: any NSTextLocation,
                                             using block: (CGFloat, any NSTextLocation, Bool, UnsafeMutablePointer<ObjCBool>) -> Void)
    /// The characters of the line under `point` (container coordinates).
    func lineFragmentRange(for point: CGPoint, inContainerAt location: any NSTextLocation) -> NSTextRange?
}

/// Moves and makes selections in a TextKit 2 document, as TextKit's `NSTextSelectionNavigation`:
/// by character (grapheme clusters, visually through bidi text for left and right), word,
/// line, sentence, paragraph and document; from a point; and the ranges a deletion removes.
/// It works on the same caret model as TextKit 1's text view.
open class NSTextSelectionNavigation: NSObject {
    /// Which way a selection moves: logically (forward, backward), visually (right, left) or by
    /// lines (up, down).
    public enum Direction: Int, Sendable {
        /// Towards the text's end.
        case forward = 0
        /// Towards the text's start.
        case backward = 1
        /// Right on the screen.
        case right = 2
        /// Left on the screen.
        case left = 3
        /// A line up.
        case up = 4
        /// A line down.
        case down = 5
    }

    /// Which way lines run in a container: horizontally (lines stacked down the page) or
    /// vertically. OpenTextKit lays out horizontal text only.
    public enum LayoutOrientation: Int, Sendable {
        /// Lines run left to right or right to left and stack downwards.
        case horizontal = 0
        /// Lines run top to bottom and stack sideways (not laid out by OpenTextKit).
        case vertical = 1
    }

    /// How far a selection moves.
    public enum Destination: Int, Sendable {
        /// One grapheme cluster (one caret position, visually, for right and left).
        case character = 0
        /// To a word's end (forward) or start (backward).
        case word = 1
        /// To the line's end or start (up and down: one line).
        case line = 2
        /// To a sentence's end or start.
        case sentence = 3
        /// To a paragraph's end or start.
        case paragraph = 4
        /// To the container's end or start (here, as the document has one container).
        case container = 5
        /// To the document's end or start.
        case document = 6
    }

    /// How a point makes a selection (`textSelections(interactingAt:…)`).
    public struct Modifier: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Extends the anchor selection to the point (shift-click).
        public static let extend = Modifier(rawValue: 1 << 0)
        /// Selects visually (not used here).
        public static let visual = Modifier(rawValue: 1 << 1)
        /// Adds a selection (command-click): the anchors are kept.
        public static let multiple = Modifier(rawValue: 1 << 2)
    }

    /// A paragraph's writing direction.
    public enum WritingDirection: Int, Sendable {
        /// Left to right.
        case leftToRight = 0
        /// Right to left.
        case rightToLeft = 1
    }

    /// The document and layout the navigation works on.
    open private(set) weak var textSelectionDataSource: NSTextSelectionDataSource?
    /// Whether navigation may make several ranges (false: one).
    open var allowsNonContiguousRanges = false
    /// Accepted for source compatibility (horizontal text only).
    open var rotatesCoordinateSystemForLayoutOrientation = true

    /// Navigation over `dataSource`.
    public init(dataSource: NSTextSelectionDataSource) {
        textSelectionDataSource = dataSource
        super.init()
    }

    /// Forgets cached layout (nothing is cached here).
    open func flushLayoutCache() {}

    private var layoutManager: NSTextLayoutManager? { textSelectionDataSource as? NSTextLayoutManager }
    private var boundaries: TextBoundaries? { layoutManager?.engine.textStorage.map(TextBoundaries.init) }

    // MARK: Moving

    /// The selection after moving `textSelection` one `destination` in `direction`, or extending
    /// it there (the end that moves: its end for downstream affinity, its start for upstream).
    /// Without `extending`, a range collapses to its end in the direction of the move. With
    /// `confined`, a move stays in the line (line destination) or paragraph it starts in. Nil
    /// when the data source cannot say.
    open func destinationSelection(for textSelection: NSTextSelection, direction: Direction, destination: Destination,
                                   extending: Bool, confined: Bool) -> NSTextSelection? {
        guard let manager = layoutManager, let storage = manager.contentStorage, let text = manager.engine.textStorage else { return nil }
        let first = textSelection.textRanges[0], last = textSelection.textRanges[textSelection.textRanges.count - 1]
        let start = CountableTextLocation.offset(of: first.location), end = CountableTextLocation.offset(of: last.endLocation)
        let upstream = textSelection.affinity == .upstream
        let rightToLeft = manager.paragraphIsRightToLeft(at: start)
        // Where the move starts, and the anchor that stays when extending.
        let head = extending ? (upstream ? start : end) : nil
        let anchor = extending ? (upstream ? end : start) : nil
        if !extending && start != end && destination == .character && direction != .up && direction != .down {
            let toEnd = direction == .forward || (direction == .right) != rightToLeft
            return caret(at: toEnd ? end : start, upstream: false, like: textSelection, storage: storage)
        }
        let from = head ?? ((direction == .forward || direction == .down || (direction == .right) != rightToLeft) ? end : start)
        let forward = direction == .forward || direction == .down || (direction == .right && !rightToLeft) || (direction == .left && rightToLeft)
        var goalX = textSelection.anchorPositionOffset
        var upstreamResult = false
        let bounds = TextBoundaries(text: text)
        var target: Int
        switch (destination, direction) {
        case (.character, .up), (.character, .down), (.line, .up), (.line, .down):
            let moved = manager.verticalTarget(from: from, up: direction == .up, goalX: goalX == 0 ? nil : goalX, upstream: upstream)
            target = moved.offset
            upstreamResult = moved.upstream
            goalX = moved.goalX
        case (.character, .left), (.character, .right):
            target = manager.visualNeighbour(of: from, movingRight: direction == .right, upstream: upstream, boundaries: bounds) ?? from
        case (.character, _):
            target = forward ? bounds.clusterEnd(after: from) : bounds.clusterStart(before: from)
        case (.word, _):
            target = forward ? bounds.wordEnd(after: from) : bounds.wordStart(before: from)
        case (.line, _):
            let line = manager.lineBounds(of: from, upstream: upstream)
            target = forward ? line.end : line.start
            upstreamResult = forward && line.endIsSoftWrap
        case (.sentence, _):
            let sentence = bounds.sentence(around: forward ? from : max(0, from - 1))
            target = forward ? sentence.location + sentence.length : sentence.location
        case (.paragraph, _):
            let content = bounds.paragraphContent(around: from)
            let contentEnd = content.location + content.length
            if forward {
                let next = bounds.paragraph(around: from).location + bounds.paragraph(around: from).length
                let following = bounds.paragraphContent(around: next)
                target = from < contentEnd || confined || next >= text.length ? contentEnd : following.location + following.length
            } else {
                target = from > content.location || confined || content.location == 0
                    ? content.location : bounds.paragraph(around: content.location - 1).location
            }
        case (.container, _), (.document, _):
            target = forward ? text.length : 0
        }
        if confined && destination == .line {
            let line = manager.lineBounds(of: from, upstream: upstream)
            target = min(max(target, line.start), line.end)
        }
        target = min(max(target, 0), text.length)
        if let anchor {
            let range = NSRange(location: min(anchor, target), length: abs(target - anchor))
            let selection = NSTextSelection(range: storage.textRange(for: range), affinity: target < anchor ? .upstream : .downstream,
                                            granularity: textSelection.granularity)
            selection.anchorPositionOffset = direction == .up || direction == .down ? goalX : 0
            selection.typingAttributes = textSelection.typingAttributes
            return selection
        }
        let selection = caret(at: target, upstream: upstreamResult, like: textSelection, storage: storage)
        selection.anchorPositionOffset = direction == .up || direction == .down ? goalX : 0
        return selection
    }

    /// An insertion point at `offset`.
    private func caret(at offset: Int, upstream: Bool, like selection: NSTextSelection, storage: NSTextContentStorage) -> NSTextSelection {
        let caret = NSTextSelection(storage.location(at: offset), affinity: upstream ? .upstream : .downstream)
        caret.typingAttributes = selection.typingAttributes
        return caret
    }

    // MARK: Pointing

    /// The selections a click or drag at `point` (container coordinates) makes: an insertion point
    /// at the nearest caret position, or, with `.extend`, the first anchor extended to it; with
    /// `.multiple` the anchors are kept beside the new one.
    open func textSelections(interactingAt point: CGPoint, inContainerAt containerLocation: any NSTextLocation,
                             anchors: [NSTextSelection], modifiers: Modifier, selecting: Bool, bounds: CGRect) -> [NSTextSelection] {
        guard let manager = layoutManager, let storage = manager.contentStorage else { return [] }
        let hit = manager.insertionPoint(at: point)
        if modifiers.contains(.extend), let anchor = anchors.first {
            let start = CountableTextLocation.offset(of: anchor.textRanges[0].location)
            let end = CountableTextLocation.offset(of: anchor.textRanges[anchor.textRanges.count - 1].endLocation)
            let fixed = anchor.affinity == .upstream ? end : start
            let range = NSRange(location: min(fixed, hit.offset), length: abs(hit.offset - fixed))
            return [NSTextSelection(range: storage.textRange(for: range), affinity: hit.offset < fixed ? .upstream : .downstream,
                                    granularity: anchor.granularity)]
        }
        let caret = NSTextSelection(storage.location(at: hit.offset), affinity: hit.upstream ? .upstream : .downstream)
        return modifiers.contains(.multiple) ? anchors + [caret] : [caret]
    }

    /// `textSelection` widened to whole units of `granularity` (a double click's word, a triple
    /// click's paragraph).
    open func textSelection(for granularity: NSTextSelection.Granularity, enclosing textSelection: NSTextSelection) -> NSTextSelection {
        guard let source = textSelectionDataSource else { return textSelection }
        let ranges = textSelection.textRanges.map { range -> NSTextRange in
            let head = source.textRange(for: granularity, enclosing: range.location) ?? range
            guard !range.isEmpty, let lastLocation = source.location(range.endLocation, offsetBy: -1),
                  let tail = source.textRange(for: granularity, enclosing: lastLocation) else { return head.union(range) }
            return head.union(tail)
        }
        return NSTextSelection(ranges, affinity: textSelection.affinity, granularity: granularity)
    }

    /// Where text typed at `textSelection` goes: its start (a caret's location).
    open func resolvedInsertionLocation(for textSelection: NSTextSelection, writingDirection: WritingDirection) -> (any NSTextLocation)? {
        textSelection.textRanges.first?.location
    }

    // MARK: Deleting

    /// The ranges a deletion removes: the selected ranges, or for an insertion point the text
    /// from it to where a move of `destination` in `direction` would go. Backwards by character
    /// with `allowsDecomposition`, one Unicode scalar (a combining mark, the last jamo) rather
    /// than the whole cluster, as the delete key does.
    open func deletionRanges(for textSelection: NSTextSelection, direction: Direction, destination: Destination,
                             allowsDecomposition: Bool) -> [NSTextRange] {
        let nonEmpty = textSelection.textRanges.filter { !$0.isEmpty }
        if !nonEmpty.isEmpty { return nonEmpty }
        guard let manager = layoutManager, let storage = manager.contentStorage, let text = manager.engine.textStorage else { return [] }
        let caret = CountableTextLocation.offset(of: textSelection.textRanges[0].location)
        let backward = direction == .backward || (direction == .left) != manager.paragraphIsRightToLeft(at: caret)
        if backward && destination == .character && allowsDecomposition && caret > 0 {
            let cluster = TextBoundaries(text: text).cluster(around: caret - 1)
            let units = text._utf16(in: NSRange(location: caret - 1, length: 1))
            let width = caret >= 2 && UTF16.isTrailSurrogate(units[0]) ? 2 : 1
            if cluster.length > width {  // a cluster of several scalars: remove its last one
                return [storage.textRange(for: NSRange(location: caret - width, length: width))]
            }
        }
        guard let moved = destinationSelection(for: textSelection, direction: backward ? .backward : .forward,
                                               destination: destination, extending: false, confined: false) else { return [] }
        let target = CountableTextLocation.offset(of: moved.textRanges[0].location)
        guard target != caret else { return [] }
        return [storage.textRange(for: NSRange(location: min(caret, target), length: abs(target - caret)))]
    }
}
