import OpenTextKit

/// Draws laid-out pages into PDF, PNG or SVG files.
struct PageRenderer {
    let layout: PagedLayout
    /// PNG pixels per point.
    var scale: CGFloat = 2
    /// PNG: one image with every page instead of one file per page.
    var sheet = false
    /// PDF document info (Title, Creator…).
    var documentInfo: [String: String] = [:]
    var progress: ProgressReporter?
    /// Link targets and headings for PDF destinations and the outline.
    var marks: DocumentMarks?

    /// Renders every page to `url` in `format`, atomically: either all files appear or none.
    /// Returns the files written.
    func render(to url: URL, format: OutputFormat) throws -> [URL] {
        let staged = StagedFiles()
        let pages = layout.pages
        let destinations = sheet && format == .png ? [url] : format.files(for: url, pages: pages.count)
        do {
            switch format {
            case .pdf:
                try renderPDF(to: staged.stage(url))
            case .svg:
                for (i, destination) in destinations.enumerated() {
                    let context = try CGContext(svgURL: staged.stage(destination), size: pages[i].template.size)
                    draw(page: i, in: context)
                    try context.close()
                    progress?.drew(page: i + 1, of: pages.count)
                }
            case .png where sheet:
                try renderSheet(to: staged.stage(url))
            case .png:
                for (i, destination) in destinations.enumerated() {
                    let context = try CGContext(imageSize: pages[i].template.size, scale: scale, opaque: true)
                    draw(page: i, in: context)
                    try writePNG(context, to: staged.stage(destination))
                    progress?.drew(page: i + 1, of: pages.count)
                }
            }
            try staged.commit()
        } catch let error as GraphicsError {
            staged.discard()
            throw OTKError("cannot write \(url.shownPath): \(error)")
        } catch {
            staged.discard()
            throw error
        }
        return destinations
    }

    private func renderPDF(to url: URL) throws {
        guard let first = layout.pages.first else { return }
        let context = try CGContext(pdfURL: url, mediaBox: CGRect(origin: .zero, size: first.template.size),
                                    documentInfo: documentInfo)
        let anchors = marks?.anchorsByPage(in: layout) ?? [:]
        for (i, page) in layout.pages.enumerated() {
            context.beginPDFPage([kCGPDFContextMediaBox: CGRect(origin: .zero, size: page.template.size)])
            draw(page: i, in: context)
            if let anchors = anchors[i] { marks?.addDestinations(anchors, page: page, layout: layout, in: context) }
            context.endPDFPage()
            progress?.drew(page: i + 1, of: layout.pages.count)
        }
        marks?.addOutline(in: context)
        try context.close()
    }

    private func writePNG(_ context: CGContext, to url: URL) throws {
        guard let data = context.makeImage()?.pngData() else {
            throw OTKError("cannot write \(url.shownPath): the image could not be encoded as PNG")
        }
        do {
            try data.write(to: url)
        } catch {
            throw OTKError("cannot write \(url.shownPath): \(error.localizedDescription)")
        }
    }

    // MARK: Contact sheet

    /// Pages per row of a sheet: all of them up to four, else about the square root.
    static func sheetColumns(pages: Int) -> Int {
        pages <= 4 ? max(1, pages) : Int(Double(pages).squareRoot().rounded(.up))
    }

    static let sheetGap: CGFloat = 24

    /// The sheet's size in points and each page's origin on it.
    func sheetLayout() -> (size: CGSize, origins: [CGPoint]) {
        let pages = layout.pages
        let across = Self.sheetColumns(pages: pages.count)
        let cell = CGSize(width: pages.map(\.template.size.width).max() ?? 1, height: pages.map(\.template.size.height).max() ?? 1)
        let rows = (pages.count + across - 1) / across
        let gap = Self.sheetGap
        let size = CGSize(width: CGFloat(across) * (cell.width + gap) + gap, height: CGFloat(rows) * (cell.height + gap) + gap)
        let origins = pages.indices.map { i in
            CGPoint(x: gap + CGFloat(i % across) * (cell.width + gap), y: gap + CGFloat(i / across) * (cell.height + gap))
        }
        return (size, origins)
    }

    private func renderSheet(to url: URL) throws {
        let (size, origins) = sheetLayout()
        // Keep within the image limits by lowering the resolution when needed.
        let limit = CGFloat(CGImage.maximumDimension)
        var scale = min(scale, limit / size.width, limit / size.height)
        let pixels = size.width * size.height * scale * scale
        if pixels > CGFloat(CGImage.maximumPixelCount) { scale *= (CGFloat(CGImage.maximumPixelCount) / pixels).squareRoot() * 0.999 }
        let context = try CGContext(imageSize: size, scale: scale, opaque: true)
        context.setFillColor(UIColor(white: 0.88, alpha: 1))
        context.fill(CGRect(origin: .zero, size: size))
        for (i, origin) in origins.enumerated() {
            let page = CGRect(origin: origin, size: layout.pages[i].template.size)
            context.setFillColor(UIColor(white: 0.75, alpha: 1))
            context.fill(page.offsetBy(dx: 2, dy: 2))
            context.saveGState()
            context.translateBy(x: origin.x, y: origin.y)
            context.clip(to: CGRect(origin: .zero, size: page.size))
            draw(page: i, in: context)
            context.restoreGState()
            progress?.drew(page: i + 1, of: layout.pages.count)
        }
        try writePNG(context, to: url)
    }

    // MARK: One page

    /// Draws page `index` in the context's current user space (page coordinates).
    func draw(page index: Int, in context: CGContext) {
        let page = layout.pages[index]
        UIGraphicsPushContext(context)
        defer { UIGraphicsPopContext() }
        context.setFillColor(UIColor.white)
        // A little beyond the page: an image's last pixel row and column may be partly outside it.
        context.fill(CGRect(origin: .zero, size: page.template.size).insetBy(dx: -1, dy: -1))
        var outlines: [(UIBezierPath, UIColor)] = []
        for decoration in page.template.decorations {
            switch decoration {
            case .title(let title, let rect):
                title.draw(with: rect, options: [.usesLineFragmentOrigin], context: nil)
            case .image(let image, let rect):
                image.draw(in: rect)
            case .shape(let path, let fill, let stroke):
                context.setFillColor(fill)
                context.addPath(path.cgPath)
                context.fillPath(using: path.usesEvenOddFillRule ? .evenOdd : .winding)
                outlines.append((path, stroke))
            }
        }
        let layoutManager = layout.layoutManager
        let blocks = BlockDecorations(page: page, layout: layout)
        blocks.drawBackgrounds(in: context)
        for (range, origin) in zip(page.glyphRanges, page.origins) where range.length > 0 {
            layoutManager.drawBackground(forGlyphRange: range, at: origin)
            layoutManager.drawGlyphs(forGlyphRange: range, at: origin)
        }
        blocks.drawForegrounds(in: context)
        for figure in layout.figures(onPage: index) {
            figure.text.draw(with: figure.rect, options: [.usesLineFragmentOrigin], context: nil)
        }
        for (path, color) in outlines {
            context.setStrokeColor(color)
            context.setLineWidth(1)
            context.addPath(path.cgPath)
            context.strokePath()
        }
        if let center = page.template.pageNumberCenter {
            let number = NSAttributedString(string: "\(index + 1)", attributes: [
                .font: UIFont.systemFont(ofSize: 9), .foregroundColor: UIColor(white: 0.4, alpha: 1),
            ])
            let size = number.size()
            number.draw(at: CGPoint(x: center.x - size.width / 2, y: center.y - size.height / 2))
        }
    }
}
