import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Hit testing: from a point in a container to the glyph or character under it, and a line's
/// insertion points.
///
/// The rules (TextKit's, where Apple documents them; ours where it is vague):
/// - The line is the one whose line fragment rect holds the point's y (line and paragraph spacing
///   belong to the line above them). A point above the container's first line maps into that line,
///   below its last line into the last line, or — when the text ends with a paragraph separator (or
///   is empty) and its extra line fragment is in this container — to the end of the text. Between
///   fragments of one row (an exclusion path splits it), the horizontally nearest fragment wins.
/// - Within the line, a point left or right of the text maps to the visually nearest glyph, with a
///   fraction of 0 or 1. Zero-width glyphs (line breaks, hidden glyphs, marks) are not hit while the
///   line has others, so a point right of "abc⏎" hits "c" at fraction 1: the insertion point before
///   the line break.
/// - Fractions are measured in the writing direction: 0 at the leading edge (the left edge of
///   left-to-right text, the right edge of right-to-left text), 1 at the trailing edge. Round at 0.5
///   to choose between the insertion point before and after.
///
/// Each call locates the line in O(log n) paragraphs (O(log² n) with several containers or
/// exclusion paths), lays text out only as far as the point (or, outside the simple one-container
/// case, to the end of the container), and costs O(length of the line) on top.
extension NSLayoutManager {
    // MARK: Public API

    func _glyphIndex(for point: CGPoint, in container: NSTextContainer,
                           fractionOfDistanceThroughGlyph partialFraction: UnsafeMutablePointer<CGFloat>?) -> Int {
        partialFraction?.pointee = 0
        let point = point.clampedToLayoutLimits  // NaN acts as 0, infinities clamp
        guard let index = textContainers.firstIndex(where: { $0 === container }) else { return 0 }
        switch lineHit(at: point, inContainer: index) {
        case .line(let found):
            let (glyph, fraction) = glyphHit(x: point.x, in: found)
            partialFraction?.pointee = fraction
            return glyph
        case .extraLine:
            return flow.store.summary.glyphs
        case .nothing:
            return glyphRange(for: container).location
        }
    }

    func _glyphIndex(for point: CGPoint, in container: NSTextContainer) -> Int {
        glyphIndex(for: point, in: container, fractionOfDistanceThroughGlyph: nil)
    }

    func _fractionOfDistanceThroughGlyph(for point: CGPoint, in container: NSTextContainer) -> CGFloat {
        var fraction: CGFloat = 0
        _ = glyphIndex(for: point, in: container, fractionOfDistanceThroughGlyph: &fraction)
        return fraction
    }

    func _characterIndex(for point: CGPoint, in container: NSTextContainer,
                               fractionOfDistanceBetweenInsertionPoints partialFraction: UnsafeMutablePointer<CGFloat>?) -> Int {
        partialFraction?.pointee = 0
        let point = point.clampedToLayoutLimits  // NaN acts as 0, infinities clamp
        guard let index = textContainers.firstIndex(where: { $0 === container }) else { return 0 }
        switch lineHit(at: point, inContainer: index) {
        case .line(let found):
            let carets = lineCarets(for: found)
            guard let hit = carets.hit(x: Float(point.x - found.fragment.textOriginX)) else {
                return found.characterBase + found.fragment.line.fitted.characters.lowerBound
            }
            partialFraction?.pointee = CGFloat(hit.fraction)
            return found.characterBase + carets.graphemes[hit.grapheme].characters.lowerBound
        case .extraLine:
            return flow.store.length
        case .nothing:
            let glyph = glyphRange(for: container).location
            return glyph >= flow.store.summary.glyphs && flow.store.summary.unanalyzed == 0 ? flow.store.length : characterIndexForGlyph(at: glyph)
        }
    }

    func _getLineFragmentInsertionPoints(forCharacterAt charIndex: Int, alternatePositions aFlag: Bool,
                                               inDisplayOrder dFlag: Bool, positions: UnsafeMutablePointer<CGFloat>?,
                                               characterIndexes charIndexes: UnsafeMutablePointer<Int>?) -> Int {
        checkPrecondition(charIndex >= 0 && charIndex <= flow.store.length,
                     "getLineFragmentInsertionPoints(forCharacterAt:…): character index \(charIndex) out of bounds; text length \(flow.store.length)")
        guard let caret = caretGeometry(forCharacterAt: charIndex) else { return 0 }
        guard let found = caret.fragment else {
            positions?[0] = caret.primaryX - caret.lineFragmentRect.minX
            charIndexes?[0] = flow.store.length
            return 1
        }
        let stops = lineCarets(for: found).insertionPoints(alternatePositions: aFlag, inDisplayOrder: dFlag)
        for (i, stop) in stops.enumerated() {
            positions?[i] = found.fragment.textOriginX + CGFloat(stop.x) - found.rect.minX
            charIndexes?[i] = found.characterBase + stop.offset
        }
        return stops.count
    }

    func _range(ofNominallySpacedGlyphsContaining glyphIndex: Int) -> NSRange {
        guard let found = fragment(forGlyph: glyphIndex) else { return NSRange(location: glyphIndex, length: 1) }
        let line = found.fragment.line
        let glyphs = found.analysis.glyphs
        let local = glyphIndex - found.glyphBase
        let run = glyphs.runs[glyphs.runIndex(containingGlyph: local)]
        let (_, advances) = line.glyphPositions(in: glyphs)
        let bounds = run.glyphRange.clamped(to: line.glyphRange)
        let font = glyphs.fonts[Int(run.font)]
        let scale = CGFloat(found.analysis.styles[Int(run.style)].horizontalScale)
        func isNominal(_ g: Int) -> Bool {
            if glyphs.offsets[Int32(g)] != nil || glyphs.flags[g].contains(.tab) { return false }
            let nominal = font.advance(forGlyph: glyphs.glyphs[g]) * scale
            let isMark = !glyphs.flags[g].contains(.clusterStart)
            return abs(CGFloat(advances[g - line.glyphRange.lowerBound]) - (isMark ? 0 : nominal)) < 0.001
        }
        guard isNominal(local) else { return NSRange(location: glyphIndex, length: 1) }
        var lower = local, upper = local + 1
        while lower > bounds.lowerBound && isNominal(lower - 1) { lower -= 1 }
        while upper < bounds.upperBound && isNominal(upper) { upper += 1 }
        return NSRange(location: found.glyphBase + lower, length: upper - lower)
    }

    // MARK: Lines under points

    /// What a point in a container falls on.
    enum LineHit {
        case line(LocatedFragment)
        /// The extra line fragment (after a final paragraph separator, or of empty text).
        case extraLine
        /// The container holds no text.
        case nothing
    }

    /// The line fragment of container `index` that `point` falls on (see the rules above).
    func lineHit(at point: CGPoint, inContainer index: Int) -> LineHit {
        guard textStorage != nil, flow.store.count > 0 else { return .nothing }
        let p: Int
        if flow.isStacked {
            // Lay out paragraphs, in order, until the laid-out flow reaches the point.
            let y = FixedHeight.from(max(0, point.y))
            flow.ensureLayout(throughHeight: y)
            p = y >= flow.store.summary.height ? flow.store.count - 1 : flow.store.paragraph(atHeight: y).index
        } else {
            flow.ensureLayout(throughContainer: index)
            p = lastParagraph(startingAtOrBefore: flow.containerTop(index) + point.y, inContainer: index)
        }
        var best: LocatedFragment?
        var bestKey = (CGFloat.infinity, CGFloat.infinity)
        let last = flow.store.count - 1
        for q in max(0, p - 1)...min(last, p + 1) {
            let record = flow.store.record(q)
            guard let layout = record.layout else { continue }
            let prefix = flow.store.prefix(q)
            guard record.glyphCount != nil else { continue }
            // As `located(_:_:layout:glyphBase:characterBase:)`, with the paragraph's top found once.
            let top = FixedHeight.points(flow.isStacked ? prefix.height : layout.start.y)
            for (i, fragment) in layout.fragments.enumerated() where fragment.container == index {
                let dy = top - flow.containerTop(fragment.container)
                let found = LocatedFragment(paragraph: q, index: i, fragment: fragment, glyphBase: prefix.glyphs,
                                            characterBase: prefix.length, rect: fragment.rect.offsetBy(dx: 0, dy: dy),
                                            usedRect: fragment.usedRect.offsetBy(dx: 0, dy: dy), record: record, manager: self)
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
            flow.ensureLayoutOfAllText()
            if let extra = flow.extraLineFragment, extra.container == index {
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
        var low = 0, high = min(flow.validatedParagraphs, flow.store.count) - 1
        guard high >= 0 else { return 0 }
        while low < high {
            let mid = (low + high + 1) / 2
            guard let start = flow.store.record(mid).layout?.start else { high = mid - 1; continue }
            if start.container < index || (start.container == index && start.y <= target) { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The glyph of `found`'s line under container x `x` (or the nearest one) and the fraction
    /// through it in its writing direction.
    func glyphHit(x: CGFloat, in found: LocatedFragment) -> (glyph: Int, fraction: CGFloat) {
        let line = found.fragment.line
        let glyphs = found.analysis.glyphs
        guard !line.glyphRange.isEmpty else { return (found.glyphBase + line.glyphRange.lowerBound, 0) }
        // The line's glyph positions, kept while the line stands (as its caret geometry).
        let record = flow.store.record(found.paragraph)
        let xs: [Float], advances: [Float]
        if let cached = flow.positionCache, cached.record === record, cached.version == record.layoutVersion,
           cached.fragment == found.index {
            (xs, advances) = (cached.xs, cached.advances)
        } else {
            (xs, advances) = line.glyphPositions(in: glyphs)
            flow.positionCache = (record, record.layoutVersion, found.index, xs, advances)
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
        guard width > 0 else { return (found.glyphBase + best, 0) }
        let through = min(max((localX - minX) / width, 0), 1)
        let rightToLeft = glyphs.runs[glyphs.runIndex(containingGlyph: best)].isRightToLeft
        return (found.glyphBase + best, CGFloat(rightToLeft ? 1 - through : through))
    }

    /// The caret geometry of a line: made in O(n log n) for a line of n characters, then kept
    /// until the line's paragraph is laid out again, so that repeated queries on one line (a drag
    /// selection, caret movement, a line full of bidi marks) cost O(n) or less each.
    func lineCarets(for found: LocatedFragment) -> LineCarets {
        let record = flow.store.record(found.paragraph)
        if let cached = flow.caretCache, cached.record === record, cached.version == record.layoutVersion,
           cached.fragment == found.index {
            return cached.carets
        }
        let length = record.length
        let text = textStorage?._utf16(in: NSRange(location: found.characterBase, length: length))
            ?? [UInt16](repeating: 0x20, count: length)
        let carets = text.withUnsafeBufferPointer { found.fragment.line.carets(in: found.analysis, text: $0) }
        flow.caretCache = (record, record.layoutVersion, found.index, carets)
        return carets
    }
}
