import TextKitModel

/// How a paragraph's lines are broken: TextKit's line break mode, hyphenation and the delegate's
/// vetoes.
package struct LineBreakSettings {
    package var mode: NSLineBreakMode = .byWordWrapping
    /// UIKit's `hyphenationFactor`: hyphenation is tried when a line broken at word boundaries
    /// would fill less than this fraction of its width (0 never, 1 whenever it would help).
    package var hyphenationFactor: Float = 0
    package var hyphenator: Hyphenator?
    package var tabStops = TabStopList()
    /// The delegate's `shouldBreakLineByWordBeforeCharacterAt`, with a paragraph offset; nil allows all.
    package var shouldBreakByWord: ((Int) -> Bool)?
    /// The delegate's `shouldBreakLineByHyphenatingBeforeCharacterAt`; nil allows all.
    package var shouldBreakByHyphenating: ((Int) -> Bool)?
    /// Break by total fit (Knuth–Plass, LineLoop+TotalFit.swift) rather than greedily: the
    /// paragraph style's `lineBreakStrategy` holds `.optimal`.
    package var breaksByTotalFit = false
    /// The advance of the hyphen drawn after the character at the given offset.
    package var hyphenWidth: (Int) -> Float = { _ in 0 }
    /// Punctuation at a line's edges hangs into the margin (the paragraph style's
    /// `hangsPunctuation`, PunctuationHang.swift): lines are fitted with that much more room and
    /// carry their ``FittedLine/hangs`` for the placer.
    package var hangsPunctuation = false
    /// The paragraph's runs of code (`.breaksLikeCode`): never hyphenated.
    package var code: [Range<Int>] = []

    package init() {}

    /// Whether a hyphen may go before the character at `offset`: not inside code, and as the
    /// delegate allows.
    package func allowsHyphen(at offset: Int) -> Bool {
        if code.contains(where: { $0.lowerBound < offset && offset < $0.upperBound }) { return false }
        return shouldBreakByHyphenating?(offset) ?? true
    }

    /// Whether lines wrap at all (clipping and truncating modes keep each hard line whole).
    package var wraps: Bool { mode == .byWordWrapping || mode == .byCharWrapping }
}

/// A tab's advance on one line (tabs have no fixed width).
package struct TabAdvance: Sendable, Equatable {
    package var glyph: Int32
    package var advance: Float
}

/// One line as the filler broke it, before it is placed.
///
/// Every line fragment of a layout holds one, so its fields are laid out to leave no padding
/// (Swift keeps declaration order) and its character range is kept in 32 bits.
package struct FittedLine: Sendable, Equatable {
    package var tabAdvances: [TabAdvance]
    private var characterStart: Int32
    private var characterEnd: Int32
    /// The advance of the line's content without trailing white space, hyphen included; tabs
    /// measured where they land, from `lineStartX`.
    package var width: Float
    /// The advance of the trailing white space, which hangs past the line's end.
    package var trailingWhitespace: Float
    /// How far the line's first and last marks hang into the margins (none unless the paragraph
    /// hangs punctuation); the line's room is that much wider than its text area.
    package var hangs = LineHangs.none
    /// The line's yes-or-no facts, one bit each (a line fragment holds one per line: kept in a
    /// byte rather than a Bool apiece).
    private var facts: UInt8 = 0
    /// How much wider (negative: narrower) justification set the line's glyphs, in thousandths
    /// of their advances (``NSParagraphStyle/glyphExpansionLimit``; 0 for almost every line).
    /// The placer sets it; it takes the byte after `facts`, so a line is no bigger for it.
    package var expansionStep: Int8 = 0
    /// The horizontal scale of the line's glyphs that are not white space, controls or
    /// attachments: 1 unless justification expanded them.
    package var glyphScale: Float { 1 + Float(expansionStep) / 1000 }
    private func fact(_ bit: UInt8) -> Bool { facts & bit != 0 }
    private mutating func setFact(_ bit: UInt8, _ value: Bool) { facts = value ? facts | bit : facts & ~bit }

    /// The line ends inside a word, with a hyphen drawn after it.
    package var isHyphenated: Bool { get { fact(1) } set { setFact(1, newValue) } }
    /// The line ends at a mandatory break (U+2028 or the paragraph's end).
    package var endsWithHardBreak: Bool { get { fact(2) } set { setFact(2, newValue) } }
    /// The line is wider than its room: a single unbreakable piece in a clipping or truncating mode.
    package var overflows: Bool { get { fact(4) } set { setFact(4, newValue) } }
    /// The line was broken wider than its room, for justification to shrink its spaces (a line
    /// of a justified paragraph broken by total fit); ``LinePlacer`` then shrinks it to its room.
    package var shrinksToFit: Bool { get { fact(8) } set { setFact(8, newValue) } }
    /// The line of a justified paragraph was left ragged: justifying it would have stretched its
    /// spaces past ``LinePlacer/raggedRatioLimit`` (total-fit paragraphs only).
    package var isSetRagged: Bool { get { fact(16) } set { setFact(16, newValue) } }

    /// The line's characters (UTF-16 offsets in the paragraph), trailing white space and the
    /// hard break included.
    package var characters: Range<Int> {
        get { Int(characterStart)..<Int(characterEnd) }
        set { characterStart = Int32(newValue.lowerBound); characterEnd = Int32(newValue.upperBound) }
    }

    package init(characters: Range<Int>, width: Float, trailingWhitespace: Float, isHyphenated: Bool,
                 endsWithHardBreak: Bool, overflows: Bool, tabAdvances: [TabAdvance],
                 shrinksToFit: Bool = false, hangs: LineHangs = .none) {
        self.tabAdvances = tabAdvances
        characterStart = Int32(characters.lowerBound)
        characterEnd = Int32(characters.upperBound)
        self.width = width
        self.trailingWhitespace = trailingWhitespace
        self.hangs = hangs
        self.isHyphenated = isHyphenated
        self.endsWithHardBreak = endsWithHardBreak
        self.overflows = overflows
        self.shrinksToFit = shrinksToFit
    }
}

/// Greedy line filling over a paragraph's break segments (the same first-fit rule as TextKit 1
/// and Core Text): take break opportunities while the text fits, ask the delegate before
/// breaking, hyphenate when the line is too empty, break inside a word only when a word alone
/// is wider than the line. Each call is proportional to the line's length, so a paragraph is
/// filled in linear time even when it is one 64,000-character word.
package struct LineFitter {
    package let glyphs: ParagraphGlyphs
    package let segments: [BreakSegment]
    package let text: UnsafeBufferPointer<UInt16>
    package let settings: LineBreakSettings

    private static let epsilon: Float = 0.001

    /// The line of `range` (paragraph offsets) as it stands, not broken: its width measured with
    /// tabs landing from `lineStartX`, trailing white space apart.
    package func unbrokenLine(_ range: Range<Int>, lineStartX: Float) -> FittedLine {
        var x = lineStartX
        var trailing: Float = 0
        var tabs: [TabAdvance] = []
        for g in glyphs.glyphRange(forCharacters: range) {
            let flags = glyphs.flags[g]
            let advance = self.advance(ofGlyph: g, at: x, recordingTabsIn: &tabs)
            x += advance
            trailing = flags.contains(.whitespace) || flags.contains(.control) ? trailing + advance : 0
        }
        let endsHard = range.upperBound == text.count
            || (!range.isEmpty && [0x0A, 0x0D, 0x85, 0x2028, 0x2029].contains(text[range.upperBound - 1]))
        var line = FittedLine(characters: range, width: x - trailing - lineStartX, trailingWhitespace: trailing,
                              isHyphenated: false, endsWithHardBreak: endsHard, overflows: false, tabAdvances: tabs)
        if settings.hangsPunctuation { line.hangs = hangs(of: line) }
        return line
    }

    package init(glyphs: ParagraphGlyphs, segments: [BreakSegment], text: UnsafeBufferPointer<UInt16>, settings: LineBreakSettings) {
        precondition(text.count == glyphs.length, "paragraph text has \(text.count) UTF-16 units but its glyphs were made for \(glyphs.length)")
        self.glyphs = glyphs
        self.segments = segments
        self.text = text
        self.settings = settings
    }

    /// The first segment that ends after `offset`.
    package func segmentIndex(containing offset: Int) -> Int {
        var low = 0, high = segments.count
        let target = Int32(offset)
        while low < high {
            let mid = (low + high) / 2
            if segments[mid].end <= target { low = mid + 1 } else { high = mid }
        }
        return low
    }

    func segmentStart(_ k: Int) -> Int { k == 0 ? 0 : Int(segments[k - 1].end) }

    /// Measures `range` starting at `x`, stopping early once the content passes `limit`, and
    /// appends its tabs' advances to `tabs`. Returns the width, the trailing white space and
    /// whether it stopped early. (The tabs go straight into the line's list: a list returned for
    /// each piece, empty but for tabs, cost a release a word.)
    private func measure(_ range: Range<Int>, segment k: Int, at x: Float, limit: Float,
                         tabs: inout [TabAdvance]) -> (width: Float, trailing: Float, stoppedEarly: Bool) {
        let segment = segments[k]
        if range.lowerBound == segmentStart(k), !segment.flags.contains(.containsTab) {
            return (segment.width, segment.trailingWhitespace, false)
        }
        var width: Float = 0
        var trailing: Float = 0
        for g in glyphs.glyphRange(forCharacters: range) {
            let flags = glyphs.flags[g]
            let advance = self.advance(ofGlyph: g, at: x + width, recordingTabsIn: &tabs)
            width += advance
            if flags.contains(.whitespace) || flags.contains(.control) {
                trailing += advance
            } else {
                trailing = 0
                // (A last mark may hang past the limit by up to its advance: only the content
                // before it must fit.)
                let reach = settings.hangsPunctuation ? x + width - advance : x + width
                if reach > limit + Self.epsilon { return (width, trailing, true) }
            }
        }
        return (width, trailing, false)
    }

    /// The advance of glyph `g` when it starts at `x`: its own, except a tab's, which reaches the
    /// next tab stop and is recorded in `tabs` for placing the line.
    @inline(__always)
    package func advance(ofGlyph g: Int, at x: Float, recordingTabsIn tabs: inout [TabAdvance]) -> Float {
        guard glyphs.flags[g].contains(.tab) else { return glyphs.advances[g] }
        let advance = tabAdvance(glyph: g, at: x)
        tabs.append(TabAdvance(glyph: Int32(g), advance: advance))
        return advance
    }

    /// The advance of the tab glyph `g` when it starts at `x` (relative to the leading margin).
    package func tabAdvance(glyph g: Int, at x: Float) -> Float {
        let stop = settings.tabStops.stop(after: x)
        switch stop.alignment {
        case .left:
            return stop.location - x
        case .right, .center, .decimal:
            // Measure the text that follows, up to the next tab or hard break (or terminator).
            var following: Float = 0
            var h = g + 1
            while h < glyphs.count {
                let flags = glyphs.flags[h]
                if flags.contains(.tab) || flags.contains(.lineBreak) { break }
                if case .decimal(let terminators) = stop.alignment,
                   terminators.contains(text[Int(glyphs.clusters[h])]) { break }
                following += glyphs.advances[h]
                h += 1
            }
            let shift = stop.alignment == .center ? following / 2 : following
            return max(0, stop.location - x - shift)
        }
    }

    /// Fills one line starting at the paragraph offset `start`, with room from `lineStartX` to
    /// `lineEndX` (points from the leading margin: tab stops are measured from there too).
    package func fitLine(from start: Int, lineStartX: Float, lineEndX: Float) -> FittedLine {
        precondition(start >= 0 && start < glyphs.length, "line start \(start) outside paragraph of length \(glyphs.length)")
        var line = fitLineAtOpportunities(from: start, lineStartX: lineStartX, lineEndX: lineEndX)
        // Every line ends where a glyph cluster ends: a break opportunity can fall inside one (a
        // joiner after a line separator is shaped into the separator's cluster), and two lines
        // must never share a glyph. What the cluster adds past the opportunity is zero-width
        // joiners and marks in practice; their advance goes on as trailing space.
        while line.characters.upperBound < glyphs.length, !isGlyphClusterBoundary(line.characters.upperBound) {
            let g = glyphs.firstGlyph(atOrAfter: line.characters.upperBound)
            let end = g < glyphs.count ? Int(glyphs.clusters[g]) : glyphs.length
            line.characters = line.characters.lowerBound..<max(end, line.characters.upperBound + 1)
        }
        if settings.hangsPunctuation { line.hangs = hangs(of: line) }
        return line
    }

    private func fitLineAtOpportunities(from start: Int, lineStartX: Float, lineEndX: Float) -> FittedLine {
        if settings.mode == .byCharWrapping {
            return fitByCharacters(from: start, lineStartX: lineStartX, lineEndX: lineEndX)
        }
        var x = lineStartX
        var k = segmentIndex(containing: start)
        var position = start
        // The break opportunities reached on this line: their offset, the x after them, their
        // trailing white space, and how many tab advances precede them. Only the last one matters
        // unless a delegate may veto breaks, so the others are kept only then (no allocation per
        // line in the common case).
        typealias Candidate = (end: Int, x: Float, trailing: Float, tabCount: Int)
        var lastCandidate: Candidate?
        var candidates: [Candidate] = []
        let keepsAllCandidates = settings.shouldBreakByWord != nil
        var tabs: [TabAdvance] = []
        // A quote that starts the line hangs before it: the line has that much more room.
        let roomEnd = lineEndX + startHang(at: start)
        let limit = settings.wraps ? roomEnd : .infinity
        while k < segments.count {
            let segment = segments[k]
            let tabsBefore = tabs.count
            let measured = measure(position..<Int(segment.end), segment: k, at: x, limit: limit, tabs: &tabs)
            let content = x + measured.width - measured.trailing
            if measured.stoppedEarly || !fits(content: content, lineFrom: start, to: Int(segment.end), limit: limit) {
                if tabs.count > tabsBefore { tabs.removeSubrange(tabsBefore...) }  // they are the next line's
                if lastCandidate == nil {
                    // One piece wider than the line: hyphenate it if allowed, else break it by character.
                    if let hyphenated = hyphenate(segment: k, from: position, x: x, lineStartX: lineStartX,
                                                  lineEndX: lineEndX, tabs: tabs, start: start) {
                        return hyphenated
                    }
                    return fitByCharacters(from: start, lineStartX: lineStartX, lineEndX: lineEndX)
                }
                break
            }
            x += measured.width
            position = Int(segment.end)
            lastCandidate = (position, x, measured.trailing, tabs.count)
            if keepsAllCandidates { candidates.append(lastCandidate!) }
            if segment.flags.contains(.hardBreak) {
                return FittedLine(characters: start..<position, width: x - measured.trailing - lineStartX,
                                  trailingWhitespace: measured.trailing, isHyphenated: false,
                                  endsWithHardBreak: true, overflows: !fits(content: content, lineFrom: start, to: position, limit: roomEnd),
                                  tabAdvances: tabs)
            }
            k += 1
        }
        // The next piece does not fit: break at the last opportunity the delegate allows.
        guard var best = lastCandidate else {
            return fitByCharacters(from: start, lineStartX: lineStartX, lineEndX: lineEndX)
        }
        var isLastCandidate = true
        if let allow = settings.shouldBreakByWord {
            var chosen = candidates.count - 1
            while chosen >= 0 && !allow(candidates[chosen].end) { chosen -= 1 }
            if chosen < 0 {
                // Every break on the line was vetoed: break the text where it stops fitting.
                return fitByCharacters(from: start, lineStartX: lineStartX, lineEndX: lineEndX)
            }
            best = candidates[chosen]
            isLastCandidate = chosen == candidates.count - 1
        }
        let line = FittedLine(characters: start..<best.end, width: best.x - best.trailing - lineStartX,
                              trailingWhitespace: best.trailing, isHyphenated: false, endsWithHardBreak: false,
                              overflows: false, tabAdvances: best.tabCount == tabs.count ? tabs : Array(tabs.prefix(best.tabCount)))
        // Too empty? Try to hyphenate the word that did not fit.
        if settings.hyphenationFactor > 0, isLastCandidate,
           line.width < settings.hyphenationFactor * (lineEndX - lineStartX),
           let hyphenated = hyphenate(segment: segmentIndex(containing: best.end), from: best.end, x: best.x,
                                      lineStartX: lineStartX, lineEndX: lineEndX,
                                      tabs: line.tabAdvances, start: start) {
            return hyphenated
        }
        return line
    }

    /// Whether a line from `start` to `end` whose content ends at `content` fits `limit`, its last
    /// mark hanging past it when the paragraph hangs punctuation.
    private func fits(content: Float, lineFrom start: Int, to end: Int, limit: Float) -> Bool {
        if content <= limit + Self.epsilon { return true }
        return settings.hangsPunctuation && content - endHang(lineFrom: start, to: end) <= limit + Self.epsilon
    }

    /// Breaks inside the word of segment `k` (from `position`, where the pen is at `x`) at the
    /// last hyphenation point that fits with its hyphen, or returns nil.
    private func hyphenate(segment k: Int, from position: Int, x: Float, lineStartX: Float, lineEndX: Float,
                           tabs: [TabAdvance], start: Int) -> FittedLine? {
        guard settings.hyphenationFactor > 0, settings.wraps, let hyphenator = settings.hyphenator else { return nil }
        let segmentEnd = Int(segments[k].end)
        // The word: the letters of the segment, without surrounding punctuation and white space.
        // The whole word is hyphenated even when the line starts inside it (after an earlier
        // hyphen); only the points after `position` are candidates.
        var wordStart = segmentStart(k)
        var wordEnd = segmentEnd
        while wordStart < wordEnd, !Self.isWordUnit(text[wordStart]) { wordStart += 1 }
        while wordEnd > wordStart, !Self.isWordUnit(text[wordEnd - 1]) { wordEnd -= 1 }
        guard wordEnd - wordStart >= 5 else { return nil }
        let points = hyphenator.hyphenationPoints(in: UnsafeBufferPointer(rebasing: text[wordStart..<wordEnd]))
        for point in points.reversed() where wordStart + point > position && isGlyphClusterBoundary(wordStart + point) {
            // (A point inside a ligature is skipped: the ligature is one glyph, drawn on one line.)
            let offset = wordStart + point
            let hyphen = settings.hyphenWidth(offset - 1)
            let width = glyphs.width(ofCharacters: position..<offset) + hyphen
            // Hanging punctuation: a quote before the line and the hyphen after it stand in the margins.
            let hangs = settings.hangsPunctuation ? startHang(at: start) + endHang(lineFrom: start, to: offset, hyphen: hyphen) : 0
            guard x + width <= lineEndX + hangs + Self.epsilon else { continue }
            guard settings.allowsHyphen(at: offset) else { continue }
            return FittedLine(characters: start..<offset, width: x + width - lineStartX, trailingWhitespace: 0,
                              isHyphenated: true, endsWithHardBreak: false, overflows: false, tabAdvances: tabs)
        }
        return nil
    }

    /// Whether a line may end before the character at `offset`: no glyph draws both the character
    /// before it and the one at it.
    func isGlyphClusterBoundary(_ offset: Int) -> Bool {
        let g = glyphs.firstGlyph(atOrAfter: offset)
        return g == glyphs.count ? offset >= glyphs.length : Int(glyphs.clusters[g]) == offset
    }

    static func isWordUnit(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x370...0x52F, 0x2019, 0x27, 0xD800...0xDFFF: return true
        case 0x250...0x36F, 0x1E00...0x1FFF: return true
        default: return false
        }
    }

    /// Fills the line grapheme cluster by grapheme cluster (UIKit's `.byCharWrapping`, and the
    /// fallback for a word wider than the line). At least one cluster goes on the line so that
    /// layout always advances.
    private func fitByCharacters(from start: Int, lineStartX: Float, lineEndX: Float) -> FittedLine {
        var x = lineStartX
        var trailing: Float = 0
        var tabs: [TabAdvance] = []
        var end = start
        var hard = false
        BreakIterator.withIterator(.character, text: text) { iterator in
            var clusterStart = start
            while clusterStart < text.count {
                var clusterEnd = iterator.following(clusterStart)
                if clusterEnd == BreakIterator.done { clusterEnd = text.count }
                // A glyph may draw several grapheme clusters (a ligature "ff", a font's joined
                // emoji sequence): take whole glyph clusters, or two lines would share a glyph.
                while clusterEnd < text.count, !isGlyphClusterBoundary(clusterEnd) {
                    let next = iterator.following(clusterEnd)
                    clusterEnd = next == BreakIterator.done ? text.count : next
                }
                var width: Float = 0
                var isSpace = true
                var isHardBreak = false
                for g in glyphs.glyphRange(forCharacters: clusterStart..<clusterEnd) {
                    let flags = glyphs.flags[g]
                    let advance = self.advance(ofGlyph: g, at: x + width, recordingTabsIn: &tabs)
                    width += advance
                    if !(flags.contains(.whitespace) || flags.contains(.control)) { isSpace = false }
                    if flags.contains(.lineBreak) { isHardBreak = true }
                }
                if !isSpace, end > start, x + width > lineEndX + Self.epsilon { break }
                x += width
                trailing = isSpace ? trailing + width : 0
                end = clusterEnd
                clusterStart = clusterEnd
                if isHardBreak { hard = true; break }
            }
        }
        if !hard, end < text.count {
            // Trailing white space hangs: take the spaces that follow onto this line.
            var g = glyphs.firstGlyph(atOrAfter: end)
            while g < glyphs.count, glyphs.flags[g].contains(.whitespace), !glyphs.flags[g].contains(.lineBreak),
                  !glyphs.flags[g].contains(.tab) {
                trailing += glyphs.advances[g]
                x += glyphs.advances[g]
                g += 1
                end = g < glyphs.count ? Int(glyphs.clusters[g]) : text.count
            }
        }
        if end == text.count { hard = true }
        let width = x - trailing - lineStartX
        return FittedLine(characters: start..<end, width: width, trailingWhitespace: trailing, isHyphenated: false,
                          endsWithHardBreak: hard, overflows: width > lineEndX - lineStartX + Self.epsilon, tabAdvances: tabs)
    }
}
