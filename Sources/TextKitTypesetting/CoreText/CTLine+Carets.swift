import TextKitFonts
import TextKitGraphics
import TextKitModel

// Caret geometry of a CTLine: Core Text's spelling of the line's `LineCarets`
// (PlacedLine+Carets.swift), the model NSLayoutManager's hit testing and selection use too. The
// two façades differ only in their units: here x is measured from the line's origin (the placed
// line's `originX`, which holds any alignment or indent, is subtracted) and indices are string
// indices (the paragraph's start added to `LineCarets`' paragraph offsets).

extension CTLine {
    /// Where the caret for string index `charIndex` goes, as x offsets from the line's origin
    /// (Core Text's `CTLineGetOffsetForStringIndex`). The two candidates are the leading edge of
    /// the grapheme at `charIndex` (its left edge in left-to-right text, its right edge in
    /// right-to-left text) and the trailing edge of the grapheme before it; they differ only at a
    /// direction boundary, where a split caret shows both. As Apple documents, the primary offset
    /// is the one for a character of the line's writing direction: the candidate whose text has
    /// the lower embedding level, the line's ends counting as text of the paragraph's level. So
    /// in "abc שלום" index 4 has its primary caret after "abc " and its secondary at the Hebrew
    /// word's right end, and the end of the line has its primary caret at the line's right end.
    /// An index inside a grapheme (between the halves of a surrogate pair, before a combining
    /// mark, among the characters a truncation hides) counts as its start. A hyphen added at a
    /// break takes no caret: the line's end is before it.
    /// Cost: O(log n) after the line's caret geometry is made (on the first caret query).
    /// - Precondition: `charIndex` lies within the line's string range, end included.
    public func offset(forStringIndex charIndex: CFIndex) -> (primary: CGFloat, secondary: CGFloat) {
        checkPrecondition(charIndex >= stringRange.location && charIndex <= stringRange.end,
                     "CTLineGetOffsetForStringIndex: index \(charIndex) is outside the line's range \(stringRange)")
        let offsets = carets.lineDirectionOffsets(forCharacter: charIndex - paragraph.start)
        return (CGFloat(offsets.primary - placed.originX), CGFloat(offsets.secondary - placed.originX))
    }

    /// The string index of the insertion point for a click at `position.x` (x from the line's
    /// origin; y is ignored), as Core Text's `CTLineGetStringIndexForPosition`: over a grapheme,
    /// its start when the point is in its leading half (the left half of left-to-right text, the
    /// right half of right-to-left text) and its end otherwise. Left or right of the line, the
    /// line's start or end in the paragraph's direction — where the primary caret of that index
    /// is (see ``offset(forStringIndex:)``), so that an offset taken from one line and passed here
    /// for the next lands where Apple says it should. A line that ends with a paragraph
    /// separator never gives the index after it (the caret stays on the line).
    /// Cost: O(graphemes in the line). A NaN x counts as 0 and infinities as the far ends.
    public func stringIndex(forPosition position: CGPoint) -> CFIndex {
        let position = position.clampedToLayoutLimits
        let offset = carets.characterIndex(forX: Float(position.x) + placed.originX)
        var index = paragraph.start + offset
        if index == stringRange.end, stringRange.length > 0, endsWithParagraphSeparator { index -= 1 }
        return index
    }

    /// Calls `body` for each caret edge of the line, left to right, with its x offset from the
    /// line's origin, the string index of its grapheme and whether it is the grapheme's leading
    /// edge, until `body` sets the stop flag (Core Text's `CTLineEnumerateCaretOffsets`). Each
    /// grapheme gives two edges: a left-to-right one its leading edge first, a right-to-left one
    /// its trailing edge first. The characters a truncation hides give the two edges of the
    /// ellipsis (or token), with the first hidden character's index.
    public func enumerateCaretOffsets(_ body: (Double, CFIndex, Bool, inout Bool) -> Void) {
        let carets = self.carets
        let origin = placed.originX
        var stop = false
        for k in carets.visualOrder {
            let grapheme = carets.graphemes[k]
            let index = paragraph.start + grapheme.characters.lowerBound
            body(Double(grapheme.minX - origin), index, !grapheme.isRightToLeft, &stop)
            if stop { return }
            body(Double(grapheme.maxX - origin), index, grapheme.isRightToLeft, &stop)
            if stop { return }
        }
    }

    /// Whether the line's last character ends a paragraph (or a line, for U+2028).
    var endsWithParagraphSeparator: Bool {
        let last = stringRange.end - 1 - paragraph.start
        guard last >= 0, last < paragraph.length else { return false }
        return [0x0A, 0x0D, 0x85, 0x2028, 0x2029].contains(paragraph.text[last])
    }
}

// MARK: - Core Text functions

/// See ``CTLine/offset(forStringIndex:)``; the secondary offset goes through the optional pointer.
public func CTLineGetOffsetForStringIndex(_ line: CTLine, _ charIndex: CFIndex,
                                          _ secondaryOffset: UnsafeMutablePointer<CGFloat>?) -> CGFloat {
    let offsets = line.offset(forStringIndex: charIndex)
    secondaryOffset?.pointee = offsets.secondary
    return offsets.primary
}

/// See ``CTLine/stringIndex(forPosition:)``.
public func CTLineGetStringIndexForPosition(_ line: CTLine, _ position: CGPoint) -> CFIndex {
    line.stringIndex(forPosition: position)
}

/// See ``CTLine/enumerateCaretOffsets(_:)``; the block's last argument is the stop flag (Core
/// Text's `CTLineEnumerateCaretOffsets`).
public func CTLineEnumerateCaretOffsets(_ line: CTLine, _ block: (Double, CFIndex, Bool, UnsafeMutablePointer<Bool>) -> Void) {
    var stop = false
    withUnsafeMutablePointer(to: &stop) { flag in
        line.enumerateCaretOffsets { offset, index, leading, stopped in
            block(offset, index, leading, flag)
            stopped = flag.pointee
        }
    }
}
