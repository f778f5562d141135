import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// How tall a paragraph without lines is taken to be while layout is non-contiguous
/// (`NSLayoutManager.allowsNonContiguousLayout`, and always under TextKit 2): its length in
/// lines of an average width, each one line of the text's first font high.
///
/// Paragraphs without lines then still take room in the paragraph tree's height sums, so that a
/// paragraph laid out in the middle of the text sits about where it would after the text above
/// it, and a scroller can be sized and positioned before that text is laid out. Laying a
/// paragraph out replaces its estimate with its height; what lies below moves by the difference,
/// and what lies above does not move (a view keeps its text still by scrolling by the same
/// amount: `UITextView` does).
///
/// The estimate is one rule for the whole text, fixed when the store is built or the container
/// changes, so that a record's estimate depends on its length alone and the tree's sums stay
/// exact.
struct HeightEstimate: Equatable {
    /// One line's height (1/1024 pt).
    var lineHeight: Int64
    /// UTF-16 units an average line holds.
    var unitsPerLine: Int

    /// A line of a font `font` in a column `width` points wide: a line holds `width` over an
    /// average character (half an em, what Latin text in a proportional font averages).
    init(font: UIFont, width: CGFloat, usesFontLeading: Bool) {
        let height = font.ascender - font.descender + (usesFontLeading ? font.leading : 0)
        lineHeight = max(1, FixedHeight.from(height.isFinite ? height : 12))
        let average = max(1, font.pointSize / 2)
        let perLine = width.isFinite ? width / average : 0
        unitsPerLine = perLine >= 1 ? Int(min(perLine, 1e9)) : 1_000_000
    }

    /// The height of a paragraph of `length` UTF-16 units (its separator included): as many lines
    /// as its characters fill, at least one; none for the final empty paragraph.
    func height(ofParagraphLength length: Int) -> Int64 {
        guard length > 0 else { return 0 }
        let lines = (length + unitsPerLine - 1) / unitsPerLine
        return Int64(lines) * lineHeight
    }
}
