import ArgumentParser
import OpenTextKit

/// `otk fonts`: the installed font families, and which font draws each character of a string.
struct Fonts: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List font families, or show which font draws each character of a string.",
        discussion: """
            Without options, prints the installed families (as fontconfig sees them), one per \
            line; --faces adds each family's faces by PostScript name.

            --fallback STRING lays STRING out with --font (the system font by default) exactly \
            as a render would, and prints, for each character in order, the font that drew it: \
            the font itself, or the face font fallback chose because the font lacks the character.

            Examples:
              otk fonts
              otk fonts --faces
              otk fonts --fallback "Grüße, שלום, नमस्ते, 你好 😀" --font "Noto Serif"
            """)

    @Flag(help: "List each family's faces (PostScript names) too.")
    var faces = false

    @Option(help: ArgumentHelp("Show which font draws each character of this text.", valueName: "string"))
    var fallback: String?

    @Option(help: ArgumentHelp("The font to start from for --fallback (family or PostScript name).", valueName: "name"))
    var font: String?

    func run() throws {
        if let fallback {
            let base: UIFont
            if let font {
                guard let named = UIFont(name: font, size: 12) else {
                    throw OTKError("--font: no installed font is named '\(font)' (otk fonts lists the families)")
                }
                base = named
            } else {
                base = UIFont.systemFont(ofSize: 12)
            }
            for line in FallbackReport.lines(for: fallback, font: base) { print(line) }
            return
        }
        if font != nil { throw OTKError("--font: only used with --fallback") }
        for family in UIFont.familyNames.sorted() {
            print(family)
            if faces {
                for name in UIFont.fontNames(forFamilyName: family).sorted() { print("    \(name)") }
            }
        }
    }
}

/// Which font drew each character: the text is laid out and drawn into a recording context,
/// and each recorded glyph run's text is matched back to the characters it came from.
enum FallbackReport {
    struct Entry: Equatable {
        var character: String
        /// The family and PostScript name of the font that drew it; nil when nothing was drawn.
        var family: String?
        var postScriptName: String?
    }

    static func entries(for string: String, font: UIFont) -> [Entry] {
        let storage = NSTextStorage(string: string, attributes: [.font: font])
        let layoutManager = NSLayoutManager()
        let container = NSTextContainer(size: CGSize(width: 1e6, height: 1e6))
        layoutManager.addTextContainer(container)
        storage.addLayoutManager(layoutManager)
        let context = CGContext(recordingSize: CGSize(width: 1e6, height: 1e6))
        UIGraphicsPushContext(context)
        layoutManager.drawGlyphs(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs), at: .zero)
        UIGraphicsPopContext()

        // The characters (grapheme clusters) and their UTF-16 ranges.
        let utf16 = Array(string.utf16)
        var clusters: [(text: String, range: Range<Int>)] = []
        var offset = 0
        for character in string {
            let count = character.utf16.count
            clusters.append((String(character), offset..<(offset + count)))
            offset += count
        }
        // Each run's text is a stretch of the string: claim the first unclaimed occurrence.
        var fontAt = [CGFont?](repeating: nil, count: utf16.count)
        for run in context.recording?.glyphRuns ?? [] {
            guard let text = run.text, !text.isEmpty else { continue }
            let needle = Array(text.utf16)
            var start = 0
            while start + needle.count <= utf16.count {
                if Array(utf16[start..<(start + needle.count)]) == needle, fontAt[start] == nil {
                    for i in start..<(start + needle.count) { fontAt[i] = run.font }
                    break
                }
                start += 1
            }
        }
        return clusters.map { cluster in
            let drawn = cluster.range.lazy.compactMap { fontAt[$0] }.first
            return Entry(character: cluster.text, family: drawn?.familyName, postScriptName: drawn?.postScriptName)
        }
    }

    /// One line per character: its code points, the character, and the font that drew it
    /// (marked when it is a fallback), e.g. `U+05E9  ש  Noto Sans Hebrew (NotoSansHebrew-Regular), fallback`.
    static func lines(for string: String, font: UIFont) -> [String] {
        let entries = entries(for: string, font: font)
        let codes = entries.map { $0.character.unicodeScalars.map { String(format: "U+%04X", $0.value) }.joined(separator: " ") }
        let width = (codes.map(\.count).max() ?? 0) + 2
        return zip(entries, codes).map { entry, code in
            let invisible = entry.character.unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0.value < 0x20 }
            let shown = invisible ? " " : entry.character
            let head = code.padding(toLength: width, withPad: " ", startingAt: 0) + shown + "  "
            guard let family = entry.family else { return head + "(no glyph drawn)" }
            let fallback = family == font.familyName ? "" : ", fallback"
            return head + "\(family) (\(entry.postScriptName ?? "?"))\(fallback)"
}
    }
}
