/// Turns ``ArchiveValue``s back into attribute values; attachments and text lists are made once
/// per table entry, so sharing is kept.
struct ArchiveValueDecoder {
    let attachments: [ArchivedAttachment]
    let textLists: [ArchivedTextList]
    private var madeAttachments: [Int: NSTextAttachment] = [:]
    private var madeLists: [Int: NSTextList] = [:]

    init(attachments: [ArchivedAttachment], textLists: [ArchivedTextList]) {
        self.attachments = attachments
        self.textLists = textLists
    }

    private static func invalid(_ message: String) -> DocumentReadingError {
        DocumentReadingError(kind: .invalidArchive, message: message)
    }

    mutating func decodeAttributes(_ values: [String: ArchiveValue]) throws(DocumentReadingError) -> [NSAttributedString.Key: Any] {
        var out: [NSAttributedString.Key: Any] = [:]
        for (key, value) in values { out[NSAttributedString.Key(key)] = try decodeValue(value) }
        return out
    }

    mutating func decodeValue(_ value: ArchiveValue) throws(DocumentReadingError) -> Any {
        switch value {
        case .string(let v): return v
        case .int(let v): return v
        case .uint(let v): return v
        case .double(let v): return v
        case .cgFloat(let v): return CGFloat(v)
        case .float(let v): return v
        case .bool(let v): return v
        case .number(let v): return NSNumber(value: v)
        case .url(let v):
            guard let url = URL(string: v) else { throw Self.invalid("\"\(v)\" is not a URL") }
            return url
        case .data(let v): return v
        case .date(let v): return Date(timeIntervalSinceReferenceDate: v)
        case .color(let v): return try Self.color(v)
        case .size(let v):
            guard v.count == 2 else { throw Self.invalid("a size needs 2 numbers") }
            return CGSize(width: v[0], height: v[1])
        case .rect(let v):
            guard v.count == 4 else { throw Self.invalid("a rect needs 4 numbers") }
            return CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
        case .edgeInsets(let v):
            guard v.count == 4 else { throw Self.invalid("edge insets need 4 numbers") }
            return UIEdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
        case .font(let v): return Self.font(v)
        case .paragraphStyle(let v): return try paragraphStyle(v)
        case .shadow(let v):
            guard v.offset.count == 2 else { throw Self.invalid("a shadow offset needs 2 numbers") }
            let shadow = NSShadow()
            shadow.shadowOffset = CGSize(width: v.offset[0], height: v.offset[1])
            shadow.shadowBlurRadius = v.blurRadius
            shadow.shadowColor = try v.color.map(Self.color)
            return shadow
        case .attachment(let i): return try attachment(i)
        case .documentType(let v): return NSAttributedString.DocumentType(rawValue: v)
        case .markdownBlock(let v): return v
        case .array(let v):
            var out: [Any] = []
            for element in v { out.append(try decodeValue(element)) }
            if out.allSatisfy({ $0 is Int }) { return out.map { $0 as! Int } }  // swiftlint:disable:this force_cast — checked above
            if out.allSatisfy({ $0 is String }) { return out.map { $0 as! String } }  // swiftlint:disable:this force_cast — checked above
            return out
        case .attributes(let v): return try decodeAttributes(v)
        }
    }

    static func color(_ v: [Double]) throws(DocumentReadingError) -> UIColor {
        guard v.count == 4 else { throw invalid("a colour needs 4 components") }
        return UIColor(red: v[0], green: v[1], blue: v[2], alpha: v[3])
    }

    /// The font an archived font describes (its file when it names one that loads).
    static func font(_ f: ArchivedFont) -> UIFont {
        let size = CGFloat(f.pointSize)
        if let file = f.file, let font = try? UIFont(url: URL(fileURLWithPath: file), faceIndex: f.faceIndex ?? 0, size: size) {
            return font
        }
        var a: [UIFontDescriptor.AttributeName: Any] = [:]
        a[.family] = f.family
        a[.name] = f.name
        a[.face] = f.face
        a[.visibleName] = f.visibleName
        var traits: [UIFontDescriptor.TraitKey: Any] = [:]
        traits[.symbolic] = f.symbolicTraits
        traits[.weight] = f.weight
        traits[.width] = f.width
        traits[.slant] = f.slant
        if !traits.isEmpty { a[.traits] = traits }
        if let features = f.features {
            a[.featureSettings] = features.compactMap { pair -> FontFeature? in
                guard pair.count == 2, let value = UInt32(pair[1]) else { return nil }
                return FontFeature(validatingTag: pair[0].trimmingCharacters(in: .whitespaces), value: value)
            }
        }
        a[.fixedAdvance] = f.fixedAdvance
        if let m = f.matrix, m.count == 6 { a[.matrix] = CGAffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5]) }
        if let style = f.textStyle { a[.textStyle] = UIFont.TextStyle(rawValue: style) }
        return UIFont(descriptor: UIFontDescriptor(fontAttributes: a), size: size)
    }

    mutating func paragraphStyle(_ v: ArchivedParagraphStyle) throws(DocumentReadingError) -> NSParagraphStyle {
        let s = NSMutableParagraphStyle()
        guard let alignment = NSTextAlignment(rawValue: v.alignment), let mode = NSLineBreakMode(rawValue: v.lineBreakMode),
              let direction = NSWritingDirection(rawValue: v.baseWritingDirection) else {
            throw Self.invalid("a paragraph style has an unknown alignment, line break mode or direction")
        }
        s.alignment = alignment
        s.lineBreakMode = mode
        s.baseWritingDirection = direction
        s.firstLineHeadIndent = v.firstLineHeadIndent
        s.headIndent = v.headIndent
        s.tailIndent = v.tailIndent
        s.lineSpacing = v.lineSpacing
        s.paragraphSpacing = v.paragraphSpacing
        s.paragraphSpacingBefore = v.paragraphSpacingBefore
        s.lineHeightMultiple = v.lineHeightMultiple
        s.minimumLineHeight = v.minimumLineHeight
        s.maximumLineHeight = v.maximumLineHeight
        s.hyphenationFactor = v.hyphenationFactor
        s.usesDefaultHyphenation = v.usesDefaultHyphenation
        s.defaultTabInterval = v.defaultTabInterval
        s.allowsDefaultTighteningForTruncation = v.allowsDefaultTighteningForTruncation
        s.lineBreakStrategy = NSParagraphStyle.LineBreakStrategy(rawValue: v.lineBreakStrategy)
        s.preventsWidowsAndOrphans = v.preventsWidowsAndOrphans ?? false
        s.hangsPunctuation = v.hangsPunctuation ?? false
        s.glyphExpansionLimit = CGFloat(v.glyphExpansionLimit ?? 0)
        var tabs: [NSTextTab] = []
        for tab in v.tabStops {
            guard let a = NSTextAlignment(rawValue: tab.alignment) else { throw Self.invalid("a tab stop has an unknown alignment") }
            var options: [NSTextTab.OptionKey: Any] = [:]
            if let t = tab.terminators { options[.columnTerminators] = CharacterSet(charactersIn: t) }
            if let bitmap = tab.terminatorBitmap { options[.columnTerminators] = CharacterSet(bitmapRepresentation: bitmap) }
            tabs.append(NSTextTab(textAlignment: a, location: tab.location, options: options))
        }
        s.tabStops = tabs
        var lists: [NSTextList] = []
        for i in v.textLists {
            guard textLists.indices.contains(i) else { throw Self.invalid("text list \(i) does not exist") }
            if let made = madeLists[i] { lists.append(made); continue }
            let archived = textLists[i]
            let list = NSTextList(markerFormat: NSTextList.MarkerFormat(archived.markerFormat), options: archived.options)
            list.startingItemNumber = archived.startingItemNumber
            madeLists[i] = list
            lists.append(list)
        }
        s.textLists = lists
        return s.copy() as! NSParagraphStyle  // swiftlint:disable:this force_cast — copy() of a paragraph style is one
    }

    mutating func attachment(_ i: Int) throws(DocumentReadingError) -> NSTextAttachment {
        guard attachments.indices.contains(i) else { throw Self.invalid("attachment \(i) does not exist") }
        if let made = madeAttachments[i] { return made }
        let a = attachments[i]
        guard a.bounds.count == 4 else { throw Self.invalid("attachment bounds need 4 numbers") }
        let attachment = NSTextAttachment(data: a.contents, ofType: a.fileType)
        attachment.bounds = CGRect(x: a.bounds[0], y: a.bounds[1], width: a.bounds[2], height: a.bounds[3])
        let scale = CGFloat(a.imageScale ?? 1)
        if let png = a.image { attachment.image = UIImage(data: png, scale: scale) }
        if a.imageFromContents == true, let contents = a.contents { attachment.image = UIImage(data: contents, scale: scale) }
        madeAttachments[i] = attachment
        return attachment
    }
}
