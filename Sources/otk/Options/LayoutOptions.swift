import ArgumentParser
import OpenTextKit

/// The page, flow and text options shared by `otk render` and `otk measure`.
///
/// Values are taken as text and parsed here rather than by ArgumentParser, so that every bad
/// value gets the same treatment as other bad input: `otk: error: …` naming the option and the
/// problem, exit status 2.
struct LayoutOptions: ParsableArguments {
    // MARK: Page

    @Option(name: .customLong("page-size"), parsing: .unconditional, help: ArgumentHelp(
        "Paper size: A3, A4, A5, A6, B5, Letter, Legal, Tabloid, or WxH with a unit (210x297mm, 8.5x11in, 400x600pt).",
        discussion: "Default: A4 (an RTF document's own paper size when it has one).", valueName: "size"))
    var pageSize: String?

    @Flag(help: "Turn the page sideways (swap width and height).")
    var landscape = false

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Margins: one length, or top,right,bottom,left (CSS order; 2 or 3 values also work). Default: 2cm.",
        valueName: "lengths"))
    var margins: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Columns per page (default 1).", valueName: "n"))
    var columns: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Space between columns (default 18pt).", valueName: "length"))
    var gutter: String?

    @Option(help: ArgumentHelp("pages: as many pages as the text needs; scroll: one page as tall as the text.",
                               valueName: "pages|scroll"))
    var flow: String?

    @Flag(help: "End the last page's columns at the same height (within a line).")
    var balance = false

    // MARK: Text

    @Option(help: ArgumentHelp("Base font of plain text and Markdown: a family (\"Noto Serif\") or a PostScript name.",
                               valueName: "name"))
    var font: String?

    @Option(name: .customLong("font-size"), parsing: .unconditional, help: ArgumentHelp(
        "Base font size in points for plain text and Markdown (Markdown's headings scale with it). Default: plain text 11; Markdown 10.5 in one column, 9.5 in two or more (print sizes).", valueName: "points"))
    var fontSize: String?

    @Option(help: ArgumentHelp("Alignment of every paragraph.", valueName: "left|right|center|justified|natural"))
    var align: String?

    @Flag(help: "Justify every paragraph (the same as --align justified).")
    var justify = false

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Hyphenation factor from 0 (never) to 1 (whenever a line would be loose).", valueName: "factor"))
    var hyphenation: String?

    @Option(help: ArgumentHelp(
        "How paragraphs break into lines: greedy (TextKit's, line by line) or optimal (total fit, Knuth–Plass).",
        discussion: "optimal chooses each paragraph's breaks together for evenly spaced lines; it is an OpenTextKit addition "
            + "(NSParagraphStyle.LineBreakStrategy.optimal). Default: as the document says (greedy).",
        valueName: "greedy|optimal"))
    var breaking: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Let optimal breaking widen or narrow a justified line's glyphs by up to this percentage (0–5, such as 2).",
        discussion: "Font expansion as pdfTeX's microtype does it, an OpenTextKit addition (NSParagraphStyle.glyphExpansionLimit): "
            + "the breaker counts the glyphs' give beside the spaces', so spaces vary less. Needs --breaking optimal "
            + "and justified text; running text only. Default 0.",
        valueName: "percent"))
    var expansion: String?

    @Flag(name: .customLong("hang-punctuation"), help: ArgumentHelp(
        "Hang quotes, full stops, commas, hyphens and colons at the lines' edges into the margins.",
        discussion: "Optical margin alignment, an OpenTextKit addition (NSParagraphStyle.hangsPunctuation); running text only."))
    var hangPunctuation = false
    @Flag(name: .customLong("no-widow-control"), help: ArgumentHelp(
        "Let a paragraph's first or last line stand alone at the bottom or top of a column.",
        discussion: "By default no column ends with a paragraph's first line alone nor starts with its last line alone "
            + "(NSParagraphStyle.preventsWidowsAndOrphans, an OpenTextKit addition)."))
    var noWidowControl = false

    @Option(help: ArgumentHelp("Language of the text (BCP 47: en-US, de, fr) for hyphenation and line breaking.",
                               valueName: "tag"))
    var language: String?

    @Option(name: .customLong("line-height"), parsing: .unconditional, help: ArgumentHelp(
        "Line height as a multiple of the fonts' natural line height (1.2 is airy).", valueName: "multiple"))
    var lineHeight: String?

    @Option(name: .customLong("content-size-category"), help: ArgumentHelp(
        "Set Markdown in Dynamic Type's text styles at this size (L: a 17 pt body, as on a phone) instead of print sizes: XS, S, M, L, XL, XXL, XXXL, AX1…AX5.",
        valueName: "category"))
    var contentSizeCategory: String?

    // MARK: Resources

    @Option(name: .customLong("allow-path"), help: ArgumentHelp(
        "A directory whose files the document may read (repeatable).",
        discussion: "A Markdown or HTML document reads images only inside its own directory by default: never by '..', an absolute path, a file: URL or a symbolic link out of it, and never from the network. What is refused shows a placeholder and a warning.",
        valueName: "dir"))
    var allowPath: [String] = []

    // MARK: Shapes

    @Option(help: ArgumentHelp(
        "A shape text flows around, on every page (repeatable); page coordinates in points from the top-left.",
        discussion: "Shapes: \(ShapeSpec.syntax). Path data takes M, L, H, V, C, S, Q, T and Z, absolute and relative.",
        valueName: "shape"))
    var exclude: [String] = []

    @Option(help: ArgumentHelp("Pour the text into a shape on every page: circle:cx,cy,r, oval:…, rect:…, path:….",
                               valueName: "shape"))
    var shape: String?

    @Flag(name: .customLong("show-shapes"), help: "Outline the exclusions and the shape on the page.")
    var showShapes = false

    // MARK: Extras

    @Flag(name: .customLong("page-numbers"), help: "Number the pages in the bottom margin.")
    var pageNumbers = false

    @Option(help: ArgumentHelp("A title at the top of the first page.", valueName: "text"))
    var title: String?

    @Option(name: .customLong("title-image"), help: ArgumentHelp(
        "A PNG image dropped in at the top of the first page, with the text flowing around it.", valueName: "png"))
    var titleImage: String?

    // MARK: Resolving

    /// The text options, checked.
    func textSettings() throws -> TextSettings {
        var settings = TextSettings()
        settings.fontName = font
        settings.fontSize = try fontSize.map { try Self.number($0, "--font-size") }
        if justify { settings.alignment = .justified }
        if let align { settings.alignment = try Self.alignment(align) }
        settings.hyphenation = try hyphenation.map { Float(try Self.number($0, "--hyphenation")) }
        if let breaking {
            switch breaking.lowercased() {
            case "greedy": settings.breaksOptimally = false
            case "optimal": settings.breaksOptimally = true
            default: throw OTKError("--breaking: '\(breaking)' is not greedy or optimal")
            }
        }
        if hangPunctuation { settings.hangsPunctuation = true }
        if let expansion {
            let percent = try Self.number(expansion, "--expansion")
            guard (0...5).contains(percent) else { throw OTKError("--expansion: \(expansion) is not a percentage from 0 to 5") }
            settings.glyphExpansion = percent / 100
        }
        if let language {
            guard !language.isEmpty, language.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw OTKError("--language: '\(language)' is not a language tag (such as en-US, de or fr)")
            }
            settings.language = language
        }
        settings.preventsWidowsAndOrphans = !noWidowControl
        settings.lineHeight = try lineHeight.map { try Self.number($0, "--line-height") }
        if let contentSizeCategory {
            guard let category = UIContentSizeCategory(name: contentSizeCategory) else {
                throw OTKError("--content-size-category: unknown category '\(contentSizeCategory)' (use XS, S, M, L, XL, XXL, XXXL or AX1 to AX5)")
            }
            settings.contentSizeCategory = category
        }
        if settings.fontSize == nil && settings.contentSizeCategory == nil {
            let count = columns.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 1
            settings.printBodySize = TextSettings.printBodySize(columns: count)
        }
        settings.allowedDirectories = try Self.allowedDirectories(allowPath)
        try settings.validate()
        return settings
    }

    /// The directories of `--allow-path`, each checked to be one.
    static func allowedDirectories(_ paths: [String]) throws -> [URL] {
        try paths.map { path in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw OTKError("--allow-path: '\(path)' is not a directory")
            }
            return URL(fileURLWithPath: path, isDirectory: true)
        }
    }

    /// Applies the page options given on the command line over `design` (which holds the
    /// defaults: the sample's design, or a document's paper), and checks the result.
    func apply(to design: inout PageDesign, text: TextSettings) throws {
        if let pageSize { design.pageSize = try PageSize.parse(pageSize) }
        if landscape, design.pageSize.height > design.pageSize.width {
            design.pageSize = CGSize(width: design.pageSize.height, height: design.pageSize.width)
        }
        if let margins { design.margins = try Margins.parse(margins) }
        if let columns {
            guard let n = Int(columns.trimmingCharacters(in: .whitespaces)), n >= 1, n <= 100 else {
                throw OTKError("--columns: '\(columns)' is not a column count from 1 to 100")
            }
            design.columns = n
        }
        if let gutter { design.gutter = try Length.parse(gutter, what: "--gutter") }
        if let flow {
            guard let value = PagedLayout.Flow(rawValue: flow.lowercased()) else {
                throw OTKError("--flow: '\(flow)' is not pages or scroll")
            }
            design.flow = value
            // One tall column, unless --columns asks for more (which validate() refuses).
            if value == .scroll && columns == nil { design.columns = 1 }
        }
        let exclusions = try exclude.map { try ShapeSpec(parsing: $0, option: "--exclude").path }
        if !exclusions.isEmpty { design.exclusions = exclusions }
        if let shape { design.shape = try ShapeSpec(parsing: shape, option: "--shape").path }
        if showShapes { design.showsShapes = true }
        if balance { design.balancesLastPage = true }
        if pageNumbers { design.pageNumbers = true }
        if let title { design.title = Self.titleString(title, text: text) }
        if let titleImage {
            let url = URL(fileURLWithPath: titleImage)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw OTKError("--title-image: cannot read \(titleImage): no such file")
            }
            guard let image = UIImage(contentsOfFile: url.path) else {
                throw OTKError("--title-image: \(titleImage) is not a PNG image (or is damaged)")
            }
            design.titleImage = image
        }
        try design.validate()
    }

    /// The title as drawn: a bold sans serif, large for the page.
    static func titleString(_ title: String, text: TextSettings) -> NSAttributedString {
        let font = UIFont.systemFont(ofSize: 26, weight: .bold)
        return NSAttributedString(string: title, attributes: [
            .font: font, .foregroundColor: UIColor(red: 0.10, green: 0.16, blue: 0.32, alpha: 1),
        ])
    }

    static func number(_ text: String, _ option: String) throws -> CGFloat {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw OTKError("\(option): '\(text)' is not a number")
        }
        return CGFloat(value)
    }

    static func alignment(_ text: String) throws -> NSTextAlignment {
        switch text.lowercased() {
        case "left": return .left
        case "right": return .right
        case "center", "centre": return .center
        case "justified", "justify": return .justified
        case "natural": return .natural
        default: throw OTKError("--align: '\(text)' is not left, right, center, justified or natural")
        }
    }
}
