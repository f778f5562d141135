import OpenTextKit

/// Keep-with-next: a paragraph that must stay with the text after it (a heading) never ends a
/// column. When a page's column ends with such lines while the text goes on, the column ends
/// below the lines before them (its container is made that tall), so the layout manager moves
/// them to the next column, above the text they introduce. And a paragraph that
/// opens a column takes no space before it (a heading's), so that columns start level.
extension PagedLayout {
    /// Headings of a Markdown document keep with the next paragraph, and so do the header rows
    /// of its tables.
    static func headingsKeepWithNext(_ storage: NSTextStorage) -> (Int) -> Bool {
        { character in
            guard character < storage.length,
                  let block = storage.attribute(.markdownBlock, at: character, effectiveRange: nil) as? MarkdownBlock else { return false }
            return block.headingLevel != nil || block.kind == .tableRow(header: true)
        }
    }

    /// Moves the keep-with-next lines that end a column of `page` to the next column, relaying the
    /// page out, until no column of the page ends with them (a few rounds at most: each round
    /// only shortens columns). A column holding nothing else keeps them.
    func keepWithNext(onPage page: Int) {
        guard let last = pages[page].containers.last else { return }
        for _ in 0..<(3 * pages[page].containers.count + 2) {
            var changed = false
            for container in pages[page].containers {
                if let keeps = keepsWithNext, shortenIfEndingWithKeptLines(container, keeps) { changed = true }
                if dropSpacingBeforeFirstLine(of: container) { changed = true }
            }
            guard changed else { return }
            layoutManager.ensureLayout(for: last)
        }
    }

    /// Relays out without the space before the paragraph that opens `container`, if it has any;
    /// whether it did.
    private func dropSpacingBeforeFirstLine(of container: NSTextContainer) -> Bool {
        let range = layoutManager.glyphRange(for: container)
        guard range.length > 0, !tracker.noSpacingBefore.contains(range.location) else { return false }
        let character = layoutManager.characterIndexForGlyph(at: range.location)
        guard character < storage.length,
              storage.paragraphRange(for: NSRange(location: character, length: 0)).location == character,
              let style = storage.attribute(.paragraphStyle, at: character, effectiveRange: nil) as? NSParagraphStyle,
              style.paragraphSpacingBefore > 0 else { return false }
        tracker.noSpacingBefore.insert(range.location)
        layoutManager.invalidateLayout(forCharacterRange: NSRange(location: character, length: 1), actualCharacterRange: nil)
        return true
    }

    /// Ends `container` below its lines before the keep-with-next lines at its end (its height
    /// shrinks to there), when the text goes on after them; whether it did. The lines then fit
    /// no more and flow on to the next column as any line that does not fit.
    private func shortenIfEndingWithKeptLines(_ container: NSTextContainer, _ keeps: (Int) -> Bool) -> Bool {
        let range = layoutManager.glyphRange(for: container)
        guard range.length > 0, layoutManager.isValidGlyphIndex(NSMaxRange(range)) else { return false }
        var lines: [(glyphs: NSRange, rect: CGRect)] = []
        layoutManager.enumerateLineFragments(forGlyphRange: range) { rect, _, lineContainer, glyphs, _ in
            if lineContainer === container { lines.append((glyphs, rect)) }
        }
        var kept = lines.count
        while kept > 0, keeps(layoutManager.characterIndexForGlyph(at: lines[kept - 1].glyphs.location)) { kept -= 1 }
        guard kept > 0, kept < lines.count else { return false }
        let bottom = lines[kept - 1].rect.maxY
        guard bottom < container.size.height, bottom > 0 else { return false }
        container.size = CGSize(width: container.size.width, height: bottom)
        return true
    }
}
