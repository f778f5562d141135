import TextKitFonts
import TextKitGraphics
import TextKitModel

/// TextKit 2's geometry read from the TextKit 1 engine's lines (iOS 17 SDK model):
///
/// ```
///  container ┌──────────────────────────────────────────────┐  TextKit 1 line fragment rect
///            │pad│ typographic bounds (text only)  │    │pad│  (usedRect = bounds ± padding)
///            └──────────────────────────────────────────────┘
/// ```
///
/// - A line's typographic bounds are its used rect less the padding at each end, its height the
///   used rect's (line height and line spacing; paragraph spacing stays outside).
/// - A layout fragment's frame spans its lines' bounds horizontally (clamped to the container) and
///   its line fragment rects vertically (paragraph spacing included), so that fragments tile.
/// - A line's glyph origin is the first glyph's pen position and the baseline, relative to the
///   bounds.
enum TextKit2Geometry {
    /// The typographic bounds (container coordinates) of `line`, in a container of `padding`, and
    /// its glyph origin relative to them (the glyphs start where the bounds do; y the baseline).
    static func bounds(of line: EngineLine, padding: CGFloat) -> (box: CGRect, glyphOrigin: CGPoint) {
        let used = line.usedRect
        let box = CGRect(x: used.minX + padding, y: used.minY, width: max(0, used.width - 2 * padding), height: used.height)
        return (box, CGPoint(x: 0, y: line.rect.minY + line.baselineOffset - box.minY))
    }

    /// The frame and lines of `fragment`, the paragraph at storage range `paragraph` laid out by
    /// `manager`'s engine (with the extra line fragment after it when `extraLine` and the text ends
    /// there after a separator, or is empty).
    static func layout(of fragment: NSTextLayoutFragment, paragraph: NSRange, in manager: NSTextLayoutManager,
                       extraLine: Bool) -> (frame: CGRect, lines: [NSTextLineFragment]) {
        let engine = manager.engine
        guard let container = manager.textContainer else { return (.zero, []) }
        let string = (fragment.textElement as? NSTextParagraph)?.attributedString ?? NSAttributedString(string: "")
        // The lines: their fragment rects (for the frame's height), bounds and glyph ranges.
        var lines: [(rect: CGRect, box: CGRect, glyphOrigin: CGPoint, glyphs: NSRange, characters: NSRange, extra: Bool)] = []
        let padding = container.lineFragmentPadding
        let index = engine.textContainers.firstIndex { $0 === container }
        for line in engine.lines(forCharacterRange: paragraph) where line.container == index {
            let (box, glyphOrigin) = bounds(of: line, padding: padding)
            lines.append((line.rect, box, glyphOrigin, line.glyphRange,
                          NSRange(location: line.characterRange.location - paragraph.location, length: line.characterRange.length), false))
        }
        let length = engine.textStorage?.length ?? 0
        if extraLine, paragraph.location + paragraph.length == length,
           engine.extraLineFragmentTextContainer === container {
            let rect = engine.extraLineFragmentRect, used = engine.extraLineFragmentUsedRect
            let box = CGRect(x: used.minX + container.lineFragmentPadding, y: used.minY, width: 0, height: used.height)
            let font = length > 0 ? engine.textStorage?.attribute(.font, at: length - 1, effectiveRange: nil) as? UIFont : nil
            let baseline = engine.defaultBaselineOffset(for: font ?? UIFont.systemFont(ofSize: 12))
            lines.append((rect, box, CGPoint(x: 0, y: rect.minY + baseline - box.minY), NSRange(location: engine.glyphCountWithoutGeneration, length: 0),
                          NSRange(location: paragraph.length, length: 0), true))
        }
        guard let first = lines.first, let last = lines.last else { return (.zero, []) }
        var minX = CGFloat.greatestFiniteMagnitude, maxX = -CGFloat.greatestFiniteMagnitude
        for line in lines { minX = min(minX, line.box.minX); maxX = max(maxX, line.box.maxX) }
        if container.layoutSize.width < LayoutLimits.coordinate { maxX = min(maxX, max(minX, container.layoutSize.width)) }
        let frame = CGRect(x: minX, y: first.rect.minY, width: maxX - minX, height: last.rect.maxY - first.rect.minY)
        let made = lines.map { line in
            NSTextLineFragment(paragraph: string, characterRange: line.characters,
                               typographicBounds: line.box.offsetBy(dx: -frame.minX, dy: -frame.minY),
                               glyphOrigin: line.glyphOrigin,
                               layout: .init(engine: engine, container: container, glyphRange: line.glyphs,
                                             stringOffset: paragraph.location, boundsInContainer: line.box, isExtraLine: line.extra))
        }
        return (frame, made)
    }
}
