import CLibXML2

/// Entering elements: computing their style, and the elements that are content themselves
/// (`<br>`, `<img>`, `<hr>`) or mark it (list items, table cells).
extension HTMLImporter {
    /// Begins `element` (tag number `tag`): returns its frame, or nil for an element with nothing to walk.
    mutating func enter(_ element: xmlNodePtr, _ tag: Int, stack: inout [Frame]) -> Frame? {
        let parent = stack[stack.count - 1].style
        let parentShape = styleShapes[parent], parentContext = styleContexts[parent]
        let info = tags[tag]
        let style: Int
        if info.isList {
            // A new list: computed from the whole parent style (its depth in lists decides its
            // spacing), in a context of its own; its shape is shared with the lists of the same
            // signature at the same depth.
            let computed = computeStyle(element, info, parent: styles[parent])
            var key = styleKey(element, tag, info, parent: parentShape)
            key.depth = computed.lists.count
            let shape: Int
            if let known = shapeMemo[key] { shape = known } else {
                shape = addShape(computed)
                shapeMemo[key] = shape
            }
            contexts.append((computed.lists, computed.link))
            style = addStyle(computed, shape: shape, context: contexts.count - 1)
        } else {
            let shape: Int
            if element.pointee.properties == nil {
                // No attributes (most elements): a key of two numbers.
                let key = HTMLShapedStyle(shape: parentShape, context: tag)
                if let known = plainShapes[key] { shape = known } else {
                    shape = addShape(computeStyle(element, info, parent: shapes[parentShape]))
                    plainShapes[key] = shape
                }
            } else {
                let key = styleKey(element, tag, info, parent: parentShape)
                if let known = shapeMemo[key] { shape = known } else {
                    shape = addShape(computeStyle(element, info, parent: shapes[parentShape]))
                    shapeMemo[key] = shape
                }
            }
            var context = parentContext
            if info.kind == .a, let href = HTMLNode.attribute(element, "href"), let link = link(href) {
                // A link of its own (else the parent's, if any).
                let linkKey = HTMLLinkKey(context: parentContext, href: href)
                if let known = linkContexts[linkKey] { context = known } else {
                    contexts.append((contexts[parentContext].lists, link))
                    context = contexts.count - 1
                    linkContexts[linkKey] = context
                }
            }
            style = self.style(shape: shape, context: context)
        }
        if info.isBlock { breakParagraph() }
        switch info.kind {
        case .br:
            lineBreak(style)
            return nil
        case .img:
            image(element, style)
            return nil
        case .hr:
            rule(styles[style])
            return nil
        case .li:
            pendingMarker = marker(for: styles[style], element)
        case .cell:
            if let row = stack.indices.reversed().prefix(4).first(where: { stack[$0].tag >= 0 && tags[stack[$0].tag].kind == .row }) {
                if stack[row].cells > 0 { emit([0x09], style) }
                stack[row].cells += 1
            }
        case .list:
            pendingMarker = nil  // an item that opens with a nested list has no line of its own
        default:
            break
        }
        return Frame(node: element, tag: tag, style: style, next: element.pointee.children, isBlock: info.isBlock,
                     dropsLeadingNewline: info.kind == .preformatted)
    }

    /// The style of `element` under `parent`: the tag's defaults, then the style sheet's rules,
    /// then its `style` attribute. An `<a>`'s own link is not set here (see ``enter(_:_:stack:)``).
    /// Only a list element reads the parent's lists (and adds its own); no element reads the link.
    mutating func computeStyle(_ element: xmlNodePtr, _ info: HTMLTag, parent: HTMLStyle) -> HTMLStyle {
        let tag = info.name
        let isBlock = info.isBlock
        var style = parent
        if isBlock { style.enterBlock() }
        HTMLElements.applyDefaults(tag, element, to: &style, parent: parent, base: fonts.base.pointSize)
        if info.isList { style.lists.append(newList(element, tag, depth: parent.lists.count)) }
        style.apply(sheetDeclarations(element, tag), parent: parent, base: fonts.base.pointSize, isBlock: isBlock)
        if let inline = HTMLNode.attribute(element, "style", limit: HTMLLimits.maximumAttributeLength) {
            style.apply(CSSDeclarations.parse(Substring(inline)), parent: parent, base: fonts.base.pointSize, isBlock: isBlock)
        }
        if isBlock { style.finishBlock(parent: parent) }
        return style
    }

    /// The style sheet's declarations for `element`, found once per tag, class list and id (the
    /// id only when a rule names it).
    mutating func sheetDeclarations(_ element: xmlNodePtr, _ tag: String) -> [CSSDeclarations.Declaration] {
        guard !sheet.rules.isEmpty else { return [] }
        let id = HTMLNode.attribute(element, "id", limit: 1024)
        let classList = HTMLNode.attribute(element, "class", limit: 4096)
        let key = HTMLSheetKey(tag: tag, id: id.flatMap { sheet.hasRules(forID: $0) ? $0 : nil }, classes: classList)
        if let known = sheetMatches[key] { return known }
        let classes = classList?.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) ?? []
        let found = sheet.declarations(tag: tag, id: id, classes: classes)
        sheetMatches[key] = found
        return found
    }

    /// What decides the shape of `element` under the shape numbered `parent`: its tag and each
    /// attribute ``computeStyle(_:_:parent:)`` reads (the id only when a rule names it, the class
    /// only when the document has rules).
    ///
    /// One pass over the attributes; of attributes named alike, the first counts (as
    /// ``HTMLNode/attribute(_:_:limit:)`` reads them).
    func styleKey(_ element: xmlNodePtr, _ tag: Int, _ info: HTMLTag, parent: Int) -> HTMLStyleKey {
        var key = HTMLStyleKey(parent: parent, tag: tag)
        let usesSheet = !sheet.rules.isEmpty
        var seen: UInt8 = 0
        var attribute = element.pointee.properties
        while let a = attribute {
            attribute = a.pointee.next
            guard let n = a.pointee.name, let which = HTMLKeyAttribute(n, info), seen & which.rawValue == 0 else { continue }
            seen |= which.rawValue
            switch which {
            case .id:
                if usesSheet {
                    let id = HTMLNode.value(of: a, limit: 1024)
                    if sheet.hasRules(forID: id) { key.id = id }
                }
            case .classes: if usesSheet { key.classes = HTMLNode.value(of: a, limit: 4096) }
            case .style: key.style = HTMLNode.value(of: a, limit: HTMLLimits.maximumAttributeLength)
            case .align: key.align = HTMLNode.value(of: a, limit: 32)
            case .href: key.hasHref = true  // an <a>'s defaults ask whether it has one
            case .face: key.face = HTMLNode.value(of: a, limit: 1024)
            case .size: key.size = HTMLNode.value(of: a, limit: 32)
            case .color: key.color = HTMLNode.value(of: a, limit: 64)
            }
        }
        return key
    }

    /// The link of `<a href="raw">`: the URL resolved against the base URL, else the string as
    /// written. Like WebKit's importer, a link to a fragment of the same page (`#name`) is not a
    /// link. Resolved once per distinct `href`.
    mutating func link(_ raw: String) -> Any? {
        if let known = links[raw] { return known }
        var resolved: Any? = nil
        let href = raw.trimmingWhitespaceAndNewlines()
        if !href.isEmpty, !href.hasPrefix("#") {
            if let url = URL(string: href, relativeTo: baseURL) { resolved = url.absoluteURL } else { resolved = href }
        }
        links[raw] = resolved
        return resolved
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
        emit(Array("\u{2014}\u{2014}\u{2014}".utf16), addStyle(ruleStyle))  // a style no element has
        breakParagraph()
    }

    /// `<img>`: U+FFFC with an attachment holding the image of a local file or `data:` URL that
    /// the ``DocumentResourceAccess`` policy allows. Remote images are never fetched; what is not
    /// read shows a placeholder (sized by the `width`/`height` attributes when given, so layout
    /// keeps the image's room) and is listed in the `.resourceWarnings` document attribute.
    mutating func image(_ element: xmlNodePtr, _ styleNumber: Int) {
        let style = styles[styleNumber]
        let source = HTMLNode.attribute(element, "src", limit: HTMLLimits.maximumImageBytes * 2) ?? ""
        let attachment = resources.imageAttachment(for: source)
        if attachment.contents == nil {
            let width = HTMLNode.attribute(element, "width", limit: 32).flatMap { Double($0) } ?? 0
            let height = HTMLNode.attribute(element, "height", limit: 32).flatMap { Double($0) } ?? 0
            if width > 0, height > 0, width < 10_000, height < 10_000 {
                attachment.bounds = CGRect(x: 0, y: 0, width: width, height: height)
            }
        }
        beginParagraph(styleNumber)
        var attributes = characterAttributes(style)
        attributes[.attachment] = attachment
        writePendingSpace()
        lastSet = output.addAttributeSet(attributes)
        output.use(lastSet)
        output.append(UInt16(NSTextAttachment.character))
    }
}
