import OpenTextKit

/// Tables (Markdown's, whose rows are tab-stopped paragraphs) that are wider than the column are
/// set smaller to fit it, as a typographer would rather than let their rows wrap: fonts and tab
/// stops scale by the same factor, down to ``smallestScale``. A table still too wide has its
/// columns drawn closer, so that the last tab stop is by ``lastColumnLimit`` of the width: a cell wider
/// than its column pushes the rest of its row down to the next line, where the row's wrapped
/// lines start at the last column.
enum TableFitting {
    static let smallestScale: CGFloat = 0.6
    static let lastColumnLimit: CGFloat = 0.6

    /// Scales each table of `text` wider than `width` points.
    static func fit(_ text: NSMutableAttributedString, width: CGFloat) {
        guard width > 0, text.length > 0 else { return }
        for rows in tables(in: text) {
            let natural = rows.map { text.attributedSubstring(from: $0).size().width }.max() ?? 0
            guard natural > width else { continue }
            // A little under the exact ratio: the measure and the layout may differ by rounding.
            let factor = max(smallestScale, width / natural * 0.95)
            for row in rows { scale(row, in: text, by: factor) }
            if natural * factor > width {
                for row in rows { drawColumnsCloser(row, in: text, width: width) }
            }
        }
    }

    /// The row ranges (without their line feeds) of each table, tables in text order.
    private static func tables(in text: NSAttributedString) -> [[NSRange]] {
        var tables: [Int: [NSRange]] = [:]
        var order: [Int] = []
        text.enumerateAttribute(.markdownBlock, in: NSRange(location: 0, length: text.length), options: []) { value, range, _ in
            guard let block = value as? MarkdownBlock, case .tableRow = block.kind else { return }
            if tables[block.identity] == nil { order.append(block.identity) }
            tables[block.identity, default: []].append(range)
        }
        return order.map { identity in
            // Runs of a table → its paragraphs.
            var rows: [NSRange] = []
            for range in tables[identity] ?? [] {
                let paragraph = text.paragraphRange(for: range)
                if rows.last.map({ NSEqualRanges($0, paragraph) }) != true { rows.append(paragraph) }
            }
            return rows.map { row in
                let end = row.location + row.length
                let hasBreak = row.length > 0 && text.attributedSubstring(from: NSRange(location: end - 1, length: 1)).string == "\n"
                return NSRange(location: row.location, length: row.length - (hasBreak ? 1 : 0))
            }
        }
    }

    /// Moves a row's tab stops (and its wrapped lines' indent) in proportionally when its last
    /// column would start past ``lastColumnLimit`` of `width`.
    private static func drawColumnsCloser(_ row: NSRange, in text: NSMutableAttributedString, width: CGFloat) {
        guard row.length > 0, let style = text.attribute(.paragraphStyle, at: row.location, effectiveRange: nil) as? NSParagraphStyle,
              let last = style.tabStops.last?.location else { return }
        let origin = style.firstLineHeadIndent, limit = width * lastColumnLimit
        guard last - origin > limit, last > origin else { return }
        restyle(row, in: text, style: style, factor: limit / (last - origin))
    }

    private static func scale(_ row: NSRange, in text: NSMutableAttributedString, by factor: CGFloat) {
        guard row.length > 0 else { return }
        DocumentStyler.scaleFonts(of: text, in: row, by: factor)
        guard let style = text.attribute(.paragraphStyle, at: row.location, effectiveRange: nil) as? NSParagraphStyle else { return }
        restyle(row, in: text, style: style, factor: factor)
    }

    /// `style` with its tab stops and head indent moved towards the first line's indent by `factor`.
    private static func restyle(_ row: NSRange, in text: NSMutableAttributedString, style: NSParagraphStyle, factor: CGFloat) {
        guard let mutable = style.mutableCopy() as? NSMutableParagraphStyle else { return }
        let origin = style.firstLineHeadIndent
        mutable.tabStops = style.tabStops.map {
            NSTextTab(textAlignment: $0.alignment, location: origin + ($0.location - origin) * factor, options: $0.options)
        }
        mutable.headIndent = origin + (style.headIndent - origin) * factor
        text.addAttribute(.paragraphStyle, value: mutable, range: row)
    }
}
