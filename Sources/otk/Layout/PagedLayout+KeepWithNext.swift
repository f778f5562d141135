import OpenTextKit

/// Keep-with-next: a paragraph that must stay with the text after it (a heading) never ends a
/// column. When a page's column ends with such lines while the text goes on, the column is
/// limited to the lines before them (its container's `maximumNumberOfLines`), so the layout
/// manager moves them to the next column, above the text they introduce.
extension PagedLayout {
    /// Headings of a Markdown document keep with the next paragraph.
    static func headingsKeepWithNext(_ storage: NSTextStorage) -> (Int) -> Bool {
        { character in
            character < storage.length
                && (storage.attribute(.markdownBlock, at: character, effectiveRange: nil) as? MarkdownBlock)?.headingLevel != nil
        }
    }

    /// Moves the keep-with-next lines that end a column of `page` to the next column, relaying the
    /// page out, until no column of the page ends with them (a few rounds at most: each round
    /// only shortens columns). A column holding nothing else keeps them.
    func keepWithNext(onPage page: Int) {
        guard let keeps = keepsWithNext, let last = pages[page].containers.last else { return }
        for _ in 0..<(2 * pages[page].containers.count + 2) {
            var changed = false
            for container in pages[page].containers where shortenIfEndingWithKeptLines(container, keeps) {
                changed = true
            }
            guard changed else { return }
            layoutManager.ensureLayout(for: last)
        }
    }

    /// Limits `container` to its lines before the keep-with-next lines at its end, when the
    /// text goes on after them; whether it did.
    private func shortenIfEndingWithKeptLines(_ container: NSTextContainer, _ keeps: (Int) -> Bool) -> Bool {
        let range = layoutManager.glyphRange(for: container)
        guard range.length > 0, layoutManager.isValidGlyphIndex(NSMaxRange(range)) else { return false }
        var lines: [NSRange] = []
        layoutManager.enumerateLineFragments(forGlyphRange: range) { _, _, lineContainer, glyphs, _ in
            if lineContainer === container { lines.append(glyphs) }
        }
        var kept = lines.count
        while kept > 0, keeps(layoutManager.characterIndexForGlyph(at: lines[kept - 1].location)) { kept -= 1 }
        guard kept > 0, kept < lines.count else { return false }
        container.maximumNumberOfLines = kept
        return true
    }
}
