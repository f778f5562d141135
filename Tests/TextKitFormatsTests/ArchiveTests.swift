import Testing
@testable import TextKitFormats

@Suite("Archive")
struct ArchiveTests {
    func archive(_ s: NSAttributedString, _ d: [NSAttributedString.DocumentAttributeKey: Any] = [:]) throws -> Data {
        var d = d
        d[.documentType] = NSAttributedString.DocumentType.archive
        return try s.data(from: NSRange(location: 0, length: s.length), documentAttributes: d)
    }

    /// Every attribute this project knows, with values of each kind, plus values RTF cannot carry.
    func everything() throws -> (NSMutableAttributedString, [NSTextAttachment], NSTextList) {
        let s = richSample()
        let png = try #require(TestImages.png(width: 3, height: 3))
        let fromData = NSTextAttachment(data: png, ofType: "public.png")
        fromData.image = UIImage(data: png)
        fromData.bounds = CGRect(x: 0, y: -2, width: 12, height: 12)
        let otherPNG = try #require(TestImages.png(width: 2, height: 5, red: 0))
        let imageOnly = NSTextAttachment(image: try #require(UIImage(data: otherPNG, scale: 2)))
        let dataOnly = NSTextAttachment(data: Data([1, 2, 3]), ofType: "com.example.thing")
        for a in [fromData, imageOnly, dataOnly, fromData] { s.append(NSAttributedString(attachment: a)) }
        let list = NSTextList(markerFormat: .decimal, options: NSTextList.prependEnclosingMarker)
        list.startingItemNumber = 3
        let listStyle = NSMutableParagraphStyle()
        listStyle.textLists = [list]
        listStyle.lineBreakMode = .byTruncatingMiddle
        listStyle.hyphenationFactor = 0.7
        listStyle.usesDefaultHyphenation = true
        listStyle.defaultTabInterval = 40
        listStyle.allowsDefaultTighteningForTruncation = true
        listStyle.lineBreakStrategy = .pushOut
        listStyle.preventsWidowsAndOrphans = true
        listStyle.tailIndent = 300
        listStyle.tabStops = [NSTextTab(textAlignment: .natural, location: 10, options: [.columnTerminators: CharacterSet(charactersIn: "٫")]),
                              NSTextTab(textAlignment: .justified, location: 20, options: [.columnTerminators: CharacterSet.decimalDigits])]
        var features = UIFontDescriptor(fontAttributes: [.family: "DejaVu Sans"])
        features = features.addingAttributes([.featureSettings: [FontFeature(tag: "smcp"), FontFeature(tag: "liga", value: 0)]])
        let extras: [NSAttributedString.Key: Any] = [
            .font: UIFont(descriptor: features, size: 9),
            .paragraphStyle: listStyle,
            .ligature: 0, .tracking: CGFloat(0.5), .obliqueness: 0.25, .expansion: Float(0.1),
            .textEffect: NSAttributedString.TextEffectStyle.letterpressStyle.rawValue,
            .writingDirection: [NSWritingDirection.rightToLeft.rawValue | NSWritingDirectionFormatType.override.rawValue],
            .verticalGlyphForm: 1, .languageIdentifier: "de-CH", .link: "not a URL at all",
            NSAttributedString.Key("custom.flag"): true, NSAttributedString.Key("custom.number"): NSNumber(value: 2.5),
            NSAttributedString.Key("custom.data"): Data([9, 8]), NSAttributedString.Key("custom.date"): Date(timeIntervalSinceReferenceDate: 12),
        ]
        s.append(NSAttributedString(string: "\nlisted item", attributes: extras))
        s.append(NSAttributedString(string: " styles", attributes: [.font: UIFont.preferredFont(forTextStyle: .headline),
                                                                    .foregroundColor: UIColor(red: 1.0 / 3, green: 0.1, blue: 2, alpha: 0.3)]))
        s.append(NSAttributedString(string: " system", attributes: [.font: UIFont.monospacedDigitSystemFont(ofSize: 11, weight: .bold)]))
        let fileFont = try UIFont(url: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"), size: 13)
        s.append(NSAttributedString(string: " file font", attributes: [.font: fileFont]))
        return (s, [fromData, imageOnly, dataOnly], list)
    }

    @Test("Write then read is identity over a string carrying every attribute; attachments and lists keep their contents and sharing")
    func identity() throws {
        let (original, attachments, list) = try everything()
        let document: [NSAttributedString.DocumentAttributeKey: Any] = [
            .paperSize: CGSize(width: 1, height: 2), .paperMargin: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4),
            .viewZoom: CGFloat(90), .backgroundColor: UIColor(white: 0.9, alpha: 1), .keywords: ["x", "y"],
            .creationTime: Date(timeIntervalSinceReferenceDate: 1), .characterEncoding: String.Encoding.utf8.rawValue,
            .defaultAttributes: [NSAttributedString.Key.kern: CGFloat(2)], .title: "T",
        ]
        let (back, doc) = try NSAttributedString.readDocument(from: try archive(original, document))
        #expect(back.string == original.string)
        // Attachments and text lists compare by identity: swap the read objects for the originals,
        // after checking their contents, then the whole string must be equal.
        let readBack = NSMutableAttributedString(attributedString: back)
        var seen: [ObjectIdentifier: NSTextAttachment] = [:]
        var next = 0
        let order = [0, 1, 2, 0]
        back.enumerateAttribute(.attachment, in: NSRange(location: 0, length: back.length), options: []) { value, range, _ in
            guard let a = value as? NSTextAttachment else { return }
            let o = attachments[order[next]]
            next += 1
            if let earlier = seen[ObjectIdentifier(a)] { #expect(earlier === o) } else { seen[ObjectIdentifier(a)] = o }
            #expect(a.contents == o.contents && a.fileType == o.fileType && a.bounds == o.bounds)
            #expect(a.image?.size == o.image?.size && a.image?.scale == o.image?.scale)
            #expect(a.image?.pngData() == o.image?.pngData())
            readBack.addAttribute(.attachment, value: o, range: range)
        }
        #expect(next == 4 && seen.count == 3)
        back.enumerateAttribute(.paragraphStyle, in: NSRange(location: 0, length: back.length), options: []) { value, range, _ in
            guard let style = value as? NSParagraphStyle, let readList = style.textLists.first else { return }
            #expect(readList.markerFormat == list.markerFormat && readList.listOptions == list.listOptions
                && readList.startingItemNumber == 3)
            let fixed = style.mutableCopy() as! NSMutableParagraphStyle
            fixed.textLists = [list]
            readBack.addAttribute(.paragraphStyle, value: fixed.copy(), range: range)
        }
        #expect(readBack.isEqual(to: original))
        let typed = back.attr(.expansion, at: back.offset(of: "listed")).map { type(of: $0) == Float.self }
        #expect(typed == true)
        #expect(back.attr(NSAttributedString.Key("custom.number"), at: back.offset(of: "listed")) is NSNumber)
        #expect((doc[.defaultAttributes] as? [NSAttributedString.Key: Any])?[.kern] as? CGFloat == 2)
        for (key, value) in document where key != .defaultAttributes {
            #expect(NSAttributedString(string: "x", attributes: [NSAttributedString.Key(key.rawValue): value])
                .isEqual(to: NSAttributedString(string: "x", attributes: [NSAttributedString.Key(key.rawValue): doc[key] as Any])), "\(key.rawValue)")
        }
    }

    @Test("The archive is versioned JSON whose head names the format, and is recognised without a type")
    func format() throws {
        let data = try archive(NSAttributedString(string: "hi"))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix(#"{"format":"org.opentextkit.archive","version":1,"#))
        let (s, d) = try NSAttributedString.readDocument(from: data)
        #expect(s.string == "hi")
        #expect(d[.documentType] as? NSAttributedString.DocumentType == .archive)
    }

    @Test("Newer versions, other JSON and runs that do not fit the text are rejected")
    func rejects() {
        func kind(_ json: String) -> DocumentReadingError.Kind? {
            do {
                _ = try NSAttributedString.readDocument(from: Data(json.utf8), options: [.documentType: NSAttributedString.DocumentType.archive])
                return nil
            } catch { return (error as? DocumentReadingError)?.kind }
        }
        #expect(kind(#"{"format":"org.opentextkit.archive","version":2}"#) == .unsupportedArchiveVersion)
        #expect(kind(#"{"format":"something.else","version":1}"#) == .invalidArchive)
        #expect(kind("[1, 2") == .invalidArchive)
        let base = #"{"format":"org.opentextkit.archive","version":1,"text":"abc","attributeSets":[{}],"attachments":[],"textLists":[],"documentAttributes":{},"runs":"#
        #expect(kind(base + "[[5,0]]}") == .invalidArchive)
        #expect(kind(base + "[[1,0]]}") == .invalidArchive)
        #expect(kind(base + "[[3,7]]}") == .invalidArchive)
        #expect(kind(base + "[[3,0]]}") == nil)
        #expect(kind(#"{"format":"org.opentextkit.archive","version":1,"text":"a","attributeSets":[{"NSColor":{"color":[1]}}],"attachments":[],"textLists":[],"documentAttributes":{},"runs":[[1,0]]}"#) == .invalidArchive)
        #expect(kind(#"{"format":"org.opentextkit.archive","version":1,"text":"a","attributeSets":[{"NSColor":{"bogus":1}}],"attachments":[],"textLists":[],"documentAttributes":{},"runs":[[1,0]]}"#) == .invalidArchive)
    }

    @Test("Values of types the archive does not know are refused when writing")
    func unknownValue() {
        struct Opaque {}
        #expect {
            _ = try archive(NSAttributedString(string: "x", attributes: [NSAttributedString.Key("opaque"): Opaque()]))
        } throws: { ($0 as? DocumentWritingError)?.kind == .unsupportedAttributeValue }
    }
}
