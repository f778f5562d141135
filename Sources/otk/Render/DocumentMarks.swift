import OpenTextKit

/// A document's link targets and outline, for PDF output: each `.markdownAnchors` name becomes a
/// named destination at the top of its line (a `#name` link jumps there), and each Markdown
/// heading an outline entry (a bookmark), nested by level, that goes to the heading.
struct DocumentMarks {
    struct Anchor {
        var character: Int
        var names: [String]
    }

    struct Heading {
        var title: String
        var level: Int
        /// The destination the entry goes to (the heading's slug).
        var destination: String
    }

    private(set) var anchors: [Anchor] = []
    private(set) var headings: [Heading] = []

    /// The anchors and headings of `storage`, in text order. A name used twice names its first place.
    init(storage: NSTextStorage) {
        let all = NSRange(location: 0, length: storage.length)
        var seen = Set<String>()
        storage.enumerateAttribute(.markdownAnchors, in: all, options: []) { value, range, _ in
            guard let names = value as? [String] else { return }
            let fresh = names.filter { seen.insert($0).inserted }
            if !fresh.isEmpty { anchors.append(Anchor(character: range.location, names: fresh)) }
        }
        var lastIdentity = -1
        storage.enumerateAttribute(.markdownBlock, in: all, options: []) { value, range, _ in
            guard let block = value as? MarkdownBlock, let level = block.headingLevel else { return }
            let text = storage.attributedSubstring(from: range).string.filter { $0 != "\u{200B}" && !$0.isNewline }
            if block.identity == lastIdentity, !headings.isEmpty {
                headings[headings.count - 1].title += text  // the heading's next run (emphasis, code…)
                return
            }
            let names = storage.attribute(.markdownAnchors, at: range.location, effectiveRange: nil) as? [String]
            guard let slug = names?.last else { return }
            lastIdentity = block.identity
            headings.append(Heading(title: text, level: level, destination: slug))
        }
        for i in headings.indices {
            let title = headings[i].title.trimmingCharacters(in: .whitespaces)
            headings[i].title = title.isEmpty ? headings[i].destination : title
        }
    }

    /// Every name a link can go to.
    var names: Set<String> { Set(anchors.flatMap(\.names)) }

    /// The anchors of each page of `layout`, by page index, with their first glyphs: one pass
    /// over the anchors, each found among the pages by binary search.
    func anchorsByPage(in layout: PagedLayout) -> [Int: [(glyph: Int, names: [String])]] {
        let manager = layout.layoutManager
        let starts = layout.pages.map { page in page.glyphRanges.first { $0.length > 0 }?.location ?? Int.max }
        var byPage: [Int: [(glyph: Int, names: [String])]] = [:]
        for anchor in anchors {
            // (Floated figures were taken out of the text after the anchors were found.)
            let character = layout.currentCharacter(forOriginal: anchor.character)
            guard character < layout.storage.length else { continue }
            let glyph = manager.glyphIndexForCharacter(at: character)
            // The last page that starts at or before the glyph.
            var low = 0, high = starts.count
            while low < high {
                let mid = (low + high) / 2
                if starts[mid] <= glyph { low = mid + 1 } else { high = mid }
            }
            if low > 0 { byPage[low - 1, default: []].append((glyph, anchor.names)) }
        }
        return byPage
    }

    /// Names the destinations `anchors` (from ``anchorsByPage(in:)``) on `page` (call while the
    /// page is open in a PDF context), each at the top left of its line's text.
    func addDestinations(_ anchors: [(glyph: Int, names: [String])], page: PagedLayout.Page, layout: PagedLayout, in context: CGContext) {
        let manager = layout.layoutManager
        for (glyph, names) in anchors {
            guard let c = page.glyphRanges.firstIndex(where: { NSLocationInRange(glyph, $0) }) else { continue }
            // The fragment spans the column; the glyph's location within it holds the indent.
            let line = manager.lineFragmentRect(forGlyphAt: glyph, effectiveRange: nil)
            let x = line.minX + manager.location(forGlyphAt: glyph).x
            let point = CGPoint(x: page.origins[c].x + x, y: page.origins[c].y + line.minY)
            for name in names { context.addDestination(name, at: point) }
        }
    }

    /// Adds the outline: one entry per heading, under the nearest earlier heading of a higher
    /// level; top-level entries open.
    func addOutline(in context: CGContext) {
        var parents: [(level: Int, id: Int)] = []
        for heading in headings {
            while let last = parents.last, last.level >= heading.level { parents.removeLast() }
            let id = context.addOutlineItem(title: heading.title, destination: heading.destination,
                                            parent: parents.last?.id ?? 0, isOpen: parents.isEmpty)
            if id > 0 { parents.append((heading.level, id)) }
        }
    }

    /// Removes `#name` links whose name no anchor has (a PDF link needs its destination), so
    /// that they read as plain text.
    static func removeBrokenInternalLinks(in storage: NSTextStorage, names: Set<String>) {
        let all = NSRange(location: 0, length: storage.length)
        var broken: [NSRange] = []
        storage.enumerateAttribute(.link, in: all, options: []) { value, range, _ in
            let url = value as? URL ?? (value as? String).flatMap(URL.init(string:))
            guard let url, url.scheme == nil, url.host == nil, url.path.isEmpty, let fragment = url.fragment else { return }
            if !names.contains(fragment.removingPercentEncoding ?? fragment) { broken.append(range) }
        }
        for range in broken { storage.removeAttribute(.link, range: range) }
    }
}
