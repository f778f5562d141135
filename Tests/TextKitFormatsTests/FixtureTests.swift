import Testing
@testable import TextKitFormats

/// Files no one here wrote by hand as RTF: pandoc's and LibreOffice's output (Fixtures/pandoc,
/// Fixtures/libreoffice, made from Fixtures/sources by Fixtures/generate.sh), a TextEdit document
/// written by hand to Apple's documented format (Fixtures/cocoa), and what pandoc and LibreOffice
/// made of our writer's output (Fixtures/ours).
@Suite("Fixtures from pandoc, LibreOffice and TextEdit")
struct FixtureTests {
    func read(_ name: String) throws -> (NSAttributedString, [NSAttributedString.DocumentAttributeKey: Any]) {
        try NSAttributedString.readDocument(from: Fixtures.url(name))
    }

    func traits(_ s: NSAttributedString, _ text: String) -> UIFontDescriptor.SymbolicTraits {
        s.font(at: s.offset(of: text))?.fontDescriptor.symbolicTraits ?? []
    }

    /// What every conversion of sources/sample.md must carry.
    func checkSample(_ s: NSAttributedString, file: String) {
        for text in ["Sample document", "A paragraph with emphasis, strong text, inline code, struck and a link to example.",
                     "café, naïve, Ærøskøbing; Greek αβγ; Cyrillic привет; Japanese 日本語; emoji \u{1F600}.", "First item",
                     "Second item with bold", "Nested item", "One", "Two", "A block quote with italic text.", "let x = 42",
                     "print(x)", "Superscript2 and subscripti.", "Last paragraph."] {
            #expect(s.string.contains(text), "\(file): missing \(text.debugDescription)")
        }
        #expect(traits(s, "emphasis").contains(.traitItalic), "\(file)")
        #expect(traits(s, "strong text").contains(.traitBold), "\(file)")
        #expect(traits(s, "Sample document").contains(.traitBold), "\(file)")
        #expect((s.font(at: s.offset(of: "Sample document"))?.pointSize ?? 0) > (s.font(at: s.offset(of: "Last"))?.pointSize ?? 99), "\(file)")
        #expect(s.attr(.strikethroughStyle, at: s.offset(of: "struck")) as? Int == NSUnderlineStyle.single.rawValue, "\(file)")
        #expect((s.attr(.link, at: s.offset(of: "link to example")) as? URL)?.absoluteString == "https://example.com/page", "\(file)")
        #expect((s.attr(.baselineOffset, at: s.offset(of: "2 and")) as? CGFloat ?? 0) > 0, "\(file)")
        #expect((s.attr(.baselineOffset, at: s.offset(of: "i.")) as? CGFloat ?? 0) < 0, "\(file)")
        #expect((s.style(at: s.offset(of: "First item"))?.headIndent ?? 0) > 0, "\(file)")
        #expect((s.style(at: s.offset(of: "Nested item"))?.headIndent ?? 0) > (s.style(at: s.offset(of: "First item"))?.headIndent ?? 0), "\(file)")
        #expect((s.style(at: s.offset(of: "A block quote"))?.headIndent ?? 0) > 0, "\(file)")
        #expect((s.style(at: s.offset(of: "Last paragraph"))?.headIndent ?? 1) == 0, "\(file)")
        let picture = s.offset(of: "\u{FFFC}")
        #expect(picture != NSNotFound, "\(file)")
        if picture != NSNotFound, let a = s.attr(.attachment, at: picture) as? NSTextAttachment {
            #expect(a.fileType == "public.png" && a.image?.size == CGSize(width: 4, height: 3), "\(file)")
        }
    }

    @Test("pandoc's RTF of the sample reads with its text and formatting")
    func pandocSample() throws {
        let (s, _) = try read("pandoc/sample.rtf")
        checkSample(s, file: "pandoc")
        #expect(s.font(at: s.offset(of: "inline code"))?.face.isFixedPitch == true)
        #expect(s.string.contains("let x = 42\u{2028}print(x)"))
    }

    @Test("LibreOffice's RTF of the sample (from ODT and from DOCX) reads with its text, formatting and document attributes",
          arguments: ["libreoffice/sample-from-odt.rtf", "libreoffice/sample-from-docx.rtf"])
    func libreOfficeSample(file: String) throws {
        let (s, d) = try read(file)
        checkSample(s, file: file)
        #expect(d[.paperSize] is CGSize && d[.paperMargin] is UIEdgeInsets && d[.creationTime] is Date)
    }

    @Test("A TextEdit document (RTFD): Helvetica faces, colours from \\expandedcolortbl, lists, links, the picture")
    func textEdit() throws {
        let (s, d) = try read("cocoa/TextEdit.rtfd")
        #expect(s.string.hasPrefix("TextEdit Title\nPlain text with bold, italic, underlined, struck, red, highlighted, and monospaced text.\n"))
        #expect(s.string.contains("Unicode: été, €, Привет, 日本.\nA link in a sentence.\n\t•\tFirst item\n\t•\tSecond item\n"))
        #expect(s.style(at: 0)?.alignment == .center)
        #expect(traits(s, "TextEdit").contains(.traitBold) && s.font(at: 0)?.pointSize == 18)
        #expect(traits(s, "bold").contains(.traitBold) && traits(s, "italic").contains(.traitItalic))
        #expect(s.attr(.underlineStyle, at: s.offset(of: "underlined")) as? Int == 1)
        #expect(s.attr(.strikethroughStyle, at: s.offset(of: "struck")) as? Int == 1)
        #expect(s.color(at: s.offset(of: "red")) == UIColor(red: 1, green: 0.12195, blue: 0, alpha: 1))
        #expect(s.color(.backgroundColor, at: s.offset(of: "highlighted")) == UIColor(red: 1, green: 0.98431, blue: 0, alpha: 0.5))
        #expect(s.color(.backgroundColor, at: s.offset(of: ", and")) == nil)
        #expect(s.font(at: s.offset(of: "monospaced"))?.face.isFixedPitch == true)
        #expect(s.font(at: s.offset(of: "monospaced"))?.pointSize == 11)
        #expect((s.attr(.link, at: s.offset(of: "link")) as? URL)?.absoluteString == "https://www.apple.com/")
        #expect(s.color(at: s.offset(of: "link")) == UIColor(red: 0, green: 0, blue: 1, alpha: 1))
        let list = try #require(s.style(at: s.offset(of: "First item")))
        #expect(list.headIndent == 36 && list.firstLineHeadIndent == 0 && list.tabStops.first?.location == 11)
        #expect(s.style(at: s.offset(of: "Right aligned"))?.alignment == .right)
        #expect(s.style(at: s.offset(of: "Right aligned"))?.lineHeightMultiple == 1.2)
        #expect(s.style(at: s.offset(of: "Plain"))?.tabStops.count == 12)
        let picture = try #require(s.attr(.attachment, at: s.length - 1) as? NSTextAttachment)
        #expect(picture.contents == (try Fixtures.data("sources/red.png")))
        #expect(picture.bounds == .zero)
        #expect(d[.paperSize] as? CGSize == CGSize(width: 595, height: 842))
        #expect(d[.viewSize] as? CGSize == CGSize(width: 576, height: 420))
        // The same RTF without its package: the picture is an attachment without data.
        let (flat, _) = try read("cocoa/TextEdit.rtf")
        #expect(flat.string == s.string)
        #expect((flat.attr(.attachment, at: flat.length - 1) as? NSTextAttachment)?.contents == nil)
    }

    @Test("pandoc reads our RTF with the same text (except its known gaps) and formatting")
    func pandocReadsOurs() throws {
        let original = richSample().string
        let plain = String(decoding: try Fixtures.data("ours/rich.pandoc.txt"), as: UTF8.self)
        // pandoc 2.17: wraps lines, marks strikeout and superscript in its plain writer, drops \page,
        // and decodes a surrogate pair written as two \u (as the RTF spec says) as two U+FFFD.
        func words(_ s: String) -> [String] {
            s.replacingOccurrences(of: "~~", with: "").replacingOccurrences(of: "^(", with: "").replacingOccurrences(of: ")", with: "")
                .split(whereSeparator: { $0.isWhitespace || $0 == "\u{2028}" || $0 == "\u{0C}" }).map(String.init)
        }
        let expected = words(original.replacingOccurrences(of: "\u{1F600}", with: "\u{FFFD}\u{FFFD}").replacingOccurrences(of: "(y=1)", with: ""))
            .map { $0 == "sep" ? "seppage" : $0 }.filter { $0 != "page" }
        #expect(words(plain).filter { $0 != "updown" && $0 != "up" && $0 != "down" } == expected.filter { $0 != "updown" })
        let json = String(decoding: try Fixtures.data("ours/rich.pandoc.json"), as: UTF8.self)
        for fragment in [#"{"t":"Strong","c":[{"t":"Str","c":"bold"}]}"#, #"{"t":"Emph","c":[{"t":"Space"},{"t":"Str","c":"italic"}]}"#,
                         #""https://example.com/x?y=1""#, #"{"t":"Underline""#, #"{"t":"Strikeout""#, #"{"t":"Code""#] {
            #expect(json.contains(fragment), "pandoc JSON lacks \(fragment)")
        }
    }

    @Test("LibreOffice reads our RTF with the same text, and its re-export reads back with the same formatting")
    func libreOfficeReadsOurs() throws {
        let original = richSample()
        var text = String(decoding: try Fixtures.data("ours/rich.libreoffice.txt"), as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        // LibreOffice's text export ends lines at our line separator and page break.
        let expected = original.string.replacingOccurrences(of: "\u{2028}", with: "\n").replacingOccurrences(of: "\u{0C}", with: "\n")
        #expect(text.trimmingCharacters(in: .newlines) == expected)

        let (back, _) = try read("ours/rich.libreoffice.rtf")
        // Its RTF keeps the line separator (\line) and makes the page break a paragraph break.
        #expect(back.string.trimmingCharacters(in: .newlines) == original.string.replacingOccurrences(of: "\u{0C}", with: "\n"))
        // Character formatting LibreOffice keeps: fonts, sizes, traits, colours, underline kinds, links, shifts, kerning.
        for word in ["Plain", "bold", "italic", "mono", "light", "red", "single", "double", "thick-dash", "dotted", "dash-dot-dot",
                     "words", "struck", "up", "down", "kern", "link", "Ünïcödé"] {
            let i = original.offset(of: word), j = back.offset(of: word)
            #expect(back.font(at: j) == original.font(at: i), "font of \(word)")
            for key in [NSAttributedString.Key.foregroundColor, .underlineStyle, .link, .baselineOffset, .kern] {
                let a = original.attr(key, at: i), b = back.attr(key, at: j)
                #expect(NSAttributedString(string: "x", attributes: a.map { [key: $0] } ?? [:])
                    .isEqual(to: NSAttributedString(string: "x", attributes: b.map { [key: $0] } ?? [:])), "\(key.rawValue) of \(word)")
            }
        }
        #expect(back.attr(.strikethroughStyle, at: back.offset(of: "struck")) as? Int == 1)
        // Paragraph formatting LibreOffice keeps: alignment, indents, spacing, line heights, tabs, direction.
        for word in ["Plain", "red", "up"] {
            let a = try #require(original.style(at: original.offset(of: word))), b = try #require(back.style(at: back.offset(of: word)))
            #expect(a.alignment == b.alignment && a.headIndent == b.headIndent && a.firstLineHeadIndent == b.firstLineHeadIndent)
            #expect(a.tailIndent == b.tailIndent && a.paragraphSpacing == b.paragraphSpacing && a.paragraphSpacingBefore == b.paragraphSpacingBefore)
            #expect(a.lineHeightMultiple == b.lineHeightMultiple && a.minimumLineHeight == b.minimumLineHeight)
            #expect(a.tabStops.map(\.location) == b.tabStops.map(\.location) && a.tabStops.map(\.alignment) == b.tabStops.map(\.alignment))
        }
        #expect(back.style(at: back.offset(of: "red"))?.baseWritingDirection == .rightToLeft)
    }
}
