/// Turns attribute values into ``ArchiveValue``s, collecting attachments and text lists into tables
/// (by identity) as it goes.
struct ArchiveValueEncoder {
    private(set) var attachments: [ArchivedAttachment] = []
    private(set) var textLists: [ArchivedTextList] = []
    private var attachmentIndex: [ObjectIdentifier: Int] = [:]
    private var textListIndex: [ObjectIdentifier: Int] = [:]
    private var keepAlive: [AnyObject] = []  // keeps ObjectIdentifiers unique while encoding

    mutating func encodeAttributes(_ attrs: [NSAttributedString.Key: Any]) throws(DocumentWritingError) -> [String: ArchiveValue] {
        var out: [String: ArchiveValue] = [:]
        for (key, value) in attrs { out[key.rawValue] = try encodeValue(value, key: key.rawValue) }
        return out
    }

    mutating func encodeValue(_ value: Any, key: String) throws(DocumentWritingError) -> ArchiveValue {
        switch value {
        case let v as String: return .string(v)
        case let v as URL: return .url(v.absoluteString)
        case let v as Date: return .date(v.timeIntervalSinceReferenceDate)
        case let v as Data: return .data(v)
        case let v as UIColor: return .color(Self.components(v))
        case let v as UIFont: return .font(Self.archive(v))
        case let v as NSParagraphStyle: return .paragraphStyle(archive(v))
        case let v as NSShadow:
            return .shadow(ArchivedShadow(offset: [Double(v.shadowOffset.width), Double(v.shadowOffset.height)],
                                          blurRadius: Double(v.shadowBlurRadius),
                                          color: (v.shadowColor as? UIColor).map(Self.components)))
        case let v as NSTextAttachment: return .attachment(archive(v))
        case let v as NSAttributedString.DocumentType: return .documentType(v.rawValue)
        case let v as MarkdownBlock: return .markdownBlock(v)
        case let v as CGSize: return .size([Double(v.width), Double(v.height)])
        case let v as CGRect: return .rect([Double(v.origin.x), Double(v.origin.y), Double(v.size.width), Double(v.size.height)])
        case let v as UIEdgeInsets: return .edgeInsets([Double(v.top), Double(v.left), Double(v.bottom), Double(v.right)])
        case let v as String.Encoding: return .int(Int(v.rawValue))
        case let v as [NSAttributedString.Key: Any]: return .attributes(try encodeAttributes(v))
        default: break
        }
        // Numbers: keep the Swift type (exact type tests, since Linux bridges numbers in `as?` casts).
        let type = Swift.type(of: value)
        if type == Int.self, let v = value as? Int { return .int(v) }
        if type == UInt.self, let v = value as? UInt { return .uint(v) }
        if type == Bool.self, let v = value as? Bool { return .bool(v) }
        if type == Double.self, let v = value as? Double { return .double(v) }
        if type == CGFloat.self, let v = value as? CGFloat { return .cgFloat(Double(v)) }
        if type == Float.self, let v = value as? Float { return .float(v) }
        if let v = value as? NSNumber { return .number(v.doubleValue) }
        if let v = value as? any BinaryInteger, let i = Int(exactly: v) { return .int(i) }
        if let array = value as? [Any] {
            var out: [ArchiveValue] = []
            for element in array { out.append(try encodeValue(element, key: key)) }
            return .array(out)
        }
        throw DocumentWritingError(kind: .unsupportedAttributeValue,
                                   message: "the value of \"\(key)\" (a \(type)) cannot be archived")
    }

    static func components(_ c: UIColor) -> [Double] {
        [Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha)]
    }

    /// A font by its descriptor; by its file when the descriptor does not find the same font again.
    static func archive(_ font: UIFont) -> ArchivedFont {
        let d = font.fontDescriptor
        let a = d.fontAttributes
        let traits = a[.traits] as? [UIFontDescriptor.TraitKey: Any]
        func double(_ v: Any?) -> Double? { RTFWriter.number(v) }
        var archived = ArchivedFont(pointSize: Double(font.pointSize))
        archived.family = a[.family] as? String
        archived.name = a[.name] as? String
        archived.face = a[.face] as? String
        archived.symbolicTraits = double(traits?[.symbolic]).map { UInt32(saturating: $0) }
        archived.weight = double(traits?[.weight])
        archived.width = double(traits?[.width])
        archived.slant = double(traits?[.slant])
        let features = d.featureSettings
        if !features.isEmpty { archived.features = features.map { [$0.tag, String($0.value)] } }
        archived.fixedAdvance = double(a[.fixedAdvance])
        if let m = a[.matrix] as? CGAffineTransform { archived.matrix = [m.a, m.b, m.c, m.d, m.tx, m.ty].map { Double($0) } }
        archived.textStyle = (a[.textStyle] as? UIFont.TextStyle)?.rawValue
        archived.visibleName = a[.visibleName] as? String
        if ArchiveValueDecoder.font(archived) != font {
            archived.file = font.face.url.path
            archived.faceIndex = font.face.faceIndex
        }
        return archived
    }

    mutating func archive(_ style: NSParagraphStyle) -> ArchivedParagraphStyle {
        let tabs = style.tabStops.map { tab -> ArchivedTab in
            var archived = ArchivedTab(alignment: tab.alignment.rawValue, location: Double(tab.location))
            if let set = tab.columnTerminators {
                let candidates = ".,\u{066B}\u{00B7}'\u{2019} \u{00A0}\u{202F}:;/"
                let inSet = String(candidates.unicodeScalars.filter { set.contains($0) }.map(Character.init))
                if CharacterSet(charactersIn: inSet) == set { archived.terminators = inSet } else {
                    archived.terminatorBitmap = set.bitmapRepresentation
                }
            }
            return archived
        }
        let lists = style.textLists.map { list -> Int in
            let id = ObjectIdentifier(list)
            if let known = textListIndex[id] { return known }
            keepAlive.append(list)
            textLists.append(ArchivedTextList(markerFormat: list.markerFormat.rawValue, options: list.listOptions,
                                              startingItemNumber: list.startingItemNumber))
            textListIndex[id] = textLists.count - 1
            return textLists.count - 1
        }
        return ArchivedParagraphStyle(
            alignment: style.alignment.rawValue, firstLineHeadIndent: Double(style.firstLineHeadIndent),
            headIndent: Double(style.headIndent), tailIndent: Double(style.tailIndent), lineSpacing: Double(style.lineSpacing),
            paragraphSpacing: Double(style.paragraphSpacing), paragraphSpacingBefore: Double(style.paragraphSpacingBefore),
            lineHeightMultiple: Double(style.lineHeightMultiple), minimumLineHeight: Double(style.minimumLineHeight),
            maximumLineHeight: Double(style.maximumLineHeight), lineBreakMode: style.lineBreakMode.rawValue,
            baseWritingDirection: style.baseWritingDirection.rawValue, hyphenationFactor: style.hyphenationFactor,
            usesDefaultHyphenation: style.usesDefaultHyphenation, tabStops: tabs,
            defaultTabInterval: Double(style.defaultTabInterval),
            allowsDefaultTighteningForTruncation: style.allowsDefaultTighteningForTruncation,
            lineBreakStrategy: style.lineBreakStrategy.rawValue, textLists: lists,
            preventsWidowsAndOrphans: style.preventsWidowsAndOrphans ? true : nil,
            hangsPunctuation: style.hangsPunctuation ? true : nil,
            glyphExpansionLimit: style.glyphExpansionLimit > 0 ? Double(style.glyphExpansionLimit) : nil)
    }

    mutating func archive(_ attachment: NSTextAttachment) -> Int {
        let id = ObjectIdentifier(attachment)
        if let known = attachmentIndex[id] { return known }
        keepAlive.append(attachment)
        let b = attachment.bounds
        var archived = ArchivedAttachment(contents: attachment.contents, fileType: attachment.fileType,
                                          bounds: [b.origin.x, b.origin.y, b.size.width, b.size.height].map { Double($0) })
        if let image = attachment.image {
            if let contents = attachment.contents, let decoded = UIImage(data: contents, scale: image.scale),
               decoded.size == image.size, decoded.cgImage?.pngData() == image.cgImage?.pngData() {
                archived.imageFromContents = true
                archived.imageScale = Double(image.scale)
            } else if let png = image.pngData() {
                archived.image = png
                archived.imageScale = Double(image.scale)
            }
        }
        attachments.append(archived)
        attachmentIndex[id] = attachments.count - 1
        return attachments.count - 1
    }
}
