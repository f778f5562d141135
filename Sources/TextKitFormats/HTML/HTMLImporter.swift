import CLibXML2

/// Turns HTML into an attributed string: libxml2's HTML parser builds the tree
/// (``HTMLParsedDocument``), and this walks it — without recursion, so nesting depth costs no
/// stack — computing each element's style (``HTMLElements`` defaults, then the `<style>` rules
/// of ``CSSStyleSheet``, then its `style` attribute) and emitting text with attributes.
///
/// White space collapses as HTML's does outside `white-space: pre`; blocks are paragraphs
/// separated by "\n" (none before the first or after the last); `<br>` ends a line with "\n".
/// Below ``HTMLLimits/maximumStyledDepth`` the text of deeper elements is read with the style of
/// the element at that depth.
///
/// Speed: computed styles are numbered (``styles``), and each is a *shape* (everything but its
/// lists and link) in a *context* (its lists and link). An element's shape is computed once per
/// parent shape and element signature (its tag and the attributes its style reads: see
/// ``HTMLStyleKey``), so that the items of every list, or the words in every link, share shapes
/// although each list and link is an object of its own; no style property but those two reads
/// the lists or the link. A numbered style's attribute set and paragraph style are made once.
/// Tag names are looked up once per libxml2 name pointer, and text nodes are read as UTF-8 in
/// place.
struct HTMLImporter {
    /// The default attributes (without the font, which ``fonts`` holds).
    let baseAttributes: [NSAttributedString.Key: Any]
    let baseURL: URL?
    /// Reads `<img>` sources under the document's resource-access policy.
    var resources: DocumentResourceLoader
    var fonts: HTMLFonts
    var sheet = CSSStyleSheet()
    /// The text of the first `<title>`, white space collapsed.
    var title: String?

    var output = AttributedStringBuilder()
    /// Whether the current paragraph has begun (holds text or a marker).
    var paragraphOpen = false
    var paragraphStyle = NSParagraphStyle.default
    /// A paragraph that ended: its "\n" is written when the next paragraph begins, so the text
    /// never ends with an empty paragraph.
    var pendingEnd: (set: Int, style: NSParagraphStyle)?
    /// A collapsed space waiting for the next word on the line (its attribute set).
    var pendingSpace: Int?
    /// A list item's marker, written when the item's first paragraph begins.
    var pendingMarker: (text: String, style: HTMLStyle)?
    /// The attribute set of the last text written.
    var lastSet = -1
    var characterSets: [HTMLCharacterKey: Int] = [:]
    var paragraphStyles: [HTMLParagraphKey: NSParagraphStyle] = [:]
    var listCounters: [ObjectIdentifier: Int] = [:]

    /// The computed styles met so far, by number; a frame holds its style's number.
    var styles: [HTMLStyle] = []
    /// Per numbered style: its shape and context (-1: none, for a style no element has), its
    /// attribute set (-1 until first needed) and paragraph style.
    var styleShapes: [Int] = []
    var styleContexts: [Int] = []
    var styleSets: [Int] = []
    var styleParagraphs: [NSParagraphStyle?] = []
    /// Styles without lists or link, by number, and the attribute set of each (-1 until needed).
    var shapes: [HTMLStyle] = []
    var shapeSets: [Int] = []
    /// The number of the shape an element with this signature gets under this parent shape
    /// (for an element without attributes: by parent shape and tag number alone).
    var shapeMemo: [HTMLStyleKey: Int] = [:]
    var plainShapes: [HTMLShapedStyle: Int] = [:]
    /// Lists and links, by number: the lists an element is in and the link it is part of.
    var contexts: [(lists: [NSTextList], link: Any?)] = []
    /// The context of a link: the context of its parent, and its `href`.
    var linkContexts: [HTMLLinkKey: Int] = [:]
    /// The number of the style of a shape in a context.
    var shapedStyles: [HTMLShapedStyle: Int] = [:]
    /// Tag numbers by the bytes of names of up to 16 bytes, and by name.
    var tagNumbers: [HTMLTagBytes: Int] = [:]
    var tagsByName: [String: Int] = [:]
    var tags: [HTMLTag] = []
    /// The style sheet's declarations by tag, id and class list.
    var sheetMatches: [HTMLSheetKey: [CSSDeclarations.Declaration]] = [:]
    /// `<a href>` values already resolved.
    var links: [String: Any?] = [:]
    /// The UTF-16 text of the text node being read (reused).
    var scratch: [UInt16] = []

    init(defaultAttributes: [NSAttributedString.Key: Any], baseURL: URL?,
         resourceAccess: DocumentResourceAccess = .documentDirectory) {
        var attributes = defaultAttributes
        let font = attributes.removeValue(forKey: .font) as? UIFont
            ?? UIFont(name: "Times-Roman", size: 12) ?? UIFont.systemFont(ofSize: 12)
        baseAttributes = attributes
        fonts = HTMLFonts(base: font)
        self.baseURL = baseURL
        resources = DocumentResourceLoader(baseURL: baseURL, access: resourceAccess)
    }

    /// One element being walked: its style's number, the next child to visit, and what its end does.
    struct Frame {
        var node: xmlNodePtr
        /// The element's tag number in ``tags`` (-1: none).
        var tag: Int
        var style: Int
        var next: xmlNodePtr?
        var isBlock: Bool
        /// Cells begun in a table row (a tab goes between cells).
        var cells = 0
        /// A `<pre>` whose first line feed is still to be dropped.
        var dropsLeadingNewline = false
    }

    /// The attributed string of a parsed document.
    mutating func run(_ document: HTMLParsedDocument) -> NSMutableAttributedString {
        guard let root = document.root else { return NSMutableAttributedString() }
        collectHead(root)
        var rootStyle = HTMLStyle(fontSize: fonts.base.pointSize)
        rootStyle.fontFamily = nil
        contexts.append(([], nil))
        let rootNumber = addStyle(rootStyle, shape: addShape(rootStyle), context: 0)
        var stack = [Frame(node: root, tag: tag(named: "html"), style: rootNumber, next: root.pointee.children, isBlock: true)]
        while let top = stack.last {
            guard let child = top.next else {
                stack.removeLast()
                if top.isBlock { breakParagraph() }
                continue
            }
            stack[stack.count - 1].next = child.pointee.next
            if HTMLNode.isText(child) {
                text(child, top.style, frame: &stack[stack.count - 1])
            } else if HTMLNode.isElement(child) {
                let tag = tagNumber(child)
                if tags[tag].isHidden { continue }
                if stack.count >= HTMLLimits.maximumStyledDepth {
                    flatten(child, top.style)
                } else if let frame = enter(child, tag, stack: &stack) {
                    stack.append(frame)
                }
            }
        }
        finish()
        return output.build()
    }

    /// Numbers a computed style, the style of `shape` in `context` (or of no element: -1).
    mutating func addStyle(_ style: HTMLStyle, shape: Int = -1, context: Int = -1) -> Int {
        styles.append(style)
        styleShapes.append(shape)
        styleContexts.append(context)
        styleSets.append(-1)
        styleParagraphs.append(nil)
        if shape >= 0 { shapedStyles[HTMLShapedStyle(shape: shape, context: context)] = styles.count - 1 }
        return styles.count - 1
    }

    /// Numbers a style as a shape: its lists and link are dropped.
    mutating func addShape(_ style: HTMLStyle) -> Int {
        var shape = style
        shape.lists = []
        shape.link = nil
        shapes.append(shape)
        shapeSets.append(-1)
        return shapes.count - 1
    }

    /// The number of the style of `shape` in `context`.
    mutating func style(shape: Int, context: Int) -> Int {
        if let known = shapedStyles[HTMLShapedStyle(shape: shape, context: context)] { return known }
        var style = shapes[shape]
        (style.lists, style.link) = contexts[context]
        return addStyle(style, shape: shape, context: context)
    }

    /// The tag number of an element, from the bytes of its name (no string made for a name of
    /// up to 16 bytes met before).
    mutating func tagNumber(_ element: xmlNodePtr) -> Int {
        guard let name = element.pointee.name else { return tag(named: "") }
        guard let bytes = HTMLTagBytes(name) else { return tag(named: String(cString: name)) }
        if let known = tagNumbers[bytes] { return known }
        let number = tag(named: String(cString: name))
        tagNumbers[bytes] = number
        return number
    }

    /// The number of a tag name.
    mutating func tag(named name: String) -> Int {
        if let known = tagsByName[name] { return known }
        tags.append(HTMLTag(name))
        tagsByName[name] = tags.count - 1
        return tags.count - 1
    }

    /// Reads the `<style>` blocks and the first `<title>` anywhere in the document.
    mutating func collectHead(_ root: xmlNodePtr) {
        var node: xmlNodePtr? = root
        var styleBytes = 0
        while let n = node {
            if HTMLNode.isElement(n), let name = n.pointee.name {
                if strcmp(name, "style") == 0, styleBytes < CSSLimits.maximumSourceLength {
                    let source = HTMLNode.textContent(n, limit: CSSLimits.maximumSourceLength - styleBytes)
                    styleBytes += source.utf8.count
                    sheet.add(source)
                } else if strcmp(name, "title") == 0, title == nil {
                    let words = HTMLNode.textContent(n, limit: HTMLLimits.maximumAttributeLength)
                        .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\u{0C}" })
                    title = words.joined(separator: " ")
                }
            }
            node = HTMLNode.nextInPreorder(n, within: root)
        }
    }

    /// Ends the text: the last paragraph gets its style, without a line feed.
    mutating func finish() {
        if paragraphOpen {
            output.endParagraph(style: paragraphStyle)
        } else if let end = pendingEnd {
            output.endParagraph(style: end.style)
        }
        pendingEnd = nil
    }

    /// The text of an element nested too deep to style: its text nodes in the style of the
    /// deepest styled element (`<br>` still breaks lines), found along the tree's links.
    mutating func flatten(_ element: xmlNodePtr, _ style: Int) {
        var node: xmlNodePtr? = element
        var frame = Frame(node: element, tag: -1, style: style, next: nil, isBlock: false)
        while let n = node {
            if HTMLNode.isText(n) {
                text(n, style, frame: &frame)
            } else if HTMLNode.isElement(n), n.pointee.name.map({ strcmp($0, "br") == 0 }) == true {
                lineBreak(style)
            }
            node = HTMLNode.nextInPreorder(n, within: element)
        }
    }
}

/// What the importer knows of a tag name.
struct HTMLTag {
    /// The tags that do something of their own when entered, or whose style reads attributes of
    /// their own.
    enum Kind {
        case other, a, font, br, img, hr, li, cell, row, preformatted
        /// `ul`, `ol`, `menu`, `dir`: each element begins a new `NSTextList`.
        case list
    }

    let name: String
    let isBlock: Bool
    let isHidden: Bool
    let kind: Kind

    var isList: Bool { kind == .list }

    init(_ name: String) {
        self.name = name
        isBlock = HTMLElements.blocks.contains(name)
        isHidden = HTMLElements.hidden.contains(name)
        switch name {
        case "a": kind = .a
        case "font": kind = .font
        case "br": kind = .br
        case "img": kind = .img
        case "hr": kind = .hr
        case "li": kind = .li
        case "td", "th": kind = .cell
        case "tr": kind = .row
        case "pre", "listing": kind = .preformatted
        case "ul", "ol", "menu", "dir": kind = .list
        default: kind = .other
        }
    }
}

/// A tag name of up to 16 bytes, packed into two words (a hash key made without a string).
struct HTMLTagBytes: Hashable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    /// The bytes of the NUL-terminated `name`, or nil when it is longer than 16 bytes.
    init?(_ name: UnsafePointer<UInt8>) {
        for i in 0..<16 {
            let byte = name[i]
            if byte == 0 { return }
            if i < 8 { low |= UInt64(byte) << (8 * i) } else { high |= UInt64(byte) << (8 * (i - 8)) }
        }
        if name[16] != 0 { return nil }
    }
}
