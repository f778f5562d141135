import CCairo
import Foundation

/// The page-info key for a page's media box (a `CGRect` value), as Core Graphics'
/// `kCGPDFContextMediaBox`.
public let kCGPDFContextMediaBox = "MediaBox"

extension CGContext {
    // MARK: Pages

    /// Begins a PDF page. `pageInfo[kCGPDFContextMediaBox]` (a `CGRect`) sets this page's box;
    /// otherwise the context's box is used. An open page is ended first. Each page starts with
    /// a fresh graphics state (identity CTM, no clip), as in Core Graphics. On image and SVG
    /// contexts this does nothing; a recording context records it.
    public func beginPDFPage(_ pageInfo: [AnyHashable: Any]?) {
        beginPage(box: pageInfo?[kCGPDFContextMediaBox] as? CGRect)
    }

    /// Begins a page with the given media box (nil: the context's), as Core Graphics'
    /// `beginPage(mediaBox:)`.
    public func beginPage(mediaBox: UnsafePointer<CGRect>?) {
        beginPage(box: mediaBox?.pointee)
    }

    /// Ends the current PDF page (nothing to do when none is open).
    public func endPDFPage() {
        if case .recording(let recording) = backend, pdfPageOpen {
            recording.append(.endPage)
            pdfPageOpen = false
            return
        }
        guard pdfPageOpen, case .cairo(let target) = backend, target.kind == .pdf else { return }
        resetStateStack()
        cairo_show_page(target.cr)
        pdfPageOpen = false
        acceptsDrawing = false
    }

    /// The same as ``endPDFPage()``.
    public func endPage() { endPDFPage() }

    /// Ends the open page and finishes the PDF document (``close()`` without the throw; a
    /// failure is kept in ``outputError``).
    public func closePDF() { try? close() }

    private func beginPage(box: CGRect?) {
        guard !isClosed else { return }
        let valid = box.flatMap { (try? CGContext.validatePage($0)) != nil ? $0.standardized : nil }
        switch backend {
        case .recording(let recording):
            if pdfPageOpen { endPDFPage() }
            if let valid { setPage(valid) }
            resetStateStack()
            recording.append(.beginPage(pageRect))
            pdfPageOpen = true
            markPageBegun()
        case .cairo(let target):
            guard target.kind == .pdf else { return }
            if pdfPageOpen { endPDFPage() }
            let page = valid ?? defaultPageRect
            cairo_pdf_surface_set_size(target.surface, page.width, page.height)
            setPage(page)
            resetStateStack()
            pdfPageOpen = true
            acceptsDrawing = true
            markPageBegun()
        }
    }

    /// Drops every saved state (and Cairo's mirrored saves) and starts from defaults.
    private func resetStateStack() {
        if let cr = cairoContext {
            for _ in stateStack { cairo_restore(cr) }
            cairo_reset_clip(cr)
        }
        stateStack.removeAll()
        state = GraphicsState()
        currentPath = CGMutablePath()
    }

    // MARK: Links

    /// Makes `rect` (user space) a link to `url`: a clickable URI annotation in PDF output,
    /// a ``Recording/Link`` in a recording; ignored by image and SVG contexts. The area is the
    /// rectangle's bounding box on the page.
    public func setURL(_ url: URL, for rect: CGRect) {
        addLink(attributes: "uri='\(cairoEscaped(url.absoluteString))'", url: url, destination: nil, rect: rect)
    }

    /// Makes `rect` (user space) a link to the destination `name` (see ``addDestination(_:at:)``).
    public func setDestination(_ name: String, for rect: CGRect) {
        addLink(attributes: "dest='\(cairoEscaped(name))'", url: nil, destination: name, rect: rect)
    }

    /// Names the point `point` (user space) of the current page as a link destination.
    public func addDestination(_ name: String, at point: CGPoint) {
        guard acceptsDrawing, case .cairo(let target) = backend, target.kind == .pdf else { return }
        let p = point.applying(state.ctm)
        guard p.x.isFinite, p.y.isFinite else { return }
        let attributes = "name='\(cairoEscaped(name))' x=\(p.x) y=\(p.y)"
        cairo_save(target.cr)
        setCairoMatrix(target.cr, baseTransform)
        cairo_tag_begin(target.cr, CAIRO_TAG_DEST, attributes)
        cairo_tag_end(target.cr, CAIRO_TAG_DEST)
        cairo_restore(target.cr)
    }

    // MARK: Outline

    /// Adds an entry to the PDF's outline (the bookmarks a viewer lists beside the pages) that
    /// goes to the destination `name` (see ``addDestination(_:at:)``; it may be named later in the
    /// document). `parent` is an id this method returned, or 0 for the top level; entries keep the
    /// order they were added in, and `isOpen` shows an entry's children unfolded. Returns the new
    /// entry's id, or 0 when nothing was added: image, SVG and recording contexts have no
    /// outline, nor has a closed context.
    @discardableResult
    public func addOutlineItem(title: String, destination name: String, parent: Int = 0, isOpen: Bool = false) -> Int {
        guard !isClosed, case .cairo(let target) = backend, target.kind == .pdf, parent >= 0, parent <= Int(Int32.max) else { return 0 }
        let flags = isOpen ? CAIRO_PDF_OUTLINE_FLAG_OPEN : cairo_pdf_outline_flags_t(rawValue: 0)
        let id = cairo_pdf_surface_add_outline(target.surface, Int32(parent), title, "dest='\(cairoEscaped(name))'", flags)
        return Int(id)
    }

    private func addLink(attributes: String, url: URL?, destination: String?, rect: CGRect) {
        guard acceptsDrawing, !rect.isNull else { return }
        let box = rect.standardized.applying(state.ctm)
        guard box.minX.isFinite, box.minY.isFinite, box.width.isFinite, box.height.isFinite,
              box.width > 0, box.height > 0 else { return }
        switch backend {
        case .recording(let recording):
            recording.append(.link(Recording.Link(url: url, destinationName: destination, rect: box)))
        case .cairo(let target):
            guard target.kind == .pdf else { return }
            // Cairo takes the rectangle in user units at tag time: use page coordinates.
            let all = "\(attributes) rect=[\(box.minX) \(box.minY) \(box.width) \(box.height)]"
            cairo_save(target.cr)
            setCairoMatrix(target.cr, baseTransform)
            cairo_tag_begin(target.cr, CAIRO_TAG_LINK, all)
            cairo_tag_end(target.cr, CAIRO_TAG_LINK)
            cairo_restore(target.cr)
        }
    }

    /// A string quoted for Cairo's tag attributes (backslash before `'` and `\`).
    private func cairoEscaped(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }
}
