import CCairo
import Foundation

/// Draws ``DrawCommand``s with Cairo, honouring the context's graphics state.
///
/// Cairo errors are sticky (one invalid matrix disables a `cairo_t` for good), so nothing
/// non-finite or singular reaches Cairo: such operations are skipped, as they would draw
/// nothing anyway.
struct CairoRenderer {
    let context: CGContext
    let target: CairoTarget
    var state: GraphicsState { context.state }

    func draw(_ command: DrawCommand) {
        if let shadow = state.shadow, shadow.color.alpha > 0, !command.isClear {
            drawShadow(of: command, shadow: shadow)
        }
        render(command, on: target.cr, base: context.baseTransform)
    }

    /// Renders `command` on `cr`, whose device space is page space mapped by `base`. For a
    /// shadow mask (`forMask`) the blend mode is ignored.
    func render(_ command: DrawCommand, on cr: OpaquePointer, base: CGAffineTransform, forMask: Bool = false) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_new_path(cr)
        cairo_set_operator(cr, command.isClear ? CAIRO_OPERATOR_CLEAR : forMask ? CAIRO_OPERATOR_OVER : cairoOperator(state.blendMode))
        cairo_set_antialias(cr, state.shouldAntialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        let userToDevice = state.ctm.concatenating(base)
        switch command {
        case .fill(let path, let rule):
            setCairoMatrix(cr, base)
            appendCairoPath(cr, path)
            cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            setSource(cr, state.fillColor)
            cairo_fill(cr)
        case .clear(let path):
            setCairoMatrix(cr, base)
            appendCairoPath(cr, path)
            cairo_fill(cr)
        case .stroke(let path):
            setCairoMatrix(cr, base)
            appendCairoPath(cr, path)
            // The pen is shaped by the CTM at stroke time, so switch to user space to stroke.
            guard isUsable(userToDevice) else { return cairo_new_path(cr) }
            setCairoMatrix(cr, userToDevice)
            applyLineStyle(cr)
            setSource(cr, state.strokeColor)
            cairo_stroke(cr)
        case .glyphs(let run):
            guard isUsable(userToDevice) else { return }
            setCairoMatrix(cr, userToDevice)
            drawGlyphs(run, on: cr)
        case .image(let image, let rect, let upright):
            guard isUsable(userToDevice), rect.width > 0, rect.height > 0,
                  rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
            setCairoMatrix(cr, userToDevice)
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            cairo_clip(cr)
            cairo_translate(cr, rect.minX, upright ? rect.minY : rect.maxY)
            cairo_scale(cr, rect.width / CGFloat(image.width), (upright ? 1 : -1) * rect.height / CGFloat(image.height))
            cairo_set_source_surface(cr, image.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), cairoFilter(state.interpolationQuality))
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_paint_with_alpha(cr, state.alpha)
        }
    }

    private func drawGlyphs(_ run: GlyphRunCommand, on cr: OpaquePointer) {
        let mode = state.textDrawingMode
        guard mode.fills || mode.strokes, let pixelsPerEm = setGlyphFont(run, on: cr) else { return }
        let huge = pixelsPerEm > CairoRenderer.largestRasterizedGlyphPixelsPerEm
        // Cairo makes a huge bitmap glyph's path by tracing the scaled bitmap: not at all.
        if huge, state.font?.hasOutlines != true { return }
        let asOutlines = huge && cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE
        run.cairoGlyphs.withUnsafeBufferPointer { glyphs in
            if mode.fills {
                setSource(cr, state.fillColor)
                if asOutlines {
                    cairo_new_path(cr)
                    cairo_glyph_path(cr, glyphs.baseAddress, Int32(glyphs.count))
                    cairo_fill(cr)
                } else if let text = run.utf8Text, !run.cairoClusters.isEmpty {
                    run.cairoClusters.withUnsafeBufferPointer { clusters in
                        cairo_show_text_glyphs(cr, text, Int32(text.utf8.count), glyphs.baseAddress, Int32(glyphs.count),
                                               clusters.baseAddress, Int32(clusters.count), run.clusterFlags)
                    }
                } else {
                    cairo_show_glyphs(cr, glyphs.baseAddress, Int32(glyphs.count))
                }
            }
            if mode.strokes {
                cairo_new_path(cr)
                cairo_glyph_path(cr, glyphs.baseAddress, Int32(glyphs.count))
                applyLineStyle(cr)
                setSource(cr, state.strokeColor)
                cairo_stroke(cr)
            }
        }
    }

    /// Sets the run's font and font matrix on `cr` and returns the glyphs' size in device pixels
    /// per em; nil when there is nothing drawable.
    private func setGlyphFont(_ run: GlyphRunCommand, on cr: OpaquePointer) -> CGFloat? {
        guard let font = state.font, state.fontSize.isFinite, state.fontSize != 0, !run.glyphs.isEmpty else { return nil }
        let g = run.glyphTransform
        guard isUsable(g.linearPart) else { return nil }
        cairo_set_font_face(cr, font.cairoFontFace)
        // `g` maps the font's y-up glyph space to user space; Cairo's glyph space is y-down, so
        // Cairo's font matrix is `g` after a flip.
        let s = state.fontSize
        var fontMatrix = cairo_matrix_t(xx: s * g.a, yx: s * g.b, xy: -s * g.c, yy: -s * g.d, x0: 0, y0: 0)
        // FreeType renders at most 65,535 pixels per em, and Cairo marks a font face that failed
        // to scale as broken for the rest of the process (every later document using the font
        // would fail). Glyphs that large are not drawn.
        var ctm = cairo_matrix_t()
        cairo_get_matrix(cr, &ctm)
        var device = fontMatrix
        cairo_matrix_multiply(&device, &fontMatrix, &ctm)
        let extent = (device.xx * device.xx + device.yx * device.yx + device.xy * device.xy + device.yy * device.yy).squareRoot()
        guard extent.isFinite, extent < CairoRenderer.maximumGlyphPixelsPerEm else { return nil }
        cairo_set_font_matrix(cr, &fontMatrix)
        return extent
    }

    /// For the clip text modes: intersects the live clip with the run's glyph outlines and
    /// returns their bounding box in page space (nil when nothing could be drawn: the clip is then empty).
    func clipToGlyphs(_ run: GlyphRunCommand) -> CGRect? {
        let cr = target.cr
        let userToDevice = state.ctm.concatenating(context.baseTransform)
        cairo_new_path(cr)
        if isUsable(userToDevice) { setCairoMatrix(cr, userToDevice) }
        guard isUsable(userToDevice), let pixelsPerEm = setGlyphFont(run, on: cr),
              pixelsPerEm <= CairoRenderer.largestRasterizedGlyphPixelsPerEm || state.font?.hasOutlines == true else {
            cairo_clip(cr)  // an empty path: nothing shows through
            return nil
        }
        run.cairoGlyphs.withUnsafeBufferPointer { cairo_glyph_path(cr, $0.baseAddress, Int32($0.count)) }
        setCairoMatrix(cr, context.baseTransform)  // extents in page space
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_path_extents(cr, &x0, &y0, &x1, &y1)
        cairo_clip(cr)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    private func applyLineStyle(_ cr: OpaquePointer) {
        cairo_set_line_width(cr, state.lineWidth)
        cairo_set_line_cap(cr, cairo_line_cap_t(UInt32(state.lineCap.rawValue)))
        cairo_set_line_join(cr, cairo_line_join_t(UInt32(state.lineJoin.rawValue)))
        cairo_set_miter_limit(cr, state.miterLimit)
        if state.lineDash.isEmpty {
            cairo_set_dash(cr, nil, 0, 0)
        } else {
            let dashes = state.lineDash.map(Double.init)
            dashes.withUnsafeBufferPointer {
                cairo_set_dash(cr, $0.baseAddress, Int32($0.count), Double(state.lineDashPhase))
            }
        }
    }

    private func setSource(_ cr: OpaquePointer, _ color: UIColor) {
        func unit(_ v: CGFloat) -> Double { v.isFinite ? Double(min(max(v, 0), 1)) : 0 }
        cairo_set_source_rgba(cr, unit(color.red), unit(color.green), unit(color.blue), unit(color.alpha * state.alpha))
    }
}

extension DrawCommand {
    var isClear: Bool { if case .clear = self { true } else { false } }
}

/// True when Cairo accepts `t` as a matrix (finite and invertible).
func isUsable(_ t: CGAffineTransform) -> Bool {
    let det = t.determinant
    return det != 0 && det.isFinite && t.tx.isFinite && t.ty.isFinite
        && abs(det) > 1e-12 * max(1, t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d)
}

/// Sets Cairo's CTM (`cairo_matrix_t` has the same layout with other names).
func setCairoMatrix(_ cr: OpaquePointer, _ t: CGAffineTransform) {
    guard isUsable(t) else { return }
    var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
    cairo_set_matrix(cr, &m)
}

/// Appends `path` to Cairo's current path in Cairo's user space (quadratic curves become
/// cubics; non-finite points are skipped).
func appendCairoPath(_ cr: OpaquePointer, _ path: CGPath) {
    var current = CGPoint.zero
    var start = CGPoint.zero
    func finite(_ points: CGPoint...) -> Bool { points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
    for element in path.elements {
        switch element {
        case .moveToPoint(let p):
            guard finite(p) else { continue }
            cairo_move_to(cr, p.x, p.y); current = p; start = p
        case .addLineToPoint(let p):
            guard finite(p) else { continue }
            cairo_line_to(cr, p.x, p.y); current = p
        case .addQuadCurveToPoint(let c, let e):
            guard finite(c, e) else { continue }
            let c1 = CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
            let c2 = CGPoint(x: e.x + 2 / 3 * (c.x - e.x), y: e.y + 2 / 3 * (c.y - e.y))
            cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, e.x, e.y); current = e
        case .addCurveToPoint(let c1, let c2, let e):
            guard finite(c1, c2, e) else { continue }
            cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, e.x, e.y); current = e
        case .closeSubpath:
            cairo_close_path(cr); current = start
        }
    }
}

func cairoOperator(_ mode: CGBlendMode) -> cairo_operator_t {
    switch mode {
    case .normal: CAIRO_OPERATOR_OVER
    case .multiply, .plusDarker: CAIRO_OPERATOR_MULTIPLY
    case .screen: CAIRO_OPERATOR_SCREEN
    case .overlay: CAIRO_OPERATOR_OVERLAY
    case .darken: CAIRO_OPERATOR_DARKEN
    case .lighten: CAIRO_OPERATOR_LIGHTEN
    case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
    case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
    case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
    case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
    case .difference: CAIRO_OPERATOR_DIFFERENCE
    case .exclusion: CAIRO_OPERATOR_EXCLUSION
    case .hue: CAIRO_OPERATOR_HSL_HUE
    case .saturation: CAIRO_OPERATOR_HSL_SATURATION
    case .color: CAIRO_OPERATOR_HSL_COLOR
    case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
    case .clear: CAIRO_OPERATOR_CLEAR
    case .copy: CAIRO_OPERATOR_SOURCE
    case .sourceIn: CAIRO_OPERATOR_IN
    case .sourceOut: CAIRO_OPERATOR_OUT
    case .sourceAtop: CAIRO_OPERATOR_ATOP
    case .destinationOver: CAIRO_OPERATOR_DEST_OVER
    case .destinationIn: CAIRO_OPERATOR_DEST_IN
    case .destinationOut: CAIRO_OPERATOR_DEST_OUT
    case .destinationAtop: CAIRO_OPERATOR_DEST_ATOP
    case .xor: CAIRO_OPERATOR_XOR
    case .plusLighter: CAIRO_OPERATOR_ADD
    }
}

func cairoFilter(_ quality: CGInterpolationQuality) -> cairo_filter_t {
    switch quality {
    case .none: CAIRO_FILTER_NEAREST
    case .low: CAIRO_FILTER_FAST
    case .default, .medium: CAIRO_FILTER_GOOD
    case .high: CAIRO_FILTER_BEST
    }
}
