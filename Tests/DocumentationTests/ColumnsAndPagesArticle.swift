import Foundation
import OpenTextKit
import Testing

// The code of "Laying out a document in columns and pages" (ColumnsAndPages.md).

// snippet: page-type
/// One page of a paged layout: its containers, one per column, and where each sits on the page.
struct Page {
    var columns: [(container: NSTextContainer, origin: CGPoint)]
}
// end snippet

// snippet: paginate
/// Pours the text of `layoutManager` into pages of `columnCount` columns, adding a page at a
/// time until the last glyph has a container.
func paginate(_ layoutManager: NSLayoutManager, pageSize: CGSize, margin: CGFloat,
              columnCount: Int, gutter: CGFloat, maximumPages: Int = 1000) -> [Page] {
    let width = (pageSize.width - 2 * margin - CGFloat(columnCount - 1) * gutter) / CGFloat(columnCount)
    let height = pageSize.height - 2 * margin
    var pages: [Page] = []
    func addPage() {
        var page = Page(columns: [])
        for column in 0..<columnCount {
            let container = NSTextContainer(size: CGSize(width: width, height: height))
            layoutManager.addTextContainer(container)
            let origin = CGPoint(x: margin + CGFloat(column) * (width + gutter), y: margin)
            page.columns.append((container, origin))
        }
        pages.append(page)
    }
    addPage()
    let lastGlyph = layoutManager.numberOfGlyphs - 1
    // A glyph that does not fit in any container has no container: add pages until it does.
    while lastGlyph >= 0, pages.count < maximumPages,
          layoutManager.textContainer(forGlyphAt: lastGlyph, effectiveRange: nil) == nil {
        addPage()
    }
    return pages
}
// end snippet

@Suite("Documentation: columns and pages")
struct ColumnsAndPagesArticle {
    static let paragraph = "Typesetting a long document means pouring one stream of text through many "
        + "containers: each column of each page is one NSTextContainer, and a single NSLayoutManager "
        + "fills them in order, so that a paragraph that does not fit at the foot of one column "
        + "continues at the head of the next. "

    @Test("A long text flows through two columns a page, and every glyph lands in exactly one column")
    func pagesAndColumns() throws {
        let text = (0..<60).map { "\($0 + 1). " + Self.paragraph }.joined(separator: "\n")
        // snippet: setup
        let storage = NSTextStorage(string: text, attributes: [.font: UIFont(name: "DejaVu Serif", size: 11)!])
        let layoutManager = NSLayoutManager()
        storage.addLayoutManager(layoutManager)
        let pageSize = CGSize(width: 595, height: 842)  // A4 in points
        let pages = paginate(layoutManager, pageSize: pageSize, margin: 56, columnCount: 2, gutter: 18)
        // end snippet

        #expect(pages.count >= 3)
        #expect(pages.allSatisfy { $0.columns.count == 2 })
        // The columns' glyph ranges follow each other without gap or overlap, and end with the text.
        var next = 0
        for page in pages {
            for column in page.columns {
                let range = layoutManager.glyphRange(for: column.container)
                #expect(range.location == next)
                next = NSMaxRange(range)
            }
        }
        #expect(next == layoutManager.numberOfGlyphs)
        // The last page holds text; the page before it is full.
        let lastPage = try #require(pages.last)
        #expect(layoutManager.glyphRange(for: lastPage.columns[0].container).length > 0)
        // The two columns of a page sit side by side.
        #expect(pages[0].columns[1].origin.x > pages[0].columns[0].origin.x + 200)

        // snippet: draw-pdf
        let renderer = UIGraphicsPDFRenderer(bounds: CGRect(origin: .zero, size: pageSize))
        let pdf = renderer.pdfData { context in
            for page in pages {
                context.beginPage()
                for (container, origin) in page.columns {
                    let glyphs = layoutManager.glyphRange(for: container)
                    layoutManager.drawBackground(forGlyphRange: glyphs, at: origin)
                    layoutManager.drawGlyphs(forGlyphRange: glyphs, at: origin)
                }
            }
        }
        // end snippet
        #expect(pdf.starts(with: Array("%PDF".utf8)))
        // Cairo writes each page as a "/Type /Page" dictionary.
        let pdfText = String(decoding: pdf, as: UTF8.self)
        let pageDictionaries = pdfText.matches(of: /\/Type\s*\/Page[^s]/).count
        #expect(pageDictionaries == pages.count)
    }

    @Test("A column with an exclusion path: lines flow around a picture")
    func exclusion() {
        let text = String(repeating: Self.paragraph, count: 6)
        // snippet: exclusion
        let storage = NSTextStorage(string: text, attributes: [.font: UIFont(name: "DejaVu Serif", size: 11)!])
        let layoutManager = NSLayoutManager()
        storage.addLayoutManager(layoutManager)
        let container = NSTextContainer(size: CGSize(width: 240, height: 600))
        // Container coordinates: y down from the container's top-left corner.
        let picture = CGRect(x: 120, y: 40, width: 120, height: 90)
        container.exclusionPaths = [UIBezierPath(rect: picture)]
        layoutManager.addTextContainer(container)
        // end snippet

        var besidePicture = 0
        layoutManager.enumerateLineFragments(forGlyphRange: layoutManager.glyphRange(for: container)) { rect, used, _, _, _ in
            let overlap = rect.intersection(picture)
            if !overlap.isNull, overlap.width > 0.01, overlap.height > 0.01 { Issue.record("a line fragment overlaps the picture: \(rect)") }
            if rect.minY >= picture.minY && rect.maxY <= picture.maxY {
                besidePicture += 1
                #expect(used.maxX <= picture.minX)
            }
        }
        #expect(besidePicture >= 4)
    }
}
