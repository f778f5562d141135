import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

// Underlines and strikethroughs.
//
// Per line, consecutive glyphs with the same style and colour form one range, whatever the
// font or attribute runs under them, so a line stays continuous across runs; it goes to
// underlineGlyphRange (which drops the line's trailing white space and, for `.byWord`, the
// spaces between words), then to drawUnderline once per piece. Lines sit at the fonts' underline
// (or strikethrough) position with their thickness — the lowest position and the largest
// thickness when fonts mix — in `.underlineColor` (`.strikethroughColor`), else the text colour.
// What the styles and patterns draw, and the stroking itself, are the typesetting layer's
// (`TextDecoration`, `TextDecorationPainter`), shared with Core Text's drawing.
extension NSLayoutManager {
    /// Finds the underlined and struck-through stretches of one line and sends them down the
    /// overridable path.
    func drawLineDecorations(_ found: LocatedFragment, _ subrange: Range<Int>, origin: CGPoint) {
        let segments = attributeSegments(found, subrange)
        guard !segments.isEmpty else { return }
        let lineGlyphs = found.glyphRange
        for kind in [DecorationKind.underline, .strikethrough] {
            var group: (glyphs: Range<Int>, style: NSUnderlineStyle, color: UIColor)?
            func flush() {
                guard let (glyphs, style, _) = group else { return }
                group = nil
                let range = NSRange(location: found.glyph(glyphs.lowerBound).rawValue, length: glyphs.count)
                switch kind {
                case .underline:
                    underlineGlyphRange(range, underlineType: style, lineFragmentRect: found.rect,
                                        lineFragmentGlyphRange: lineGlyphs, containerOrigin: origin)
                case .strikethrough:
                    strikethroughGlyphRange(range, strikethroughType: style, lineFragmentRect: found.rect,
                                            lineFragmentGlyphRange: lineGlyphs, containerOrigin: origin)
                }
            }
            for segment in segments {
                let style = kind == .underline ? DrawingValues.underline(segment.attributes) : DrawingValues.strikethrough(segment.attributes)
                guard !style.isEmpty else { flush(); continue }
                let color = kind == .underline ? DrawingValues.underlineColor(segment.attributes)
                    : DrawingValues.strikethroughColor(segment.attributes)
                if let current = group, current.style == style, current.color == color,
                   current.glyphs.upperBound == segment.glyphs.lowerBound {
                    group = (current.glyphs.lowerBound..<segment.glyphs.upperBound, style, color)
                    continue
                }
                flush()
                group = (segment.glyphs, style, color)
            }
            flush()
        }
    }

    // MARK: Underline

    func _underlineGlyphRange(_ glyphRange: NSRange, underlineType underlineVal: NSUnderlineStyle,
                              lineFragmentRect lineRect: CGRect, lineFragmentGlyphRange lineGlyphRange: NSRange,
                              containerOrigin: CGPoint) {
        decorationPieces(glyphRange, style: underlineVal, lineGlyphRange: lineGlyphRange) { piece, style, baselineOffset in
            withDecorationColor(.underline, of: piece) {
                drawUnderline(forGlyphRange: piece, underlineType: style, baselineOffset: baselineOffset,
                              lineFragmentRect: lineRect, lineFragmentGlyphRange: lineGlyphRange, containerOrigin: containerOrigin)
            }
        }
    }

    func _drawUnderline(forGlyphRange glyphRange: NSRange, underlineType underlineVal: NSUnderlineStyle,
                        baselineOffset: CGFloat, lineFragmentRect lineRect: CGRect,
                        lineFragmentGlyphRange lineGlyphRange: NSRange, containerOrigin: CGPoint) {
        drawDecoration(.underline, glyphRange, style: underlineVal, lineRect: lineRect, containerOrigin: containerOrigin)
    }

    // MARK: Strikethrough

    func _strikethroughGlyphRange(_ glyphRange: NSRange, strikethroughType strikethroughVal: NSUnderlineStyle,
                                  lineFragmentRect lineRect: CGRect, lineFragmentGlyphRange lineGlyphRange: NSRange,
                                  containerOrigin: CGPoint) {
        decorationPieces(glyphRange, style: strikethroughVal, lineGlyphRange: lineGlyphRange) { piece, style, baselineOffset in
            withDecorationColor(.strikethrough, of: piece) {
                drawStrikethrough(forGlyphRange: piece, strikethroughType: style, baselineOffset: baselineOffset,
                                  lineFragmentRect: lineRect, lineFragmentGlyphRange: lineGlyphRange, containerOrigin: containerOrigin)
            }
        }
    }

    func _drawStrikethrough(forGlyphRange glyphRange: NSRange, strikethroughType strikethroughVal: NSUnderlineStyle,
                            baselineOffset: CGFloat, lineFragmentRect lineRect: CGRect,
                            lineFragmentGlyphRange lineGlyphRange: NSRange, containerOrigin: CGPoint) {
        drawDecoration(.strikethrough, glyphRange, style: strikethroughVal, lineRect: lineRect, containerOrigin: containerOrigin)
    }

    // MARK: Shared

    typealias DecorationKind = TextDecoration.Kind

    /// Runs `body` with the decoration's colour (`.underlineColor` / `.strikethroughColor`, else
    /// the text colour) set as the current context's stroke and fill colour, as TextKit does
    /// before it calls `drawUnderline`/`drawStrikethrough`, so an override that only strokes or
    /// fills its own path draws in that colour. The graphics state is restored afterwards.
    private func withDecorationColor(_ kind: DecorationKind, of glyphRange: NSRange, _ body: () -> Void) {
        guard let context = UIGraphicsGetCurrentContext(), glyphRange.length > 0 else { return body() }
        let attributes = drawingAttributes(atCharacter: characterIndexForGlyph(at: glyphRange.location))
        let color = kind == .underline ? DrawingValues.underlineColor(attributes) : DrawingValues.strikethroughColor(attributes)
        context.saveGState()
        defer { context.restoreGState() }
        context.setStrokeColor(color)
        context.setFillColor(color)
        body()
    }

    /// Splits `glyphRange` (one line's) into the pieces to draw: without the line's trailing white
    /// space, and word by word for `.byWord` (which the pieces' style no longer carries). Also
    /// computes the `baselineOffset` TextKit passes: the distance from the bottom of the glyphs'
    /// typographic bounds up to their baseline (the largest descent, baseline shifts included).
    private func decorationPieces(_ glyphRange: NSRange, style: NSUnderlineStyle, lineGlyphRange: NSRange,
                                  _ body: (NSRange, NSUnderlineStyle, CGFloat) -> Void) {
        guard glyphRange.length > 0, let found = flow.fragment(forGlyph: GlyphIndex(glyphRange.location)) else { return }
        let glyphs = found.analysis.glyphs
        var lower = found.local(GlyphIndex(glyphRange.location))
        var upper = found.local(GlyphIndex(min(glyphRange.location + glyphRange.length, found.glyphRange.location + found.glyphRange.length)))
        if glyphRange.location + glyphRange.length >= lineGlyphRange.location + lineGlyphRange.length {
            while upper > lower, glyphs.flags[upper - 1].contains(.whitespace) || glyphs.flags[upper - 1].contains(.control) {
                upper -= 1
            }
        }
        while lower < upper, glyphs.flags[lower].contains(.control) { lower += 1 }
        guard lower < upper else { return }
        var descent: CGFloat = 0
        forEachFontRun(found, lower..<upper) { font, style in
            descent = max(descent, -font.descender - CGFloat(style.baselineOffset))
        }
        var drawn = style
        drawn.remove(.byWord)
        if style.contains(.byWord) {
            var start: Int?
            for g in lower...upper {
                let isWord = g < upper && !glyphs.flags[g].contains(.whitespace)
                if isWord, start == nil { start = g }
                if !isWord, let s = start {
                    body(NSRange(location: found.glyph(s).rawValue, length: g - s), drawn, descent)
                    start = nil
                }
            }
        } else {
            body(NSRange(location: found.glyph(lower).rawValue, length: upper - lower), drawn, descent)
        }
    }

    /// Calls `body` with the font and style of each glyph run meeting `glyphs` (paragraph-local).
    private func forEachFontRun(_ found: LocatedFragment, _ glyphs: Range<Int>, _ body: (UIFont, RunStyle) -> Void) {
        let paragraph = found.analysis.glyphs
        var r = paragraph.runIndex(containingGlyph: glyphs.lowerBound)
        while r < paragraph.runs.count, paragraph.runs[r].glyphRange.lowerBound < glyphs.upperBound {
            let run = paragraph.runs[r]
            body(paragraph.fonts[Int(run.font)], found.analysis.styles[Int(run.style)])
            r += 1
        }
    }

    /// The default drawing of an underline or strikethrough piece.
    private func drawDecoration(_ kind: DecorationKind, _ glyphRange: NSRange, style: NSUnderlineStyle,
                                lineRect: CGRect, containerOrigin: CGPoint) {
        guard let context = UIGraphicsGetCurrentContext(), glyphRange.length > 0, TextDecoration.drawsLine(style),
              let found = flow.fragment(forGlyph: GlyphIndex(glyphRange.location)) else { return }
        let glyphs = found.analysis.glyphs
        let lower = found.local(GlyphIndex(glyphRange.location))
        let upper = min(found.local(GlyphIndex(glyphRange.location + glyphRange.length)), found.fragment.line.glyphRange.upperBound)
        guard lower < upper else { return }

        guard let (position, thickness, shift) = decorationPlacement(kind, found, lower..<upper) else { return }

        let attributes = drawingAttributes(atCharacter: found.character(Int(glyphs.clusters[lower])).rawValue)
        let color = kind == .underline ? DrawingValues.underlineColor(attributes) : DrawingValues.strikethroughColor(attributes)

        let (xs, advances) = linePositions(found)
        let lineLower = found.fragment.line.glyphRange.lowerBound
        var extents = XExtents()
        for g in lower..<upper {
            extents.add(CGFloat(xs[g - lineLower]), CGFloat(xs[g - lineLower] + advances[g - lineLower]))
        }
        // A hyphen drawn at the end of the line belongs to the word before it.
        let line = found.fragment.line
        if line.fitted.isHyphenated, upper == line.glyphRange.upperBound, let last = line.glyphRange.last {
            let font = glyphs.fonts[Int(glyphs.runs[glyphs.runIndex(containingGlyph: last)].font)]
            if let hyphen = font.hyphenGlyph {
                let x = CGFloat(line.hyphenX(in: glyphs))
                extents.add(x, x + font.advance(forGlyph: hyphen))
            }
        }

        let decoration = TextDecoration(kind, style: style, color: color,
                                        position: position, thickness: thickness, shadow: attributes[.shadow] as? NSShadow)
        // The line's space (x from the text origin, y up from the baseline) in container coordinates.
        let lineToUser = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: containerOrigin.x + found.fragment.textOriginX,
                                           ty: containerOrigin.y + lineRect.minY + found.fragment.baselineOffset)
        TextDecorationPainter.draw(decoration, spans: extents.merged, baselineShift: shift, lineToUser: lineToUser, in: context)
    }

    /// Where an underline or strikethrough over paragraph-local `glyphs` goes, from the fonts of
    /// their runs: its centre above the baseline (y up, as `UIFont` gives it), its thickness, and
    /// the baseline shift it follows (an underline the lowest of the piece, a strikethrough the
    /// first). Nil when no run has a font.
    private func decorationPlacement(_ kind: DecorationKind, _ found: LocatedFragment,
                                     _ glyphs: Range<Int>) -> (position: CGFloat, thickness: CGFloat, shift: CGFloat)? {
        var position = CGFloat.infinity
        var thickness: CGFloat = 0
        var lowestShift = CGFloat.infinity
        var firstShift: CGFloat?
        forEachFontRun(found, glyphs) { font, runStyle in
            let shift = CGFloat(runStyle.baselineOffset)
            lowestShift = min(lowestShift, shift)
            if firstShift == nil { firstShift = shift }
            let metrics = TextDecoration.metrics(kind, font: font)
            position = min(position, metrics.position)
            thickness = max(thickness, metrics.thickness)
        }
        guard position.isFinite else { return nil }
        return (position, thickness, kind == .underline ? lowestShift : (firstShift ?? 0))
    }
}
