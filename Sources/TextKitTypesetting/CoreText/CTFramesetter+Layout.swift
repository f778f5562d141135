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
/// For each line, the band it would occupy (from the current height down by the line's height,
/// estimated from the font where it starts) is asked for the x intervals inside the path at
/// every height of the band (``FramePathRegion``). The first interval in reading order that can
/// hold the next word (left to right for left-to-right paragraphs, right to left for
/// right-to-left ones) becomes the line's room; the paragraph's indents apply inside it; the
/// line is filled there by ``LineFitter`` — the same breaking the TextKit layer uses — and placed
/// by ``LinePlacer`` (alignment, justification, truncation by the paragraph style's line break
/// mode). When no interval in the band can hold the word the band moves down by an eighth of the
/// line height; when no band down to the bottom can, the search starts again accepting any
/// interval that holds one grapheme cluster (a word wider than the shape is broken). The frame is
/// full when the band passes the bottom of the path.
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
        var lines: [FramedLine] = []
        let bounds = region.bounds
        guard !bounds.isNull, bounds.minY.isFinite, bounds.maxY.isFinite, bounds.height > 0 else { return [] }
        var y = bounds.minY
        var offset = range.lowerBound
        while offset < range.upperBound {
            let paragraph = typesetter.paragraph(containing: offset)
            let local = offset - paragraph.start
            let style = paragraph.analysis.paragraphStyle
            let isFirstLine = local == 0
            if isFirstLine { y += style.paragraphSpacingBefore }
            guard let placed = placeLine(paragraph, from: local, limit: range.upperBound - paragraph.start,
                                         at: &y, isFirstLine: isFirstLine) else { break }
            let height = CGFloat(placed.placed.height)
            let line = CTLine(paragraph: paragraph, placed: placed.placed)
            lines.append(FramedLine(line: line, origin: CGPoint(x: placed.spanStart + CGFloat(placed.placed.originX),
                                                                y: y + CGFloat(placed.placed.baseline)),
                                    bottom: y + height))
            y += height + style.lineSpacing
            offset = paragraph.start + placed.placed.fitted.characters.upperBound
            if placed.placed.fitted.characters.upperBound >= paragraph.length { y += style.paragraphSpacing }
        }
        return lines
    }

    /// Finds room for the next line of `paragraph` at or below `y` and places the line there;
    /// moves `y` to the line's top. Nil when the frame is full.
    private func placeLine(_ paragraph: TypesetParagraph, from local: Int, limit: Int, at y: inout CGFloat,
                           isFirstLine: Bool) -> (placed: PlacedLine, spanStart: CGFloat)? {
        let style = paragraph.analysis.paragraphStyle
        let placer = paragraph.placer()
        let fitter = paragraph.fitter()
        let rightToLeft = paragraph.analysis.baseLevel == 1
        var height = CGFloat(placer.estimatedHeight(at: local))
        let word = CGFloat(nextWordWidth(paragraph, from: local, fitter: fitter))
        let cluster = CGFloat(firstClusterWidth(paragraph, from: local))
        var attempts = 0
        while true {
            // A span for the next word; failing that, for one grapheme cluster; failing that (a
            // shape narrower than a character everywhere), any span: the glyph then overflows.
            var room: (CGFloat, ClosedRange<CGFloat>)?
            for needed in [word, cluster, 0.001] where room == nil {
                room = findRoom(below: y, height: height, needing: needed, rightToLeft: rightToLeft, style: style,
                                isFirstLine: isFirstLine)
            }
            guard let (top, span) = room else { return nil }
            let (lineStartX, lineEndX) = indents(style, width: span.upperBound - span.lowerBound, isFirstLine: isFirstLine)
            let start = Float(lineStartX), end = Float(unboundedWidth ? .infinity : lineEndX)
            var fitted = fitter.fitLine(from: local, lineStartX: start, lineEndX: end)
            if fitted.characters.upperBound > limit {
                fitted = paragraph.unbrokenLine(local..<limit, lineStartX: start)  // the frame's range ends mid-paragraph
            }
            let truncation: NSLineBreakMode? = [.byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail].contains(style.lineBreakMode)
                ? style.lineBreakMode : nil
            let placed = placer.place(fitted, lineStartX: start, lineEndX: unboundedWidth ? start + fitted.width : end,
                                      isLastLineOfParagraph: fitted.characters.upperBound >= paragraph.length,
                                      truncationMode: unboundedWidth ? nil : truncation)
            if CGFloat(placed.height) > height + 0.01, attempts < 2 {
                // Taller than estimated (a bigger font further on): ask for a band of its real height.
                height = CGFloat(placed.height)
                attempts += 1
                continue
            }
            y = top
            return (placed, span.lowerBound)
        }
    }

    /// The first band at or below `y` with an interval of at least `needed` points between the
    /// indents, and that interval (reading order). Nil when none fits above the path's bottom.
    private func findRoom(below y: CGFloat, height: CGFloat, needing needed: CGFloat, rightToLeft: Bool,
                          style: NSParagraphStyle, isFirstLine: Bool) -> (CGFloat, ClosedRange<CGFloat>)? {
        // An eighth of a line, but no more than 4,000 probes down the whole path.
        let step = max(0.5, height / 8, region.bounds.height / 4000)
        var top = y
        while top + height <= region.bounds.maxY + 0.001 {
            var spans = region.spans(from: top, to: top + height)
            if rightToLeft { spans.reverse() }
            for span in spans {
                let (start, end) = indents(style, width: span.upperBound - span.lowerBound, isFirstLine: isFirstLine)
                if end - start >= needed - 0.001 && end > start { return (top, span) }
            }
            if region.isUniform(below: top) { return nil }  // every lower band is the same
            top += step
        }
        return nil
    }

    /// The line's room inside an interval `width` wide after the paragraph's indents (tail indents
    /// of 0 or less count from the interval's end).
    private func indents(_ style: NSParagraphStyle, width: CGFloat, isFirstLine: Bool) -> (CGFloat, CGFloat) {
        let head = isFirstLine ? style.firstLineHeadIndent : style.headIndent
        let tail = style.tailIndent > 0 ? min(style.tailIndent, width) : width + style.tailIndent
        return (head, tail)
    }

    /// The width of the text from `local` to the next break opportunity, trailing white space excluded.
    private func nextWordWidth(_ paragraph: TypesetParagraph, from local: Int, fitter: LineFitter) -> Float {
        let k = fitter.segmentIndex(containing: local)
        guard k < paragraph.analysis.segments.count else { return 0 }
        let glyphs = paragraph.glyphs
        var width: Float = 0, trailing: Float = 0
        for g in glyphs.glyphRange(forCharacters: local..<Int(paragraph.analysis.segments[k].end)) {
            width += glyphs.advances[g]
            let flags = glyphs.flags[g]
            trailing = flags.contains(.whitespace) || flags.contains(.control) ? trailing + glyphs.advances[g] : 0
        }
        return width - trailing
    }

    /// The advance of the glyph cluster at `local`.
    private func firstClusterWidth(_ paragraph: TypesetParagraph, from local: Int) -> Float {
        let glyphs = paragraph.glyphs
        let g = glyphs.glyph(forCharacterAt: local)
        guard g < glyphs.count else { return 0 }
        var width: Float = 0
        var h = g
        while h < glyphs.count && glyphs.clusters[h] == glyphs.clusters[g] { width += glyphs.advances[h]; h += 1 }
        return width
    }
}
