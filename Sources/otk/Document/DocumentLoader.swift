import OpenTextKit

/// The input formats `otk` reads, by file extension.
enum DocumentKind: String {
    case plain, markdown, rtf, rtfd, archive, html, sample

    static let extensions: [(ext: String, kind: DocumentKind)] = [
        ("txt", .plain), ("text", .plain), ("md", .markdown), ("markdown", .markdown),
        ("rtf", .rtf), ("rtfd", .rtfd), ("otkarchive", .archive), ("html", .html), ("htm", .html),
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
    /// The hyphenation factor the document asks for where its paragraphs say nothing (RTF).
    var hyphenationFactor: Float?
    /// The resources (images) the document names that were not read: refused or missing.
    var resourceWarnings: [DocumentResourceWarning] = []
    /// All the document attributes the reader returned (for `otk convert`).
    var documentAttributes: [NSAttributedString.DocumentAttributeKey: Any] = [:]
}

extension LoadedDocument {
    /// Prints an `otk: warning:` line for each resource the document named but did not read.
    func printResourceWarnings(_ url: URL) {
        for warning in resourceWarnings {
            let hint = warning.reason == .outsideAllowedDirectories ? " (--allow-path DIR allows a directory)" : ""
            StandardError.write("otk: warning: \(url.shownPath): not read: \(warning)\(hint)\n")
        }
    }
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

    /// Reads through the formats layer (`NSAttributedString.readDocument(from:options:)`).
    private static func read(_ url: URL, kind: DocumentKind, settings: TextSettings) throws -> LoadedDocument {
        var options: [NSAttributedString.DocumentReadingOptionKey: Any] = [
            .resourceAccess: DocumentResourceAccess(allowedDirectories: settings.allowedDirectories),
        ]
        if !url.pathExtension.isEmpty, let type = NSAttributedString.DocumentType(fileExtension: url.pathExtension) {
            options[.documentType] = type
        }
        var markdownBodySize: CGFloat?
        switch kind {
        case .plain:
            options[.defaultAttributes] = [NSAttributedString.Key.font: try settings.plainFont()]
        case .markdown:
            // Markdown's fonts are Dynamic Type text styles at the content size category; --font
            // changes their family (headings included), --font-size (or, by default, the print
            // body size) scales them all below.
            let body = UIFont.preferredFont(forTextStyle: .body)
            markdownBodySize = body.pointSize
            if let font = try settings.requestedFont(defaultSize: body.pointSize) {
                UIFont.setSystemFontFamilyName(font.familyName)
                options[.defaultAttributes] = [NSAttributedString.Key.font: font.withSize(body.pointSize)]
            }
        case .html:
            // HTML's base font is Times 12 (as Apple's importer); --font and --font-size replace it.
            if let font = try settings.requestedFont(defaultSize: 12) {
                options[.defaultAttributes] = [NSAttributedString.Key.font: font]
            }
        default:
            break
        }
        let text: NSAttributedString
        let attributes: [NSAttributedString.DocumentAttributeKey: Any]
        do {
            (text, attributes) = try NSAttributedString.readDocument(from: url, options: options)
        } catch let error as DocumentReadingError {
            var place = ""
            if let line = error.line { place = " (line \(line))" } else if let offset = error.byteOffset { place = " (byte \(offset))" }
            let what: String
            switch error.kind {
            case .malformedRTF, .nestingTooDeep, .truncated: what = "malformed RTF\(place): "
            case .invalidArchive, .unsupportedArchiveVersion: what = "not a valid archive\(place): "
            case .invalidEncoding: what = "not text in a known encoding: "
            default: what = ""
            }
            throw OTKError("cannot read \(url.shownPath): \(what)\(error.message)")
        } catch {
            throw OTKError("cannot read \(url.shownPath): \(error)")
        }
        let mutable = NSMutableAttributedString(attributedString: text)
        if let markdownBodySize, let size = settings.fontSize ?? settings.printBodySize {
            DocumentStyler.scaleFonts(of: mutable, by: size / markdownBodySize)
        }
        var document = LoadedDocument(text: mutable, kind: kind)
        document.title = (attributes[.title] as? String).flatMap { $0.isEmpty ? nil : $0 }
        document.paperSize = attributes[.paperSize] as? CGSize
        document.paperMargins = attributes[.paperMargin] as? UIEdgeInsets
        document.hyphenationFactor = attributes[.hyphenationFactor] as? Float
        document.resourceWarnings = attributes[.resourceWarnings] as? [DocumentResourceWarning] ?? []
        document.documentAttributes = attributes
        return document
    }
}
