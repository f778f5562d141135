import OpenTextKit

extension SampleDocument {
    /// The sample's text, section by section.
    static func write(into b: SampleBuilder) {
        let s = b.style
        b.paragraph("""
            Everything on these pages was laid out by OpenTextKit’s NSLayoutManager and drawn with Cairo. \
            The columns are text containers, the picture and the oval are exclusion paths, and every glyph \
            was shaped by HarfBuzz. The PDF is searchable: copy a ligature and you get its letters.
            """, s.ledeStyle)
        b.text.addAttribute(.font, value: s.lede, range: NSRange(location: 0, length: b.text.length))
        b.text.addAttribute(.foregroundColor, value: SampleArtwork.navy, range: NSRange(location: 0, length: b.text.length))

        styles(b)
        justification(b)
        history(b)
        columns(b)
        decorations(b)
        images(b)
        scripts(b)
        code(b)
        tabs(b)
        indents(b)
        links(b)
        closing(b)
    }

    private static func styles(_ b: SampleBuilder) {
        let s = b.style
        b.heading("Styles")
        b.paragraph("""
            A document is an attributed string: runs of characters that share attributes. Fonts come in \
            **bold**, _italic_ and ***bold italic***, found by family and traits through fontconfig; \
            headings here are set in a sans serif and the body in a serif, at sizes the paragraph styles \
            keep in proportion. Paragraph styles carry alignment, indents, the spacing between lines and \
            between paragraphs, and tab stops.
            """)
        b.add("Colour is an attribute like any other: ")
        b.add("teal", [.foregroundColor: SampleArtwork.teal])
        b.add(", ")
        b.add("coral", [.foregroundColor: SampleArtwork.coral])
        b.add(", ")
        b.add("a highlighter’s yellow", [.backgroundColor: UIColor(red: 1, green: 0.93, blue: 0.55, alpha: 1)])
        b.add(". So are ")
        b.add("letterspacing", [.kern: 1.5, .font: s.sansSmall])
        b.add(", superscripts as in E = mc")
        b.add("2", [.baselineOffset: s.body.pointSize * 0.35, .font: s.body.withSize(s.body.pointSize * 0.65)])
        b.add(" and subscripts as in H")
        b.add("2", [.baselineOffset: -s.body.pointSize * 0.15, .font: s.body.withSize(s.body.pointSize * 0.65)])
        b.add("O, ")
        b.add("oblique", [.obliqueness: 0.2])
        b.add(", ")
        b.add("expanded", [.expansion: 0.25])
        b.add(" and ")
        b.add("condensed", [.expansion: -0.2])
        b.add(" glyphs, and ligatures — office, affluent, fjord — that the font makes where it has them.")
        b.endParagraph(s.bodyStyle())
    }

    private static func columns(_ b: SampleBuilder) {
        b.heading("Columns and exclusions")
        b.paragraph("""
            Each page holds two NSTextContainers of one layout manager. Text that fills the first column \
            continues in the second, then on the next page, and otk adds pages until all of it fits. The \
            layout manager asks each container for line fragment rects; a plain container answers with its \
            width, one with exclusion paths answers with what is left of the line once the shapes are taken \
            away, and a line that crosses a shape is split into fragments on either side of it.
            """)
        b.paragraph("""
            The specimen on the first page is an image drawn at run time, with a rectangle around it as the \
            exclusion; the oval on this page is a single shape in page coordinates, moved into each \
            column’s own coordinates so that it cuts into both. Lines beside it get shorter and are justified \
            one by one, and the band test is exact for straight edges and within a fraction of a point for \
            curves. `otk render --shape circle:297,421,200` pours text into a circle the same way, with the \
            page outside the circle as the exclusion.
            """)
        b.paragraph("""
            Layout is lazy: the layout manager shapes a paragraph only when a query reaches it, and keeps \
            its glyphs when only the geometry changes, so moving a column edge re-breaks lines without \
            shaping anything again.
            """)
    }

    private static func justification(_ b: SampleBuilder) {
        let s = b.style
        b.heading("Justification and hyphenation")
        b.paragraph("""
            The body is justified: every line but the last of a paragraph is stretched to both edges, the \
            extra space shared among its word spaces. Where a line would be loose, TeX’s hyphenation patterns \
            through libhyphen find a break inside a long word, and the hyphen is the font’s own glyph. \
            Internationalization, incomprehensibility, characteristically and electroencephalography break \
            cleanly.
            """)
        b.add("With the language attribute set to German, the German patterns apply: ", [.font: s.italic])
        b.add("""
            Die Donaudampfschifffahrt, die Geschwindigkeitsbegrenzung und das Bundesverfassungsgericht \
            werden an ihren Silbengrenzen getrennt, wo die Zeile es verlangt.
            """, [.languageIdentifier: "de"])
        b.endParagraph(s.bodyStyle())
        b.add("Ragged right, without hyphenation, for comparison: ", [.font: s.italic])
        b.add("""
            internationalization, incomprehensibility, characteristically and electroencephalography stay \
            whole, and the right edge of the column wanders with them.
            """)
        b.endParagraph(s.bodyStyle(alignment: .left, hyphenation: 0))
    }

    private static func history(_ b: SampleBuilder) {
        b.heading("A short history of the line")
        b.paragraph("""
            For five centuries a line of type was a physical thing. A compositor picked metal sorts from the \
            case, letter by letter, into a composing stick set to the width of the column, and justified each \
            line by hand with thin spaces until it locked up tight. Hyphenation was a judgement made at the \
            case: a word was divided where the compositor’s eye and the house style allowed.
            """)
        b.paragraph("""
            Hot metal moved the line into a machine. The Linotype cast a whole line as one slug of lead, its \
            word spaces widened by wedges that slid up between the words, while the Monotype cast single \
            letters for finer work. Phototypesetting replaced the metal with light and film, and with it came \
            the first programs that broke paragraphs into lines.
            """)
        b.paragraph("""
            In 1977 Donald Knuth began TeX, and with Michael Plass he found a way to break a paragraph as a \
            whole: every possible break is weighed, and the set of lines with the least total badness wins. \
            Frank Liang’s hyphenation patterns, made for TeX, still decide where words break in much of the \
            world’s software, this program included.
            """)
        b.paragraph("""
            Interactive systems took another path. An editor must set a line in the time between two \
            keystrokes, so TextKit, like most engines since, breaks lines greedily — each line takes as many \
            words as fit — and lays out again only the paragraph being edited. OpenTextKit keeps that model \
            and its API, and lays text out lazily, a paragraph at a time, so that a long document opens as \
            quickly as a short one.
            """)
    }

    private static func decorations(_ b: SampleBuilder) {
        let s = b.style
        b.heading("Underlines and effects")
        func underline(_ style: NSUnderlineStyle) -> [NSAttributedString.Key: Any] { [.underlineStyle: style.rawValue] }
        b.add("Underlines: ")
        let underlines: [(String, NSUnderlineStyle)] = [
            ("single", .single), ("thick", .thick), ("double", .double), ("dotted", [.single, .patternDot]),
            ("dashed", [.single, .patternDash]), ("dash-dot", [.single, .patternDashDot]),
            ("dash-dot-dot", [.single, .patternDashDotDot]),
        ]
        for (name, style) in underlines {
            b.add(name, underline(style))
            b.add(", ")
        }
        b.add("word by word", underline([.single, .byWord]))
        b.add(" and ")
        b.add("in colour", [.underlineStyle: NSUnderlineStyle.thick.rawValue, .underlineColor: SampleArtwork.coral])
        b.add(". Strikethroughs: ")
        b.add("single", [.strikethroughStyle: NSUnderlineStyle.single.rawValue])
        b.add(", ")
        b.add("double", [.strikethroughStyle: NSUnderlineStyle.double.rawValue])
        b.add(", ")
        b.add("thick in red", [.strikethroughStyle: NSUnderlineStyle.thick.rawValue,
                               .strikethroughColor: UIColor(red: 0.8, green: 0.1, blue: 0.1, alpha: 1)])
        b.add(".")
        b.endParagraph(s.bodyStyle(alignment: .left))

        let large = s.heading.withSize((s.body.pointSize * 1.5).rounded())
        b.add("Letterpress", [.textEffect: NSAttributedString.TextEffectStyle.letterpressStyle, .font: large,
                              .foregroundColor: UIColor(white: 0.55, alpha: 1)])
        b.add("  ")
        let shadow = NSShadow()
        shadow.shadowOffset = CGSize(width: 1.5, height: 1.5)
        shadow.shadowBlurRadius = 2.5
        shadow.shadowColor = UIColor(red: 0, green: 0, blue: 0, alpha: 0.35)
        b.add("Shadow", [.shadow: shadow, .font: large, .foregroundColor: SampleArtwork.teal])
        b.add("\u{2028}")
        b.add("Outline", [.strokeWidth: 2.5, .font: large, .foregroundColor: SampleArtwork.navy])
        b.add("  ")
        b.add("Filled", [.strokeWidth: -3, .strokeColor: SampleArtwork.navy, .foregroundColor: SampleArtwork.gold, .font: large])
        let centered = s.bodyStyle(alignment: .center, hyphenation: 0)
        b.endParagraph(centered)
    }

    private static func images(_ b: SampleBuilder) {
        let s = b.style
        b.heading("Inline images")
        b.add("An attachment is a character, U+FFFC, that the layout manager sets as a box of its own size: a bar chart ")
        let chart = NSTextAttachment(image: SampleArtwork.barChart())
        chart.bounds = CGRect(x: 0, y: -1, width: 34, height: 13)
        b.text.append(NSAttributedString(attachment: chart))
        b.add(" sits on the baseline like a word, and so does a badge ")
        let badge = NSTextAttachment(image: SampleArtwork.starBadge())
        badge.bounds = CGRect(x: 0, y: -2, width: 11, height: 11)
        b.text.append(NSAttributedString(attachment: badge))
        b.add(". Both were drawn at run time with the graphics layer’s UIGraphicsImageRenderer, as was the specimen on the first page.")
        b.endParagraph(s.bodyStyle())
    }

    private static func scripts(_ b: SampleBuilder) {
        let s = b.style
        b.heading("Scripts of the world")
        b.paragraph("""
            ICU finds the direction of each run and where lines may break; HarfBuzz joins Arabic letters, \
            orders Devanagari’s vowel signs and forms its conjuncts; when the body font lacks a character, \
            font fallback picks a face that has it.
            """)
        let label: [NSAttributedString.Key: Any] = [.font: s.sansSmall, .foregroundColor: SampleArtwork.teal]
        let lines: [(String, String)] = [
            ("Greek and Cyrillic", "Καλημέρα κόσμε · Здравствуй, мир"),
            ("Arabic", "مرحبا بالعالم، النص العربي يُكتب من اليمين إلى اليسار."),
            ("Hebrew", "שלום עולם, עברית נכתבת מימין לשמאל."),
            ("Devanagari", "नमस्ते दुनिया — संयुक्ताक्षर क्ष, त्र और ज्ञ।"),
            ("Chinese", "你好，世界。排版是一门艺术。"),
            ("Japanese", "こんにちは、世界。縦書きも横書きも。"),
            ("Korean", "안녕하세요, 세계."),
            ("Emoji", "😀 🎉 📚 👩🏽‍💻 🇫🇷 ❤️"),
        ]
        let style = NSMutableParagraphStyle()
        style.alignment = .left
        style.headIndent = 12
        style.paragraphSpacing = 3
        style.lineHeightMultiple = 1.05
        for (name, sample) in lines {
            b.add(name + "  ", label)
            b.add(sample)
            b.endParagraph(style)
        }
        b.paragraph("""
            Directions mix within a line, too: the Hebrew word שלום and the Arabic سلام keep their own order \
            inside this English sentence, and the numbers 2024 and 3.14 stay left to right.
            """)
    }

    private static func code(_ b: SampleBuilder) {
        let s = b.style
        b.heading("Code")
        b.paragraph("""
            A listing in a monospaced font, coloured by a regular-expression highlighter of a few lines: \
            keywords, type names, numbers, strings and comments.
            """)
        let listing = """
            import OpenTextKit
            // Two columns, one oval, one layout manager.
            let storage = NSTextStorage(string: text)
            let manager = NSLayoutManager()
            storage.addLayoutManager(manager)
            for frame in columns {
                let container = NSTextContainer(
                    size: frame.size)
                container.exclusionPaths = [oval]
                manager.addTextContainer(container)
            }
            let glyphs = manager.glyphRange(for: first)
            manager.drawGlyphs(forGlyphRange: glyphs,
                               at: CGPoint(x: 54, y: 80))
            """
        let start = b.text.length
        let lines = listing.split(separator: "\n", omittingEmptySubsequences: false)
        // Lines padded to one width, so that their backgrounds make one block.
        let width = (lines.map(\.count).max() ?? 0) + 1
        for (i, line) in lines.enumerated() {
            b.add(String(line).padding(toLength: width, withPad: " ", startingAt: 0),
                  [.font: s.mono, .foregroundColor: SampleStyle.ink, .backgroundColor: SampleStyle.codeBackground])
            b.endParagraph(s.codeStyle(last: i == lines.count - 1))
        }
        SyntaxHighlighter.swift.highlight(b.text, in: NSRange(location: start, length: b.text.length - start))
    }

    private static func tabs(_ b: SampleBuilder) {
        let s = b.style
        b.heading("Tab stops")
        b.paragraph("Tab stops align columns: a left stop for the names and decimal stops for the figures, here the paper sizes otk knows.")
        let stops = [
            NSTextTab(textAlignment: .left, location: 0),
            NSTextTab(textAlignment: .right, location: 110, options: [.columnTerminators: CharacterSet(charactersIn: ".")]),
            NSTextTab(textAlignment: .right, location: 170, options: [.columnTerminators: CharacterSet(charactersIn: ".")]),
        ]
        let table = s.tableStyle(stops: stops)
        // The header's right edges line up with the figures' last digits.
        let decimals = NSAttributedString(string: ".00", attributes: [.font: s.body]).size().width
        let header = s.tableStyle(stops: [
            NSTextTab(textAlignment: .left, location: 0),
            NSTextTab(textAlignment: .right, location: 110 + decimals),
            NSTextTab(textAlignment: .right, location: 170 + decimals),
        ])
        b.add("paper\twidth (pt)\theight (pt)", [.font: s.sansSmall, .foregroundColor: SampleArtwork.teal])
        b.endParagraph(header)
        for (name, size) in PageSize.named.prefix(6) {
            b.add("\(name)\t\(format(size.width))\t\(format(size.height))", [.font: s.body])
            b.endParagraph(table)
        }
        let last = table.mutableCopy() as! NSMutableParagraphStyle  // swiftlint:disable:this force_cast — mutableCopy() of a paragraph style is one
        last.paragraphSpacing = s.body.pointSize * 0.55
        let range = b.text.paragraphRange(for: NSRange(location: b.text.length - 1, length: 0))
        b.text.addAttribute(.paragraphStyle, value: last, range: range)
    }

    private static func indents(_ b: SampleBuilder) {
        let s = b.style
        b.heading("Indents and lists")
        b.paragraph("""
            Head and tail indents set a paragraph in from the column’s edges, and a first-line indent that \
            differs from the head indent makes the hanging indents of a list:
            """)
        let items = [
            "a bullet and a tab stop at the head indent, so that wrapped lines align with the text, not the bullet;",
            "paragraph spacing before and after, which sets paragraphs apart without blank lines;",
            "a line height multiple, a minimum and a maximum line height, and extra line spacing.",
        ]
        let list = NSMutableParagraphStyle()
        list.alignment = .left
        list.firstLineHeadIndent = 4
        list.headIndent = 16
        list.tabStops = [NSTextTab(textAlignment: .left, location: 16)]
        list.paragraphSpacing = 2
        list.lineHeightMultiple = 1.08
        for (i, item) in items.enumerated() {
            b.add("•\t", [.foregroundColor: SampleArtwork.coral])
            b.add(item)
            let style = list.mutableCopy() as! NSMutableParagraphStyle  // swiftlint:disable:this force_cast — mutableCopy() of a paragraph style is one
            if i == items.count - 1 { style.paragraphSpacing = s.body.pointSize * 0.7 }
            b.endParagraph(style)
        }
        let quote = NSMutableParagraphStyle()
        quote.alignment = .justified
        quote.hyphenationFactor = 1
        quote.firstLineHeadIndent = 18
        quote.headIndent = 18
        quote.tailIndent = -18
        quote.lineHeightMultiple = 1.08
        quote.paragraphSpacing = 4
        b.add("""
            A quotation set in from both sides, a little smaller, reads as a voice apart from the text \
            around it; the same indents keep it clear of the column’s edges however wide the column is.
            """, [.font: s.italic.withSize(s.body.pointSize * 0.95), .foregroundColor: SampleArtwork.navy])
        b.endParagraph(quote)
        let signature = NSMutableParagraphStyle()
        signature.alignment = .right
        signature.tailIndent = -18
        signature.paragraphSpacing = s.body.pointSize * 0.7
        b.add("— set flush right", [.font: s.sansSmall, .foregroundColor: SampleArtwork.teal])
        b.endParagraph(signature)
    }

    private static func format(_ value: CGFloat) -> String {
        value == value.rounded() ? "\(Int(value))" : String(format: "%.2f", value)
    }

    private static func links(_ b: SampleBuilder) {
        let s = b.style
        b.heading("Links")
        b.add("A ")
        b.add(".link", [.font: s.mono])
        b.add(" attribute becomes a clickable area in the PDF: ")
        b.add("Apple’s TextKit documentation", [.link: URL(string: "https://developer.apple.com/documentation/uikit/textkit")!])
        b.add(" describes the model these pages follow; the shaping engine underneath is ")
        b.add("HarfBuzz", [.link: URL(string: "https://harfbuzz.github.io")!])
        b.add(", and the drawing library is ")
        b.add("Cairo", [.link: URL(string: "https://www.cairographics.org")!])
        b.add(".")
        b.endParagraph(s.bodyStyle())
    }

    private static func closing(_ b: SampleBuilder) {
        b.heading("How these pages were made")
        b.paragraph("""
            `otk render` with no arguments writes this sample as sample.pdf; `otk render -o page.png` writes \
            one PNG per page, and `--sheet` puts them side by side. Give it a text, Markdown or RTF file \
            instead and the same options apply: `--columns`, `--gutter`, `--page-size`, `--margins`, \
            `--exclude` and `--shape` for the geometry, `--justify`, `--hyphenation` and `--line-height` \
            for the paragraphs. `otk measure` reports the pages, lines and glyphs a document takes without \
            drawing it, and `otk fonts --fallback` shows which font draws each character of a string.
            """)
        b.paragraph("""
            Code written for TextKit on iOS should port to Linux by changing its imports: the classes, \
            methods and delegate calls keep Apple’s names, with fontconfig, FreeType, HarfBuzz, ICU, \
            libhyphen and Cairo doing the work underneath.
            """)
    }
}
