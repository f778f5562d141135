/// Why a document could not be read (or not all of it), and where.
///
/// Readers never trap on data: a damaged or hostile file gives this error. When the reader got
/// part of the way through sound data before the problem, ``partialResult`` holds what it read
/// up to there, so a caller can offer to "recover" as word processors do.
public struct DocumentReadingError: Error, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: `partialResult` is an immutable NSAttributedString made by the reader and never
    // shared with mutable code; its attribute values are immutable value classes.

    /// What went wrong.
    public enum Kind: String, Sendable, Hashable {
        /// The file or directory could not be read (missing, unreadable, not a file).
        case unreadableFile
        /// The document type is unknown or not supported for reading.
        case unsupportedDocumentType
        /// The bytes are not text in the given or detected encoding.
        case invalidEncoding
        /// The RTF is malformed here (a control word or number too long, data that is not RTF…).
        case malformedRTF
        /// Groups nest deeper than ``RTFLimits/maximumGroupDepth``.
        case nestingTooDeep
        /// The data ends inside something that announced more bytes (a `\bin` count, a hex pair).
        case truncated
        /// The archive is not valid JSON of the expected shape, or holds invalid values.
        case invalidArchive
        /// The archive was written by a newer version of the format.
        case unsupportedArchiveVersion
    }

    /// What went wrong.
    public let kind: Kind
    /// The byte offset in the data (in `TXT.rtf` for RTFD) where the problem was found, if known.
    public let byteOffset: Int?
    /// The 1-based line of ``byteOffset`` (lines end at LF, CR or CRLF), if known.
    public let line: Int?
    /// A sentence saying what was wrong.
    public let message: String
    /// The text read before the problem, when the reader got that far (nil when nothing was sound).
    public let partialResult: NSAttributedString?

    /// An error of `kind` at `byteOffset` (on `line`), with a sentence saying what was wrong and the text read before the problem, if any.
    public init(kind: Kind, byteOffset: Int? = nil, line: Int? = nil, message: String,
                partialResult: NSAttributedString? = nil) {
        self.kind = kind
        self.byteOffset = byteOffset
        self.line = line
        self.message = message
        self.partialResult = partialResult
    }

    /// An error at `offset` in `bytes`, with its line number counted there (only on failure).
    init(kind: Kind, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, message: String,
         partialResult: NSAttributedString? = nil) {
        var line = 1
        var i = 0
        let end = min(offset, bytes.count)
        while i < end {
            let b = bytes[i]
            if b == 0x0A { line += 1 } else if b == 0x0D { line += 1; if i + 1 < end, bytes[i + 1] == 0x0A { i += 1 } }
            i += 1
        }
        self.init(kind: kind, byteOffset: offset, line: line, message: message, partialResult: partialResult)
    }

    public var description: String {
        var place = ""
        if let byteOffset { place += " at byte \(byteOffset)" }
        if let line { place += " (line \(line))" }
        return "DocumentReadingError.\(kind.rawValue)\(place): \(message)"
    }
}

/// Why a document could not be written.
public struct DocumentWritingError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable {
        /// No document type was given and none could be inferred, or the type cannot be written.
        case unsupportedDocumentType
        /// A character cannot be represented in the requested plain-text encoding.
        case unencodableCharacter
        /// An attribute value cannot be archived (not a type this project knows).
        case unsupportedAttributeValue
        /// The file system refused (permissions, missing directory, disk full).
        case fileSystem
    }

    /// What went wrong.
    public let kind: Kind
    /// A sentence saying what went wrong.
    public let message: String

    /// An error of `kind` with a sentence saying what went wrong.
    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { "DocumentWritingError.\(kind.rawValue): \(message)" }
}
