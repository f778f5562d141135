import TextKitGraphics
import TextKitModel

// What the line loop (LineLoop.swift) produces, and how the flow of text stands between
// paragraphs: shared by the layout manager and the framesetter.

/// One line fragment as stored: the placed line and where it sits.
package struct LineFragment: Equatable {
    package var line: PlacedLine
    /// The container (index into the layout manager's containers).
    package var container: Int
    /// The line fragment rect, in container coordinates except that y is measured from the top of
    /// the paragraph (add the paragraph's top within the container to get container coordinates).
    package var rect: CGRect
    package var usedRect: CGRect
    /// The baseline's distance from `rect`'s top.
    package var baselineOffset: CGFloat
    /// Where x = 0 of the line's text coordinates lies in the container: the container's padding
    /// (text coordinates are measured from the padding, so indents and exclusions show up as the
    /// placed line's `originX`, and tab stops line up across fragments).
    package var textOriginX: CGFloat

    package init(line: PlacedLine, container: Int, rect: CGRect, usedRect: CGRect, baselineOffset: CGFloat, textOriginX: CGFloat) {
        self.line = line
        self.container = container
        self.rect = rect
        self.usedRect = usedRect
        self.baselineOffset = baselineOffset
        self.textOriginX = textOriginX
    }
}

/// Where the flow of text stands between two paragraphs.
package struct FlowState: Equatable {
    /// Distance from the top of the first container in the stacked flow (1/1024 pt): container i
    /// starts at the sum of the heights of containers before it.
    package var y: Int64
    package var container: Int
    /// Lines already in `container` (for `maximumNumberOfLines`).
    package var linesInContainer: Int

    package init(y: Int64, container: Int, linesInContainer: Int) {
        self.y = y
        self.container = container
        self.linesInContainer = linesInContainer
    }

    package static let start = FlowState(y: 0, container: 0, linesInContainer: 0)
}

/// The lines of one paragraph and how it fits into the flow.
package struct ParagraphLayout {
    package var fragments: [LineFragment]
    /// From the paragraph's top to the next paragraph's top, in the stacked flow (1/1024 pt).
    package var height: Int64
    /// The flow state it was laid out from and the one it leaves.
    package var start: FlowState
    package var end: FlowState
    /// True when every fragment lies in one simple rectangular container with no line limit, so the
    /// paragraph may move up or down in that container without being laid out again.
    package var isShiftable: Bool
    /// The text did not fit: this paragraph (from some line on) is in no container.
    package var overflowed: Bool

    package init(fragments: [LineFragment], height: Int64, start: FlowState, end: FlowState, isShiftable: Bool, overflowed: Bool) {
        self.fragments = fragments
        self.height = height
        self.start = start
        self.end = end
        self.isShiftable = isShiftable
        self.overflowed = overflowed
    }
}

/// Heights are quantised to 1/1024 point so that the rope can add and subtract them exactly
/// (floating-point sums over 40,000 paragraphs would drift); 0.001 pt is far below anything
/// visible.
package enum FixedHeight {
    package static let scale: CGFloat = 1024
    /// Saturating: NaN gives 0, heights beyond Int64's range its bounds (callers' values reach here).
    package static func from(_ value: CGFloat) -> Int64 { Int64(saturating: (value * scale).rounded()) }
    package static func points(_ value: Int64) -> CGFloat { CGFloat(value) / scale }
}
