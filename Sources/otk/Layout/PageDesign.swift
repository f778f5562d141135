import OpenTextKit

/// The page settings of a render, turned into page templates: the content area inside the
/// margins split into columns, the exclusions and the shape on every page, and the title page.
struct PageDesign {
    var pageSize = PageSize.named[1].size  // A4
    var margins = UIEdgeInsets(top: 56.7, left: 56.7, bottom: 56.7, right: 56.7)  // 2 cm
    var columns = 1
    var gutter: CGFloat = 18
    var flow = PagedLayout.Flow.pages
    /// Whether the last page's columns end at the same height (`--balance`, PagedLayout+Balance.swift).
    var balancesLastPage = false
    /// Shapes text flows around on every page (page coordinates).
    var exclusions: [UIBezierPath] = []
    /// When set, text is poured into this shape on every page.
    var shape: UIBezierPath?
    var pageNumbers = false
    /// The first page's title and drop-in image.
    var title: NSAttributedString?
    var titleImage: UIImage?
    /// A rule drawn under the title in this colour (none when nil).
    var titleRuleColor: UIColor?
    /// Whether exclusions and the shape are outlined on the page (to see where they are).
    var showsShapes = false
    /// Exclusions and decorations of particular pages (0-based), as the sample uses.
    var extraExclusions: [Int: [UIBezierPath]] = [:]
    var extraDecorations: [Int: [PageTemplate.Decoration]] = [:]

    /// The narrowest column that can hold text, in points.
    static let minimumColumnWidth: CGFloat = 24
    static let titleGap: CGFloat = 18
    /// The narrowest strip of text left beside the title image.
    static let minimumStrip: CGFloat = 72

    /// The area inside the margins (check ``contentWidth`` and ``contentHeight`` first: a
    /// CGRect's width is never negative).
    var contentRect: CGRect {
        CGRect(x: margins.left, y: margins.top, width: max(0, contentWidth), height: max(0, contentHeight))
    }

    var contentWidth: CGFloat { pageSize.width - margins.left - margins.right }
    var contentHeight: CGFloat { pageSize.height - margins.top - margins.bottom }

    var columnWidth: CGFloat {
        (contentWidth - gutter * CGFloat(columns - 1)) / CGFloat(columns)
    }

    /// Checks that text can go somewhere: positive page, margins that leave room, columns wide
    /// enough. Throws an `OTKError` naming the problem.
    func validate() throws {
        try PageSize.validate(pageSize, what: "--page-size")
        if contentWidth <= 0 || (flow == .pages && contentHeight <= 0) {
            throw OTKError("--margins: margins of \(Length.describe(margins.top)), \(Length.describe(margins.right)), \(Length.describe(margins.bottom)), \(Length.describe(margins.left)) leave no room on a \(Length.describe(pageSize.width)) × \(Length.describe(pageSize.height)) page")
        }
        guard columns >= 1, columns <= 100 else {
            throw OTKError("--columns: \(columns) is not a column count from 1 to 100")
        }
        guard gutter >= 0 else { throw OTKError("--gutter: the gutter cannot be negative (\(Length.describe(gutter)))") }
        if flow == .scroll && columns > 1 {
            throw OTKError("--columns: scroll flow makes one tall column; use --flow pages for \(columns) columns")
        }
        guard columnWidth >= Self.minimumColumnWidth else {
            throw OTKError("--columns: \(columns) columns with a \(Length.describe(gutter)) gutter are \(Length.describe(max(0, columnWidth))) wide, too narrow for text (at least \(Int(Self.minimumColumnWidth)) pt)")
        }
    }

    /// The template of page `index` (0-based).
    func template(_ index: Int) -> PageTemplate {
        let content = contentRect
        var columnRects = (0..<columns).map { i in
            CGRect(x: content.minX + CGFloat(i) * (columnWidth + gutter), y: content.minY, width: columnWidth,
                   height: max(0, content.height))
        }
        var template = PageTemplate(size: pageSize, columns: columnRects, exclusions: exclusions, shape: shape)
        template.bottomMargin = margins.bottom
        if pageNumbers {
            template.pageNumberCenter = CGPoint(x: content.midX, y: pageSize.height - margins.bottom / 2)
        }
        if let extra = extraExclusions[index] {
            template.exclusions += extra
            template.isRegular = false
        }
        if let extra = extraDecorations[index] {
            template.decorations += extra
        }
        if index == 0, title != nil || titleImage != nil {
            template.isRegular = false
            var top = content.minY
            if let title {
                let bounds = title.boundingRect(with: CGSize(width: content.width, height: .greatestFiniteMagnitude),
                                                options: [.usesLineFragmentOrigin], context: nil)
                let rect = CGRect(x: content.minX, y: top, width: content.width, height: bounds.height.rounded(.up))
                template.decorations.append(.title(title, rect))
                top = rect.maxY + Self.titleGap
                if let color = titleRuleColor {
                    let rule = CGRect(x: content.minX, y: rect.maxY + 8, width: content.width, height: 1.25)
                    template.decorations.append(.shape(UIBezierPath(rect: rule), fill: color, stroke: UIColor(white: 0, alpha: 0)))
                    top = rule.maxY + Self.titleGap
                }
            }
            columnRects = columnRects.map { CGRect(x: $0.minX, y: top, width: $0.width, height: max(0, content.maxY - top)) }
            template.columns = columnRects
            if let image = titleImage, var rect = imageRect(for: image, top: top, columns: columnRects) {
                var exclusion = rect.insetBy(dx: -8, dy: -6)
                // A strip beside the image too narrow for words would fill with broken-up
                // letters: then the image takes its column's whole width, centred in it.
                if let column = columnRects.last(where: { $0.minX <= rect.midX }),
                   exclusion.minX - column.minX < Self.minimumStrip {
                    rect.origin.x = column.midX - rect.width / 2
                    exclusion = CGRect(x: column.minX - 8, y: exclusion.minY, width: column.width + 16, height: exclusion.height)
                }
                template.decorations.append(.image(image, rect))
                template.exclusions.append(UIBezierPath(rect: exclusion))
            }
        }
        if showsShapes {
            let outline = UIColor(red: 0.85, green: 0.25, blue: 0.2, alpha: 0.8)
            for path in template.exclusions + [template.shape].compactMap({ $0 }) {
                template.decorations.append(.shape(path, fill: UIColor(white: 0, alpha: 0), stroke: outline))
            }
        }
        return template
    }

    /// Where the title image goes: at the top of the text area, against its right edge. In one
    /// column it floats at up to 45 % of the width with text flowing on its left; with several
    /// columns it fills the last column's width when a narrower image would leave a strip too
    /// thin to read. Never taller than 40 % of the page's text area.
    private func imageRect(for image: UIImage, top: CGFloat, columns: [CGRect]) -> CGRect? {
        guard image.size.width > 0, image.size.height > 0, let last = columns.last else { return nil }
        let content = contentRect
        let maxHeight = max(20, (content.maxY - top) * 0.4)
        var width: CGFloat
        if columns.count == 1 {
            width = min(image.size.width, content.width * 0.45)
        } else {
            width = min(image.size.width, last.width)
            if last.width - width < last.width * 0.4 { width = last.width }
        }
        var height = width * image.size.height / image.size.width
        if height > maxHeight {
            height = maxHeight
            width = height * image.size.width / image.size.height
        }
        return CGRect(x: last.maxX - width, y: top, width: width, height: height)
    }
}
