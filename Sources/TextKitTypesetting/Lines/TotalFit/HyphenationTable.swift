import Foundation

/// The hyphenation points of every word of a paragraph, segment by segment (``BreakSegment``):
/// what the total-fit breaker's hyphenation passes need, found once per paragraph so that breaking
/// it again (at another width: a window resized, a container narrowed) asks libhyphen nothing.
package struct HyphenationTable: Sendable {
    /// The hyphenator the points came from.
    let hyphenator: ObjectIdentifier
    /// The points, as paragraph offsets, segment after segment.
    private let offsets: [Int32]
    /// Segment k's points are `offsets[starts[k]..<starts[k + 1]]`.
    private let starts: [Int32]

    /// Segment `k`'s points, ascending.
    func points(ofSegment k: Int) -> ArraySlice<Int32> {
        k + 1 < starts.count ? offsets[Int(starts[k])..<Int(starts[k + 1])] : []
    }

    /// The points of the words of `fitter`'s paragraph, by `hyphenator` (a segment's word: its
    /// letters, without surrounding punctuation and white space, at least five of them).
    init(fitter: LineFitter, hyphenator: Hyphenator) {
        self.hyphenator = ObjectIdentifier(hyphenator)
        var offsets: [Int32] = []
        var starts: [Int32] = [0]
        starts.reserveCapacity(fitter.segments.count + 1)
        let text = fitter.text
        for k in fitter.segments.indices {
            var wordStart = fitter.segmentStart(k)
            var wordEnd = Int(fitter.segments[k].end)
            while wordStart < wordEnd, !LineFitter.isWordUnit(text[wordStart]) { wordStart += 1 }
            while wordEnd > wordStart, !LineFitter.isWordUnit(text[wordEnd - 1]) { wordEnd -= 1 }
            if wordEnd - wordStart >= 5 {
                for point in hyphenator.hyphenationPoints(in: UnsafeBufferPointer(rebasing: text[wordStart..<wordEnd])) {
                    offsets.append(Int32(wordStart + point))
                }
            }
            starts.append(Int32(offsets.count))
        }
        self.offsets = offsets
        self.starts = starts
    }
}

/// Where a paragraph's analysis keeps its ``HyphenationTable``, made on first use (under a lock:
/// paragraphs are laid out on several threads, and a paragraph's analysis may be read by another).
package final class HyphenationMemo: @unchecked Sendable {  // `table` is only touched under `lock`
    /// One lock for every memo: every paragraph has a memo, few are broken by total fit, and a
    /// lock each cost an allocation and a mutex per paragraph. (Hence a bare `NSLock` beside the
    /// state rather than a `Locked` holding it: a `Locked` holds one value, and one per memo
    /// would be that lock each.)
    private static let lock = NSLock()
    private var table: HyphenationTable?

    package init() {}

    /// The table for `hyphenator`, made by `make` unless it is already known.
    func table(for hyphenator: Hyphenator, make: () -> HyphenationTable) -> HyphenationTable {
        if let known = Self.lock.withLock({ table }), known.hyphenator == ObjectIdentifier(hyphenator) { return known }
        let made = make()
        Self.lock.withLock { table = made }
        return made
    }
}
