import OpenTextKit

/// The text options of a render: the base font of plain text and Markdown, and the paragraph
/// settings that override every paragraph of any document when given.
struct TextSettings {
    /// `--font`: a family, PostScript or full name.
    var fontName: String?
    /// `--font-size` in points.
    var fontSize: CGFloat?
    var alignment: NSTextAlignment?
    /// 0…1.
    var hyphenation: Float?
    /// `--breaking`: total-fit line breaking (true) or greedy (false) for every paragraph.
    var breaksOptimally: Bool?
    /// `--hang-punctuation`: punctuation at the lines' edges hangs into the margins (running text).
    var hangsPunctuation: Bool?
    /// `--expansion`: the glyph expansion limit of running text (a fraction: 0.02 for 2 %).
    var glyphExpansion: CGFloat?
    /// Widow and orphan control for every paragraph (on unless `--no-widow-control`).
    var preventsWidowsAndOrphans = true
    /// BCP 47 language for hyphenation and line breaking.
    var language: String?
    /// A multiple of the natural line height.
    var lineHeight: CGFloat?
    /// Dynamic Type size for Markdown's text styles.
    var contentSizeCategory: UIContentSizeCategory?
    /// Markdown's body size on paper when neither `--font-size` nor `--content-size-category` is
    /// given (``printBodySize(columns:)``); nil keeps Dynamic Type's sizes (`otk convert`).
    var printBodySize: CGFloat?
    /// `--allow-path`: directories besides the document's own whose files (images) it may read.
    var allowedDirectories: [URL] = []

    /// Plain text's font when none is given.
    static let defaultPlainFamilies = ["Noto Serif", "Linux Libertine O", "DejaVu Serif"]
    static let defaultPlainSize: CGFloat = 11

    /// Markdown's body size on paper: 10.5 pt in one column, 9.5 pt in two or more — print sizes
    /// (45–75 characters a line on A4 or Letter), where Dynamic Type's body is 17 pt, a phone's.
    /// Headings and code keep their sizes relative to the body.
    static func printBodySize(columns: Int) -> CGFloat { columns > 1 ? 9.5 : 10.5 }

    /// The font `--font`/`--font-size` name, or nil when `--font` is not given. Throws for a
    /// name no installed font has.
    func requestedFont(defaultSize: CGFloat) throws -> UIFont? {
        guard let fontName else { return nil }
        guard let font = UIFont(name: fontName, size: fontSize ?? defaultSize) else {
            throw OTKError("--font: no installed font is named '\(fontName)' (otk fonts lists the families)")
        }
        return font
    }

    /// The base font of plain text.
    func plainFont() throws -> UIFont {
        let size = fontSize ?? Self.defaultPlainSize
        if let font = try requestedFont(defaultSize: size) { return font }
        return Self.firstInstalled(Self.defaultPlainFamilies, size: size) ?? UIFont.systemFont(ofSize: size)
    }

    static func firstInstalled(_ families: [String], size: CGFloat) -> UIFont? {
        for family in families {
            if let font = UIFont(name: family, size: size) { return font }
        }
        return nil
    }

    /// A warning when hyphenation is asked for in a language with no installed patterns.
    var hyphenationWarning: String? {
        guard let language, (hyphenation ?? 0) > 0, Hyphenator.dictionaryPath(for: language) == nil else { return nil }
        return "no hyphenation patterns are installed for '\(language)'; words will not be hyphenated"
    }

    /// A number for messages: "12" rather than "12.0".
    static func describe(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    /// Checks the values that have ranges.
    func validate() throws {
        if let fontSize, !(fontSize > 0 && fontSize <= 1000) {
            throw OTKError("--font-size: \(Self.describe(fontSize)) is not a size from 0 to 1000 points")
        }
        if let hyphenation, !(0...1).contains(hyphenation) {
            throw OTKError("--hyphenation: \(Self.describe(CGFloat(hyphenation))) is not a factor from 0 to 1")
        }
        if let lineHeight, !(lineHeight > 0 && lineHeight <= 10) {
            throw OTKError("--line-height: \(Self.describe(lineHeight)) is not a multiple from 0 to 10")
        }
        _ = try requestedFont(defaultSize: Self.defaultPlainSize)
    }
}
