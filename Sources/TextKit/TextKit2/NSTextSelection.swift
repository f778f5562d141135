import TextKitGraphics
import TextKitModel

/// A selection in a TextKit 2 document, as TextKit's `NSTextSelection`: one or more ranges (an
/// empty range is an insertion point), with the affinity, granularity and typing attributes
/// editing needs. Selections are values in spirit; navigation returns new ones.
open class NSTextSelection: NSObject {
    /// The unit a selection grows by when it is extended.
    public enum Granularity: Int, Sendable {
        /// Grapheme clusters.
        case character = 0
        /// Words.
        case word = 1
        /// Paragraphs.
        case paragraph = 2
        /// Lines.
        case line = 3
        /// Sentences.
        case sentence = 4
    }

    /// Which side of a location a selection leans to: where a caret at a soft line break is drawn
    /// (upstream: the end of the line before), and which end of a range moves when it is extended
    /// (upstream: its start).
    public enum Affinity: Int, Sendable {
        /// Towards the text before (the end of the line before, at a soft wrap).
        case upstream = 0
        /// Towards the text after (the start of the next line, at a soft wrap).
        case downstream = 1
    }

    private let ranges: [NSTextRange]
    private let selectionAffinity: Affinity
    private let selectionGranularity: Granularity

    /// A selection of `textRanges` (which must not be empty).
    public init(_ textRanges: [NSTextRange], affinity: Affinity, granularity: Granularity) {
        checkPrecondition(!textRanges.isEmpty, "NSTextSelection: a selection needs at least one range")
        ranges = textRanges
        selectionAffinity = affinity
        selectionGranularity = granularity
        super.init()
    }

    /// A selection of one range.
    public convenience init(range: NSTextRange, affinity: Affinity, granularity: Granularity) {
        self.init([range], affinity: affinity, granularity: granularity)
    }

    /// An insertion point at `location`.
    public convenience init(_ location: any NSTextLocation, affinity: Affinity) {
        self.init([NSTextRange(location: location)], affinity: affinity, granularity: .character)
    }

    /// Keyed-archive decoding is not supported on Linux: always nil.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The selected ranges, in document order.
    open var textRanges: [NSTextRange] { ranges }
    /// The unit the selection grows by.
    open var granularity: Granularity { selectionGranularity }
    /// Which side of its locations the selection leans to.
    open var affinity: Affinity { selectionAffinity }
    /// Whether the selection is transient (one being made by a drag); false here.
    open var isTransient: Bool { false }
    /// The x (container coordinates) a caret moving up and down keeps to; set by navigation.
    open var anchorPositionOffset: CGFloat = 0
    /// Whether the selection is logical (one range in storage order) rather than visual; true here.
    open var isLogical = true
    /// A second insertion point for a split caret at a bidi boundary (nil here).
    open var secondarySelectionLocation: (any NSTextLocation)?
    /// The attributes text typed at the selection gets.
    open var typingAttributes: [NSAttributedString.Key: Any] = [:]

    /// A selection like this one with other ranges.
    open func textSelection(with textRanges: [NSTextRange]) -> NSTextSelection {
        let selection = NSTextSelection(textRanges, affinity: affinity, granularity: granularity)
        selection.anchorPositionOffset = anchorPositionOffset
        selection.typingAttributes = typingAttributes
        return selection
    }

    open override var description: String {
        "<NSTextSelection \(ranges.map(\.description).joined(separator: ", ")) \(affinity == .upstream ? "upstream" : "downstream")>"
    }
}
