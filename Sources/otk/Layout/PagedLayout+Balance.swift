import OpenTextKit

/// Column balancing (`otk render --balance`): the last page's columns end at the same height,
/// rather than the first ones full and the last one short.
///
/// The last page's column containers are all cut to one height, the least at which the page still
/// holds the rest of the text, found by bisection (each try relays out that page only, keep-with-next
/// included). "The same height" then means: every column ends less than one line (and the
/// paragraph's spacing) above that height, since one more line would have fitted in a column that
/// ended lower and let the height shrink. Lines that move together — a widow or orphan kept
/// company, a heading kept with the text after it — can make one column end up to those lines short.
/// A column never gets taller than its template made it.
extension PagedLayout {
    /// How close the bisection gets to the least height, in points.
    static let balanceTolerance: CGFloat = 0.5

    /// Cuts the last page's columns to the least common height that still holds the text (see
    /// the extension's notes). Pages of one column, and a scroll page, stay as they are.
    func balanceLastPage() {
        guard flow == .pages, let page = pages.indices.last, pages[page].containers.count > 1,
              holdsTheRest(page: page) else { return }
        let full = pages[page].template.columns.map(\.height)
        var fits = full.max() ?? 0
        var tooShort: CGFloat = 0
        while fits - tooShort > Self.balanceTolerance {
            let height = (fits + tooShort) / 2
            if layOut(page: page, columnHeights: full.map { min($0, height) }) { fits = height } else { tooShort = height }
        }
        _ = layOut(page: page, columnHeights: full.map { min($0, fits) })
        collectRanges()
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
