import TextKit
import TextKitGraphics
import TextKitModel

/// A label's private TextKit stack: storage, layout manager and one container with no line
/// fragment padding and no font leading, as string drawing lays text out, so a label measures
/// what `boundingRect(with:options:context:)` measures.
final class LabelTextStack {
    let storage = NSTextStorage()
    let layoutManager = NSLayoutManager()
    let container = NSTextContainer(size: .zero)

    /// Widths beyond this are "no limit" (the layout treats `greatestFiniteMagnitude` as unbounded).
    static let unbounded = CGFloat.greatestFiniteMagnitude

    init() {
        container.lineFragmentPadding = 0
        layoutManager.usesFontLeading = false
        storage.addLayoutManager(layoutManager)
        layoutManager.addTextContainer(container)
    }

    /// One laid-out line.
    struct Line {
        var rect: CGRect
        var usedRect: CGRect
        var glyphs: NSRange
    }

    /// What a layout produced: the lines shown and facts about what was left out.
    struct Result {
        /// The lines shown, top to bottom.
        var lines: [Line]
        /// The union of the lines' used rects (container coordinates; `.zero` without lines).
        var usedRect: CGRect
        /// The glyphs to draw.
        var glyphs: NSRange
        /// Whether every character is on a line shown, none hidden by truncation.
        var showsAllText: Bool
        /// The first line's baseline from the container's top (0 without lines).
        var firstBaseline: CGFloat
    }

    /// Lays `text` out `width` wide (nil: no limit) on at most `maximumLines` lines (0: any), the
    /// last one ended by `mode`; with a `height`, only the lines that fit it are kept (at least
    /// one), the last of them ended by `mode`.
    func layOut(_ text: NSAttributedString, width: CGFloat?, maximumLines: Int, height: CGFloat?,
                mode: NSLineBreakMode) -> Result {
        if storage.length > 0 || text.length > 0 { storage.setAttributedString(text) }
        container.lineBreakMode = mode
        container.maximumNumberOfLines = max(maximumLines, 0)
        container.size = CGSize(width: width ?? Self.unbounded, height: Self.unbounded)
        var result = collect(limit: maximumLines)
        if let height, result.lines.count > 1, result.usedRect.maxY > height + 0.01 {
            let fitting = max(1, result.lines.prefix { $0.usedRect.maxY <= height + 0.01 }.count)
            container.maximumNumberOfLines = fitting
            result = collect(limit: fitting)
        }
        return result
    }

    /// The lines laid out, at most `limit` of them (0: all). With a line limit TextKit may place
    /// a line for each later paragraph too; those are not shown.
    private func collect(limit: Int) -> Result {
        let manager = layoutManager
        let length = storage.length
        guard length > 0 else {
            return Result(lines: [], usedRect: .zero, glyphs: NSRange(location: 0, length: 0), showsAllText: true, firstBaseline: 0)
        }
        manager.ensureLayout(for: container)
        var lines: [Line] = []
        manager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: manager.numberOfGlyphs)) { rect, used, _, glyphs, stop in
            lines.append(Line(rect: rect, usedRect: used, glyphs: glyphs))
            if limit > 0, lines.count >= limit { stop.pointee = true }
        }
        var used = CGRect.null
        for line in lines { used = used.union(line.usedRect) }
        let end = lines.last.map { $0.glyphs.location + $0.glyphs.length } ?? 0
        let glyphs = NSRange(location: 0, length: end)
        var showsAll = end >= manager.numberOfGlyphs && manager.firstUnlaidCharacterIndex() >= length
        if showsAll, let last = lines.last, last.glyphs.length > 0,
           manager.truncatedGlyphRange(inLineFragmentForGlyphAt: last.glyphs.location).location != NSNotFound {
            showsAll = false
        }
        var baseline: CGFloat = 0
        if let first = lines.first, first.glyphs.length > 0 {
            baseline = first.rect.minY + manager.location(forGlyphAt: first.glyphs.location).y
        }
        return Result(lines: lines, usedRect: used.isNull ? .zero : used, glyphs: glyphs, showsAllText: showsAll,
                      firstBaseline: baseline)
    }
}
