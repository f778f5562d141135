import CLibXML2

/// Writing text: white space, paragraphs and line breaks, and the attributes of a style.
extension HTMLImporter {
    static func isSpace(_ u: UInt16) -> Bool { u == 0x20 || u == 0x0A || u == 0x09 || u == 0x0D || u == 0x0C }

    /// A text node's text in the style numbered `style`: white space collapsed to single spaces
    /// (none at a paragraph's start or end), or kept line for line under `white-space: pre`.
    mutating func text(_ node: xmlNodePtr, _ style: Int, frame: inout Frame) {
        // The node's UTF-16 text, in `units` (the reused scratch buffer, moved out of `self` so
        // that writing to the output while reading it is no overlapping access).
        var units: [UInt16] = []
        swap(&units, &scratch)
        defer { swap(&units, &scratch) }
        let count = Self.utf16(of: node, into: &units)
        units.withUnsafeBufferPointer { all in
            let text = UnsafeBufferPointer(rebasing: all[..<count])
            if styles[style].preservesWhiteSpace {
                var lines = text
                if frame.dropsLeadingNewline, lines.first == 0x0A { lines = UnsafeBufferPointer(rebasing: lines.dropFirst()) }
                frame.dropsLeadingNewline = false
                preformatted(lines, style)
                return
            }
            var wordStart = -1
            for i in 0..<count {
                if Self.isSpace(text[i]) {
                    if wordStart >= 0 {
                        emit(UnsafeBufferPointer(rebasing: text[wordStart..<i]), style)
                        wordStart = -1
                    }
                    if paragraphOpen && pendingSpace == nil { pendingSpace = characterSet(style) }
                } else if wordStart < 0 {
                    wordStart = i
                }
            }
            if wordStart >= 0 { emit(UnsafeBufferPointer(rebasing: text[wordStart..<count]), style) }
        }
    }

    /// Decodes the UTF-8 text of a text node into the start of `units` (grown as needed) and
    /// returns the number of UTF-16 units. Text that is not well-formed UTF-8 takes the
    /// standard library's decoding, which repairs it with U+FFFD.
    static func utf16(of node: xmlNodePtr, into units: inout [UInt16]) -> Int {
        guard let content = node.pointee.content else { return 0 }
        let n = strlen(content)
        if units.count < n { units.append(contentsOf: repeatElement(0, count: n - units.count)) }
        let decoded = units.withUnsafeMutableBufferPointer { out in
            decodeUTF8(UnsafeBufferPointer(start: content, count: n), into: out.baseAddress!)
        }
        if let decoded { return decoded }
        let repaired = Array(String(cString: content).utf16)
        if units.count < repaired.count { units.append(contentsOf: repeatElement(0, count: repaired.count - units.count)) }
        units.replaceSubrange(0..<repaired.count, with: repaired)
        return repaired.count
    }

    /// Well-formed UTF-8 as UTF-16 into `out` (room for as many units as there are bytes), or
    /// nil at the first ill-formed sequence.
    static func decodeUTF8(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt16>) -> Int? {
        let n = bytes.count
        var i = 0, o = 0
        while i < n {
            let b0 = bytes[i]
            if b0 < 0x80 {
                out[o] = UInt16(b0)
                o += 1
                i += 1
            } else if b0 < 0xC2 {
                return nil
            } else if b0 < 0xE0 {
                guard i + 1 < n, bytes[i + 1] & 0xC0 == 0x80 else { return nil }
                out[o] = UInt16(b0 & 0x1F) << 6 | UInt16(bytes[i + 1] & 0x3F)
                o += 1
                i += 2
            } else if b0 < 0xF0 {
                guard i + 2 < n else { return nil }
                let b1 = bytes[i + 1], b2 = bytes[i + 2]
                guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80,
                      b0 != 0xE0 || b1 >= 0xA0,  // overlong
                      b0 != 0xED || b1 < 0xA0    // surrogates
                else { return nil }
                out[o] = UInt16(b0 & 0x0F) << 12 | UInt16(b1 & 0x3F) << 6 | UInt16(b2 & 0x3F)
                o += 1
                i += 3
            } else if b0 < 0xF5 {
                guard i + 3 < n else { return nil }
                let b1 = bytes[i + 1], b2 = bytes[i + 2], b3 = bytes[i + 3]
                guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80, b3 & 0xC0 == 0x80,
                      b0 != 0xF0 || b1 >= 0x90,  // overlong
                      b0 != 0xF4 || b1 < 0x90    // above U+10FFFF
                else { return nil }
                let scalar = UInt32(b0 & 0x07) << 18 | UInt32(b1 & 0x3F) << 12 | UInt32(b2 & 0x3F) << 6 | UInt32(b3 & 0x3F)
                out[o] = UInt16(0xD800 + ((scalar - 0x10000) >> 10))
                out[o + 1] = UInt16(0xDC00 + ((scalar - 0x10000) & 0x3FF))
                o += 2
                i += 4
            } else {
                return nil
            }
        }
        return o
    }

    /// Preformatted text: every character kept, a line feed (or CR, or CR LF) ends the line.
    mutating func preformatted(_ units: UnsafeBufferPointer<UInt16>, _ style: Int) {
        var lineStart = 0
        var i = 0
        while i < units.count {
            let u = units[i]
            if u == 0x0A || u == 0x0D {
                if i > lineStart { emit(UnsafeBufferPointer(rebasing: units[lineStart..<i]), style) }
                lineBreak(style)
                if u == 0x0D, i + 1 < units.count, units[i + 1] == 0x0A { i += 1 }
                lineStart = i + 1
            }
            i += 1
        }
        if units.count > lineStart { emit(UnsafeBufferPointer(rebasing: units[lineStart...]), style) }
    }

    /// Writes `units` (no white space to collapse) in the style numbered `style`, after a waiting space.
    mutating func emit(_ units: UnsafeBufferPointer<UInt16>, _ style: Int) {
        beginParagraph(style)
        writePendingSpace()
        lastSet = characterSet(style)
        output.use(lastSet)
        output.append(contentsOf: units)
    }

    mutating func emit(_ units: [UInt16], _ style: Int) {
        units.withUnsafeBufferPointer { emit($0, style) }
    }

    mutating func writePendingSpace() {
        guard let space = pendingSpace else { return }
        output.use(space)
        output.append(0x20)
        pendingSpace = nil
    }

    /// Begins a paragraph in the style numbered `style` if none is open: the previous
    /// paragraph's "\n" first, then a waiting list marker.
    mutating func beginParagraph(_ style: Int) {
        guard !paragraphOpen else { return }
        if let end = pendingEnd {
            output.use(end.set)
            output.append(0x0A)
            output.endParagraph(style: end.style)
            pendingEnd = nil
        }
        paragraphStyle = numberedParagraphStyle(style)
        paragraphOpen = true
        pendingSpace = nil
        if let marker = pendingMarker {
            pendingMarker = nil
            lastSet = attributeSet(marker.style)
            output.use(lastSet)
            output.append(marker.text)
        }
    }

    /// A block begins or ends: the open paragraph (if any) ends.
    mutating func breakParagraph() {
        if paragraphOpen {
            pendingEnd = (lastSet, paragraphStyle)
            paragraphOpen = false
        }
        pendingSpace = nil
    }

    /// `<br>` (or a line feed in preformatted text): ends the line, even an empty one.
    mutating func lineBreak(_ style: Int) {
        // The line feed of a line with text takes the text's attributes; that of an empty line
        // (`<p><br></p>`, a second `<br>`) the attributes around the `<br>`.
        let empty = !paragraphOpen
        beginParagraph(style)
        let set = lastSet >= 0 && !empty ? lastSet : characterSet(style)
        pendingEnd = (set, paragraphStyle)
        paragraphOpen = false
        pendingSpace = nil
    }

    /// The attribute set of the style numbered `style` (made once; without a link, once per
    /// shape; with one, the shape's set and the link, not interned: a link's attributes are
    /// rarely met twice, and equal sets are one in the attributed string anyway).
    mutating func characterSet(_ style: Int) -> Int {
        let known = styleSets[style]
        if known >= 0 { return known }
        let set: Int
        let shape = styleShapes[style]
        if shape >= 0 {
            if shapeSets[shape] < 0 { shapeSets[shape] = attributeSet(shapes[shape]) }
            if let link = contexts[styleContexts[style]].link {
                var attributes = output.attributeSets[shapeSets[shape]]
                attributes[.link] = link
                set = output.addAttributeSet(attributes)
            } else {
                set = shapeSets[shape]
            }
        } else {
            set = attributeSet(styles[style])
        }
        styleSets[style] = set
        return set
    }

    /// The paragraph style of the style numbered `style` (made once).
    mutating func numberedParagraphStyle(_ style: Int) -> NSParagraphStyle {
        if let known = styleParagraphs[style] { return known }
        let made = makeParagraphStyle(styles[style])
        styleParagraphs[style] = made
        return made
    }

    /// The attribute set of a style's characters, interned.
    mutating func attributeSet(_ style: HTMLStyle) -> Int {
        let key = HTMLCharacterKey(style)
        if let known = characterSets[key] { return known }
        let set = output.addAttributeSet(characterAttributes(style))
        characterSets[key] = set
        return set
    }

    /// The attributes of a style's characters: the default attributes, then the font, colours,
    /// decorations, baseline offset and link the style gives.
    mutating func characterAttributes(_ style: HTMLStyle) -> [NSAttributedString.Key: Any] {
        var attributes = baseAttributes
        attributes[.font] = fonts.font(for: style)
        if let color = style.color { attributes[.foregroundColor] = color }
        if let background = style.backgroundColor { attributes[.backgroundColor] = background }
        if style.underline { attributes[.underlineStyle] = NSUnderlineStyle.single.rawValue }
        if style.strikethrough { attributes[.strikethroughStyle] = NSUnderlineStyle.single.rawValue }
        if style.baselineOffset != 0 { attributes[.baselineOffset] = style.baselineOffset }
        if let link = style.link { attributes[.link] = link }
        return attributes
    }

    /// The paragraph style of a block, shared between equal ones. In a list, as Apple's importer
    /// writes it: the text at 36 points a level in from the block's indent, a left tab 25 points
    /// before that for the marker and a tab at the text, and the list in `textLists`.
    mutating func makeParagraphStyle(_ style: HTMLStyle) -> NSParagraphStyle {
        let key = HTMLParagraphKey(style)
        if let known = paragraphStyles[key] { return known }
        let p = NSMutableParagraphStyle()
        p.alignment = style.alignment
        p.lineHeightMultiple = style.lineHeightMultiple
        p.minimumLineHeight = style.minimumLineHeight
        p.paragraphSpacingBefore = style.spacingBefore + style.paddingTop
        p.paragraphSpacing = style.spacingAfter + style.paddingBottom
        p.firstLineHeadIndent = max(0, style.headIndent + style.textIndent)
        p.headIndent = style.headIndent
        if style.tailInset > 0 { p.tailIndent = -style.tailInset }
        if !style.lists.isEmpty {
            let listLocation = style.headIndent + CGFloat(style.lists.count) * 36
            p.headIndent = listLocation
            p.tabStops = [NSTextTab(textAlignment: .left, location: listLocation - 25),
                          NSTextTab(textAlignment: .natural, location: listLocation)]
            p.textLists = style.lists
        }
        paragraphStyles[key] = p
        return p
    }
}

/// What distinguishes the character attributes of two styles.
struct HTMLCharacterKey: Hashable {
    var family: String?
    var size: CGFloat
    var bold, italic, underline, strikethrough: Bool
    var color: [CGFloat]?
    var background: [CGFloat]?
    var baselineOffset: CGFloat
    var link: String?

    init(_ style: HTMLStyle) {
        family = style.fontFamily
        size = style.fontSize
        bold = style.bold
        italic = style.italic
        underline = style.underline
        strikethrough = style.strikethrough
        color = style.color.map(Self.components)
        background = style.backgroundColor.map(Self.components)
        baselineOffset = style.baselineOffset
        link = style.link.map { String(describing: $0) }
    }

    static func components(_ color: UIColor) -> [CGFloat] {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        color.getRed(&r, green: &g, blue: &b, alpha: &a)
        return [r, g, b, a]
    }
}

/// What decides an element's shape under a parent shape (see ``HTMLImporter/styleKey(_:_:_:parent:)``).
struct HTMLStyleKey: Hashable {
    /// The parent's shape number and the element's tag number.
    var parent: Int
    var tag: Int
    /// For a list element, the number of lists it is in, its own included (0 for other elements).
    var depth = 0
    var id: String?
    var classes: String?
    var style: String?
    var align: String?
    /// The presentational attributes of `<a>` (whether it has an `href`) and `<font>`.
    var hasHref = false
    var face: String?
    var size: String?
    var color: String?
}

/// The attributes an element's shape depends on (``HTMLImporter/styleKey(_:_:_:parent:)``).
enum HTMLKeyAttribute: UInt8 {
    case id = 1, classes = 2, style = 4, align = 8, href = 16, face = 32, size = 64, color = 128

    /// The attribute named `name`, if `tag`'s style reads it: `id`, `class` and `style` of every
    /// element, `align` of blocks, `href` of `<a>`, `face`, `size` and `color` of `<font>`.
    init?(_ name: UnsafePointer<xmlChar>, _ tag: HTMLTag) {
        func named(_ s: StaticString) -> Bool { strcmp(name, s.utf8Start) == 0 }
        switch name[0] {
        case UInt8(ascii: "i") where named("id"): self = .id
        case UInt8(ascii: "c") where named("class"): self = .classes
        case UInt8(ascii: "c") where tag.kind == .font && named("color"): self = .color
        case UInt8(ascii: "s") where named("style"): self = .style
        case UInt8(ascii: "s") where tag.kind == .font && named("size"): self = .size
        case UInt8(ascii: "a") where tag.isBlock && named("align"): self = .align
        case UInt8(ascii: "h") where tag.kind == .a && named("href"): self = .href
        case UInt8(ascii: "f") where tag.kind == .font && named("face"): self = .face
        default: return nil
        }
    }
}

/// What decides which of the style sheet's rules an element matches.
struct HTMLSheetKey: Hashable {
    var tag: String
    /// The element's id when a rule names it.
    var id: String?
    var classes: String?
}

/// A link's context: its parent's context, and its `href`.
struct HTMLLinkKey: Hashable {
    var context: Int
    var href: String
}

/// A shape in a context (also a parent shape and a tag number).
struct HTMLShapedStyle: Hashable {
    var shape: Int
    var context: Int
}

/// What distinguishes the paragraph styles of two blocks.
struct HTMLParagraphKey: Hashable {
    var alignment: Int
    var metrics: [CGFloat]
    var lists: [ObjectIdentifier]

    init(_ style: HTMLStyle) {
        alignment = style.alignment.rawValue
        metrics = [style.lineHeightMultiple, style.minimumLineHeight, style.spacingBefore + style.paddingTop,
                   style.spacingAfter + style.paddingBottom, style.headIndent, style.textIndent, style.tailInset]
        lists = style.lists.map(ObjectIdentifier.init)
    }
}
