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
    /// Draws the glyphs of `range`, the line's origin at the context's text position.
    func draw(in context: CGContext, range: CFRange) {
        let indices = glyphRange(range, "CTRunDraw").filter { invisible?[$0] != true }
        guard !indices.isEmpty else { return }
        let savedMatrix = context.textMatrix
        let textToUser = savedMatrix
        context.saveGState()
        defer {
            context.restoreGState()
            context.textMatrix = savedMatrix
        }
        drawBackground(in: context, indices: indices, textToUser: textToUser)
        let fromContext = (attributes[CoreTextKey.foregroundColorFromContext] as? Bool) == true
        let foreground = fromContext ? nil : (Self.color(attributes[coreTextFirst: .foregroundColor]) ?? .black)
        if let foreground { context.setFillColor(foreground) }
        context.setFont(font.cgFont)
        context.setFontSize(font.pointSize)
        var mode = CGTextDrawingMode.fill
        let strokeWidth = RunStyle.number(attributes[.strokeWidth]) ?? 0
        context.setLineJoin(.round)
        if strokeWidth != 0 {
            mode = strokeWidth > 0 ? .stroke : .fillStroke
            context.setLineWidth(abs(strokeWidth) / 100 * font.pointSize + font.syntheticBoldStrength)
            context.setStrokeColor(Self.color(attributes[coreTextFirst: .strokeColor]) ?? foreground ?? .black)
        } else if font.syntheticTraits.contains(.bold) {
            mode = .fillStroke
            context.setLineWidth(font.syntheticBoldStrength)
            if let foreground { context.setStrokeColor(foreground) }
        }
        context.setTextDrawingMode(mode)

        let ids = indices.map { glyphs[$0] }
        let points = indices.map { positions[$0].applying(textToUser) }
        // The run's own matrix (obliqueness, expansion) shapes the glyphs before the text matrix.
        let glyphTransform = textMatrix.concatenating(textToUser.linearPart)
        let text = textAndClusters(indices)
        context.showGlyphs(ids, atUserPositions: points, glyphTransform: glyphTransform, text: text?.0, clusters: text?.1,
                           isRightToLeft: status.contains(.rightToLeft))
        drawUnderline(in: context, indices: indices, textToUser: textToUser, foreground: foreground)
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
    private func drawBackground(in context: CGContext, indices: [Int], textToUser: CGAffineTransform) {
        guard let color = Self.color(attributes[CoreTextKey.backgroundColor]) else { return }
        var left = CGFloat.infinity, right = -CGFloat.infinity
        for i in indices {
            left = min(left, positions[i].x)
            right = max(right, positions[i].x + advances[i].width)
        }
        guard right > left else { return }
        // Text space is y up; the text matrix takes it to user space.
        let corners = [CGPoint(x: left, y: -descent), CGPoint(x: right, y: -descent),
                       CGPoint(x: right, y: ascent), CGPoint(x: left, y: ascent)].map { $0.applying(textToUser) }
        context.saveGState()
        context.setFillColor(color)
        context.addLines(between: corners)
        context.closePath()
        context.fillPath()
        context.restoreGState()
    }

    /// Draws the run's underline under the glyphs at `indices`, if it has one.
    private func drawUnderline(in context: CGContext, indices: [Int], textToUser: CGAffineTransform, foreground: UIColor?) {
        let raw: Int
        if let style = attributes[.underlineStyle] as? NSUnderlineStyle { raw = style.rawValue }
        else if let style = attributes[.underlineStyle] as? CTUnderlineStyle { raw = Int(style.rawValue) }
        else { raw = Int(RunStyle.number(attributes[.underlineStyle]) ?? 0) }
        let kind = raw & 0xFF
        guard kind != 0 else { return }
        var left = CGFloat.infinity, right = -CGFloat.infinity
        for i in indices {
            left = min(left, positions[i].x)
            right = max(right, positions[i].x + advances[i].width)
        }
        guard right > left else { return }
        let shift = indices.first.map { positions[$0].y } ?? 0
        var thickness = max(font.underlineThickness, 0.5)
        if kind == NSUnderlineStyle.thick.rawValue { thickness *= 2 }
        // In text space, y up: underlinePosition is measured up from the baseline (negative below it).
        let y = shift + font.underlinePosition
        context.setStrokeColor(Self.color(attributes[coreTextFirst: .underlineColor]) ?? foreground ?? .black)
        context.setLineWidth(thickness * abs(textToUser.determinant).squareRoot())
        let unit = thickness
        switch raw & 0x0F00 {
        case 0x0100: context.setLineDash(phase: 0, lengths: [unit, 2 * unit])
        case 0x0200: context.setLineDash(phase: 0, lengths: [4 * unit, 2 * unit])
        case 0x0300: context.setLineDash(phase: 0, lengths: [4 * unit, 2 * unit, unit, 2 * unit])
        case 0x0400: context.setLineDash(phase: 0, lengths: [4 * unit, 2 * unit, unit, 2 * unit, unit, 2 * unit])
        default: context.setLineDash(phase: 0, lengths: [])
        }
        let lines = kind == NSUnderlineStyle.double.rawValue ? [y - thickness, y + thickness] : [y]
        for ly in lines {
            context.strokeLineSegments(between: [CGPoint(x: left, y: ly).applying(textToUser),
                                                 CGPoint(x: right, y: ly).applying(textToUser)])
        }
    }

    /// A colour attribute value: a `UIColor` or a `CGColor`.
    static func color(_ value: Any?) -> UIColor? {
        if let color = value as? UIColor { return color }
        if let color = value as? CGColor { return UIColor(cgColor: color) }
        return nil
    }
}

extension CTLine {
    /// Draws the line with its origin (left end of the baseline) at the context's text position,
    /// as ``CTLineDraw(_:_:)``.
    public func draw(in context: CGContext) {
        for run in glyphRuns { run.draw(in: context, range: CFRange()) }
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
/// underlined per `kCTUnderlineStyleAttributeName`, and backed by `kCTBackgroundColorAttributeName`;
/// UIKit's `.backgroundColor`, strikethroughs, shadows, attachments and run delegates' boxes are
/// not drawn, as in Core Text. The text
/// position is left unchanged. In PDF output the text is searchable.
public func CTLineDraw(_ line: CTLine, _ context: CGContext) {
    line.draw(in: context)
}

/// Draws the glyphs of `range` of the run (zero length: to the end) with the line's origin at the
/// context's `textPosition`, as ``CTLineDraw(_:_:)`` (Core Text's `CTRunDraw`).
public func CTRunDraw(_ run: CTRun, _ context: CGContext, _ range: CFRange) {
    run.draw(in: context, range: range)
}
