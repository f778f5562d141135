import TextKitModel
import TextKitTypesetting

/// One line fragment as stored: the placed line and where it sits.
struct LineFragment {
    var line: PlacedLine
    /// The container (index into the layout manager's containers).
    var container: Int
    /// The line fragment rect, in container coordinates except that y is measured from the top of
    /// the paragraph (add the paragraph's top within the container to get container coordinates).
    var rect: CGRect
    var usedRect: CGRect
    /// The baseline's distance from `rect`'s top.
    var baselineOffset: CGFloat
    /// Where x = 0 of the line's text coordinates lies in the container: the container's padding
    /// (text coordinates are measured from the padding, so indents and exclusions show up as the
    /// placed line's `originX`, and tab stops line up across fragments).
    var textOriginX: CGFloat
}

/// Where the flow of text stands between two paragraphs.
struct FlowState: Equatable {
    /// Distance from the top of the first container in the stacked flow (1/1024 pt): container i
    /// starts at the sum of the heights of containers before it.
    var y: Int64
    var container: Int
    /// Lines already in `container` (for `maximumNumberOfLines`).
    var linesInContainer: Int

    static let start = FlowState(y: 0, container: 0, linesInContainer: 0)
}

/// The lines of one paragraph and how it fits into the flow.
struct ParagraphLayout {
    var fragments: [LineFragment]
    /// From the paragraph's top to the next paragraph's top, in the stacked flow (1/1024 pt).
    var height: Int64
    /// The flow state it was laid out from and the one it leaves.
    var start: FlowState
    var end: FlowState
    /// True when every fragment lies in one simple rectangular container with no line limit, so the
    /// paragraph may move up or down in that container without being laid out again.
    var isShiftable: Bool
    /// The text did not fit: this paragraph (from some line on) is in no container.
    var overflowed: Bool
}
