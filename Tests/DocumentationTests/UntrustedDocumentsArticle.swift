import Foundation
import OpenTextKit
import Testing

// The code of "Untrusted Documents" (UntrustedDocuments.md).

@Suite("Documentation: untrusted documents")
struct UntrustedDocumentsArticle {
    /// A scratch directory with `doc/page.md` naming `../private/chart.png`, which exists.
    static func tree() throws -> (page: URL, privateDirectory: URL) {
        let root = URL(fileURLWithPath: "/tmp/otk-untrusted-\(UUID().uuidString)")
        let doc = root.appendingPathComponent("doc"), privateDirectory = root.appendingPathComponent("private")
        try FileManager.default.createDirectory(at: doc, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: privateDirectory, withIntermediateDirectories: true)
        let png = UIGraphicsImageRenderer(size: CGSize(width: 5, height: 4)).pngData { _ in }
        try png.write(to: privateDirectory.appendingPathComponent("chart.png"))
        let page = doc.appendingPathComponent("page.md")
        try Data("![chart](../private/chart.png)".utf8).write(to: page)
        return (page, privateDirectory)
    }

    @Test("An image outside the document's directory is a warning, not an error")
    func warnings() throws {
        let url = try Self.tree().page
        var printed: [String] = []
        func print(_ line: String) { printed.append(line) }
        // snippet: resource-warnings
        let (text, attributes) = try NSAttributedString.readDocument(from: url)
        for warning in attributes[.resourceWarnings] as? [DocumentResourceWarning] ?? [] {
            print("not read: \(warning)")   // "../private/chart.png: outside the document's directory"
        }
        // end snippet
        #expect(printed == ["not read: ../private/chart.png: outside the document's directory"])
        #expect((text.attribute(.attachment, at: 0, effectiveRange: nil) as? NSTextAttachment)?.contents == nil)
    }

    @Test("allowedDirectories lets the document read a shared directory")
    func widened() throws {
        let (url, sharedImages) = try Self.tree()
        // snippet: resource-access
        let (text, _) = try NSAttributedString.readDocument(from: url, options: [
            .resourceAccess: DocumentResourceAccess(allowedDirectories: [sharedImages]),
        ])
        // end snippet
        let attachment = try #require(text.attribute(.attachment, at: 0, effectiveRange: nil) as? NSTextAttachment)
        #expect(attachment.image?.size == CGSize(width: 5, height: 4))
    }
}
