#if canImport(Glibc)
import Glibc
#endif

/// Reads the resources a document names (its images) under a ``DocumentResourceAccess`` policy,
/// and keeps a ``DocumentResourceWarning`` for each one it does not read.
///
/// A reference is resolved to a path (relative ones against the base directory, percent-escapes
/// decoded), then the path's real location is found with `realpath(3)`, which resolves `..` and
/// every symbolic link on the way. The file is read only when that real location lies inside the
/// real location of an allowed directory, compared byte by byte, component-wise: Swift's `String`
/// comparison treats canonically equivalent names as equal ("café" in NFC and in NFD), while the
/// file system holds them as different names, so a `String` prefix test would let a sibling
/// directory spelled in the other normal form pass for the allowed one. The file is then opened
/// without following a link in its last component (`O_NOFOLLOW`, against a swap after the check)
/// and without blocking (a FIFO would hang the reader), and read only if it is a regular file
/// within the size limit.
struct DocumentResourceLoader {
    /// The largest resource read (a larger file is refused as ``DocumentResourceWarning/Reason/tooLarge``).
    static let maximumBytes = 64 << 20

    private let baseDirectory: String?
    private let access: DocumentResourceAccess
    /// The real paths of the allowed directories, as bytes; computed on first use.
    private var allowedRoots: [[UInt8]]?
    /// What was not read, in document order.
    private(set) var warnings: [DocumentResourceWarning] = []

    init(baseURL: URL?, access: DocumentResourceAccess) {
        baseDirectory = baseURL.flatMap(Self.directoryPath(of:))
        self.access = access
    }

    /// Reads the options' `.baseURL` and `.resourceAccess`.
    init(options: [NSAttributedString.DocumentReadingOptionKey: Any]) {
        self.init(baseURL: options[.baseURL] as? URL,
                  access: options[.resourceAccess] as? DocumentResourceAccess ?? .documentDirectory)
    }

    /// The attachment for the image `reference` names: its bytes, type and decoded image when it
    /// may be read, else a visible placeholder (and a warning).
    mutating func imageAttachment(for reference: String) -> NSTextAttachment {
        guard let (data, type) = contents(of: reference) else { return ResourcePlaceholder.attachment() }
        let attachment = NSTextAttachment(data: data, ofType: type)
        attachment.image = UIImage(data: data)
        return attachment
    }

    /// The bytes and type identifier of the resource `reference` names, or nil (with a warning).
    mutating func contents(of reference: String) -> (Data, String?)? {
        let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        if Self.scheme(of: trimmed) == "data" {
            guard let decoded = DataURL.decode(trimmed) else { return refuse(reference, .malformed) }
            guard decoded.0.count <= Self.maximumBytes else { return refuse(reference, .tooLarge) }
            return decoded
        }
        let path: String
        switch Self.scheme(of: trimmed) {
        case "file":
            guard let url = URL(string: trimmed), url.isFileURL else { return refuse(reference, .notFound) }
            path = url.path
        case nil:
            var local = trimmed
            if let cut = local.firstIndex(where: { $0 == "?" || $0 == "#" }) { local = String(local[..<cut]) }
            local = local.removingPercentEncoding ?? local
            if local.hasPrefix("/") {
                path = local
            } else if let baseDirectory {
                path = baseDirectory + "/" + local
            } else {
                return refuse(reference, .notFound)
            }
        default:
            return refuse(reference, .network)
        }
        return read(path, reference: reference)
    }

    private mutating func read(_ path: String, reference: String) -> (Data, String?)? {
        guard let real = Self.realPath(path) else {
            // Missing: say so only for a path that would have been allowed, so that a document
            // cannot probe which files exist outside what it may read.
            let url = URL(fileURLWithPath: path).standardizedFileURL
            let parent = Self.realPath(url.deletingLastPathComponent().path)
            let allowed = parent.map { isAllowed($0 + [UInt8(ascii: "/")] + Array(url.lastPathComponent.utf8)) } ?? false
            return refuse(reference, allowed ? .notFound : .outsideAllowedDirectories)
        }
        guard isAllowed(real) else { return refuse(reference, .outsideAllowedDirectories) }
        switch Self.readRegularFile(real) {
        case .read(let data):
            return (data, RTFD.typeIdentifier(forFileName: String(decoding: real, as: UTF8.self)))
        case .refused(let reason):
            return refuse(reference, reason)
        }
    }

    private mutating func refuse(_ reference: String, _ reason: DocumentResourceWarning.Reason) -> (Data, String?)? {
        warnings.append(DocumentResourceWarning(reference: reference, reason: reason))
        return nil
    }

    /// Whether the real path `path` (bytes) lies inside an allowed directory.
    private mutating func isAllowed(_ path: [UInt8]) -> Bool {
        if allowedRoots == nil {
            var roots: [String] = access.allowedDirectories.filter(\.isFileURL).map(\.path)
            if access.allowsBaseDirectory, let baseDirectory { roots.append(baseDirectory) }
            allowedRoots = roots.compactMap(Self.realPath)
        }
        return allowedRoots!.contains { root in Self.path(path, isInside: root) }
    }

    /// Whether `path` is `root` or below it, by bytes and whole components.
    static func path(_ path: [UInt8], isInside root: [UInt8]) -> Bool {
        if root == [UInt8(ascii: "/")] { return path.first == UInt8(ascii: "/") }
        guard path.count >= root.count, path.starts(with: root) else { return false }
        return path.count == root.count || path[root.count] == UInt8(ascii: "/")
    }

    /// The directory a base URL stands for: itself when it names a directory (by a trailing slash
    /// or on disk), else the directory holding the file it names.
    private static func directoryPath(of url: URL) -> String? {
        guard url.isFileURL else { return nil }
        var isDirectory: ObjCBool = false
        if url.hasDirectoryPath || (FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            return url.path
        }
        return url.deletingLastPathComponent().path
    }

    /// The URL scheme of `reference`, lowercased, or nil for a path. A scheme is a letter, then
    /// letters, digits, `+`, `-` or `.`, then `:`, before any `/`, `?` or `#`; one letter alone is
    /// taken as a path (a Windows drive letter), not a scheme.
    static func scheme(of reference: String) -> String? {
        var scheme = ""
        for c in reference.unicodeScalars {
            if c == ":" { return scheme.count > 1 ? scheme.lowercased() : nil }
            let ascii = c.isASCII ? Character(c) : " "
            let allowed = scheme.isEmpty ? ascii.isLetter : (ascii.isLetter || ascii.isNumber || "+-.".contains(ascii))
            guard allowed else { return nil }
            scheme.unicodeScalars.append(c)
        }
        return nil
    }

    /// `realpath(3)` of `path` as bytes, or nil when it does not resolve (missing, a link loop).
    static func realPath(_ path: String) -> [UInt8]? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved)))
    }

    /// The bytes of the regular file at the real path `path`, opened without following a final
    /// symbolic link and without blocking, within ``maximumBytes``.
    enum FileRead {
        case read(Data)
        case refused(DocumentResourceWarning.Reason)
    }

    static func readRegularFile(_ path: [UInt8]) -> FileRead {
        let fd = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        }
        guard fd >= 0 else { return .refused(errno == ELOOP ? .outsideAllowedDirectories : .notFound) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return .refused(.notFound) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .refused(.notRegularFile) }
        guard status.st_size <= maximumBytes else { return .refused(.tooLarge) }
        var data = Data(count: Int(status.st_size))
        var filled = 0
        let ok = data.withUnsafeMutableBytes { buffer -> Bool in
            while filled < buffer.count {
                let n = Glibc.read(fd, buffer.baseAddress! + filled, buffer.count - filled)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return n == 0 }
                filled += n
            }
            return true
        }
        guard ok else { return .refused(.notFound) }
        data.count = filled  // a file that shrank while being read
        return .read(data)
    }
}
