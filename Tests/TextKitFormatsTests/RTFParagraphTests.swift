import Testing
@testable import TextKitFormats

@Suite("RTF reader: paragraphs, pictures and document attributes")
struct RTFParagraphTests {
    @Test("Alignment, indents, spacing, line height and direction become an NSParagraphStyle")
    func paragraphFormatting() throws {
        let (s, _) = try readRTF(#"""
        {\rtf1\pard\qc\li720\ri360\fi-360\sb120\sa240\sl360\slmult1 centred\par
        \pard\qr\sl-300\slmult0\rtlpar right\par
        \pard\qj\sl280\slleading60 justified\par
        \pard plain}
        """#)
        let c = try #require(s.style(at: 0))
        #expect(c.alignment == .center)
        #expect(c.headIndent == 36)
        #expect(c.firstLineHeadIndent == 18)
        #expect(c.tailIndent == -18)
        #expect(c.paragraphSpacingBefore == 6)
        #expect(c.paragraphSpacing == 12)
        #expect(c.lineHeightMultiple == 1.5)
        let r = try #require(s.style(at: s.offset(of: "right")))
        #expect(r.alignment == .right)
        #expect(r.minimumLineHeight == 15 && r.maximumLineHeight == 15)
        #expect(r.baseWritingDirection == .rightToLeft)
        let j = try #require(s.style(at: s.offset(of: "justified")))
        #expect(j.alignment == .justified)
        #expect(j.minimumLineHeight == 14 && j.maximumLineHeight == 0)
        #expect(j.lineSpacing == 3)
        #expect(s.style(at: s.offset(of: "plain")) == nil)
        // The paragraph separator carries its paragraph's style.
        #expect(s.style(at: s.offset(of: "centred") + 6) === c)
    }

    @Test("Tab stops: left, centre, right and decimal, sorted by position")
    func tabStops() throws {
        let (s, _) = try readRTF(#"{\rtf1\pard\tqdec\tx4320\tx720\tqc\tx1440\tqr\tx2880 a\tab b}"#)
        let tabs = try #require(s.style(at: 0)).tabStops
        #expect(tabs.map(\.location) == [36, 72, 144, 216])
        #expect(tabs.map(\.alignment) == [.left, .center, .right, .right])
        #expect(tabs[3].columnTerminators?.contains(".") == true)
        #expect(tabs[2].columnTerminators == nil)
    }

    @Test("Paragraph properties are scoped by groups and reset by \\pard")
    func groupScope() throws {
        let (s, _) = try readRTF(#"{\rtf1\qc one\par{\qr two\par}three\par\pard four}"#)
        #expect(s.style(at: 0)?.alignment == .center)
        #expect(s.style(at: s.offset(of: "two"))?.alignment == .right)
        #expect(s.style(at: s.offset(of: "three"))?.alignment == .center)
        #expect(s.style(at: s.offset(of: "four")) == nil)
    }

    @Test("A \\pngblip picture in hex and one in \\bin become attachments with the PNG's data and image")
    func pictures() throws {
        let png = try #require(TestImages.png(width: 3, height: 2))
        let hex = png.map { String(format: "%02x", $0) }.joined()
        var source = Data("{\\rtf1 a{\\pict\\pngblip\\picw3\\pich2\\picwgoal60\\pichgoal40 \(hex)}b".utf8)
        source += Data("{\\pict\\pngblip\\picwgoal200\\pichgoal100\\bin\(png.count) ".utf8) + png + Data("}c}".utf8)
        let (s, _) = try NSAttributedString.readDocument(from: source, options: [.documentType: NSAttributedString.DocumentType.rtf])
        #expect(s.string == "a\u{FFFC}b\u{FFFC}c")
        let first = try #require(s.attr(.attachment, at: 1) as? NSTextAttachment)
        #expect(first.contents == png)
        #expect(first.fileType == "public.png")
        #expect(first.image?.size == CGSize(width: 3, height: 2))
        #expect(first.bounds == .zero)  // goal size equals the image size
        let second = try #require(s.attr(.attachment, at: 3) as? NSTextAttachment)
        #expect(second.contents == png)
        #expect(second.bounds == CGRect(x: 0, y: 0, width: 10, height: 5))
        #expect(s.font(at: 1) != nil)
    }

    @Test("Word's \\shppict picture is read and its \\nonshppict fallback skipped")
    func shapePictures() throws {
        let png = try #require(TestImages.png(width: 1, height: 1))
        let hex = png.map { String(format: "%02x", $0) }.joined()
        let (s, _) = try readRTF("{\\rtf1 x{\\*\\shppict{\\pict\\pngblip \(hex)}}{\\nonshppict{\\pict\\wmetafile8 0102}}y}")
        #expect(s.string == "x\u{FFFC}y")
    }

    @Test("\\info fields and times, paper, margins, view and tab interval become document attributes")
    func documentAttributes() throws {
        let (_, doc) = try readRTF(#"""
        {\rtf1\ansi\deftab720\paperw12240\paperh15840\margl1800\margr1440\margt1000\margb1200\vieww9000\viewh8400\viewkind1\viewscale150\readonlydoc1\hyphauto1\hyphfactor80
        {\info{\title The Title}{\author A. Writer}{\subject Things}{\keywords one, two,three}{\doccomm A comment}{\*\company ACME}{\*\copyright (c) 2024}
        {\creatim\yr2024\mo2\dy29\hr13\min45\sec7}{\revtim\yr2025\mo1\dy2\hr3\min4}}
        text}
        """#)
        #expect(doc[.title] as? String == "The Title")
        #expect(doc[.author] as? String == "A. Writer")
        #expect(doc[.subject] as? String == "Things")
        #expect(doc[.keywords] as? [String] == ["one", "two", "three"])
        #expect(doc[.comment] as? String == "A comment")
        #expect(doc[.company] as? String == "ACME")
        #expect(doc[.copyright] as? String == "(c) 2024")
        let created = try #require(doc[.creationTime] as? Date)
        let c = Calendar(identifier: .gregorian).dateComponents(in: .current, from: created)
        #expect([c.year, c.month, c.day, c.hour, c.minute, c.second] == [2024, 2, 29, 13, 45, 7])
        #expect(doc[.modificationTime] is Date)
        #expect(doc[.paperSize] as? CGSize == CGSize(width: 612, height: 792))
        #expect(doc[.paperMargin] as? UIEdgeInsets == UIEdgeInsets(top: 50, left: 90, bottom: 60, right: 72))
        #expect(doc[.viewSize] as? CGSize == CGSize(width: 450, height: 420))
        #expect(doc[.viewMode] as? Int == 1)
        #expect(doc[.viewZoom] as? CGFloat == 150)
        #expect(doc[.readOnly] as? Int == 1)
        #expect(doc[.hyphenationFactor] as? Float == 0.8)
        #expect(doc[.defaultTabInterval] as? CGFloat == 36)
    }

    @Test("Cocoa's \\NeXTGraphic in an RTFD directory becomes an attachment with the file's data")
    func nextGraphic() throws {
        let png = try #require(TestImages.png(width: 4, height: 4))
        let dir = try scratchDirectory().appendingPathComponent("doc.rtfd")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try png.write(to: dir.appendingPathComponent("Pasted Graphic.png"))
        try Data(#"{\rtf1\ansi{\fonttbl\f0\fswiss Helvetica;}\f0 before {{\NeXTGraphic Pasted Graphic.png \width80 \height80 \noorient}"#.utf8 + [0xAC] + "} after}".utf8)
            .write(to: dir.appendingPathComponent("TXT.rtf"))
        var doc: [NSAttributedString.DocumentAttributeKey: Any] = [:]
        let s = try NSAttributedString(url: dir, options: [:], documentAttributes: &doc)
        #expect(s.string == "before \u{FFFC} after")
        let a = try #require(s.attr(.attachment, at: 7) as? NSTextAttachment)
        #expect(a.contents == png)
        #expect(a.image?.size == CGSize(width: 4, height: 4))
        #expect(a.bounds == .zero)
        #expect(doc[.documentType] as? NSAttributedString.DocumentType == .rtfd)
    }
}

/// Small PNGs drawn with the graphics layer.
enum TestImages {
    static func png(width: Int, height: Int, red: CGFloat = 1) -> Data? {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: width, height: height))
        let image = renderer.image { context in
            context.cgContext.setFillColor(UIColor(red: red, green: 0.5, blue: 0, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        }
        return image.pngData()
    }
}
