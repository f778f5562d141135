import CCairo
import Foundation

// Shadows. Cairo has no blur, so a shadow is made here: the operation is recorded in page space
// on an alpha-only recording surface, replayed into an 8-bit mask at the target's resolution
// over the operation's ink extents (grown by three standard deviations), blurred with three
// box passes (a close approximation of a Gaussian), and painted in the shadow colour through
// the mask, displaced by the offset, before the operation itself is drawn. On vector backends
// the mask is embedded as an image (soft mask) under the vector drawing.

extension CairoRenderer {
    /// The largest mask side in pixels; bigger shadows are rasterised at a lower resolution.
    static let maximumShadowMaskSide: CGFloat = 4096
    /// The largest glyph drawn, in device pixels per em (FreeType's limit is 65,535); larger
    /// glyphs (a 10,000-point font widened by `.expansion`, or zoomed in) are left out.
    static let maximumGlyphPixelsPerEm: CGFloat = 60_000
    /// Above this many device pixels per em, glyphs on an image surface are filled as outlines:
    /// Cairo would first rasterize each whole glyph into its glyph cache (a 20,000-pixel glyph is a
    /// 400 MB mask), however little of it the image shows. Bitmap glyphs (colour emoji) have no
    /// outline and are left out at such sizes.
    static let largestRasterizedGlyphPixelsPerEm: CGFloat = 2048

    func drawShadow(of command: DrawCommand, shadow: CGShadow) {
        guard shadow.offset.width.isFinite, shadow.offset.height.isFinite else { return }
        // 1. The operation's alpha, recorded in page space.
        guard let recording = cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, nil) else { return }
        defer { cairo_surface_destroy(recording) }
        let recorder = cairo_create(recording)!
        copyFontOptions(to: recorder)
        render(command, on: recorder, base: .identity, forMask: true)
        cairo_destroy(recorder)
        var inkX = 0.0, inkY = 0.0, inkWidth = 0.0, inkHeight = 0.0
        cairo_recording_surface_ink_extents(recording, &inkX, &inkY, &inkWidth, &inkHeight)
        guard inkWidth > 0, inkHeight > 0 else { return }

        // 2. The area of the mask (before the offset), limited to what can be seen.
        let sigma = shadow.blur / 2
        let pad = (3 * sigma).rounded(.up) + 1
        var area = CGRect(x: inkX, y: inkY, width: inkWidth, height: inkHeight).insetBy(dx: -pad, dy: -pad)
        let visible = (state.clipBounds ?? context.pageRect)
            .offsetBy(dx: -shadow.offset.width, dy: -shadow.offset.height).insetBy(dx: -pad, dy: -pad)
        area = area.clampedToLayoutLimits.intersection(visible.clampedToLayoutLimits)  // Foundation traps on NaN
        guard !area.isNull, area.width > 0, area.height > 0 else { return }
        var resolution = target.shadowResolution
        resolution = min(resolution, CairoRenderer.maximumShadowMaskSide / area.width,
                         CairoRenderer.maximumShadowMaskSide / area.height)
        // A wide blur is smooth: 16 pixels per standard deviation lose nothing visible, and keep
        // the mask of a huge blur (up to 10,000 points) small.
        if sigma > 0 { resolution = min(resolution, 16 / sigma) }
        let width = Int(saturating: (area.width * resolution).rounded(.up)), height = Int(saturating: (area.height * resolution).rounded(.up))
        guard width > 0, height > 0 else { return }

        // 3. Rasterise and blur.
        guard let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)),
              cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS else { return }
        defer { cairo_surface_destroy(mask) }
        let painter = cairo_create(mask)!
        cairo_scale(painter, resolution, resolution)
        cairo_translate(painter, -area.minX, -area.minY)
        cairo_set_source_surface(painter, recording, 0, 0)
        cairo_paint(painter)
        cairo_destroy(painter)
        cairo_surface_flush(mask)
        if let pixels = cairo_image_surface_get_data(mask) {
            gaussianBlur(pixels, width: width, height: height, stride: Int(cairo_image_surface_get_stride(mask)),
                         sigma: sigma * resolution)
        }
        cairo_surface_mark_dirty(mask)

        // 4. Paint the shadow colour through the displaced mask.
        let cr = target.cr
        cairo_save(cr)
        setCairoMatrix(cr, context.baseTransform)
        cairo_set_operator(cr, cairoOperator(state.blendMode))
        let c = shadow.color
        func unit(_ v: CGFloat) -> Double { v.isFinite ? Double(min(max(v, 0), 1)) : 0 }
        cairo_set_source_rgba(cr, unit(c.red), unit(c.green), unit(c.blue), unit(c.alpha))  // the mask already holds the global alpha
        let pattern = cairo_pattern_create_for_surface(mask)!
        var m = cairo_matrix_t()
        cairo_matrix_init_scale(&m, resolution, resolution)
        cairo_matrix_translate(&m, -(area.minX + shadow.offset.width), -(area.minY + shadow.offset.height))
        cairo_pattern_set_matrix(pattern, &m)
        cairo_mask(cr, pattern)
        cairo_pattern_destroy(pattern)
        cairo_restore(cr)
    }

    private func copyFontOptions(to cr: OpaquePointer) {
        let options = cairo_font_options_create()
        cairo_get_font_options(target.cr, options)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }
}

/// Blurs an 8-bit alpha image in place with three box blurs whose sizes approximate a Gaussian
/// of standard deviation `sigma` pixels. Pixels outside the image count as transparent.
func gaussianBlur(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: CGFloat) {
    guard sigma >= 0.5, width > 0, height > 0 else { return }
    // Box widths for n = 3 passes (W. Jarosz, "Fast Image Convolutions").
    let n = 3.0
    let ideal = (12 * sigma * sigma / n + 1).squareRoot()
    var lower = Int(saturating: ideal.rounded(.down))
    if lower % 2 == 0 { lower -= 1 }
    let upper = lower + 2
    let l = Double(lower)
    // (In steps: as one expression it takes the type checker too long.)
    let numerator: Double = 12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n
    let denominator: Double = -4 * l - 4
    let m = Int(saturating: (numerator / denominator).rounded())
    var scratch = [Int32](repeating: 0, count: max(width, height))
    for pass in 0..<3 {
        let radius = ((pass < m ? lower : upper) - 1) / 2
        guard radius > 0 else { continue }
        // Rows.
        for y in 0..<height {
            let row = pixels + y * stride
            boxBlurLine(row, count: width, step: 1, radius: radius, scratch: &scratch)
        }
        // Columns.
        for x in 0..<width {
            boxBlurLine(pixels + x, count: height, step: stride, radius: radius, scratch: &scratch)
        }
    }
}

/// One box-blur pass along a line of `count` pixels `step` bytes apart.
private func boxBlurLine(_ line: UnsafeMutablePointer<UInt8>, count: Int, step: Int, radius: Int, scratch: inout [Int32]) {
    for i in 0..<count { scratch[i] = Int32(line[i * step]) }
    let window = Int32(2 * radius + 1)
    var sum: Int32 = 0
    for i in 0...min(radius, count - 1) { sum += scratch[i] }
    for i in 0..<count {
        line[i * step] = UInt8((sum + window / 2) / window)
        let entering = i + radius + 1, leaving = i - radius
        if entering < count { sum += scratch[entering] }
        if leaving >= 0 { sum -= scratch[leaving] }
    }
}
