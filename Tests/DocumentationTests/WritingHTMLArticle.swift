import Foundation
import OpenTextKit
import Testing

// The code of "Writing HTML" (TextKitFormats' WritingHTML.md).

@Suite("Documentation: writing HTML")
struct WritingHTMLArticle {
    @Test("An attributed string written as HTML reads back with the same text, font and link")
    func writeHTML() throws {
        let text = NSMutableAttributedString(string: "Read the ", attributes: [.font: UIFont(name: "DejaVu Serif", size: 13)!])
        text.append(NSAttributedString(string: "manual", attributes: [.font: UIFont(name: "DejaVu Serif", size: 13)!,
                                                                      .link: URL(string: "https://example.com/manual")!]))
        // snippet: write-html
        let html = try text.data(from: NSRange(location: 0, length: text.length),
                                 documentAttributes: [.documentType: NSAttributedString.DocumentType.html,
                                                      .title: "Notes"])
        let back = try NSAttributedString(data: html, options: [.documentType: NSAttributedString.DocumentType.html],
                                          documentAttributes: nil)
        // end snippet
        let source = String(decoding: html, as: UTF8.self)
        #expect(source.contains("<title>Notes</title>"))
        #expect(source.contains("<p style=\"margin:0\">Read the <a href=\"https://example.com/manual\" style=\"color:#007aff\">manual</a></p>"))
        #expect(back.string == text.string)
        #expect((back.attribute(.font, at: 0, effectiveRange: nil) as? UIFont)?.fontName == "DejaVuSerif")
        #expect((back.attribute(.link, at: 9, effectiveRange: nil) as? URL)?.absoluteString == "https://example.com/manual")
    }
}
