/// Which files a document being read may pull in: the images a Markdown or HTML document names.
///
/// Documents often come from people other than the one running the program — a server rendering
/// users' Markdown to PDF, say — and an image reference is a file path the document chooses:
/// `![chart](../../etc/secret.png)` would embed any image the process can read into the output.
/// So a document reads, by default, only files inside its own directory (the `.baseURL` reading
/// option, which `NSAttributedString(url:…)` sets to the file's directory): never a file reached by
/// `..`, an absolute path or a `file:` URL outside it, never through a symbolic link whose target
/// lies outside it, and never anything from the network (remote URLs are not fetched at all).
/// Inline `data:` URLs carry their bytes and are always read. An RTFD package reads only its own
/// regular files: a symbolic link inside the package is not followed.
///
/// Pass a different policy as the `.resourceAccess` reading option to widen or narrow this:
///
///     let options: [NSAttributedString.DocumentReadingOptionKey: Any] = [
///         .resourceAccess: DocumentResourceAccess(allowedDirectories: [sharedImages]),
///     ]
///
/// What is refused (or missing) becomes a visible placeholder image in the text, and the document
/// attribute `.resourceWarnings` lists each one (a ``DocumentResourceWarning``); reading never fails
/// for it. Apple's importers have no such policy (its HTML importer loads whatever WebKit would);
/// this is OpenTextKit's own, safe by default because its documents are often untrusted.
public struct DocumentResourceAccess: Sendable, Equatable {
    /// Directories, besides the document's own, whose files (at any depth) a document may read.
    public var allowedDirectories: [URL]
    /// Whether the document's own directory (the `.baseURL` option) is allowed. True by default.
    public var allowsBaseDirectory: Bool

    /// A policy allowing the document's directory (when `allowsBaseDirectory`) and `allowedDirectories`.
    public init(allowedDirectories: [URL] = [], allowsBaseDirectory: Bool = true) {
        self.allowedDirectories = allowedDirectories
        self.allowsBaseDirectory = allowsBaseDirectory
    }

    /// The default: files inside the document's own directory only.
    public static let documentDirectory = DocumentResourceAccess()
    /// No files at all: only what the document carries (`data:` URLs, an RTFD package's own files).
    public static let noFiles = DocumentResourceAccess(allowsBaseDirectory: false)
    /// Any local file the process can read, for documents you wrote yourself. Still nothing from the network.
    public static let anyLocalFile = DocumentResourceAccess(allowedDirectories: [URL(fileURLWithPath: "/")])
}

/// A resource a document names that was not read, and why. Collected in the document attribute
/// `.resourceWarnings` (an array of these) by the readers that load resources.
public struct DocumentResourceWarning: Sendable, Equatable, CustomStringConvertible {
    /// Why a resource was not read.
    public enum Reason: String, Sendable, Equatable {
        /// The file lies outside the allowed directories (by `..`, an absolute path, a `file:`
        /// URL or a symbolic link whose target is outside).
        case outsideAllowedDirectories
        /// A network URL (`http:`, `https:` and any scheme but `file:` and `data:`): never fetched.
        case network
        /// A symbolic link inside an RTFD package: links are not followed.
        case symbolicLink
        /// No such file (or it cannot be opened).
        case notFound
        /// Not a regular file (a directory, a device, a pipe).
        case notRegularFile
        /// Larger than the reader's limit for one resource.
        case tooLarge
        /// A `data:` URL that does not decode.
        case malformed
    }

    /// The reference as the document wrote it (a path, URL or package file name).
    public var reference: String
    /// Why it was not read.
    public var reason: Reason

    /// A warning about `reference`.
    public init(reference: String, reason: Reason) {
        self.reference = reference
        self.reason = reason
    }

    /// "reference: why", as `otk` prints it.
    public var description: String {
        let why: String = switch reason {
        case .outsideAllowedDirectories: "outside the document's directory"
        case .network: "remote resources are never fetched"
        case .symbolicLink: "symbolic links in a package are not followed"
        case .notFound: "no such file"
        case .notRegularFile: "not a regular file"
        case .tooLarge: "larger than \(DocumentResourceLoader.maximumBytes >> 20) MiB"
        case .malformed: "malformed data URL"
        }
        return "\(reference): \(why)"
    }
}

extension NSAttributedString.DocumentReadingOptionKey {
    /// A ``DocumentResourceAccess``: which files the document may read (its images). Default
    /// ``DocumentResourceAccess/documentDirectory``. OpenTextKit's own option.
    public static let resourceAccess = NSAttributedString.DocumentReadingOptionKey("OTKResourceAccess")
}

extension NSAttributedString.DocumentAttributeKey {
    /// `[DocumentResourceWarning]`: the resources the document names that were not read (refused
    /// by the ``DocumentResourceAccess`` policy, missing, or malformed); absent when there were
    /// none. OpenTextKit's own attribute.
    public static let resourceWarnings = NSAttributedString.DocumentAttributeKey("OTKResourceWarnings")
}
