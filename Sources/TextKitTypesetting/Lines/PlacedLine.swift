import TextKitFonts
import TextKitModel

/// A broken line placed horizontally and measured vertically: everything needed to draw it and
/// answer geometry questions, with x relative to the start of the line's text area (the line
/// fragment's origin plus the container's padding) and y relative to the fragment's top.
package struct PlacedLine: Sendable, Equatable {
    package var fitted: FittedLine
    /// The line's glyphs (paragraph glyph indices), logical order.
    package var glyphRange: Range<Int>
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
    /// Runs of the line in visual order, left to right; each a range of glyphs and its direction.
    /// Empty when the whole line is one left-to-right run (the common case).
    package var visualRuns: [VisualRun]
    /// Glyphs hidden by truncation, replaced by an ellipsis.
    package var truncation: Truncation?
    /// How far the line's glyphs stand left of its text area's start and right of its end by
    /// hanging punctuation (``FittedLine/hangs`` in visual order): its used rect leaves them out.
    package var leftHang: Float = 0
    package var rightHang: Float = 0

    package struct VisualRun: Sendable, Equatable {
        package var glyphs: Range<Int>
        package var isRightToLeft: Bool
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
