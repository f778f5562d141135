import Testing
@testable import TextKitFormats

/// A string that carries every attribute RTF can express, on every run a font and a paragraph style.
func richSample() -> NSMutableAttributedString {
    let serif = UIFont(name: "DejaVu Serif", size: 12)!
    let bold = UIFont(descriptor: UIFontDescriptor(fontAttributes: [.family: "DejaVu Serif"]).withSymbolicTraits(.traitBold)!, size: 14)
    let italic = UIFont(descriptor: UIFontDescriptor(fontAttributes: [.family: "DejaVu Sans"]).withSymbolicTraits(.traitItalic)!, size: 11.5)
    let mono = UIFont(name: "DejaVu Sans Mono", size: 10)!
    let light = UIFont(name: "DejaVuSans-ExtraLight", size: 12) ?? serif
    let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    let half = UIColor(red: 0.5, green: 0.25, blue: 0.75, alpha: 0.5)

    let p1 = NSMutableParagraphStyle()
    p1.alignment = .center
    p1.headIndent = 36
    p1.firstLineHeadIndent = 18
    p1.tailIndent = -9
    p1.paragraphSpacing = 12
    p1.paragraphSpacingBefore = 6
    p1.lineHeightMultiple = 1.25
    p1.tabStops = [NSTextTab(textAlignment: .left, location: 72), NSTextTab(textAlignment: .center, location: 144),
                   NSTextTab(textAlignment: .right, location: 216),
                   NSTextTab(textAlignment: .right, location: 288, options: [.columnTerminators: CharacterSet(charactersIn: ".,")])]
    let p2 = NSMutableParagraphStyle()
    p2.alignment = .right
    p2.minimumLineHeight = 20
    p2.maximumLineHeight = 20
    p2.baseWritingDirection = .rightToLeft
    p2.tabStops = []
    let p3 = NSMutableParagraphStyle()
    p3.alignment = .justified
    p3.minimumLineHeight = 14
    p3.maximumLineHeight = 30
    p3.lineSpacing = 2.5
    p3.tabStops = []
    let p4 = NSParagraphStyle.default

    let s = NSMutableAttributedString()
    func add(_ text: String, _ attrs: [NSAttributedString.Key: Any], _ style: NSParagraphStyle) {
        var a = attrs
        if a[.font] == nil { a[.font] = serif }
        a[.paragraphStyle] = style
        s.append(NSAttributedString(string: text, attributes: a))
    }
    add("Plain, ", [:], p1)
    add("bold", [.font: bold], p1)
    add(" italic", [.font: italic], p1)
    add(" mono {braces} \\ back", [.font: mono], p1)
    add(" light\ttab\n", [.font: light], p1)
    add("red", [.foregroundColor: red], p2)
    add(" on half", [.backgroundColor: half], p2)
    add(" single", [.underlineStyle: NSUnderlineStyle.single.rawValue, .underlineColor: red], p2)
    add(" double", [.underlineStyle: NSUnderlineStyle.double.rawValue], p2)
    add(" thick-dash", [.underlineStyle: NSUnderlineStyle([.thick, .patternDash]).rawValue], p2)
    add(" dotted", [.underlineStyle: NSUnderlineStyle([.single, .patternDot]).rawValue], p2)
    add(" dash-dot-dot", [.underlineStyle: NSUnderlineStyle([.single, .patternDashDotDot]).rawValue], p2)
    add(" words", [.underlineStyle: NSUnderlineStyle([.single, .byWord]).rawValue], p2)
    add(" struck", [.strikethroughStyle: NSUnderlineStyle.single.rawValue, .strikethroughColor: half], p2)
    add(" struck twice\n", [.strikethroughStyle: NSUnderlineStyle.double.rawValue], p2)
    add("up", [.baselineOffset: CGFloat(4)], p3)
    add("down", [.baselineOffset: CGFloat(-2.5)], p3)
    add(" kern", [.kern: CGFloat(1.5)], p3)
    add(" outline", [.strokeWidth: CGFloat(3), .strokeColor: red], p3)
    add(" filled outline", [.strokeWidth: CGFloat(-2)], p3)
    let shadow = NSShadow()
    shadow.shadowOffset = CGSize(width: 1, height: 2)
    shadow.shadowBlurRadius = 3
    shadow.shadowColor = half
    add(" shadow", [.shadow: shadow], p3)
    add(" link", [.link: URL(string: "https://example.com/x?y=1")!], p3)
    add(" Ünïcödé €, Ελληνικά, русский, 日本語, emoji \u{1F600}\u{2028}line sep\u{0C}page\n", [:], p3)
    add("last paragraph, default style", [:], p4)
    return s
}

@Suite("RTF writer")
struct RTFWriterTests {
    @Test("Writes the header TextEdit writes")
    func cocoaHeader() throws {
        let data = try rtfData(NSAttributedString(string: "Hi", attributes: [.font: UIFont(name: "DejaVu Sans", size: 12)!,
                                                                               .paragraphStyle: NSParagraphStyle.default]))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("{\\rtf1\\ansi\\ansicpg1252\\cocoartf"))
        #expect(text.contains("{\\fonttbl\\f0\\fswiss\\fcharset0 DejaVu Sans;}"))
        #expect(text.contains("{\\colortbl;}"))
        #expect(text.contains("{\\*\\expandedcolortbl;}"))
        #expect(text.contains("\\pard\\tx560\\tx1120\\tx1680\\tx2240\\tx2800\\tx3360\\tx3920\\tx4480\\tx5040\\tx5600\\tx6160\\tx6720\\pardirnatural\\partightenfactor0\n"))
        #expect(text.contains("\\f0\\fs24\\cf0 Hi"))
        #expect(text.hasSuffix("}\n"))
    }

    @Test("Write then read gives back an equal string: text and every attribute RTF expresses")
    func roundTrip() throws {
        let original = richSample()
        let (back, _) = try NSAttributedString.readDocument(from: try rtfData(original))
        #expect(back.string == original.string)
        var location = 0
        while location < original.length {
            var r1 = NSRange(), r2 = NSRange()
            let a = original.attributes(at: location, effectiveRange: &r1)
            let b = back.attributes(at: location, effectiveRange: &r2)
            for key in Set(a.keys).union(b.keys) {
                let same: Bool
                switch (a[key], b[key]) {
                case (nil, nil): same = true
                case let (x?, y?): same = NSAttributedString(string: "x", attributes: [key: x]).isEqual(to: NSAttributedString(string: "x", attributes: [key: y]))
                default: same = false
                }
                #expect(same, "\(key.rawValue) differs at \(location) (\(original.attributedSubstring(from: r1).string.debugDescription)): \(String(describing: a[key])) vs \(String(describing: b[key]))")
            }
            location = min(r1.location + r1.length, r2.location + r2.length)
        }
        #expect(back.isEqual(to: original))
    }

    @Test("Characters outside code page 1252 are written as \\uc0\\uN, a surrogate pair as two \\u")
    func unicodeEscapes() throws {
        let text = String(decoding: try rtfData(NSAttributedString(string: "é€日\u{1F600}")), as: UTF8.self)
        #expect(text.contains("\\'e9\\'80\\uc0\\u26085 \\uc0\\u-10179 \\uc0\\u-8704 "))
    }

    @Test("Document attributes are written and read back")
    func documentAttributes() throws {
        let created = Date(timeIntervalSinceReferenceDate: 700_000_000)
        let attributes: [NSAttributedString.DocumentAttributeKey: Any] = [
            .paperSize: CGSize(width: 595, height: 842), .paperMargin: UIEdgeInsets(top: 50, left: 60, bottom: 70, right: 80),
            .viewSize: CGSize(width: 500, height: 400), .viewMode: 1, .viewZoom: CGFloat(125), .readOnly: 1,
            .defaultTabInterval: CGFloat(36), .hyphenationFactor: Float(0.5),
            .title: "T{i}tle", .author: "Ann Ö", .subject: "S", .keywords: ["a", "b c"], .comment: "C", .company: "Co",
            .copyright: "©", .creationTime: created, .modificationTime: created.addingTimeInterval(61),
        ]
        let (_, doc) = try NSAttributedString.readDocument(from: try rtfData(NSAttributedString(string: "x"), attributes))
        for (key, value) in attributes where !(value is Date) {
            #expect(NSAttributedString(string: "x", attributes: [NSAttributedString.Key(key.rawValue): value])
                .isEqual(to: NSAttributedString(string: "x", attributes: [NSAttributedString.Key(key.rawValue): doc[key] as Any])),
                    "\(key.rawValue): \(value) vs \(String(describing: doc[key]))")
        }
        #expect(doc[.creationTime] as? Date == created)
        #expect(doc[.modificationTime] as? Date == created.addingTimeInterval(61))
    }

    @Test("Attachments with PNG data are written as \\pngblip pictures and read back")
    func pictureRoundTrip() throws {
        let png = try #require(TestImages.png(width: 5, height: 3))
        let s = NSMutableAttributedString(string: "a")
        let sized = NSTextAttachment(data: png, ofType: "public.png")
        sized.bounds = CGRect(x: 0, y: 0, width: 20, height: 12)
        s.append(NSAttributedString(attachment: sized))
        s.append(NSAttributedString(attachment: NSTextAttachment(data: png, ofType: "public.png")))
        let (back, _) = try NSAttributedString.readDocument(from: try rtfData(s))
        #expect(back.string == "a\u{FFFC}\u{FFFC}")
        let a = try #require(back.attr(.attachment, at: 1) as? NSTextAttachment)
        #expect(a.contents == png && a.bounds == sized.bounds)
        let b = try #require(back.attr(.attachment, at: 2) as? NSTextAttachment)
        #expect(b.contents == png && b.bounds == .zero && b.image?.size == CGSize(width: 5, height: 3))
    }
}
