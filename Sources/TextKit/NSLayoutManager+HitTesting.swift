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
/// Each call locates the paragraph in O(log n) paragraphs (O(log² n) with several containers or
/// exclusion paths) and the line among its fragments by binary search, and lays text out only as
/// far as the point (or, outside the simple one-container case, to the end of the container).
/// Within the line, the glyph or grapheme is found by binary search too (a walk on lines of fewer
/// than 256), over tables made by the first queries on the line (its glyph positions and caret
/// geometry at the first, O(n log n) for n characters; its sorted boxes at the second, O(n) as
/// they mostly come) and kept for the lines asked about last (up to 40,000 characters of them): a
/// query on a line of 20,000 characters costs about a microsecond, the first one on it a few
/// milliseconds (see TextFlow+HitTesting.swift).
extension NSLayoutManager {
    // MARK: Public API

    func _glyphIndex(for point: CGPoint, in container: NSTextContainer,
                           fractionOfDistanceThroughGlyph partialFraction: UnsafeMutablePointer<CGFloat>?) -> Int {
        partialFraction?.pointee = 0
        let point = point.clampedToLayoutLimits  // NaN acts as 0, infinities clamp
        guard let index = textContainers.firstIndex(where: { $0 === container }) else { return 0 }
        switch flow.lineHit(at: point, inContainer: index) {
        case .line(let found):
            let (glyph, fraction) = flow.glyphHit(x: point.x, in: found)
            partialFraction?.pointee = fraction
            return glyph.rawValue
        case .extraLine:
            return flow.generatedGlyphCount
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
        switch flow.lineHit(at: point, inContainer: index) {
        case .line(let found):
            let carets = flow.lineCarets(for: found)
            let x = Float(point.x - found.fragment.textOriginX)
            guard let hit = flow.hitTestingWalks ? carets.hitByWalking(x: x) : carets.hit(x: x, steps: &flow.hitTestSteps) else {
                return found.character(found.fragment.line.fitted.characters.lowerBound).rawValue
            }
            partialFraction?.pointee = CGFloat(hit.fraction)
            return found.character(carets.graphemes[hit.grapheme].characters.lowerBound).rawValue
        case .extraLine:
            return flow.characterCount
        case .nothing:
            let glyph = glyphRange(for: container).location
            return glyph >= flow.generatedGlyphCount && flow.hasGeneratedAllGlyphs ? flow.characterCount : characterIndexForGlyph(at: glyph)
        }
    }

    func _getLineFragmentInsertionPoints(forCharacterAt charIndex: Int, alternatePositions aFlag: Bool,
                                               inDisplayOrder dFlag: Bool, positions: UnsafeMutablePointer<CGFloat>?,
                                               characterIndexes charIndexes: UnsafeMutablePointer<Int>?) -> Int {
        checkPrecondition(charIndex >= 0 && charIndex <= flow.characterCount,
                     "getLineFragmentInsertionPoints(forCharacterAt:…): character index \(charIndex) out of bounds; text length \(flow.characterCount)")
        guard let caret = caretGeometry(forCharacterAt: charIndex) else { return 0 }
        guard let found = caret.fragment else {
            positions?[0] = caret.primaryX - caret.lineFragmentRect.minX
            charIndexes?[0] = flow.characterCount
            return 1
        }
        let stops = flow.lineCarets(for: found).insertionPoints(alternatePositions: aFlag, inDisplayOrder: dFlag)
        for (i, stop) in stops.enumerated() {
            positions?[i] = found.fragment.textOriginX + CGFloat(stop.x) - found.rect.minX
            charIndexes?[i] = found.character(stop.offset).rawValue
        }
        return stops.count
    }

    func _range(ofNominallySpacedGlyphsContaining glyphIndex: Int) -> NSRange {
        guard let found = flow.fragment(forGlyph: GlyphIndex(glyphIndex)) else { return NSRange(location: glyphIndex, length: 1) }
        let line = found.fragment.line
        let glyphs = found.analysis.glyphs
        let local = found.local(GlyphIndex(glyphIndex))
        let run = glyphs.runs[glyphs.runIndex(containingGlyph: local)]
        let (_, advances) = flow.glyphPositions(of: found, keeps: true)
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
        return NSRange(location: found.glyph(lower).rawValue, length: upper - lower)
    }
}
