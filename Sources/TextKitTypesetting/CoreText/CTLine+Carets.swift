import TextKitFonts
import TextKitGraphics
import TextKitModel

// Caret geometry of a CTLine. Built here from the line's runs; when the typesetting core offers
// caret queries on `PlacedLine` (PlacedLine+Carets.swift), the three public methods below can call
// those instead: nothing else depends on `LineCaretStops`.

/// The caret stops of a line: its grapheme clusters in visual order, each with its left and right
/// edge in line space and its direction. A glyph cluster that draws several graphemes (a
/// ligature) is divided at the font's ligature caret positions when it has them, else evenly.
struct LineCaretStops {
    struct Stop {
        /// The grapheme's characters (UTF-16 offsets in the line's string).
        var characters: Range<Int>
        var left: CGFloat
        var right: CGFloat
        var isRightToLeft: Bool
        /// Where the caret before the grapheme goes (its leading edge).
        var leading: CGFloat { isRightToLeft ? right : left }
        /// Where the caret after it goes (its trailing edge).
        var trailing: CGFloat { isRightToLeft ? left : right }
    }

    /// In visual order, left to right.
    var stops: [Stop] = []
    /// For each character of the line (offset from its start), the stop holding it, or -1.
    var stopIndex: [Int32] = []

    init(line: CTLine) {
        let end = line.stringRange.end
        // Cluster starts in the whole line, to know where each cluster's characters end.
        var starts: [Int] = []
        for run in line.glyphRuns where run.kind != .hyphen { starts += run.stringIndices }
        starts.sort()
        func clusterEnd(_ start: Int) -> Int {
            var low = 0, high = starts.count
            while low < high {
                let mid = (low + high) / 2
                if starts[mid] <= start { low = mid + 1 } else { high = mid }
            }
            return low < starts.count ? starts[low] : max(end, start)
        }
        let paragraph = line.paragraph
        BreakIterator.withIterator(.character, text: paragraph.text) { graphemes in
            for run in line.glyphRuns where run.kind != .hyphen {
                let rtl = run.status.contains(.rightToLeft)
                var i = 0
                while i < run.glyphs.count {
                    // One glyph cluster: consecutive glyphs with one string index.
                    let index = run.stringIndices[i]
                    var j = i
                    var left = CGFloat.infinity, right = -CGFloat.infinity
                    while j < run.glyphs.count && run.stringIndices[j] == index {
                        left = min(left, run.positions[j].x)
                        right = max(right, run.positions[j].x + run.advances[j].width)
                        j += 1
                    }
                    let characters = index..<clusterEnd(index)
                    var carets: (boundaries: [Int], fractions: [CGFloat]) = ([], [])
                    if run.kind == .text && characters.count > 1 {
                        carets = Self.graphemeEdges(characters, paragraph: paragraph, graphemes: graphemes,
                                                    ligatureCarets: j - i == 1 ? run.font.ligatureCaretPositions(forGlyph: run.glyphs[i]) : [],
                                                    width: right - left, rightToLeft: rtl)
                    }
                    if carets.boundaries.isEmpty {
                        stops.append(Stop(characters: characters, left: left, right: right, isRightToLeft: rtl))
                    } else {
                        // `carets` are fractions 0…1 of the cluster's width from its leading edge.
                        var pieces: [Stop] = []
                        var lower = characters.lowerBound
                        for (k, boundary) in carets.boundaries.enumerated() {
                            let a = carets.fractions[k], b = carets.fractions[k + 1]
                            let x0 = rtl ? right - b * (right - left) : left + a * (right - left)
                            let x1 = rtl ? right - a * (right - left) : left + b * (right - left)
                            pieces.append(Stop(characters: lower..<boundary, left: x0, right: x1, isRightToLeft: rtl))
                            lower = boundary
                        }
                        stops += rtl ? pieces.reversed() : pieces
                    }
                    i = j
                }
            }
        }
        let start = line.stringRange.location
        stopIndex = [Int32](repeating: -1, count: line.stringRange.length)
        for (k, stop) in stops.enumerated() {
            for c in stop.characters where c >= start && c - start < stopIndex.count { stopIndex[c - start] = Int32(k) }
        }
    }

    /// The stop holding the character at `index` (a string index), if any.
    func stop(containing index: Int, lineStart: Int) -> Stop? {
        let k = index - lineStart
        guard k >= 0, k < stopIndex.count, stopIndex[k] >= 0 else { return nil }
        return stops[Int(stopIndex[k])]
    }

    /// The grapheme boundaries inside a cluster (its end included) and the fractions of the
    /// cluster's width, from its leading edge, where each grapheme starts and the last ends
    /// (one more than the boundaries), or empty when the cluster is one grapheme.
    private static func graphemeEdges(_ characters: Range<Int>, paragraph: TypesetParagraph, graphemes: BreakIterator,
                                      ligatureCarets: [CGFloat], width: CGFloat,
                                      rightToLeft: Bool) -> (boundaries: [Int], fractions: [CGFloat]) {
        let base = paragraph.start
        let local = (characters.lowerBound - base)..<min(characters.upperBound - base, paragraph.length)
        guard local.count > 1 else { return ([], []) }
        var boundaries: [Int] = []
        var offset = local.lowerBound
        while offset < local.upperBound {
            var next = graphemes.following(offset)
            if next == BreakIterator.done || next > local.upperBound { next = local.upperBound }
            boundaries.append(base + next)
            offset = next
        }
        guard boundaries.count > 1 else { return ([], []) }
        let n = boundaries.count
        var fractions: [CGFloat] = [0]
        if ligatureCarets.count == n - 1, width > 0 {
            // The font's carets are points from the glyph's (left) origin.
            let fromLeft = ligatureCarets.map { min(1, max(0, $0 / width)) }
            fractions += rightToLeft ? fromLeft.reversed().map { 1 - $0 } : fromLeft
        } else {
            for k in 1..<n { fractions.append(CGFloat(k) / CGFloat(n)) }
        }
        fractions.append(1)
        return (boundaries, fractions)
    }
}

extension CTLine {
    /// The caret stops, in visual order.
    var caretStops: [LineCaretStops.Stop] { caretGeometry.stops }

    /// Where the caret for string index `charIndex` goes, as an x offset from the line's origin
    /// (Core Text's `CTLineGetOffsetForStringIndex`). The primary offset is the leading edge of
    /// the grapheme at `charIndex` (its left edge in left-to-right text, its right edge in
    /// right-to-left text); the secondary offset is the trailing edge of the grapheme before it,
    /// which differs from the primary only at a direction boundary, where a split caret shows
    /// both. At the line's end both are the trailing edge of the last grapheme. An index inside a
    /// grapheme (between the halves of a surrogate pair, before a combining mark) counts as its start.
    /// Cost: O(1) after the line's caret geometry is made (O(glyphs), on the first caret query).
    /// - Precondition: `charIndex` lies within the line's string range, end included.
    public func offset(forStringIndex charIndex: CFIndex) -> (primary: CGFloat, secondary: CGFloat) {
        checkPrecondition(charIndex >= stringRange.location && charIndex <= stringRange.end,
                     "CTLineGetOffsetForStringIndex: index \(charIndex) is outside the line's range \(stringRange)")
        let geometry = caretGeometry
        let stops = geometry.stops
        guard !stops.isEmpty else { return (0, 0) }
        let at = geometry.stop(containing: charIndex, lineStart: stringRange.location)
        let boundary = at?.characters.lowerBound ?? charIndex  // an index inside a grapheme counts as its start
        let before = boundary > stringRange.location ? geometry.stop(containing: boundary - 1, lineStart: stringRange.location) : nil
        switch (at, before) {
        case let (at?, before?): return (at.leading, before.trailing)
        case let (at?, nil): return (at.leading, at.leading)
        case let (nil, before?): return (before.trailing, before.trailing)
        case (nil, nil):
            // Past every glyph (an empty line, or characters without glyphs): the logical end.
            let last = stops.max { $0.characters.upperBound < $1.characters.upperBound }!
            return (last.trailing, last.trailing)
        }
    }

    /// The string index whose caret is nearest to `position.x` (x from the line's origin; y is
    /// ignored), as Core Text's `CTLineGetStringIndexForPosition`: a point over the first half of
    /// a grapheme (in reading direction) gives the grapheme's index, over the second half the
    /// index after it. Past the line's ends it gives the index at that end. A line that ends with
    /// a paragraph separator never gives the index after it (the caret stays on the line).
    /// Cost: O(graphemes in the line).
    /// A NaN x counts as 0 and infinities as the far ends.
    public func stringIndex(forPosition position: CGPoint) -> CFIndex {
        let position = position.clampedToLayoutLimits
        let stops = caretStops
        guard !stops.isEmpty else { return stringRange.location }
        var best = stringRange.location
        var bestDistance = CGFloat.infinity
        for stop in stops {
            let edges = [(stop.left, stop.isRightToLeft ? stop.characters.upperBound : stop.characters.lowerBound),
                         (stop.right, stop.isRightToLeft ? stop.characters.lowerBound : stop.characters.upperBound)]
            for (x, index) in edges {
                let distance = abs(position.x - x)
                if distance < bestDistance { bestDistance = distance; best = index }
            }
        }
        if best == stringRange.end, stringRange.length > 0, endsWithParagraphSeparator { best -= 1 }
        return best
    }

    /// Calls `body` for each caret edge of the line, left to right, with its x offset, the index
    /// of its grapheme and whether it is the grapheme's leading edge, until `body` sets the stop
    /// flag (Core Text's `CTLineEnumerateCaretOffsets`). Each grapheme gives two edges: a
    /// left-to-right one its leading edge first, a right-to-left one its trailing edge first.
    public func enumerateCaretOffsets(_ body: (Double, CFIndex, Bool, inout Bool) -> Void) {
        var stop = false
        for s in caretStops {
            body(Double(s.left), s.characters.lowerBound, !s.isRightToLeft, &stop)
            if stop { return }
            body(Double(s.right), s.characters.lowerBound, s.isRightToLeft, &stop)
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
