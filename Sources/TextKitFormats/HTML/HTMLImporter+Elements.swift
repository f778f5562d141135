import CLibXML2

/// Entering elements: computing their style, and the elements that are content themselves
/// (`<br>`, `<img>`, `<hr>`) or mark it (list items, table cells).
extension HTMLImporter {
    /// Begins `element`: returns its frame, or nil for an element with nothing to walk.
    mutating func enter(_ element: xmlNodePtr, _ tag: String, stack: inout [Frame]) -> Frame? {
        let parent = stack[stack.count - 1].style
        let isBlock = HTMLElements.blocks.contains(tag)
        var style = parent
        if isBlock { style.enterBlock() }
        HTMLElements.applyDefaults(tag, element, to: &style, parent: parent, base: fonts.base.pointSize)
        if tag == "a" { style.link = link(element) ?? style.link }
        if tag == "ul" || tag == "ol" || tag == "menu" || tag == "dir" { style.lists.append(newList(element, tag, depth: parent.lists.count)) }
        let id = HTMLNode.attribute(element, "id", limit: 1024)
        let classes = HTMLNode.attribute(element, "class", limit: 4096)?.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) ?? []
        style.apply(sheet.declarations(tag: tag, id: id, classes: classes), parent: parent, base: fonts.base.pointSize, isBlock: isBlock)
        if let inline = HTMLNode.attribute(element, "style", limit: HTMLLimits.maximumAttributeLength) {
            style.apply(CSSDeclarations.parse(Substring(inline)), parent: parent, base: fonts.base.pointSize, isBlock: isBlock)
        }
        if isBlock {
            style.finishBlock(parent: parent)
            breakParagraph()
        }
        switch tag {
        case "br":
            lineBreak(style)
            return nil
        case "img":
            image(element, style)
            return nil
        case "hr":
            rule(style)
            return nil
        case "li":
            pendingMarker = marker(for: style, element)
        case "td", "th":
            if let row = stack.indices.reversed().prefix(4).first(where: { stack[$0].tag == "tr" }) {
                if stack[row].cells > 0 { emit([0x09], style) }
                stack[row].cells += 1
            }
        case "ul", "ol", "menu", "dir":
            pendingMarker = nil  // an item that opens with a nested list has no line of its own
        default:
            break
        }
        return Frame(node: element, tag: tag, style: style, next: element.pointee.children, isBlock: isBlock,
                     dropsLeadingNewline: tag == "pre" || tag == "listing")
    }

    /// The link of `<a href>`: the URL resolved against the base URL, else the string as written.
    /// Like WebKit's importer, a link to a fragment of the same page (`#name`) is not a link.
    func link(_ element: xmlNodePtr) -> Any? {
        guard let href = HTMLNode.attribute(element, "href")?.trimmingCharacters(in: .whitespacesAndNewlines),
              !href.isEmpty, !href.hasPrefix("#") else { return nil }
        if let url = URL(string: href, relativeTo: baseURL) { return url.absoluteURL }
        return href
    }

    /// A list for `<ul>` (disc, then circle, then square when nested, as WebKit's style sheet)
    /// or `<ol>` (decimal, from its `start`).
    mutating func newList(_ element: xmlNodePtr, _ tag: String, depth: Int) -> NSTextList {
        if tag == "ol" {
            let list = NSTextList(markerFormat: .decimal)
            if let start = HTMLNode.attribute(element, "start", limit: 32).flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
               abs(start) < 1_000_000_000 {
                list.startingItemNumber = start
            }
            return list
        }
        return NSTextList(markerFormat: [.disc, .circle, .square][min(depth, 2)])
    }

    /// The marker of a list item, "\t•\t" or "\t1.\t" as Apple's importer writes them (a tab, the
    /// marker, a tab); the item's number counts up from the list's start.
    mutating func marker(for style: HTMLStyle, _ element: xmlNodePtr) -> (text: String, style: HTMLStyle)? {
        guard let list = style.lists.last else { return ("\t\u{2022}\t", style) }
        let id = ObjectIdentifier(list)
        let number = listCounters[id] ?? list.startingItemNumber
        listCounters[id] = number + 1
        let marker = list.markerFormat == .decimal ? "\(number)." : list.marker(forItemNumber: number)
        var markerStyle = style
        markerStyle.link = nil
        markerStyle.underline = false
        return ("\t\(marker)\t", markerStyle)
    }

    /// `<hr>`: a centred paragraph of three em dashes, as the Markdown importer's thematic break.
    mutating func rule(_ style: HTMLStyle) {
        breakParagraph()
        var ruleStyle = style
        ruleStyle.alignment = .center
        emit(Array("\u{2014}\u{2014}\u{2014}".utf16), ruleStyle)
        breakParagraph()
    }

    /// `<img>`: U+FFFC with an attachment holding the image of a local file or `data:` URL that
    /// the ``DocumentResourceAccess`` policy allows. Remote images are never fetched; what is not
    /// read shows a placeholder (sized by the `width`/`height` attributes when given, so layout
    /// keeps the image's room) and is listed in the `.resourceWarnings` document attribute.
    mutating func image(_ element: xmlNodePtr, _ style: HTMLStyle) {
        let source = HTMLNode.attribute(element, "src", limit: HTMLLimits.maximumImageBytes * 2) ?? ""
        let attachment = resources.imageAttachment(for: source)
        if attachment.contents == nil {
            let width = HTMLNode.attribute(element, "width", limit: 32).flatMap { Double($0) } ?? 0
            let height = HTMLNode.attribute(element, "height", limit: 32).flatMap { Double($0) } ?? 0
            if width > 0, height > 0, width < 10_000, height < 10_000 {
                attachment.bounds = CGRect(x: 0, y: 0, width: width, height: height)
            }
        }
        beginParagraph(style)
        var attributes = characterAttributes(style)
        attributes[.attachment] = attachment
        writePendingSpace()
        lastSet = output.addAttributeSet(attributes)
        output.use(lastSet)
        output.append(UInt16(NSTextAttachment.character))
    }
}
