import Testing
@testable import TextKitFormats

@Suite("HTML import: encodings, images, files, hostile input")
struct HTMLDocumentTests {
    @Test("ISO-8859-1 through the option and through <meta charset>; UTF-8 by default and by meta")
    func encodings() throws {
        let latin1: [UInt8] = Array("<p>caf".utf8) + [0xE9] + Array("</p>".utf8)
        let (a, da) = try readHTML(Data(latin1), [.characterEncoding: String.Encoding.isoLatin1.rawValue])
        #expect(a.string == "café")
        #expect(da[.characterEncoding] as? UInt == String.Encoding.isoLatin1.rawValue)
        let meta = Array("<html><head><meta charset=\"iso-8859-1\"></head><body><p>caf".utf8) + [0xE9] + Array("</p></body></html>".utf8)
        let (b, db) = try readHTML(Data(meta))
        #expect(b.string == "café")
        #expect(db[.characterEncoding] as? UInt == String.Encoding.isoLatin1.rawValue)
        let httpEquiv = Array("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=ISO-8859-1\"><p>caf".utf8) + [0xE9]
        #expect(try readHTML(Data(httpEquiv)).0.string == "café")
        let (c, dc) = try readHTML("<p>naïve 日本</p>")
        #expect(c.string == "naïve 日本")
        #expect(dc[.characterEncoding] as? UInt == String.Encoding.utf8.rawValue)
        let (d, dd) = try readHTML("<meta charset=utf-8><p>ü</p>")
        #expect(d.string == "ü")
        #expect(dd[.characterEncoding] as? UInt == String.Encoding.utf8.rawValue)
    }

    @Test("A data: PNG becomes an attachment with its image; a remote image is not fetched: a placeholder sized by its attributes, and a warning")
    func images() throws {
        let png = try #require(UIGraphicsImageRenderer(size: CGSize(width: 3, height: 2)).image { _ in }.pngData())
        let (s, attributes) = try readHTML("<p>a<img src=\"data:image/png;base64,\(png.base64EncodedString())\">b<img src=\"https://example.org/x.png\" width=40 height=30></p>")
        #expect(s.string == "a\u{FFFC}b\u{FFFC}")
        let local = try #require(s.attr(.attachment, at: 1) as? NSTextAttachment)
        #expect(local.image?.size == CGSize(width: 3, height: 2))
        let remote = try #require(s.attr(.attachment, at: 3) as? NSTextAttachment)
        #expect(remote.image?.size == ResourcePlaceholder.size && remote.contents == nil)
        #expect(remote.bounds.size == CGSize(width: 40, height: 30))
        #expect(attributes[.resourceWarnings] as? [DocumentResourceWarning] == [DocumentResourceWarning(reference: "https://example.org/x.png", reason: .network)])
    }

    @Test("A file read by URL: .html picks the type, relative images load from its directory, links resolve against it")
    func fileURL() throws {
        let directory = try scratchDirectory()
        let png = try #require(UIGraphicsImageRenderer(size: CGSize(width: 4, height: 5)).image { _ in }.pngData())
        try png.write(to: directory.appendingPathComponent("pic.png"))
        let page = directory.appendingPathComponent("page.html")
        try Data("<title>T</title><p><img src=\"pic.png\"> <a href=\"other.html\">o</a></p>".utf8).write(to: page)
        var attributes: [NSAttributedString.DocumentAttributeKey: Any] = [:]
        let s = try NSAttributedString(url: page, options: [:], documentAttributes: &attributes)
        #expect(attributes[.documentType] as? NSAttributedString.DocumentType == .html)
        #expect(attributes[.title] as? String == "T")
        #expect((s.attr(.attachment, at: 0) as? NSTextAttachment)?.image?.size == CGSize(width: 4, height: 5))
        #expect((s.attr(.link, at: 2) as? URL)?.path == directory.appendingPathComponent("other.html").path)
    }

    @Test("Unclosed and misnested tags, NUL bytes and empty input read as browsers repair them")
    func malformed() throws {
        #expect(try readHTML("<p><b>bold <i>both</b> italic?</p><p>next").0.string == "bold both italic?\nnext")
        #expect(try readHTML("").0.string == "")
        #expect(try readHTML("   ").0.string == "")
        let nul = Data([0x3C, 0x70, 0x3E, 0x61, 0x00, 0x62, 0x3C, 0x2F, 0x70, 0x3E, 0x00, 0x00])
        _ = try readHTML(nul)
    }

    @Test("100,000-deep nesting finishes quickly (libxml2 stops nesting at 256 levels; the text before survives)")
    func deepNesting() throws {
        let deep = "<p>before</p>" + String(repeating: "<div><span><b>", count: 100_000) + "deep" + String(repeating: "</b></span></div>", count: 50_000)
        var text = ""
        let t = try elapsed { text = try readHTML(deep).0.string }
        #expect(text.hasPrefix("before"))
        #expect(t < 20)
    }

    @Test("Huge attributes and a huge style sheet finish quickly")
    func hugeAttributes() throws {
        var text = ""
        let huge = "<p style=\"" + String(repeating: "color: red; ", count: 200_000) + "\" title=\"" + String(repeating: "x", count: 5_000_000)
            + "\"><a href=\"" + String(repeating: "y", count: 2_000_000) + "\">z</a></p>"
        let t1 = try elapsed { text = try readHTML(huge).0.string }
        #expect(text == "z")
        #expect(t1 < 20)
        let sheet = "<style>" + String(repeating: "p.a, .b, #c { color: red; margin: 1px } ", count: 50_000) + "</style>" + String(repeating: "<p class=a>x</p>", count: 200)
        let t2 = try elapsed { text = try readHTML(sheet).0.string }
        #expect(text.hasPrefix("x\nx"))
        #expect(t2 < 20)
    }

    @Test("Real HTML shipped by Debian (base-passwd's and fontconfig's manuals) reads, with its visible text")
    func debianCorpus() throws {
        let files: [(path: String, title: String, text: [String])] = [
            ("/usr/share/doc/base-passwd/users-and-groups.html", "Users and Groups in the Debian System",
             ["Joey Hess", "Colin Watson"]),
            ("/usr/share/doc/fontconfig/fontconfig-user.html", "fonts-conf", ["Fontconfig", "fonts.conf", "</fontconfig>"]),
        ]
        for file in files where FileManager.default.fileExists(atPath: file.path) {
            var attributes: [NSAttributedString.DocumentAttributeKey: Any] = [:]
            let s = try NSAttributedString(url: URL(fileURLWithPath: file.path), options: [:], documentAttributes: &attributes)
            #expect(attributes[.title] as? String == file.title, "\(file.path)")
            for words in file.text { #expect(s.string.contains(words), "\(file.path): \(words)") }
            #expect(!s.string.contains("<DIV") && !s.string.contains("CLASS="), "\(file.path): no markup in the text")
            #expect(!s.string.hasPrefix("\n") && !s.string.hasSuffix("\n"))
            #expect(!s.string.contains("\n\n\n"))
        }
    }
}
