/// Reading an HTML document (`NSAttributedString.DocumentType.html`): the encoding, the parse,
/// the import and the document attributes.
enum HTMLReader {
    /// Reads `data` as HTML. `encoding` (the `.characterEncoding` option) overrides what the
    /// document declares; `defaultAttributes` replace the base Times 12; `baseURL` resolves
    /// relative links and images, which are read under `resourceAccess`.
    ///
    /// The document attributes are `.documentType` (`.html`), `.characterEncoding` (the option,
    /// else the document's `<meta charset>`, else UTF-8) and `.title` when the document has one.
    /// - Throws: ``DocumentReadingError`` (`.invalidEncoding`) for an encoding libxml2 cannot
    ///   convert, `.unreadableFile` for data over 2 GB (libxml2's limit). Empty input is an empty string.
    static func read(_ data: Data, encoding: String.Encoding?, defaultAttributes: [NSAttributedString.Key: Any],
                     baseURL: URL?, resourceAccess: DocumentResourceAccess = .documentDirectory) throws
        -> (NSMutableAttributedString, [NSAttributedString.DocumentAttributeKey: Any]) {
        var name: String?
        if let encoding {
            guard let known = ianaName(encoding) else {
                throw DocumentReadingError(kind: .invalidEncoding, message: "HTML cannot be read in encoding \(encoding.rawValue)")
            }
            name = known
        }
        guard let document = HTMLParsedDocument(data: data, encoding: name) else {
            throw DocumentReadingError(kind: .unreadableFile, message: "libxml2 cannot parse HTML of \(data.count) bytes (over 2 GB)")
        }
        var importer = HTMLImporter(defaultAttributes: defaultAttributes, baseURL: baseURL, resourceAccess: resourceAccess)
        let string = importer.run(document)
        var attributes: [NSAttributedString.DocumentAttributeKey: Any] = [:]
        let used = encoding ?? document.declaredEncoding.flatMap(Self.encoding(ianaName:)) ?? .utf8
        attributes[.characterEncoding] = used.rawValue
        if let title = importer.title, !title.isEmpty { attributes[.title] = title }
        if !importer.resources.warnings.isEmpty { attributes[.resourceWarnings] = importer.resources.warnings }
        return (string, attributes)
    }

    private static let names: [(String.Encoding, [String])] = [
        (.utf8, ["UTF-8", "UTF8"]), (.ascii, ["US-ASCII", "ASCII"]),
        (.isoLatin1, ["ISO-8859-1", "ISO8859-1", "LATIN1", "ISO_8859-1"]), (.isoLatin2, ["ISO-8859-2", "LATIN2"]),
        (.windowsCP1250, ["WINDOWS-1250", "CP1250"]), (.windowsCP1251, ["WINDOWS-1251", "CP1251"]),
        (.windowsCP1252, ["WINDOWS-1252", "CP1252"]), (.windowsCP1253, ["WINDOWS-1253", "CP1253"]),
        (.windowsCP1254, ["WINDOWS-1254", "CP1254"]), (.macOSRoman, ["MACINTOSH", "MAC"]),
        (.utf16, ["UTF-16"]), (.utf16LittleEndian, ["UTF-16LE"]), (.utf16BigEndian, ["UTF-16BE"]),
        (.utf32, ["UTF-32"]), (.utf32LittleEndian, ["UTF-32LE"]), (.utf32BigEndian, ["UTF-32BE"]),
        (.japaneseEUC, ["EUC-JP"]), (.shiftJIS, ["SHIFT_JIS", "SJIS"]), (.iso2022JP, ["ISO-2022-JP"]),
    ]

    /// The IANA charset name libxml2 (iconv) knows for an encoding.
    static func ianaName(_ encoding: String.Encoding) -> String? {
        names.first { $0.0 == encoding }?.1.first
    }

    /// The encoding of an IANA charset name (case-insensitive), if it is one of ours.
    static func encoding(ianaName name: String) -> String.Encoding? {
        let upper = name.uppercased()
        return names.first { $0.1.contains(upper) }?.0
    }
}
