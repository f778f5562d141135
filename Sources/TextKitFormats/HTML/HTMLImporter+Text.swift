/// Writing text: white space, paragraphs and line breaks, and the attributes of a style.
extension HTMLImporter {
    static func isSpace(_ u: UInt16) -> Bool { u == 0x20 || u == 0x0A || u == 0x09 || u == 0x0D || u == 0x0C }

    /// A text node's text in `style`: white space collapsed to single spaces (none at a
    /// paragraph's start or end), or kept line for line under `white-space: pre`.
    mutating func text(_ string: String, _ style: HTMLStyle, frame: inout Frame) {
        if style.preservesWhiteSpace {
            var units = Array(string.utf16)
            if frame.dropsLeadingNewline, units.first == 0x0A { units.removeFirst() }
            frame.dropsLeadingNewline = false
            preformatted(units, style)
            return
        }
        var word: [UInt16] = []
        for u in string.utf16 {
            if Self.isSpace(u) {
                if !word.isEmpty {
                    emit(word, style)
                    word.removeAll(keepingCapacity: true)
                }
                if paragraphOpen && pendingSpace == nil { pendingSpace = attributeSet(style) }
            } else {
                word.append(u)
            }
        }
        if !word.isEmpty { emit(word, style) }
    }

    /// Preformatted text: every character kept, a line feed (or CR, or CR LF) ends the line.
    mutating func preformatted(_ units: [UInt16], _ style: HTMLStyle) {
        var line: [UInt16] = []
        var i = 0
        while i < units.count {
            let u = units[i]
            if u == 0x0A || u == 0x0D {
                if !line.isEmpty { emit(line, style); line.removeAll(keepingCapacity: true) }
                lineBreak(style)
                if u == 0x0D, i + 1 < units.count, units[i + 1] == 0x0A { i += 1 }
            } else {
                line.append(u)
            }
            i += 1
        }
        if !line.isEmpty { emit(line, style) }
    }

    /// Writes `units` (no white space to collapse) in `style`, after a waiting space.
    mutating func emit(_ units: [UInt16], _ style: HTMLStyle) {
        beginParagraph(style)
        writePendingSpace()
        lastSet = attributeSet(style)
        output.use(lastSet)
        output.append(contentsOf: units)
    }

    mutating func writePendingSpace() {
        guard let space = pendingSpace else { return }
        output.use(space)
        output.append(0x20)
        pendingSpace = nil
    }

    /// Begins a paragraph in `style` if none is open: the previous paragraph's "\n" first, then
    /// a waiting list marker.
    mutating func beginParagraph(_ style: HTMLStyle) {
        guard !paragraphOpen else { return }
        if let end = pendingEnd {
            output.use(end.set)
            output.append(0x0A)
            output.endParagraph(style: end.style)
            pendingEnd = nil
        }
        paragraphStyle = makeParagraphStyle(style)
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
    mutating func lineBreak(_ style: HTMLStyle) {
        // The line feed of a line with text takes the text's attributes; that of an empty line
        // (`<p><br></p>`, a second `<br>`) the attributes around the `<br>`.
        let empty = !paragraphOpen
        beginParagraph(style)
        let set = lastSet >= 0 && !empty ? lastSet : attributeSet(style)
        pendingEnd = (set, paragraphStyle)
        paragraphOpen = false
        pendingSpace = nil
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
