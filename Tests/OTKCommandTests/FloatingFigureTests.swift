import OpenTextKit
import Testing

/// Figures float (PagedLayout+Floats.swift): one that does not fit in what is left of a column
/// goes to the top of the next column with its caption, and the text after it fills the column.
@Suite("otk render: floating figures")
struct FloatingFigureTests {
    static let pageHeight: CGFloat = 841.89
    static let margin: CGFloat = 56.7

    /// A Markdown document: four paragraphs of numbered words, a figure (an image `height` points
    /// tall with a caption after a line break), then four more paragraphs.
    static func document(imageHeight height: CGFloat, in directory: URL) throws -> String {
        let png = UIGraphicsImageRenderer(size: CGSize(width: 200, height: height)).pngData { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 200, height: height))
        }
        try png.write(to: directory.appendingPathComponent("figure.png"))
        let paragraphs = OTKRunner.numberedText(paragraphs: 8).split(separator: "\n").map(String.init)
        return (paragraphs[0..<4] + ["![](figure.png)\\\nFigure one, a red oblong."] + paragraphs[4...]).joined(separator: "\n\n")
    }

    static func render(imageHeight: CGFloat, name: String) throws -> (words: [OTKRunner.Word], all: [String]) {
        let directory = try OTKRunner.scratch(name)
        try OTKRunner.write(try document(imageHeight: imageHeight, in: directory), to: "figure.md", in: directory)
        let result = try OTKRunner.otk(["render", "figure.md", "--columns", "2", "-o", "out.pdf", "-q"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let pdf = directory.appendingPathComponent("out.pdf")
        let pages = try OTKRunner.pageCount(pdf)
        let all = try (1...pages).flatMap { try OTKRunner.words(pdf, page: $0).map(\.text) }
        return (try OTKRunner.words(pdf, page: 1), all)
    }

    @Test("A figure taller than the rest of the column floats to the next column's top; the text after it fills the column")
    func aTallFigureFloats() throws {
        let (words, all) = try Self.render(imageHeight: 400, name: #function)
        let middle = 595.28 / 2
        let caption = try #require(words.first { $0.text == "Figure" })
        // The caption stands in the second column, under the image at its top.
        #expect(caption.box.minX > middle)
        #expect(caption.box.minY > Self.margin + 380 && caption.box.minY < Self.margin + 440, "caption at \(caption.box.minY)")
        // The paragraph after the figure starts in the first column, which runs to its foot.
        let after = try #require(words.first { $0.text == "w0241" })
        #expect(after.box.minX < middle)
        let firstColumnBottom = words.filter { $0.box.maxX < middle }.map(\.box.maxY).max() ?? 0
        #expect(firstColumnBottom > Self.pageHeight - Self.margin - 25, "first column ends at \(firstColumnBottom)")
        // Every word once, the text's in order.
        let tokens = all.filter { $0.hasPrefix("w") }
        #expect(tokens == (1...480).map { String(format: "w%04d", $0) })
        #expect(all.filter { $0 == "Figure" }.count == 1)
    }

    @Test("A link to a heading after a floated figure still lands on the heading")
    func anchorsAfterAFloatedFigure() throws {
        let directory = try OTKRunner.scratch(#function)
        let body = try Self.document(imageHeight: 400, in: directory)
        let more = OTKRunner.numberedText(paragraphs: 6).split(separator: "\n").map(String.init).joined(separator: "\n\n")
        try OTKRunner.write("[go](#target-heading)\n\n" + body + "\n\n" + more + "\n\n## Target heading\n\nThe end.",
                            to: "anchor.md", in: directory)
        #expect(try OTKRunner.otk(["render", "anchor.md", "--columns", "2", "-o", "anchor.pdf", "-q"], in: directory).status == 0)
        let pdf = directory.appendingPathComponent("anchor.pdf")
        let dests = try OTKRunner.run(URL(fileURLWithPath: "/usr/bin/pdfinfo"), ["-dests", pdf.path]).stdout
        let line = try #require(dests.split(separator: "\n").first { $0.contains("\"target-heading\"") })
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "[" })
        let page = try #require(Int(fields[0]))
        let y = try #require(Double(fields[3]))  // PDF space: up from the page's foot
        let heading = try #require(try OTKRunner.words(pdf, page: page).first { $0.text == "Target" })
        // The destination is the heading's line: its top, a line's height at most above the word.
        let top = Double(Self.pageHeight) - y
        #expect(top <= Double(heading.box.minY) + 1 && top > Double(heading.box.minY) - 20, "destination at \(top), heading at \(heading.box.minY)")
    }

    @Test("A figure that fits where it stands stays in the text")
    func aFigureThatFitsStays() throws {
        let (words, _) = try Self.render(imageHeight: 60, name: #function)
        let caption = try #require(words.first { $0.text == "Figure" })
        let before = try #require(words.first { $0.text == "w0240" })
        let after = try #require(words.first { $0.text == "w0241" })
        #expect(caption.box.minX < 595.28 / 2)
        #expect(caption.box.minY > before.box.maxY + 50 && caption.box.maxY < after.box.minY)
    }
}
