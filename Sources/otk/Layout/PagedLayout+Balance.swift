import OpenTextKit

/// Column balancing (`otk render --balance`): the last page's columns end at the same height,
/// rather than the first ones full and the last one short.
///
/// Column by column, left to right, the column and every one after it are cut to the least
/// height at which the page still holds the rest of the text (found by bisection to
/// ``balanceTolerance``; each try relays out that page only, keep-with-next included), and the
/// column keeps that height. So the text is shared out evenly: a column never holds fewer lines
/// than one after it, and at most one more. "The same height" means: the columns' last lines
/// end within one line (and the spacing after a paragraph) of each other. Lines that move
/// together — a widow or an orphan kept company, a heading kept with the text after it — can leave
/// no place to end a column a line earlier, and then the columns end within two lines (or the
/// lines kept together). Cutting every column to one height alone would not do: 118 lines in
/// three columns would end 40, 40 and 38 lines down. A column never gets taller than its template
/// made it, and earlier pages are untouched.
extension PagedLayout {
    /// How close each bisection gets to the least height, in points.
    static let balanceTolerance: CGFloat = 0.5

    /// Evens out the last page's columns (see the extension's notes). Pages of one column, and a
    /// scroll page, stay as they are.
    func balanceLastPage() {
        guard flow == .pages, let page = pages.indices.last, pages[page].containers.count > 1,
              holdsTheRest(page: page) else { return }
        var heights = pages[page].template.columns.map(\.height)
        for column in 0..<(heights.count - 1) {
            let least = leastHeight(page: page, from: column, heights: heights)
            for later in column..<heights.count { heights[later] = min(heights[later], least) }
        }
        _ = layOut(page: page, columnHeights: heights)
        collectRanges()
    }

    /// The least height that columns `column...` of page `page` may all be cut to (earlier ones
    /// `heights` tall) with the page still holding the rest of the text.
    private func leastHeight(page: Int, from column: Int, heights: [CGFloat]) -> CGFloat {
        var fits = heights[column...].max() ?? 0
        var tooShort: CGFloat = 0
        while fits - tooShort > Self.balanceTolerance {
            let height = (fits + tooShort) / 2
            var trial = heights
            for later in column..<trial.count { trial[later] = min(trial[later], height) }
            if layOut(page: page, columnHeights: trial) { fits = height } else { tooShort = height }
        }
        return fits
    }

    /// Relays page `page` out with its columns `heights` tall; whether it still holds the rest of the text.
    private func layOut(page: Int, columnHeights heights: [CGFloat]) -> Bool {
        for (container, height) in zip(pages[page].containers, heights) {
            container.size = CGSize(width: container.size.width, height: height)
        }
        if let last = pages[page].containers.last { layoutManager.ensureLayout(for: last) }
        keepWithNext(onPage: page)
        return holdsTheRest(page: page)
    }

    /// Whether the text ends in page `page`'s containers (none of it is left for later ones).
    private func holdsTheRest(page: Int) -> Bool {
        let glyphs = layoutManager.numberOfGlyphs
        guard glyphs > 0 else { return true }
        let end = pages[page].containers.map { NSMaxRange(layoutManager.glyphRange(for: $0)) }.max() ?? 0
        return end >= glyphs
    }
}
