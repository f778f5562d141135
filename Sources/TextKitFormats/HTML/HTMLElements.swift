import CLibXML2

/// What HTML's elements mean to the reader before CSS: which are blocks, which are never shown,
/// and the default style of each, after WebKit's user-agent style sheet (`html.css`).
enum HTMLElements {
    /// Elements that begin and end paragraphs.
    static let blocks: Set<String> = [
        "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "listing", "xmp", "ul", "ol", "li",
        "dl", "dt", "dd", "address", "article", "aside", "center", "details", "dialog", "figcaption", "figure",
        "footer", "form", "fieldset", "header", "hgroup", "main", "menu", "dir", "nav", "section", "summary",
        "table", "caption", "thead", "tbody", "tfoot", "tr", "legend", "body", "html", "plaintext",
    ]

    /// Elements whose contents are never shown (`<title>` goes to the document attributes).
    static let hidden: Set<String> = [
        "head", "title", "style", "script", "noscript", "template", "meta", "link", "base", "iframe", "object",
        "embed", "select", "datalist", "textarea", "audio", "video", "canvas", "svg", "math", "noembed", "noframes",
    ]

    /// The font sizes of `h1` … `h6` in em (WebKit's html.css: 2, 1.5, 1.17, 1, .83, .67) and
    /// their bottom margins in em of their own size (.67, .83, 1, 1.33, 1.67, 2.33).
    static let headings: [String: (size: CGFloat, margin: CGFloat)] = [
        "h1": (2, 0.67), "h2": (1.5, 0.83), "h3": (1.17, 1), "h4": (1, 1.33), "h5": (0.83, 1.67), "h6": (0.67, 2.33),
    ]

    /// The colour of links in WebKit's style sheet (`-webkit-link`: #0000EE).
    static let linkColor = UIColor(red: 0, green: 0, blue: 238.0 / 255, alpha: 1)

    /// Applies the default style of `tag` (with its presentational attributes: `align`,
    /// `<font face size color>`) to `style`, inherited from `parent`. `base` is the base font size.
    static func applyDefaults(_ tag: String, _ node: xmlNodePtr, to style: inout HTMLStyle, parent: HTMLStyle, base: CGFloat) {
        switch tag {
        case "b", "strong", "th": style.bold = true
        case "i", "em", "cite", "var", "dfn", "address": style.italic = true
        case "u", "ins": style.underline = true
        case "s", "strike", "del": style.strikethrough = true
        case "code", "tt", "kbd", "samp": style.fontFamily = HTMLFonts.monospaceFamily
        case "pre", "listing", "xmp", "plaintext":
            style.fontFamily = HTMLFonts.monospaceFamily
            style.preservesWhiteSpace = true
            style.spacingAfter = parent.fontSize
        case "sup", "sub":
            // WebKit: `vertical-align: super/sub; font-size: smaller`; the baseline moves by a
            // third (super) or a fifth (sub) of the parent's size, plus one.
            style.fontSize = parent.fontSize / 1.2
            style.baselineOffset = parent.baselineOffset + (tag == "sup" ? parent.fontSize / 3 + 1 : -(parent.fontSize / 5 + 1))
        case "small": style.fontSize = parent.fontSize / 1.2
        case "big": style.fontSize = parent.fontSize * 1.2
        case "mark": style.backgroundColor = CSSValues.color("yellow")
        case "p", "dl":
            style.spacingAfter = parent.fontSize
        case "blockquote", "figure":
            style.marginLeft = 40
            style.spacingAfter = parent.fontSize
        case "dd": style.marginLeft = 40
        case "ul", "ol", "menu", "dir":
            if parent.lists.isEmpty { style.spacingAfter = parent.fontSize }
        case "center": style.alignment = .center
        case "a":
            if HTMLNode.attribute(node, "href") != nil {
                style.color = linkColor
                style.underline = true
            }
        case "font": applyFontAttributes(node, to: &style, parent: parent, base: base)
        default:
            if let heading = headings[tag] {
                // Whole points with a floor of 9, as WebKit's font sizes come out on Apple
                // platforms: 24, 18, 14, 12, 10, 9 from a 12-point base.
                style.fontSize = max(9, (parent.fontSize * heading.size).rounded())
                style.bold = true
                style.spacingAfter = (style.fontSize * heading.margin).rounded()
            }
        }
        if blocks.contains(tag), let align = HTMLNode.attribute(node, "align", limit: 32) {
            switch align.lowercased() {
            case "left": style.alignment = .left
            case "right": style.alignment = .right
            case "center", "middle": style.alignment = .center
            case "justify": style.alignment = .justified
            default: break
            }
        }
    }

    private static func applyFontAttributes(_ node: xmlNodePtr, to style: inout HTMLStyle, parent: HTMLStyle, base: CGFloat) {
        if let face = HTMLNode.attribute(node, "face", limit: 1024), let family = HTMLFonts.family(fromCSS: face) {
            style.fontFamily = family
        }
        if let size = HTMLNode.attribute(node, "size", limit: 32), let keyword = CSSValues.legacyFontSizeKeyword(size),
           let points = CSSValues.fontSizeKeyword(keyword, parent: parent.fontSize, base: base) {
            style.fontSize = points
        }
        if let color = HTMLNode.attribute(node, "color", limit: 64), let c = CSSValues.color(color) {
            style.color = c
        }
    }
}
