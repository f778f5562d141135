import Testing
@testable import TextKitFormats

/// Untrusted documents read only the files they may: each way out of the document's directory
/// (`..`, absolute paths, `file:` URLs, symbolic links to files and directories, percent-encoded
/// and Unicode-normalised spellings) is refused in Markdown and HTML, with a placeholder and a
/// warning; an RTFD package does not read through a symbolic link.
@Suite("Resource access of untrusted documents")
struct ResourceAccessTests {
    /// A scratch tree:
    ///
    ///     root/doc/        the document's directory: pic.png, "my pic.png", inside/pic2.png,
    ///                      link-in.png -> pic.png, link-out.png -> ../private/secret.png,
    ///                      dirlink -> ../private, fifo (a named pipe)
    ///     root/private/    secret.png
    struct Tree {
        let root: URL
        var doc: URL { root.appendingPathComponent("doc") }
        var privateDirectory: URL { root.appendingPathComponent("private") }
        let picture: Data
        let secret: Data

        init() throws {
            root = try scratchDirectory()
            picture = try #require(TestImages.png(width: 2, height: 3))
            secret = try #require(TestImages.png(width: 7, height: 7))
            let fm = FileManager.default
            try fm.createDirectory(at: root.appendingPathComponent("doc/inside"), withIntermediateDirectories: true)
            try fm.createDirectory(at: root.appendingPathComponent("private"), withIntermediateDirectories: true)
            try picture.write(to: root.appendingPathComponent("doc/pic.png"))
            try picture.write(to: root.appendingPathComponent("doc/my pic.png"))
            try picture.write(to: root.appendingPathComponent("doc/inside/pic2.png"))
            try secret.write(to: root.appendingPathComponent("private/secret.png"))
            try fm.createSymbolicLink(atPath: root.appendingPathComponent("doc/link-in.png").path, withDestinationPath: "pic.png")
            try fm.createSymbolicLink(atPath: root.appendingPathComponent("doc/link-out.png").path, withDestinationPath: "../private/secret.png")
            try fm.createSymbolicLink(atPath: root.appendingPathComponent("doc/dirlink").path, withDestinationPath: "../private")
            #expect(mkfifo(root.appendingPathComponent("doc/fifo").path, 0o600) == 0)
        }
    }

    enum Format: String, CaseIterable, CustomTestStringConvertible {
        case markdown, html
        var testDescription: String { rawValue }

        /// A document showing one image per reference, one per paragraph.
        func document(_ references: [String]) -> String {
            switch self {
            case .markdown: references.map { "![x](<\($0)>)" }.joined(separator: "\n\n")
            case .html: references.map { "<p><img src=\"\($0)\"></p>" }.joined()
            }
        }
        var fileName: String { self == .markdown ? "doc.md" : "doc.html" }
    }

    /// Reads `references` from a document in `tree.doc`: the attachments' contents in order, and the warnings.
    func read(_ references: [String], _ format: Format, in tree: Tree,
              options: [NSAttributedString.DocumentReadingOptionKey: Any] = [:]) throws
        -> (contents: [Data?], warnings: [DocumentResourceWarning], attachments: [NSTextAttachment]) {
        let url = tree.doc.appendingPathComponent(format.fileName)
        try Data(format.document(references).utf8).write(to: url)
        let (string, attributes) = try NSAttributedString.readDocument(from: url, options: options)
        var attachments: [NSTextAttachment] = []
        string.enumerateAttribute(.attachment, in: NSRange(location: 0, length: string.length)) { value, _, _ in
            if let attachment = value as? NSTextAttachment { attachments.append(attachment) }
        }
        #expect(attachments.count == references.count, "one attachment per image")
        return (attachments.map(\.contents), attributes[.resourceWarnings] as? [DocumentResourceWarning] ?? [], attachments)
    }

    @Test("Files inside the document's directory are read: relative, ./, nested, percent-encoded, a link inside, file: URL", arguments: Format.allCases)
    func inside(_ format: Format) throws {
        let tree = try Tree()
        let references = ["pic.png", "./pic.png", "inside/pic2.png", "inside/../pic.png", "my%20pic.png", "link-in.png",
                          tree.doc.appendingPathComponent("pic.png").absoluteString]
        let (contents, warnings, attachments) = try read(references, format, in: tree)
        #expect(contents.allSatisfy { $0 == tree.picture })
        #expect(attachments.allSatisfy { $0.image?.size == CGSize(width: 2, height: 3) })
        #expect(warnings.isEmpty)
    }

    @Test("Every way out of the directory is refused with a placeholder and a warning", arguments: Format.allCases)
    func escapes(_ format: Format) throws {
        let tree = try Tree()
        let secretPath = tree.privateDirectory.appendingPathComponent("secret.png").path
        let references = [
            "../private/secret.png", secretPath, "file://" + secretPath, "link-out.png", "dirlink/secret.png",
            "..%2Fprivate%2Fsecret.png", "%2E%2E/private/secret.png", "inside/../../private/secret.png",
            "inside/%2e%2e/%2e%2e/private/secret.png", "../private/../private/secret.png",
        ]
        let (contents, warnings, attachments) = try read(references, format, in: tree)
        #expect(contents.allSatisfy { $0 == nil }, "no secret bytes")
        #expect(attachments.allSatisfy { $0.image?.size == ResourcePlaceholder.size }, "placeholders are visible")
        // One placeholder image, drawn once, behind distinct attachments.
        #expect(attachments.allSatisfy { $0.image === attachments[0].image } && Set(attachments.map(ObjectIdentifier.init)).count == attachments.count)
        #expect(warnings.map(\.reference) == references)
        #expect(warnings.allSatisfy { $0.reason == .outsideAllowedDirectories })
    }

    @Test("Network URLs are never fetched; missing files, a FIFO and a directory are reported, nothing hangs", arguments: Format.allCases)
    func otherRefusals(_ format: Format) throws {
        let tree = try Tree()
        let references = ["https://example.org/x.png", "ftp://example.org/x.png", "//example.org/x.png", "missing.png", "fifo", "inside"]
        var result: (contents: [Data?], warnings: [DocumentResourceWarning], attachments: [NSTextAttachment])!
        let seconds = try elapsed { result = try read(references, format, in: tree) }
        #expect(seconds < 5, "reading a FIFO must not block")
        #expect(result.contents.allSatisfy { $0 == nil })
        #expect(result.warnings.map(\.reason) == [.network, .network, .outsideAllowedDirectories, .notFound, .notRegularFile, .notRegularFile])
    }

    @Test("A name in the other Unicode normal form is a different directory, not the allowed one", arguments: Format.allCases)
    func unicodeNormalisation(_ format: Format) throws {
        let root = try scratchDirectory()
        let nfd = root.appendingPathComponent("cafe\u{301}"), nfc = root.appendingPathComponent("caf\u{E9}")
        try FileManager.default.createDirectory(at: nfd, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: nfc, withIntermediateDirectories: true)
        // The file system keeps both names (Linux file names are bytes).
        try #require(try FileManager.default.contentsOfDirectory(atPath: root.path).count == 2)
        let secret = try #require(TestImages.png(width: 7, height: 7))
        try secret.write(to: nfc.appendingPathComponent("secret.png"))
        let url = nfd.appendingPathComponent(format.fileName)
        try Data(format.document(["../caf\u{E9}/secret.png", "../cafe%CC%81/../caf%C3%A9/secret.png"]).utf8).write(to: url)
        let (string, attributes) = try NSAttributedString.readDocument(from: url)
        #expect((string.attr(.attachment, at: 0) as? NSTextAttachment)?.contents == nil)
        let warnings = attributes[.resourceWarnings] as? [DocumentResourceWarning] ?? []
        #expect(warnings.count == 2 && warnings.allSatisfy { $0.reason == .outsideAllowedDirectories })
    }

    @Test("allowedDirectories widens the policy, links into it included; .noFiles narrows it to data: URLs", arguments: Format.allCases)
    func policies(_ format: Format) throws {
        let tree = try Tree()
        let png = try #require(TestImages.png(width: 1, height: 1))
        let references = ["pic.png", "../private/secret.png", "link-out.png", "data:image/png;base64," + png.base64EncodedString()]
        let widened = try read(references, format, in: tree,
                               options: [.resourceAccess: DocumentResourceAccess(allowedDirectories: [tree.privateDirectory])])
        #expect(widened.contents == [tree.picture, tree.secret, tree.secret, png])
        #expect(widened.warnings.isEmpty)
        let narrowed = try read(references, format, in: tree, options: [.resourceAccess: DocumentResourceAccess.noFiles])
        #expect(narrowed.contents == [nil, nil, nil, png])
        #expect(narrowed.warnings.count == 3)
        let anything = try read(references, format, in: tree, options: [.resourceAccess: DocumentResourceAccess.anyLocalFile])
        #expect(anything.contents == [tree.picture, tree.secret, tree.secret, png])
    }

    @Test("Data without a base URL reads no files at all, only data: URLs")
    func noBaseURL() throws {
        let tree = try Tree()
        let html = "<img src=\"\(tree.doc.appendingPathComponent("pic.png").path)\"><img src=\"pic.png\">"
        let (string, attributes) = try NSAttributedString.readDocument(from: Data(html.utf8), options: [.documentType: NSAttributedString.DocumentType.html])
        #expect((string.attr(.attachment, at: 0) as? NSTextAttachment)?.contents == nil)
        #expect((attributes[.resourceWarnings] as? [DocumentResourceWarning])?.map(\.reason) == [.outsideAllowedDirectories, .notFound])
    }

    @Test("An RTFD package does not read through a symbolic link: the attachment is a placeholder, with a warning")
    func rtfdSymbolicLinks() throws {
        let tree = try Tree()
        let package = tree.doc.appendingPathComponent("doc.rtfd")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        let rtf = #"{\rtf1\ansi {{\NeXTGraphic pic.png \width40 \height60}\'ac}{{\NeXTGraphic link.png \width140 \height140}\'ac}}"#
        try Data(rtf.utf8).write(to: package.appendingPathComponent("TXT.rtf"))
        try tree.picture.write(to: package.appendingPathComponent("pic.png"))
        try FileManager.default.createSymbolicLink(atPath: package.appendingPathComponent("link.png").path, withDestinationPath: "../../private/secret.png")
        // A link to the package itself: reading must not loop.
        try FileManager.default.createSymbolicLink(atPath: package.appendingPathComponent("loop").path, withDestinationPath: ".")
        let (string, attributes) = try NSAttributedString.readDocument(from: package)
        let attachments = [0, 1].compactMap { string.attr(.attachment, at: $0) as? NSTextAttachment }
        #expect(attachments.count == 2)
        #expect(attachments.first?.contents == tree.picture)
        #expect(attachments.last?.contents == nil)
        #expect(attachments.last?.image != nil, "a visible placeholder")
        #expect(attributes[.resourceWarnings] as? [DocumentResourceWarning] == [DocumentResourceWarning(reference: "link.png", reason: .symbolicLink)])
    }

    @Test("FileWrapper keeps symbolic links as link wrappers, as Apple's, and writes them back")
    func fileWrapperLinks() throws {
        let tree = try Tree()
        let wrapper = try FileWrapper(url: tree.doc)
        let link = try #require(wrapper.fileWrappers?["link-out.png"])
        #expect(link.isSymbolicLink && !link.isRegularFile && link.regularFileContents == nil)
        #expect(link.symbolicLinkDestinationURL?.standardizedFileURL.path == tree.privateDirectory.appendingPathComponent("secret.png").path)
        #expect(wrapper.fileWrappers?["fifo"] == nil, "pipes are left out")
        let copy = tree.root.appendingPathComponent("copy")
        try wrapper.write(to: copy, originalContentsURL: nil)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: copy.appendingPathComponent("link-out.png").path) == "../private/secret.png")
        #expect(try Data(contentsOf: copy.appendingPathComponent("inside/pic2.png")) == tree.picture)
    }

    @Test("Scheme detection: one letter is a path, not a scheme; data and file are recognised")
    func schemes() {
        #expect(DocumentResourceLoader.scheme(of: "https://x") == "https")
        #expect(DocumentResourceLoader.scheme(of: "DATA:image/png,") == "data")
        #expect(DocumentResourceLoader.scheme(of: "c:/x.png") == nil)
        #expect(DocumentResourceLoader.scheme(of: "a/b:c.png") == nil)
        #expect(DocumentResourceLoader.scheme(of: "pic.png") == nil)
        #expect(DocumentResourceLoader.path(Array("/a/bc".utf8), isInside: Array("/a/b".utf8)) == false)
        #expect(DocumentResourceLoader.path(Array("/a/b/c".utf8), isInside: Array("/a/b".utf8)))
        #expect(DocumentResourceLoader.path(Array("/a/b".utf8), isInside: Array("/".utf8)))
    }
}
