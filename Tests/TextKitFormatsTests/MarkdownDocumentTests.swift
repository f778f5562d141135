import Testing
@testable import TextKitFormats

/// The Markdown reader on documents as people write them for GitHub: raw HTML comments and
/// anchors, heading links, tables, strikethrough and task lists.
@Suite("Markdown import: GitHub documents")
struct MarkdownDocumentTests {
    func read(_ markdown: String) throws -> NSAttributedString {
        try NSAttributedString(data: Data(markdown.utf8), options: [.documentType: NSAttributedString.DocumentType.markdown],
                               documentAttributes: nil)
    }

    func block(_ s: NSAttributedString, _ text: String) -> MarkdownBlock? {
        s.attr(.markdownBlock, at: s.offset(of: text)) as? MarkdownBlock
    }

    @Test("HTML comments vanish; <a id> and <a name> anchors become link targets on the next text, not text")
    func rawHTML() throws {
        let s = try read("""
            <!-- generated: do not edit -->

            <a id="v2"></a>

            Version 2
            =========

            Text with <!-- an inline comment --> a <a name="here"></a>target, a<br>break and <b>bold</b> tags.

            <details><summary>More</summary>

            Hidden text.

            </details>
            """)
        #expect(s.string == "Version 2\nText with  a target, a\u{2028}break and bold tags.\nMore\nHidden text.")
        #expect(s.attr(.markdownAnchors, at: 0) as? [String] == ["v2", "version-2"])
        #expect(s.attr(.markdownAnchors, at: s.offset(of: "target")) as? [String] == ["here"])
        #expect(s.attr(.markdownAnchors, at: s.offset(of: "arget")) == nil)
        #expect(block(s, "Version")?.headingLevel == 1)
        #expect(block(s, "More")?.kind == .html)
    }

    @Test("Headings get GitHub's slugs: lowercase, punctuation dropped, spaces as hyphens, repeats numbered")
    func slugs() throws {
        let s = try read("# Command-line flags\n\n## What's new in 2.0?\n\n## Notes\n\n## Notes\n\n## `code` _and_ Ünïcode\n")
        func anchors(_ text: String) -> [String]? { s.attr(.markdownAnchors, at: s.offset(of: text)) as? [String] }
        #expect(anchors("Command") == ["command-line-flags"])
        #expect(anchors("What") == ["whats-new-in-20"])
        #expect(anchors("Notes") == ["notes"])
        #expect(s.attr(.markdownAnchors, at: s.string.utf16.count - "Notes\ncode and Ünïcode".utf16.count) as? [String] == ["notes-1"])
        #expect(anchors("code") == ["code-and-ünïcode"])
        let heading = try #require(s.style(at: s.offset(of: "Notes")))
        #expect(heading.paragraphSpacingBefore > heading.paragraphSpacing && heading.hyphenationFactor == 0)
    }

    @Test("A table's rows are paragraphs with a tab per cell; tab stops from the widest cell, aligned as the delimiter row says")
    func table() throws {
        let s = try read("Before\n\n| Name | Size | Note |\n|:-----|-----:|:----:|\n| a | 1 | x |\n| a much longer name | 12345 | y |\n\nAfter")
        #expect(s.string == "Before\nName\tSize\tNote\na\t1\tx\na much longer name\t12345\ty\nAfter")
        let header = try #require(block(s, "Name"))
        #expect(header.kind == .tableRow(header: true))
        #expect(block(s, "much")?.kind == .tableRow(header: false))
        #expect(block(s, "much")?.identity == header.identity)
        #expect(s.font(at: s.offset(of: "Name"))?.fontDescriptor.symbolicTraits.contains(.traitBold) == true)
        let tabs = try #require(s.style(at: s.offset(of: "much"))).tabStops
        // The first column starts at the indent (no tab); the second ends (right-aligned) a gap
        // after the widest first cell plus its own widest cell; the third is centred after it.
        #expect(tabs.map(\.alignment) == [.right, .center])
        let font = try #require(s.font(at: s.offset(of: "much")))
        func width(_ text: String) -> CGFloat { text.unicodeScalars.reduce(0) { $0 + font.advance(forGlyph: font.glyph(for: $1) ?? 0) } }
        #expect(tabs[0].location > width("a much longer name") + width("12345"))
        #expect(tabs[1].location > tabs[0].location)
    }

    @Test("Strikethrough, task list boxes and bare URLs")
    func inlineExtensions() throws {
        let s = try read("~~old~~ new, see www.example.com.\n\n- [ ] todo\n- [x] done\n")
        #expect(s.string == "old new, see www.example.com.\n\t\u{2610}\ttodo\n\t\u{2611}\tdone")
        #expect(s.attr(.strikethroughStyle, at: s.offset(of: "old")) as? Int == NSUnderlineStyle.single.rawValue)
        #expect(s.attr(.strikethroughStyle, at: s.offset(of: "new")) == nil)
        #expect((s.attr(.link, at: s.offset(of: "www")) as? URL)?.absoluteString == "http://www.example.com")
        #expect(s.attr(.link, at: s.string.utf16.count - "\t\u{2610}\ttodo\n\t\u{2611}\tdone".utf16.count - 1) == nil)
    }

    @Test("Quotes and list items are marked, so a page designer can leave them unjustified")
    func blockKinds() throws {
        let s = try read("Body.\n\n> Quoted.\n\n1. Item\n\n---\n")
        #expect(block(s, "Body")?.kind == .paragraph && block(s, "Body")?.isBodyText == true)
        #expect(block(s, "Quoted")?.kind == .blockQuote && block(s, "Quoted")?.isBodyText == false)
        #expect(block(s, "Item")?.kind == .listItem)
        #expect(block(s, "———")?.kind == .thematicBreak)
        #expect(try #require(s.style(at: s.offset(of: "Quoted"))).tailIndent < 0)
    }

    @Test("The block marks survive the lossless archive")
    func archive() throws {
        let s = try read("# Title\n\n```\ncode\n```\n")
        let data = try s.data(from: NSRange(location: 0, length: s.length), documentAttributes: [.documentType: NSAttributedString.DocumentType.archive])
        let back = try NSAttributedString(data: data, options: [.documentType: NSAttributedString.DocumentType.archive], documentAttributes: nil)
        #expect(back.attr(.markdownBlock, at: 0) as? MarkdownBlock == s.attr(.markdownBlock, at: 0) as? MarkdownBlock)
        #expect(back.attr(.markdownAnchors, at: 0) as? [String] == ["title"])
    }
}
