/// The computed style of an element, as far as the HTML reader maps it to attributes: the
/// inherited character properties, and the paragraph properties of the nearest block.
struct HTMLStyle {
    // Character properties (inherited).
    /// A family name (nil: the base font's family).
    var fontFamily: String?
    var fontSize: CGFloat
    var bold = false
    var italic = false
    var color: UIColor?
    /// Inherited here (unlike CSS): the background of a block colours the text in it.
    var backgroundColor: UIColor?
    var underline = false
    var strikethrough = false
    var baselineOffset: CGFloat = 0
    var link: Any?
    var preservesWhiteSpace = false

    // Paragraph properties: alignment and line height are inherited; margins belong to the
    // block that sets them; indents accumulate over nested blocks.
    var alignment: NSTextAlignment = .natural
    var lineHeightMultiple: CGFloat = 0
    var minimumLineHeight: CGFloat = 0
    /// The block's top and bottom margins and paddings (their sums are the spacing before and after).
    var spacingBefore: CGFloat = 0
    var spacingAfter: CGFloat = 0
    var paddingTop: CGFloat = 0
    var paddingBottom: CGFloat = 0
    /// The indent of the block's text from the container's edge (its ancestors' and its own
    /// left margins and paddings).
    var headIndent: CGFloat = 0
    /// The block's own left margin and padding (added to the parent's indent).
    var marginLeft: CGFloat = 0
    var paddingLeft: CGFloat = 0
    /// The inset of the block's text from the container's trailing edge (ancestors' and its own
    /// right margins and paddings), and its own.
    var tailInset: CGFloat = 0
    var marginRight: CGFloat = 0
    var paddingRight: CGFloat = 0
    /// `text-indent`: the first line's indent from the others (inherited, as in CSS).
    var textIndent: CGFloat = 0
    var lists: [NSTextList] = []

    /// Resets what does not inherit into a child block (its margins and paddings).
    mutating func enterBlock() {
        spacingBefore = 0
        spacingAfter = 0
        paddingTop = 0
        paddingBottom = 0
        marginLeft = 0
        paddingLeft = 0
        marginRight = 0
        paddingRight = 0
    }

    /// Sets the block's indent from its parent's and its own margin and padding.
    mutating func finishBlock(parent: HTMLStyle) {
        headIndent = min(parent.headIndent + marginLeft + paddingLeft, 10_000)
        tailInset = min(parent.tailInset + marginRight + paddingRight, 10_000)
    }

    /// Applies CSS declarations in order. `base` is the document's base font size (`rem`,
    /// keywords); `parent` the style this element inherited (`em` and `%` of the parent's size).
    mutating func apply(_ declarations: [CSSDeclarations.Declaration], parent: HTMLStyle, base: CGFloat, isBlock: Bool) {
        for d in declarations {
            apply(d.name, d.value, parent: parent, base: base, isBlock: isBlock)
        }
    }

    private mutating func apply(_ name: String, _ rawValue: String, parent: HTMLStyle, base: CGFloat, isBlock: Bool) {
        let value = rawValue.lowercased()
        switch name {
        case "font-family":
            fontFamily = HTMLFonts.family(fromCSS: rawValue) ?? fontFamily
        case "font-size":
            if let s = CSSValues.fontSizeKeyword(value, parent: parent.fontSize, base: base)
                ?? CSSValues.length(value, fontSize: parent.fontSize, rootFontSize: base, percentOf: parent.fontSize), s > 0 {
                fontSize = min(s, 1_000)
            }
        case "font-weight":
            if value == "bold" || value == "bolder" { bold = true } else if value == "normal" || value == "lighter" { bold = false } else if let w = Int(value) { bold = w >= 600 }
        case "font-style":
            italic = value == "italic" || value.hasPrefix("oblique")
        case "color":
            color = CSSValues.color(value) ?? color
        case "background-color", "background":
            backgroundColor = CSSValues.color(value.split(separator: " ").first.map(String.init) ?? value) ?? backgroundColor
        case "text-decoration", "text-decoration-line":
            if value.contains("none") { underline = false; strikethrough = false }
            if value.contains("underline") { underline = true }
            if value.contains("line-through") { strikethrough = true }
        case "white-space":
            preservesWhiteSpace = value.hasPrefix("pre") && value != "pre-line"
        case "vertical-align":
            if value == "super" { baselineOffset = parent.baselineOffset + parent.fontSize / 3 + 1 }
            if value == "sub" { baselineOffset = parent.baselineOffset - (parent.fontSize / 5 + 1) }
            if value == "baseline" { baselineOffset = 0 }
            if let l = CSSValues.length(value, fontSize: parent.fontSize, rootFontSize: base, percentOf: 0) {
                baselineOffset = parent.baselineOffset + l
            }
        default:
            applyParagraph(name, value, parent: parent, base: base, isBlock: isBlock)
        }
    }

    private mutating func applyParagraph(_ name: String, _ value: String, parent: HTMLStyle, base: CGFloat, isBlock: Bool) {
        func length(_ percentOf: CGFloat = 0) -> CGFloat? {
            CSSValues.length(value, fontSize: fontSize, rootFontSize: base, percentOf: percentOf)
        }
        switch name {
        case "text-align":
            switch value {
            case "left", "start": alignment = .left
            case "right", "end": alignment = .right
            case "center", "-webkit-center": alignment = .center
            case "justify": alignment = .justified
            default: break
            }
        case "line-height":
            if value == "normal" { lineHeightMultiple = 0; minimumLineHeight = 0 } else if let n = Double(value), n.isFinite, n > 0 {
                lineHeightMultiple = CGFloat(min(n, 100)); minimumLineHeight = 0
            } else if let l = length(fontSize), l > 0 {
                minimumLineHeight = l; lineHeightMultiple = 0
            }
        case "margin-top" where isBlock:
            spacingBefore = max(0, length() ?? spacingBefore)
        case "margin-bottom" where isBlock:
            spacingAfter = max(0, length() ?? spacingAfter)
        case "margin-left" where isBlock, "margin-inline-start" where isBlock:
            marginLeft = max(0, length() ?? marginLeft)
        case "padding-left" where isBlock, "padding-inline-start" where isBlock:
            paddingLeft = max(0, length() ?? paddingLeft)
        case "margin-right" where isBlock, "margin-inline-end" where isBlock:
            marginRight = max(0, length() ?? marginRight)
        case "padding-right" where isBlock, "padding-inline-end" where isBlock:
            paddingRight = max(0, length() ?? paddingRight)
        case "padding-top" where isBlock:
            paddingTop = max(0, length() ?? paddingTop)
        case "padding-bottom" where isBlock:
            paddingBottom = max(0, length() ?? paddingBottom)
        case "text-indent":
            textIndent = length(0) ?? textIndent
        case "margin" where isBlock, "padding" where isBlock:
            // Shorthand: top, right, bottom, left as CSS spreads one to four values.
            let parts = value.split(separator: " ").map { CSSValues.length(String($0), fontSize: fontSize, rootFontSize: base, percentOf: 0) }
            guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return }
            let v = parts.map { $0! }
            let (top, right, bottom) = (v[0], v.count > 1 ? v[1] : v[0], v.count > 2 ? v[2] : v[0])
            let left = v.count > 3 ? v[3] : right
            if name == "margin" {
                spacingBefore = max(0, top); spacingAfter = max(0, bottom); marginLeft = max(0, left); marginRight = max(0, right)
            } else {
                paddingTop = max(0, top); paddingBottom = max(0, bottom); paddingLeft = max(0, left); paddingRight = max(0, right)
            }
        default:
            break
        }
    }
}
