import OpenTextKit
import Testing

@Suite("otk render: input formats")
struct DocumentFormatTests {
    static let markdown = """
        # A Markdown document

        This paragraph has *emphasis*, **strong text**, `inline code` and a [link to Swift](https://swift.org).

        ## A list

        - first item
        - second item

        ```
        let x = 42
        ```
        """

    @Test("Markdown: headings and text come through, and a link becomes a URI annotation")
    func markdown() throws {
        let directory = try OTKRunner.scratch()
        try OTKRunner.write(Self.markdown, to: "doc.md", in: directory)
        let result = try OTKRunner.otk(["render", "doc.md"], in: directory)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let pdf = directory.appendingPathComponent("doc.pdf")
        let text = try OTKRunner.pdfText(pdf).replacingOccurrences(of: "\n", with: " ")
        #expect(text.hasPrefix("A Markdown document "))
        #expect(text.contains("This paragraph has emphasis, strong text, inline code and a link to Swift."))
        #expect(text.contains("let x = 42"))
        let bytes = String(decoding: try Data(contentsOf: pdf), as: UTF8.self)
        #expect(bytes.contains("/URI (https://swift.org)"))
        #expect(try OTKRunner.pdfInfo(pdf)["Title"] == "doc")
    }

    @Test("Markdown is set at print sizes by default; --content-size-category sets Dynamic Type's, --font-size scales")
    func markdownSizes() throws {
        let directory = try OTKRunner.scratch()
        try OTKRunner.write(Self.markdown, to: "doc.md", in: directory)
        func height(_ options: [String]) throws -> Double {
            let result = try OTKRunner.otk(["measure", "doc.md", "--json"] + options, in: directory)
            #expect(result.status == 0, "stderr: \(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            return try #require((object?["boundingSize"] as? [String: Any])?["height"] as? Double)
        }
        let print = try height([])
        let large = try height(["--content-size-category", "L"])
        let small = try height(["--content-size-category", "XS"])
        let huge = try height(["--content-size-category", "AX3"])
        let eleven = try height(["--font-size", "11"])
        let twoColumns = try height(["--columns", "2"])
        #expect(small < large && large < huge)
        // Body 17 pt at Dynamic Type's default category; 11 pt is about 11/17 of the height, and
        // the print default (10.5 pt in one column) a little less than 11 pt.
        #expect(eleven > large * 0.5 && eleven < large * 0.8)
        #expect(print < eleven && print > eleven * 0.85)
        // Two columns: 9.5 pt in half the width: each line holds fewer words, so there are more lines.
        #expect(twoColumns > print)
    }

    @Test("HTML: .html is read as HTML (no markup in the text), its link becomes a URI annotation and its <title> the PDF's title")
    func html() throws {
        let directory = try OTKRunner.scratch()
        let html = "<html><head><title>Web Page</title><style>p { color: navy }</style></head><body><h1>Heading</h1><p>Some <b>bold</b> text and a <a href=\"https://example.com/html\">link</a>.</p><ul><li>item</li></ul></body></html>"
        try OTKRunner.write(html, to: "page.html", in: directory)
        let result = try OTKRunner.otk(["render", "page.html"], in: directory)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let pdf = directory.appendingPathComponent("page.pdf")
        let text = try OTKRunner.pdfText(pdf)
        #expect(text.contains("Heading"))
        #expect(text.contains("Some bold text and a link."))
        #expect(text.contains("item"))
        #expect(!text.contains("<"))
        let bytes = String(decoding: try Data(contentsOf: pdf), as: UTF8.self)
        #expect(bytes.contains("/URI (https://example.com/html)"))
        #expect(try OTKRunner.pdfInfo(pdf)["Title"] == "Web Page")
    }

    @Test("RTF: text, a HYPERLINK field as a URI annotation, and the document's paper size")
    func rtf() throws {
        let directory = try OTKRunner.scratch()
        let rtf = #"{\rtf1\ansi{\fonttbl\f0\froman Times;}{\info{\title Paper Test}}\paperw8391\paperh11906\margl720\margr720\margt720\margb720\f0\fs24 Hello from RTF with a {\field{\*\fldinst{HYPERLINK "https://example.com/rtf"}}{\fldrslt link}} inside.\par}"#
        try OTKRunner.write(rtf, to: "doc.rtf", in: directory)
        let result = try OTKRunner.otk(["render", "doc.rtf"], in: directory)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let pdf = directory.appendingPathComponent("doc.pdf")
        #expect(try OTKRunner.pdfText(pdf).contains("Hello from RTF with a link inside."))
        #expect(String(decoding: try Data(contentsOf: pdf), as: UTF8.self).contains("/URI (https://example.com/rtf)"))
        let info = try OTKRunner.pdfInfo(pdf)
        #expect(info["Title"] == "Paper Test")
        // \paperw8391 \paperh11906 twips: A5 (419.55 × 595.3 pt).
        #expect(info["Page size"]?.hasPrefix("419.55 x 595.3") == true)
        // Options override the document's paper.
        #expect(try OTKRunner.otk(["render", "doc.rtf", "--page-size", "Letter", "-o", "letter.pdf", "-q"], in: directory).status == 0)
        #expect(try OTKRunner.pdfInfo(directory.appendingPathComponent("letter.pdf"))["Page size"]?.hasPrefix("612 x 792") == true)
    }

    @Test("The archive format and RTFD directories render")
    func archiveAndRTFD() throws {
        let directory = try OTKRunner.scratch()
        let text = NSMutableAttributedString(string: "Archived text with a link.", attributes: [
            .font: UIFont.systemFont(ofSize: 14),
        ])
        text.addAttribute(.link, value: URL(string: "https://example.com/archive")!, range: NSRange(location: 21, length: 4))
        try text.write(to: directory.appendingPathComponent("doc.otkarchive"))
        try text.write(to: directory.appendingPathComponent("doc.rtfd"))
        for name in ["doc.otkarchive", "doc.rtfd"] {
            let result = try OTKRunner.otk(["render", name, "-o", "\(name).pdf", "-q"], in: directory)
            #expect(result.status == 0, "\(name): \(result.stderr)")
            let pdf = directory.appendingPathComponent("\(name).pdf")
            #expect(try OTKRunner.pdfText(pdf).contains("Archived text with a link."))
            #expect(String(decoding: try Data(contentsOf: pdf), as: UTF8.self).contains("/URI (https://example.com/archive)"))
        }
    }

    @Test("Plain text in UTF-16 with a byte order mark is read")
    func utf16() throws {
        let directory = try OTKRunner.scratch()
        var data = Data([0xFF, 0xFE])
        for unit in "Grüße aus Zürich".utf16 { data.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        try data.write(to: directory.appendingPathComponent("utf16.txt"))
        #expect(try OTKRunner.otk(["render", "utf16.txt", "-q"], in: directory).status == 0)
        #expect(try OTKRunner.pdfText(directory.appendingPathComponent("utf16.pdf")).contains("Grüße aus Zürich"))
    }
}

@Suite("otk render: what a document may read")
struct DocumentResourceAccessRenderTests {
    /// The sizes (width×height in pixels) of the images in a PDF, by poppler's `pdfimages -list`.
    static func imageSizes(_ pdf: URL) throws -> [String] {
        let list = try OTKRunner.run(URL(fileURLWithPath: "/usr/bin/pdfimages"), ["-list", pdf.path]).stdout
        return list.split(separator: "\n").dropFirst(2).compactMap { line in
            let fields = line.split(separator: " ")
            return fields.count > 4 ? "\(fields[3])x\(fields[4])" : nil
        }
    }

    @Test("A Markdown image outside the document's directory is not embedded: a placeholder and a warning; --allow-path embeds it")
    func allowPath() throws {
        let directory = try OTKRunner.scratch()
        let documents = directory.appendingPathComponent("docs"), secrets = directory.appendingPathComponent("private")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: secrets, withIntermediateDirectories: true)
        let secret = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 30)).pngData { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 40, height: 30))
        }
        try secret.write(to: secrets.appendingPathComponent("secret.png"))
        try OTKRunner.write("A chart: ![chart](../private/secret.png)\n", to: "doc.md", in: documents)

        let refused = try OTKRunner.otk(["render", "doc.md"], in: documents)
        #expect(refused.status == 0, "the document still renders")
        #expect(refused.stderr.contains("../private/secret.png: outside the document's directory"), "stderr: \(refused.stderr)")
        #expect(refused.stderr.contains("--allow-path"))
        #expect(!(try Self.imageSizes(documents.appendingPathComponent("doc.pdf"))).contains("40x30"))

        let allowed = try OTKRunner.otk(["render", "doc.md", "--allow-path", secrets.path], in: documents)
        #expect(allowed.status == 0 && !allowed.stderr.contains("warning"), "stderr: \(allowed.stderr)")
        #expect(try Self.imageSizes(documents.appendingPathComponent("doc.pdf")).contains("40x30"))

        let missing = try OTKRunner.otk(["render", "doc.md", "--allow-path", "no-such-directory"], in: documents)
        #expect(missing.status != 0 && missing.stderr.contains("--allow-path: 'no-such-directory' is not a directory"))
    }
}
