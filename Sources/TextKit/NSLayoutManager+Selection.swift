import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Where the insertion point for a character index is drawn: its line and its caret(s), in
/// container coordinates. What the editing layer needs for `caretRect(for:)`, moving the caret and
/// `UITextInput`'s geometry.
package struct CaretGeometry {
    /// The container (index into `textContainers`).
    package var container: Int
    package var lineFragmentRect: CGRect
    package var lineFragmentUsedRect: CGRect
    /// The line's glyphs and characters (empty, at the text's end, for the extra line fragment).
    package var lineGlyphRange: NSRange
    package var lineCharacterRange: NSRange
    /// The primary caret's x (container coordinates): the leading edge of the character at the
    /// index, in that character's direction.
    package var primaryX: CGFloat
    /// The secondary caret's x: the trailing edge of the character before. Equal to ``primaryX``
    /// except at a bidi boundary, where an editor may draw both (or a split caret).
    package var secondaryX: CGFloat
    /// The baseline's distance from the line fragment rect's top, and the line's ascent and
    /// descent: a caret usually spans `baseline - ascent … baseline + descent`.
    package var baselineOffset: CGFloat
    package var ascent: CGFloat
    package var descent: CGFloat
    /// The primary caret belongs to right-to-left text.
    package var isRightToLeft: Bool
    package var isExtraLineFragment: Bool { fragment == nil }
    /// The line (nil for the extra line fragment).
    var fragment: LocatedFragment?

    /// A caret rect of `width` points at the primary caret, from the line's ascent to its descent.
    package func caretRect(width: CGFloat = 2) -> CGRect {
        CGRect(x: primaryX - width / 2, y: lineFragmentRect.minY + baselineOffset - ascent, width: width, height: ascent + descent)
    }
}

/// A selection rect with what `UITextSelectionRect` reports about it.
package struct SelectionRect: Equatable {
    /// Container coordinates.
    package var rect: CGRect
    package var container: Int
    package var isRightToLeft: Bool
    /// Whether the selection's start (or end) caret lies in this rect.
    package var containsStart: Bool
    package var containsEnd: Bool
}

/// Selection geometry: the rects that enclose a glyph range (what a text view highlights) and the
/// caret of an insertion point.
extension NSLayoutManager {
    // MARK: Public API

    func _enumerateEnclosingRects(forGlyphRange glyphRange: NSRange, withinSelectedGlyphRange selectedRange: NSRange,
                                        in textContainer: NSTextContainer,
                                        using block: (CGRect, UnsafeMutablePointer<ObjCBool>) -> Void) {
        var stop: ObjCBool = false
        for rect in enclosingRects(forGlyphRange: glyphRange, withinSelectedGlyphRange: selectedRange, in: textContainer) {
            block(rect, &stop)
            if stop.boolValue { return }
        }
    }

    func _enclosingRects(forGlyphRange glyphRange: NSRange, withinSelectedGlyphRange selectedRange: NSRange,
                               in textContainer: NSTextContainer) -> [CGRect] {
        checkGlyphRange(glyphRange, #function)
        guard let index = textContainers.firstIndex(where: { $0 === textContainer }) else { return [] }
        let selection = selectedRange.location == NSNotFound ? glyphRange : selectedRange
        if glyphRange.length == 0 {
            let character = characterIndexForGlyph(at: glyphRange.location)
            guard let caret = caretGeometry(forCharacterAt: character), caret.container == index else { return [] }
            return [CGRect(x: caret.primaryX, y: caret.lineFragmentRect.minY, width: 0, height: caret.lineFragmentRect.height)]
        }
        return selectionPieces(glyphs: glyphRange, selection: selection, container: index).map(\.rect)
    }

    // MARK: Package helpers for the editing layer

    /// The caret for the insertion point before character `index` (`0...length`): the line it is
    /// drawn on and its primary and secondary x. At the index where a soft-wrapped line ends and the
    /// next begins, the next line's start by default, or with `upstream` the end of the line before
    /// (UIKit's selection affinity). At the text's end: the extra line fragment when there is one,
    /// else the end of the last line. Nil when the character is in no container.
    package func caretGeometry(forCharacterAt index: Int, upstream: Bool = false) -> CaretGeometry? {
        checkPrecondition(index >= 0 && index <= flow.characterCount,
                     "caretGeometry(forCharacterAt:): character index \(index) out of bounds; text length \(flow.characterCount)")
        if index == flow.characterCount {
            flow.ensureLayoutOfTextEnd()
            if let extra = flow.extraLineFragment { return extraCaret(extra) }
            guard index > 0 else { return nil }
        }
        var found: LocatedFragment?
        if index < flow.characterCount {
            found = flow.fragment(forGlyph: GlyphIndex(glyphIndexForCharacter(at: index)))
        }
        if index > 0, upstream || index == flow.characterCount,
           let before = flow.fragment(forGlyph: GlyphIndex(glyphIndexForCharacter(at: index - 1))),
           before.character(before.fragment.line.fitted.characters.upperBound).rawValue == index,
           !before.fragment.line.fitted.endsWithHardBreak || index == flow.characterCount {
            found = before
        }
        guard let found else { return nil }
        let carets = flow.lineCarets(for: found)
        let local = found.local(UTF16Offset(index))
        let (primary, secondary) = carets.offset(forCharacter: local)
        let k = carets.graphemeIndex(containing: local)
        let rightToLeft = k < carets.graphemes.count ? carets.graphemes[k].isRightToLeft : carets.isRightToLeftParagraph
        let line = found.fragment.line
        let characters = line.fitted.characters
        return CaretGeometry(container: found.container, lineFragmentRect: found.rect, lineFragmentUsedRect: found.usedRect,
                             lineGlyphRange: found.glyphRange,
                             lineCharacterRange: NSRange(location: found.character(characters.lowerBound).rawValue, length: characters.count),
                             primaryX: found.fragment.textOriginX + CGFloat(primary),
                             secondaryX: found.fragment.textOriginX + CGFloat(secondary),
                             baselineOffset: found.fragment.baselineOffset, ascent: CGFloat(line.ascent),
                             descent: CGFloat(line.descent), isRightToLeft: rightToLeft, fragment: found)
    }

    /// The insertion points of the line that `index` is drawn on (as ``caretGeometry(forCharacterAt:upstream:)``
    /// chooses it), left to right, each exactly once, with their x in container coordinates: the
    /// order in which the right arrow key visits them. Within a bidi boundary's pair of carets, the
    /// one kept at each place belongs to the text of the lower embedding level (see `LineCarets.visualStops`).
    /// Empty when the index is in no container; one stop in the extra line fragment.
    package func visualCaretStops(forCharacterAt index: Int, upstream: Bool = false) -> [(x: CGFloat, characterIndex: Int)] {
        guard let caret = caretGeometry(forCharacterAt: index, upstream: upstream) else { return [] }
        guard let found = caret.fragment else { return [(caret.primaryX, flow.characterCount)] }
        return flow.lineCarets(for: found).visualStops.map {
            (found.fragment.textOriginX + CGFloat($0.x), found.character($0.offset).rawValue)
        }
    }

    /// The selection rects of `characterRange` (widened to whole grapheme clusters), in every
    /// container, with the direction and start/end facts `UITextSelectionRect` reports. Rects as in
    /// ``enumerateEnclosingRects(forGlyphRange:withinSelectedGlyphRange:in:using:)``.
    package func selectionRects(forCharacterRange characterRange: NSRange) -> [SelectionRect] {
        let range = checkedCharacterRange(characterRange, #function)
        guard range.length > 0 else { return [] }
        let glyphs = glyphRange(forCharacterRange: range, actualCharacterRange: nil)
        var result: [SelectionRect] = []
        for index in textContainers.indices {
            result += selectionPieces(glyphs: glyphs, selection: glyphs, container: index)
        }
        return result
    }

    // MARK: Internals

    /// The caret in the extra line fragment: at its text start, or aligned as the last paragraph's
    /// style says (right or centre).
    private func extraCaret(_ extra: (rect: CGRect, usedRect: CGRect, container: Int)) -> CaretGeometry {
        let attributes = flow.characterCount > 0 ? textStorage?.attributes(at: flow.characterCount - 1, effectiveRange: nil) ?? [:] : [:]
        let font = attributes[.font] as? UIFont ?? RunStyle.defaultFont
        let style = attributes[.paragraphStyle] as? NSParagraphStyle ?? .default
        let padding = textContainers[extra.container].lineFragmentPadding
        let rightToLeft = style.baseWritingDirection == .rightToLeft
        var alignment = style.alignment
        if alignment == .natural || alignment == .justified { alignment = rightToLeft ? .right : .left }
        let x: CGFloat
        switch alignment {
        case .right: x = extra.rect.maxX - padding
        case .center: x = extra.rect.midX
        default: x = extra.rect.minX + padding + style.headIndent
        }
        let ascent = font.ascender, descent = -font.descender
        let natural = ascent + descent + (usesFontLeading ? font.leading : 0)
        let lineHeight = extra.usedRect.height - style.lineSpacing
        return CaretGeometry(container: extra.container, lineFragmentRect: extra.rect, lineFragmentUsedRect: extra.usedRect,
                             lineGlyphRange: NSRange(location: flow.generatedGlyphCount, length: 0),
                             lineCharacterRange: NSRange(location: flow.characterCount, length: 0),
                             primaryX: x, secondaryX: x, baselineOffset: ascent + max(0, lineHeight - natural),
                             ascent: ascent, descent: descent, isRightToLeft: rightToLeft, fragment: nil)
    }

    /// The selection rects of the glyphs `glyphs` in container `index`, line by line, extended to
    /// the line's end edge where `selection` continues on the next line.
    private func selectionPieces(glyphs glyphRange: NSRange, selection: NSRange, container index: Int) -> [SelectionRect] {
        guard glyphRange.length > 0 else { return [] }
        let end = glyphRange.location + glyphRange.length
        let selectionEnd = selection.location + selection.length
        var pieces: [SelectionRect] = []
        let startParagraph = flow.locate(glyph: GlyphIndex(glyphRange.location)).paragraph
        flow.forEachFragment(fromParagraph: startParagraph, beforeGlyph: GlyphIndex(end)) { found in
            let lineGlyphs = found.glyphRange
            if lineGlyphs.location >= end { return false }
            guard found.container == index, lineGlyphs.location + lineGlyphs.length > glyphRange.location else {
                return found.container <= index
            }
            let lowerGlyph = found.local(GlyphIndex(max(glyphRange.location, lineGlyphs.location)))
            let upperGlyph = found.local(GlyphIndex(min(end, lineGlyphs.location + lineGlyphs.length)))
            let characters = found.analysis.glyphs.characterRange(forGlyphs: lowerGlyph..<upperGlyph)
            let carets = flow.lineCarets(for: found)
            var spans = carets.visualSpans(of: characters).map {
                (lower: found.fragment.textOriginX + CGFloat($0.lowerBound), upper: found.fragment.textOriginX + CGFloat($0.upperBound))
            }
            guard !spans.isEmpty else { return true }
            let lineEnd = lineGlyphs.location + lineGlyphs.length
            if selectionEnd > lineEnd && end >= lineEnd {
                // The selection wraps onto the next line: fill to the fragment's end edge.
                if carets.isRightToLeftParagraph {
                    spans[0].lower = min(spans[0].lower, found.rect.minX)
                } else {
                    spans[spans.count - 1].upper = max(spans[spans.count - 1].upper, found.rect.maxX)
                }
            }
            let startX = found.fragment.textOriginX + CGFloat(carets.offset(forCharacter: characters.lowerBound).primary)
            let endX = found.fragment.textOriginX + CGFloat(carets.offset(forCharacter: characters.upperBound).secondary)
            let containsStartLine = glyphRange.location >= lineGlyphs.location
            let containsEndLine = end <= lineEnd
            for span in spans {
                let rect = CGRect(x: span.lower, y: found.rect.minY, width: span.upper - span.lower, height: found.rect.height)
                let k = carets.visualOrder.first { k in
                    let g = carets.graphemes[k]
                    return g.characters.overlaps(characters) && CGFloat(g.maxX) + found.fragment.textOriginX > span.lower
                }
                let rightToLeft = k.map { carets.graphemes[$0].isRightToLeft } ?? carets.isRightToLeftParagraph
                pieces.append(SelectionRect(rect: rect, container: index, isRightToLeft: rightToLeft,
                                            containsStart: containsStartLine && (span.lower - 0.01...span.upper + 0.01).contains(startX),
                                            containsEnd: containsEndLine && (span.lower - 0.01...span.upper + 0.01).contains(endX)))
            }
            return true
        }
        return pieces
    }

    private func checkGlyphRange(_ range: NSRange, _ function: StaticString) {
        checkPrecondition(range.location >= 0 && range.length >= 0, "\(function): glyph range {\(range.location), \(range.length)} is negative")
        if range.location + range.length > 0 { flow.ensureGlyphs(throughGlyph: GlyphIndex(range.location + range.length - 1)) }
        checkPrecondition(range.location + range.length <= flow.generatedGlyphCount,
                     "\(function): glyph range {\(range.location), \(range.length)} out of bounds; number of glyphs \(flow.generatedGlyphCount)")
    }
}
