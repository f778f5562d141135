import TextKitGraphics
import TextKitModel

extension NSTextLayoutManager {
    /// What a text segment's frame covers.
    public enum SegmentType: Int, Sendable {
        /// The range's typographic extent on each line, with the line's height.
        case standard = 0
        /// As `.standard`, with the full line fragment height, and on lines where the range goes
        /// on to the next line, extended to the line fragment's trailing edge: what a selection
        /// highlight fills.
        case selection = 1
        /// As `.standard` (suitable for highlighting found text, or drawing a caret).
        case highlight = 2
    }

    /// How segments are enumerated.
    public struct SegmentOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The block gets nil instead of each segment's range.
        public static let rangeNotRequired = SegmentOptions(rawValue: 1 << 0)
        /// Only the first and last lines' segments are given.
        public static let middleFragmentsExcluded = SegmentOptions(rawValue: 1 << 1)
        /// The first segment is extended to its line's leading edge.
        public static let headSegmentExtended = SegmentOptions(rawValue: 1 << 2)
        /// The last segment is extended to its line's trailing edge.
        public static let tailSegmentExtended = SegmentOptions(rawValue: 1 << 3)
        /// An empty range at a soft line break stands at the end of the line before (upstream
        /// affinity) rather than at the start of the next.
        public static let upstreamAffinity = SegmentOptions(rawValue: 1 << 4)
    }

    /// Calls `block` with each segment of `textRange`: a visually contiguous piece of the range on
    /// one line, left to right within a line (a line of mixed directions gives several), lines in
    /// order, until it returns false. The block gets the segment's range (nil with
    /// `.rangeNotRequired`), its frame in container coordinates, the line's baseline (container
    /// y) and the container.
    ///
    /// An empty range gives one segment of width 0 at its insertion point, over its line's height:
    /// where a caret is drawn.
    public func enumerateTextSegments(in textRange: NSTextRange, type: SegmentType, options: SegmentOptions = [],
                                    using block: (NSTextRange?, CGRect, CGFloat, NSTextContainer) -> Bool) {
        guard let storage = contentStorage, let container = textContainer else { return }
        let characters = storage.characterRange(for: textRange)
        if characters.length == 0 {
            guard let caret = engine.caretGeometry(forCharacterAt: characters.location, upstream: options.contains(.upstreamAffinity)) else { return }
            let rect = type == .selection ? caret.lineFragmentRect : caret.lineFragmentUsedRect
            _ = block(options.contains(.rangeNotRequired) ? nil : textRange,
                      CGRect(x: caret.primaryX, y: rect.minY, width: 0, height: rect.height),
                      caret.lineFragmentRect.minY + caret.baselineOffset, container)
            return
        }
        let segments = segments(of: characters, type: type, options: options)
        for (index, segment) in segments.enumerated() {
            var frame = segment.frame
            if index == 0 && options.contains(.headSegmentExtended) { frame = extend(frame, toLeading: true, of: segment) }
            if index == segments.count - 1 && options.contains(.tailSegmentExtended) { frame = extend(frame, toLeading: false, of: segment) }
            let range = options.contains(.rangeNotRequired) ? nil : storage.textRange(for: segment.characters)
            guard block(range, frame, segment.baseline, container) else { return }
        }
    }

    /// One segment: its characters, frame and line.
    private struct Segment {
        var characters: NSRange
        var frame: CGRect
        var baseline: CGFloat
        var line: CGRect
        var isRightToLeft: Bool
    }

    /// The segments of `characters` line by line, from the engine's selection geometry.
    private func segments(of characters: NSRange, type: SegmentType, options: SegmentOptions) -> [Segment] {
        var result: [Segment] = []
        let glyphs = engine.glyphRange(forCharacterRange: characters, actualCharacterRange: nil)
        guard glyphs.length > 0 else { return [] }
        var lineIndex = 0, lines: [(rect: CGRect, used: CGRect, glyphs: NSRange)] = []
        engine.enumerateLineFragments(forGlyphRange: glyphs) { rect, used, _, lineGlyphs, _ in
            lines.append((rect, used, lineGlyphs))
        }
        let pieces = engine.selectionRects(forCharacterRange: characters)
        for line in lines {
            defer { lineIndex += 1 }
            if options.contains(.middleFragmentsExcluded) && lineIndex > 0 && lineIndex < lines.count - 1 { continue }
            let lineCharacters = engine.characterRange(forGlyphRange: line.glyphs, actualGlyphRange: nil)
            let piece = NSIntersectionRange(lineCharacters, characters)
            let baseline = line.rect.minY + engine.location(forGlyphAt: line.glyphs.location).y
            let continues = characters.location + characters.length > lineCharacters.location + lineCharacters.length
            for rect in pieces where abs(rect.rect.minY - line.rect.minY) < 0.001 {
                var frame = rect.rect
                if type != .selection {
                    // The line's typographic height; a wrapped selection's fill to the edge is for .selection.
                    frame.origin.y = line.used.minY
                    frame.size.height = line.used.height
                    if continues {
                        let padding = textContainer?.lineFragmentPadding ?? 0
                        let textEnd = line.used.maxX - padding, textStart = line.used.minX + padding
                        frame = rect.isRightToLeft
                            ? CGRect(x: max(frame.minX, textStart), y: frame.minY, width: frame.maxX - max(frame.minX, textStart), height: frame.height)
                            : CGRect(x: frame.minX, y: frame.minY, width: max(0, min(frame.maxX, textEnd) - frame.minX), height: frame.height)
                    }
                }
                result.append(Segment(characters: piece, frame: frame, baseline: baseline, line: line.rect, isRightToLeft: rect.isRightToLeft))
            }
        }
        return result
    }

    /// `frame` extended to its line fragment's leading (or trailing) edge.
    private func extend(_ frame: CGRect, toLeading leading: Bool, of segment: Segment) -> CGRect {
        let toLeft = leading != segment.isRightToLeft
        return toLeft
            ? CGRect(x: segment.line.minX, y: frame.minY, width: frame.maxX - segment.line.minX, height: frame.height)
            : CGRect(x: frame.minX, y: frame.minY, width: segment.line.maxX - frame.minX, height: frame.height)
    }
}
