/// Font families and fonts for the HTML reader: CSS `font-family` lists resolved to an installed
/// family, and the fonts of computed styles, cached.
struct HTMLFonts {
    /// The family of `<code>`, `<pre>` and `monospace`: Courier, as WebKit's default fixed font
    /// on Apple platforms (here its stand-in, Liberation Mono).
    static let monospaceFamily = "Courier"

    /// The first family of a CSS `font-family` list that is installed (or that stands in for an
    /// Apple font), with the generic families mapped to Apple's defaults: `serif` → Times,
    /// `sans-serif` → Helvetica, `monospace` → Courier, `system-ui`/`-apple-system` → the system
    /// font's family. Nil when none is.
    ///
    /// Answers for short lists are kept for the process (until fonts are registered): documents
    /// repeat their `font-family` lists, and finding whether a family is installed makes a font.
    static func family(fromCSS list: String) -> String? {
        let generation = UIFont.fallbackGeneration
        let cacheable = list.utf8.count <= 256
        if cacheable, let known = families.withLock({ $0.generation == generation ? $0.known[list] : nil }) { return known }
        let found = resolveFamily(list)
        if cacheable {
            families.withLock { cache in
                if cache.generation != generation || cache.known.count >= 4096 { cache = (generation, [:]) }
                cache.known[list] = found
            }
        }
        return found
    }

    private static let families = Locked<(generation: Int, known: [String: String?])>((-1, [:]))

    private static func resolveFamily(_ list: String) -> String? {
        for part in list.split(separator: ",").prefix(16) {
            let name = trimmingQuotesAndSpaces(part)
            switch name.lowercased() {
            case "": continue
            case "serif": return "Times"
            case "sans-serif": return "Helvetica"
            case "monospace": return monospaceFamily
            case "system-ui", "-apple-system", "blinkmacsystemfont": return UIFont.systemFont(ofSize: 12).familyName
            default:
                if name.count < 256, UIFont(name: name, size: 12) != nil { return name }
            }
        }
        return nil
    }

    /// `text` without the spaces, tabs, line breaks and quotes around it.
    private static func trimmingQuotesAndSpaces(_ text: Substring) -> String {
        func trimmed(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x22 || b == 0x27 }
        let utf8 = text.utf8
        var start = utf8.startIndex, end = utf8.endIndex
        while start < end, trimmed(utf8[start]) { start = utf8.index(after: start) }
        while end > start, trimmed(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
        return String(text[start..<end])
    }

    /// The document's base font (Times 12 unless the default attributes give one).
    let base: UIFont
    private var cache: [Key: UIFont] = [:]

    private struct Key: Hashable {
        var family: String?
        var size: CGFloat
        var bold: Bool
        var italic: Bool
    }

    init(base: UIFont) { self.base = base }

    /// The font for a style: its family (else the base font's) at its size, bold and italic as it says.
    mutating func font(for style: HTMLStyle) -> UIFont {
        let key = Key(family: style.fontFamily, size: style.fontSize, bold: style.bold, italic: style.italic)
        if let known = cache[key] { return known }
        var font = style.fontFamily.flatMap { UIFont(name: $0, size: style.fontSize) } ?? base.withSize(style.fontSize)
        var traits = font.fontDescriptor.symbolicTraits
        if style.bold { traits.insert(.traitBold) } else { traits.remove(.traitBold) }
        if style.italic { traits.insert(.traitItalic) } else { traits.remove(.traitItalic) }
        if traits != font.fontDescriptor.symbolicTraits, let d = font.fontDescriptor.withSymbolicTraits(traits) {
            font = UIFont(descriptor: d, size: style.fontSize)
        }
        cache[key] = font
        return font
    }
}
