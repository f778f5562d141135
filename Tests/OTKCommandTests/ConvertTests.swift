import OpenTextKit
import Testing

@Suite("otk convert: between document formats")
struct ConvertTests {
    static let rtf = #"""
        {\rtf1\ansi{\fonttbl\f0\froman DejaVu Serif;}{\colortbl;\red200\green0\blue0;}
        {\info{\title Converted}{\author Ann}}
        \f0\fs28 Hello {\b bold} and {\cf1 red}, {\field{\*\fldinst{HYPERLINK "https://example.com/"}}{\fldrslt a link}}.\par
        \qc Centred second paragraph.}
        """#

    @Test("RTF to HTML keeps the text, bold, colour, link, alignment and title; HTML back to RTF keeps them too")
    func rtfToHTMLAndBack() throws {
        let directory = try OTKRunner.scratch()
        try OTKRunner.write(Self.rtf, to: "doc.rtf", in: directory)
        let result = try OTKRunner.otk(["convert", "doc.rtf", "doc.html"], in: directory)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr == "otk: wrote doc.html (53 characters)\n")
        let html = String(decoding: try Data(contentsOf: directory.appendingPathComponent("doc.html")), as: UTF8.self)
        #expect(html.hasPrefix("<!DOCTYPE html>\n"))
        #expect(html.contains("<title>Converted</title>") && html.contains("<meta name=\"author\" content=\"Ann\">"))
        #expect(html.contains("<span style=\"font-weight:bold\">bold</span>"))
        #expect(html.contains("<span style=\"color:#c80000\">red</span>"))
        #expect(html.contains("<a href=\"https://example.com/\" style=\"color:#007aff\">a link</a>"))
        #expect(html.contains("text-align:center"))
        let back = try OTKRunner.otk(["convert", "doc.html", "back.rtf", "-q"], in: directory)
        #expect(back.status == 0 && back.stderr.isEmpty, "stderr: \(back.stderr)")
        let (text, attributes) = try NSAttributedString.readDocument(from: directory.appendingPathComponent("back.rtf"))
        #expect(text.string == "Hello bold and red, a link.\nCentred second paragraph.")
        #expect(attributes[.title] as? String == "Converted")
        let font = try #require(text.attribute(.font, at: 6, effectiveRange: nil) as? UIFont)
        #expect(font.fontDescriptor.symbolicTraits.contains(.traitBold) && font.pointSize == 14)
        #expect((text.attribute(.link, at: 20, effectiveRange: nil) as? URL)?.absoluteString == "https://example.com/")
        #expect((text.attribute(.paragraphStyle, at: 30, effectiveRange: nil) as? NSParagraphStyle)?.alignment == .center)
    }

    @Test("Every pair of formats converts, and the words come through")
    func everyPair() throws {
        let directory = try OTKRunner.scratch()
        try OTKRunner.write(Self.rtf, to: "source.rtf", in: directory)
        let formats = ["rtf", "rtfd", "html", "md", "txt", "otkarchive"]
        for format in formats {
            let made = try OTKRunner.otk(["convert", "source.rtf", "from.\(format)", "-q"], in: directory)
            #expect(made.status == 0, "to .\(format): \(made.stderr)")
        }
        for from in formats {
            for to in formats where to != from {
                let name = "\(from)-to.\(to)"
                let result = try OTKRunner.otk(["convert", "from.\(from)", name, "-q"], in: directory)
                #expect(result.status == 0, ".\(from) to .\(to): \(result.stderr)")
                let (text, _) = try NSAttributedString.readDocument(from: directory.appendingPathComponent(name))
                #expect(text.string.contains("Hello") && text.string.contains("Centred second paragraph."),
                        ".\(from) to .\(to): \(text.string.debugDescription)")
            }
        }
    }

    @Test("Markdown to HTML: headings, emphasis and lists become styled paragraphs and ul/li; --title sets the title")
    func markdownToHTML() throws {
        let directory = try OTKRunner.scratch()
        try OTKRunner.write("# Title\n\nSome *emphasis* and `code`.\n\n- one\n- two\n", to: "notes.md", in: directory)
        let result = try OTKRunner.otk(["convert", "notes.md", "notes.htm", "--title", "My <notes>", "-q"], in: directory)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let html = String(decoding: try Data(contentsOf: directory.appendingPathComponent("notes.htm")), as: UTF8.self)
        #expect(html.contains("<title>My &lt;notes&gt;</title>"))
        #expect(html.contains("font-style:italic\">emphasis</span>"))
        #expect(html.contains("<ul style=\"margin:0\">\n<li><p style=") && html.contains(">one</p>\n</li>\n<li><p style="))
        let (text, _) = try NSAttributedString.readDocument(from: directory.appendingPathComponent("notes.htm"))
        #expect(text.string == "Title\nSome emphasis and code.\n\t•\tone\n\t•\ttwo")
    }

    @Test("Plain text takes --font and --font-size")
    func plainTextFont() throws {
        let directory = try OTKRunner.scratch()
        try OTKRunner.write("Plain words.\n", to: "plain.txt", in: directory)
        let result = try OTKRunner.otk(["convert", "plain.txt", "plain.html", "--font", "DejaVu Sans Mono", "--font-size", "9", "-q"], in: directory)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let html = String(decoding: try Data(contentsOf: directory.appendingPathComponent("plain.html")), as: UTF8.self)
        #expect(html.contains("<body style=\"font-family:'DejaVu Sans Mono', monospace;font-size:9px\">"))
    }

    @Test("An unknown output format, a missing input or a bad option: one error line, status 2, nothing written")
    func errors() throws {
        let directory = try OTKRunner.scratch()
        try OTKRunner.write("Text.", to: "in.txt", in: directory)
        let unknown = try OTKRunner.otk(["convert", "in.txt", "out.docx"], in: directory)
        #expect(unknown.status == 2 && unknown.stderr.hasPrefix("otk: error: cannot write out.docx: unknown format '.docx'"), "\(unknown.stderr)")
        let missing = try OTKRunner.otk(["convert", "nope.rtf", "out.html"], in: directory)
        #expect(missing.status == 2 && missing.stderr == "otk: error: cannot read nope.rtf: no such file\n", "\(missing.stderr)")
        let font = try OTKRunner.otk(["convert", "in.txt", "out.html", "--font", "No Such Font"], in: directory)
        #expect(font.status == 2 && font.stderr.contains("--font: no installed font is named 'No Such Font'"))
        #expect(OTKRunner.files(in: directory) == ["in.txt"])
    }
}
