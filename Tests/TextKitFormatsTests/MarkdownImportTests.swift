import Testing
@testable import TextKitFormats

@Suite("Markdown import")
struct MarkdownImportTests {
    func read(_ markdown: String, _ options: [NSAttributedString.DocumentReadingOptionKey: Any] = [:]) throws -> NSAttributedString {
        var o = options
        o[.documentType] = NSAttributedString.DocumentType.markdown
        return try NSAttributedString(data: Data(markdown.utf8), options: o, documentAttributes: nil)
    }

    @Test("Headings take the Dynamic Type title styles, text the body style")
    func headings() throws {
        let s = try read("# One\n\n## Two\n\n### Three\n\n#### Four\n\nBody text.")
        #expect(s.string == "One\nTwo\nThree\nFour\nBody text.")
        #expect(s.font(at: 0) == UIFont.preferredFont(forTextStyle: .title1))
        #expect(s.font(at: s.offset(of: "Two")) == UIFont.preferredFont(forTextStyle: .title2))
        #expect(s.font(at: s.offset(of: "Three")) == UIFont.preferredFont(forTextStyle: .title3))
        #expect(s.font(at: s.offset(of: "Four")) == UIFont.preferredFont(forTextStyle: .headline))
        #expect(s.font(at: s.offset(of: "Body")) == UIFont.preferredFont(forTextStyle: .body))
        #expect((s.style(at: s.offset(of: "Body"))?.paragraphSpacing ?? 0) > 0)
    }

    @Test("Emphasis, strong, code spans and links")
    func inlines() throws {
        let s = try read("Some *em*, **strong**, ***both***, `code` and [a link](https://example.com/x \"t\").")
        #expect(s.string == "Some em, strong, both, code and a link.")
        #expect(s.font(at: s.offset(of: "em"))?.fontDescriptor.symbolicTraits.contains(.traitItalic) == true)
        #expect(s.font(at: s.offset(of: "strong"))?.fontDescriptor.symbolicTraits.contains(.traitBold) == true)
        let both = s.font(at: s.offset(of: "both"))?.fontDescriptor.symbolicTraits ?? []
        #expect(both.contains(.traitBold) && both.contains(.traitItalic))
        #expect(s.font(at: s.offset(of: "code"))?.face.isFixedPitch == true)
        #expect(s.font(at: s.offset(of: "code"))?.pointSize == UIFont.preferredFont(forTextStyle: .body).pointSize)
        #expect((s.attr(.link, at: s.offset(of: "a link")) as? URL)?.absoluteString == "https://example.com/x")
        #expect(s.attr(.link, at: s.offset(of: " and")) == nil)
    }

    @Test("Code blocks are monospaced and indented, one paragraph per line")
    func codeBlocks() throws {
        let s = try read("Text\n\n```swift\nlet a = 1\nprint(a)\n```\n\n    indented\n")
        #expect(s.string == "Text\nlet a = 1\nprint(a)\nindented")
        let i = s.offset(of: "let")
        #expect(s.font(at: i)?.face.isFixedPitch == true)
        // Inset from the box; a wrapped line starts two characters further in; never hyphenated.
        let style = try #require(s.style(at: i))
        #expect(style.firstLineHeadIndent == MarkdownBlock.codeBlockInset)
        #expect(style.headIndent > style.firstLineHeadIndent)
        #expect(style.tailIndent == -MarkdownBlock.codeBlockInset)
        #expect(style.hyphenationFactor == 0)
        #expect((s.attr(.markdownBlock, at: i) as? MarkdownBlock)?.kind == .codeBlock(language: "swift"))
        #expect(s.attr(.markdownBlock, at: i) as? MarkdownBlock == s.attr(.markdownBlock, at: s.offset(of: "print")) as? MarkdownBlock)
        #expect(s.font(at: s.offset(of: "indented"))?.face.isFixedPitch == true)
    }

    @Test("Lists: markers, tab stops, indents and text lists, nested")
    func lists() throws {
        let s = try read("- apple\n- pear\n  1. one\n  2. two\n\n3) three\n")
        #expect(s.string == "\t•\tapple\n\t•\tpear\n\t1.\tone\n\t2.\ttwo\n\t3)\tthree")
        // A hanging indent: the marker right-aligned in the indent, the text (and its wrapped
        // lines) at the head indent.
        let outer = try #require(s.style(at: s.offset(of: "apple")))
        let indent = outer.headIndent
        #expect(indent > 0 && outer.firstLineHeadIndent == 0)
        #expect(outer.tabStops.map(\.alignment) == [.right, .left])
        #expect(outer.tabStops.map(\.location)[0] < indent && outer.tabStops.map(\.location)[1] == indent)
        #expect(outer.textLists.first?.markerFormat == .disc)
        #expect(outer.hyphenationFactor == 0)
        #expect((s.attr(.markdownBlock, at: s.offset(of: "apple")) as? MarkdownBlock)?.kind == .listItem)
        let inner = try #require(s.style(at: s.offset(of: "one")))
        #expect(inner.headIndent == 2 * indent && inner.firstLineHeadIndent == indent)
        #expect(inner.textLists.count == 2)
        #expect(inner.textLists.last?.markerFormat == .decimal)
        #expect(s.style(at: s.offset(of: "three"))?.textLists.first?.startingItemNumber == 3)
    }

    @Test("Block quotes indent; thematic breaks are centred rules; hard breaks are line separators")
    func quotesAndBreaks() throws {
        let s = try read("> quoted\n> > deeper\n\n---\n\nline  \nbreak\nsoft")
        #expect(s.string == "quoted\ndeeper\n———\nline\u{2028}break soft")
        #expect(s.style(at: 0)?.headIndent == 20)
        #expect(s.style(at: s.offset(of: "deeper"))?.headIndent == 40)
        #expect(s.style(at: s.offset(of: "———"))?.alignment == .center)
    }

    @Test("Images become attachments; a local PNG next to the document is loaded")
    func images() throws {
        let dir = try scratchDirectory()
        let png = try #require(TestImages.png(width: 2, height: 3))
        try png.write(to: dir.appendingPathComponent("pic.png"))
        try Data("An ![picture](pic.png) and ![remote](https://example.com/x.png).".utf8).write(to: dir.appendingPathComponent("doc.md"))
        let s = try NSAttributedString(url: dir.appendingPathComponent("doc.md"), options: [:], documentAttributes: nil)
        #expect(s.string == "An \u{FFFC} and \u{FFFC}.")
        let local = try #require(s.attr(.attachment, at: 3) as? NSTextAttachment)
        #expect(local.contents == png && local.image?.size == CGSize(width: 2, height: 3))
        let remote = try #require(s.attr(.attachment, at: s.length - 2) as? NSTextAttachment)
        #expect(remote.contents == nil && remote.image?.size == ResourcePlaceholder.size)
    }

    @Test(".defaultAttributes are the base of every run; their font replaces the body font")
    func defaults() throws {
        let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        let serif = UIFont(name: "DejaVu Serif", size: 20)!
        let s = try read("plain **bold**", [.defaultAttributes: [NSAttributedString.Key.foregroundColor: red, .font: serif]])
        #expect(s.color(at: 0) == red && s.color(at: 7) == red)
        #expect(s.font(at: 0) == serif)
        #expect(s.font(at: 7)?.familyName == "DejaVu Serif" && s.font(at: 7)?.fontDescriptor.symbolicTraits.contains(.traitBold) == true)
    }

    @Test("Writing Markdown: headings, emphasis, code, links and lists come back when read again")
    func exportRoundTrip() throws {
        let source = "# Title\n\nSome *em* and **strong** with `code` and [link](https://example.com/).\n\n- one\n- two\n"
        let s = try read(source)
        let markdown = String(decoding: try s.data(from: NSRange(location: 0, length: s.length),
                                                   documentAttributes: [.documentType: NSAttributedString.DocumentType.markdown]), as: UTF8.self)
        let again = try read(markdown)
        #expect(again.string == s.string)
        #expect(again.font(at: 0) == s.font(at: 0))
        #expect(again.font(at: again.offset(of: "strong")) == s.font(at: s.offset(of: "strong")))
        #expect(again.font(at: again.offset(of: "code")) == s.font(at: s.offset(of: "code")))
        #expect((again.attr(.link, at: again.offset(of: "link")) as? URL) == (s.attr(.link, at: s.offset(of: "link")) as? URL))
    }
}
