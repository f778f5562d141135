import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// The text of glyphs on their way through `showCGGlyphs` (see ``NSLayoutManager/pendingGlyphText``).
struct PendingGlyphText {
    var text: String
    var clusters: [GlyphCluster]
    var isRightToLeft: Bool
    var glyphCount: Int
}

/// The pen positions of one laid-out line, kept while its decorations are drawn.
struct DrawingLineCache {
    var paragraph: Int
    var fragment: Int
    /// The line's placed glyph range (paragraph-local), to check the cache still fits.
    var glyphRange: Range<Int>
    var xs: [Float]
    var advances: [Float]
}

extension DrawingValues {
    /// A `.link` value as a URL: a `URL`, or a `String` that parses as one.
    static func url(_ value: Any?) -> URL? {
        if let url = value as? URL { return url }
        if let string = value as? String { return URL(string: string) }
        if let url = value as? NSURL { return url as URL }
        return nil
    }
}

/// Merging intervals of x into the horizontal extents of marks.
struct XExtents {
    private(set) var intervals: [ClosedRange<CGFloat>] = []

    /// Adds `[from, to]`; later unions merge what touches (within a hundredth of a point).
    mutating func add(_ from: CGFloat, _ to: CGFloat) {
        guard from.isFinite, to.isFinite else { return }
        intervals.append(min(from, to)...max(from, to))
    }

    /// The intervals sorted and merged.
    var merged: [ClosedRange<CGFloat>] {
        let sorted = intervals.sorted { $0.lowerBound < $1.lowerBound }
        var result: [ClosedRange<CGFloat>] = []
        for interval in sorted {
            if let last = result.last, interval.lowerBound <= last.upperBound + 0.01 {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, interval.upperBound)
            } else {
                result.append(interval)
            }
        }
        return result
    }
}

extension NSLayoutManager {
    // MARK: Walking the lines to draw

    /// Checks a glyph range handed to a drawing method; traps when it reaches past the glyphs.
    func checkedDrawingRange(_ range: NSRange, _ function: StaticString) -> NSRange? {
        checkPrecondition(range.location >= 0 && range.length >= 0,
                     "\(function): glyph range {\(range.location), \(range.length)} is negative")
        guard range.length > 0 else { return nil }
        let last = range.location + range.length - 1
        checkPrecondition(isValidGlyphIndex(last),
                     "\(function): glyph range {\(range.location), \(range.length)} out of bounds; number of glyphs \(flow.generatedGlyphCount)")
        return range
    }

    /// Calls `body` for each laid-out line fragment holding glyphs of `glyphRange`, in order, with
    /// the paragraph-local glyphs of the line to draw and the paragraph's UTF-16 text.
    func forEachLineToDraw(in glyphRange: NSRange,
                           _ body: (LocatedFragment, Range<Int>, UnsafeBufferPointer<UInt16>) -> Void) {
        guard let storage = textStorage else { return }
        let end = glyphRange.location + glyphRange.length
        let (first, _, _) = flow.locate(glyph: GlyphIndex(glyphRange.location))
        var textParagraph = -1
        var text: [UInt16] = []
        flow.forEachFragment(fromParagraph: first, beforeGlyph: GlyphIndex(end)) { found in
            let range = found.glyphRange
            if range.location >= end { return false }
            guard range.location + range.length > glyphRange.location else { return true }
            let lower = found.local(GlyphIndex(max(range.location, glyphRange.location)))
            let upper = found.local(GlyphIndex(min(range.location + range.length, end)))
            if found.paragraph != textParagraph {
                textParagraph = found.paragraph
                text = storage._utf16(in: NSRange(found.firstCharacter, length: found.analysis.length))
            }
            text.withUnsafeBufferPointer { body(found, lower..<upper, $0) }
            return true
        }
    }

    /// Whether any style of the paragraph of `found` sets one of `keys`, or temporary attributes
    /// exist (a line of a paragraph without them has nothing of that kind to draw).
    func mayDraw(_ keys: [NSAttributedString.Key], in found: LocatedFragment) -> Bool {
        if currentTemporaryStorage != nil { return true }
        return found.analysis.styles.contains { style in keys.contains { style.attributes[$0] != nil } }
    }

    /// The pen positions of the line of `found` (cached for the line last asked about).
    func linePositions(_ found: LocatedFragment) -> (xs: [Float], advances: [Float]) {
        let line = found.fragment.line
        if let cache = drawingLineCache, cache.paragraph == found.paragraph, cache.fragment == found.index,
           cache.glyphRange == line.glyphRange, cache.xs.count == line.glyphRange.count {
            return (cache.xs, cache.advances)
        }
        let (xs, advances) = line.glyphPositions(in: found.analysis.glyphs)
        drawingLineCache = DrawingLineCache(paragraph: found.paragraph, fragment: found.index, glyphRange: line.glyphRange,
                                            xs: xs, advances: advances)
        return (xs, advances)
    }

    /// The attributes glyphs are drawn with: the storage's (as resolved for the run), with the
    /// temporary attributes that change drawing laid over them.
    /// A link's colour and underline are fixed (see ``textColor(_:)``) unless temporary attributes
    /// give their own: a text view's `linkTextAttributes` are temporary attributes.
    func drawingAttributes(_ base: [NSAttributedString.Key: Any], temporary: [NSAttributedString.Key: Any]) -> [NSAttributedString.Key: Any] {
        guard !temporary.isEmpty else { return base }
        var merged = base.merging(temporary) { _, new in new }
        if base[.link] != nil, temporary[.foregroundColor] != nil || temporary[.underlineStyle] != nil {
            merged.removeValue(forKey: .link)  // drawing only: link areas come from the storage's runs
            if temporary[.foregroundColor] == nil { merged[.foregroundColor] = UIColor.link }
            if temporary[.underlineStyle] == nil { merged[.underlineStyle] = NSUnderlineStyle.single.rawValue }
        }
        return merged
    }

    /// The drawing attributes of the character at `index` (storage and temporary).
    func drawingAttributes(atCharacter index: Int) -> [NSAttributedString.Key: Any] {
        guard let storage = textStorage, index >= 0, index < storage.length else { return [:] }
        return drawingAttributes(storage.attributes(at: index, effectiveRange: nil), temporary: temporaryDrawingAttributes(at: index))
    }

    /// Splits the paragraph-local glyphs `subrange` of a line into stretches of equal drawing
    /// attributes, in logical order: where the storage's runs or the temporary attributes change.
    func attributeSegments(_ found: LocatedFragment, _ subrange: Range<Int>) -> [(glyphs: Range<Int>, attributes: [NSAttributedString.Key: Any])] {
        guard !subrange.isEmpty else { return [] }
        let glyphs = found.analysis.glyphs
        var bounds: [Int] = [subrange.lowerBound, subrange.upperBound]
        var r = glyphs.runIndex(containingGlyph: subrange.lowerBound)
        while r < glyphs.runs.count, glyphs.runs[r].glyphRange.lowerBound < subrange.upperBound {
            let run = glyphs.runs[r].glyphRange
            if run.lowerBound > subrange.lowerBound { bounds.append(run.lowerBound) }
            if run.upperBound < subrange.upperBound { bounds.append(run.upperBound) }
            r += 1
        }
        let hasTemporary = temporaryBoundaries(found, subrange, into: &bounds)
        bounds = Array(Set(bounds)).sorted()
        var result: [(Range<Int>, [NSAttributedString.Key: Any])] = []
        for i in 0..<(bounds.count - 1) where bounds[i] < bounds[i + 1] {
            let start = bounds[i]
            let style = found.analysis.styles[Int(glyphs.runs[glyphs.runIndex(containingGlyph: start)].style)]
            let temporary = hasTemporary ? temporaryDrawingAttributes(at: found.character(Int(glyphs.clusters[start])).rawValue) : [:]
            result.append((start..<bounds[i + 1], drawingAttributes(style.attributes, temporary: temporary)))
        }
        return result
    }

    /// Adds the glyph boundaries of the temporary attribute runs within `subrange` to `bounds`;
    /// false when the line has no temporary attributes.
    @discardableResult
    func temporaryBoundaries(_ found: LocatedFragment, _ subrange: Range<Int>, into bounds: inout [Int]) -> Bool {
        guard currentTemporaryStorage != nil, !subrange.isEmpty else { return false }
        let glyphs = found.analysis.glyphs
        let characters = glyphs.characterRange(forGlyphs: subrange)
        var any = false
        forEachTemporaryDrawingRun(in: NSRange(location: found.character(characters.lowerBound).rawValue, length: characters.count)) { _, r in
            any = true
            for edge in [r.location, r.location + r.length] {
                let g = glyphs.firstGlyph(atOrAfter: found.local(UTF16Offset(edge)))
                if g > subrange.lowerBound && g < subrange.upperBound { bounds.append(g) }
            }
        }
        return any
    }

    /// The logical glyph index of each glyph of `piece`, in the piece's drawing order.
    func logicalOrder(of piece: GlyphRunPiece, line: PlacedLine, glyphs: ParagraphGlyphs) -> [Int] {
        let hidden = line.truncation?.hiddenGlyphs ?? 0..<0
        if piece.glyphRange.isEmpty || piece.glyphRange == hidden && piece.glyphs.count == 1 { return [] }
        var logical: [Int] = []
        logical.reserveCapacity(piece.glyphs.count)
        for g in piece.glyphRange where !hidden.contains(g) && !glyphs.flags[g].contains(.control) {
            logical.append(g)
        }
        if piece.isRightToLeft { logical.reverse() }
        return logical.count == piece.glyphs.count ? logical : []
    }
}
