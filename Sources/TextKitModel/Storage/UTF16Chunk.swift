import _RopeModule

/// A piece of the text rope: up to ``maxCount`` UTF-16 code units, stored exactly as given (lone
/// surrogates and NULs included), with the number of paragraph and line breaks that end in it.
///
/// - Invariant: `paragraphBreaks` and `lineBreaks` equal the counts recomputed from `units`.
/// - Invariant: in a rope of more than one chunk, no chunk is ``isSmall`` (memory stays ~2 bytes/unit).
/// - Invariant: a chunk never ends with CR when the next chunk starts with LF (CRLF is one break
///   and is counted in the chunk that holds its LF); ``_UTF16Rope`` repairs the junctions an edit
///   creates.
struct _UTF16Chunk {
    var units: [UInt16]
    /// Break ends in this chunk: positions after LF, CR not followed by LF, U+2029.
    var paragraphBreaks: Int
    /// As `paragraphBreaks`, plus U+2028 (LINE SEPARATOR) and U+0085 (NEXT LINE).
    var lineBreaks: Int

    #if DEBUG
    /// Small chunks in debug builds so that tests exercise splitting and rebalancing.
    static let maxCount = 64
    #else
    static let maxCount = 2048
    #endif
    static let minCount = maxCount / 4

    init(_ units: [UInt16]) {
        self.units = units
        (paragraphBreaks, lineBreaks) = (0, 0)
        recount()
    }

    init<C: Collection<UInt16>>(_ units: C) { self.init(Array(units)) }

    mutating func recount() {
        (paragraphBreaks, lineBreaks) = _UTF16Chunk.countBreakEnds(units, in: 0..<units.count)
    }

    /// Counts break ends in `units`. A CR as the last unit counts (the chunk invariant guarantees that
    /// no LF follows it in the next chunk).
    static func countBreaks(_ units: ArraySlice<UInt16>) -> (paragraph: Int, line: Int) {
        var p = 0, l = 0
        var i = units.startIndex
        let end = units.endIndex
        while i < end {
            let u = units[i]
            if u <= 0x0D || u >= 0x85 {
                switch u {
                case 0x0A, 0x2029: p += 1; l += 1
                case 0x0D:
                    if i + 1 < end, units[i + 1] == 0x0A {} else { p += 1; l += 1 }
                case 0x2028, 0x85: l += 1
                default: break
                }
            }
            i += 1
        }
        return (p, l)
    }

    /// Counts the break ends at positions `positions` of `units`, looking one unit past them (within
    /// `units`) to tell a lone CR from the CR of a CRLF.
    static func countBreakEnds(_ units: [UInt16], in positions: Range<Int>) -> (paragraph: Int, line: Int) {
        units.withUnsafeBufferPointer { buf in
            var p = 0, l = 0
            for i in positions {
                let u = buf[i]
                guard u <= 0x0D || u >= 0x85 else { continue }
                switch u {
                case 0x0A, 0x2029: p += 1; l += 1
                case 0x0D:
                    if i + 1 < buf.count && buf[i + 1] == 0x0A {} else { p += 1; l += 1 }
                case 0x2028, 0x85: l += 1
                default: break
                }
            }
            return (p, l)
        }
    }

    /// A split point near `target` that does not separate CR from LF.
    static func safeSplit(_ units: ArraySlice<UInt16>, near target: Int) -> Int {
        var i = target
        if i > units.startIndex, i < units.endIndex, units[i - 1] == 0x0D, units[i] == 0x0A { i += 1 }
        return i
    }
}

extension _UTF16Chunk: RopeElement {
    struct Summary: RopeSummary {
        var utf16: Int
        var paragraphBreaks: Int
        var lineBreaks: Int

        #if DEBUG
        static var maxNodeSize: Int { 6 }
        #else
        static var maxNodeSize: Int { 15 }
        #endif
        static var zero: Summary { Summary(utf16: 0, paragraphBreaks: 0, lineBreaks: 0) }
        var isZero: Bool { utf16 == 0 && paragraphBreaks == 0 && lineBreaks == 0 }
        mutating func add(_ o: Summary) {
            utf16 += o.utf16; paragraphBreaks += o.paragraphBreaks; lineBreaks += o.lineBreaks
        }
        mutating func subtract(_ o: Summary) {
            utf16 -= o.utf16; paragraphBreaks -= o.paragraphBreaks; lineBreaks -= o.lineBreaks
        }
    }

    typealias Index = Int

    var summary: Summary { Summary(utf16: units.count, paragraphBreaks: paragraphBreaks, lineBreaks: lineBreaks) }
    var isEmpty: Bool { units.isEmpty }
    /// Always false for `Rope` (see ``rebalance(nextNeighbor:)``); ``isSmall`` is the real test.
    var isUndersized: Bool { false }
    /// Below a quarter of the maximum size: ``_UTF16Rope`` merges such a chunk into a neighbour.
    var isSmall: Bool { units.count < Self.minCount }

    func invariantCheck() {
        let (p, l) = Self.countBreaks(units[...])
        precondition(p == paragraphBreaks && l == lineBreaks, "chunk break counts out of date")
    }

    /// Never called: chunks report themselves as never undersized, because `Rope`'s builder loses
    /// undersized items that sit between others (seen with swift-collections 1.x: removing a range
    /// dropped a 15-unit chunk). ``_UTF16Rope`` merges small chunks itself after each edit.
    mutating func rebalance(nextNeighbor right: inout _UTF16Chunk) -> Bool { false }

    mutating func split(at index: Int) -> _UTF16Chunk {
        let tail = _UTF16Chunk(units[index...])
        units.removeSubrange(index...)
        recount()
        return tail
    }
}

/// UTF-16 code units: the metric of every `NSRange`.
struct _UTF16Metric: RopeMetric {
    typealias Element = _UTF16Chunk
    func size(of summary: _UTF16Chunk.Summary) -> Int { summary.utf16 }
    func index(at offset: Int, in element: _UTF16Chunk) -> Int { offset }
}

/// Paragraph (or line) break ends. `index(at: k)` is the offset just after the k-th break end in the chunk.
struct _BreakMetric: RopeMetric {
    typealias Element = _UTF16Chunk
    var lines: Bool
    func size(of summary: _UTF16Chunk.Summary) -> Int { lines ? summary.lineBreaks : summary.paragraphBreaks }
    func index(at offset: Int, in element: _UTF16Chunk) -> Int {
        if offset == 0 { return 0 }
        return _UTF16Rope.offsetAfterBreak(number: offset, in: element.units[...], lines: lines)
    }
}
