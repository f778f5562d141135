import TextKitGraphics

// Paragraphs and lines, as NSString defines them:
//   paragraph separators: LF, CR, CRLF (one separator), U+2029 PARAGRAPH SEPARATOR;
//   line separators: those, plus U+2028 LINE SEPARATOR and U+0085 NEXT LINE.
// The text rope counts both kinds of break in its node summaries, so on the built-in storage each
// query costs O(log n) plus a scan of one chunk (≤ 2048 units), whatever the paragraph's length.

extension NSAttributedString {
    func _paragraphRange(for range: NSRange) -> NSRange {
        _checkRange(range)
        return _enclosing(range, lines: false)
    }

    func _lineRange(for range: NSRange) -> NSRange {
        _checkRange(range)
        return _enclosing(range, lines: true)
    }

    private func _enclosing(_ range: NSRange, lines: Bool) -> NSRange {
        _withTextRope { text in
            let first = text.enclosingBreakRange(containing: range.location, lines: lines)
            let last = range.length > 0
                ? text.enclosingBreakRange(containing: range.location + range.length - 1, lines: lines) : first
            return NSRange(location: first.start, length: max(last.end, first.end) - first.start)
        }
    }

    // MARK: Package-level paragraph access for the layout layer

    /// The number of paragraphs: paragraph separators + 1 (the last paragraph may be empty, after a
    /// final separator or in an empty string). O(1) on the built-in storage.
    package var _paragraphCount: Int {
        _withTextRope { $0.paragraphBreakCount + 1 }
    }

    /// The index of the paragraph holding `offset` (0 ≤ offset ≤ length); an offset between CR and LF
    /// belongs to the CR's paragraph. O(log n).
    package func _paragraphIndex(containing offset: Int) -> Int {
        checkPrecondition(offset >= 0 && offset <= length, "paragraph offset \(offset) out of bounds; string length \(length)")
        return _withTextRope { $0.breaks(before: offset, lines: false) }
    }

    /// Paragraph number `index` (0 ≤ index < `_paragraphCount`): its range with separator, and where
    /// its contents end (before the separator). O(log n).
    package func _paragraph(at index: Int) -> (range: NSRange, contentsEnd: Int) {
        _withTextRope { text in
            checkPrecondition(index >= 0 && index <= text.paragraphBreakCount,
                         "paragraph \(index) out of bounds; \(text.paragraphBreakCount + 1) paragraphs")
            let start = text.offsetAfterBreak(index, lines: false)
            let b = text.enclosingBreakRange(containing: start, lines: false)
            return (NSRange(location: b.start, length: b.end - b.start), b.contentsEnd)
        }
    }

    /// The offsets just after each paragraph separator (CR LF counting once) that ends in `range`,
    /// in order: the ends of the paragraphs there, found in one pass over the text. O(length of
    /// `range`).
    package func _paragraphEnds(in range: Range<Int>) -> [Int] {
        checkPrecondition(range.lowerBound >= 0 && range.upperBound <= length, "paragraph range \(range) out of bounds; string length \(length)")
        return _withTextRope { $0.breakEnds(in: range, lines: false) }
    }

    /// The paragraph holding `offset` (0 ≤ offset ≤ length): range with separator and contents end.
    /// O(log n).
    package func _paragraph(containing offset: Int) -> (range: NSRange, contentsEnd: Int) {
        checkPrecondition(offset >= 0 && offset <= length, "paragraph offset \(offset) out of bounds; string length \(length)")
        return _withTextRope { text in
            let b = text.enclosingBreakRange(containing: offset, lines: false)
            return (NSRange(location: b.start, length: b.end - b.start), b.contentsEnd)
        }
    }
}
