import CCairo
import Foundation

/// A drawing destination with Core Graphics' API and UIKit's coordinate system.
///
/// **Coordinates.** Every OpenTextKit context starts with UIKit's user space: the origin at the
/// top-left of the image or page, x to the right, y *down*, one unit per point. Glyphs and
/// ``UIImage``s are drawn upright in it (as UIKit's text and image drawing do), while
/// ``draw(_:in:)`` with a ``CGImage`` keeps Core Graphics' convention and draws the image's top
/// row at the rectangle's `maxY` (upside down unless you flip, as on iOS), so ported
/// flip-then-draw code keeps working.
///
/// **Backends.** One class, five destinations:
/// - ``init(imageSize:scale:opaque:)``: a Cairo image (read it with ``makeImage()`` or
///   ``writePNG(to:)``); `scale` pixels per point.
/// - ``init(pdfURL:mediaBox:documentInfo:)`` and ``init(pdfMediaBox:documentInfo:)``: Cairo PDF,
///   several pages (``beginPDFPage(_:)``/``endPDFPage()``), searchable text, link annotations;
///   finish with ``closePDF()`` or ``close()``.
/// - ``init(svgURL:size:)`` and ``init(svgSize:)``: Cairo SVG (one page).
/// - ``init(recordingSize:)``: keeps every operation in ``recording`` for tests.
///
/// The graphics state (CTM, colours, line style, clip, shadow, font) is saved and restored by
/// ``saveGState()``/``restoreGState()``; the current path and the text matrix are not part of it
/// (as Core Graphics). A context is not thread-safe; use one per thread.
public final class CGContext {
    enum Backend {
        case cairo(CairoTarget)
        case recording(Recording)
    }

    let backend: Backend
    /// The current page's size in points (the image size, the PDF media box, the SVG size).
    package private(set) var pageRect: CGRect
    /// The page box given when the context was made (PDF pages default to it).
    let defaultPageRect: CGRect
    /// Page space (UIKit's initial user space) to Cairo device space.
    package private(set) var baseTransform: CGAffineTransform
    var state = GraphicsState()
    var stateStack: [GraphicsState] = []
    /// The current path, in page space (points are mapped by the CTM as they are added).
    var currentPath = CGMutablePath()
    /// Core Graphics' text matrix: not part of the graphics state.
    public var textMatrix: CGAffineTransform = .identity
    /// Whether drawing is accepted (false between PDF pages and after closing).
    var acceptsDrawing: Bool
    /// True once the output was finished.
    package private(set) var isClosed = false
    /// The first error met while finishing the output, if any (see ``close()``).
    public private(set) var outputError: GraphicsError?
    /// The finished PDF or SVG bytes of a context made to write into memory (after closing).
    public private(set) var outputData: Data?
    var pdfPageOpen = false
    /// The number of pages begun so far (PDF) or 1 (other backends).
    public private(set) var pageCount = 0

    init(backend: Backend, pageRect: CGRect, baseTransform: CGAffineTransform, acceptsDrawing: Bool) {
        self.backend = backend
        self.pageRect = pageRect
        defaultPageRect = pageRect
        self.baseTransform = baseTransform
        self.acceptsDrawing = acceptsDrawing
        if acceptsDrawing { pageCount = 1 }
        if case .cairo(let target) = backend { target.configureFonts() }
    }

    deinit {
        if !isClosed { try? finish() }
    }

    // MARK: Creating contexts

    /// An image context of `imageSize` points at `scale` pixels per point (0 means 1; UIKit
    /// would use the screen's scale). `opaque` images have no alpha channel and start black;
    /// others start transparent. Throws for an empty, non-finite or absurdly large size.
    public convenience init(imageSize: CGSize, scale: CGFloat = 1, opaque: Bool = false) throws(GraphicsError) {
        let scale = scale == 0 ? 1 : scale
        guard scale > 0, scale.isFinite else { throw GraphicsError(.invalidSize, "image scale \(scale) is not positive") }
        let pixels = try CGContext.pixelSize(of: imageSize, scale: scale)
        let target = try CairoTarget(image: pixels, opaque: opaque, scale: scale)
        self.init(backend: .cairo(target), pageRect: CGRect(origin: .zero, size: imageSize),
                  baseTransform: CGAffineTransform(scaleX: scale, y: scale), acceptsDrawing: true)
    }

    /// A PDF context that writes to `pdfURL`. Pages default to `mediaBox` (points; the PDF
    /// page origin is its top-left in user space). Nothing is drawn until a page begins. The
    /// file appears only when the context is closed (``closePDF()``, ``close()`` or
    /// deinitialisation); until then it is written to a temporary file beside it. Throws when
    /// the file cannot be created or the box is empty.
    ///
    /// `documentInfo` keys: "Title", "Author", "Subject", "Keywords", "Creator" (Core
    /// Graphics' `kCGPDFContext…` names).
    public convenience init(pdfURL: URL, mediaBox: CGRect, documentInfo: [String: String] = [:]) throws(GraphicsError) {
        try CGContext.validatePage(mediaBox)
        let sink = try OutputSink(file: pdfURL)
        let target = try CairoTarget(pdf: sink, size: mediaBox.size, info: documentInfo)
        self.init(backend: .cairo(target), pageRect: mediaBox.standardized,
                  baseTransform: CGContext.pageBase(mediaBox), acceptsDrawing: false)
    }

    /// A PDF context that writes into memory; read ``outputData`` after ``closePDF()``.
    public convenience init(pdfMediaBox mediaBox: CGRect, documentInfo: [String: String] = [:]) throws(GraphicsError) {
        try CGContext.validatePage(mediaBox)
        let target = try CairoTarget(pdf: OutputSink(), size: mediaBox.size, info: documentInfo)
        self.init(backend: .cairo(target), pageRect: mediaBox.standardized,
                  baseTransform: CGContext.pageBase(mediaBox), acceptsDrawing: false)
    }

    /// An SVG context of `size` points writing to `svgURL` (atomically, when closed).
    public convenience init(svgURL: URL, size: CGSize) throws(GraphicsError) {
        let box = CGRect(origin: .zero, size: size)
        try CGContext.validatePage(box)
        let target = try CairoTarget(svg: OutputSink(file: svgURL), size: size)
        self.init(backend: .cairo(target), pageRect: box, baseTransform: .identity, acceptsDrawing: true)
    }

    /// An SVG context of `size` points writing into memory; read ``outputData`` after ``close()``.
    public convenience init(svgSize size: CGSize) throws(GraphicsError) {
        let box = CGRect(origin: .zero, size: size)
        try CGContext.validatePage(box)
        let target = try CairoTarget(svg: OutputSink(), size: size)
        self.init(backend: .cairo(target), pageRect: box, baseTransform: .identity, acceptsDrawing: true)
    }

    /// A context that draws into `cairoContext`, a `cairo_t *` made by someone else — the one a
    /// GTK draw function is handed — so that a window host can draw views with UIKit's API.
    /// The context's user space starts as the `cairo_t`'s current user space (its matrix at
    /// this call, typically the widget's origin), y down, one unit per point; `size` is the
    /// area in points (the page rect and the default clip bounds); `scale` is device pixels
    /// per point, used to rasterise shadows (the widget's scale factor). The `cairo_t`'s clip
    /// is kept, but ``resetClip()`` removes it too.
    ///
    /// The context holds a reference on the `cairo_t` and never finishes its surface; drop the
    /// context before the `cairo_t`'s owner is done with it (at the end of the draw function).
    /// Every ``saveGState()`` must be balanced by the time the owner draws again, as in Cairo.
    public convenience init(cairoContext: OpaquePointer, size: CGSize, scale: CGFloat = 1) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cairoContext, &m)
        let base = CGAffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        let target = CairoTarget(borrowing: cairoContext, scale: scale > 0 && scale.isFinite ? scale : 1)
        self.init(backend: .cairo(target), pageRect: CGRect(origin: .zero, size: size),
                  baseTransform: base, acceptsDrawing: true)
    }

    /// A context that draws nothing and records every operation in ``recording``, in page
    /// coordinates (the context's initial user space). Any size is accepted; it only sets
    /// the page rectangle and the default clip bounds.
    public convenience init(recordingSize size: CGSize) {
        self.init(backend: .recording(Recording()), pageRect: CGRect(origin: .zero, size: size),
                  baseTransform: .identity, acceptsDrawing: true)
    }

    /// The operations of a recording context (nil for the other backends).
    public var recording: Recording? {
        if case .recording(let recording) = backend { return recording }
        return nil
    }

    /// The `cairo_t *` of a Cairo-backed context (nil for a recording context), for code in
    /// this package that draws with Cairo directly. Set its matrix yourself before drawing.
    package var cairoContext: OpaquePointer? {
        if case .cairo(let target) = backend { return target.cr }
        return nil
    }

    // MARK: Image output

    /// The width in pixels of an image context (0 for other backends).
    public var width: Int {
        if case .cairo(let target) = backend, target.kind == .image { return Int(cairo_image_surface_get_width(target.surface)) }
        return 0
    }

    /// The height in pixels of an image context (0 for other backends).
    public var height: Int {
        if case .cairo(let target) = backend, target.kind == .image { return Int(cairo_image_surface_get_height(target.surface)) }
        return 0
    }

    /// A snapshot of an image context's pixels (nil for other backends).
    public func makeImage() -> CGImage? {
        guard case .cairo(let target) = backend, target.kind == .image,
              let snapshot = CGImage(surface: cairo_surface_reference(target.surface)) else { return nil }
        // Copy, so later drawing does not change the image.
        let copy = snapshot.copy(x: 0, y: 0, width: snapshot.width, height: snapshot.height)
        return copy
    }

    /// Writes an image context's pixels as PNG to `url`, atomically. Throws for other backends
    /// and when the file cannot be written.
    public func writePNG(to url: URL) throws(GraphicsError) {
        guard let image = makeImage(), let data = image.pngData() else {
            throw GraphicsError(.rendererFailure, "only an image context can be written as PNG")
        }
        try writeAtomically(data, to: url)
    }

    // MARK: Finishing

    /// Finishes a PDF or SVG context: ends the open page, completes the document and moves the
    /// file into place (or fills ``outputData``). Further drawing is ignored. Idempotent.
    /// Throws when writing failed; the destination is then left untouched.
    public func close() throws(GraphicsError) {
        guard !isClosed else {
            if let outputError { throw outputError }
            return
        }
        do {
            try finish()
        } catch {
            outputError = error
            throw error
        }
    }

    private func finish() throws(GraphicsError) {
        isClosed = true
        if pdfPageOpen { endPDFPage() }
        acceptsDrawing = false
        guard case .cairo(let target) = backend, target.kind == .pdf || target.kind == .svg else { return }
        outputData = try target.finish()
    }

    // MARK: Helpers

    static func pixelSize(of size: CGSize, scale: CGFloat) throws(GraphicsError) -> (width: Int, height: Int) {
        let w = size.width * scale, h = size.height * scale
        guard w.isFinite, h.isFinite, w > 0, h > 0 else {
            throw GraphicsError(.invalidSize, "image size \(size.width)×\(size.height) at scale \(scale) is empty or not finite")
        }
        guard w <= CGFloat(CGImage.maximumDimension), h <= CGFloat(CGImage.maximumDimension) else {
            throw GraphicsError(.imageTooLarge, "image size \(size.width)×\(size.height) at scale \(scale) is too large")
        }
        // Round up, forgiving floating-point noise (100.000000001 is 100 pixels).
        let pixels = (Int((w - 1e-6).rounded(.up)), Int((h - 1e-6).rounded(.up)))
        try CGImage.validate(width: max(pixels.0, 1), height: max(pixels.1, 1))
        return (max(pixels.0, 1), max(pixels.1, 1))
    }

    static func validatePage(_ box: CGRect) throws(GraphicsError) {
        let r = box.standardized
        guard !box.isNull, box.size.width > 0, box.size.height > 0, r.width.isFinite, r.height.isFinite, r.minX.isFinite, r.minY.isFinite,
              r.width > 0, r.height > 0 else {
            throw GraphicsError(.invalidSize, "page box \(box) is empty or not finite")
        }
        // PDF viewers refuse pages beyond 14,400 units per side; Cairo's limit is far larger.
        guard r.width <= 1_000_000, r.height <= 1_000_000 else {
            throw GraphicsError(.invalidSize, "page box \(box) is absurdly large")
        }
    }

    /// Page space with `box`'s origin at the device origin.
    static func pageBase(_ box: CGRect) -> CGAffineTransform {
        let r = box.standardized
        return CGAffineTransform(translationX: -r.minX, y: -r.minY)
    }

    func setPage(_ box: CGRect) {
        pageRect = box.standardized
        baseTransform = CGContext.pageBase(box)
    }

    func markPageBegun() { pageCount += 1 }
}
