import Foundation
import OpenTextKit
import Testing

// The README's library example (README.md, under <!-- snippet: readme-columns -->), and checks of
// the README itself: its links lead to files in the repository, and the two commands CI runs are
// there as written. ArticleSnippetTests compares the README's marked block with the region here.

@Suite("Documentation: the README")
struct ReadmeExample {
    @Test("Two columns flowing around an oval, written to a PDF")
    func columnsAroundAnOval() throws {
        let text = String(repeating: "Two columns of text flow around an oval that straddles the gutter. ", count: 120)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: url) }
        // snippet: readme-columns
        let storage = NSTextStorage(string: text, attributes: [.font: UIFont(name: "DejaVu Serif", size: 12)!])
        let layoutManager = NSLayoutManager()
        storage.addLayoutManager(layoutManager)
        let columns = [CGRect(x: 56, y: 56, width: 232, height: 730), CGRect(x: 307, y: 56, width: 232, height: 730)]
        let picture = CGRect(x: 210, y: 300, width: 175, height: 140)     // page coordinates, y down
        for frame in columns {
            let container = NSTextContainer(size: frame.size)
            container.exclusionPaths = [UIBezierPath(ovalIn: picture.offsetBy(dx: -frame.minX, dy: -frame.minY))]
            layoutManager.addTextContainer(container)
        }
        let renderer = UIGraphicsPDFRenderer(bounds: CGRect(x: 0, y: 0, width: 595, height: 842))
        try renderer.writePDF(to: url) { context in
            context.beginPage()
            for (container, frame) in zip(layoutManager.textContainers, columns) {
                let glyphs = layoutManager.glyphRange(for: container)
                layoutManager.drawBackground(forGlyphRange: glyphs, at: frame.origin)
                layoutManager.drawGlyphs(forGlyphRange: glyphs, at: frame.origin)
            }
        }
        // end snippet
        let pdf = try Data(contentsOf: url)
        #expect(pdf.starts(with: Array("%PDF".utf8)))
        // The text reaches the second column, and no line of either column crosses the oval.
        let second = layoutManager.glyphRange(for: layoutManager.textContainers[1])
        #expect(second.length > 0)
        let oval = UIBezierPath(ovalIn: picture)
        for (container, frame) in zip(layoutManager.textContainers, columns) {
            let glyphs = layoutManager.glyphRange(for: container)
            layoutManager.enumerateLineFragments(forGlyphRange: glyphs) { _, used, _, _, _ in
                let onPage = used.offsetBy(dx: frame.minX, dy: frame.minY)
                #expect(!oval.contains(CGPoint(x: onPage.midX, y: onPage.midY)))
            }
        }
        // Lines beside the oval are shorter than the column.
        var widths: [CGFloat] = []
        layoutManager.enumerateLineFragments(forGlyphRange: layoutManager.glyphRange(for: layoutManager.textContainers[0])) { _, used, _, _, _ in
            widths.append(used.width)
        }
        #expect(widths.contains { $0 < 200 })
    }

    @Test("TextKit 2: a content storage, a layout manager, its layout fragments drawn")
    func textKit2() throws {
        let text = NSAttributedString(string: "TextKit 2 lays out paragraphs as layout fragments.\nEach holds its lines.",
                                      attributes: [.font: UIFont(name: "DejaVu Serif", size: 14)!])
        // snippet: readme-textkit2
        let contentStorage = NSTextContentStorage()
        let layoutManager = NSTextLayoutManager()
        contentStorage.addTextLayoutManager(layoutManager)
        layoutManager.textContainer = NSTextContainer(size: CGSize(width: 240, height: 0))   // 0: unbounded
        contentStorage.performEditingTransaction {
            contentStorage.textStorage?.setAttributedString(text)
        }
        let image = UIGraphicsImageRenderer(size: CGSize(width: 250, height: 120)).image { context in
            layoutManager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
                fragment.draw(at: fragment.layoutFragmentFrame.origin, in: context.cgContext)
                return true   // go on to the next paragraph
            }
        }
        // end snippet
        var lines = 0
        layoutManager.enumerateTextLayoutFragments(from: nil) { fragment in
            lines += fragment.textLineFragments.count
            return true
        }
        #expect(lines == 3)   // the first paragraph wraps in 240 points
        #expect(image.pngData() != nil)
    }

    /// The README's text.
    static func readme() throws -> String {
        try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
    }

    @Test("Every relative link and picture in the README leads to a file or folder of the repository")
    func linksExist() throws {
        let text = try Self.readme()
        let link = try NSRegularExpression(pattern: #"\]\(([^)\s#]+)(#[^)]*)?\)"#)
        var checked = 0
        for match in link.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let target = (text as NSString).substring(with: match.range(at: 1))
            if target.contains("://") || target.hasPrefix("mailto:") { continue }
            checked += 1
            let path = Repository.root.appendingPathComponent(target).path
            #expect(FileManager.default.fileExists(atPath: path), "README.md links to \(target), which does not exist")
        }
        #expect(checked > 5)
    }

    @Test("The README keeps the two commands CI runs, and fits on a couple of screens")
    func twoCommands() throws {
        let text = try Self.readme()
        #expect(text.contains("\n## Two commands\n"))
        #expect(text.contains("\n    scripts/setup.sh && swift run otk render\n"))
        #expect(text.contains("\n    scripts/setup.sh && swift test\n"))
        #expect(text.components(separatedBy: "\n").count < 300)
    }
}
