import TextKitFonts
import TextKitModel

/// A broken line placed horizontally and measured vertically: everything needed to draw it and
/// answer geometry questions, with x relative to the start of the line's text area (the line
/// fragment's origin plus the container's padding) and y relative to the fragment's top.
package struct PlacedLine: Sendable, Equatable {
    // Every line fragment of a layout holds one: the glyph range is kept in 32 bits and a
    // truncation, which few lines have, in a box of its own.
    package var fitted: FittedLine
    private var glyphStart: Int32
    private var glyphEnd: Int32
    /// Typographic extent above and below the baseline, and the fonts' leading (points).
    package var ascent: Float
    package var descent: Float
    package var leading: Float
    /// The line's height after the paragraph style's rules (line spacing not included).
    package var height: Float
    /// The baseline's distance from the top of the line.
    package var baseline: Float
    /// Where the first (leftmost) glyph starts, after alignment.
    package var originX: Float
    /// Extra advance given to each stretchable space by justification.
    package var justification: Float
    /// How far the line's glyphs stand left of its text area's start and right of its end by
    /// hanging punctuation (``FittedLine/hangs`` in visual order): its used rect leaves them out.
    package var leftHang: Float = 0
    package var rightHang: Float = 0
    /// Runs of the line in visual order, left to right; each a range of glyphs and its direction.
    /// Empty when the whole line is one left-to-right run (the common case).
    package var visualRuns: [VisualRun]
    private var truncationBox: TruncationBox?

    /// The line's glyphs (paragraph glyph indices), logical order.
    package var glyphRange: Range<Int> {
        get { Int(glyphStart)..<Int(glyphEnd) }
        set { glyphStart = Int32(newValue.lowerBound); glyphEnd = Int32(newValue.upperBound) }
    }

    /// Glyphs hidden by truncation, replaced by an ellipsis.
    package var truncation: Truncation? {
        get { truncationBox?.value }
        set { truncationBox = newValue.map(TruncationBox.init) }
    }

    package init(fitted: FittedLine, glyphRange: Range<Int>, ascent: Float, descent: Float, leading: Float,
                 height: Float, baseline: Float, originX: Float, justification: Float,
                 visualRuns: [VisualRun], truncation: Truncation?) {
        self.fitted = fitted
        glyphStart = Int32(glyphRange.lowerBound)
        glyphEnd = Int32(glyphRange.upperBound)
        self.ascent = ascent
        self.descent = descent
        self.leading = leading
        self.height = height
        self.baseline = baseline
        self.originX = originX
        self.justification = justification
        self.visualRuns = visualRuns
        truncationBox = truncation.map(TruncationBox.init)
    }

    /// A truncation, immutable and compared by value.
    private final class TruncationBox: Sendable, Equatable {
        let value: Truncation
        init(_ value: Truncation) { self.value = value }
        static func == (a: TruncationBox, b: TruncationBox) -> Bool { a.value == b.value }
    }

    package struct VisualRun: Sendable, Equatable {
        // Stored as 32-bit bounds (a paragraph's glyph indices): 12 bytes a run instead of 24,
        // in an array every line with right-to-left text keeps.
        private var lower: Int32
        private var upper: Int32
        package var isRightToLeft: Bool

        package var glyphs: Range<Int> {
            get { Int(lower)..<Int(upper) }
            set { lower = Int32(newValue.lowerBound); upper = Int32(newValue.upperBound) }
        }

        package init(glyphs: Range<Int>, isRightToLeft: Bool) {
            lower = Int32(glyphs.lowerBound)
            upper = Int32(glyphs.upperBound)
            self.isRightToLeft = isRightToLeft
        }
    }

    package struct Truncation: Sendable, Equatable {
        package var hiddenGlyphs: Range<Int>
        /// Where the ellipsis is drawn (x from the text area's start) and its advance.
        package var ellipsisX: Float
        package var ellipsisWidth: Float
        /// The font (index into the paragraph's fonts) and glyph of the ellipsis.
        package var font: Int32
        package var glyph: UInt16
    }

    /// The used width: from the first glyph to the end of the last (trailing white space
    /// excluded, hyphen and ellipsis included).
    package var usedWidth: Float { fitted.width }
}
