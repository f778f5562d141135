/// Collects UTF-16 text, character attribute runs and paragraph styles as flat arrays, then makes
/// the attributed string in one pass (readers append millions of characters; going through
/// `NSMutableAttributedString` per character would cost a rope edit each).
///
/// Character attributes are given as indices into ``attributeSets`` (readers intern their
/// formatting states); paragraph styles are given per finished paragraph. ``build()`` merges the
/// two, sharing one dictionary per (character set, paragraph style) pair.
struct AttributedStringBuilder {
    /// The text so far.
    private(set) var units: [UInt16] = []
    /// Distinct character attribute dictionaries, indexed by the readers' ids.
    private(set) var attributeSets: [[NSAttributedString.Key: Any]] = []
    /// Runs: end offset (exclusive) and attribute set index; consecutive runs differ.
    private var runEnds: [Int] = []
    private var runSets: [Int] = []
    /// The set new text takes.
    private var current = -1
    /// Paragraphs: end offset (exclusive) and index into `paragraphStyles` (-1: none).
    private var paragraphEnds: [Int] = []
    private var paragraphStyleIndex: [Int] = []
    private var paragraphStyles: [NSParagraphStyle] = []
    private var paragraphStyleIDs: [ObjectIdentifier: Int] = [:]

    var count: Int { units.count }

    /// Registers an attribute dictionary and returns its id.
    mutating func addAttributeSet(_ attributes: [NSAttributedString.Key: Any]) -> Int {
        attributeSets.append(attributes)
        return attributeSets.count - 1
    }

    /// The attributes that text appended from now on takes (an id from ``addAttributeSet(_:)``).
    mutating func use(_ set: Int) {
        current = set
    }

    mutating func append(_ unit: UInt16) {
        noteRun()
        units.append(unit)
    }

    mutating func append(contentsOf newUnits: some Collection<UInt16>) {
        guard !newUnits.isEmpty else { return }
        noteRun()
        units.append(contentsOf: newUnits)
    }

    mutating func append(_ string: String) {
        append(contentsOf: string.utf16)
    }

    /// Extends the last run or starts one for ``current`` before text is appended.
    private mutating func noteRun() {
        if let last = runSets.last, last == current {
            return  // the run's end is fixed up lazily: runEnds.last is rewritten in `closeRuns`
        }
        if !runEnds.isEmpty { runEnds[runEnds.count - 1] = units.count }
        runEnds.append(-1)
        runSets.append(current)
    }

    /// Ends the current paragraph at the current end of the text, giving it `style` (nil: none).
    mutating func endParagraph(style: NSParagraphStyle?) {
        let start = paragraphEnds.last ?? 0
        guard units.count > start else { return }
        var index = -1
        if let style {
            let key = ObjectIdentifier(style)
            if let known = paragraphStyleIDs[key] { index = known } else {
                paragraphStyles.append(style)
                index = paragraphStyles.count - 1
                paragraphStyleIDs[key] = index
            }
        }
        paragraphEnds.append(units.count)
        paragraphStyleIndex.append(index)
    }

    /// The attributed string: the text, each run's attributes plus its paragraph's style.
    /// Text after the last ``endParagraph(style:)`` gets no paragraph style. Lone surrogates
    /// become U+FFFD (the length is kept).
    ///
    /// The pieces where neither the run nor the paragraph changes are handed over in one go
    /// (``NSMutableAttributedString/init(_units:runLengths:runSets:attributeSets:)``): one
    /// dictionary per (character set, paragraph style) pair, interned once.
    func build() -> NSMutableAttributedString {
        let n = units.count
        guard n > 0 else { return NSMutableAttributedString(string: "") }
        var ends = runEnds
        ends[ends.count - 1] = n
        struct PairKey: Hashable { var set: Int; var style: Int }
        var pairs: [PairKey: Int] = [:]
        var pairSets: [[NSAttributedString.Key: Any]] = []
        var lengths: [Int] = []
        var sets: [Int] = []
        var run = 0, paragraph = 0, location = 0
        var lastKey = PairKey(set: Int.min, style: Int.min)
        var lastPair = -1
        while location < n {
            while run < ends.count - 1 && ends[run] <= location { run += 1 }
            while paragraph < paragraphEnds.count && paragraphEnds[paragraph] <= location { paragraph += 1 }
            let set = runSets[run]
            let styleIndex = paragraph < paragraphEnds.count ? paragraphStyleIndex[paragraph] : -1
            let end = max(min(ends[run], paragraph < paragraphEnds.count ? paragraphEnds[paragraph] : n), location + 1)
            let key = PairKey(set: set, style: styleIndex)
            if key != lastKey {
                if let known = pairs[key] { lastPair = known } else {
                    var attrs = set >= 0 ? attributeSets[set] : [:]
                    if styleIndex >= 0 { attrs[.paragraphStyle] = paragraphStyles[styleIndex] }
                    pairSets.append(attrs)
                    lastPair = pairSets.count - 1
                    pairs[key] = lastPair
                }
                lastKey = key
                lengths.append(end - location)
                sets.append(lastPair)
            } else {
                lengths[lengths.count - 1] += end - location
            }
            location = end
        }
        return NSMutableAttributedString(_units: Self.replacingLoneSurrogates(units), runLengths: lengths, runSets: sets,
                                         attributeSets: pairSets)
    }

    /// `units` with each lone surrogate replaced by U+FFFD, as ``string(fromUTF16:)`` does.
    static func replacingLoneSurrogates(_ units: [UInt16]) -> [UInt16] {
        guard units.contains(where: { $0 >= 0xD800 && $0 < 0xE000 }) else { return units }
        var result = units
        let n = result.count
        result.withUnsafeMutableBufferPointer { u in
            var i = 0
            while i < n {
                let c = u[i]
                if c < 0xD800 || c >= 0xE000 {
                    i += 1
                } else if c < 0xDC00, i + 1 < n, u[i + 1] >= 0xDC00 && u[i + 1] < 0xE000 {
                    i += 2
                } else {
                    u[i] = 0xFFFD
                    i += 1
                }
            }
        }
        return result
    }

    /// The string of UTF-16 units, lone surrogates as U+FFFD (one unit each, so lengths are kept).
    /// Transcoded to UTF-8 by hand: `String(decoding:as: UTF16.self)` takes a per-scalar slow path
    /// that cost a third of reading a 5 MB RTF file.
    static func string(fromUTF16 units: [UInt16]) -> String {
        units.withUnsafeBufferPointer { u in
            String(unsafeUninitializedCapacity: u.count * 3) { out in
                var o = 0, i = 0
                let n = u.count
                while i < n {
                    let c = UInt32(u[i])
                    if c < 0x80 {
                        out[o] = UInt8(c); o += 1; i += 1
                        continue
                    }
                    var scalar = c
                    if c >= 0xD800 && c < 0xDC00, i + 1 < n, u[i + 1] >= 0xDC00 && u[i + 1] < 0xE000 {
                        scalar = 0x10000 + ((c - 0xD800) << 10) + (UInt32(u[i + 1]) - 0xDC00)
                        i += 2
                    } else {
                        if c >= 0xD800 && c < 0xE000 { scalar = 0xFFFD }
                        i += 1
                    }
                    if scalar < 0x800 {
                        out[o] = UInt8(0xC0 | (scalar >> 6)); out[o + 1] = UInt8(0x80 | (scalar & 0x3F)); o += 2
                    } else if scalar < 0x10000 {
                        out[o] = UInt8(0xE0 | (scalar >> 12)); out[o + 1] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
                        out[o + 2] = UInt8(0x80 | (scalar & 0x3F)); o += 3
                    } else {
                        out[o] = UInt8(0xF0 | (scalar >> 18)); out[o + 1] = UInt8(0x80 | ((scalar >> 12) & 0x3F))
                        out[o + 2] = UInt8(0x80 | ((scalar >> 6) & 0x3F)); out[o + 3] = UInt8(0x80 | (scalar & 0x3F)); o += 4
                    }
                }
                return o
            }
        }
    }
}
