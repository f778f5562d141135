import CCairo
import Foundation

/// A Cairo surface and its `cairo_t`, with the output they write to.
final class CairoTarget {
    /// `borrowed`: a `cairo_t` made by someone else (a window toolkit's draw callback); its
    /// surface is never finished here.
    enum Kind { case image, pdf, svg, borrowed }

    let kind: Kind
    /// `cairo_surface_t *`
    let surface: OpaquePointer
    /// `cairo_t *`
    let cr: OpaquePointer
    /// Where PDF and SVG bytes go (nil for images).
    private let sink: OutputSink?
    /// Device pixels per point used to rasterise shadows: the image scale, or 2 for vector
    /// output (where a shadow is embedded as an image).
    let shadowResolution: CGFloat

    init(image pixels: (width: Int, height: Int), opaque: Bool, scale: CGFloat) throws(GraphicsError) {
        let format = opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        let surface = cairo_image_surface_create(format, Int32(pixels.width), Int32(pixels.height))!
        try CairoTarget.check(surface, "image surface \(pixels.width)×\(pixels.height)")
        kind = .image
        self.surface = surface
        cr = cairo_create(surface)
        sink = nil
        shadowResolution = scale
    }

    init(pdf sink: OutputSink, size: CGSize, info: [String: String]) throws(GraphicsError) {
        let surface = cairo_pdf_surface_create_for_stream(OutputSink.cairoWrite, sink.unretained,
                                                          Double(size.width), Double(size.height))!
        try CairoTarget.check(surface, "PDF surface")
        let metadata: [(String, cairo_pdf_metadata_t)] = [
            ("Title", CAIRO_PDF_METADATA_TITLE), ("Author", CAIRO_PDF_METADATA_AUTHOR),
            ("Subject", CAIRO_PDF_METADATA_SUBJECT), ("Keywords", CAIRO_PDF_METADATA_KEYWORDS),
            ("Creator", CAIRO_PDF_METADATA_CREATOR),
        ]
        for (key, field) in metadata {
            if let value = info[key] { cairo_pdf_surface_set_metadata(surface, field, value) }
        }
        kind = .pdf
        self.surface = surface
        cr = cairo_create(surface)
        self.sink = sink
        shadowResolution = 2
    }

    init(svg sink: OutputSink, size: CGSize) throws(GraphicsError) {
        let surface = cairo_svg_surface_create_for_stream(OutputSink.cairoWrite, sink.unretained,
                                                          Double(size.width), Double(size.height))!
        try CairoTarget.check(surface, "SVG surface")
        kind = .svg
        self.surface = surface
        cr = cairo_create(surface)
        self.sink = sink
        shadowResolution = 2
    }

    /// Draws into `cr`, which its owner made: takes a reference on it and on its surface for the
    /// target's life, and leaves the surface unfinished.
    init(borrowing cr: OpaquePointer, scale: CGFloat) {
        kind = .borrowed
        self.cr = cairo_reference(cr)
        surface = cairo_surface_reference(cairo_get_target(cr))
        sink = nil
        shadowResolution = scale
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)  // finishes an unfinished surface; `sink` discards it
    }

    private static func check(_ surface: OpaquePointer, _ what: String) throws(GraphicsError) {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw GraphicsError(.rendererFailure, "Cairo cannot create the \(what): \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// Glyph positions come from layout, so Cairo must not hint metrics or outlines.
    func configureFonts() {
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }

    /// Cairo's error, if the context or surface is in one (errors are sticky in Cairo).
    var errorDescription: String? {
        let status = cairo_status(cr) != CAIRO_STATUS_SUCCESS ? cairo_status(cr) : cairo_surface_status(surface)
        return status == CAIRO_STATUS_SUCCESS ? nil : String(cString: cairo_status_to_string(status))
    }

    /// Completes the document and commits the output. Returns the bytes for memory output.
    func finish() throws(GraphicsError) -> Data? {
        cairo_surface_finish(surface)
        guard let sink else { return nil }
        if let error = errorDescription {
            sink.discard()
            throw GraphicsError(.writeFailed, "Cairo failed to write the document: \(error)")
        }
        try sink.commit()
        return sink.destination == nil ? sink.data : nil
    }
}
