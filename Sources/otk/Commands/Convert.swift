import ArgumentParser
import OpenTextKit

/// `otk convert`: read a document in one format and write it in another, through the library's
/// document readers and writers.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a document between RTF, RTFD, HTML, Markdown, plain text and OpenTextKit archives.",
        discussion: """
            The extensions of INPUT and OUTPUT choose the formats: .rtf, .rtfd, .html or .htm, \
            .md or .markdown, .txt or .text, .otkarchive. INPUT is read as otk render reads it \
            (plain text in otk's default font, or --font; Markdown in Dynamic Type's text styles); \
            OUTPUT is written by the library's writer for its type, atomically, replacing a file \
            already there. The document's title, author and other document attributes go with \
            it where the output format has room for them.

            What each format keeps: RTF and RTFD most attributes (RTFD the attachments as files), \
            HTML the fonts, colours, decorations, links, paragraph styles, lists and images \
            (inline CSS, images as data: URLs), Markdown headings, emphasis, code, links and \
            lists, plain text only the characters (UTF-8), the archive everything.

            Examples:
              otk convert essay.rtf essay.html
              otk convert page.html page.md
              otk convert notes.md notes.rtf --title Notes
              otk convert letter.txt letter.html --font "DejaVu Serif" --font-size 12
            """)

    @Argument(help: ArgumentHelp("The document to read.", valueName: "input"))
    var input: String

    @Argument(help: ArgumentHelp("The document to write; its extension chooses the format.", valueName: "output"))
    var output: String

    @Option(help: ArgumentHelp("The output's title (HTML <title>, RTF \\info), replacing the input's.", valueName: "text"))
    var title: String?

    @Option(help: ArgumentHelp("The base font of plain text, Markdown and HTML input (family or PostScript name).", valueName: "name"))
    var font: String?

    @Option(name: .customLong("font-size"), parsing: .unconditional, help: ArgumentHelp(
        "The base font size in points, with --font or for plain text.", valueName: "points"))
    var fontSize: String?

    @Option(name: .customLong("allow-path"), help: ArgumentHelp(
        "A directory whose files (images) the input may read besides its own directory (repeatable).", valueName: "dir"))
    var allowPath: [String] = []

    @Flag(name: .shortAndLong, help: "Print nothing on success.")
    var quiet = false

    func run() throws {
        let inputURL = URL(fileURLWithPath: input), outputURL = URL(fileURLWithPath: output)
        guard !outputURL.pathExtension.isEmpty, let type = NSAttributedString.DocumentType(fileExtension: outputURL.pathExtension) else {
            let known = DocumentKind.extensions.map { ".\($0.ext)" }.joined(separator: ", ")
            throw OTKError("cannot write \(outputURL.shownPath): unknown format '.\(outputURL.pathExtension)' (otk writes \(known))")
        }
        var settings = TextSettings()
        settings.fontName = font
        settings.fontSize = try fontSize.map { try LayoutOptions.number($0, "--font-size") }
        settings.allowedDirectories = try LayoutOptions.allowedDirectories(allowPath)
        try settings.validate()
        let document = try DocumentLoader.load(inputURL, settings: settings)
        if !quiet { document.printResourceWarnings(inputURL) }
        var attributes = document.documentAttributes
        for key in [NSAttributedString.DocumentAttributeKey.documentType, .characterEncoding, .defaultAttributes, .resourceWarnings] {
            attributes[key] = nil
        }
        if let title { attributes[.title] = title }
        attributes[.documentType] = type
        do {
            try document.text.write(to: outputURL, documentAttributes: attributes)
        } catch let error as DocumentWritingError {
            throw OTKError("cannot write \(outputURL.shownPath): \(error.message)")
        } catch {
            throw OTKError("cannot write \(outputURL.shownPath): \(error)")
        }
        if !quiet {
            StandardError.write("otk: wrote \(outputURL.shownPath) (\(document.text.length) characters)\n")
        }
    }
}
