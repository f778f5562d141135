import Testing
import TextKit
@testable import TextKitFormats

@Suite("Plain text")
struct PlainTextTests {
    func read(_ bytes: [UInt8], _ options: [NSAttributedString.DocumentReadingOptionKey: Any] = [:]) throws
        -> (NSAttributedString, [NSAttributedString.DocumentAttributeKey: Any]) {
        var o = options
        o[.documentType] = NSAttributedString.DocumentType.plain
        return try NSAttributedString.readDocument(from: Data(bytes), options: o)
    }

    @Test("UTF-8 with and without a byte order mark")
    func utf8() throws {
        let (a, da) = try read(Array("héllo\r\nwörld".utf8))
        #expect(a.string == "héllo\r\nwörld")
        #expect(da[.characterEncoding] as? UInt == String.Encoding.utf8.rawValue)
        let (b, _) = try read([0xEF, 0xBB, 0xBF] + Array("bom".utf8))
        #expect(b.string == "bom")
    }

    @Test("UTF-16 little and big endian with byte order marks")
    func utf16() throws {
        let le = try read([0xFF, 0xFE, 0x41, 0x00, 0x3D, 0xD8, 0x00, 0xDE])
        #expect(le.0.string == "A\u{1F600}")
        #expect(le.1[.characterEncoding] as? UInt == String.Encoding.utf16LittleEndian.rawValue)
        let be = try read([0xFE, 0xFF, 0x00, 0x41, 0x00, 0x0A, 0x00, 0x42])
        #expect(be.0.string == "A\nB")
    }

    @Test("Bytes that are not UTF-8 are read as Windows-1252")
    func legacyFallback() throws {
        let (s, d) = try read([0x63, 0x61, 0x66, 0xE9, 0x20, 0x80, 0x93, 0x94])
        #expect(s.string == "café €“”")
        #expect(d[.characterEncoding] as? UInt == String.Encoding.windowsCP1252.rawValue)
    }

    @Test("Line endings are kept as they are", arguments: ["a\nb", "a\r\nb", "a\rb", "a\u{2028}b\u{2029}c\r\n\r\n"])
    func lineEndings(text: String) throws {
        #expect(try read(Array(text.utf8)).0.string.utf16.elementsEqual(text.utf16))
    }

    @Test(".characterEncoding is honoured, given as String.Encoding or as its raw value")
    func explicitEncoding() throws {
        let latin2: [UInt8] = [0xB9, 0xE8]  // "šč" in ISO 8859-2
        let (s, _) = try read(latin2, [.characterEncoding: String.Encoding.isoLatin2])
        #expect(s.string == "šč")
        let (t, _) = try read([0xE8], [.characterEncoding: String.Encoding.windowsCP1250.rawValue])
        #expect(t.string == "č")
    }

    @Test("Invalid bytes for an explicit encoding throw invalidEncoding with the offset")
    func invalidExplicit() {
        #expect {
            _ = try read([0x61, 0x62, 0xFF, 0x63], [.characterEncoding: String.Encoding.utf8])
        } throws: { ($0 as? DocumentReadingError)?.kind == .invalidEncoding && ($0 as? DocumentReadingError)?.byteOffset == 2 }
    }

    @Test(".defaultAttributes apply to the whole text")
    func defaultAttributes() throws {
        let font = UIFont(name: "DejaVu Serif", size: 15)!
        let (s, d) = try read(Array("one\ntwo".utf8), [.defaultAttributes: [NSAttributedString.Key.font: font]])
        #expect(s.font(at: 0) == font && s.font(at: 6) == font)
        #expect((d[.defaultAttributes] as? [NSAttributedString.Key: Any])?[.font] as? UIFont == font)
    }

    @Test("Writing uses UTF-8 by default, the given encoding otherwise, and refuses unencodable characters")
    func writing() throws {
        let s = NSAttributedString(string: "Grüße €")
        let all = NSRange(location: 0, length: s.length)
        #expect(try s.data(from: all, documentAttributes: [.documentType: NSAttributedString.DocumentType.plain]) == Data("Grüße €".utf8))
        let latin = try s.data(from: all, documentAttributes: [.documentType: NSAttributedString.DocumentType.plain,
                                                               .characterEncoding: String.Encoding.windowsCP1252.rawValue])
        #expect(latin == Data([0x47, 0x72, 0xFC, 0xDF, 0x65, 0x20, 0x80]))
        #expect(throws: DocumentWritingError.self) {
            _ = try s.data(from: all, documentAttributes: [.documentType: NSAttributedString.DocumentType.plain,
                                                           .characterEncoding: String.Encoding.ascii])
        }
    }
}

@Suite("Documents: types, URLs, RTFD, atomic writes, NSTextStorage")
struct DocumentTests {
    @Test("The type is inferred from the extension, then from the contents")
    func inference() throws {
        let dir = try scratchDirectory()
        let rtf = dir.appendingPathComponent("a.rtf"), txt = dir.appendingPathComponent("b.txt")
        let unknown = dir.appendingPathComponent("c.dat"), md = dir.appendingPathComponent("d.md")
        try Data(#"{\rtf1 {\b x}}"#.utf8).write(to: rtf)
        try Data(#"{\rtf1 {\b x}}"#.utf8).write(to: txt)
        try Data(#"{\rtf1 {\b x}}"#.utf8).write(to: unknown)
        try Data("# Title".utf8).write(to: md)
        var d: [NSAttributedString.DocumentAttributeKey: Any] = [:]
        #expect(try NSAttributedString(url: rtf, options: [:], documentAttributes: &d).string == "x")
        #expect(d[.documentType] as? NSAttributedString.DocumentType == .rtf)
        #expect(try NSAttributedString(url: txt, options: [:], documentAttributes: &d).string == #"{\rtf1 {\b x}}"#)
        #expect(d[.documentType] as? NSAttributedString.DocumentType == .plain)
        #expect(try NSAttributedString(url: unknown, options: [:], documentAttributes: &d).string == "x")
        #expect(d[.documentType] as? NSAttributedString.DocumentType == .rtf)
        _ = try NSAttributedString(url: md, options: [:], documentAttributes: &d)
        #expect(d[.documentType] as? NSAttributedString.DocumentType == .markdown)
        #expect(try NSAttributedString(url: rtf, options: [.documentType: NSAttributedString.DocumentType.plain], documentAttributes: nil).string.hasPrefix("{"))
    }

    @Test("A missing file throws unreadableFile")
    func missingFile() {
        #expect {
            _ = try NSAttributedString(url: URL(fileURLWithPath: "/nonexistent/x.rtf"), options: [:], documentAttributes: nil)
        } throws: { ($0 as? DocumentReadingError)?.kind == .unreadableFile }
    }

    @Test("RTFD: a directory with TXT.rtf and the attachment files, read back with the same data")
    func rtfdRoundTrip() throws {
        let png = try #require(TestImages.png(width: 6, height: 4))
        let s = NSMutableAttributedString(string: "Picture: ", attributes: [.font: UIFont(name: "DejaVu Sans", size: 12)!])
        s.append(NSAttributedString(attachment: NSTextAttachment(data: png, ofType: "public.png")))
        let pdfish = NSTextAttachment(data: Data("%PDF-1.4 not really".utf8), ofType: "com.adobe.pdf")
        s.append(NSAttributedString(attachment: pdfish))
        s.append(NSAttributedString(string: " end"))
        let wrapper = try s.fileWrapper(from: NSRange(location: 0, length: s.length), documentAttributes: [.documentType: NSAttributedString.DocumentType.rtfd])
        #expect(wrapper.isDirectory)
        #expect(Set(wrapper.fileWrappers?.keys ?? [:].keys) == ["TXT.rtf", "Attachment.png", "Attachment.pdf"])
        let url = try scratchDirectory().appendingPathComponent("doc.rtfd")
        try s.write(to: url)
        let back = try NSAttributedString(url: url, options: [:], documentAttributes: nil)
        #expect(back.string == "Picture: \u{FFFC}\u{FFFC} end")
        let a = try #require(back.attr(.attachment, at: 9) as? NSTextAttachment)
        #expect(a.contents == png && a.fileType == "public.png" && a.image?.size == CGSize(width: 6, height: 4))
        let b = try #require(back.attr(.attachment, at: 10) as? NSTextAttachment)
        #expect(b.contents == pdfish.contents && b.fileType == "com.adobe.pdf")
        #expect(throws: DocumentWritingError.self) {
            _ = try s.data(from: NSRange(location: 0, length: 1), documentAttributes: [.documentType: NSAttributedString.DocumentType.rtfd])
        }
    }

    @Test("write(to:) replaces files and RTFD directories atomically and leaves no temporary items")
    func atomicWrite() throws {
        let dir = try scratchDirectory()
        let file = dir.appendingPathComponent("x.rtf"), package = dir.appendingPathComponent("y.rtfd")
        try NSAttributedString(string: "first").write(to: file)
        try NSAttributedString(string: "second").write(to: file)
        #expect(try NSAttributedString(url: file, options: [:], documentAttributes: nil).string == "second")
        try NSAttributedString(string: "one").write(to: package)
        try NSAttributedString(string: "two").write(to: package)
        #expect(try NSAttributedString(url: package, options: [:], documentAttributes: nil).string == "two")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["x.rtf", "y.rtfd"])
        // A failing write leaves the old document alone.
        #expect(throws: DocumentWritingError.self) {
            try NSAttributedString(string: "€").write(to: file, documentAttributes: [.documentType: NSAttributedString.DocumentType.plain,
                                                                                       .characterEncoding: String.Encoding.ascii])
        }
        #expect(try NSAttributedString(url: file, options: [:], documentAttributes: nil).string == "second")
        #expect(throws: DocumentWritingError.self) { try NSAttributedString(string: "x").write(to: dir.appendingPathComponent("no/such/dir.rtf")) }
        #expect(throws: DocumentWritingError.self) { try NSAttributedString(string: "x").write(to: dir.appendingPathComponent("z.unknown")) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["x.rtf", "y.rtfd"])
    }

    @Test("NSTextStorage inherits the reading initialisers, as TextKit users create it from a file")
    func textStorageFromURL() throws {
        let url = try scratchDirectory().appendingPathComponent("t.rtf")
        try Data(#"{\rtf1{\fonttbl\f0 DejaVu Sans;}\f0\b Bold\b0  text\par more}"#.utf8).write(to: url)
        var d: [NSAttributedString.DocumentAttributeKey: Any] = [:]
        let storage = try NSTextStorage(url: url, options: [:], documentAttributes: &d)
        #expect(type(of: storage) == NSTextStorage.self)
        #expect(storage.string == "Bold text\nmore")
        #expect(storage.font(at: 0)?.fontDescriptor.symbolicTraits.contains(.traitBold) == true)
        #expect(d[.documentType] as? NSAttributedString.DocumentType == .rtf)
        let layout = NSLayoutManager()
        storage.addLayoutManager(layout)
        storage.replaceCharacters(in: NSRange(location: 0, length: 4), with: "Thin")
        #expect(storage.string == "Thin text\nmore")
        let mutable = try NSMutableAttributedString(data: Data("plain".utf8), options: [:], documentAttributes: nil)
        mutable.append(NSAttributedString(string: "!"))
        #expect(mutable.string == "plain!")
    }
}

@Suite("Fuzzer findings")
struct FuzzRegressionTests {
    @Test("A UTF-8 byte order mark before bytes that are not UTF-8 reads with U+FFFD instead of throwing (fuzz/plain-utf8-bom-invalid.txt)")
    func utf8MarkBeforeInvalidBytes() throws {
        let data = try Fixtures.data("fuzz/plain-utf8-bom-invalid.txt")
        let (s, d) = try NSAttributedString.readDocument(from: data, options: [.documentType: NSAttributedString.DocumentType.plain])
        #expect(s.string.hasPrefix("Plain, bold italic"))
        #expect(s.string.contains("\u{FFFD}"))
        #expect(d[.characterEncoding] as? UInt == String.Encoding.utf8.rawValue)
    }

    @Test("UTF-16 and UTF-32 with a byte order mark and a cut-off last unit read with U+FFFD")
    func cutOffUnits() throws {
        func read(_ bytes: [UInt8]) throws -> String {
            try NSAttributedString.readDocument(from: Data(bytes), options: [.documentType: NSAttributedString.DocumentType.plain]).attributedString.string
        }
        #expect(try read([0xFF, 0xFE, 0x41, 0x00, 0x42]) == "A\u{FFFD}")
        #expect(try read([0xFE, 0xFF, 0x00, 0x41, 0xD8, 0x00]) == "A\u{FFFD}")
        #expect(try read([0xFF, 0xFE, 0x00, 0x00, 0x41, 0x00, 0x00, 0x00, 0x00, 0x00, 0x11, 0x00]) == "A\u{FFFD}")
    }
}
