/// A paragraph's line-break opportunities from before an edit inside it, so that making its
/// segments again asks ICU only about the text around the edit (a keystroke in a paragraph of a
/// few hundred characters otherwise runs UAX #14 over all of them, which costs about as much as
/// shaping the paragraph again from the word cache).
///
/// Why the answer is ICU's. ICU finds each boundary by running its rules forward from the
/// previous boundary, starting afresh there; so the boundaries after a boundary *b* depend only on
/// the text from *b* on. Once a boundary found in the new text past the edit is also an old one
/// (moved by the edit's change in length), every later one is too. Before the edit, a boundary can
/// depend on what follows it (a combining mark or a no-break space after an opportunity takes it
/// away), so the last one before the edit may go: ICU restarts two segments before the edit. (Random
/// edits of Unicode's line-break test sequences found differences when restarting at the last
/// boundary before the edit, none in 300,000 when restarting one segment earlier.) Where ICU breaks
/// lines with a dictionary (Thai, Lao, Khmer, Myanmar and the like: line-break class SA), a boundary
/// inside such text depends on where the run starts, so those paragraphs are broken whole; so are
/// paragraphs with a locale of their own. Debug builds compare every reuse with a whole run.
package struct PriorBreaks: Sendable, Equatable {
    /// The old segment ends, in the paragraph's offsets before the edit.
    package var ends: [Int32]
    /// The old units `editStart ..< editStart + oldLength` were replaced by `newLength` units.
    package var editStart: Int
    package var oldLength: Int
    package var newLength: Int

    /// The breaks of `analysis` with an edit inside its paragraph; nil when they were made with a
    /// locale of their own, or tailored for code (CodeBreaks.swift): they are then not ICU's.
    package init?(analysis: ParagraphAnalysis, editStart: Int, oldLength: Int, newLength: Int) {
        guard ParagraphAnalysis.lineBreakLocale(styles: analysis.styles).isEmpty, analysis.codeRanges.isEmpty else { return nil }
        self.init(ends: analysis.segments.map(\.end), editStart: editStart, oldLength: oldLength, newLength: newLength)
    }

    /// Old segment `ends` (the root locale's) with an edit inside their paragraph.
    package init(ends: [Int32], editStart: Int, oldLength: Int, newLength: Int) {
        self.ends = ends
        self.editStart = editStart
        self.oldLength = oldLength
        self.newLength = newLength
    }

    /// Whether the old breaks can be reused for `text` (the paragraph after the edit) in `locale`.
    package func applies(to text: UnsafeBufferPointer<UInt16>, locale: String) -> Bool {
        guard locale.isEmpty, let last = ends.last,
              Int(last) + newLength - oldLength == text.count,
              editStart >= 0, oldLength >= 0, editStart + newLength <= text.count else { return false }
        // Most text is below U+0800, skipped four units at a time.
        return !containsUnit(atLeast: 0x0800, in: text, where: Self.mayBreakByDictionary)
    }

    /// Units of the scripts ICU breaks by dictionary (line-break class SA), and every surrogate
    /// (the supplementary planes hold more of them), conservatively.
    private static func mayBreakByDictionary(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0E00..<0x1100,  // Thai, Lao, Tibetan, Myanmar
             0x1780..<0x1800,  // Khmer
             0x1950..<0x1A00,  // Tai Le, New Tai Lue, Khmer symbols
             0x1A20..<0x1AB0,  // Tai Tham
             0xA9E0..<0xAAE0,  // Myanmar extensions, Tai Viet
             0xD800..<0xE000:  // surrogates
            return true
        default:
            return false
        }
    }

    /// The boundaries of `text` (the paragraph after the edit; every segment end, the text's end
    /// included): the old ones up to two segments before the edit, then ICU's for the text from
    /// there until one of them is an old boundary past the edit, then the old ones after it.
    ///
    /// ICU is given only the text from the restart boundary on, as a text of its own, which is the
    /// same as running on from that boundary (its rules start afresh at a boundary as at the
    /// start of a text) and cheaper than asking for the boundary after an offset of the whole
    /// paragraph: ICU then first backs up with its reverse rules and runs forward again, as
    /// costly as breaking a few hundred characters.
    package func boundaries(of text: UnsafeBufferPointer<UInt16>) -> [Int] {
        let delta = newLength - oldLength
        let editEnd = editStart + newLength
        // The old ends before the edit; all but the last two stay.
        var kept = 0
        while kept < ends.count && Int(ends[kept]) < editStart { kept += 1 }
        kept = max(0, kept - 2)
        var result = ends[..<kept].map(Int.init)
        result.reserveCapacity(ends.count + 4)
        let restart = kept > 0 ? Int(ends[kept - 1]) : 0
        let rest = UnsafeBufferPointer(rebasing: text[restart...])
        return BreakIterator.withIterator(.line, text: rest) { iterator in
            _ = iterator.first()
            var old = kept
            while case let next = iterator.next(), next != BreakIterator.done {
                let boundary = restart + next
                result.append(boundary)
                if boundary >= editEnd {
                    while old < ends.count && Int(ends[old]) < boundary - delta { old += 1 }
                    if old < ends.count && Int(ends[old]) == boundary - delta {
                        result += ends[(old + 1)...].map { Int($0) + delta }
                        return result
                    }
                }
            }
            return result
        }
    }
}
