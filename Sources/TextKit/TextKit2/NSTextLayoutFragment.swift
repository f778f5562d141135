import TextKitGraphics
import TextKitModel

/// The layout of one element (a paragraph) in TextKit 2, as TextKit's `NSTextLayoutFragment`: its
/// frame in the container, its line fragments, and its drawing.
///
/// Subclass it to draw an element your way — a bubble behind a chat message, a card, a marker —
/// and return your subclass from the layout manager delegate's
/// `textLayoutManager(_:textLayoutFragmentFor:in:)`; override ``draw(at:in:)`` (call `super` to
/// draw the text) and ``renderingSurfaceBounds`` when you draw outside the frame.
///
/// A fragment handed out by a layout manager reads its geometry from the layout manager's engine
/// when asked, laying the paragraph out if needed; after an edit to its paragraph or an
/// invalidation it is detached (``state`` `.none`, no lines) and the layout manager hands out a
/// new one.
open class NSTextLayoutFragment: NSObject {
    /// How fragments are enumerated (`NSTextLayoutManager.enumerateTextLayoutFragments`).
    public struct EnumerationOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// From the given location towards the document's start.
        public static let reverse = EnumerationOptions(rawValue: 1 << 0)
        /// Sizes may be estimated (no effect here: reading a fragment's geometry lays it out).
        public static let estimatesSize = EnumerationOptions(rawValue: 1 << 1)
        /// Each fragment is laid out before it is given.
        public static let ensuresLayout = EnumerationOptions(rawValue: 1 << 2)
        /// The last fragment holds the extra line fragment (the empty line after a final
        /// paragraph separator; the only line of an empty document).
        public static let ensuresExtraLineFragment = EnumerationOptions(rawValue: 1 << 3)
    }

    /// How far a fragment's layout has gone.
    public enum State: UInt, Sendable {
        /// Not laid out (or no longer managed by a layout manager).
        case none = 0
        /// The frame is an estimate (not used here: reading a fragment's geometry lays it out).
        case estimatedUsageBounds = 1
        /// The frame is measured, the lines not made yet (not used here).
        case calculatedUsageBounds = 2
        /// Laid out: frame and lines are final.
        case layoutAvailable = 3
    }

    private let element: NSTextElement
    private var range: NSTextRange?
    /// The paragraph start `range` and the element's range were last made for: text edited before
    /// the paragraph moves it (``shift(by:)``), and they are made again when next read.
    private final var rangesMadeAt: Int?

    /// The layout manager that handed the fragment out (nil for one made on its own, and after
    /// it is detached).
    open private(set) weak var textLayoutManager: NSTextLayoutManager?
    /// The paragraph's storage range (a piece's, for a paragraph laid out in pieces), while a layout
    /// manager lays the fragment out.
    private(set) var paragraphRange = NSRange(location: 0, length: 0)
    /// Whether the paragraph ends with a separator (so the next paragraph starts right after it).
    private(set) var endsWithSeparator = false
    /// Whether the extra line fragment is among ``textLineFragments`` (set by an enumeration with
    /// `.ensuresExtraLineFragment` reaching the last paragraph).
    var showsExtraLineFragment = false {
        didSet { if showsExtraLineFragment != oldValue { geometry = nil } }
    }
    /// Whether the layout manager's `renderingAttributesValidator` has seen this fragment.
    var renderingAttributesValidated = false
    /// The geometry as last read from the engine, and what it was read from: the paragraph's layout
    /// stamp (the engine's `layoutStamp(ofParagraph:)`), or without one the engine's change count.
    private final var geometry: (stamp: ParagraphLayoutStamp?, changeCount: Int, frame: CGRect, lines: [NSTextLineFragment])?

    /// A fragment laying out `textElement` (the part of it in `rangeInElement`, the whole element
    /// for nil). Layout managers make fragments themselves, or ask their delegate for one.
    public init(textElement: NSTextElement, range rangeInElement: NSTextRange?) {
        element = textElement
        range = rangeInElement
        super.init()
    }

    /// Keyed-archive decoding is not supported on Linux: always nil. It exists because subclasses
    /// written for iOS declare `required init?(coder:)` and call `super.init(coder:)`.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: What it lays out

    /// The element laid out.
    open var textElement: NSTextElement? {
        refreshRanges()
        return element
    }

    /// The part of the element laid out: the paragraph's range while a layout manager lays the
    /// fragment out.
    open var rangeInElement: NSTextRange {
        refreshRanges()
        return range ?? element.elementRange ?? NSTextRange(location: CountableTextLocation(0))
    }

    /// Makes the element's range and ``rangeInElement`` again after the paragraph moved.
    private final func refreshRanges() {
        guard let start = rangesMadeAt, start != paragraphRange.location, let storage = textLayoutManager?.contentStorage else { return }
        let moved = storage.textRange(for: paragraphRange)
        element.elementRange = moved
        range = moved
        rangesMadeAt = paragraphRange.location
    }

    /// Accepted for source compatibility: layout runs on the calling thread.
    open var layoutQueue: OperationQueue?

    // MARK: Geometry

    /// How far layout has gone: `.layoutAvailable` once the paragraph is laid out.
    open var state: State {
        guard let manager = textLayoutManager else { return .none }
        return manager.engine.isLaidOut(characterRange: paragraphRange) ? .layoutAvailable : .none
    }

    /// Throws the fragment's layout away (its paragraph is laid out again when next asked).
    open func invalidateLayout() {
        guard let manager = textLayoutManager, let storage = manager.contentStorage else { return }
        manager.invalidateLayout(for: storage.textRange(for: paragraphRange))
    }

    /// The fragment's frame in the container: from its first line's top to its last line's
    /// bottom (paragraph spacing included), and across its lines' typographic bounds — from where
    /// its text starts (after the line fragment padding) to where its widest line ends, held to
    /// the container. `.zero` for a fragment no layout manager lays out.
    open var layoutFragmentFrame: CGRect { currentGeometry()?.frame ?? .zero }

    /// Where the fragment draws, relative to its frame's origin: the frame's bounds, joined with
    /// every line's typographic bounds. Override it when a subclass draws outside the frame.
    open var renderingSurfaceBounds: CGRect {
        guard let geometry = currentGeometry() else { return .zero }
        var bounds = CGRect(origin: .zero, size: geometry.frame.size)
        for line in geometry.lines { bounds = bounds.union(line.typographicBounds) }
        return bounds
    }

    /// Space before the fragment's lines at their leading edge (0; for subclasses).
    open var leadingPadding: CGFloat { 0 }
    /// Space after the fragment's lines at their trailing edge (0; for subclasses).
    open var trailingPadding: CGFloat { 0 }
    /// Space above the fragment (0; for subclasses).
    open var topMargin: CGFloat { 0 }
    /// Space below the fragment (0; for subclasses).
    open var bottomMargin: CGFloat { 0 }

    /// The fragment's lines, in order, laid out (empty for a fragment no layout manager lays out).
    open var textLineFragments: [NSTextLineFragment] { currentGeometry()?.lines ?? [] }

    /// The line at `verticalOffset` (relative to the frame's origin): the one whose typographic
    /// bounds hold it, or with `requiresExactMatch` false the nearest; nil when there is none.
    open func textLineFragment(forVerticalOffset verticalOffset: CGFloat, requiresExactMatch: Bool) -> NSTextLineFragment? {
        let lines = textLineFragments
        if let exact = lines.first(where: { verticalOffset >= $0.typographicBounds.minY && verticalOffset < $0.typographicBounds.maxY }) {
            return exact
        }
        guard !requiresExactMatch else { return nil }
        return lines.min { a, b in
            let da = min(abs(verticalOffset - a.typographicBounds.minY), abs(verticalOffset - a.typographicBounds.maxY))
            let db = min(abs(verticalOffset - b.typographicBounds.minY), abs(verticalOffset - b.typographicBounds.maxY))
            return da < db
        }
    }

    /// The line holding `textLocation`; where a soft-wrapped line ends and the next begins, the
    /// line that ends there with `isUpstreamAffinity`, else the one that begins there.
    open func textLineFragment(for textLocation: any NSTextLocation, isUpstreamAffinity: Bool) -> NSTextLineFragment? {
        let index = CountableTextLocation.offset(of: textLocation) - paragraphRange.location
        let lines = textLineFragments
        if isUpstreamAffinity, let ending = lines.first(where: { $0.characterRange.length > 0 && $0.characterRange.location + $0.characterRange.length == index }) {
            return ending
        }
        return lines.first { NSLocationInRange(index, $0.characterRange) }
            ?? lines.last { $0.characterRange.location + $0.characterRange.length == index }
    }

    /// The frame of the attachment at `location`, relative to the fragment's frame origin (as
    /// the line fragments' bounds are); `.zero` when there is none there.
    open func frameForTextAttachment(at location: any NSTextLocation) -> CGRect {
        guard let manager = textLayoutManager, let frame = currentGeometry()?.frame else { return .zero }
        let offset = CountableTextLocation.offset(of: location)
        guard NSLocationInRange(offset, paragraphRange),
              manager.engine.textStorage?.attribute(.attachment, at: offset, effectiveRange: nil) != nil else { return .zero }
        let glyph = manager.engine.glyphIndexForCharacter(at: offset)
        let line = manager.engine.lineFragmentRect(forGlyphAt: glyph, effectiveRange: nil)
        let location = manager.engine.location(forGlyphAt: glyph)
        let size = manager.engine.attachmentSize(forGlyphAt: glyph)
        guard size.width >= 0 else { return .zero }
        // The attachment stands on the baseline, moved by its bounds' origin (negative y: below it).
        let bounds = (manager.engine.textStorage?.attribute(.attachment, at: offset, effectiveRange: nil) as? NSTextAttachment)?.bounds ?? .zero
        return CGRect(x: line.minX + location.x - frame.minX, y: line.minY + location.y - bounds.minY - size.height - frame.minY,
                      width: size.width, height: size.height)
    }

    // MARK: Drawing

    /// Draws the fragment's text (backgrounds, then glyphs and their decorations) with its frame's
    /// origin at `point` in `context`, a UIKit (y-down) context as a view's `draw(_:)` gets. Lines
    /// the context's clip leaves out are not drawn.
    open func draw(at point: CGPoint, in context: CGContext) {
        guard let manager = textLayoutManager, let geometry = currentGeometry() else { return }
        manager.validateRenderingAttributes(of: self)
        let engine = manager.engine
        let origin = CGPoint(x: point.x - geometry.frame.minX, y: point.y - geometry.frame.minY)
        // Only the lines the context's clip meets (a text view redrawing one line draws one line
        // of a long paragraph): a line's bounds, widened by its height for glyphs that overhang.
        let clip = context.boundingBoxOfClipPath
        var glyphs: NSRange?
        for line in geometry.lines where !line.layout.isExtraLine && line.layout.glyphRange.length > 0 {
            let box = line.layout.boundsInContainer.offsetBy(dx: origin.x, dy: origin.y)
            guard clip.isNull || (box.maxY + box.height >= clip.minY && box.minY - box.height <= clip.maxY) else { continue }
            glyphs = glyphs.map { NSUnionRange($0, line.layout.glyphRange) } ?? line.layout.glyphRange
        }
        guard let glyphs, glyphs.length > 0 else { return }
        UIGraphicsPushContext(context)
        defer { UIGraphicsPopContext() }
        engine.drawBackground(forGlyphRange: glyphs, at: origin)
        engine.drawGlyphs(forGlyphRange: glyphs, at: origin)
    }

    // MARK: Managed by the layout manager

    /// Called by the layout manager that hands the fragment out for the paragraph at `range`.
    final func adopt(by manager: NSTextLayoutManager, paragraph range: NSRange, element: NSTextElement) {
        textLayoutManager = manager
        paragraphRange = range
        rangesMadeAt = range.location
        endsWithSeparator = ParagraphSeparator.length(atEndOf: (element as? NSTextParagraph)?.attributedString.string ?? "") > 0
        geometry = nil
    }

    /// The paragraph moved by `delta` units (text before it was edited). O(1): its ranges are made
    /// again when read, its geometry when asked (its layout stamp no longer matches).
    final func shift(by delta: Int) {
        paragraphRange.location += delta
    }

    /// The layout manager no longer lays the fragment out.
    final func detach() {
        textLayoutManager = nil
        geometry = nil
    }

    /// Lays the fragment out (nothing when its geometry is current).
    final func ensureLayout() {
        _ = currentGeometry()
    }

    /// The frame and lines, read from the engine again when it changed since.
    private final func currentGeometry() -> (frame: CGRect, lines: [NSTextLineFragment])? {
        guard let manager = textLayoutManager, manager.textContainer != nil else { return nil }
        let engine = manager.engine
        let changeCount = engine.layoutChangeCount
        if let geometry, geometry.changeCount == changeCount { return (geometry.frame, geometry.lines) }
        // A keystroke changes one paragraph's lines: the other fragments on screen keep their
        // geometry (their stamps are unchanged) rather than reading it all again.
        let stamp = showsExtraLineFragment ? nil : engine.layoutStamp(ofParagraph: paragraphRange)
        if stamp == nil { engine.ensureLayout(forCharacterRange: paragraphRange) }
        if let geometry, let stamp, geometry.stamp == stamp {
            self.geometry?.changeCount = engine.layoutChangeCount
            return (geometry.frame, geometry.lines)
        }
        let made = TextKit2Geometry.layout(of: self, paragraph: paragraphRange, in: manager,
                                           extraLine: showsExtraLineFragment)
        geometry = (stamp, engine.layoutChangeCount, made.frame, made.lines)
        return made
    }
}
