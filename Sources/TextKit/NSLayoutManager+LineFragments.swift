import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Line fragments, containers and their geometry. Each query lays out only as far as it needs.
extension NSLayoutManager {
    // MARK: Line fragments

    func _lineFragmentRect(forGlyphAt glyphIndex: Int, effectiveRange effectiveGlyphRange: NSRangePointer?) -> CGRect {
        guard let found = flow.fragment(forGlyph: GlyphIndex(glyphIndex)) else {
            effectiveGlyphRange?.pointee = NSRange(location: NSNotFound, length: 0)
            return .zero
        }
        effectiveGlyphRange?.pointee = found.glyphRange
        return found.rect
    }

    func _lineFragmentRect(forGlyphAt glyphIndex: Int, effectiveRange effectiveGlyphRange: NSRangePointer?,
                                 withoutAdditionalLayout flag: Bool) -> CGRect {
        lineFragmentRect(forGlyphAt: glyphIndex, effectiveRange: effectiveGlyphRange)
    }

    func _lineFragmentUsedRect(forGlyphAt glyphIndex: Int, effectiveRange effectiveGlyphRange: NSRangePointer?) -> CGRect {
        guard let found = flow.fragment(forGlyph: GlyphIndex(glyphIndex)) else {
            effectiveGlyphRange?.pointee = NSRange(location: NSNotFound, length: 0)
            return .zero
        }
        effectiveGlyphRange?.pointee = found.glyphRange
        return found.usedRect
    }

    func _location(forGlyphAt glyphIndex: Int) -> CGPoint {
        guard let found = flow.fragment(forGlyph: GlyphIndex(glyphIndex)) else { return .zero }
        let line = found.fragment.line
        let (xs, _) = flow.glyphPositions(of: found, keeps: true)
        let local = found.local(GlyphIndex(glyphIndex)) - line.glyphRange.lowerBound
        let x = found.fragment.textOriginX + CGFloat(xs[local]) - found.fragment.rect.minX
        return CGPoint(x: x, y: found.fragment.baselineOffset)
    }

    func _textContainer(forGlyphAt glyphIndex: Int, effectiveRange effectiveGlyphRange: NSRangePointer?) -> NSTextContainer? {
        checkPrecondition(glyphIndex >= 0, "textContainer(forGlyphAt:effectiveRange:): glyph index \(glyphIndex) is negative")
        // At or past the end of the text (index 0 of an empty layout) no glyph is laid out: nil,
        // which code asking for the container of "the glyph at the caret" meets at the end.
        guard flow.hasGlyph(GlyphIndex(glyphIndex)), let found = flow.fragment(forGlyph: GlyphIndex(glyphIndex)) else {
            effectiveGlyphRange?.pointee = NSRange(location: NSNotFound, length: 0)
            return nil
        }
        let container = textContainers[found.container]
        if let effectiveGlyphRange { effectiveGlyphRange.pointee = glyphRange(for: container) }
        return container
    }

    func _textContainer(forGlyphAt glyphIndex: Int, effectiveRange effectiveGlyphRange: NSRangePointer?,
                              withoutAdditionalLayout flag: Bool) -> NSTextContainer? {
        textContainer(forGlyphAt: glyphIndex, effectiveRange: effectiveGlyphRange)
    }

    func _glyphRange(for container: NSTextContainer) -> NSRange {
        guard let index = textContainers.firstIndex(where: { $0 === container }) else {
            return NSRange(location: 0, length: 0)
        }
        flow.ensureLayout(throughContainer: index)
        var first: Int?
        var end = 0
        /// The end of the glyphs laid in the containers before this one: where its glyphs begin.
        var before = 0
        let start = flow.fragmentWalkStart(beforeContainer: index)
        flow.forEachFragment(fromParagraph: start.paragraph, startingAtGlyph: start.glyph) { found in
            if found.container == index {
                if first == nil { first = found.glyphRange.location }
                end = found.glyphRange.location + found.glyphRange.length
            } else if found.container < index {
                before = found.glyphRange.location + found.glyphRange.length
            }
            return found.container <= index
        }
        // A container that holds no glyph (no room for one, or the text ended or stopped before
        // it) has the empty range where its glyphs would have begun.
        guard let first else { return NSRange(location: before, length: 0) }
        // Trailing glyphs of the last paragraph in the container (its terminator) belong to it.
        return NSRange(location: first, length: end - first)
    }

    func _usedRect(for container: NSTextContainer) -> CGRect {
        guard let index = textContainers.firstIndex(where: { $0 === container }) else { return .zero }
        flow.ensureLayout(throughContainer: index)
        var rect = CGRect.null
        let start = flow.fragmentWalkStart(beforeContainer: index)
        flow.forEachFragment(fromParagraph: start.paragraph, startingAtGlyph: start.glyph) { found in
            if found.container == index { rect = rect.union(found.usedRect) }
            return found.container <= index
        }
        if let extra = flow.extraLineFragment, extra.container == index { rect = rect.union(extra.usedRect) }
        return rect.isNull ? .zero : rect
    }

    func _ensureLayout(for container: NSTextContainer) {
        guard let index = textContainers.firstIndex(where: { $0 === container }) else { return }
        flow.ensureLayout(throughContainer: index)
    }

    func _ensureLayout(forGlyphRange glyphRange: NSRange) {
        flow.ensureLayout(glyphs: GlyphIndex(glyphRange.location)..<GlyphIndex(glyphRange.location + glyphRange.length))
    }

    func _ensureLayout(forCharacterRange charRange: NSRange) {
        let range = checkedCharacterRange(charRange, #function)
        if flow.laysOutNonContiguously {
            flow.ensureLayout(characters: UTF16Offset(range.location)..<UTF16Offset(range.location + range.length))
        } else {
            flow.ensureLayout(throughCharacter: UTF16Offset(min(flow.characterCount, range.location + range.length)))
        }
    }

    func _ensureLayout(forBoundingRect bounds: CGRect, in container: NSTextContainer) {
        guard let index = textContainers.firstIndex(where: { $0 === container }) else { return }
        let bounds = bounds.clampedToLayoutLimits  // NaN acts as 0, infinities clamp
        flow.ensureLayout(fromY: flow.containerTop(index) + bounds.minY, throughY: flow.containerTop(index) + bounds.maxY, ofContainer: index)
    }

    func _firstUnlaidGlyphIndex() -> Int { flow.firstUnlaidPosition().glyph.rawValue }

    func _firstUnlaidCharacterIndex() -> Int { flow.firstUnlaidPosition().character.rawValue }

    // MARK: The extra line fragment

    var _extraLineFragmentRect: CGRect {
        flow.ensureLayoutOfTextEnd()
        return flow.extraLineFragment?.rect ?? .zero
    }

    var _extraLineFragmentUsedRect: CGRect {
        flow.ensureLayoutOfTextEnd()
        return flow.extraLineFragment?.usedRect ?? .zero
    }

    var _extraLineFragmentTextContainer: NSTextContainer? {
        flow.ensureLayoutOfTextEnd()
        return flow.extraLineFragment.map { textContainers[$0.container] }
    }

    // MARK: Truncation

    func _truncatedGlyphRange(inLineFragmentForGlyphAt glyphIndex: Int) -> NSRange {
        guard let found = flow.fragment(forGlyph: GlyphIndex(glyphIndex)), let truncation = found.fragment.line.truncation,
              !truncation.hiddenGlyphs.isEmpty else {
            return NSRange(location: NSNotFound, length: 0)
        }
        return NSRange(location: found.glyph(truncation.hiddenGlyphs.lowerBound).rawValue, length: truncation.hiddenGlyphs.count)
    }

    // MARK: Enumeration and bounds

    func _enumerateLineFragments(forGlyphRange glyphRange: NSRange,
                                       using block: (CGRect, CGRect, NSTextContainer, NSRange, UnsafeMutablePointer<ObjCBool>) -> Void) {
        guard glyphRange.length > 0 else { return }
        let (p, _, _) = flow.locate(glyph: GlyphIndex(glyphRange.location))
        let end = glyphRange.location + glyphRange.length
        var stop: ObjCBool = false
        // Reads only the four values the block gets from each stored fragment, in place: copying
        // a whole fragment (its line's runs and metrics) cost more than the block itself. The
        // containers are held for the walk and handed to the block without a retain a line.
        let flow = self.flow
        let containers = textContainers
        let unretained = containers.map { Unmanaged.passUnretained($0) }
        withExtendedLifetime(containers) {
            flow.forEachLaidOutParagraph(from: p) { _, record, fragments, firstGlyph, _, top in
                var container = -1, containerTop: CGFloat = 0
                let more = fragments.withUnsafeBufferPointer { fragments in
                    for i in fragments.indices {
                        let lineGlyphs = fragments[i].line.glyphRange
                        let range = NSRange(location: (firstGlyph + GlyphIndex(lineGlyphs.lowerBound)).rawValue, length: lineGlyphs.count)
                        if range.location >= end { return false }
                        guard range.location + range.length > glyphRange.location
                            || range.length == 0 && range.location >= glyphRange.location else { continue }
                        if fragments[i].container != container {
                            container = fragments[i].container
                            containerTop = flow.containerTop(container)
                        }
                        guard container < unretained.count else { return false }  // a container the block added
                        let dy = top - containerTop
                        unretained[container]._withUnsafeGuaranteedRef {
                            block(fragments[i].rect.offsetBy(dx: 0, dy: dy), fragments[i].usedRect.offsetBy(dx: 0, dy: dy), $0, range, &stop)
                        }
                        if stop.boolValue { return false }
                    }
                    return true
                }
                // The range ends in this paragraph: the next one (perhaps not laid out) is not asked.
                return more && firstGlyph + GlyphIndex(record.glyphCount ?? 0) < GlyphIndex(end)
            }
        }
    }

    func _boundingRect(forGlyphRange glyphRange: NSRange, in container: NSTextContainer) -> CGRect {
        guard let index = textContainers.firstIndex(where: { $0 === container }), glyphRange.length > 0 else { return .zero }
        var result = CGRect.null
        let end = glyphRange.location + glyphRange.length
        let (p, _, _) = flow.locate(glyph: GlyphIndex(glyphRange.location))
        flow.forEachFragment(fromParagraph: p, startingAtGlyph: GlyphIndex(glyphRange.location), beforeGlyph: GlyphIndex(end)) { found in
            let range = found.glyphRange
            if range.location >= end { return false }
            guard found.container == index, range.location + range.length > glyphRange.location else { return true }
            let line = found.fragment.line
            // One line's positions are kept with its other geometry (the glyph rects of a line
            // asked one by one); a range over many lines does not push out the lines kept.
            let withinLine = range.location <= glyphRange.location && end <= range.location + range.length
            let (xs, advances) = flow.glyphPositions(of: found, keeps: withinLine)
            let lower = found.local(GlyphIndex(max(range.location, glyphRange.location))) - line.glyphRange.lowerBound
            let upper = found.local(GlyphIndex(min(range.location + range.length, end))) - line.glyphRange.lowerBound
            var minX = CGFloat.infinity, maxX = -CGFloat.infinity
            for i in lower..<upper {
                minX = min(minX, CGFloat(xs[i]))
                maxX = max(maxX, CGFloat(xs[i] + advances[i]))
            }
            if minX <= maxX {
                let origin = found.fragment.textOriginX
                result = result.union(CGRect(x: origin + minX, y: found.rect.minY, width: maxX - minX, height: found.rect.height))
            }
            return true
        }
        return result.isNull ? .zero : result
    }

    func _glyphRange(forBoundingRect bounds: CGRect, in container: NSTextContainer) -> NSRange {
        ensureLayout(forBoundingRect: bounds, in: container)
        return glyphRange(forBoundingRectWithoutAdditionalLayout: bounds, in: container)
    }

    func _glyphRange(forBoundingRectWithoutAdditionalLayout bounds: CGRect, in container: NSTextContainer) -> NSRange {
        guard let index = textContainers.firstIndex(where: { $0 === container }) else { return NSRange(location: 0, length: 0) }
        let bounds = bounds.clampedToLayoutLimits  // NaN acts as 0, infinities clamp
        guard let glyphs = flow.laidOutGlyphs(meeting: bounds, inContainer: index) else { return NSRange(location: 0, length: 0) }
        return NSRange(location: glyphs.lowerBound.rawValue, length: (glyphs.upperBound - glyphs.lowerBound).rawValue)
    }

    // MARK: Default metrics

    func _defaultLineHeight(for font: UIFont) -> CGFloat {
        font.ascender - font.descender + (usesFontLeading ? font.leading : 0)
    }

    func _defaultBaselineOffset(for font: UIFont) -> CGFloat {
        font.ascender
    }
}
