// Reading documents, as Apple's `NSAttributedString(url:options:documentAttributes:)` and
// `init(data:options:documentAttributes:)`.
//
// Apple's document-attributes parameter is `AutoreleasingUnsafeMutablePointer<NSDictionary?>?`,
// a type Swift has only with Objective-C interop. Here it is
// `UnsafeMutablePointer<[NSAttributedString.DocumentAttributeKey: Any]>?`, used the same way:
//
//     var attributes: [NSAttributedString.DocumentAttributeKey: Any] = [:]
//     let text = try NSAttributedString(url: url, options: [:], documentAttributes: &attributes)
//
// ``NSAttributedString/readDocument(from:options:)`` returns both as a tuple instead. The
// initialisers are convenience initialisers, so subclasses that keep the designated initialisers
// inherit them: `try NSTextStorage(url: url, options: [:], documentAttributes: nil)` works.

extension NSAttributedString {
    /// Reads the document at `url`: a file, or a directory for RTFD.
    ///
    /// The type is `options[.documentType]` when given; else the file extension decides (`rtf`,
    /// `rtfd`, `txt`/`text`, `md`/`markdown`, `html`/`htm`, `otkarchive`), else the contents (`{\rtf` is RTF, our
    /// archive's JSON is the archive, a directory with `TXT.rtf` is RTFD), else plain text.
    /// - Throws: ``DocumentReadingError`` when the file cannot be read or its contents are not
    ///   valid in the type (its `partialResult` holds what was sound).
    public convenience init(url: URL, options: [NSAttributedString.DocumentReadingOptionKey: Any] = [:],
                            documentAttributes dict: UnsafeMutablePointer<[NSAttributedString.DocumentAttributeKey: Any]>?) throws {
        let (string, attributes) = try NSAttributedString._readDocument(url: url, options: options)
        dict?.pointee = attributes
        self.init(attributedString: string)
    }

    /// Reads a document from `data` (an RTFD must be read from its directory with
    /// ``init(url:options:documentAttributes:)`` or from a ``FileWrapper``).
    ///
    /// Without `options[.documentType]` the contents decide: `{\rtf` → RTF, our archive's JSON →
    /// archive, anything else → plain text (Markdown and HTML are never guessed from contents:
    /// pass `.documentType: .html` for HTML, as on Apple platforms).
    public convenience init(data: Data, options: [NSAttributedString.DocumentReadingOptionKey: Any] = [:],
                            documentAttributes dict: UnsafeMutablePointer<[NSAttributedString.DocumentAttributeKey: Any]>?) throws {
        let (string, attributes) = try NSAttributedString._readDocument(data: data, options: options)
        dict?.pointee = attributes
        self.init(attributedString: string)
    }

    /// Reads a document from a file wrapper (a regular file, or an RTFD directory).
    public convenience init(fileWrapper: FileWrapper, options: [NSAttributedString.DocumentReadingOptionKey: Any] = [:],
                            documentAttributes dict: UnsafeMutablePointer<[NSAttributedString.DocumentAttributeKey: Any]>?) throws {
        let (string, attributes) = try NSAttributedString._readDocument(fileWrapper: fileWrapper, options: options)
        dict?.pointee = attributes
        self.init(attributedString: string)
    }

    /// The Swift-friendly form of ``init(url:options:documentAttributes:)``: the string and the
    /// document attributes together.
    public static func readDocument(from url: URL, options: [NSAttributedString.DocumentReadingOptionKey: Any] = [:]) throws
        -> (attributedString: NSAttributedString, documentAttributes: [NSAttributedString.DocumentAttributeKey: Any]) {
        let (string, attributes) = try _readDocument(url: url, options: options)
        return (string, attributes)
    }

    /// The Swift-friendly form of ``init(data:options:documentAttributes:)``.
    public static func readDocument(from data: Data, options: [NSAttributedString.DocumentReadingOptionKey: Any] = [:]) throws
        -> (attributedString: NSAttributedString, documentAttributes: [NSAttributedString.DocumentAttributeKey: Any]) {
        let (string, attributes) = try _readDocument(data: data, options: options)
        return (string, attributes)
    }

    // MARK: Dispatch

    typealias _Document = (NSMutableAttributedString, [NSAttributedString.DocumentAttributeKey: Any])

    static func _readDocument(url: URL, options: [DocumentReadingOptionKey: Any]) throws -> _Document {
        let wrapper: FileWrapper
        do {
            // The document itself may be reached through a symbolic link (the caller chose the
            // path); links inside an RTFD package are kept as links and not read through.
            wrapper = try FileWrapper(url: url.resolvingSymlinksInPath())
        } catch let error as DocumentReadingError {
            throw error
        } catch {
            throw DocumentReadingError(kind: .unreadableFile, message: "cannot read \(url.path): \(error)")
        }
        var options = options
        if options[.baseURL] == nil { options[.baseURL] = url.deletingLastPathComponent() }
        if options[.documentType] == nil, let type = DocumentType(fileExtension: url.pathExtension) {
            options[.documentType] = type
        }
        return try _readDocument(fileWrapper: wrapper, options: options)
    }

    static func _readDocument(fileWrapper: FileWrapper, options: [DocumentReadingOptionKey: Any]) throws -> _Document {
        if fileWrapper.isDirectory {
            let type = options[.documentType] as? DocumentType ?? .rtfd
            guard type == .rtfd else {
                throw DocumentReadingError(kind: .unreadableFile, message: "a directory can only be read as RTFD, not \(type.rawValue)")
            }
            var (string, attributes) = try RTFD.read(fileWrapper)
            attributes[.documentType] = DocumentType.rtfd
            return (string, attributes)
        }
        return try _readDocument(data: fileWrapper.regularFileContents ?? Data(), options: options)
    }

    static func _readDocument(data: Data, options: [DocumentReadingOptionKey: Any]) throws -> _Document {
        let type = (options[.documentType] as? DocumentType)
            ?? (options[.documentType] as? String).map(DocumentType.init(rawValue:))
            ?? DocumentType(sniffing: data)
        let defaults = options[.defaultAttributes] as? [NSAttributedString.Key: Any] ?? [:]
        var attributes: [DocumentAttributeKey: Any] = [:]
        let string: NSMutableAttributedString
        switch type {
        case .plain:
            let (text, encoding) = try PlainText.read(data, encoding: Self.encoding(options[.characterEncoding]))
            string = NSMutableAttributedString(string: text, attributes: defaults)
            attributes[.characterEncoding] = encoding.rawValue
            if !defaults.isEmpty { attributes[.defaultAttributes] = defaults }
        case .rtf:
            var reader = RTFReader()
            string = try reader.read(data)
            attributes = reader.documentAttributes
        case .rtfd:
            throw DocumentReadingError(kind: .unsupportedDocumentType,
                                       message: "RTFD is a directory: read it with init(url:…) or init(fileWrapper:…)")
        case .markdown:
            let (text, _) = try PlainText.read(data, encoding: Self.encoding(options[.characterEncoding]) ?? .utf8)
            var importer = MarkdownImporter(defaultAttributes: defaults, resources: DocumentResourceLoader(options: options))
            string = importer.run(CommonMark.parse(text, extensions: .gitHub))
            if !importer.resources.warnings.isEmpty { attributes[.resourceWarnings] = importer.resources.warnings }
        case .archive:
            (string, attributes) = try DocumentArchive.read(data)
        case .html:
            (string, attributes) = try HTMLReader.read(data, encoding: Self.encoding(options[.characterEncoding]),
                                                       defaultAttributes: defaults, baseURL: options[.baseURL] as? URL,
                                                       resourceAccess: options[.resourceAccess] as? DocumentResourceAccess ?? .documentDirectory)
        default:
            throw DocumentReadingError(kind: .unsupportedDocumentType, message: "cannot read documents of type \(type.rawValue)")
        }
        attributes[.documentType] = type
        return (string, attributes)
    }

    /// A `String.Encoding` from an option value (the encoding, or its raw value as a number).
    static func encoding(_ value: Any?) -> String.Encoding? {
        switch value {
        case let e as String.Encoding: return e
        case let n as UInt: return String.Encoding(rawValue: n)
        case let n as Int where n >= 0: return String.Encoding(rawValue: UInt(n))
        case let n as NSNumber: return String.Encoding(rawValue: n.uintValue)
        default: return nil
        }
    }
}

extension NSAttributedString.DocumentType {
    /// The type for a file extension (case-insensitive), or nil when the extension says nothing.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "rtf": self = .rtf
        case "rtfd": self = .rtfd
        case "txt", "text": self = .plain
        case "md", "markdown", "mdown", "mkd": self = .markdown
        case "otkarchive": self = .archive
        case "html", "htm": self = .html
        default: return nil
        }
    }

    /// The type the bytes look like: RTF, the archive, else plain text.
    init(sniffing data: Data) {
        let head = data.prefix(64).drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF })
        if head.starts(with: Array("{\\rtf".utf8)) { self = .rtf; return }
        if head.first == 0x7B, DocumentArchive.looksLikeArchive(data) { self = .archive; return }
        self = .plain
    }
}

extension NSMutableAttributedString {
    /// Replaces the contents with the document at `url`, as Apple's
    /// `read(from:options:documentAttributes:)`: the same types and options as
    /// ``NSAttributedString/init(url:options:documentAttributes:)``. On error the string is left
    /// as it was. A text storage is edited in one `beginEditing()`/`endEditing()` round.
    public func read(from url: URL, options: [NSAttributedString.DocumentReadingOptionKey: Any] = [:],
                     documentAttributes dict: UnsafeMutablePointer<[NSAttributedString.DocumentAttributeKey: Any]>?) throws {
        let (string, attributes) = try NSAttributedString._readDocument(url: url, options: options)
        dict?.pointee = attributes
        setAttributedString(string)
    }

    /// Replaces the contents with the document in `data`, as Apple's
    /// `read(from:options:documentAttributes:)`; see ``NSAttributedString/init(data:options:documentAttributes:)``.
    /// On error the string is left as it was.
    public func read(from data: Data, options: [NSAttributedString.DocumentReadingOptionKey: Any] = [:],
                     documentAttributes dict: UnsafeMutablePointer<[NSAttributedString.DocumentAttributeKey: Any]>?) throws {
        let (string, attributes) = try NSAttributedString._readDocument(data: data, options: options)
        dict?.pointee = attributes
        setAttributedString(string)
    }
}
