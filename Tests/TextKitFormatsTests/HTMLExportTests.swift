import Testing
@testable import TextKitFormats

/// HTML bytes for `string` (all of it) with extra document attributes.
func htmlData(_ string: NSAttributedString, _ document: [NSAttributedString.DocumentAttributeKey: Any] = [:]) throws -> Data {
    var d = document
    d[.documentType] = NSAttributedString.DocumentType.html
    return try string.data(from: NSRange(location: 0, length: string.length), documentAttributes: d)
}

/// The same as text (UTF-8).
func htmlText(_ string: NSAttributedString, _ document: [NSAttributedString.DocumentAttributeKey: Any] = [:]) throws -> String {
    String(decoding: try htmlData(string, document), as: UTF8.self)
}

@Suite("HTML export: documents, escaping, encodings, lists, images")
struct HTMLExportTests {
    static let serif = UIFont(name: "DejaVu Serif", size: 14)!

    @Test("A complete HTML5 document: doctype, charset, title and metadata, the body's font, a <p> a paragraph")
    func document() throws {
        let s = NSAttributedString(string: "One\nTwo", attributes: [.font: Self.serif])
        let html = try htmlText(s, [.title: "A <title> & more", .author: "Ann \"A\" Author", .keywords: ["x", "y"]])
        #expect(html == """
            <!DOCTYPE html>
            <html>
            <head>
            <meta charset="UTF-8">
            <meta name="generator" content="OpenTextKit">
            <title>A &lt;title&gt; &amp; more</title>
            <meta name="author" content="Ann &quot;A&quot; Author">
            <meta name="keywords" content="x, y">
            </head>
            <body style="font-family:'DejaVu Serif', serif;font-size:14px">
            <p style="margin:0">One</p>
            <p style="margin:0">Two</p>
            </body>
            </html>

            """)
        let (read, attributes) = try readHTML(Data(html.utf8))
        #expect(read.string == "One\nTwo")
        #expect(attributes[.title] as? String == "A <title> & more")
        #expect(read.font(at: 0)?.fontName == Self.serif.fontName && read.font(at: 0)?.pointSize == 14)
    }

    @Test("An empty string is a document with an empty body; a range writes only its paragraphs")
    func emptyAndRanges() throws {
        let empty = try htmlText(NSAttributedString(string: ""))
        #expect(empty.contains("<body style=\"font-family:'") && empty.hasSuffix("\">\n</body>\n</html>\n"))
        #expect(try readHTML(Data(empty.utf8)).0.length == 0)
        let s = NSAttributedString(string: "first\nsecond\nthird", attributes: [.font: Self.serif])
        let data = try s.data(from: NSRange(location: 8, length: 5), documentAttributes: [.documentType: NSAttributedString.DocumentType.html])
        let html = String(decoding: data, as: UTF8.self)
        #expect(html.contains(">cond</p>\n<p style=\"margin:0\"><br></p>\n</body>"))
        #expect(try readHTML(data).0.string == "cond\n")
    }

    @Test("Markup characters are escaped in text and attributes; what HTML cannot carry is U+FFFD, one unit for one")
    func escaping() throws {
        let text = "<b>&amp;</b> \"q\" 'a' \u{0}\u{1}\u{B}\u{C}\u{1F}\u{FFFE} \u{1F600} \u{7F}"
        let s = NSMutableAttributedString(string: text, attributes: [.link: "https://e.org/?a=1&b=\"2\""])
        s.append(NSAttributedString(string: "\u{1F600}"))
        s.deleteCharacters(in: NSRange(location: s.length - 1, length: 1))  // a lone lead surrogate
        let html = try htmlText(s)
        #expect(html.contains("&lt;b&gt;&amp;amp;&lt;/b&gt; \"q\" 'a' \u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD} \u{1F600} \u{7F}"))
        #expect(html.contains("<a href=\"https://e.org/?a=1&amp;b=&quot;2&quot;\""))
        #expect(html.contains("</a>\u{FFFD}</p>"))
        let (read, _) = try readHTML(Data(html.utf8))
        #expect(read.length == s.length)
        #expect(read.string.hasPrefix("<b>&amp;</b> \"q\" 'a' \u{FFFD}"))
        #expect((read.attr(.link, at: 0) as? URL)?.absoluteString == "https://e.org/?a=1&b=%222%22"
            || (read.attr(.link, at: 0) as? URL)?.absoluteString == "https://e.org/?a=1&b=\"2\"")
    }

    @Test("White space: kept with white-space:pre-wrap only where HTML would collapse it; a line separator stays in its paragraph")
    func whiteSpace() throws {
        let s = NSAttributedString(string: "a b\n a\tb  c \nline\u{2028}break", attributes: [.font: Self.serif])
        let html = try htmlText(s)
        #expect(html.contains("<p style=\"margin:0\">a b</p>"))
        #expect(html.contains("<p style=\"margin:0;white-space:pre-wrap;tab-size:28px\"> a\tb  c </p>"))
        #expect(try readHTML(Data(html.utf8)).0.string == s.string)
    }

    @Test("Encodings: UTF-8 by default, the charset named; Latin 1 and ASCII with numeric references; UTF-16 with a byte order mark; others refused")
    func encodings() throws {
        let s = NSAttributedString(string: "caf\u{E9} \u{20AC} \u{1F600} \u{6771}", attributes: [.font: Self.serif])
        let latin1 = try htmlData(s, [.characterEncoding: String.Encoding.isoLatin1.rawValue])
        let latin1Text = try #require(String(data: latin1, encoding: .isoLatin1))
        #expect(latin1Text.contains("<meta charset=\"ISO-8859-1\">"))
        #expect(latin1Text.contains("caf\u{E9} &#x20AC; &#x1F600; &#x6771;"))
        #expect(latin1.contains(0xE9))
        let ascii = try htmlText(s, [.characterEncoding: String.Encoding.ascii.rawValue])
        #expect(ascii.contains("caf&#xE9; &#x20AC;") && ascii.allSatisfy(\.isASCII))
        let utf16 = try htmlData(s, [.characterEncoding: String.Encoding.utf16LittleEndian.rawValue])
        #expect(Array(utf16.prefix(4)) == [0xFF, 0xFE, 0x3C, 0x00])
        for data in [latin1, Data(ascii.utf8), utf16, try htmlData(s, [.characterEncoding: String.Encoding.utf16.rawValue])] {
            #expect(try readHTML(data).0.string == s.string)
        }
        let link = NSAttributedString(string: "x", attributes: [.font: Self.serif, .link: "https://e.org/\u{2192}\u{E9}"])
        let linkHTML = try #require(String(data: try htmlData(link, [.characterEncoding: String.Encoding.isoLatin1.rawValue]), encoding: .isoLatin1))
        #expect(linkHTML.contains("<a href=\"https://e.org/&#x2192;\u{E9}\""))
        #expect(throws: DocumentWritingError.self) {
            try htmlData(s, [.characterEncoding: String.Encoding.nonLossyASCII.rawValue])
        }
    }

    @Test("Character attributes become inline CSS that differs from the body: family, size, weight, style, colours, decorations, baseline")
    func characterCSS() throws {
        let bold = try #require(UIFont(name: "Liberation Sans", size: 10)?.fontDescriptor.withSymbolicTraits(.traitBold))
        let s = NSMutableAttributedString(string: "body ", attributes: [.font: Self.serif])
        s.append(NSAttributedString(string: "run", attributes: [
            .font: UIFont(descriptor: bold, size: 10), .foregroundColor: UIColor(red: 1, green: 0, blue: 0.5, alpha: 1),
            .backgroundColor: UIColor(red: 0, green: 0, blue: 0, alpha: 0.25), .underlineStyle: NSUnderlineStyle.double.rawValue,
            .strikethroughStyle: 1, .baselineOffset: CGFloat(3.5), .kern: CGFloat(1.25),
        ]))
        s.append(NSAttributedString(string: " body and more body", attributes: [.font: Self.serif]))
        let html = try htmlText(s)
        #expect(html.contains("<p style=\"margin:0\">body <span style=\"font-family:'Liberation Sans', sans-serif;font-size:10px;"
            + "font-weight:bold;color:#ff0080;background-color:rgba(0,0,0,0.25);text-decoration:underline line-through;"
            + "text-decoration-style:double;vertical-align:3.5px;letter-spacing:1.25px\">run</span> body and more body</p>"))
    }

    @Test("A paragraph states the font most of its text is in (a browser's lines are never shorter than their block's font)")
    func paragraphFont() throws {
        let mono = try #require(UIFont(name: "Liberation Mono", size: 10))
        let s = NSMutableAttributedString(string: "Body text, and more of it\n", attributes: [.font: Self.serif])
        s.append(NSAttributedString(string: "let x = 1 ", attributes: [.font: mono]))
        s.append(NSAttributedString(string: "// note", attributes: [.font: mono, .foregroundColor: UIColor.gray]))
        let html = try htmlText(s)
        #expect(html.contains("<body style=\"font-family:'DejaVu Serif', serif;font-size:14px\">\n<p style=\"margin:0\">Body text, and more of it</p>"))
        #expect(html.contains("<p style=\"margin:0;font-family:'Liberation Mono', monospace;font-size:10px\">let x = 1 <span style=\"color:#808080\">// note</span></p>"))
        #expect(HTMLRoundTrip.difference(s, try readHTML(Data(html.utf8)).0) == nil)
    }

    @Test("Runs that differ only in what HTML does not carry share one element")
    func sharedElements() throws {
        let s = NSMutableAttributedString(string: "T", attributes: [.font: Self.serif, .foregroundColor: UIColor.red, .languageIdentifier: "en"])
        s.append(NSAttributedString(string: "itle", attributes: [.font: Self.serif, .foregroundColor: UIColor.red]))
        #expect(try htmlText(s).contains("<p style=\"margin:0\"><span style=\"color:#ff0000\">Title</span></p>"))
    }

    @Test("Links are <a href> with the run's style on the <a>; a link without a colour gets the text view's link colour")
    func links() throws {
        let s = NSMutableAttributedString(string: "see ", attributes: [.font: Self.serif])
        s.append(NSAttributedString(string: "here", attributes: [.font: Self.serif, .link: URL(string: "https://example.com/x")!]))
        s.append(NSAttributedString(string: " and ", attributes: [.font: Self.serif]))
        s.append(NSAttributedString(string: "there", attributes: [.font: Self.serif, .link: "https://example.com/y", .foregroundColor: UIColor.red]))
        let html = try htmlText(s)
        #expect(html.contains("<a href=\"https://example.com/x\" style=\"color:#007aff\">here</a>"))
        #expect(html.contains("<a href=\"https://example.com/y\" style=\"color:#ff0000\">there</a>"))
        let (read, _) = try readHTML(Data(html.utf8))
        #expect((read.attr(.link, at: 4) as? URL)?.absoluteString == "https://example.com/x")
        #expect(rgba(read.color(at: 4)) == [0, 122, 255, 255])
        #expect(read.attr(.underlineStyle, at: 4) as? Int == 1)
        #expect(rgba(read.color(at: read.offset(of: "there"))) == [255, 0, 0, 255])
    }

    @Test("Paragraph styles become padding, logical margins, text-indent, text-align and line-height")
    func paragraphCSS() throws {
        let p = NSMutableParagraphStyle()
        p.alignment = .justified
        p.headIndent = 36
        p.firstLineHeadIndent = 18
        p.tailIndent = -12
        p.paragraphSpacingBefore = 4
        p.paragraphSpacing = 8.5
        p.lineHeightMultiple = 1.5
        let s = NSAttributedString(string: "text", attributes: [.font: Self.serif, .paragraphStyle: p])
        let html = try htmlText(s)
        #expect(html.contains("<p style=\"margin:0;text-align:justify;margin-inline-start:36px;margin-inline-end:12px;"
            + "text-indent:-18px;padding-top:4px;padding-bottom:8.5px;line-height:1.5\">text</p>"))
        let read = try #require(try readHTML(Data(html.utf8)).0.style(at: 0))
        #expect(read.alignment == .justified && read.headIndent == 36 && read.firstLineHeadIndent == 18 && read.tailIndent == -12)
        #expect(read.paragraphSpacingBefore == 4 && read.paragraphSpacing == 8.5 && read.lineHeightMultiple == 1.5)
        #expect(try htmlText(NSAttributedString(string: "שלום עולם", attributes: [.font: Self.serif])).contains("<p dir=\"rtl\" style="))
    }

    @Test("Lists: HTML read, written and read again keeps the text, the lists, their nesting and numbering, and the item styles")
    func lists() throws {
        let source = """
            <p>Intro</p><ul><li>one</li><li>two<ol start=3><li>three</li><li>four<p>more of four</p></li></ol></li><li>five</li></ul>
            <ul><li><ul><li>deep</li></ul></li></ul><p>after</p>
            """
        let (first, _) = try readHTML(source)
        let html = try htmlText(first)
        #expect(html.contains("<ul style=\"margin:0\">\n<li><p style=\"margin:0\">one</p>\n</li>\n<li><p style=\"margin:0\">two</p>\n"
            + "<ol start=\"3\" style=\"margin:0\">\n<li>"))
        let (second, _) = try readHTML(Data(html.utf8))
        #expect(second.string == first.string)
        #expect(HTMLRoundTrip.difference(first, second) == nil)
        for i in 0..<first.length {
            let a = try #require(first.style(at: i)), b = try #require(second.style(at: i))
            #expect(a.textLists.map(\.markerFormat) == b.textLists.map(\.markerFormat), "at \(i)")
            #expect(a.textLists.map(\.startingItemNumber) == b.textLists.map(\.startingItemNumber), "at \(i)")
            #expect(a.tabStops.map(\.location) == b.tabStops.map(\.location), "at \(i)")
        }
    }

    @Test("Attachments are <img> with a data: URL of their data (or their image as PNG); one without either keeps its character")
    func images() throws {
        let png = try #require(UIGraphicsImageRenderer(size: CGSize(width: 4, height: 3)).image { _ in }.pngData())
        let s = NSMutableAttributedString(string: "a", attributes: [.font: Self.serif])
        s.append(NSAttributedString(attachment: NSTextAttachment(data: png, ofType: "public.png")))
        let sized = NSTextAttachment(image: try #require(UIImage(data: png)))
        sized.bounds = CGRect(x: 0, y: -2, width: 8, height: 6)
        s.append(NSAttributedString(attachment: sized))
        s.append(NSAttributedString(attachment: NSTextAttachment()))
        let html = try htmlText(s)
        let encoded = png.base64EncodedString()
        #expect(html.contains("<img src=\"data:image/png;base64,\(encoded)\" alt=\"\">"))
        #expect(html.contains("<img src=\"data:image/png;base64,\(encoded)\" width=\"8\" height=\"6\" style=\"vertical-align:-2px\" alt=\"\">"))
        #expect(html.contains("<img alt=\"\">"))
        let (read, _) = try readHTML(Data(html.utf8))
        #expect(read.string == "a\u{FFFC}\u{FFFC}\u{FFFC}")
        let attachment = try #require(read.attr(.attachment, at: 1) as? NSTextAttachment)
        #expect(attachment.contents == png && attachment.fileType == "public.png" && attachment.image?.size == CGSize(width: 4, height: 3))
        #expect((read.attr(.attachment, at: 3) as? NSTextAttachment)?.contents == nil)
    }

    @Test("write(to:) picks HTML for .html and .htm; fileWrapper is one file; the file reads back")
    func files() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let s = NSAttributedString(string: "Saved", attributes: [.font: Self.serif, .foregroundColor: UIColor.blue])
        for name in ["page.html", "page.HTM"] {
            let url = directory.appendingPathComponent(name)
            try s.write(to: url, documentAttributes: [.title: "Saved page"])
            let (read, attributes) = try NSAttributedString.readDocument(from: url)
            #expect(read.string == "Saved" && rgba(read.color(at: 0)) == [0, 0, 255, 255])
            #expect(attributes[.title] as? String == "Saved page")
            #expect(attributes[.documentType] as? NSAttributedString.DocumentType == .html)
        }
        let wrapper = try s.fileWrapper(from: NSRange(location: 0, length: s.length),
                                        documentAttributes: [.documentType: NSAttributedString.DocumentType.html])
        let expected = try htmlData(s)
        #expect(wrapper.isRegularFile && wrapper.regularFileContents == expected)
    }

    @Test("Text without a font is written in the text view's default font; separators other than LF come back as LF")
    func defaults() throws {
        let s = NSAttributedString(string: "a\r\nb\rc\u{2029}d")
        let (read, _) = try readHTML(try htmlData(s))
        #expect(read.string == "a\nb\nc\nd")
        #expect(read.font(at: 0)?.fontName == HTMLExporter.defaultFont.fontName && read.font(at: 0)?.pointSize == 12)
    }

    @Test("1 MB of styled text is written in bounded time and reads back the same")
    func large() throws {
        let piece = NSMutableAttributedString(string: "Lorem ipsum dolor sit amet, ", attributes: [.font: Self.serif])
        piece.append(NSAttributedString(string: "consectetur", attributes: [.font: Self.serif, .foregroundColor: UIColor.red]))
        piece.append(NSAttributedString(string: " adipiscing <elit> & more.\n", attributes: [.font: Self.serif]))
        let s = NSMutableAttributedString()
        while s.length < 1 << 20 { s.append(piece) }
        var data = Data()
        let seconds = try elapsed { data = try htmlData(s) }
        #expect(seconds < 60)
        let (read, _) = try readHTML(data)
        #expect(read.string == s.string)
    }
}
