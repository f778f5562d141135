import Testing
@testable import TextKitFormats

@Suite("HTML import: CSS")
struct HTMLCSSTests {
    @Test("The declaration parser: names lowercased, values trimmed, !important dropped, semicolons inside quotes and parentheses kept")
    func declarations() {
        let d = CSSDeclarations.parse(" Color : RED ; font-family: 'a;b', serif ;bad; background: url(x;y) !important;;")
        #expect(d.map(\.name) == ["color", "font-family", "background"])
        #expect(d.map(\.value) == ["RED", "'a;b', serif", "url(x;y)"])
        #expect(CSSDeclarations.parse("").isEmpty)
        #expect(CSSDeclarations.parse(String(repeating: "a:b;", count: 10_000)[...]).count == CSSLimits.maximumDeclarations)
    }

    @Test("ASCII text takes a byte scan and other text a character scan, with the same results: declarations, comments, trimming")
    func asciiAndUnicodeScansAgree() {
        // Each source is ASCII; with a declaration of a non-ASCII value after it, the character
        // scan reads it, and must find the same declarations before that one.
        let sources = [" Color : RED ; font-family: 'a;b', serif ;bad; background: url(x;y) !important;;", "a:b", ";;;", "x: (a;b) ; y: \"c;d\"",
                       "margin:\r\n 1px 2px\r\n;COLOR:Blue!IMPORTANT", "a: b /* c; d */ ; e: f", "  ", "p:q;r"]
        for source in sources {
            let ascii = CSSDeclarations.parse(source[...])
            let unicode = CSSDeclarations.parse((source + ";zz: é")[...])
            #expect(unicode.last == CSSDeclarations.Declaration(name: "zz", value: "é"), "\(source)")
            #expect(Array(unicode.dropLast()) == ascii, "\(source)")
        }
        for (text, expected) in [("a/* x */b", "ab"), ("/* lead */p{}", "p{}"), ("p{}/* open", "p{}"), ("/*/ x", ""),
                                 ("a /**/ b /* c */", "a  b "), ("no comments", "no comments"), ("é/* x */é", "éé")] {
            #expect(CSSDeclarations.removingComments(text) == expected, "\(text)")
        }
        for (text, expected) in [("  a b\t\n", "a b"), ("\u{A0}a\u{A0}", "a"), ("a\u{301} ", "a\u{301}"), (" \r\n", ""), ("x", "x")] {
            #expect(text.trimmingWhitespaceAndNewlines() == expected, "\(text.unicodeScalars.map(\.value))")
            #expect(text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    @Test("Colours: names, #rgb, #rrggbb, #rrggbbaa, rgb() and rgba(), percentages; nonsense is nil")
    func colors() {
        #expect(rgba(CSSValues.color("navy")) == [0, 0, 128, 255])
        #expect(rgba(CSSValues.color("#f0a")) == [255, 0, 170, 255])
        #expect(rgba(CSSValues.color("#12345680")) == [0x12, 0x34, 0x56, 0x80])
        #expect(rgba(CSSValues.color("rgb(10, 20, 30)")) == [10, 20, 30, 255])
        #expect(rgba(CSSValues.color("rgba(255,0,0,0.5)")) == [255, 0, 0, 128])
        #expect(rgba(CSSValues.color("rgb(100%, 0%, 50%)")) == [255, 0, 128, 255])
        #expect(CSSValues.color("#ggg") == nil)
        #expect(CSSValues.color("rgb(1,2)") == nil)
        #expect(CSSValues.color("notacolor") == nil)
    }

    @Test("Lengths: px, pt (× 4/3), em, rem, %; nonsense is nil; huge values are clamped")
    func lengths() {
        func l(_ t: String) -> CGFloat? { CSSValues.length(t, fontSize: 10, rootFontSize: 12, percentOf: 20) }
        #expect(l("8px") == 8)
        #expect(l("12pt") == 16)
        #expect(l("1.5em") == 15)
        #expect(l("2rem") == 24)
        #expect(l("50%") == 10)
        #expect(l("0") == 0)
        #expect(l("px") == nil)
        #expect(l("1e300px") == 10_000)
    }

    @Test("Selectors: tag, .class, #id, compounds and comma lists; combinators and pseudo-classes are skipped; specificity then order decide")
    func styleSheet() throws {
        let (s, _) = try readHTML("""
            <style>
            /* comment { color: red } */
            p { color: red; font-size: 20px }
            .blue, #special { color: blue }
            p.big { font-size: 2em }
            div p { color: lime } a:hover { color: lime }
            @media print { p { color: lime } }
            p { color: green }
            </style>
            <p>green</p><p class="blue">blue</p><p id="special" class="big blue">special</p><p class=blue style="color: #abcdef">inline</p>
            """)
        #expect(s.string == "green\nblue\nspecial\ninline")
        #expect(rgba(s.color(at: 0)) == [0, 128, 0, 255])
        #expect(s.font(at: 0)?.pointSize == 20)
        #expect(rgba(s.color(at: s.offset(of: "blue"))) == [0, 0, 255, 255])
        #expect(rgba(s.color(at: s.offset(of: "special"))) == [0, 0, 255, 255])
        #expect(s.font(at: s.offset(of: "special"))?.pointSize == 24)  // 2em of the 12-point parent
        #expect(rgba(s.color(at: s.offset(of: "inline"))) == [0xAB, 0xCD, 0xEF, 255])
    }

    @Test("Font properties: family (first installed, generic names), size in px, pt, em and %, weight, style")
    func fontProperties() throws {
        let (s, _) = try readHTML("""
            <p style="font-family: 'No Such', sans-serif; font-size: 16px">a<span style="font-size: 150%; font-weight: 700">b</span><span style="font-size: 0.5em; font-style: italic">c</span></p>
            <p style="font-size: 9pt; font-family: monospace; font-weight: bold">d<b style="font-weight: normal">e</b></p>
            """)
        #expect(s.string == "abc\nde")
        #expect(s.font(at: 0)?.familyName == UIFont(name: "Helvetica", size: 16)?.familyName)
        #expect(s.font(at: 0)?.pointSize == 16)
        #expect(s.font(at: 1)?.pointSize == 24)
        #expect(s.isBold(at: 1))
        #expect(s.font(at: 2)?.pointSize == 8)
        #expect(s.isItalic(at: 2) && !s.isBold(at: 2))
        #expect(s.font(at: 4)?.pointSize == 12)
        #expect(s.font(at: 4)?.familyName == UIFont(name: "Courier", size: 12)?.familyName)
        #expect(s.isBold(at: 4))
        #expect(!s.isBold(at: 5))
    }

    @Test("Colours and decorations: color, background-color, text-decoration underline and line-through, none")
    func colorsAndDecorations() throws {
        let (s, _) = try readHTML("<p style=\"color: rgb(1,2,3); background-color: #ffff00\">a<span style=\"text-decoration: underline line-through\">b</span><u style=\"text-decoration: none\">c</u></p>")
        #expect(rgba(s.color(at: 0)) == [1, 2, 3, 255])
        #expect(rgba(s.color(.backgroundColor, at: 0)) == [255, 255, 0, 255])
        #expect(s.attr(.underlineStyle, at: 1) as? Int == 1)
        #expect(s.attr(.strikethroughStyle, at: 1) as? Int == 1)
        #expect(s.attr(.underlineStyle, at: 2) == nil)
    }

    @Test("Paragraph properties: text-align, line-height (number and length), margins, padding-left and margin-left")
    func paragraphProperties() throws {
        let (s, _) = try readHTML("""
            <p style="text-align: center; line-height: 1.5; margin-top: 6px; margin-bottom: 2em">a</p>
            <div style="text-align: right; line-height: 20px; margin-left: 10px; padding-left: 5pt">b</div>
            <p align=justify style="margin: 1px 2px 3px 4px">c</p>
            <blockquote style="margin-left: 0">d</blockquote>
            """)
        #expect(s.string == "a\nb\nc\nd")
        let a = try #require(s.style(at: 0))
        #expect(a.alignment == .center)
        #expect(a.lineHeightMultiple == 1.5)
        #expect(a.paragraphSpacingBefore == 6)
        #expect(a.paragraphSpacing == 24)
        let b = try #require(s.style(at: 2))
        #expect(b.alignment == .right)
        #expect(b.minimumLineHeight == 20)
        #expect(abs(b.headIndent - (10 + 20.0 / 3)) < 0.001)
        #expect(b.firstLineHeadIndent == b.headIndent)
        let c = try #require(s.style(at: 4))
        #expect(c.alignment == .justified)
        #expect(c.paragraphSpacingBefore == 1 && c.paragraphSpacing == 3 && c.headIndent == 4)
        #expect(s.style(at: 6)?.headIndent == 0)
    }

    @Test("white-space: pre on any element keeps spaces and line feeds")
    func whiteSpacePre() throws {
        let (s, _) = try readHTML("<div style=\"white-space: pre\">a  b\nc</div><div>d  e</div>")
        #expect(s.string == "a  b\nc\nd e")
    }

    @Test("Default attributes replace Times 12 as the base, and headings scale from them")
    func defaultAttributes() throws {
        let base = try #require(UIFont(name: "Helvetica", size: 20))
        let (s, _) = try readHTML("<h1>H</h1><p>p</p>", [.defaultAttributes: [NSAttributedString.Key.font: base,
                                                                              .foregroundColor: UIColor(red: 0, green: 0, blue: 1, alpha: 1)]])
        #expect(s.font(at: 0)?.pointSize == 40)
        #expect(s.font(at: 2)?.pointSize == 20)
        #expect(s.font(at: 2)?.familyName == base.familyName)
        #expect(rgba(s.color(at: 2)) == [0, 0, 255, 255])
    }
}
