/// Writes an attributed string as a complete HTML5 document with inline CSS
/// (`NSAttributedString.DocumentType.html`), made to be read back by ``HTMLImporter`` to the same
/// attributes and to look in a browser as the text does in a text view.
///
/// The document: a doctype, `<meta charset>`, a `<title>` when the document attributes give one,
/// and a `<body>` whose `style` holds the font most of the text uses. Each paragraph is a `<p>`
/// whose `style` holds its paragraph style (``HTMLParagraphCSS``) and, where it differs from the
/// body's, the font most of its text is in; each attribute run is a `<span>` (an `<a href>` for a
/// link) whose `style` holds what differs from the paragraph's font and colours, decorations
/// and the like (``HTMLRunCSS``); paragraphs of an `NSTextList` are `<li>`s of `<ul>`/`<ol>`; attachments
/// with data are `<img>`s with `data:` URLs. Apple's writer puts classes in a `<style>` block
/// instead; inline styles keep each element's look with it when the body is pasted elsewhere.
struct HTMLExporter {
    let string: NSAttributedString
    var output: HTMLOutput
    /// The font the body states; runs in it leave family and size out.
    let bodyFont: UIFont
    /// The lists open around the current paragraph, outermost first, and whether each has an
    /// `<li>` open.
    var openLists: [(list: NSTextList, itemOpen: Bool)] = []
    /// The opening tag of the run element open in the paragraph ("" for none).
    var openRun = ""
    /// The font the current `<p>` states (or inherits from the body); its runs state what differs.
    var paragraphFont: UIFont

    /// The font of text that has none (what the text view draws it in).
    static let defaultFont: UIFont = UIFont(name: "Helvetica", size: 12) ?? UIFont.systemFont(ofSize: 12)

    /// The document for `string[range]` in `.characterEncoding` (UTF-8 by default).
    /// - Throws: ``DocumentWritingError`` (`.unencodableCharacter`) for an encoding HTML cannot
    ///   be written in here (one whose name libxml2 and browsers would not know).
    static func write(_ string: NSAttributedString, range: NSRange,
                      document: [NSAttributedString.DocumentAttributeKey: Any]) throws -> Data {
        let encoding = NSAttributedString.encoding(document[.characterEncoding]) ?? .utf8
        guard let charset = HTMLReader.ianaName(encoding), encoding != .iso2022JP else {
            throw DocumentWritingError(kind: .unencodableCharacter,
                                       message: "HTML cannot be written in encoding \(encoding.rawValue)")
        }
        let font = mostUsedFont(string, range: range)
        var exporter = HTMLExporter(string: string, output: HTMLOutput(encoding: encoding), bodyFont: font, paragraphFont: font)
        exporter.writeHead(charset: charset, document)
        exporter.writeBody(range: range)
        exporter.output.markup("</body>\n</html>\n")
        return try exporter.output.data()
    }

    /// The font covering the most characters of the range (the default font for text without
    /// one; of equals, the one whose PostScript name sorts first).
    static func mostUsedFont(_ string: NSAttributedString, range: NSRange) -> UIFont {
        var lengths: [UIFont: Int] = [:]
        string._forEachAttributeRun(in: range) { attributes, run in
            lengths[attributes[.font] as? UIFont ?? defaultFont, default: 0] += run.length
            return lengths.count < 4096
        }
        return lengths.max { ($0.value, $1.key.fontName) < ($1.value, $0.key.fontName) }?.key ?? defaultFont
    }

    mutating func writeHead(charset: String, _ document: [NSAttributedString.DocumentAttributeKey: Any]) {
        output.markup("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"\(charset)\">\n")
        output.markup("<meta name=\"generator\" content=\"OpenTextKit\">\n")
        if let title = document[.title] as? String {
            output.markup("<title>")
            output.text(title)
            output.markup("</title>\n")
        }
        let metas: [(String, String?)] = [
            ("author", document[.author] as? String),
            ("description", document[.subject] as? String),
            ("keywords", (document[.keywords] as? [String])?.joined(separator: ", ")),
        ]
        for case let (name, value?) in metas {
            output.markup("<meta name=\"\(name)\" content=\"")
            output.attribute(value)
            output.markup("\">\n")
        }
        output.markup("</head>\n<body style=\"")
        output.attribute(HTMLRunCSS.fontDeclarations(bodyFont, relativeTo: nil).joined(separator: ";"))
        output.markup("\">\n")
    }

    /// The paragraphs of `range`, each a `<p>`; a range that ends with a paragraph separator
    /// ends with an empty paragraph, as the text view shows one.
    mutating func writeBody(range: NSRange) {
        let end = range.location + range.length
        var location = range.location
        while location < end {
            let paragraph = string._paragraph(containing: location)
            let contentsEnd = min(paragraph.contentsEnd, end)
            let next = min(paragraph.range.location + paragraph.range.length, end)
            writeParagraph(NSRange(location: location, length: contentsEnd - location),
                           styleAt: location, terminator: contentsEnd < next ? contentsEnd : nil)
            if next == end, contentsEnd < next {
                // The empty last paragraph after a final separator: in the separator's attributes.
                writeParagraph(NSRange(location: next, length: 0), styleAt: next - 1, terminator: next - 1)
            }
            location = max(next, location + 1)
        }
        closeLists(keeping: 0)
    }
}
