import Testing
@testable import TextKitFormats

@Suite("HTML import: elements")
struct HTMLImportTests {
    @Test("The API reads HTML with the documented document attributes; Times 12 is the base font")
    func basics() throws {
        var attributes: [NSAttributedString.DocumentAttributeKey: Any] = [:]
        let s = try NSAttributedString(data: Data("<p>Hello <b>world</b></p>".utf8),
                                       options: [.documentType: NSAttributedString.DocumentType.html,
                                                 .characterEncoding: String.Encoding.utf8.rawValue],
                                       documentAttributes: &attributes)
        #expect(s.string == "Hello world")
        #expect(attributes[.documentType] as? NSAttributedString.DocumentType == .html)
        #expect(attributes[.characterEncoding] as? UInt == String.Encoding.utf8.rawValue)
        #expect(attributes[.title] == nil)
        let font = try #require(s.font(at: 0))
        #expect(font.pointSize == 12)
        #expect(font.familyName == UIFont(name: "Times-Roman", size: 12)?.familyName)
        #expect(!s.isBold(at: 0))
        #expect(s.isBold(at: s.offset(of: "world")))
    }

    @Test("Paragraphs and divs are separated by one line feed, with no empty paragraph before or after")
    func paragraphs() throws {
        let (s, _) = try readHTML("\n  <p>One</p>\n<div>Two <div>Three</div> Four</div><p></p><p>  Five  </p>\n")
        #expect(s.string == "One\nTwo\nThree\nFour\nFive")
        #expect(s.style(at: 0)?.paragraphSpacing == 12)
    }

    @Test("White space collapses outside pre; <br> breaks the line; pre keeps every space and line")
    func whiteSpace() throws {
        let (s, _) = try readHTML("<p>a \n\t b<br>c<br><br>d</p><pre>\n x  y\n\tz\n</pre>")
        #expect(s.string == "a b\nc\n\nd\n x  y\n\tz")
        let pre = s.offset(of: " x  y")
        #expect(s.font(at: pre)?.familyName == UIFont(name: "Courier", size: 12)?.familyName)
        #expect(s.font(at: 0)?.familyName != s.font(at: pre)?.familyName)
    }

    @Test("Headings have WebKit's sizes from a 12-point base (24, 18, 14, 12, 10, 9), bold")
    func headings() throws {
        let (s, _) = try readHTML("<h1>A</h1><h2>B</h2><h3>C</h3><h4>D</h4><h5>E</h5><h6>F</h6>")
        #expect(s.string == "A\nB\nC\nD\nE\nF")
        let sizes = (0..<6).map { s.font(at: $0 * 2)?.pointSize }
        #expect(sizes == [24, 18, 14, 12, 10, 9])
        #expect((0..<6).allSatisfy { s.isBold(at: $0 * 2) })
    }

    @Test("Inline styles: bold, italic, underline, strikethrough, superscript, subscript, code")
    func inline() throws {
        let (s, _) = try readHTML("<p><strong>b</strong><em>i</em><u>u</u><del>d</del><s>s</s>x<sup>2</sup>y<sub>3</sub><code>c</code><tt>t</tt><i><b>bi</b></i></p>")
        #expect(s.string == "biudsx2y3ctbi")
        #expect(s.isBold(at: 0) && !s.isItalic(at: 0))
        #expect(s.isItalic(at: 1) && !s.isBold(at: 1))
        #expect(s.attr(.underlineStyle, at: 2) as? Int == NSUnderlineStyle.single.rawValue)
        #expect(s.attr(.strikethroughStyle, at: 3) as? Int == NSUnderlineStyle.single.rawValue)
        #expect(s.attr(.strikethroughStyle, at: 4) as? Int == NSUnderlineStyle.single.rawValue)
        #expect(s.attr(.baselineOffset, at: 5) == nil)
        let sup = try #require(s.attr(.baselineOffset, at: 6) as? CGFloat)
        #expect(sup == 5)  // 12 / 3 + 1
        #expect(s.font(at: 6)?.pointSize == 10)
        let sub = try #require(s.attr(.baselineOffset, at: 8) as? CGFloat)
        #expect(abs(sub - -3.4) < 0.001)  // -(12 / 5 + 1)
        #expect(s.font(at: 9)?.familyName == UIFont(name: "Courier", size: 12)?.familyName)
        #expect(s.font(at: 10)?.familyName == s.font(at: 9)?.familyName)
        #expect(s.isBold(at: 11) && s.isItalic(at: 11))
    }

    @Test("Links resolve against the base URL; fragment-only links are not links")
    func links() throws {
        let base = URL(string: "https://example.org/docs/index.html")!
        let (s, _) = try readHTML("<p><a href=\"page.html#x\">rel</a> <a href=\"https://other.net/\">abs</a> <a href=\"#top\">frag</a> <a name=x>anchor</a></p>",
                                  [.baseURL: base])
        #expect(s.string == "rel abs frag anchor")
        #expect((s.attr(.link, at: 0) as? URL)?.absoluteString == "https://example.org/docs/page.html#x")
        #expect((s.attr(.link, at: s.offset(of: "abs")) as? URL)?.absoluteString == "https://other.net/")
        #expect(s.attr(.link, at: s.offset(of: "frag")) == nil)
        #expect(s.attr(.link, at: s.offset(of: "anchor")) == nil)
        #expect(rgba(s.color(at: 0)) == [0, 0, 238, 255])
        #expect(s.attr(.underlineStyle, at: 0) as? Int == 1)
        #expect(s.attr(.link, at: 3) == nil)  // the space between links
    }

    @Test("<font> face, size (1–7 and relative) and colour")
    func fontElement() throws {
        let (s, _) = try readHTML("<font face=\"NoSuchFont, Helvetica\" size=5 color=\"#ff0000\">a</font><font size=\"+1\">b</font><font size=1 color=green>c</font>")
        #expect(s.string == "abc")
        #expect(s.font(at: 0)?.familyName == UIFont(name: "Helvetica", size: 18)?.familyName)
        #expect(s.font(at: 0)?.pointSize == 18)
        #expect(rgba(s.color(at: 0)) == [255, 0, 0, 255])
        #expect(s.font(at: 1)?.pointSize == 14)
        #expect(s.font(at: 2)?.pointSize == 9)
        #expect(rgba(s.color(at: 2)) == [0, 128, 0, 255])
    }

    @Test("Unordered and ordered lists: \"\\t•\\t\" and \"\\t1.\\t\" markers, Apple's tab stops and head indents, NSTextList")
    func lists() throws {
        let (s, _) = try readHTML("<ul><li>One</li><li>Two<ul><li>Inner</li></ul></li></ul><ol start=3><li>Three</li><li>Four</li></ol><p>After</p>")
        #expect(s.string == "\t•\tOne\n\t•\tTwo\n\t◦\tInner\n\t3.\tThree\n\t4.\tFour\nAfter")
        let one = try #require(s.style(at: 0))
        #expect(one.headIndent == 36)
        #expect(one.firstLineHeadIndent == 0)
        #expect(one.tabStops.map(\.location) == [11, 36])
        #expect(one.textLists.count == 1)
        #expect(one.textLists.first?.markerFormat == .disc)
        let inner = try #require(s.style(at: s.offset(of: "Inner")))
        #expect(inner.headIndent == 72)
        #expect(inner.tabStops.map(\.location) == [47, 72])
        #expect(inner.textLists.count == 2)
        #expect(inner.textLists.last?.markerFormat == .circle)
        let three = try #require(s.style(at: s.offset(of: "Three")))
        #expect(three.textLists.first?.markerFormat == .decimal)
        #expect(three.textLists.first?.startingItemNumber == 3)
        #expect(s.style(at: s.offset(of: "After"))?.textLists.isEmpty == true)
    }

    @Test("Blockquote indents; hr is a centred paragraph of its own; head, style and script are not shown; title is a document attribute")
    func blocksAndHead() throws {
        let (s, d) = try readHTML("<html><head><title> My\n Title </title><style>p{}</style><script>var x = '<p>no</p>';</script></head><body><blockquote>Q</blockquote><hr><p>P</p><noscript>N</noscript></body></html>")
        #expect(s.string == "Q\n———\nP")
        #expect(d[.title] as? String == "My Title")
        #expect(s.style(at: 0)?.headIndent == 40)
        #expect(s.style(at: 0)?.firstLineHeadIndent == 40)
        #expect(s.style(at: 2)?.alignment == .center)
    }

    @Test("Entities are resolved by libxml2: named, decimal and hex")
    func entities() throws {
        let (s, _) = try readHTML("<p>&lt;a&gt; &amp; &eacute;&#233;&#xE9; &nbsp;x &copy; &mdash;</p>")
        #expect(s.string == "<a> & ééé \u{A0}x © —")
    }

    @Test("Tables are laid out as text: a paragraph per row, a tab between cells, header cells bold")
    func tables() throws {
        let (s, _) = try readHTML("<table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>")
        #expect(s.string == "A\tB\n1\t2")
        #expect(s.isBold(at: 0))
        #expect(!s.isBold(at: 4))
    }
}
