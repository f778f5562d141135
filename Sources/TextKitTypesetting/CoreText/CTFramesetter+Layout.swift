import TextKitFonts
import TextKitGraphics
import TextKitModel

/// A line placed in a frame: the line and its origin (left end of the baseline) in the path's
/// own y-down coordinates, plus the bottom of its line box.
struct FramedLine {
    var line: CTLine
    var origin: CGPoint
    var bottom: CGFloat
}

/// Fills a path with lines, top to bottom: the engine of ``CTFramesetter``.
///
/// The frame's path is one area of the line loop that text containers use (``LineLoop``), so a
/// frame breaks and places lines exactly as a layout manager does in a container of the same
/// shape with no line fragment padding: each line's band (from the current height down by the
/// line's height, estimated from the font where it starts) is carved by the path
/// (``FramePathRegion/lineFragmentRect(forProposedRect:writingDirection:remaining:)``: the first
/// interval inside the path across the whole band, in the paragraph's writing direction, that
/// can hold the next word — see ``LineLoop`` — then the rest of the band); the paragraph's indents count
/// from the path's left edge (tail indents of 0 or less from its right edge); the line is filled
/// there by ``LineFitter`` and placed by ``LinePlacer`` (alignment, justification, truncation by
/// the paragraph style's line break mode). A band with no room moves down by a quarter of the
/// line height. The frame is full when a line would pass the bottom of the path.
///
/// Vertical rules: each line is as tall as ``LinePlacer`` says (ascent + descent + the fonts'
/// leading, after the style's line-height settings); `lineSpacing` follows each line,
/// `paragraphSpacingBefore` and `paragraphSpacing` surround each paragraph (before the first
/// line of the frame too).
struct FrameFiller {
    let typesetter: CTTypesetter
    let region: FramePathRegion
    /// Lay lines out at their natural width, not aligned (for suggesting a frame size).
    let unboundedWidth: Bool

    /// The lines of `range` that fit.
    func fill(_ range: Range<Int>) -> [FramedLine] {
        let bounds = region.bounds
        guard !bounds.isNull, bounds.minX.isFinite, bounds.width.isFinite, bounds.minY.isFinite, bounds.maxY.isFinite,
              bounds.height > 0 else { return [] }
        let host = NoLineHooks(areas: [area(bounds)])
        var lines: [FramedLine] = []
        var state = FlowState.start
        var offset = range.lowerBound
        while offset < range.upperBound {
            let paragraph = typesetter.paragraph(containing: offset)
            let end = min(paragraph.length, range.upperBound - paragraph.start)
            var loop = LineLoop(host: host, analysis: paragraph.analysis, text: paragraph.text, characterStart: paragraph.start,
                                settings: paragraph.settings, rules: ParagraphRules(analysis: paragraph.analysis),
                                usesFontLeading: true, from: state, offset: offset - paragraph.start, end: end,
                                placesAtNaturalWidth: unboundedWidth)
            let layout = loop.run()
            let top = bounds.minY + FixedHeight.points(state.y)
            for fragment in layout.fragments {
                let placed = fragment.line
                lines.append(FramedLine(line: CTLine(paragraph: paragraph, placed: placed),
                                        origin: CGPoint(x: bounds.minX + fragment.textOriginX + CGFloat(placed.originX),
                                                        y: top + fragment.rect.minY + fragment.baselineOffset),
                                        bottom: top + fragment.usedRect.minY + CGFloat(placed.height)))
            }
            if layout.overflowed || paragraph.length == 0 { break }
            state = layout.end
            offset = paragraph.start + end
        }
        return lines
    }

    /// The path as the line loop's one area: its bounding box, carved band by band.
    private func area(_ bounds: CGRect) -> LineArea {
        let region = region
        // A path taller than any page (`CGFloat.greatestFiniteMagnitude`) is an unbounded area.
        return LineArea(width: bounds.width, height: min(bounds.height, LineArea.unbounded), padding: 0, maximumLines: 0,
                        isSimple: region.isRectangle, lineBreakMode: .byWordWrapping, top: 0) { proposed, _, direction, remaining in
            let band = proposed.offsetBy(dx: bounds.minX, dy: bounds.minY)
            let rect = region.lineFragmentRect(forProposedRect: band, writingDirection: direction, remaining: &remaining)
            if !remaining.isEmpty { remaining = remaining.offsetBy(dx: -bounds.minX, dy: -bounds.minY) }
            return rect.isEmpty ? .zero : rect.offsetBy(dx: -bounds.minX, dy: -bounds.minY)
        }
    }
}
