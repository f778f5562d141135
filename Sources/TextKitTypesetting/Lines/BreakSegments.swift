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
    /// - Parameter copied: with `prior`, which of these glyphs were copied from the analysis
    ///   before the edit (PriorGlyphs.swift): the old segments made of them keep their widths.
    /// - Parameter code: the paragraph's runs of code (`.breaksLikeCode`), where opportunities
    ///   are code's (CodeBreaks.swift); a paragraph with code asks ICU about all its text.
    package func breakSegments(text: UnsafeBufferPointer<UInt16>, locale: String = "", prior: PriorBreaks? = nil,
                               copied: CopiedGlyphs? = nil, code: [Range<Int>] = []) -> [BreakSegment] {
        precondition(text.count == length, "paragraph text has \(text.count) UTF-16 units but its glyphs were made for \(length)")
        if !code.isEmpty {
            let boundaries = BreakIterator.withIterator(.line, locale: locale, text: text) { Array(IteratorSequence(ICUBoundaries(iterator: $0))) }
            return measure(CodeBreaks.tailor(boundaries, text: text, code: code).makeIterator(), text: text)
        }
        if let prior, prior.applies(to: text, locale: locale) {
            let boundaries = prior.boundaries(of: text)
            #if DEBUG
            let expected = BreakIterator.withIterator(.line, text: text) { Array(IteratorSequence(ICUBoundaries(iterator: $0))) }
            precondition(boundaries == expected, "line breaks reused after an edit (\(prior.editStart), \(prior.oldLength) → \(prior.newLength)) differ from ICU's: \(boundaries) against \(expected)")
            #endif
            guard let copied else { return measure(boundaries.makeIterator(), text: text) }
            let segments = withMeter(text: text) { Self.segments(at: boundaries, copying: copied, meter: &$0) }
            #if DEBUG
            let measured = measure(boundaries.makeIterator(), text: text)
            precondition(segments == measured, "segments kept after an edit (\(prior.editStart), \(prior.oldLength) → \(prior.newLength); glyphs copied before \(copied.prefixEnd), from \(copied.suffixStart)) differ from those measured: \(segments) against \(measured); text \(String(decoding: text, as: UTF16.self).debugDescription)")
            #endif
            return segments
        }
        return BreakIterator.withIterator(.line, locale: locale, text: text) { measure(ICUBoundaries(iterator: $0), text: text) }
    }

    /// The segments between consecutive `boundaries` (every boundary after the text's start, in
    /// order), measured over the glyphs.
    private func measure(_ boundaries: some IteratorProtocol<Int>, text: UnsafeBufferPointer<UInt16>) -> [BreakSegment] {
        withMeter(text: text) { meter in
            var boundaries = boundaries
            var segments: [BreakSegment] = []
            segments.reserveCapacity(text.count / 5 + 1)
            while let end = boundaries.next() { segments.append(meter.measure(to: end)) }
            return segments.trimmed()  // a fifth of the text was reserved; CJK breaks at every character
        }
    }

    /// Calls `body` with a meter over the glyphs, read through buffers: no exclusivity check (as
    /// the class's own properties would cost) and no bounds check per glyph.
    private func withMeter<R>(text: UnsafeBufferPointer<UInt16>, _ body: (inout SegmentMeter) -> R) -> R {
        clusters.withUnsafeBufferPointer { clusters in
            advances.withUnsafeBufferPointer { advances in
                flags.withUnsafeBufferPointer { flags in
                    var meter = SegmentMeter(text: text, clusters: clusters, advances: advances, flags: flags)
                    return body(&meter)
                }
            }
        }
    }

    /// The segments between consecutive `boundaries` (an array of them, after an edit), the old
    /// segments where their glyphs are the old ones: those before the edit that end where `copied`
    /// says the glyphs before the edit still are the old ones, and from the first segment
    /// starting in the copied glyphs after the edit at an old segment's start, the old ones moved
    /// by the edit's length while the boundaries are theirs.
    private static func segments(at boundaries: [Int], copying copied: CopiedGlyphs, meter: inout SegmentMeter) -> [BreakSegment] {
        let old = copied.oldSegments
        var segments: [BreakSegment] = []
        segments.reserveCapacity(boundaries.count)
        var i = 0
        // (A kept segment's hard break is asked again: the old text may have ended after it.)
        while i < boundaries.count, i < old.count, boundaries[i] <= copied.prefixEnd, Int(old[i].end) == boundaries[i] {
            segments.append(meter.kept(old[i], end: boundaries[i]))
            i += 1
        }
        var start = i > 0 ? boundaries[i - 1] : 0
        meter.skip(to: start)
        while i < boundaries.count {
            if start >= copied.suffixStart, start - copied.delta >= 0,
               let first = Self.oldSegment(startingAt: start - copied.delta, in: old) {
                var m = first
                while i < boundaries.count, m < old.count, Int(old[m].end) + copied.delta == boundaries[i] {
                    segments.append(meter.kept(old[m], end: boundaries[i]))
                    start = boundaries[i]
                    i += 1
                    m += 1
                }
                if i == boundaries.count { break }
                meter.skip(to: start)  // (boundaries of their own after all: measure on)
            }
            segments.append(meter.measure(to: boundaries[i]))
            start = boundaries[i]
            i += 1
        }
        return segments
    }

    /// The index of the old segment that starts at `offset`, nil when none does.
    private static func oldSegment(startingAt offset: Int, in old: [BreakSegment]) -> Int? {
        if offset == 0 { return old.isEmpty ? nil : 0 }
        var low = 0, high = old.count
        while low < high {
            let mid = (low + high) / 2
            if Int(old[mid].end) < offset { low = mid + 1 } else { high = mid }
        }
        return low < old.count && Int(old[low].end) == offset && low + 1 < old.count ? low + 1 : nil
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

    /// Measures segments over a paragraph's glyphs, one after the other (clusters are
    /// non-decreasing, so each boundary closes the segment since the last).
    private struct SegmentMeter {
        let text: UnsafeBufferPointer<UInt16>
        let clusters: UnsafeBufferPointer<Int32>
        let advances: UnsafeBufferPointer<Float>
        let flags: UnsafeBufferPointer<GlyphFlags>
        /// The first glyph not measured yet.
        var g = 0

        /// Moves on to the glyphs from character `offset` (a segment boundary).
        mutating func skip(to offset: Int) {
            let target = Int32(truncatingIfNeeded: offset)
            var low = g, high = clusters.count
            while low < high {
                let mid = (low + high) / 2
                if clusters[mid] < target { low = mid + 1 } else { high = mid }
            }
            g = low
        }

        /// Whether the segment ending at `end` ends with a mandatory break: after BK, CR, LF or NL
        /// (UAX #14 LB4, LB5), or at the text's end. ICU's rule status cannot tell: after a
        /// dictionary-broken stretch (Thai, Khmer, …) ICU 72 reports the status of a later hard
        /// break for every boundary in it.
        func isHardBreak(at end: Int) -> Bool {
            end == text.count || ParagraphGlyphs.isMandatoryBreak(after: text[end - 1])
        }

        /// `old`, a segment of the same glyphs before an edit, ending at `end` now.
        func kept(_ old: BreakSegment, end: Int) -> BreakSegment {
            var segment = old
            segment.end = Int32(end)
            if isHardBreak(at: end) { segment.flags.insert(.hardBreak) } else { segment.flags.remove(.hardBreak) }
            return segment
        }

        /// The segment from the first glyph not measured to character `end`.
        mutating func measure(to end: Int) -> BreakSegment {
            let hard = isHardBreak(at: end)
            // The flags read as bits, in a loop without branches on them (it runs for every glyph
            // of every paragraph laid out).
            let hangs = GlyphFlags.whitespace.rawValue | GlyphFlags.control.rawValue
            var width: Float = 0
            var trailing: Float = 0
            var seen: UInt16 = 0
            let end32 = Int32(truncatingIfNeeded: end)
            let count = clusters.count
            while g < count && clusters[g] < end32 {
                let advance = advances[g]
                let bits = flags[g].rawValue
                width += advance
                seen |= bits
                trailing = bits & hangs != 0 ? trailing + advance : 0
                g += 1
            }
            var segmentFlags: BreakSegment.Flags = hard ? [.hardBreak] : []
            if seen & GlyphFlags.tab.rawValue != 0 { segmentFlags.insert(.containsTab) }
            return BreakSegment(end: end32, width: width, trailingWhitespace: trailing, flags: segmentFlags)
        }
    }

    /// Whether a line must break after this unit (line-break classes BK, CR, LF and NL).
    static func isMandatoryBreak(after unit: UInt16) -> Bool {
        switch unit {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }
}
