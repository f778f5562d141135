// The keys and document types of Apple's document reading and writing API
// (`NSAttributedString.DocumentType`, `.DocumentReadingOptionKey`, `.DocumentAttributeKey`), with
// Apple's raw values so that dictionaries written with raw strings keep working.

extension NSAttributedString {
    /// A file format an attributed string can be read from or written to.
    public struct DocumentType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The same as `init(rawValue:)`, without the label.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// Text without attributes, in ``DocumentAttributeKey/characterEncoding`` (UTF-8 by default
        /// when writing; detected when reading). Raw "NSPlainText", as Apple's.
        public static let plain = DocumentType("NSPlainText")
        /// Rich Text Format, written in the dialect Cocoa's TextEdit writes. Raw "NSRTF".
        public static let rtf = DocumentType("NSRTF")
        /// RTF with attachments: a directory holding `TXT.rtf` and one file per attachment.
        /// Raw "NSRTFD".
        public static let rtfd = DocumentType("NSRTFD")
        /// CommonMark Markdown (read only as structure: headings, emphasis, code, links, lists, quotes,
        /// images). Not an Apple type. Raw "OTKMarkdown".
        public static let markdown = DocumentType("OTKMarkdown")
        /// OpenTextKit's lossless, versioned JSON archive of the text, every attribute this project
        /// knows and the document attributes. Not an Apple type. Raw "OTKArchive".
        public static let archive = DocumentType("OTKArchive")
        /// Apple's HTML type: read with libxml2's HTML parser and a subset of CSS, written as a
        /// complete HTML5 document with inline CSS (see the "Reading and writing HTML" article).
        /// Raw "NSHTML".
        public static let html = DocumentType("NSHTML")
    }

    /// Options for reading a document (`init(url:options:documentAttributes:)`).
    public struct DocumentReadingOptionKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The same as `init(rawValue:)`, without the label.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// A ``DocumentType``: read as this type instead of inferring it from the file name and
        /// contents. Raw "DocumentType".
        public static let documentType = DocumentReadingOptionKey("DocumentType")
        /// The encoding of plain text: a `String.Encoding`, or its raw value as `UInt`/`Int`/`NSNumber`
        /// (Apple's NSStringEncoding). Without it, plain text is read as UTF-8/UTF-16 by BOM, else
        /// UTF-8 when valid, else Windows-1252. Raw "CharacterEncoding".
        public static let characterEncoding = DocumentReadingOptionKey("CharacterEncoding")
        /// `[NSAttributedString.Key: Any]` given to the whole of a plain-text document, and the base
        /// attributes of Markdown text. Raw "DefaultAttributes".
        public static let defaultAttributes = DocumentReadingOptionKey("DefaultAttributes")
        /// A `URL` against which HTML's relative links and images, and Markdown's relative images,
        /// are resolved. `init(url:…)` sets it to the file's directory when it is not given. Raw "BaseURL".
        public static let baseURL = DocumentReadingOptionKey("BaseURL")
    }

    /// Properties of a whole document, returned by reading and accepted by writing.
    ///
    /// Value types, as Apple's: sizes `CGSize` in points, margins `UIEdgeInsets` in points, zoom
    /// `CGFloat` percent, view mode `Int` (0 normal, 1 page layout), read-only `Int` (> 0 read
    /// only), colours `UIColor`, hyphenation `Float` 0…1, tab interval `CGFloat` points, text
    /// metadata `String` (keywords `[String]`), times `Date`, encoding `UInt` (`String.Encoding`
    /// raw value), document type ``DocumentType``.
    public struct DocumentAttributeKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The same as `init(rawValue:)`, without the label.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The ``DocumentType`` read, or to write. Raw "DocumentType".
        public static let documentType = DocumentAttributeKey("DocumentType")
        /// The `String.Encoding` raw value (`UInt`) of plain text or HTML. Raw "CharacterEncoding".
        public static let characterEncoding = DocumentAttributeKey("CharacterEncoding")
        /// The attributes plain text was given (`[NSAttributedString.Key: Any]`). Raw "DefaultAttributes".
        public static let defaultAttributes = DocumentAttributeKey("DefaultAttributes")
        /// `CGSize` of the paper in points (RTF `\paperw`/`\paperh`). Raw "PaperSize".
        public static let paperSize = DocumentAttributeKey("PaperSize")
        /// `UIEdgeInsets` of the page margins in points (RTF `\margl` …). Raw "PaperMargin".
        public static let paperMargin = DocumentAttributeKey("PaperMargin")
        /// `CGSize` of the window's view in points (RTF `\vieww`/`\viewh`). Raw "ViewSize".
        public static let viewSize = DocumentAttributeKey("ViewSize")
        /// `CGFloat` zoom in percent, 100 = actual size (RTF `\viewscale`). Raw "ViewZoom".
        public static let viewZoom = DocumentAttributeKey("ViewZoom")
        /// `Int`: 0 normal (wrap to window), 1 page layout (RTF `\viewkind`). Raw "ViewMode".
        public static let viewMode = DocumentAttributeKey("ViewMode")
        /// `Int` > 0 when the document should open read-only (RTF `\readonlydoc`). Raw "ReadOnly".
        public static let readOnly = DocumentAttributeKey("ReadOnly")
        /// `UIColor` of the page (archive only; RTF does not carry it here). Raw "BackgroundColor".
        public static let backgroundColor = DocumentAttributeKey("BackgroundColor")
        /// `Float` 0…1, the document's hyphenation factor (RTF `\hyphauto`/`\hyphfactor`). Raw "HyphenationFactor".
        public static let hyphenationFactor = DocumentAttributeKey("HyphenationFactor")
        /// `CGFloat` points between default tab stops (RTF `\deftab`). Raw "DefaultTabInterval".
        public static let defaultTabInterval = DocumentAttributeKey("DefaultTabInterval")
        /// `String` title (RTF `{\info{\title …}}`, HTML `<title>`). Raw "NSTitleDocumentAttribute".
        public static let title = DocumentAttributeKey("NSTitleDocumentAttribute")
        /// `String` author. Raw "NSAuthorDocumentAttribute".
        public static let author = DocumentAttributeKey("NSAuthorDocumentAttribute")
        /// `String` subject. Raw "NSSubjectDocumentAttribute".
        public static let subject = DocumentAttributeKey("NSSubjectDocumentAttribute")
        /// `[String]` keywords (RTF: comma-separated). Raw "NSKeywordsDocumentAttribute".
        public static let keywords = DocumentAttributeKey("NSKeywordsDocumentAttribute")
        /// `String` comment (RTF `\doccomm`). Raw "NSCommentDocumentAttribute".
        public static let comment = DocumentAttributeKey("NSCommentDocumentAttribute")
        /// `String` company (RTF `\*\company`). Raw "NSCompanyDocumentAttribute".
        public static let company = DocumentAttributeKey("NSCompanyDocumentAttribute")
        /// `String` copyright (RTF `\*\copyright`, Cocoa's). Raw "NSCopyrightDocumentAttribute".
        public static let copyright = DocumentAttributeKey("NSCopyrightDocumentAttribute")
        /// `Date` of creation (RTF `\creatim`, to the second, in the current time zone).
        /// Raw "NSCreationTimeDocumentAttribute".
        public static let creationTime = DocumentAttributeKey("NSCreationTimeDocumentAttribute")
        /// `Date` of last modification (RTF `\revtim`). Raw "NSModificationTimeDocumentAttribute".
        public static let modificationTime = DocumentAttributeKey("NSModificationTimeDocumentAttribute")
    }
}
