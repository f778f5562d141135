/// Attribute runs: a `<span style>` (or an `<a href style>`) around text, and attachments as
/// `<img>`.
extension HTMLExporter {
    /// Writes `units` in `attributes`. A line feed (only in an empty paragraph) is a `<br>`;
    /// U+FFFC carrying an attachment is an `<img>`. Runs that differ only in what HTML does not
    /// carry share one element.
    mutating func writeRun(_ attributes: [NSAttributedString.Key: Any], units: ArraySlice<UInt16>) {
        let tag = openingTag(attributes)
        if tag != openRun {
            closeRun()
            output.markup(tag)
            openRun = tag
        }
        let attachment = attributes[.attachment] as? NSTextAttachment
        var start = units.startIndex
        for i in units.indices where units[i] == 0x0A || (units[i] == 0xFFFC && attachment != nil) {
            output.text(units[start..<i])
            if units[i] == 0x0A { output.markup("<br>") } else if let attachment { writeImage(attachment) }
            start = i + 1
        }
        output.text(units[start...])
    }

    /// The element that opens a run: `<a href style>` for a link, `<span style>` for other
    /// attributes than the paragraph's font, nothing for text in that font alone.
    mutating func openingTag(_ attributes: [NSAttributedString.Key: Any]) -> String {
        let css = HTMLRunCSS.declarations(attributes, baseFont: paragraphFont)
        var tag = ""
        if let link = HTMLRunCSS.link(attributes[.link]) {
            tag = "<a href=\"" + output.escapedAttribute(link) + (css.isEmpty ? "\">" : "\" style=\"")
        } else if !css.isEmpty {
            tag = "<span style=\""
        }
        if !css.isEmpty { tag += output.escapedAttribute(css) + "\">" }
        return tag
    }

    /// Closes the element of the runs written last, if any.
    mutating func closeRun() {
        if openRun.hasPrefix("<a ") { output.markup("</a>") } else if !openRun.isEmpty { output.markup("</span>") }
        openRun = ""
    }

    /// An attachment as `<img>`: its data (or its image as PNG) in a `data:` URL, at its bounds'
    /// size (else its image's). An attachment without either is an `<img>` without `src`, so that
    /// its character stays.
    mutating func writeImage(_ attachment: NSTextAttachment) {
        var data = attachment.contents
        var type = attachment.fileType
        if data == nil, let png = attachment.image?.pngData() { data = png; type = "public.png" }
        output.markup("<img")
        if let data {
            output.markup(" src=\"data:\(HTMLRunCSS.mimeType(forType: type));base64,")
            output.markup(data.base64EncodedString())
            output.markup("\"")
        }
        var size = attachment.bounds.size
        if attachment.bounds == .zero, let image = attachment.image { size = image.size }
        if size.width > 0, size.height > 0 {
            output.markup(" width=\"\(HTMLOutput.number(size.width))\" height=\"\(HTMLOutput.number(size.height))\"")
        }
        if attachment.bounds.origin.y != 0 {
            output.markup(" style=\"vertical-align:\(HTMLOutput.px(attachment.bounds.origin.y))\"")
        }
        output.markup(" alt=\"\">")
    }
}

/// The CSS of character attributes: what differs from the font of the element around (the
/// paragraph's), then colours, decorations and the baseline offset (read back by the importer);
/// kern, shadow and stroke for browsers only.
enum HTMLRunCSS {
    /// `font-family` (with a generic fallback), `font-size`, `font-weight` and `font-style` of
    /// `font` where they differ from `base`'s (all of them, weight and style when bold or
    /// italic, without a base).
    static func fontDeclarations(_ font: UIFont, relativeTo base: UIFont?) -> [String] {
        var css: [String] = []
        if font.familyName != base?.familyName { css.append("font-family:" + family(font)) }
        if font.pointSize != base?.pointSize { css.append("font-size:" + HTMLOutput.px(font.pointSize)) }
        let traits = font.fontDescriptor.symbolicTraits, baseTraits = base?.fontDescriptor.symbolicTraits ?? []
        if traits.contains(.traitBold) != baseTraits.contains(.traitBold) {
            css.append(traits.contains(.traitBold) ? "font-weight:bold" : "font-weight:normal")
        }
        if traits.contains(.traitItalic) != baseTraits.contains(.traitItalic) {
            css.append(traits.contains(.traitItalic) ? "font-style:italic" : "font-style:normal")
        }
        return css
    }

    /// The family as a quoted CSS name, then the generic family of its kind.
    static func family(_ font: UIFont) -> String {
        var name = ""
        for c in font.familyName.unicodeScalars where c.value >= 0x20 {
            if c == "'" || c == "\\" { name += "\\" }
            name.unicodeScalars.append(c)
        }
        let generic = ["sans-serif", "serif", "sans-serif", "monospace"][Int(RTFWriter.familyClass(of: font))]
        return "'\(name)', \(generic)"
    }

    /// The declarations of a run's attributes inside an element in `baseFont`.
    static func declarations(_ attributes: [NSAttributedString.Key: Any], baseFont: UIFont) -> String {
        let font = attributes[.font] as? UIFont ?? HTMLExporter.defaultFont
        var css = fontDeclarations(font, relativeTo: baseFont)
        let isLink = link(attributes[.link]) != nil
        if let color = attributes[.foregroundColor] as? UIColor {
            css.append("color:" + HTMLOutput.color(color))
        } else if isLink {
            // What the text view draws a link in (browsers' own link blue is darker).
            css.append("color:" + HTMLOutput.color(UIColor.link))
        }
        if let background = attributes[.backgroundColor] as? UIColor { css.append("background-color:" + HTMLOutput.color(background)) }
        css += decorations(attributes, isLink: isLink)
        if let offset = RTFWriter.number(attributes[.baselineOffset]), offset != 0, offset.isFinite {
            css.append("vertical-align:" + HTMLOutput.px(CGFloat(offset)))
        }
        if let kern = RTFWriter.number(attributes[.kern]), kern != 0, kern.isFinite {
            css.append("letter-spacing:" + HTMLOutput.px(CGFloat(kern)))
        }
        if let shadow = attributes[.shadow] as? NSShadow {
            let color = (shadow.shadowColor as? UIColor).map(HTMLOutput.color) ?? "rgba(0,0,0,0.333)"
            css.append("text-shadow:\(HTMLOutput.px(shadow.shadowOffset.width)) \(HTMLOutput.px(shadow.shadowOffset.height)) "
                       + "\(HTMLOutput.px(shadow.shadowBlurRadius)) \(color)")
        }
        if let width = RTFWriter.number(attributes[.strokeWidth]), width != 0, width.isFinite {
            // A percentage of the font size; positive draws the outline only.
            let color = (attributes[.strokeColor] as? UIColor).map(HTMLOutput.color) ?? "currentcolor"
            css.append("-webkit-text-stroke:\(HTMLOutput.px(CGFloat(abs(width)) / 100 * font.pointSize)) \(color)")
            if width > 0 { css.append("-webkit-text-fill-color:transparent") }
        }
        return css.joined(separator: ";")
    }

    /// `text-decoration` for underline and strikethrough, with the underline's pattern and colour
    /// when CSS can say them. A link is always underlined, as the text view draws it.
    static func decorations(_ attributes: [NSAttributedString.Key: Any], isLink: Bool) -> [String] {
        let underline = RTFWriter.number(attributes[.underlineStyle]).map { Int(saturating: $0) } ?? 0
        let strike = RTFWriter.number(attributes[.strikethroughStyle]).map { Int(saturating: $0) } ?? 0
        guard underline != 0 || strike != 0 else { return [] }
        var lines: [String] = []
        if underline != 0 || isLink { lines.append("underline") }
        if strike != 0 { lines.append("line-through") }
        var css = ["text-decoration:" + lines.joined(separator: " ")]
        let style = underline != 0 ? underline : strike
        if style & 0xFF == NSUnderlineStyle.double.rawValue {
            css.append("text-decoration-style:double")
        } else if style & 0xF00 == NSUnderlineStyle.patternDot.rawValue {
            css.append("text-decoration-style:dotted")
        } else if style & 0xF00 != 0 {
            css.append("text-decoration-style:dashed")
        }
        if let color = attributes[underline != 0 ? .underlineColor : .strikethroughColor] as? UIColor {
            css.append("text-decoration-color:" + HTMLOutput.color(color))
        }
        return css
    }

    /// The `href` of a `.link` value (a URL or a string), nil for none or an empty one.
    static func link(_ value: Any?) -> String? {
        let text: String? = switch value {
        case let url as URL: url.absoluteString
        case let string as String: string
        case let url as NSURL: url.absoluteString
        default: nil
        }
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// The MIME type of an attachment's type identifier.
    static func mimeType(forType type: String?) -> String {
        switch type {
        case "public.png": "image/png"
        case "public.jpeg": "image/jpeg"
        case "com.compuserve.gif": "image/gif"
        case "public.tiff": "image/tiff"
        case "com.adobe.pdf": "application/pdf"
        case "public.plain-text": "text/plain"
        case "public.rtf": "text/rtf"
        default: "application/octet-stream"
        }
    }
}
