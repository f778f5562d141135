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

    /// One element being walked: its style, the next child to visit, and what its end does.
    struct Frame {
        var node: xmlNodePtr
        var tag: String
        var style: HTMLStyle
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
        var stack = [Frame(node: root, tag: "html", style: rootStyle, next: root.pointee.children, isBlock: true)]
        while let top = stack.last {
            guard let child = top.next else {
                stack.removeLast()
                if top.isBlock { breakParagraph() }
                continue
            }
            stack[stack.count - 1].next = child.pointee.next
            if HTMLNode.isText(child) {
                text(HTMLNode.text(child), top.style, frame: &stack[stack.count - 1])
            } else if HTMLNode.isElement(child) {
                let tag = HTMLNode.name(child)
                if HTMLElements.hidden.contains(tag) { continue }
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

    /// Reads the `<style>` blocks and the first `<title>` anywhere in the document.
    mutating func collectHead(_ root: xmlNodePtr) {
        var node: xmlNodePtr? = root
        var styleBytes = 0
        while let n = node {
            if HTMLNode.isElement(n) {
                let tag = HTMLNode.name(n)
                if tag == "style", styleBytes < CSSLimits.maximumSourceLength {
                    let source = HTMLNode.textContent(n, limit: CSSLimits.maximumSourceLength - styleBytes)
                    styleBytes += source.utf8.count
                    sheet.add(source)
                } else if tag == "title", title == nil {
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
    mutating func flatten(_ element: xmlNodePtr, _ style: HTMLStyle) {
        var node: xmlNodePtr? = element
        var frame = Frame(node: element, tag: "", style: style, next: nil, isBlock: false)
        while let n = node {
            if HTMLNode.isText(n) {
                text(HTMLNode.text(n), style, frame: &frame)
            } else if HTMLNode.isElement(n), n.pointee.name.map({ strcmp($0, "br") == 0 }) == true {
                lineBreak(style)
            }
            node = HTMLNode.nextInPreorder(n, within: element)
        }
    }
}
