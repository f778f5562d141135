/// Lists with hanging indents, and GitHub's tables as tab-stopped rows.
extension MarkdownImporter {
    /// A list: each item's first paragraph starts with "\t" marker "\t", the marker right-aligned
    /// in the indent and the text at the head indent, where the item's wrapped lines and later
    /// paragraphs also start. Task items (GitHub) show a ballot box instead of the bullet.
    mutating func list(_ node: MarkdownNode, _ context: Context, spacing: CGFloat) {
        var number = node.listStart
        let list = NSTextList(markerFormat: node.listOrdered ? .decimal : .disc)
        list.startingItemNumber = node.listStart
        let indent = (context.font.pointSize * 1.5).rounded()
        let gap = (context.font.pointSize * 0.4).rounded()
        let itemSpacing = node.listTight ? 0 : spacing
        for item in node.children {
            var c = context
            c.lists.append(list)
            c.container = .listItem
            c.headIndent = context.headIndent + indent
            var marker = node.listOrdered ? "\(number)\(node.listDelimiter)" : list.marker(forItemNumber: number)
            if let checked = item.taskChecked { marker = checked ? "\u{2611}" : "\u{2610}" }
            number += 1
            let tabs = [NSTextTab(textAlignment: .right, location: c.headIndent - gap),
                        NSTextTab(textAlignment: .left, location: c.headIndent)]
            func markerStyle(_ spacing: CGFloat) -> NSMutableParagraphStyle {
                bodyStyle(c, spacing: spacing, firstLineIndent: context.headIndent, tabs: tabs)
            }
            beginBlock(.listItem)
            guard let first = item.children.first else {
                emit("\t\(marker)\t", c)
                finishParagraph(markerStyle(itemSpacing), c)
                continue
            }
            emit("\t\(marker)\t", c)
            if first.kind == .paragraph {
                inlines(first.children, c)
                finishParagraph(markerStyle(itemSpacing), c)
            } else {
                finishParagraph(markerStyle(0), c)
                block(first, c, tight: node.listTight)
            }
            for child in item.children.dropFirst() { block(child, c, tight: node.listTight) }
        }
    }

    /// A table: one paragraph per row, a tab between cells, and a tab stop per column placed
    /// from the widest cell (measured with the fonts' nominal advances) and aligned as the
    /// delimiter row says. The header row is bold. Rows share one block identity.
    mutating func table(_ node: MarkdownNode, _ context: Context, spacing: CGFloat) {
        let alignments = node.tableAlignments
        guard !alignments.isEmpty else { return }
        var header = context
        header.bold = true
        var widths = [CGFloat](repeating: 0, count: alignments.count)
        for (r, row) in node.children.enumerated() {
            for (i, cell) in row.children.prefix(alignments.count).enumerated() {
                widths[i] = max(widths[i], width(of: cell.children, r == 0 ? header : context))
            }
        }
        let gap = (context.font.pointSize * 1.2).rounded()
        var x = context.headIndent
        var tabs: [NSTextTab] = []
        // A left-aligned first column starts at the indent: no tab before it (a tab stop at the
        // line's start would be passed over).
        let leadingTab = alignments[0] == .right || alignments[0] == .center
        for (i, alignment) in alignments.enumerated() {
            if i == 0 && !leadingTab {
                x += widths[i] + gap
                continue
            }
            switch alignment {
            case .right: tabs.append(NSTextTab(textAlignment: .right, location: x + widths[i]))
            case .center: tabs.append(NSTextTab(textAlignment: .center, location: x + widths[i] / 2))
            case .left, .none: tabs.append(NSTextTab(textAlignment: .left, location: x))
            }
            x += widths[i] + gap
        }
        let identity = blockCount
        blockCount += 1
        for (r, row) in node.children.enumerated() {
            currentBlock = MarkdownBlock(kind: .tableRow(header: r == 0), identity: identity)
            let c = r == 0 ? header : context
            for (i, cell) in row.children.prefix(alignments.count).enumerated() {
                if i > 0 || leadingTab { emit("\t", c) }
                inlines(cell.children, c)
            }
            let style = paragraphStyle(context, spacing: r == node.children.count - 1 ? spacing + 4 : 2, alignment: .left,
                                       firstLineIndent: context.headIndent, tabs: tabs)
            // A row too long for the line wraps into its last column (when that one starts at a
            // left tab), else just inside the first.
            let last = alignments.count - 1
            style.headIndent = last > 0 && (alignments[last] == .left || alignments[last] == .none)
                ? tabs[tabs.count - 1].location : context.headIndent + gap
            style.paragraphSpacingBefore = r == 0 ? 4 : (r == 1 ? 4 : 0)
            style.hyphenationFactor = 0
            finishParagraph(style, c)
        }
    }

    /// The width of inlines set in `context`'s fonts, from nominal advances (no kerning; a
    /// character the font lacks counts as 0.6 em).
    mutating func width(of nodes: [MarkdownNode], _ context: Context) -> CGFloat {
        var total: CGFloat = 0
        for node in nodes {
            var c = context
            var text: String?
            switch node.kind {
            case .text(let t): text = t
            case .code(let t): c.code = true; text = t
            case .softBreak, .hardBreak: text = " "
            case .emphasis: c.italic = true
            case .strong: c.bold = true
            case .image: total += context.font.pointSize
            default: break
            }
            guard let text else {
                total += width(of: node.children, c)
                continue
            }
            let font = font(for: c)
            for scalar in text.unicodeScalars {
                total += font.glyph(for: scalar).map { font.advance(forGlyph: $0) } ?? font.pointSize * 0.6
            }
        }
        return total
    }
}
