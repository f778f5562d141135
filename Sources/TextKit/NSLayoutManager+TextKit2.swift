import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// A laid-out line as TextKit 2's fragments read it from the engine.
package struct EngineLine {
    /// The line fragment rect and used rect (container coordinates).
    package var rect: CGRect
    package var usedRect: CGRect
    /// The line's glyphs and characters.
    package var glyphRange: NSRange
    package var characterRange: NSRange
    /// The baseline's distance from `rect`'s top.
    package var baselineOffset: CGFloat
    /// The container (index into `textContainers`).
    package var container: Int
}

extension NSLayoutManager {
    /// Whether every paragraph holding a character of `characterRange` (the one holding its
    /// location, when empty) has lines. Lays nothing out; O(log n).
    package func isLaidOut(characterRange: NSRange) -> Bool {
        flow.isLaidOut(characters: UTF16Offset(characterRange.location)..<UTF16Offset(characterRange.location + characterRange.length))
    }

    /// The height of the text in the stacked flow: the lines of the laid-out paragraphs, the
    /// estimates of the others (see ``allowsNonContiguousLayout``) and the extra line fragment
    /// once known. What a scroller shows before the text is all laid out.
    package var estimatedTextHeight: CGFloat { flow.estimatedHeight }

    /// Whether queries lay out only what they ask about (``allowsNonContiguousLayout`` in a
    /// stacked flow: one simple container of unbounded height).
    package var laysOutNonContiguously: Bool { flow.laysOutNonContiguously }

    /// Lays out what meets `bounds` (container coordinates) and returns how far that moved the
    /// text that was already laid out there: under non-contiguous layout, text above it laid out
    /// for the first time replaces estimated heights. A view that scrolls by as much shows that
    /// text where it was. 0 when nothing laid out moved, and under contiguous layout.
    package func ensureLayoutKeepingShownText(forBoundingRect bounds: CGRect, in container: NSTextContainer) -> CGFloat {
        let anchor = flow.laysOutNonContiguously ? flow.laidOutParagraph(startingIn: bounds.clampedToLayoutLimits) : nil
        ensureLayout(forBoundingRect: bounds, in: container)
        return anchor.map(flow.distanceMoved) ?? 0
    }

    /// Whether a paragraph of `paragraphLength` UTF-16 units is laid out in pieces (longer than
    /// 65,536 units: ParagraphPieces.swift).
    package func laysOutInPieces(paragraphLength: Int) -> Bool {
        paragraphLength > TextFlow.maximumPieceLength
    }

    /// The characters laid out together with `offset`'s, given the range of its paragraph: the
    /// paragraph, or for one longer than 65,536 units the piece of it that holds `offset`
    /// (ParagraphPieces.swift). O(log n).
    package func layoutPieceRange(holding offset: Int, ofParagraph paragraph: NSRange) -> NSRange {
        guard laysOutInPieces(paragraphLength: paragraph.length), let piece = flow.pieceRange(holding: offset) else { return paragraph }
        // Records follow the storage's paragraphs: a piece lies inside its paragraph.
        return NSIntersectionRange(piece, paragraph).length == piece.length ? piece : paragraph
    }

    /// Lays out the paragraph at `paragraphRange` and returns what its lines are made of: while it
    /// stays equal, so do the paragraph's line fragments, their place and their glyph and
    /// character numbering, whatever else changed. `paragraphRange` may also be a piece of a
    /// paragraph laid out in pieces (``layoutPieceRange(holding:ofParagraph:)``); nil for any
    /// other range (then only the layout change count tells).
    package func layoutStamp(ofParagraph paragraphRange: NSRange) -> ParagraphLayoutStamp? {
        flow.layoutStamp(ofParagraph: UTF16Offset(paragraphRange.location)..<UTF16Offset(paragraphRange.location + paragraphRange.length))
    }

    /// The number of glyphs made so far (under non-contiguous layout, of the paragraphs that have
    /// them): the glyph index just past the end of the text, as far as glyphs go, without making more.
    package var glyphCountWithoutGeneration: Int { flow.generatedGlyphCount }

    /// The number of paragraphs (and pieces of long ones) that have lines: what a test counts to
    /// see that a query laid out only what it needed.
    package var laidOutParagraphCount: Int { flow.laidOutParagraphCount }

    /// The lines holding the characters of `characterRange` (laid out as far as needed), in order,
    /// read in one walk of the paragraphs: what TextKit 2 builds a layout fragment's geometry from
    /// (a walk instead of five queries a line).
    package func lines(forCharacterRange characterRange: NSRange) -> [EngineLine] {
        guard characterRange.length > 0, characterRange.location + characterRange.length <= flow.characterCount else { return [] }
        let end = characterRange.location + characterRange.length
        flow.ensureLayout(characters: UTF16Offset(characterRange.location)..<UTF16Offset(end))
        let start = flow.locate(character: UTF16Offset(characterRange.location))
        // The walk stops after the range's last paragraph (not laying out the one after it).
        let glyphEnd = flow.glyphEnd(ofParagraphHolding: UTF16Offset(end - 1))
        var result: [EngineLine] = []
        flow.forEachFragment(fromParagraph: start.paragraph, beforeGlyph: glyphEnd) { found in
            let characters = found.fragment.line.fitted.characters
            let lower = found.character(characters.lowerBound).rawValue
            guard lower < end else { return false }
            if lower + characters.count > characterRange.location || characters.isEmpty && lower >= characterRange.location {
                result.append(EngineLine(rect: found.rect, usedRect: found.usedRect, glyphRange: found.glyphRange,
                                         characterRange: NSRange(location: lower, length: characters.count),
                                         baselineOffset: found.fragment.baselineOffset, container: found.container))
            }
            return true
        }
        return result
    }
}
