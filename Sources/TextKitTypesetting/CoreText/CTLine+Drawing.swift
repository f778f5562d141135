import TextKitFonts
import TextKitGraphics
import TextKitModel

// Drawing lines and runs into a CGContext of the graphics layer.
//
// Core Text draws as Core Graphics does: a point of a line's space (y up, from the line's
// origin) is text space, which the context's text matrix (its translation is the text position)
// maps to the current user space. Every context here starts y down, as UIKit's do, so Core Text
// code flips it first (`translateBy(x: 0, y: height)`, `scaleBy(x: 1, y: -1)`), exactly as on
// iOS; without the flip the text comes out upside down, as it would there.

extension CTRun {
    /// Draws the glyphs of `range`, the line's origin at the context's text position: the
    /// background, the glyphs, then the underline and the strikethrough.
    func draw(in context: CGContext, range: CFRange) {
        let indices = visibleIndices(range, "CTRunDraw")
        guard !indices.isEmpty else { return }
        let textToUser = context.textMatrix
        drawBackground(in: context, indices: indices, textToUser: textToUser)
        drawGlyphs(in: context, indices: indices, textToUser: textToUser)
        drawDecoration(.underline, in: context, indices: indices, textToUser: textToUser)
        drawDecoration(.strikethrough, in: context, indices: indices, textToUser: textToUser)
    }

    /// The run indices of the glyphs of `range` that draw something (not controls or attachments).
    func visibleIndices(_ range: CFRange, _ what: String) -> [Int] {
        let all = glyphRange(range, what)
        guard let invisible else { return Array(all) }
        return all.filter { !invisible[$0] }
    }

    /// Paints the glyphs at `indices` with ``GlyphRunPainter``, in Core Text's reading of the
    /// attributes; their positions go from the line's space to user space through the text matrix.
    func drawGlyphs(in context: CGContext, indices: [Int], textToUser: CGAffineTransform) {
        let text = textAndClusters(indices)
        let run = GlyphRunPainter.Run(font: font, glyphs: indices.map { glyphs[$0] },
                                      positions: indices.map { positions[$0].applying(textToUser) },
                                      // The run's own matrix (obliqueness, expansion) shapes the glyphs before the text matrix.
                                      glyphTransform: textMatrix.concatenating(textToUser.linearPart),
                                      text: text?.0, clusters: text?.1, isRightToLeft: status.contains(.rightToLeft))
        GlyphRunPainter.paint(run, with: GlyphPaint(coreText: attributes), in: context) { GlyphRunPainter.show(run, in: $0) }
    }

    /// Draws the run's underline or strikethrough, if it has one, under the glyphs at `indices`
    /// (their advances) with ``TextDecorationPainter``: the run's font places it, it follows the
    /// run's baseline offset, and is coloured `kCTUnderlineColorAttributeName` (else
    /// `.underlineColor`) or `.strikethroughColor`, else the glyphs' colour. `.byWord` is not
    /// honoured: the run is underlined from end to end.
    func drawDecoration(_ kind: TextDecoration.Kind, in context: CGContext, indices: [Int], textToUser: CGAffineTransform) {
        let value = attributes[kind == .underline ? .underlineStyle : .strikethroughStyle]
        guard value != nil, let style = DrawingValues.lineStyle(value), TextDecoration.drawsLine(style),
              let extent = xExtent(indices) else { return }
        let color = kind == .underline ? DrawingValues.color(attributes[CoreTextKey.underlineColor] ?? attributes[.underlineColor])
            : DrawingValues.color(attributes[.strikethroughColor])
        let (position, thickness) = TextDecoration.metrics(kind, font: font)
        let decoration = TextDecoration(kind, style: style, color: color ?? DrawingValues.coreTextColor(attributes) ?? .black,
                                        position: position, thickness: thickness)
        TextDecorationPainter.draw(decoration, spans: [extent], baselineShift: baselineShift, lineToUser: textToUser, in: context)
    }

    /// The horizontal extent, in the line's space, of the advances of the glyphs at `indices`.
    private func xExtent(_ indices: [Int]) -> ClosedRange<CGFloat>? {
        var left = CGFloat.infinity, right = -CGFloat.infinity
        for i in indices {
            left = min(left, positions[i].x)
            right = max(right, positions[i].x + advances[i].width)
        }
        return right > left ? left...right : nil
    }

    /// The text the glyphs at `indices` draw and how it groups, for searchable PDF output; nil
    /// when the glyphs are not in order (then the glyphs are drawn without text).
    private func textAndClusters(_ indices: [Int]) -> (String, [GlyphCluster])? {
        switch source {
        case .literal(let text):
            return (text, [GlyphCluster(utf16Count: text.utf16.count, glyphCount: indices.count)])
        case .paragraph(let paragraph, let glyphIndices):
            let glyphs = paragraph.glyphs
            var logical = indices.map { Int(glyphIndices[$0]) }
            if status.contains(.rightToLeft) { logical.reverse() }
            for k in logical.indices.dropFirst() where glyphs.clusters[logical[k]] < glyphs.clusters[logical[k - 1]] {
                return nil
            }
            let (characters, clusters) = glyphs.characterClusters(ofLogicalGlyphs: logical)
            let text = String(decoding: UnsafeBufferPointer(rebasing: paragraph.text[characters]), as: UTF16.self)
            return (text, clusters)
        }
    }

    /// Fills `kCTBackgroundColorAttributeName` behind the glyphs at `indices` (their advances, over
    /// the run's ascent and descent), as Core Text does. UIKit's `.backgroundColor` is not drawn
    /// here, as in Core Text.
    func drawBackground(in context: CGContext, indices: [Int], textToUser: CGAffineTransform) {
        guard let color = DrawingValues.color(attributes[CoreTextKey.backgroundColor]),
              let extent = xExtent(indices) else { return }
        // Text space is y up; the text matrix takes it to user space.
        let corners = [CGPoint(x: extent.lowerBound, y: -descent), CGPoint(x: extent.upperBound, y: -descent),
                       CGPoint(x: extent.upperBound, y: ascent), CGPoint(x: extent.lowerBound, y: ascent)].map { $0.applying(textToUser) }
        context.saveGState()
        context.setFillColor(color)
        context.addLines(between: corners)
        context.closePath()
        context.fillPath()
        context.restoreGState()
    }
}

extension CTLine {
    /// Draws the line with its origin (left end of the baseline) at the context's text position,
    /// as ``CTLineDraw(_:_:)``.
    ///
    /// Each kind of mark is drawn for the whole line before the next: backgrounds, glyphs,
    /// underlines, strikethroughs (so that no glyph of a neighbouring run covers a line, as in
    /// the layout manager's drawing).
    public func draw(in context: CGContext) {
        let textToUser = context.textMatrix
        let parts = glyphRuns.compactMap { run -> (CTRun, [Int])? in
            let indices = run.visibleIndices(CFRange(), "CTLineDraw")
            return indices.isEmpty ? nil : (run, indices)
        }
        for (run, indices) in parts { run.drawBackground(in: context, indices: indices, textToUser: textToUser) }
        for (run, indices) in parts { run.drawGlyphs(in: context, indices: indices, textToUser: textToUser) }
        for kind in [TextDecoration.Kind.underline, .strikethrough] {
            for (run, indices) in parts { run.drawDecoration(kind, in: context, indices: indices, textToUser: textToUser) }
        }
    }
}

// MARK: - Core Text functions

/// Draws the line with its origin at the context's `textPosition` (Core Text's `CTLineDraw`).
///
/// As in Core Text, the line's space (y up) is text space: the context's text matrix, whose
/// translation is the text position, maps it to the current user space. A UIKit context (every
/// context here starts as one, y down) must be flipped first, as on iOS, or the text comes out
/// upside down (see ``CTFrame``). Glyphs are filled with `kCTForegroundColorAttributeName`, else
/// UIKit's `.foregroundColor` (black by default; the context's fill colour with
/// `kCTForegroundColorFromContextAttributeName`), outlined per `kCTStrokeWidthAttributeName`,
/// underlined per `kCTUnderlineStyleAttributeName`, struck through per `.strikethroughStyle` (as
/// Core Text does since iOS 15), and backed by `kCTBackgroundColorAttributeName`; UIKit's
/// `.backgroundColor`, shadows, text effects, attachments and run delegates' boxes are not drawn,
/// as in Core Text. Glyphs and lines are painted by the same painters as the layout manager's
/// (`GlyphRunPainter`, `TextDecorationPainter`), so a line draws alike through both. The text
/// position is left unchanged. In PDF output the text is searchable.
public func CTLineDraw(_ line: CTLine, _ context: CGContext) {
    line.draw(in: context)
}

/// Draws the glyphs of `range` of the run (zero length: to the end) with the line's origin at the
/// context's `textPosition`, as ``CTLineDraw(_:_:)`` (Core Text's `CTRunDraw`).
public func CTRunDraw(_ run: CTRun, _ context: CGContext, _ range: CFRange) {
    run.draw(in: context, range: range)
}
