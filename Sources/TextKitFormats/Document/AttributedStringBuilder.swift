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
    func build() -> NSMutableAttributedString {
        let result = NSMutableAttributedString(string: Self.string(fromUTF16: units))
        let n = units.count
        guard n > 0 else { return result }
        var ends = runEnds
        ends[ends.count - 1] = n
        struct PairKey: Hashable { var set: Int; var style: Int }
        var merged: [PairKey: [NSAttributedString.Key: Any]] = [:]
        var run = 0, paragraph = 0, location = 0
        var pendingStart = 0
        var pendingKey: PairKey? = nil
        func flush(upTo end: Int) {
            guard end > pendingStart, let pendingKey else { return }
            let attrs = merged[pendingKey] ?? [:]
            if !attrs.isEmpty { result.setAttributes(attrs, range: NSRange(location: pendingStart, length: end - pendingStart)) }
        }
        while location < n {
            while run < ends.count - 1 && ends[run] <= location { run += 1 }
            while paragraph < paragraphEnds.count && paragraphEnds[paragraph] <= location { paragraph += 1 }
            let set = runSets[run]
            let styleIndex = paragraph < paragraphEnds.count ? paragraphStyleIndex[paragraph] : -1
            let end = min(ends[run], paragraph < paragraphEnds.count ? paragraphEnds[paragraph] : n)
            let key = PairKey(set: set, style: styleIndex)
            if merged[key] == nil {
                var attrs = set >= 0 ? attributeSets[set] : [:]
                if styleIndex >= 0 { attrs[.paragraphStyle] = paragraphStyles[styleIndex] }
                merged[key] = attrs
            }
            if key != pendingKey {
                flush(upTo: location)
                pendingStart = location
                pendingKey = key
            }
            location = max(end, location + 1)
        }
        flush(upTo: n)
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
