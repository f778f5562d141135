import OpenTextKit
import Testing

@Suite("otk render: PNG and SVG")
struct RenderImageTests {
    @Test("PNG: one file per page named out-1.png, out-2.png…, at the page size times the scale")
    func pngPages() throws {
        let directory = try OTKRunner.scratch()
        try OTKRunner.write(OTKRunner.numberedText(paragraphs: 40), to: "numbers.txt", in: directory)
        let result = try OTKRunner.otk(["render", "numbers.txt", "-o", "out.png"], in: directory)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let files = OTKRunner.files(in: directory).filter { $0.hasSuffix(".png") }
        #expect(files.count >= 2)
        #expect(files.allSatisfy { $0.hasPrefix("out-") })
        #expect(result.stderr == "otk: wrote out-1.png … out-\(files.count).png (\(files.count) pages)\n")
        for name in files {
            let size = try OTKRunner.pngSize(directory.appendingPathComponent(name))
            #expect(size.width == 1191 && size.height == 1684, "\(name): A4 at 2 pixels per point")
        }
        #expect(try OTKRunner.otk(["render", "numbers.txt", "-o", "small.png", "--scale", "0.5", "--page-size", "Letter", "-q"],
                                  in: directory).status == 0)
        let small = try OTKRunner.pngSize(directory.appendingPathComponent("small-1.png"))
        #expect(small.width == 306 && small.height == 396)
    }

    @Test("PNG of a single page keeps the file name; --sheet puts every page in one image")
    func singlePageAndSheet() throws {
        let directory = try OTKRunner.scratch()
        try OTKRunner.write("One short paragraph.", to: "one.txt", in: directory)
        #expect(try OTKRunner.otk(["render", "one.txt", "-o", "one.png", "-q"], in: directory).status == 0)
        #expect(OTKRunner.files(in: directory) == ["one.png", "one.txt"])

        try OTKRunner.write(OTKRunner.numberedText(paragraphs: 40), to: "numbers.txt", in: directory)
        #expect(try OTKRunner.otk(["render", "numbers.txt", "-o", "sheet.png", "--sheet", "--scale", "0.5", "-q"],
                                  in: directory).status == 0)
        #expect(try OTKRunner.otk(["render", "numbers.txt", "-o", "count.pdf", "-q"], in: directory).status == 0)
        let pages = try OTKRunner.pageCount(directory.appendingPathComponent("count.pdf"))
        #expect(pages >= 5)
        #expect(!OTKRunner.files(in: directory).contains { $0.hasPrefix("sheet-") })
        let size = try OTKRunner.pngSize(directory.appendingPathComponent("sheet.png"))
        // Pages in a grid about as wide as tall (up to four in one row), with 24 pt gaps.
        let across = Int(Double(pages).squareRoot().rounded(.up))
        let rows = (pages + across - 1) / across
        let width = (CGFloat(across) * (595.28 + 24) + 24) * 0.5
        let height = (CGFloat(rows) * (841.89 + 24) + 24) * 0.5
        #expect(abs(CGFloat(size.width) - width) <= 1 && abs(CGFloat(size.height) - height) <= 1)
    }

    @Test("SVG: one file per page, each an SVG document of the page's size")
    func svgPages() throws {
        let directory = try OTKRunner.scratch()
        try OTKRunner.write(OTKRunner.numberedText(paragraphs: 30), to: "numbers.txt", in: directory)
        let result = try OTKRunner.otk(["render", "numbers.txt", "-o", "page.svg", "--page-size", "A5", "-q"], in: directory)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let files = OTKRunner.files(in: directory).filter { $0.hasSuffix(".svg") }
        #expect(files.count >= 2)
        #expect(files == (1...files.count).map { "page-\($0).svg" }.sorted())
        for name in files {
            let svg = String(decoding: try Data(contentsOf: directory.appendingPathComponent(name)), as: UTF8.self)
            #expect(svg.hasPrefix("<?xml"))
            #expect(svg.contains("<svg") && svg.contains("width=\"419.53pt\"") && svg.contains("height=\"595.28pt\""))
            #expect(svg.contains("<path") || svg.contains("<use"))
        }
    }

    @Test("The sample's pages render as PNG and look like pages: white paper, dark text inside the margins")
    func samplePNG() throws {
        let directory = try OTKRunner.scratch()
        let result = try OTKRunner.otk(["render", "-o", "sample.png", "--scale", "1", "-q"], in: directory)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let files = OTKRunner.files(in: directory)
        #expect(files == ["sample-1.png", "sample-2.png", "sample-3.png"])
        for name in files {
            let image = try #require(UIImage(contentsOfFile: directory.appendingPathComponent(name).path)?.cgImage)
            #expect(image.width == 596 && image.height == 842)
            // The margins are blank paper: the corners and the edge of the left margin are white.
            for (x, y) in [(2, 2), (593, 839), (20, 400), (30, 30)] {
                let pixel = try #require(image.rgba(atX: x, y: y))
                #expect(pixel.r == 255 && pixel.g == 255 && pixel.b == 255, "\(name) at (\(x), \(y))")
            }
            // Ink inside the text area.
            var dark = 0
            for y in stride(from: 70, to: 780, by: 3) {
                for x in stride(from: 60, to: 540, by: 3) where (image.rgba(atX: x, y: y)?.r ?? 255) < 100 { dark += 1 }
            }
            #expect(dark > 500, "\(name) has text")
        }
    }

    @Test("An image larger than the column is scaled down to it, proportions kept, instead of stopping the layout")
    func oversizedImageFitsTheColumn() throws {
        let directory = try OTKRunner.scratch()
        // 1,600 × 2,400 points of solid red: wider and taller than an A5 column.
        let png = UIGraphicsImageRenderer(size: CGSize(width: 1600, height: 2400)).pngData { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 1600, height: 2400))
        }
        try png.write(to: directory.appendingPathComponent("big.png"))
        try OTKRunner.write("# Picture\n\nBefore.\n\n![big](big.png)\n\nAfter the picture.\n", to: "pic.md", in: directory)
        let result = try OTKRunner.otk(["render", "pic.md", "--page-size", "A5", "--margins", "36", "--columns", "2",
                                        "--scale", "1", "-o", "pic.png"], in: directory)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        // The red box: within one column (A5 is 420 pt wide: columns of (420 − 72 − gutter) / 2),
        // and as tall as its width allows (2:3).
        let pages = OTKRunner.files(in: directory).filter { $0.hasPrefix("pic") && $0.hasSuffix(".png") }.sorted()
        var box: (minX: Int, maxX: Int, minY: Int, maxY: Int)?
        for name in pages {
            guard let image = UIImage(contentsOfFile: directory.appendingPathComponent(name).path)?.cgImage else { continue }
            for y in 0..<image.height {
                for x in stride(from: 0, to: image.width, by: 1) {
                    guard let p = image.rgba(atX: x, y: y), p.r > 200, p.g < 60, p.b < 60 else { continue }
                    box = (min(box?.minX ?? x, x), max(box?.maxX ?? x, x), min(box?.minY ?? y, y), max(box?.maxY ?? y, y))
                }
            }
            if box != nil { break }
        }
        let found = try #require(box, "no red image on any page: \(pages)")
        let width = found.maxX - found.minX + 1, height = found.maxY - found.minY + 1
        #expect(found.minX >= 35 && found.maxX <= 420 / 2 + 2, "the image stays in the first column: \(found)")
        #expect(width > 120, "scaled to the column's width, not to nothing: \(found)")
        #expect(abs(Double(height) / Double(width) - 1.5) < 0.03, "proportions kept: \(width) × \(height)")
    }
}
