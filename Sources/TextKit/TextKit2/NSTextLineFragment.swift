import TextKitGraphics
import TextKitModel

/// One line of a TextKit 2 layout fragment, as TextKit's `NSTextLineFragment`: a range of its
/// paragraph's attributed string, where it stands in the fragment and where its glyphs start.
///
/// Coordinates follow the iOS 17 SDK's model (the one Apple's current headers describe):
/// ``typographicBounds`` is relative to the layout fragment's frame origin and covers the text
/// only (no line fragment padding); ``glyphOrigin`` and the points of
/// ``locationForCharacter(at:)`` are relative to ``typographicBounds``'s origin, with y on the
/// baseline. Character indices are indices into ``attributedString``, like ``characterRange``.
open class NSTextLineFragment: NSObject {
    /// The layout behind the line: the engine that laid it out (a text layout manager's, or one of
    /// the line's own for a line made from a string), its container, the glyphs, and the offset in
    /// the engine's text of index 0 of ``attributedString``.
    struct Layout {
        var engine: NSLayoutManager
        var container: NSTextContainer
        var glyphRange: NSRange
        var stringOffset: Int
        /// ``typographicBounds`` in container coordinates.
        var boundsInContainer: CGRect
        /// Whether this is the extra line fragment (no glyphs).
        var isExtraLine: Bool
    }

    private let string: NSAttributedString
    private let range: NSRange
    private let bounds: CGRect
    private let origin: CGPoint
    let layout: Layout

    /// A line laid out on its own from the characters of `range` in `attributedString` (with no
    /// width limit, padding or container), as a label's single line. `range` must lie within the
    /// string.
    public init(attributedString: NSAttributedString, range: NSRange) {
        checkPrecondition(range.location >= 0 && range.length >= 0 && range.location + range.length <= attributedString.length,
                          "NSTextLineFragment(attributedString:range:): range {\(range.location), \(range.length)} out of bounds; string length \(attributedString.length)")
        string = attributedString
        self.range = range
        let storage = NSTextStorage(attributedString: attributedString.attributedSubstring(from: range))
        let engine = NSLayoutManager()
        let container = NSTextContainer(size: CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude))
        container.lineFragmentPadding = 0
        engine.addTextContainer(container)
        storage.addLayoutManager(engine)
        // The first line (a string holding a line break would make more; a line fragment is one line).
        let first = engine.lines(forCharacterRange: NSRange(location: 0, length: storage.length)).first
        let measured = first.map { TextKit2Geometry.bounds(of: $0, padding: 0) } ?? (.zero, .zero)
        bounds = measured.box
        origin = measured.glyphOrigin
        layout = Layout(engine: engine, container: container, glyphRange: first?.glyphRange ?? NSRange(location: 0, length: 0),
                        stringOffset: -range.location, boundsInContainer: measured.box, isExtraLine: first == nil)
        retainedStorage = storage
        super.init()
    }

    /// A line laid out on its own from `string` with `attributes`, as
    /// ``init(attributedString:range:)``.
    public convenience init(string: String, attributes: [NSAttributedString.Key: Any] = [:], range: NSRange) {
        self.init(attributedString: NSAttributedString(string: string, attributes: attributes), range: range)
    }

    /// Keyed-archive decoding is not supported on Linux: always nil.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A line of a layout fragment (made by TextKit2Geometry).
    init(paragraph: NSAttributedString, characterRange: NSRange, typographicBounds: CGRect, glyphOrigin: CGPoint, layout: Layout) {
        string = paragraph
        range = characterRange
        bounds = typographicBounds
        origin = glyphOrigin
        self.layout = layout
        super.init()
    }

    /// Keeps the text storage of a line made from a string alive (its engine holds it weakly).
    private var retainedStorage: NSTextStorage?

    /// The string the line is part of: its paragraph's, for a line of a layout fragment.
    open var attributedString: NSAttributedString { string }
    /// The line's characters, as a range of ``attributedString`` (empty for the extra line fragment).
    open var characterRange: NSRange { range }
    /// The line's typographic extent (its text's width, its line height), relative to its layout
    /// fragment's frame origin.
    open var typographicBounds: CGRect { bounds }
    /// Where the glyphs start, relative to ``typographicBounds``'s origin: x where the first glyph
    /// is drawn, y the baseline.
    open var glyphOrigin: CGPoint { origin }

    // MARK: Hit testing

    /// Where the insertion point before character `index` of ``attributedString`` stands (its
    /// leading edge), relative to ``typographicBounds``'s origin, y on the baseline. `index` runs
    /// over ``characterRange`` and its end.
    open func locationForCharacter(at index: Int) -> CGPoint {
        checkPrecondition(index >= range.location && index <= range.location + range.length,
                          "NSTextLineFragment.locationForCharacter(at:): index \(index) outside the line's characters {\(range.location), \(range.length)}")
        guard !layout.isExtraLine else { return CGPoint(x: origin.x, y: origin.y) }
        let upstream = index == range.location + range.length && range.length > 0
        guard let caret = layout.engine.caretGeometry(forCharacterAt: layout.stringOffset + index, upstream: upstream) else { return origin }
        return CGPoint(x: caret.primaryX - layout.boundsInContainer.minX, y: origin.y)
    }

    /// The index in ``attributedString`` of the character under `point` (relative to
    /// ``typographicBounds``'s origin), or nearest to it along the line.
    open func characterIndex(for point: CGPoint) -> Int {
        guard !layout.isExtraLine, range.length > 0 else { return range.location }
        let inContainer = containerPoint(point)
        let index = layout.engine.characterIndex(for: inContainer, in: layout.container, fractionOfDistanceBetweenInsertionPoints: nil)
        return min(max(index - layout.stringOffset, range.location), range.location + range.length - 1)
    }

    /// How far through the glyph under `point` it lies, from 0 at its leading edge to 1.
    open func fractionOfDistanceThroughGlyph(for point: CGPoint) -> CGFloat {
        guard !layout.isExtraLine, range.length > 0 else { return 0 }
        return layout.engine.fractionOfDistanceThroughGlyph(for: containerPoint(point), in: layout.container)
    }

    /// `point` (line coordinates) in container coordinates, held to the line's height.
    private func containerPoint(_ point: CGPoint) -> CGPoint {
        let box = layout.boundsInContainer
        let y = min(max(box.minY + point.y, box.minY), box.maxY - 0.01)
        return CGPoint(x: box.minX + point.x, y: y)
    }

    // MARK: Drawing

    /// Draws the line with its ``typographicBounds`` origin at `point` in `context` (a UIKit,
    /// y-down context).
    open func draw(at point: CGPoint, in context: CGContext) {
        guard !layout.isExtraLine, layout.glyphRange.length > 0 else { return }
        let origin = CGPoint(x: point.x - layout.boundsInContainer.minX, y: point.y - layout.boundsInContainer.minY)
        UIGraphicsPushContext(context)
        defer { UIGraphicsPopContext() }
        layout.engine.drawBackground(forGlyphRange: layout.glyphRange, at: origin)
        layout.engine.drawGlyphs(forGlyphRange: layout.glyphRange, at: origin)
    }

    open override var description: String {
        "<NSTextLineFragment \(range.location)+\(range.length) \(bounds)>"
    }
}
