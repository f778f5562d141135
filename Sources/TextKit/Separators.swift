/// Paragraph and line separators as the editing layer counts them, and a range's end before the
/// separator that ends it.
package enum Separators {
    /// LF, CR and U+2029 end paragraphs (as `NSString.paragraphRange(for:)` counts them).
    package static func isParagraphSeparator(_ unit: UInt16) -> Bool {
        unit == 0x0A || unit == 0x0D || unit == 0x2029
    }

    /// A hard line break: a paragraph separator, U+2028 or NEL.
    package static func isLineBreak(_ unit: UInt16) -> Bool {
        isParagraphSeparator(unit) || unit == 0x2028 || unit == 0x85
    }

    /// The end of `range` before a separator that ends it — a paragraph separator, or with
    /// `lineBreaks` any hard line break; "\r\n" counts as one. `units` reads UTF-16 units of a
    /// stretch of the text.
    package static func contentEnd(of range: Range<Int>, lineBreaks: Bool = false, units: (Range<Int>) -> [UInt16]) -> Int {
        guard !range.isEmpty else { return range.upperBound }
        let tail = units(max(range.lowerBound, range.upperBound - 2)..<range.upperBound)
        guard let last = tail.last, lineBreaks ? isLineBreak(last) : isParagraphSeparator(last) else { return range.upperBound }
        return range.upperBound - (tail == [0x0D, 0x0A] ? 2 : 1)
    }
}
