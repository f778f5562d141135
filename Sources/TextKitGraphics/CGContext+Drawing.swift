import CCairo
import Foundation

/// One drawing operation, with its geometry in page space unless noted.
enum DrawCommand {
    case fill(CGPath, CGPathFillRule)
    case stroke(CGPath)
    case glyphs(GlyphRunCommand)
    /// The rectangle is in user space; `upright` is UIKit's image drawing, otherwise Core
    /// Graphics' (top row at the rectangle's maxY).
    case image(CGImage, CGRect, upright: Bool)
    case clear(CGPath)
}

extension CGContext {
    // MARK: Painting the current path

    /// Fills the current path with the fill colour under `rule`, then clears the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        let path = takePath()
        guard !path.isEmpty else { return }
        perform(.fill(path, rule))
    }

    /// Strokes the current path with the stroke colour and line style, then clears the path.
    public func strokePath() {
        let path = takePath()
        guard !path.isEmpty else { return }
        perform(.stroke(path))
    }

    /// Fills and/or strokes the current path as `mode` says (fill first), then clears it.
    public func drawPath(using mode: CGPathDrawingMode) {
        let path = takePath()
        guard !path.isEmpty else { return }
        switch mode {
        case .fill: perform(.fill(path, .winding))
        case .eoFill: perform(.fill(path, .evenOdd))
        case .stroke: perform(.stroke(path))
        case .fillStroke: perform(.fill(path, .winding)); perform(.stroke(path))
        case .eoFillStroke: perform(.fill(path, .evenOdd)); perform(.stroke(path))
        }
    }

    // MARK: Shapes that leave the current path alone

    /// Fills `rect` (user space) with the fill colour.
    public func fill(_ rect: CGRect) { fill([rect]) }

    /// Fills every rectangle (user space) with the fill colour, as one operation.
    public func fill(_ rects: [CGRect]) {
        let path = CGMutablePath()
        for rect in rects where !rect.isNull && !rect.isInfinite { path.addRect(rect, transform: state.ctm) }
        guard !path.isEmpty else { return }
        perform(.fill(path, .winding))
    }

    /// Strokes the outline of `rect` with the current line style.
    public func stroke(_ rect: CGRect) {
        guard !rect.isNull else { return }
        let path = CGMutablePath()
        path.addRect(rect, transform: state.ctm)
        perform(.stroke(path))
    }

    /// Strokes the outline of `rect` with line width `width` (the state's width is unchanged).
    public func stroke(_ rect: CGRect, width: CGFloat) {
        let saved = state.lineWidth
        setLineWidth(width)
        stroke(rect)
        state.lineWidth = saved
    }

    /// Fills the ellipse inscribed in `rect`.
    public func fillEllipse(in rect: CGRect) {
        guard !rect.isNull else { return }
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: state.ctm)
        perform(.fill(path, .winding))
    }

    /// Strokes the ellipse inscribed in `rect`.
    public func strokeEllipse(in rect: CGRect) {
        guard !rect.isNull else { return }
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: state.ctm)
        perform(.stroke(path))
    }

    /// Strokes separate segments between pairs of points (0–1, 2–3, …).
    public func strokeLineSegments(between points: [CGPoint]) {
        let path = CGMutablePath()
        var i = 0
        while i + 1 < points.count {
            path.move(to: points[i], transform: state.ctm)
            path.addLine(to: points[i + 1], transform: state.ctm)
            i += 2
        }
        guard !path.isEmpty else { return }
        perform(.stroke(path))
    }

    /// Makes `rect` fully transparent (black on an opaque image), ignoring colour, alpha and
    /// blend mode.
    public func clear(_ rect: CGRect) {
        guard !rect.isNull else { return }
        let path = CGMutablePath()
        path.addRect(rect, transform: state.ctm)
        perform(.clear(path))
    }

    // MARK: Images

    /// Draws `image` scaled into `rect` (user space) with Core Graphics' orientation: the
    /// image's top row lands at the rectangle's `maxY`. In UIKit's y-down space that is upside
    /// down, exactly as on iOS; flip the CTM first (or use ``UIImage/draw(in:)``) for an
    /// upright image.
    public func draw(_ image: CGImage, in rect: CGRect) {
        guard !rect.isNull, !rect.isEmpty else { return }
        perform(.image(image, rect.standardized, upright: false))
    }

    /// Draws `image` upright in `rect`: its top row at the rectangle's `minY` (UIKit's image
    /// drawing).
    package func drawUpright(_ image: CGImage, in rect: CGRect) {
        guard !rect.isNull, !rect.isEmpty else { return }
        perform(.image(image, rect.standardized, upright: true))
    }

    // MARK: Clipping

    /// Intersects the clip with the current path (filled under `rule`), then clears the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        let path = takePath()
        clip(toPagePath: path, rule: rule)
    }

    /// Intersects the clip with `rect` (user space).
    public func clip(to rect: CGRect) { clip(to: [rect]) }

    /// Intersects the clip with the union of `rects` (user space).
    public func clip(to rects: [CGRect]) {
        let path = CGMutablePath()
        for rect in rects where !rect.isNull { path.addRect(rect, transform: state.ctm) }
        clip(toPagePath: path, rule: .winding)
    }

    /// Removes all clipping (Core Graphics' `resetClip`).
    public func resetClip() {
        state.clipBounds = nil
        if let cr = cairoContext { cairo_reset_clip(cr) }
    }

    /// The bounding box of the clip in user space; the whole page when unclipped.
    public var boundingBoxOfClipPath: CGRect {
        let page = state.clipBounds ?? pageRect
        return page.isNull ? page : page.applying(state.ctm.inverted())
    }

    private func clip(toPagePath path: CGPath, rule: CGPathFillRule) {
        let box = path.boundingBoxOfPath
        let bounds = box.isNull ? CGRect.zero : box.clampedToLayoutLimits  // Foundation's intersection traps on NaN
        state.clipBounds = state.clipBounds.map { $0.intersection(bounds) } ?? bounds
        if state.clipBounds?.isNull == true { state.clipBounds = .zero }
        guard let cr = cairoContext else { return }
        setCairoMatrix(cr, baseTransform)
        cairo_new_path(cr)
        appendCairoPath(cr, path)
        cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_clip(cr)
    }

    // MARK: Dispatch

    /// Sends a drawing operation to the backend (ignored between PDF pages and after closing).
    func perform(_ command: DrawCommand) {
        guard acceptsDrawing else { return }
        switch backend {
        case .recording(let recording):
            recording.record(command, in: self)
            if case .glyphs(let run) = command, state.textDrawingMode.clips {
                // No outlines here: clip to the glyphs' em boxes.
                let size = abs(state.fontSize)
                let boxes = run.positions.map { CGRect(x: $0.x - size, y: $0.y - size, width: 2 * size, height: 2 * size) }
                let box = boxes.reduce(CGRect.null) { $0.union($1) }.applying(state.ctm)
                state.clipBounds = state.clipBounds.map { $0.intersection(box) } ?? box
            }
        case .cairo(let target):
            let renderer = CairoRenderer(context: self, target: target)
            renderer.draw(command)
            if case .glyphs(let run) = command, state.textDrawingMode.clips {
                let box = renderer.clipToGlyphs(run) ?? .zero
                state.clipBounds = state.clipBounds.map { $0.intersection(box) } ?? box
                if state.clipBounds?.isNull == true { state.clipBounds = .zero }
            }
        }
    }
}
