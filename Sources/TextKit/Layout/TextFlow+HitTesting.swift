import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Hit testing and carets: the line fragment under a point, the glyph under an x in a line, and a
/// line's caret geometry (`LineCarets`, the one caret model of the TextKit and the Core Text API),
/// kept while the line stands. The layout manager's point queries
/// (NSLayoutManager+HitTesting.swift) and caret and selection geometry
/// (NSLayoutManager+Selection.swift) ask these; the rules are written there.
extension TextFlow {
    /// What a point in a container falls on.
    enum LineHit {
        case line(LocatedFragment)
        /// The extra line fragment (after a final paragraph separator, or of empty text).
        case extraLine
        /// The container holds no text.
        case nothing
    }

    /// The line fragment of container `index` that `point` falls on, by the rules written in
    /// NSLayoutManager+HitTesting.swift.
    func lineHit(at point: CGPoint, inContainer index: Int) -> LineHit {
        guard manager.textStorage != nil, store.count > 0 else { return .nothing }
        let p: Int
        if isStacked {
            // Lay out paragraphs, in order, until the laid-out flow reaches the point.
            let y = FixedHeight.from(max(0, point.y))
            ensureLayout(throughHeight: y)
            p = y >= store.summary.height ? store.count - 1 : store.paragraph(atHeight: y).index
        } else {
            ensureLayout(throughContainer: index)
            p = lastParagraph(startingAtOrBefore: containerTop(index) + point.y, inContainer: index)
        }
        var best: LocatedFragment?
        var bestKey = (CGFloat.infinity, CGFloat.infinity)
        let last = store.count - 1
        for q in max(0, p - 1)...min(last, p + 1) {
            let record = store.record(q)
            guard let layout = record.layout else { continue }
            let prefix = store.prefix(q)
            guard record.glyphCount != nil else { continue }
            let top = FixedHeight.points(isStacked ? prefix.height : layout.start.y)
            for (i, fragment) in layout.fragments.enumerated() where fragment.container == index {
                let found = located(q, i, fragment: fragment, firstGlyph: GlyphIndex(prefix.glyphs),
                                    firstCharacter: UTF16Offset(prefix.length),
                                    top: top, record: record)
                let key = (Self.distance(point.y, found.rect.minY, found.rect.maxY, halfOpen: true),
                           Self.distance(point.x, found.rect.minX, found.rect.maxX, halfOpen: false))
                if key < bestKey {
                    best = found
                    bestKey = key
                }
            }
        }
        if p + 1 >= last {
            // The extra line fragment competes when the flow reaches the end of the text.
            ensureLayoutOfAllText()
            if let extra = extraLineFragment, extra.container == index {
                let key = (Self.distance(point.y, extra.rect.minY, extra.rect.maxY, halfOpen: true), CGFloat(0))
                if best == nil || key.0 < bestKey.0 || (point.y >= extra.rect.minY && key.0 == 0) { return .extraLine }
            }
        }
        return best.map(LineHit.line) ?? .nothing
    }

    /// The distance from `v` to the interval `lower…upper` (0 inside; the upper end excluded when
    /// `halfOpen`, so a point on the boundary between two lines belongs to the lower line).
    private static func distance(_ v: CGFloat, _ lower: CGFloat, _ upper: CGFloat, halfOpen: Bool) -> CGFloat {
        if v < lower { return lower - v }
        if halfOpen ? v >= upper : v > upper { return v - upper + (halfOpen ? 0.0001 : 0) }
        return 0
    }

    /// Outside the stacked case: the last laid-out paragraph whose flow position is at or before
    /// `flowY` in container `index` (binary search over paragraph start states).
    private func lastParagraph(startingAtOrBefore flowY: CGFloat, inContainer index: Int) -> Int {
        let target = FixedHeight.from(flowY)
        var low = 0, high = min(validatedParagraphs, store.count) - 1
        guard high >= 0 else { return 0 }
        while low < high {
            let mid = (low + high + 1) / 2
            guard let start = store.record(mid).layout?.start else { high = mid - 1; continue }
            if start.container < index || (start.container == index && start.y <= target) { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The glyph of `found`'s line under container x `x` (or the nearest one) and the fraction
    /// through it in its writing direction.
    func glyphHit(x: CGFloat, in found: LocatedFragment) -> (glyph: GlyphIndex, fraction: CGFloat) {
        let line = found.fragment.line
        let glyphs = found.analysis.glyphs
        guard !line.glyphRange.isEmpty else { return (found.glyph(line.glyphRange.lowerBound), 0) }
        // The line's glyph positions, kept while the line stands (as its caret geometry).
        let record = store.record(found.paragraph)
        let xs: [Float], advances: [Float]
        if let cached = positionCache, cached.record === record, cached.version == record.layoutVersion,
           cached.fragment == found.index {
            (xs, advances) = (cached.xs, cached.advances)
        } else {
            (xs, advances) = line.glyphPositions(in: glyphs)
            positionCache = (record, record.layoutVersion, found.index, xs, advances)
        }
        let localX = Float(x - found.fragment.textOriginX)
        var candidates = line.glyphRange.filter { advances[$0 - line.glyphRange.lowerBound] > 0 }
        if candidates.isEmpty { candidates = Array(line.glyphRange) }
        var best = candidates[0]
        var bestDistance = Float.infinity
        for g in candidates {
            let minX = xs[g - line.glyphRange.lowerBound], maxX = minX + advances[g - line.glyphRange.lowerBound]
            let distance = localX < minX ? minX - localX : (localX > maxX ? localX - maxX : 0)
            if distance < bestDistance {
                best = g
                bestDistance = distance
                if distance == 0 { break }
            }
        }
        let minX = xs[best - line.glyphRange.lowerBound], width = advances[best - line.glyphRange.lowerBound]
        guard width > 0 else { return (found.glyph(best), 0) }
        let through = min(max((localX - minX) / width, 0), 1)
        let rightToLeft = glyphs.runs[glyphs.runIndex(containingGlyph: best)].isRightToLeft
        return (found.glyph(best), CGFloat(rightToLeft ? 1 - through : through))
    }

    /// The caret geometry of a line: made in O(n log n) for a line of n characters, then kept
    /// until the line's paragraph is laid out again, so that repeated queries on one line (a drag
    /// selection, caret movement, a line full of bidi marks) cost O(n) or less each.
    func lineCarets(for found: LocatedFragment) -> LineCarets {
        let record = store.record(found.paragraph)
        if let cached = caretCache, cached.record === record, cached.version == record.layoutVersion,
           cached.fragment == found.index {
            return cached.carets
        }
        let length = record.length
        let text = manager.textStorage?._utf16(in: NSRange(found.firstCharacter, length: length))
            ?? [UInt16](repeating: 0x20, count: length)
        let carets = text.withUnsafeBufferPointer { found.fragment.line.carets(in: found.analysis, text: $0) }
        caretCache = (record, record.layoutVersion, found.index, carets)
        return carets
    }
}
