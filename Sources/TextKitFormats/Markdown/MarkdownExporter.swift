/// Writes an attributed string as CommonMark: paragraphs separated by blank lines, headings for
/// paragraphs whose font carries a heading text style (title1 → `#` … footnote → `######`), bold and
/// italic traits as `**`/`*`, monospaced runs as code spans, `.link` as `[text](url)`, list
/// paragraphs ("•"/"1." marker text from the reader) as `-`/`1.` items. Other attributes are not
/// expressible and are dropped; attachments are dropped. Markdown syntax characters are escaped.
enum MarkdownExporter {
    static func markdown(from string: NSAttributedString) -> String {
        var out: [String] = []
        let headingStyles: [UIFont.TextStyle: Int] = [.title1: 1, .title2: 2, .title3: 3, .headline: 4, .subheadline: 5, .footnote: 6]
        var location = 0
        let n = string.length
        while location < n {
            let paragraph = string._paragraph(containing: location)
            let contents = NSRange(location: paragraph.range.location, length: paragraph.contentsEnd - paragraph.range.location)
            var line = ""
            var prefix = ""
            if contents.length > 0, let font = string.attribute(.font, at: contents.location, effectiveRange: nil) as? UIFont,
               let style = font.fontDescriptor.object(forKey: UIFontDescriptor.AttributeName.textStyle) as? UIFont.TextStyle, let level = headingStyles[style] {
                prefix = String(repeating: "#", count: level) + " "
            }
            let isList = (string.attribute(.paragraphStyle, at: min(contents.location, n - 1), effectiveRange: nil) as? NSParagraphStyle)?.textLists.isEmpty == false
            string.enumerateAttributes(in: contents, options: []) { attrs, range, _ in
                var text = string.attributedSubstring(from: range).string.replacingOccurrences(of: "\u{FFFC}", with: "")
                let font = attrs[.font] as? UIFont
                let traits = font?.fontDescriptor.symbolicTraits ?? []
                if traits.contains(.traitMonoSpace) || font?.face.isFixedPitch == true {
                    let ticks = text.contains("`") ? "``" : "`"
                    text = text.isEmpty ? "" : ticks + (text.hasPrefix("`") ? " " : "") + text + (text.hasSuffix("`") ? " " : "") + ticks
                } else {
                    text = escape(text)
                    // In headings the heading font's own bold is not emphasis.
                    if traits.contains(.traitItalic), !text.isEmpty { text = "*" + text + "*" }
                    if traits.contains(.traitBold), prefix.isEmpty, !text.isEmpty { text = "**" + text + "**" }
                }
                if let link = attrs[.link] {
                    let url = (link as? URL)?.absoluteString ?? "\(link)"
                    text = "[" + text + "](<" + url.replacingOccurrences(of: ">", with: "%3E") + ">)"
                }
                line += text
            }
            line = line.replacingOccurrences(of: "\u{2028}", with: "\\\n")
            if isList {
                let trimmed = line.drop(while: { $0 == "\t" || $0 == " " })
                if let tab = trimmed.firstIndex(of: "\t") {
                    let marker = trimmed[..<tab]
                    let ordered = marker.last == "." || marker.last == ")"
                    line = (ordered ? String(marker) : "-") + " " + trimmed[trimmed.index(after: tab)...]
                }
            }
            out.append(prefix + line)
            location = max(paragraph.range.location + paragraph.range.length, location + 1)
        }
        return out.joined(separator: "\n\n") + (out.isEmpty ? "" : "\n")
    }

    /// Backslash-escapes the characters that would start Markdown syntax.
    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            if "\\`*_[]<>#!|".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
