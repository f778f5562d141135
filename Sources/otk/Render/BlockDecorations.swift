import OpenTextKit

/// What a page shows around a Markdown document's blocks, drawn under and beside the text: a
/// tinted box behind each code block (per column, where a block breaks across columns), a
/// continuation sign (↪) where a code line wraps, rules above, below and under the header of
/// each table, and a bar beside each block quote. Found from the laid-out lines of the page's containers. The sign is drawn as an
/// outline, not text, so that code copied from a PDF is the code.
struct BlockDecorations {
    var boxes: [CGRect] = []
    /// Rules as (from, to) points.
    var rules: [(CGPoint, CGPoint)] = []
    /// The bars beside block quotes, as (top, bottom) points.
    var quoteRules: [(CGPoint, CGPoint)] = []
    /// Continuation signs: where each goes (the left end of its line's baseline) and its size.
    var continuations: [(CGPoint, CGFloat)] = []

    static let boxColor = UIColor(red: 0.95, green: 0.95, blue: 0.93, alpha: 1)
    static let ruleColor = UIColor(white: 0.35, alpha: 1)
    static let signColor = UIColor(white: 0.55, alpha: 1)
    static let quoteRuleColor = UIColor(white: 0.8, alpha: 1)
    /// How far left of a quote's text its bar stands.
    static let quoteRuleOffset: CGFloat = 10

    /// One laid-out line of a decorated block.
    private struct Line {
        var block: MarkdownBlock
        var used: CGRect
        /// The baseline's y on the page.
        var baseline: CGFloat
        var style: NSParagraphStyle
        var startsParagraph: Bool
        var fontSize: CGFloat
    }

    /// The decorations of `page` of `layout`, in page coordinates.
    init(page: PagedLayout.Page, layout: PagedLayout) {
        let manager = layout.layoutManager
        let storage = layout.storage
        for ((range, origin), container) in zip(zip(page.glyphRanges, page.origins), page.containers) where range.length > 0 {
            var lines: [Line] = []
            manager.enumerateLineFragments(forGlyphRange: range) { rect, used, lineContainer, glyphRange, _ in
                guard lineContainer === container, glyphRange.length > 0 else { return }
                let character = manager.characterIndexForGlyph(at: glyphRange.location)
                guard character < storage.length, let block = storage.attribute(.markdownBlock, at: character, effectiveRange: nil) as? MarkdownBlock else { return }
                switch block.kind {
                case .codeBlock, .tableRow, .blockQuote: break
                default: return
                }
                let style = storage.attribute(.paragraphStyle, at: character, effectiveRange: nil) as? NSParagraphStyle ?? .default
                let starts = storage.paragraphRange(for: NSRange(location: character, length: 0)).location == character
                let font = storage.attribute(.font, at: character, effectiveRange: nil) as? UIFont
                let baseline = origin.y + rect.minY + manager.location(forGlyphAt: glyphRange.location).y
                lines.append(Line(block: block, used: used.offsetBy(dx: origin.x, dy: origin.y), baseline: baseline, style: style,
                                  startsParagraph: starts, fontSize: font?.pointSize ?? 10))
            }
            add(lines, columnLeft: origin.x + container.lineFragmentPadding,
                columnRight: origin.x + container.size.width - container.lineFragmentPadding)
        }
    }

    /// Adds the decorations of a column's lines (grouped by block).
    private mutating func add(_ lines: [Line], columnLeft: CGFloat, columnRight: CGFloat) {
        var start = 0
        while start < lines.count {
            var end = start + 1
            // A block's lines; a quote's paragraphs (a block each) make one group while they follow
            // each other at the same indent.
            while end < lines.count, lines[end].block.identity == lines[start].block.identity
                    || (lines[end].block.kind == .blockQuote && lines[start].block.kind == .blockQuote
                        && lines[end].style.headIndent == lines[start].style.headIndent) { end += 1 }
            let group = lines[start..<end]
            let top = group.map(\.used.minY).min() ?? 0, bottom = group.map(\.used.maxY).max() ?? 0
            let first = group[group.startIndex]
            let inset = MarkdownBlock.codeBlockInset
            switch first.block.kind {
            case .codeBlock:
                let left = columnLeft + first.style.firstLineHeadIndent - inset
                let right = columnRight + min(0, first.style.tailIndent) + inset
                boxes.append(CGRect(x: left, y: top - inset / 2, width: max(0, right - left), height: bottom - top + inset))
                for line in group where !line.startsParagraph {
                    continuations.append((CGPoint(x: columnLeft + line.style.firstLineHeadIndent, y: line.baseline), line.fontSize))
                }
            case .tableRow:
                let left = columnLeft + first.style.firstLineHeadIndent
                let right = min(columnRight, group.map(\.used.maxX).max() ?? left)
                rules.append((CGPoint(x: left, y: top - 2), CGPoint(x: right, y: top - 2)))
                rules.append((CGPoint(x: left, y: bottom + 2), CGPoint(x: right, y: bottom + 2)))
                if case .tableRow(header: true) = first.block.kind {
                    let headerBottom = group.filter { $0.block.kind == first.block.kind }.map(\.used.maxY).max() ?? top
                    rules.append((CGPoint(x: left, y: headerBottom + 1.5), CGPoint(x: right, y: headerBottom + 1.5)))
                }
            case .blockQuote:
                // A rule down the quote's left side, in its indent.
                let x = columnLeft + first.style.headIndent - Self.quoteRuleOffset
                quoteRules.append((CGPoint(x: x, y: top), CGPoint(x: x, y: bottom)))
            default:
                break
            }
            start = end
        }
    }

    /// Draws the boxes (under the text: call before drawing the glyphs).
    func drawBackgrounds(in context: CGContext) {
        guard !boxes.isEmpty else { return }
        context.setFillColor(Self.boxColor)
        for box in boxes { context.fill(box) }
    }

    /// Strokes `segments` in one path.
    private func stroke(_ segments: [(CGPoint, CGPoint)], color: UIColor, width: CGFloat, in context: CGContext) {
        guard !segments.isEmpty else { return }
        context.setStrokeColor(color)
        context.setLineWidth(width)
        for (from, to) in segments {
            context.move(to: from)
            context.addLine(to: to)
        }
        context.strokePath()
    }

    /// Draws the rules, the quotes' bars and the continuation signs.
    func drawForegrounds(in context: CGContext) {
        stroke(quoteRules, color: Self.quoteRuleColor, width: 2.5, in: context)
        stroke(rules, color: Self.ruleColor, width: 0.6, in: context)
        guard !continuations.isEmpty else { return }
        context.setFillColor(Self.signColor)
        for (point, size) in continuations {
            guard let path = Self.sign(size: size) else { continue }
            context.saveGState()
            context.translateBy(x: point.x, y: point.y)
            context.addPath(path)
            context.fillPath()
            context.restoreGState()
        }
    }

    /// The outline of ↪ at `size` points, y down from the baseline (nil when no font has it).
    static func sign(size: CGFloat) -> CGPath? {
        let mono = UIFont.monospacedSystemFont(ofSize: size, weight: .regular)
        let font = mono.glyph(for: "\u{21AA}") != nil ? mono : mono.fallbackFont(for: "\u{21AA}")
        guard let font, let glyph = font.glyph(for: "\u{21AA}") else { return nil }
        return font.cgPath(forGlyph: glyph)
    }
}
