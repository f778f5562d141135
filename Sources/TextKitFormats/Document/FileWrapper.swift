import TextKitGraphics

/// A file or a directory of files in memory, as Foundation's `FileWrapper` on Apple platforms
/// (swift-corelibs-foundation has none). `NSAttributedString.fileWrapper(from:documentAttributes:)`
/// returns one; an RTFD document is a directory wrapper holding `TXT.rtf` and its attachments.
///
/// The part of Apple's API that documents need: regular files, directories and symbolic links,
/// read from and written to URLs. As Apple's, reading a directory keeps a symbolic link inside it
/// as a link wrapper and does not read through it, so a package cannot pull in files from
/// elsewhere on the machine (or loop through a link to its own directory). Should Foundation on Linux gain its own `FileWrapper`,
/// code that imports both modules must write `TextKitFormats.FileWrapper`.
open class FileWrapper: @unchecked Sendable {  // mutable like Apple's; not thread-safe
    /// What ``init(url:options:)`` and ``write(to:options:originalContentsURL:)`` accept.
    public struct ReadingOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Read the contents now (always the case here).
        public static let immediate = ReadingOptions(rawValue: 1 << 0)
        /// Do not memory-map the file. Accepted; files are always read into memory here.
        public static let withoutMapping = ReadingOptions(rawValue: 1 << 1)
    }

    /// What ``write(to:options:originalContentsURL:)`` accepts.
    public struct WritingOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Write into a temporary item beside the destination, then move it into place.
        public static let atomic = WritingOptions(rawValue: 1 << 0)
        /// Update the wrappers' file names after writing. Accepted; names are already those written.
        public static let withNameUpdating = WritingOptions(rawValue: 1 << 1)
    }

    private var contents: Data?
    private var children: [String: FileWrapper]?
    private var linkDestination: URL?

    /// The name this wrapper would like to have in a directory.
    open var preferredFilename: String?
    /// The name under which its parent directory wrapper holds it.
    open var filename: String?

    /// A regular file holding `contents`.
    public init(regularFileWithContents contents: Data) {
        self.contents = contents
    }

    /// A directory holding `childrenByPreferredName` (each child's name is set from its key).
    public init(directoryWithFileWrappers childrenByPreferredName: [String: FileWrapper]) {
        children = [:]
        for (name, child) in childrenByPreferredName {
            child.preferredFilename = child.preferredFilename ?? name
            child.filename = name
            children?[name] = child
        }
    }

    /// A symbolic link to `url` (a file URL; a relative link is a URL relative to the link's directory).
    public init(symbolicLinkWithDestinationURL url: URL) {
        linkDestination = url
    }

    /// The file, directory or symbolic link at `url`, read now (directories recursively). A
    /// symbolic link, at `url` or inside a directory, becomes a link wrapper: it is not followed.
    public init(url: URL, options: ReadingOptions = []) throws {
        let fileManager = FileManager.default
        let type = (try? fileManager.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType
        guard let type else {
            throw DocumentReadingError(kind: .unreadableFile, message: "no file at \(url.path)")
        }
        preferredFilename = url.lastPathComponent
        filename = url.lastPathComponent
        if type == .typeSymbolicLink {
            let destination = try fileManager.destinationOfSymbolicLink(atPath: url.path)
            linkDestination = destination.hasPrefix("/")
                ? URL(fileURLWithPath: destination)
                : URL(fileURLWithPath: destination, relativeTo: url.deletingLastPathComponent())
        } else if type == .typeDirectory {
            var children: [String: FileWrapper] = [:]
            for name in try fileManager.contentsOfDirectory(atPath: url.path) {
                let child = url.appendingPathComponent(name)
                // Devices, pipes and sockets are left out: reading a FIFO would block for ever.
                guard Self.isWrappable((try? fileManager.attributesOfItem(atPath: child.path))?[.type] as? FileAttributeType) else { continue }
                children[name] = try FileWrapper(url: child, options: options)
            }
            self.children = children
        } else if type == .typeRegular {
            contents = try Data(contentsOf: url)
        } else {
            throw DocumentReadingError(kind: .unreadableFile, message: "\(url.path) is not a regular file, directory or symbolic link")
        }
    }

    private static func isWrappable(_ type: FileAttributeType?) -> Bool {
        type == .typeRegular || type == .typeDirectory || type == .typeSymbolicLink
    }

    /// True for a wrapper of a file's bytes.
    open var isRegularFile: Bool { contents != nil }
    /// True for a wrapper of a directory.
    open var isDirectory: Bool { children != nil }
    /// True for a wrapper of a symbolic link.
    open var isSymbolicLink: Bool { linkDestination != nil }

    /// The link's destination (nil unless this wraps a symbolic link).
    open var symbolicLinkDestinationURL: URL? { linkDestination }

    /// The file's bytes (nil for a directory).
    open var regularFileContents: Data? { contents }

    /// The directory's children by file name (nil for a regular file).
    open var fileWrappers: [String: FileWrapper]? { children }

    /// Adds `child` to this directory under its preferred name (made unique with " 2", " 3" …
    /// before the extension) and returns the name used.
    @discardableResult
    open func addFileWrapper(_ child: FileWrapper) -> String {
        checkPrecondition(isDirectory, "addFileWrapper(_:) on a wrapper that is not a directory")
        let preferred = child.preferredFilename ?? "Untitled"
        var name = preferred
        var n = 2
        while children?[name] != nil {
            let ext = (preferred as NSString).pathExtension
            let stem = (preferred as NSString).deletingPathExtension
            name = ext.isEmpty ? "\(stem) \(n)" : "\(stem) \(n).\(ext)"
            n += 1
        }
        child.filename = name
        children?[name] = child
        return name
    }

    /// Adds a regular file with `data` under `fileName` (made unique) and returns the name used.
    @discardableResult
    open func addRegularFile(withContents data: Data, preferredFilename fileName: String) -> String {
        let child = FileWrapper(regularFileWithContents: data)
        child.preferredFilename = fileName
        return addFileWrapper(child)
    }

    /// Writes the file or directory to `url`. With `.atomic` the item is built beside `url` under a
    /// temporary name and then moved into place, so `url` never holds a half-written document;
    /// an existing item at `url` is replaced.
    open func write(to url: URL, options: WritingOptions = [], originalContentsURL: URL?) throws {
        if options.contains(.atomic) {
            try AtomicFileWriter.replaceItem(at: url) { temporary in try writeItem(to: temporary) }
        } else {
            try writeItem(to: url)
        }
    }

    private func writeItem(to url: URL) throws {
        if let contents {
            try contents.write(to: url)
        } else if let linkDestination {
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: linkDestination.relativePath)
        } else if let children {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            for (name, child) in children { try child.writeItem(to: url.appendingPathComponent(name)) }
        }
    }
}
