import OpenTextKit

/// The input formats `otk` reads, by file extension.
enum DocumentKind: String {
    case plain, markdown, rtf, rtfd, archive, sample

    static let extensions: [(ext: String, kind: DocumentKind)] = [
        ("txt", .plain), ("text", .plain), ("md", .markdown), ("markdown", .markdown),
        ("rtf", .rtf), ("rtfd", .rtfd), ("otkarchive", .archive),
    ]

    /// The kind a file's extension names; nil for an extension `otk` does not read. A file
    /// without an extension is read as plain text.
    init?(url: URL) {
        let ext = url.pathExtension.lowercased()
        if ext.isEmpty { self = .plain; return }
        guard let found = Self.extensions.first(where: { $0.ext == ext }) else { return nil }
        self = found.kind
    }
}

/// A document read from a file, with what its document attributes say about the page.
struct LoadedDocument {
    var text: NSMutableAttributedString
    var kind: DocumentKind
    /// The document's own title, if it has one.
    var title: String?
    /// The paper size and margins the document asks for (RTF), used when no option overrides.
    var paperSize: CGSize?
    var paperMargins: UIEdgeInsets?
}

/// Reads input files and gives them their base fonts.
enum DocumentLoader {
    /// Reads the document at `url`, applying the text options that decide how it is read (the
    /// base font of plain text and Markdown, Markdown's content size category). Throws an
    /// `OTKError` naming the file and the problem.
    static func load(_ url: URL, settings: TextSettings) throws -> LoadedDocument {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw OTKError("cannot read \(url.shownPath): no such file")
        }
        guard let kind = DocumentKind(url: url) else {
            let known = DocumentKind.extensions.map { ".\($0.ext)" }.joined(separator: ", ")
            throw OTKError("cannot read \(url.shownPath): unknown format '.\(url.pathExtension)' (otk reads \(known))")
        }
        if isDirectory.boolValue && kind != .rtfd {
            throw OTKError("cannot read \(url.shownPath): it is a directory")
        }
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw OTKError("cannot read \(url.shownPath): permission denied")
        }
        return try read(url, kind: kind, settings: settings)
    }

    /// Plain text until the formats layer lands: UTF-8 (a BOM is dropped), else an error.
    private static func read(_ url: URL, kind: DocumentKind, settings: TextSettings) throws -> LoadedDocument {
        guard kind == .plain else {
            throw OTKError("cannot read \(url.shownPath): reading .\(url.pathExtension) files is not available yet")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw OTKError("cannot read \(url.shownPath): \(error.localizedDescription)")
        }
        guard var string = String(data: data, encoding: .utf8) else {
            throw OTKError("cannot read \(url.shownPath): not UTF-8 text")
        }
        if string.hasPrefix("\u{FEFF}") { string.removeFirst() }
        let text = NSMutableAttributedString(string: string, attributes: [.font: try settings.plainFont()])
        return LoadedDocument(text: text, kind: .plain)
    }
}
