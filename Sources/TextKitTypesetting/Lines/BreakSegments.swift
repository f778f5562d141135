import TextKitModel

/// The text between two consecutive line-break opportunities (UAX #14, by ICU), with its width:
/// what greedy line filling walks over. A paragraph of 1 MB has ~170,000 of them; refilling at a
/// new width only walks this array.
package struct BreakSegment: Sendable, Equatable {
    package struct Flags: OptionSet, Sendable, Hashable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The segment ends with a mandatory break (U+2028, or the paragraph's end).
        package static let hardBreak = Flags(rawValue: 1 << 0)
        /// The segment holds a tab, whose width depends on where the segment lands.
        package static let containsTab = Flags(rawValue: 1 << 1)
    }

    /// Where the segment ends (a UTF-16 offset in the paragraph); it starts where the previous
    /// one ends.
    package var end: Int32
    /// The advance of the whole segment in points, trailing white space included.
    package var width: Float
    /// The advance of the white space (and controls) at its end, which hangs past a line's end.
    package var trailingWhitespace: Float
    package var flags: Flags
}

extension ParagraphGlyphs {
    /// Splits the paragraph at ICU's line-break opportunities and measures each piece.
    /// - Parameter text: the paragraph's UTF-16 text (the same the glyphs were made from).
    /// - Parameter locale: the locale whose line-breaking rules apply ("" for the root rules; "ja"
    ///   for Japanese kinsoku; dictionary breaking for Thai, Lao, Khmer, Burmese and CJK is
    ///   automatic).
    /// - Parameter prior: the opportunities before an edit inside the paragraph, when known: ICU
    ///   is then asked only about the text around the edit (PriorBreaks.swift).
    package func breakSegments(text: UnsafeBufferPointer<UInt16>, locale: String = "", prior: PriorBreaks? = nil) -> [BreakSegment] {
        precondition(text.count == length, "paragraph text has \(text.count) UTF-16 units but its glyphs were made for \(length)")
        if let prior, prior.applies(to: text, locale: locale) {
            let boundaries = prior.boundaries(of: text)
            #if DEBUG
            let expected = BreakIterator.withIterator(.line, text: text) { Array(IteratorSequence(ICUBoundaries(iterator: $0))) }
            precondition(boundaries == expected, "line breaks reused after an edit (\(prior.editStart), \(prior.oldLength) → \(prior.newLength)) differ from ICU's: \(boundaries) against \(expected)")
            #endif
            return measure(boundaries.makeIterator(), text: text)
        }
        return BreakIterator.withIterator(.line, locale: locale, text: text) { measure(ICUBoundaries(iterator: $0), text: text) }
    }

    /// The segments between consecutive `boundaries` (every boundary after the text's start, in
    /// order), measured over the glyphs. The arrays are read through buffers: no exclusivity
    /// check (as the class's own properties would cost) and no bounds check per glyph.
    private func measure(_ boundaries: some IteratorProtocol<Int>, text: UnsafeBufferPointer<UInt16>) -> [BreakSegment] {
        clusters.withUnsafeBufferPointer { clusters in
            advances.withUnsafeBufferPointer { advances in
                flags.withUnsafeBufferPointer { flags in
                    Self.segments(between: boundaries, text: text, clusters: clusters, advances: advances, flags: flags)
                }
            }
        }
    }

    /// ICU's boundaries after the start of the text, in order.
    private struct ICUBoundaries: IteratorProtocol {
        let iterator: BreakIterator
        init(iterator: BreakIterator) {
            self.iterator = iterator
            _ = iterator.first()
        }
        mutating func next() -> Int? {
            let boundary = iterator.next()
            return boundary == BreakIterator.done ? nil : boundary
        }
    }

    /// The segments between consecutive `boundaries` of `text` (every boundary after its start,
    /// in order), measured over the glyphs.
    private static func segments(between boundaries: some IteratorProtocol<Int>, text: UnsafeBufferPointer<UInt16>,
                                 clusters: UnsafeBufferPointer<Int32>, advances: UnsafeBufferPointer<Float>,
                                 flags glyphFlags: UnsafeBufferPointer<GlyphFlags>) -> [BreakSegment] {
        var boundaries = boundaries
        var segments: [BreakSegment] = []
        segments.reserveCapacity(text.count / 5 + 1)
        var g = 0
        let count = clusters.count
        // The flags read as bits, in a loop without branches on them (it runs for every glyph of
        // every paragraph laid out).
        let hangs = GlyphFlags.whitespace.rawValue | GlyphFlags.control.rawValue
        // One pass: each boundary closes the segment since the last, measured over the glyphs up
        // to it (clusters are non-decreasing).
        while let end = boundaries.next() {
            // Mandatory breaks are those after BK, CR, LF or NL (UAX #14 LB4, LB5). ICU's rule
            // status cannot tell: after a dictionary-broken stretch (Thai, Khmer, …) ICU 72
            // reports the status of a later hard break for every boundary in it.
            let hard = end == text.count || isMandatoryBreak(after: text[end - 1])
            var width: Float = 0
            var trailing: Float = 0
            var seen: UInt16 = 0
            let end32 = Int32(truncatingIfNeeded: end)
            while g < count && clusters[g] < end32 {
                let advance = advances[g]
                let bits = glyphFlags[g].rawValue
                width += advance
                seen |= bits
                trailing = bits & hangs != 0 ? trailing + advance : 0
                g += 1
            }
            var flags: BreakSegment.Flags = hard ? [.hardBreak] : []
            if seen & GlyphFlags.tab.rawValue != 0 { flags.insert(.containsTab) }
            segments.append(BreakSegment(end: end32, width: width, trailingWhitespace: trailing, flags: flags))
        }
        return segments
    }

    /// Whether a line must break after this unit (line-break classes BK, CR, LF and NL).
    static func isMandatoryBreak(after unit: UInt16) -> Bool {
        switch unit {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }
}
