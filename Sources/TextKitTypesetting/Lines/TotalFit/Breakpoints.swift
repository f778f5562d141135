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
    /// Hanging punctuation (PunctuationHang.swift): how far the first mark of the line after this
    /// break hangs before it, and the last mark of a line ending here (its hyphen at a hyphenation
    /// point) past it. A line between two breakpoints has that much more room. Zero unless the
    /// paragraph hangs punctuation.
    package var startHang: Double = 0
    package var endHang: Double = 0
    /// The sum of the advances of the glyphs that are not white space, controls or attachments, from where
    /// the breaker starts to here: what glyph expansion scales (the hyphen of a line ending at a
    /// hyphenation point is not counted). Content and next line agree on it, since white space
    /// adds nothing.
    package var glyphWidth: Double = 0
}

/// Running sums while the breakpoints are listed.
private struct RunningSums {
    var width: Double = 0
    var stretch: Double = 0
    var shrink: Double = 0
    var glyphs: Double = 0
}

extension LineFitter {
    /// The breakpoints of the paragraph from `start` (a line start) to its end, the first being
    /// `start` itself (``Breakpoint/Kind/start``) and the last the paragraph's end
    /// (``Breakpoint/Kind/forced``). Hyphenation points come in from `hyphenation` when given; the cluster boundaries inside a segment whose content is wider than
    /// `characterBreaksWiderThan` points come in when that is given; both with the penalties of
    /// `parameters`. The delegate's vetoes (`shouldBreakByWord`, `shouldBreakByHyphenating`) leave
    /// breakpoints out. Linear in the paragraph's length.
    package func breakpoints(from start: Int, hyphenation: HyphenationTable?, characterBreaksWiderThan: Double?,
                             parameters: TotalFitParameters = TotalFitParameters()) -> [Breakpoint] {
        var list = [Breakpoint(offset: start, kind: .start, contentWidth: 0, contentStretch: 0, contentShrink: 0,
                               nextWidth: 0, nextStretch: 0, nextShrink: 0, penalty: 0)]
        list.reserveCapacity(segments.count - segmentIndex(containing: start) + 1)
        // The glyph arrays as locals: read through the class, each access would be checked for
        // exclusivity.
        let arrays = GlyphArrays(glyphs)
        var hyphenWidths = HyphenWidths(glyphs: glyphs, settings: settings)
        var sums = RunningSums()
        var content = RunningSums()
        var g = glyphs.firstGlyph(atOrAfter: start)
        var position = start
        for k in segmentIndex(containing: start)..<segments.count {
            let segment = segments[k]
            let segmentEnd = Int(segment.end)
            let inner = innerBreaks(segment: k, firstGlyph: g, after: position, hyphenation: hyphenation,
                                    characterBreaksWiderThan: characterBreaksWiderThan)
            var next = 0
            while g < arrays.count, Int(arrays.clusters[g]) < segmentEnd {
                if next < inner.count {
                    let cluster = Int(arrays.clusters[g])
                    while next < inner.count, inner[next].offset < cluster { next += 1 }
                    if next < inner.count, inner[next].offset == cluster, g == 0 || arrays.clusters[g - 1] != arrays.clusters[g] {
                        let hyphen = inner[next].isHyphen ? hyphenWidths.width(beforeGlyph: g) : nil
                        list.append(Self.innerBreakpoint(at: cluster, sums: sums, hyphen: hyphen, parameters: parameters))
                        next += 1
                    }
                }
                arrays.add(glyph: g, to: &sums, content: &content)
                g += 1
            }
            position = segmentEnd
            let isForced = segment.flags.contains(.hardBreak) || segmentEnd >= arrays.length
            if !isForced {
                // (`g` is the first glyph after the segment: a break inside a cluster is no break.)
                guard g < arrays.count ? Int(arrays.clusters[g]) == segmentEnd : segmentEnd >= arrays.length else { continue }
                if let allow = settings.shouldBreakByWord, !allow(segmentEnd) { continue }
            }
            list.append(Breakpoint(offset: segmentEnd, kind: isForced ? .forced : .word, contentWidth: content.width,
                                   contentStretch: content.stretch, contentShrink: content.shrink,
                                   nextWidth: sums.width, nextStretch: sums.stretch, nextShrink: sums.shrink, penalty: 0,
                                   glyphWidth: sums.glyphs))
        }
        if list.last?.kind != .forced {
            // (Segments always end with the paragraph's end; an empty list of them does not.)
            list.append(Breakpoint(offset: glyphs.length, kind: .forced, contentWidth: content.width, contentStretch: content.stretch,
                                   contentShrink: content.shrink, nextWidth: sums.width, nextStretch: sums.stretch,
                                   nextShrink: sums.shrink, penalty: 0, glyphWidth: sums.glyphs))
        }
        if settings.hangsPunctuation { addHangs(to: &list) }
        return list
    }

    /// Fills in the breakpoints' hangs (the list's first offset is where the lines start).
    private func addHangs(to list: inout [Breakpoint]) {
        let start = list[0].offset
        for i in list.indices {
            let point = list[i]
            if point.kind != .forced { list[i].startHang = Double(startHang(at: point.offset)) }
            guard point.kind != .start else { continue }
            let hyphen = point.kind == .hyphen ? Float(point.contentWidth - point.nextWidth) : nil
            list[i].endHang = Double(endHang(lineFrom: start, to: point.offset, hyphen: hyphen))
        }
    }

    /// A break inside a word at `offset`, where the sums are `sums`: a hyphenation point whose
    /// line draws a hyphen `hyphen` points wide, or (nil) a break between clusters.
    private static func innerBreakpoint(at offset: Int, sums: RunningSums, hyphen: Double?,
                                        parameters: TotalFitParameters) -> Breakpoint {
        Breakpoint(offset: offset, kind: hyphen != nil ? .hyphen : .character, contentWidth: sums.width + (hyphen ?? 0),
                   contentStretch: sums.stretch, contentShrink: sums.shrink, nextWidth: sums.width,
                   nextStretch: sums.stretch, nextShrink: sums.shrink,
                   penalty: hyphen != nil ? parameters.hyphenPenalty : parameters.characterBreakPenalty,
                   glyphWidth: sums.glyphs)
    }

    /// The breaks inside segment `k` (whose first glyph is `g`) after `position`, ascending: its
    /// word's hyphenation points that the delegate allows, and when its content is wider than
    /// `characterBreaksWiderThan`, every cluster boundary too. (A point inside a glyph cluster, a
    /// ligature, is left out by the walk over the glyphs.)
    private func innerBreaks(segment k: Int, firstGlyph g: Int, after position: Int, hyphenation: HyphenationTable?,
                             characterBreaksWiderThan: Double?) -> [(offset: Int, isHyphen: Bool)] {
        var hyphens: [Int] = []
        for point in hyphenation?.points(ofSegment: k) ?? [] where Int(point) > position {
            guard settings.allowsHyphen(at: Int(point)) else { continue }
            hyphens.append(Int(point))
        }
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

/// A paragraph's glyph arrays, held as locals for the walk over them.
private struct GlyphArrays {
    let advances: [Float]
    let flags: [GlyphFlags]
    let clusters: [Int32]
    let count: Int
    let length: Int

    init(_ glyphs: ParagraphGlyphs) {
        advances = glyphs.advances
        flags = glyphs.flags
        clusters = glyphs.clusters
        count = glyphs.count
        length = glyphs.length
    }

    /// Adds glyph `g` to the running sums; the content sums follow whenever it is not white space.
    @inline(__always)
    func add(glyph g: Int, to sums: inout RunningSums, content: inout RunningSums) {
        let advance = Double(advances[g])
        let f = flags[g]
        sums.width += advance
        if f.contains(.whitespace) && !f.contains(.control) {
            sums.stretch += advance * AdjustmentRatio.stretchFraction
            sums.shrink += advance * AdjustmentRatio.shrinkFraction
        }
        if !(f.contains(.whitespace) || f.contains(.control)) {
            if !f.contains(.attachment) { sums.glyphs += advance }
            content = sums
        }
    }
}

/// The advance of the hyphen drawn at a hyphenation point, asked once per glyph run (the hyphen
/// takes the font of the character before the point).
private struct HyphenWidths {
    let glyphs: ParagraphGlyphs
    let settings: LineBreakSettings
    private var run = 0
    private var known: [Int: Double] = [:]

    init(glyphs: ParagraphGlyphs, settings: LineBreakSettings) {
        self.glyphs = glyphs
        self.settings = settings
    }

    /// The hyphen's advance at a break before glyph `g` (points only come in ascending order).
    mutating func width(beforeGlyph g: Int) -> Double {
        let runs = glyphs.runs
        let last = max(0, g - 1)
        while run + 1 < runs.count, runs[run].glyphRange.upperBound <= last { run += 1 }
        if let width = known[run] { return width }
        let width = Double(settings.hyphenWidth(runs.isEmpty ? 0 : runs[run].characterRange.lowerBound))
        known[run] = width
        return width
    }
}
