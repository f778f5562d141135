import _RopeModule

/// The text of an attributed string: UTF-16 code units in a B-tree of chunks (swift-collections'
/// `Rope`), summarised by unit count and paragraph/line break counts.
///
/// Costs, n = length: `replace` O(log n + k) for k new units; `unit(at:)` O(log n);
/// `copyUnits`/`forEachChunk` O(log n + k); paragraph and line queries O(log n + chunk size).
/// Units are stored as given: lone surrogates and NULs are kept.
///
/// Why this and not `BigString` or a flat array (measured on a 10 MB document, release build; see the
/// issue-3 report for the full table): `BigString` keeps valid Unicode only, so it cannot hold the
/// lone surrogate an NSRange edit may leave, and every UTF-16 offset costs a walk to a scalar
/// boundary (insert at a UTF-16 offset ≈ 5–11 µs against ≈ 1.5–2.5 µs here); a flat `[UInt16]` costs a
/// 10 MB memmove per keystroke (≈ 165–380 µs). Chunks hold up to 2048 units (release): 1024 made
/// edits no faster and 4096 made paragraph queries slower (they scan one chunk). Memory ≈ 2.1 bytes
/// per unit.
struct _UTF16Rope {
    var rope = Rope<_UTF16Chunk>()

    init() {}

    init<C: Collection<UInt16>>(_ units: C) {
        rope = Rope(Self.chunks(of: units))
    }

    var count: Int { rope.summary.utf16 }
    var paragraphBreakCount: Int { rope.summary.paragraphBreaks }
    var lineBreakCount: Int { rope.summary.lineBreaks }

    /// The rope of `string`'s UTF-16 units (transcoded from its UTF-8; see ``utf16Units(of:)``).
    init(_ string: String) {
        self.init(units: Self.utf16Units(of: string))
    }

    /// The rope of `units`.
    init(units: [UInt16]) {
        rope = Rope(Self.chunks(of: units))
    }

    /// Cuts units into chunks of about 3/4 of the maximum size, never between CR and LF.
    static func chunks<C: Collection<UInt16>>(of units: C) -> [_UTF16Chunk] {
        let all = Array(units)
        var result: [_UTF16Chunk] = []
        result.reserveCapacity(all.count / (_UTF16Chunk.maxCount * 3 / 4) + 1)
        var start = 0
        let target = _UTF16Chunk.maxCount * 3 / 4
        while start < all.count {
            var end = min(all.count, start + target)
            if all.count - end < _UTF16Chunk.minCount { end = all.count }  // no undersized tail
            if end < all.count, all[end - 1] == 0x0D, all[end] == 0x0A { end += 1 }
            result.append(_UTF16Chunk(all[start..<end]))
            start = end
        }
        return result
    }

    // MARK: Reading

    func unit(at offset: Int) -> UInt16 {
        let (i, rem) = rope.find(at: offset, in: _UTF16Metric(), preferEnd: false)
        return rope[i].units[rem]
    }

    /// Calls `body` with consecutive pieces of the units in `range`, each with its starting offset,
    /// until it returns false.
    func forEachChunk(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt16>, Int) -> Bool) {
        guard !range.isEmpty else { return }
        // Index by index: the rope's `forEachWhile(from:in:)` cost about 2,000 instructions a
        // call, as much as copying a paragraph's text (see _AttributeRuns.forEachRun).
        var (index, from) = rope.find(at: range.lowerBound, in: _UTF16Metric(), preferEnd: false)
        var position = range.lowerBound
        while true {
            let units = rope[index].units
            let to = min(units.count, from + (range.upperBound - position))
            let keepGoing = units.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[from..<to]), position) }
            position += to - from
            guard keepGoing, position < range.upperBound else { return }
            rope.formIndex(after: &index)
            from = 0
        }
    }

    func copyUnits(in range: Range<Int>, into buffer: UnsafeMutablePointer<UInt16>) {
        forEachChunk(in: range) { piece, offset in
            (buffer + (offset - range.lowerBound)).update(from: piece.baseAddress!, count: piece.count)
            return true
        }
    }

    func units(in range: Range<Int>) -> [UInt16] {
        [UInt16](writingUnits: range.count) { copyUnits(in: range, into: $0); return range.count }
    }

    // MARK: Editing

    /// Replaces the units in `range` with `new`.
    mutating func replace(_ range: Range<Int>, with new: some Collection<UInt16>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count)
        if !rope.isEmpty, replaceWithinChunk(range, with: new) { return }
        if !range.isEmpty { remove(range) }
        if !new.isEmpty { insert(new, at: range.lowerBound) }
        repairJunction(at: range.lowerBound)
        if !new.isEmpty { repairJunction(at: range.lowerBound + new.count) }
        absorbSmallChunks(around: range.lowerBound)
        if !new.isEmpty { absorbSmallChunks(around: range.lowerBound + new.count) }
    }

    /// The common case (typing, backspace): `range` lies in one chunk, the chunk stays within its size
    /// bounds, and no CR|LF pair ends up straddling its edges. Edits the chunk in place and updates its
    /// break counts from the few units around the edit only. Returns false, changing nothing, otherwise.
    private mutating func replaceWithinChunk(_ range: Range<Int>, with new: some Collection<UInt16>) -> Bool {
        var (index, rem) = rope.find(at: range.lowerBound, in: _UTF16Metric(), preferEnd: true)
        let chunk = rope[index]
        let n = chunk.units.count
        let newCount = n - range.count + new.count
        guard rem + range.count <= n, newCount > 0, newCount <= _UTF16Chunk.maxCount,
              newCount >= _UTF16Chunk.minCount || rope.isSingleton else { return false }
        let end = rem + range.count
        if end == n {  // touches the end: the new last unit must not be a CR (an LF may follow)
            let last = new.isEmpty ? (rem > 0 ? chunk.units[rem - 1] : nil) : new[new.index(new.startIndex, offsetBy: new.count - 1)]
            if last == 0x0D { return false }
        }
        if rem == 0 {  // touches the start: the new first unit must not be an LF (a CR may precede)
            let first = new.isEmpty ? (end < n ? chunk.units[end] : nil) : new.first
            if first == 0x0A { return false }
        }
        rope.update(at: &index) { chunk in
            let lo = max(0, rem - 1)
            let before = _UTF16Chunk.countBreakEnds(chunk.units, in: lo..<end)
            chunk.units.replaceSubrange(rem..<end, with: new)
            let after = _UTF16Chunk.countBreakEnds(chunk.units, in: lo..<(rem + new.count))
            chunk.paragraphBreaks += after.paragraph - before.paragraph
            chunk.lineBreaks += after.line - before.line
        }
        return true
    }

    /// Merges a small chunk touching `offset` into its neighbour (splitting the result if it overflows).
    /// Edits only leave small chunks next to the offsets they touched, so this keeps the size invariant.
    private mutating func absorbSmallChunks(around offset: Int) {
        for p in [offset - 1, offset] where p >= 0 && p < count && !rope.isSingleton {
            let (index, _) = rope.find(at: p, in: _UTF16Metric(), preferEnd: false)
            guard rope[index].isSmall else { continue }
            let start = rope.offset(of: index, in: _UTF16Metric())
            let small = rope.remove(at: index)
            insertInPlace(small.units, at: start)
        }
    }

    private mutating func remove(_ range: Range<Int>) {
        // Fast path: the range lies inside one chunk and leaves it non-empty.
        let (i, rem) = rope.find(at: range.lowerBound, in: _UTF16Metric(), preferEnd: false)
        if i < rope.endIndex {
            var index = i
            let fits = rope[index].units.count > range.count && rem + range.count <= rope[index].units.count
            if fits {
                rope.update(at: &index) { chunk in
                    chunk.units.removeSubrange(rem..<(rem + range.count))
                    chunk.recount()
                }
                return
            }
        }
        rope.removeSubrange(range, in: _UTF16Metric())
    }

    private mutating func insert(_ new: some Collection<UInt16>, at offset: Int) {
        if rope.isEmpty || new.count > _UTF16Chunk.maxCount {
            var builder = rope.builder(splittingAt: offset, in: _UTF16Metric())
            builder.insertBeforeTip(Self.chunks(of: new))
            rope = builder.finalize()
            return
        }
        insertInPlace(new, at: offset)
    }

    /// Inserts into the chunk that holds (or ends at) `offset`, splitting it when it overflows.
    private mutating func insertInPlace(_ new: some Collection<UInt16>, at offset: Int) {
        var (index, rem) = rope.find(at: offset, in: _UTF16Metric(), preferEnd: true)
        let overflow: [_UTF16Chunk]? = rope.update(at: &index) { chunk in
            chunk.units.insert(contentsOf: new, at: rem)
            guard chunk.units.count > _UTF16Chunk.maxCount else {
                chunk.recount()
                return nil
            }
            let pieces = Self.chunks(of: chunk.units)
            chunk = pieces[0]
            return Array(pieces.dropFirst())
        }
        if let overflow, !overflow.isEmpty {
            var position = rope.offset(of: index, in: _UTF16Metric()) + rope[index].units.count
            for piece in overflow {
                rope.insert(piece, at: position, in: _UTF16Metric())
                position += piece.units.count
            }
        }
    }

    /// Restores the chunk invariant at `offset`: when a chunk ending in CR is followed by one starting
    /// with LF, the LF moves into the CR's chunk.
    private mutating func repairJunction(at offset: Int) {
        guard offset > 0, offset < count else { return }
        let (index, rem) = rope.find(at: offset, in: _UTF16Metric(), preferEnd: false)
        guard rem == 0, rope[index].units.first == 0x0A, index > rope.startIndex else { return }
        let before = rope.index(before: index)
        guard rope[before].units.last == 0x0D else { return }
        remove(offset..<(offset + 1))
        var (prev, _) = rope.find(at: offset, in: _UTF16Metric(), preferEnd: true)
        rope.update(at: &prev) { chunk in
            chunk.units.append(0x0A)
            chunk.recount()
        }
    }

    // MARK: Breaks

    /// The offset just after the `number`-th (1-based) break end in `units`.
    static func offsetAfterBreak(number: Int, in units: ArraySlice<UInt16>, lines: Bool) -> Int {
        units.withUnsafeBufferPointer { buf in
            var seen = 0
            for i in 0..<buf.count where isBreakEnd(buf, i, lines: lines) {
                seen += 1
                if seen == number { return i + 1 }
            }
            preconditionFailure("break \(number) not in chunk")
        }
    }

    /// Whether the unit at `i` ends a break (a CR followed by LF within `units` does not).
    @inline(__always)
    static func isBreakEnd(_ units: UnsafeBufferPointer<UInt16>, _ i: Int, lines: Bool) -> Bool {
        let u = units[i]
        guard u <= 0x0D || u >= 0x85 else { return false }
        switch u {
        case 0x0A, 0x2029: return true
        case 0x0D: return !(i + 1 < units.count && units[i + 1] == 0x0A)
        case 0x2028, 0x85: return lines
        default: return false
        }
    }

    /// The last break end in `units` at or before `i`, if any. Skips eight units at a time that
    /// hold no break character (a paragraph is scanned on every edit).
    static func lastBreakEnd(in units: UnsafeBufferPointer<UInt16>, atOrBefore i: Int, lines: Bool) -> Int? {
        var j = i
        while j >= 0 {
            if j >= 7, let base = units.baseAddress, !mayHoldBreak(base + (j - 7)) {
                j -= 8
                continue
            }
            let blockStart = max(j - 7, 0)
            while j >= blockStart {
                if isBreakEnd(units, j, lines: lines) { return j }
                j -= 1
            }
        }
        return nil
    }

    /// The first break end in `units` at or after `i`, if any, eight units at a time as
    /// ``lastBreakEnd(in:atOrBefore:lines:)``.
    static func firstBreakEnd(in units: UnsafeBufferPointer<UInt16>, atOrAfter i: Int, lines: Bool) -> Int? {
        var k = i
        while k < units.count {
            if k + 8 <= units.count, let base = units.baseAddress, !mayHoldBreak(base + k) {
                k += 8
                continue
            }
            let blockEnd = min(k + 8, units.count)
            while k < blockEnd {
                if isBreakEnd(units, k, lines: lines) { return k }
                k += 1
            }
        }
        return nil
    }

    /// Whether any of the eight units at `p` may end a paragraph or line: false only when all are
    /// ASCII from U+000E on, which no break character is (LF, CR, NEL, LINE and PARAGRAPH
    /// SEPARATOR); ``isBreakEnd(_:_:lines:)`` decides the rest. Tested four units to a word.
    @inline(__always)
    private static func mayHoldBreak(_ p: UnsafePointer<UInt16>) -> Bool {
        let raw = UnsafeRawPointer(p)
        let a = raw.loadUnaligned(as: UInt64.self), b = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        let notASCII: UInt64 = 0xFF80_FF80_FF80_FF80
        if (a | b) & notASCII != 0 { return true }
        // With every unit below 0x80, `(x - 0x0E) & ~x` sets a unit's top bit only if some unit
        // (that one or one below it in the word) is below 0x0E.
        let fourteens: UInt64 = 0x000E_000E_000E_000E, tops: UInt64 = 0x8000_8000_8000_8000
        return ((a &- fourteens) & ~a | (b &- fourteens) & ~b) & tops != 0
    }

    /// The number of break ends strictly before `offset`.
    func breaks(before offset: Int, lines: Bool) -> Int {
        if offset == 0 { return 0 }
        if offset == count { return lines ? lineBreakCount : paragraphBreakCount }
        let (index, rem) = rope.find(at: offset, in: _UTF16Metric(), preferEnd: false)
        let n = rope.offset(of: index, in: _BreakMetric(lines: lines))
        let counts = _UTF16Chunk.countBreakEnds(rope[index].units, in: 0..<rem)
        return n + (lines ? counts.line : counts.paragraph)
    }

    /// The offset just after the `k`-th break end (k ≥ 1), or 0 for k = 0.
    func offsetAfterBreak(_ k: Int, lines: Bool) -> Int {
        if k == 0 { return 0 }
        let metric = _BreakMetric(lines: lines)
        let (index, rem) = rope.find(at: k - 1, in: metric, preferEnd: false)
        let chunkStart = rope.offset(of: index, in: _UTF16Metric())
        return chunkStart + Self.offsetAfterBreak(number: rem + 1, in: rope[index].units[...], lines: lines)
    }

    /// Start, end (after the terminator) and contents end (before it) of the paragraph or line
    /// holding `offset` (0 ≤ offset ≤ count). At the very end after a terminator: an empty range.
    func enclosingBreakRange(containing offset: Int, lines: Bool) -> (start: Int, end: Int, contentsEnd: Int) {
        if let local = localBreakRange(containing: offset, lines: lines) { return local }
        let k = breaks(before: offset, lines: lines)
        let start = offsetAfterBreak(k, lines: lines)
        let total = lines ? lineBreakCount : paragraphBreakCount
        let end = k < total ? offsetAfterBreak(k + 1, lines: lines) : count
        var contentsEnd = end
        if end > start, k < total {
            contentsEnd = end - 1
            if contentsEnd > start, unit(at: contentsEnd) == 0x0A, unit(at: contentsEnd - 1) == 0x0D { contentsEnd -= 1 }
        }
        return (start, end, contentsEnd)
    }

    /// The offsets just after each break (paragraph separator, or line separator too with `lines`;
    /// CR LF counts once) whose last unit lies in `range`, in order: one pass over the chunks
    /// there, with no search down the tree per break (``enclosingBreakRange(containing:lines:)``
    /// for each of a 100 MB log's 534,381 paragraphs took three times as long).
    func breakEnds(in range: Range<Int>, lines: Bool) -> [Int] {
        var ends: [Int] = []
        guard range.lowerBound < range.upperBound, range.lowerBound < count else { return ends }
        var (index, rem) = rope.find(at: range.lowerBound, in: _UTF16Metric(), preferEnd: false)
        var chunkStart = range.lowerBound - rem
        var from = rem
        while index != rope.endIndex && chunkStart < range.upperBound {
            let units = rope[index].units
            let limit = min(units.count, range.upperBound - chunkStart)
            units.withUnsafeBufferPointer { buffer in
                var at = from
                while at < limit, let end = Self.firstBreakEnd(in: buffer, atOrAfter: at, lines: lines), end < limit {
                    ends.append(chunkStart + end + 1)
                    at = end + 1
                }
            }
            chunkStart += units.count
            rope.formIndex(after: &index)
            from = 0
        }
        return ends
    }

    /// The fast path of ``enclosingBreakRange(containing:lines:)``: scan outward from `offset` to
    /// the breaks on either side, chunk by chunk — O(length of the paragraph) instead of counting
    /// breaks from a chunk's start. Nil (use the counting path) when the paragraph spans more than
    /// a few chunks. Chunks never split CR LF, so a break is always whole inside one chunk.
    private func localBreakRange(containing offset: Int, lines: Bool) -> (start: Int, end: Int, contentsEnd: Int)? {
        guard offset < count else { return nil }
        let maxChunks = 4
        let (index, rem) = rope.find(at: offset, in: _UTF16Metric(), preferEnd: false)
        // Backward to the break before `offset`.
        var start: Int?
        var i = index
        var chunkStart = offset - rem
        var from = rem - 1
        for _ in 0..<maxChunks {
            if let j = rope[i].units.withUnsafeBufferPointer({ Self.lastBreakEnd(in: $0, atOrBefore: from, lines: lines) }) {
                start = chunkStart + j + 1
                break
            }
            if i == rope.startIndex { start = 0; break }
            rope.formIndex(before: &i)
            let previous = rope[i].units.count
            chunkStart -= previous
            from = previous - 1
        }
        guard let start else { return nil }
        // Forward to the break at or after `offset`.
        i = index
        chunkStart = offset - rem
        var k = rem
        for _ in 0..<maxChunks {
            let units = rope[i].units
            if let end = units.withUnsafeBufferPointer({ Self.firstBreakEnd(in: $0, atOrAfter: k, lines: lines) }) {
                var contentsEnd = chunkStart + end
                if units[end] == 0x0A, end > 0, units[end - 1] == 0x0D, contentsEnd - 1 >= start { contentsEnd -= 1 }
                return (start, chunkStart + end + 1, contentsEnd)
            }
            chunkStart += units.count
            rope.formIndex(after: &i)
            if i == rope.endIndex { return (start, count, count) }
            k = 0
        }
        return nil
    }
}

extension Array where Element == UInt16 {
    /// At most `capacity` UTF-16 units, written in place by `write`, which returns how many it
    /// wrote; empty, without calling `write`, when `capacity` is 0. (The standard library's
    /// `Array(unsafeUninitializedCapacity: 0, …)` writes the count 0 into the storage all empty
    /// arrays share, a benign write that ThreadSanitizer reports as a race with any thread reading
    /// an empty array: swiftlang/swift#27808.)
    init(writingUnits capacity: Int, _ write: (UnsafeMutablePointer<UInt16>) -> Int) {
        guard capacity > 0 else {
            self = []
            return
        }
        self.init(unsafeUninitializedCapacity: capacity) { buffer, count in count = write(buffer.baseAddress!) }
    }
}
