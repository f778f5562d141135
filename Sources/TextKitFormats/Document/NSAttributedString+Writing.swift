// Writing documents, as Apple's `data(from:documentAttributes:)` and
// `fileWrapper(from:documentAttributes:)`, plus `write(to:documentAttributes:)`, which writes a file
// or an RTFD directory atomically (Apple's apps do this through NSDocument).

extension NSAttributedString {
    /// The document for the characters in `range` in the type `dict[.documentType]` (required, as
    /// Apple's), with the other document attributes `dict` holds.
    ///
    /// Plain text and HTML use `dict[.characterEncoding]` (UTF-8 by default); HTML is a complete
    /// document with inline CSS, its images in `data:` URLs, and `dict[.title]` as its
    /// `<title>` (see the "Reading and writing HTML" article). RTFD is a directory: use
    /// ``fileWrapper(from:documentAttributes:)`` or ``write(to:documentAttributes:)`` (this throws).
    /// - Precondition: `range` lies within the string.
    /// - Throws: ``DocumentWritingError``.
    public func data(from range: NSRange, documentAttributes dict: [NSAttributedString.DocumentAttributeKey: Any] = [:]) throws -> Data {
        _checkRange(range)
        guard let type = Self.documentType(dict[.documentType]) else {
            throw DocumentWritingError(kind: .unsupportedDocumentType, message: "documentAttributes[.documentType] is required")
        }
        switch type {
        case .plain:
            let encoding = Self.encoding(dict[.characterEncoding]) ?? .utf8
            return try PlainText.write(attributedSubstring(from: range).string, encoding: encoding)
        case .rtf:
            var writer = RTFWriter(packageAttachments: false)
            return writer.write(self, range: range, document: dict)
        case .archive:
            return try DocumentArchive.write(attributedSubstring(from: range), documentAttributes: dict)
        case .markdown:
            return Data(MarkdownExporter.markdown(from: attributedSubstring(from: range)).utf8)
        case .html:
            return try HTMLExporter.write(self, range: range, document: dict)
        case .rtfd:
            throw DocumentWritingError(kind: .unsupportedDocumentType,
                                       message: "RTFD is a directory: use fileWrapper(from:documentAttributes:) or write(to:documentAttributes:)")
        default:
            throw DocumentWritingError(kind: .unsupportedDocumentType, message: "cannot write documents of type \(type.rawValue)")
        }
    }

    /// The document for `range` as a file wrapper: a directory holding `TXT.rtf` and the
    /// attachments for RTFD, a regular file for the other types (HTML included: its images are
    /// in the file, as `data:` URLs).
    public func fileWrapper(from range: NSRange, documentAttributes dict: [NSAttributedString.DocumentAttributeKey: Any] = [:]) throws -> FileWrapper {
        _checkRange(range)
        guard Self.documentType(dict[.documentType]) == .rtfd else {
            return FileWrapper(regularFileWithContents: try data(from: range, documentAttributes: dict))
        }
        var writer = RTFWriter(packageAttachments: true)
        let text = writer.write(self, range: range, document: dict)
        var children: [String: FileWrapper] = [RTFD.textFileName: FileWrapper(regularFileWithContents: text)]
        for (name, data) in writer.attachmentFiles { children[name] = FileWrapper(regularFileWithContents: data) }
        return FileWrapper(directoryWithFileWrappers: children)
    }

    /// Writes the whole string to `url` in `dict[.documentType]`, or the type of the URL's extension.
    ///
    /// Atomic: the file (or RTFD directory) is written under a temporary name in the same directory
    /// and then renamed over `url`, so `url` never holds a half-written document; if writing fails
    /// the old document is untouched and the temporary item removed.
    /// - Throws: ``DocumentWritingError``.
    public func write(to url: URL, documentAttributes dict: [NSAttributedString.DocumentAttributeKey: Any] = [:]) throws {
        var dict = dict
        if dict[.documentType] == nil {
            guard let type = DocumentType(fileExtension: url.pathExtension) else {
                throw DocumentWritingError(kind: .unsupportedDocumentType,
                                           message: "no document type given and none known for extension \"\(url.pathExtension)\"")
            }
            dict[.documentType] = type
        }
        let wrapper = try fileWrapper(from: NSRange(location: 0, length: length), documentAttributes: dict)
        try wrapper.write(to: url, options: .atomic, originalContentsURL: nil)
    }

    static func documentType(_ value: Any?) -> DocumentType? {
        (value as? DocumentType) ?? (value as? String).map(DocumentType.init(rawValue:))
    }
}
