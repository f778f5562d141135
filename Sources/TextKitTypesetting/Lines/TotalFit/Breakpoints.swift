/// A place where the total-fit breaker may end a line — Knuth and Plass's penalty or glue
/// breakpoint — with the paragraph's running sums of box widths and glue there, so that any line
/// between two breakpoints is measured in constant time.
///
/// The boxes, glue and penalties come from the shaped text: a glyph that is not white space is a
/// box of its advance; a stretchable space (white space that is not a control, as
/// ``LinePlacer`` widens) is glue of its advance that stretches and shrinks by the fractions of
/// ``AdjustmentRatio``; an opportunity of UAX #14 (a ``BreakSegment``'s end) is a break at the
/// glue, dropping the white space that hangs there; a hyphenation point is a flagged penalty whose
/// line draws a hyphen; a mandatory break is a forced one.
package struct Breakpoint: Sendable, Equatable {
    package enum Kind: UInt8, Sendable {
        /// Where the breaker starts (not a break).
        case start
        /// At a line-break opportunity between words.
        case word
        /// At a hyphenation point inside a word: the line ends with a hyphen.
        case hyphen
        /// Between two grapheme clusters of a word wider than a line (the last resort).
        case character
        /// A mandatory break (U+2028, the paragraph's end).
        case forced
    }

    /// The paragraph offset where the line after this break starts.
    package var offset: Int
    package var kind: Kind
    /// The sums, from where the breaker starts, to the end of the content of a line ending here:
    /// trailing white space excluded, a hyphen's advance included.
    package var contentWidth: Double
    package var contentStretch: Double
    package var contentShrink: Double
    /// The sums to where the next line starts (past the trailing white space).
    package var nextWidth: Double
    package var nextStretch: Double
    package var nextShrink: Double
    /// The penalty for breaking here (TeX's \penalty: 0 between words, the hyphen penalty at a
    /// hyphenation point).
    package var penalty: Double
}

/// Running sums while the breakpoints are listed.
private struct RunningSums {
    var width: Double = 0
    var stretch: Double = 0
    var shrink: Double = 0
}

extension LineFitter {
    /// The breakpoints of the paragraph from `start` (a line start) to its end, the first being
    /// `start` itself (``Breakpoint/Kind/start``) and the last the paragraph's end
    /// (``Breakpoint/Kind/forced``). Hyphenation points come in when `hyphenates` and the settings
    /// have a hyphenator; the cluster boundaries inside a segment whose content is wider than
    /// `characterBreaksWiderThan` points come in when that is given; both with the penalties of
    /// `parameters`. The delegate's vetoes (`shouldBreakByWord`, `shouldBreakByHyphenating`) leave
    /// breakpoints out. Linear in the paragraph's length.
    package func breakpoints(from start: Int, hyphenates: Bool, characterBreaksWiderThan: Double?,
                             parameters: TotalFitParameters = TotalFitParameters()) -> [Breakpoint] {
        var list = [Breakpoint(offset: start, kind: .start, contentWidth: 0, contentStretch: 0, contentShrink: 0,
                               nextWidth: 0, nextStretch: 0, nextShrink: 0, penalty: 0)]
        list.reserveCapacity(segments.count - segmentIndex(containing: start) + 1)
        var sums = RunningSums()
        var content = RunningSums()
        var g = glyphs.firstGlyph(atOrAfter: start)
        var position = start
        for k in segmentIndex(containing: start)..<segments.count {
            let segment = segments[k]
            let segmentEnd = Int(segment.end)
            let inner = innerBreaks(segment: k, firstGlyph: g, after: position, hyphenates: hyphenates,
                                    characterBreaksWiderThan: characterBreaksWiderThan)
            var next = 0
            while g < glyphs.count, Int(glyphs.clusters[g]) < segmentEnd {
                let cluster = Int(glyphs.clusters[g])
                while next < inner.count, inner[next].offset < cluster { next += 1 }
                if next < inner.count, inner[next].offset == cluster, g == 0 || glyphs.clusters[g - 1] != glyphs.clusters[g] {
                    list.append(innerBreakpoint(at: cluster, sums: sums, isHyphen: inner[next].isHyphen, parameters: parameters))
                    next += 1
                }
                add(glyph: g, to: &sums, content: &content)
                g += 1
            }
            position = segmentEnd
            let isForced = segment.flags.contains(.hardBreak) || segmentEnd >= glyphs.length
            if !isForced {
                guard isGlyphClusterBoundary(segmentEnd) else { continue }
                if let allow = settings.shouldBreakByWord, !allow(segmentEnd) { continue }
            }
            list.append(Breakpoint(offset: segmentEnd, kind: isForced ? .forced : .word, contentWidth: content.width,
                                   contentStretch: content.stretch, contentShrink: content.shrink,
                                   nextWidth: sums.width, nextStretch: sums.stretch, nextShrink: sums.shrink, penalty: 0))
        }
        if list.last?.kind != .forced {
            // (Segments always end with the paragraph's end; an empty list of them does not.)
            list.append(Breakpoint(offset: glyphs.length, kind: .forced, contentWidth: content.width, contentStretch: content.stretch,
                                   contentShrink: content.shrink, nextWidth: sums.width, nextStretch: sums.stretch,
                                   nextShrink: sums.shrink, penalty: 0))
        }
        return list
    }

    /// Adds glyph `g` to the running sums; the content sums follow whenever it is not white space.
    @inline(__always)
    private func add(glyph g: Int, to sums: inout RunningSums, content: inout RunningSums) {
        let advance = Double(glyphs.advances[g])
        let flags = glyphs.flags[g]
        sums.width += advance
        if flags.contains(.whitespace) && !flags.contains(.control) {
            sums.stretch += advance * AdjustmentRatio.stretchFraction
            sums.shrink += advance * AdjustmentRatio.shrinkFraction
        }
        if !(flags.contains(.whitespace) || flags.contains(.control)) { content = sums }
    }

    /// A break inside a word at `offset`, where the sums are `sums`: a hyphenation point (the line
    /// draws a hyphen) or a break between clusters.
    private func innerBreakpoint(at offset: Int, sums: RunningSums, isHyphen: Bool, parameters: TotalFitParameters) -> Breakpoint {
        let hyphen = isHyphen ? Double(settings.hyphenWidth(offset - 1)) : 0
        return Breakpoint(offset: offset, kind: isHyphen ? .hyphen : .character, contentWidth: sums.width + hyphen,
                          contentStretch: sums.stretch, contentShrink: sums.shrink, nextWidth: sums.width,
                          nextStretch: sums.stretch, nextShrink: sums.shrink,
                          penalty: isHyphen ? parameters.hyphenPenalty : parameters.characterBreakPenalty)
    }

    /// The breaks inside segment `k` (whose first glyph is `g`) after `position`, ascending: its
    /// word's hyphenation points, and when its content is wider than `characterBreaksWiderThan`,
    /// every cluster boundary too.
    private func innerBreaks(segment k: Int, firstGlyph g: Int, after position: Int, hyphenates: Bool,
                             characterBreaksWiderThan: Double?) -> [(offset: Int, isHyphen: Bool)] {
        let hyphens = hyphenates ? hyphenationOffsets(segment: k, after: position) : []
        let segment = segments[k]
        guard let limit = characterBreaksWiderThan, Double(segment.width - segment.trailingWhitespace) > limit else {
            return hyphens.map { ($0, true) }
        }
        var h = 0
        return clusterOffsets(from: g, before: Int(segment.end), after: position).map { offset in
            while h < hyphens.count, hyphens[h] < offset { h += 1 }
            return (offset, h < hyphens.count && hyphens[h] == offset)
        }
    }

    /// The paragraph offsets of the hyphenation points of segment `k`'s word after `position`,
    /// ascending, that fall on glyph cluster boundaries and that the delegate allows.
    private func hyphenationOffsets(segment k: Int, after position: Int) -> [Int] {
        guard let hyphenator = settings.hyphenator else { return [] }
        var wordStart = segmentStart(k)
        var wordEnd = Int(segments[k].end)
        while wordStart < wordEnd, !Self.isWordUnit(text[wordStart]) { wordStart += 1 }
        while wordEnd > wordStart, !Self.isWordUnit(text[wordEnd - 1]) { wordEnd -= 1 }
        guard wordEnd - wordStart >= 5 else { return [] }
        let points = hyphenator.hyphenationPoints(in: UnsafeBufferPointer(rebasing: text[wordStart..<wordEnd]))
        return points.map { wordStart + $0 }.filter { offset in
            offset > position && isGlyphClusterBoundary(offset)
                && (settings.shouldBreakByHyphenating.map { $0(offset) } ?? true)
        }
    }

    /// The cluster starts of the non-white-space glyphs from glyph `g` up to `end` (exclusive),
    /// after `position`: where an over-long word may be broken.
    private func clusterOffsets(from g: Int, before end: Int, after position: Int) -> [Int] {
        var offsets: [Int] = []
        var h = g
        while h < glyphs.count, Int(glyphs.clusters[h]) < end {
            let cluster = Int(glyphs.clusters[h])
            let flags = glyphs.flags[h]
            if cluster > position, h == 0 || glyphs.clusters[h - 1] != glyphs.clusters[h],
               !flags.contains(.whitespace), !flags.contains(.control) {
                offsets.append(cluster)
            }
            h += 1
        }
        return offsets
    }
}
