/// One attribute or document-attribute value in the archive, tagged with its type so that it
/// decodes to the same Swift type: `{"int": 3}`, `{"cgFloat": 1.5}`, `{"color": [r, g, b, a]}`,
/// `{"font": {…}}`, `{"paragraphStyle": {…}}`, `{"attachment": 0}` (an index into the archive's
/// attachments, so one attachment object shared by several runs stays one object) …
indirect enum ArchiveValue: Codable, Equatable {
    case string(String)
    case int(Int)
    case uint(UInt)
    case double(Double)
    case cgFloat(Double)
    case float(Float)
    case bool(Bool)
    /// An `NSNumber` (kept as a number object).
    case number(Double)
    case url(String)
    case data(Data)
    case date(Double)
    case color([Double])
    case size([Double])
    case rect([Double])
    case edgeInsets([Double])
    case font(ArchivedFont)
    case paragraphStyle(ArchivedParagraphStyle)
    case shadow(ArchivedShadow)
    case attachment(Int)
    case documentType(String)
    case array([ArchiveValue])
    case attributes([String: ArchiveValue])
    case markdownBlock(MarkdownBlock)

    private enum Tag: String, CodingKey, CaseIterable {
        case string, int, uint, double, cgFloat, float, bool, number, url, data, date, color, size, rect, edgeInsets
        case font, paragraphStyle, shadow, attachment, documentType, array, attributes, markdownBlock
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Tag.self)
        guard c.allKeys.count == 1, let tag = c.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "a value must have exactly one known type tag"))
        }
        switch tag {
        case .string: self = .string(try c.decode(String.self, forKey: tag))
        case .int: self = .int(try c.decode(Int.self, forKey: tag))
        case .uint: self = .uint(try c.decode(UInt.self, forKey: tag))
        case .double: self = .double(try c.decode(Double.self, forKey: tag))
        case .cgFloat: self = .cgFloat(try c.decode(Double.self, forKey: tag))
        case .float: self = .float(try c.decode(Float.self, forKey: tag))
        case .bool: self = .bool(try c.decode(Bool.self, forKey: tag))
        case .number: self = .number(try c.decode(Double.self, forKey: tag))
        case .url: self = .url(try c.decode(String.self, forKey: tag))
        case .data: self = .data(try c.decode(Data.self, forKey: tag))
        case .date: self = .date(try c.decode(Double.self, forKey: tag))
        case .color: self = .color(try c.decode([Double].self, forKey: tag))
        case .size: self = .size(try c.decode([Double].self, forKey: tag))
        case .rect: self = .rect(try c.decode([Double].self, forKey: tag))
        case .edgeInsets: self = .edgeInsets(try c.decode([Double].self, forKey: tag))
        case .font: self = .font(try c.decode(ArchivedFont.self, forKey: tag))
        case .paragraphStyle: self = .paragraphStyle(try c.decode(ArchivedParagraphStyle.self, forKey: tag))
        case .shadow: self = .shadow(try c.decode(ArchivedShadow.self, forKey: tag))
        case .attachment: self = .attachment(try c.decode(Int.self, forKey: tag))
        case .documentType: self = .documentType(try c.decode(String.self, forKey: tag))
        case .markdownBlock: self = .markdownBlock(try c.decode(MarkdownBlock.self, forKey: tag))
        case .array: self = .array(try c.decode([ArchiveValue].self, forKey: tag))
        case .attributes: self = .attributes(try c.decode([String: ArchiveValue].self, forKey: tag))
        }
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Tag.self)
        switch self {
        case .string(let v): try c.encode(v, forKey: .string)
        case .int(let v): try c.encode(v, forKey: .int)
        case .uint(let v): try c.encode(v, forKey: .uint)
        case .double(let v): try c.encode(v, forKey: .double)
        case .cgFloat(let v): try c.encode(v, forKey: .cgFloat)
        case .float(let v): try c.encode(v, forKey: .float)
        case .bool(let v): try c.encode(v, forKey: .bool)
        case .number(let v): try c.encode(v, forKey: .number)
        case .url(let v): try c.encode(v, forKey: .url)
        case .data(let v): try c.encode(v, forKey: .data)
        case .date(let v): try c.encode(v, forKey: .date)
        case .color(let v): try c.encode(v, forKey: .color)
        case .size(let v): try c.encode(v, forKey: .size)
        case .rect(let v): try c.encode(v, forKey: .rect)
        case .edgeInsets(let v): try c.encode(v, forKey: .edgeInsets)
        case .font(let v): try c.encode(v, forKey: .font)
        case .paragraphStyle(let v): try c.encode(v, forKey: .paragraphStyle)
        case .shadow(let v): try c.encode(v, forKey: .shadow)
        case .attachment(let v): try c.encode(v, forKey: .attachment)
        case .documentType(let v): try c.encode(v, forKey: .documentType)
        case .array(let v): try c.encode(v, forKey: .array)
        case .attributes(let v): try c.encode(v, forKey: .attributes)
        case .markdownBlock(let v): try c.encode(v, forKey: .markdownBlock)
        }
    }
}

/// A font: its descriptor's attributes and size, and the file of its face for fonts that no
/// descriptor finds (loaded from a URL).
struct ArchivedFont: Codable, Equatable {
    var pointSize: Double
    var family: String?
    var name: String?
    var face: String?
    var symbolicTraits: UInt32?
    var weight: Double?
    var width: Double?
    var slant: Double?
    var features: [[String]]?
    var fixedAdvance: Double?
    var matrix: [Double]?
    var textStyle: String?
    var visibleName: String?
    /// Set when the font must be loaded from its file (it is not found by its descriptor).
    var file: String?
    var faceIndex: Int?
}

struct ArchivedTab: Codable, Equatable {
    var alignment: Int
    var location: Double
    /// The column terminators as the characters they hold (when they are a small known set).
    var terminators: String?
    /// The column terminators as `CharacterSet.bitmapRepresentation` (otherwise).
    var terminatorBitmap: Data?
}

struct ArchivedTextList: Codable, Equatable {
    var markerFormat: String
    var options: Int
    var startingItemNumber: Int
}

struct ArchivedParagraphStyle: Codable, Equatable {
    var alignment: Int
    var firstLineHeadIndent: Double
    var headIndent: Double
    var tailIndent: Double
    var lineSpacing: Double
    var paragraphSpacing: Double
    var paragraphSpacingBefore: Double
    var lineHeightMultiple: Double
    var minimumLineHeight: Double
    var maximumLineHeight: Double
    var lineBreakMode: Int
    var baseWritingDirection: Int
    var hyphenationFactor: Float
    var usesDefaultHyphenation: Bool
    var tabStops: [ArchivedTab]
    var defaultTabInterval: Double
    var allowsDefaultTighteningForTruncation: Bool
    var lineBreakStrategy: UInt
    /// Indices into the archive's text lists (one list object shared by many paragraphs stays one).
    var textLists: [Int]
    /// NSParagraphStyle.preventsWidowsAndOrphans (an OpenTextKit addition): present only when
    /// true, so that archives written before it and archives of styles without it read the same.
    var preventsWidowsAndOrphans: Bool?
    /// `hangsPunctuation` (an OpenTextKit addition); absent when false, so archives of styles
    /// without it, and archives written before it, are alike.
    var hangsPunctuation: Bool? = nil
    /// `glyphExpansionLimit` (an OpenTextKit addition); absent when 0, as above.
    var glyphExpansionLimit: Double? = nil
}

struct ArchivedShadow: Codable, Equatable {
    var offset: [Double]
    var blurRadius: Double
    var color: [Double]?
}

struct ArchivedAttachment: Codable, Equatable {
    var contents: Data?
    var fileType: String?
    var bounds: [Double]
    /// PNG of the image when it does not come from `contents`.
    var image: Data?
    var imageScale: Double?
    /// Whether the attachment had an image made from its contents.
    var imageFromContents: Bool?
}

/// What follows the header in the archive file (written with sorted keys, for stable output).
struct ArchiveBody: Encodable {
    var text: String
    var runs: [[Int]]
    var attributeSets: [[String: ArchiveValue]]
    var attachments: [ArchivedAttachment]
    var textLists: [ArchivedTextList]
    var documentAttributes: [String: ArchiveValue]
}

/// The archive file: `{"format":"org.opentextkit.archive","version":1,…}` — the header comes first
/// so that a reader can recognise the file from its first bytes.
struct ArchiveFile: Decodable {
    static let formatName = "org.opentextkit.archive"
    static let currentVersion = 1

    var format: String
    var version: Int
    var text: String
    /// Runs as pairs: UTF-16 length, index into `attributeSets`.
    var runs: [[Int]]
    var attributeSets: [[String: ArchiveValue]]
    var attachments: [ArchivedAttachment]
    var textLists: [ArchivedTextList]
    var documentAttributes: [String: ArchiveValue]
}
