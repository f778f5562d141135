import OpenTextKit

/// Text poured into pages: one `NSLayoutManager` over the document's storage, with one
/// `NSTextContainer` per column per page, added until all the text fits.
///
/// Each container sits on its page at its column's rect widened by the line fragment padding on
/// both sides, so that the text's edges line up with the column and text keeps the padding's
/// distance from exclusion shapes. Page exclusions are moved into each container's coordinates.
final class PagedLayout {
    enum Flow: String, CaseIterable {
        /// As many pages as the text needs.
        case pages
        /// One page as tall as the text.
        case scroll
    }

    /// A laid-out page.
    struct Page {
        var template: PageTemplate
        /// The page's containers, one per column, and where each sits on the page.
        var containers: [NSTextContainer]
        var origins: [CGPoint]
        /// The glyphs in each container (empty ranges for containers the text did not reach).
        var glyphRanges: [NSRange] = []
        /// Line fragments on the page.
        var lineCount = 0

        var glyphRange: NSRange {
            let filled = glyphRanges.filter { $0.length > 0 }
            guard let first = filled.first, let last = filled.last else { return NSRange(location: 0, length: 0) }
            return NSRange(location: first.location, length: last.location + last.length - first.location)
        }
    }

    /// The most pages a document may take.
    static let maximumPages = 10_000
    /// The most pages made before any text is laid out.
    static let initialPageLimit = 64
    /// The tallest scroll page, in points (the graphics layer's page limit).
    static let maximumScrollHeight: CGFloat = 1_000_000
    /// Horizontal space kept between text and the shapes it flows around (TextKit's default padding).
    static let padding: CGFloat = 5

    let storage: NSTextStorage
    let layoutManager = NSLayoutManager()
    /// Whether the paragraph holding a character must not end a column (headings); nil: any may.
    var keepsWithNext: ((Int) -> Bool)?
    /// Whether a line may break at a word boundary before a character (the layout manager
    /// delegate's say); nil: wherever the line breaker finds one.
    var allowsWordBreak: ((Int) -> Bool)?
    /// Whether a line may end with a hyphen before a character (the layout manager delegate's
    /// say); nil: wherever the hyphenator finds a point.
    var allowsHyphenation: ((Int) -> Bool)?
    /// Whether the last page's columns end at the same height (PagedLayout+Balance.swift).
    var balancesLastPage = false
    /// Whether figures that would leave a column's foot empty float to the next column's top
    /// (PagedLayout+Floats.swift; pages flow only).
    var floatsFigures = false
    /// The figures floated so far, in the order they were taken out of the text.
    var floatedFigures: [FloatedFigure] = []
    private(set) var pages: [Page] = []
    private let template: (Int) -> PageTemplate
    let flow: Flow
    let tracker = ContainerTracker()

    /// Prepares a layout of `storage` whose page `i` (0-based) looks like `template(i)`.
    init(storage: NSTextStorage, flow: Flow, template: @escaping (Int) -> PageTemplate) {
        self.storage = storage
        self.flow = flow
        self.template = template
    }

    /// Lays the whole text out, adding pages until it fits. Reports each page laid out to
    /// `progress`. Throws when the text cannot fit: a page on which no line fits, or more than
    /// ``maximumPages`` pages.
    func layOut(progress: ProgressReporter?) throws {
        layoutManager.delegate = tracker
        tracker.allowsWordBreak = allowsWordBreak
        tracker.allowsHyphenation = allowsHyphenation
        // Containers added before the storage is attached cost nothing to add; later additions
        // invalidate the flow's tail. So guess the page count first, generously.
        let estimate = flow == .scroll ? 1 : estimatedPageCount()
        for _ in 0..<estimate { addPage() }
        storage.addLayoutManager(layoutManager)
        let length = storage.length

        var page = 0
        while true {
            if page >= pages.count {
                guard pages.count < Self.maximumPages else {
                    throw OTKError("the text needs more than \(Self.maximumPages) pages; use a larger page or a smaller font")
                }
                // Add pages in a batch (one relayout of the paragraph that overflowed): as many
                // again as the text has needed per character so far.
                // (Glyphs stand in for characters: about one each in most text.)
                let done = max(1, tracker.glyphEnd)
                let perGlyph = Double(pages.count) / Double(done)
                let more = min(Int(saturating: (Double(max(0, length - done)) * perGlyph * 1.1).rounded(.up)), Int.max - 1) + 1
                // At most double the pages at a time: a guess from little text can be far off.
                for _ in 0..<min(max(1, more), max(4, pages.count), Self.maximumPages - pages.count) { addPage() }
            }
            guard let last = pages[page].containers.last else { break }
            layoutManager.ensureLayout(for: last)
            keepWithNext(onPage: page)
            if floatsFigures && flow == .pages && floatFigures(onPage: page) { keepWithNext(onPage: page) }
            // Done when a line holds the last glyph: the glyph after the furthest line is past the
            // end (which makes glyphs only for the next paragraph, unlike counting all of them).
            let finished = !layoutManager.isValidGlyphIndex(tracker.glyphEnd)
            progress?.laidOut(page: page + 1, fraction: finished ? 1 : min(1, Double(tracker.glyphEnd) / Double(max(1, length))))
            if finished { break }
            if flow == .scroll {
                throw OTKError("the text does not fit: \(unfitReason(page: page))")
            }
            let lastContainerReached = tracker.furthestContainer.map { tracker.pageOf[$0] ?? -1 } ?? -1
            if pages[page].template.isRegular && lastContainerReached < page {
                throw OTKError("no text fits on page \(page + 1): \(unfitReason(page: page))")
            }
            page += 1
        }
        collectRanges()
        // Pages after the last one with text were guesses: drop them (keep at least one). Their
        // containers stay in the layout manager, empty, which costs nothing.
        let used = (pages.lastIndex { $0.glyphRanges.contains { $0.length > 0 } } ?? 0) + 1
        pages.removeLast(pages.count - used)
        if flow == .scroll { try fitScrollPage() }
        if balancesLastPage { balanceLastPage() }
    }

    /// Why text may not fit on a page built from `template`, for the error message.
    private func unfitReason(page: Int) -> String {
        let template = pages[page].template
        if template.shape != nil { return "the --shape leaves no room for the next line (or the text needs a larger shape)" }
        if !template.exclusions.isEmpty { return "the exclusions leave no room for a line, or a line is taller than the column" }
        return "a line is taller than the column or wider than the page allows"
    }

    // MARK: Pages

    func addPage() {
        let index = pages.count
        var template = template(index)
        if flow == .scroll {
            // Scroll: one column as tall as needed; a shape bounds it (nothing fits below it).
            let bottom = template.shape.map { $0.bounds.maxY } ?? template.size.height
            template.columns = template.columns.prefix(1).map { column in
                CGRect(x: column.minX, y: column.minY, width: column.width,
                       height: template.shape == nil ? CGFloat.greatestFiniteMagnitude : max(1, bottom - column.minY))
            }
        }
        var containers: [NSTextContainer] = []
        var origins: [CGPoint] = []
        for column in template.columns {
            let origin = CGPoint(x: column.minX - Self.padding, y: column.minY)
            let container = NSTextContainer(size: CGSize(width: column.width + 2 * Self.padding, height: column.height))
            container.lineFragmentPadding = Self.padding
            let paths = template.exclusionPaths(forContainerAt: origin, size: container.size)
            if !paths.isEmpty { container.exclusionPaths = paths }
            layoutManager.addTextContainer(container)
            tracker.pageOf[ObjectIdentifier(container)] = index
            tracker.order[ObjectIdentifier(container)] = layoutManager.textContainers.count - 1
            containers.append(container)
            origins.append(origin)
        }
        pages.append(Page(template: template, containers: containers, origins: origins))
    }

    /// A first guess at the number of pages: the text's characters over what a page of the
    /// first regular template holds at the body font's size (about half an em per character).
    private func estimatedPageCount() -> Int {
        let length = storage.length
        guard length > 0 else { return 1 }
        let font = storage.attribute(.font, at: length / 2, effectiveRange: nil) as? UIFont
        let size = max(4, font?.pointSize ?? 12)
        let regular = template(1)
        let area = regular.columns.reduce(0) { $0 + max(0, $1.width) * max(0, min($1.height, 1e6)) }
        let perPage = max(1, area / (size * 0.5 * size * 1.25))
        let guess = min(Int(saturating: (CGFloat(length) / perPage * 1.1).rounded(.up)), Int.max - 1) + 1
        // Modest at first: pages that text cannot reach cost a walk through their containers when a
        // line fits nowhere; more are added in growing batches when the text needs them.
        return min(max(1, guess), Self.initialPageLimit)
    }

    /// Fills each page's glyph ranges and line counts in one pass over the line fragments.
    func collectRanges() {
        var ranges = [NSRange?](repeating: nil, count: layoutManager.textContainers.count)
        var lines = [Int](repeating: 0, count: layoutManager.textContainers.count)
        let all = NSRange(location: 0, length: layoutManager.numberOfGlyphs)
        layoutManager.enumerateLineFragments(forGlyphRange: all) { _, _, container, glyphRange, _ in
            guard let index = self.tracker.order[ObjectIdentifier(container)] else { return }
            lines[index] += 1
            if let range = ranges[index] {
                ranges[index] = NSRange(location: range.location, length: glyphRange.location + glyphRange.length - range.location)
            } else {
                ranges[index] = glyphRange
            }
        }
        var containerIndex = 0
        for p in pages.indices {
            pages[p].glyphRanges = []
            pages[p].lineCount = 0
            for _ in pages[p].containers {
                pages[p].glyphRanges.append(ranges[containerIndex] ?? NSRange(location: 0, length: 0))
                pages[p].lineCount += lines[containerIndex]
                containerIndex += 1
            }
        }
    }

    /// Scroll flow: the page ends below the text (and below any decoration), with the bottom
    /// margin the template left under its column.
    private func fitScrollPage() throws {
        guard var page = pages.first, let container = page.containers.first, let origin = page.origins.first else { return }
        let used = layoutManager.usedRect(for: container)
        var bottom = origin.y + used.maxY
        for decoration in page.template.decorations {
            switch decoration {
            case .title(_, let rect), .image(_, let rect): bottom = max(bottom, rect.maxY)
            case .shape(let path, _, _): bottom = max(bottom, path.bounds.maxY)
            }
        }
        if let shape = page.template.shape { bottom = max(bottom, shape.bounds.maxY) }
        let height = (bottom + page.template.bottomMargin).rounded(.up)
        guard height <= Self.maximumScrollHeight else {
            throw OTKError("the text is \(Int(saturating: height)) pt tall, more than a scroll page can be (\(Int(saturating: Self.maximumScrollHeight)) pt); use --flow pages")
        }
        page.template.size.height = max(1, height)
        pages[0] = page
    }
}

/// Watches line fragments go into containers, to tell when a page took no text; and drops the
/// space before paragraphs that open a column.
final class ContainerTracker: NSLayoutManagerDelegate {
    /// First glyphs of paragraphs that start a column: no space before them.
    var noSpacingBefore = Set<Int>()
    var allowsWordBreak: ((Int) -> Bool)?
    var allowsHyphenation: ((Int) -> Bool)?

    /// Page index and flow position of each container.
    var pageOf: [ObjectIdentifier: Int] = [:]
    var order: [ObjectIdentifier: Int] = [:]
    /// The container furthest along the flow that received a line fragment.
    private(set) var furthestContainer: ObjectIdentifier?
    private var furthestOrder = -1
    /// The end of the furthest glyph range laid out in a line.
    private(set) var glyphEnd = 0

    /// Forgets the lines from `glyph` on (text there was taken out: their glyphs moved), so that
    /// ``glyphEnd`` is found again as they are laid out anew.
    func forgetLinesFrom(glyph: Int) {
        glyphEnd = min(glyphEnd, glyph)
    }

    func layoutManager(_ layoutManager: NSLayoutManager, shouldSetLineFragmentRect lineFragmentRect: UnsafeMutablePointer<CGRect>,
                       lineFragmentUsedRect: UnsafeMutablePointer<CGRect>, baselineOffset: UnsafeMutablePointer<CGFloat>,
                       in textContainer: NSTextContainer, forGlyphRange glyphRange: NSRange) -> Bool {
        glyphEnd = max(glyphEnd, glyphRange.location + glyphRange.length)
        let id = ObjectIdentifier(textContainer)
        if let position = order[id], position > furthestOrder {
            furthestOrder = position
            furthestContainer = id
        }
        return false
    }

    func layoutManager(_ layoutManager: NSLayoutManager, shouldBreakLineByWordBeforeCharacterAt charIndex: Int) -> Bool {
        allowsWordBreak?(charIndex) ?? true
    }

    func layoutManager(_ layoutManager: NSLayoutManager, shouldBreakLineByHyphenatingBeforeCharacterAt charIndex: Int) -> Bool {
        allowsHyphenation?(charIndex) ?? true
    }

    func layoutManager(_ layoutManager: NSLayoutManager, paragraphSpacingBeforeGlyphAt glyphIndex: Int,
                       withProposedLineFragmentRect rect: CGRect) -> CGFloat {
        noSpacingBefore.contains(glyphIndex) ? 0 : .nan
    }
}
