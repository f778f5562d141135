import _RopeModule
import TextKitModel
import TextKitTypesetting

/// One paragraph as the layout manager keeps it: its length, and (once made) its glyphs and its
/// placed lines. A class so that the rope can hold it by reference while its layout is filled in;
/// the rope's copy of the summary is refreshed through ``ParagraphStore/refresh(at:)``.
final class ParagraphRecord {
    /// UTF-16 units, terminator included.
    var length: Int
    /// The glyphs and break opportunities; nil until generated, after invalidation, or after the
    /// layout manager dropped them to bound its memory (``evictAnalysis()``: the glyph count stays,
    /// and `TextFlow.ensureAnalysis` makes the same glyphs again when they are next needed).
    var analysis: ParagraphAnalysis? {
        get { storedAnalysis }
        set {
            storedAnalysis = newValue
            glyphCount = newValue?.glyphs.count
            if newValue == nil { attachmentSizes = [:]; keepsAnalysis = false }
        }
    }
    private var storedAnalysis: ParagraphAnalysis?
    /// The number of glyphs, known once the paragraph has been analyzed, also while its analysis
    /// is evicted (glyph indices of later paragraphs depend on it).
    private(set) var glyphCount: Int?
    /// The analysis holds what cannot be made again from the text (glyphs set through `setGlyphs`
    /// outside glyph generation, flags set through the layout primitives): never evicted.
    var keepsAnalysis = false
    /// Sizes given through `NSLayoutManager.setAttachmentSize(_:forGlyphRange:)`, by glyph (in the paragraph).
    var attachmentSizes: [Int: CGSize] = [:] {
        didSet { if !attachmentSizes.isEmpty { keepsAnalysis = true } }
    }
    /// The lines; nil until laid out, or after invalidation.
    var layout: ParagraphLayout? { didSet { layoutVersion &+= 1 } }
    /// Counts changes of ``layout``: what is derived from its lines (a line's caret geometry)
    /// stays valid while this is unchanged.
    private(set) var layoutVersion = 0

    init(length: Int) { self.length = length }

    /// Makes the record as new for a paragraph of `length` units: no glyphs, no lines (what
    /// identifies a record's lines to a cache, ``layoutVersion``, still moves on).
    func empty(length: Int) {
        self.length = length
        analysis = nil
        layout = nil
    }

    /// Whether the glyphs were made and then dropped to save memory.
    var isAnalysisEvicted: Bool { storedAnalysis == nil && glyphCount != nil }

    /// Records that an analysis of `glyphCount` glyphs was made and not kept (the layout freed it
    /// at once: ``AnalysisBudget/outlasts(pendingUnits:)``): the record is as if it had been
    /// made and then dropped.
    func setUnkeptAnalysis(glyphCount: Int) {
        analysis = nil
        self.glyphCount = glyphCount
    }

    /// Drops the analysis, keeping the glyph count (unless it must be kept), and returns it, so
    /// that the caller chooses where it is freed.
    @discardableResult
    func evictAnalysis() -> ParagraphAnalysis? {
        guard !keepsAnalysis else { return nil }
        defer { storedAnalysis = nil }
        return storedAnalysis
    }

    var summary: ParagraphSummary {
        ParagraphSummary(paragraphs: 1, length: length, glyphs: glyphCount ?? 0,
                         unanalyzed: glyphCount == nil ? 1 : 0, unlaid: layout == nil ? 1 : 0,
                         height: layout?.height ?? 0)
    }
}

/// Sums over a stretch of paragraphs, kept at every node of the rope so that "the paragraph that
/// holds character i / glyph g / the point at height y" costs O(log n).
struct ParagraphSummary: RopeSummary {
    var paragraphs = 0
    var length = 0
    /// Glyphs of the analyzed paragraphs (unanalyzed ones count 0).
    var glyphs = 0
    var unanalyzed = 0
    var unlaid = 0
    /// Heights in 1/1024 pt (``FixedHeight``), so sums and differences are exact.
    var height: Int64 = 0

    static var maxNodeSize: Int { 15 }
    static var zero: Self { Self() }
    var isZero: Bool { self == .zero }

    mutating func add(_ other: Self) {
        paragraphs += other.paragraphs
        length += other.length
        glyphs += other.glyphs
        unanalyzed += other.unanalyzed
        unlaid += other.unlaid
        height += other.height
    }

    mutating func subtract(_ other: Self) {
        paragraphs -= other.paragraphs
        length -= other.length
        glyphs -= other.glyphs
        unanalyzed -= other.unanalyzed
        unlaid -= other.unlaid
        height -= other.height
    }
}

/// The rope element: a paragraph record and a copy of its summary.
struct ParagraphItem: RopeElement {
    var record: ParagraphRecord
    var summary: ParagraphSummary

    init(_ record: ParagraphRecord) {
        self.record = record
        summary = record.summary
    }

    typealias Index = Int
    var isEmpty: Bool { false }
    var isUndersized: Bool { false }
    /// The tree's copy of the summary must be the record's own: a change to a record's analysis
    /// or layout that forgot ``ParagraphStore/refresh(at:)`` would skew every sum above it.
    func invariantCheck() {
        precondition(summary == record.summary, "paragraph store: a record changed without refresh(at:) (\(summary) in the tree, \(record.summary) in the record)")
    }
    mutating func rebalance(nextNeighbor right: inout Self) -> Bool { false }
    mutating func rebalance(prevNeighbor left: inout Self) -> Bool { false }
    mutating func split(at index: Int) -> Self {
        preconditionFailure("paragraph records are never split inside the rope")
    }
}

/// The metrics the store searches by: one field of the summary.
struct ParagraphMetric: RopeMetric {
    typealias Element = ParagraphItem
    enum Field: Sendable { case paragraphs, length, glyphs, unanalyzed, unlaid, height }
    let field: Field

    func size(of summary: ParagraphSummary) -> Int {
        switch field {
        case .paragraphs: summary.paragraphs
        case .length: summary.length
        case .glyphs: summary.glyphs
        case .unanalyzed: summary.unanalyzed
        case .unlaid: summary.unlaid
        case .height: Int(summary.height)
        }
    }

    func index(at offset: Int, in element: ParagraphItem) -> Int { offset }
}

/// The paragraphs of a text storage in a balanced tree (swift-collections' `Rope`), each with
/// its glyphs and lines once made. An edit replaces the records it touches and leaves the rest
/// alone: O(log n + size of the edit).
struct ParagraphStore {
    private(set) var rope = Rope<ParagraphItem>()

    var count: Int { rope.summary.paragraphs }
    var length: Int { rope.summary.length }
    var summary: ParagraphSummary { rope.summary }

    /// The record of paragraph `index`.
    func record(_ index: Int) -> ParagraphRecord {
        rope[ropeIndex(index)].record
    }

    private func ropeIndex(_ paragraph: Int) -> Rope<ParagraphItem>.Index {
        rope.find(at: paragraph, in: ParagraphMetric(field: .paragraphs), preferEnd: false).index
    }

    /// Copies the record's summary into the tree after its analysis or layout changed.
    mutating func refresh(at paragraph: Int) {
        var i = ropeIndex(paragraph)
        rope.update(at: &i) { $0.summary = $0.record.summary }
    }

    /// Copies the summaries of paragraphs `range` into the tree in one walk (for many paragraphs
    /// at once, much cheaper than ``refresh(at:)`` for each).
    mutating func refresh(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        var i = ropeIndex(range.lowerBound)
        var remaining = range.count
        rope.mutatingForEach(from: &i) { item -> Void? in
            item.summary = item.record.summary
            remaining -= 1
            return remaining == 0 ? () : nil
        }
    }

    /// The paragraph holding character `offset` and the offset at which it starts (the last
    /// paragraph for `offset == length`).
    func paragraph(containingCharacter offset: UTF16Offset) -> (index: Int, start: UTF16Offset) {
        guard count > 0 else { return (0, .zero) }
        let found = paragraphRecord(containingCharacter: offset)
        return (found.index, found.start)
    }

    /// ``paragraph(containingCharacter:)`` with the paragraph's record, from the same walk down
    /// the tree.
    /// - Precondition: the store holds a paragraph (it always does once built: empty text has one).
    func paragraphRecord(containingCharacter offset: UTF16Offset) -> (index: Int, start: UTF16Offset, record: ParagraphRecord) {
        if offset >= characterEnd {
            let last = record(count - 1)
            return (count - 1, characterEnd - UTF16Offset(last.length), last)
        }
        let (i, remaining) = rope.find(at: offset.rawValue, in: ParagraphMetric(field: .length), preferEnd: false)
        return (rope.offset(of: i, in: ParagraphMetric(field: .paragraphs)), offset - UTF16Offset(remaining), rope[i].record)
    }

    /// The paragraph holding glyph `glyph` (counting analyzed paragraphs only) and its first glyph.
    func paragraph(containingGlyph glyph: GlyphIndex) -> (index: Int, firstGlyph: GlyphIndex) {
        let (i, remaining) = rope.find(at: glyph.rawValue, in: ParagraphMetric(field: .glyphs), preferEnd: false)
        return (rope.offset(of: i, in: ParagraphMetric(field: .paragraphs)), glyph - GlyphIndex(remaining))
    }

    /// The end of the text: the offset just past the last paragraph.
    var characterEnd: UTF16Offset { UTF16Offset(length) }
    /// The end of the glyphs made so far: the index just past the last analyzed paragraph's glyphs
    /// (unanalyzed paragraphs count none).
    var glyphEnd: GlyphIndex { GlyphIndex(summary.glyphs) }

    /// The first character of paragraph `index` (``characterEnd`` for `index >= count`): the
    /// `length` of ``prefix(_:)``, from one metric.
    func start(ofParagraph index: Int) -> UTF16Offset {
        if index <= 0 { return .zero }
        if index >= count { return characterEnd }
        return UTF16Offset(rope.offset(of: ropeIndex(index), in: ParagraphMetric(field: .length)))
    }

    /// The top of paragraph `index` in the stacked flow (the heights of the paragraphs before
    /// it, in 1/1024 pt): one walk down the tree, where ``prefix(_:)`` makes one per field.
    func top(ofParagraph index: Int) -> Int64 {
        if index <= 0 { return 0 }
        if index >= count { return summary.height }
        return Int64(rope.offset(of: ropeIndex(index), in: ParagraphMetric(field: .height)))
    }

    /// The first glyph of paragraph `index` (``glyphEnd`` for `index >= count`): the `glyphs` of
    /// ``prefix(_:)``, from one metric.
    func firstGlyph(ofParagraph index: Int) -> GlyphIndex {
        if index <= 0 { return .zero }
        if index >= count { return glyphEnd }
        return GlyphIndex(rope.offset(of: ropeIndex(index), in: ParagraphMetric(field: .glyphs)))
    }

    /// The paragraph at height `y` (fixed point) from the top of the laid-out flow, and its top.
    /// Heights past the flow's end give the last paragraph, negative ones the first.
    func paragraph(atHeight y: Int64) -> (index: Int, top: Int64) {
        guard count > 0 else { return (0, 0) }
        if y >= summary.height { return (count - 1, top(ofParagraph: count - 1)) }
        let y = max(0, y)
        let (i, remaining) = rope.find(at: Int(y), in: ParagraphMetric(field: .height), preferEnd: false)
        return (rope.offset(of: i, in: ParagraphMetric(field: .paragraphs)), y - Int64(remaining))
    }

    /// The length and the height (1/1024 pt) of paragraphs `0..<index`: the two sums of
    /// ``prefix(_:)`` that place a paragraph in the stacked flow, in three walks down the tree
    /// rather than six.
    func lengthAndTop(before index: Int) -> (length: Int, top: Int64) {
        if index <= 0 { return (0, 0) }
        if index >= count { return (summary.length, summary.height) }
        let end = ropeIndex(index)
        return (rope.offset(of: end, in: ParagraphMetric(field: .length)), Int64(rope.offset(of: end, in: ParagraphMetric(field: .height))))
    }

    /// Sums over paragraphs `0..<index`.
    func prefix(_ index: Int) -> ParagraphSummary {
        if index <= 0 { return .zero }
        if index >= count { return summary }
        var s = ParagraphSummary()
        let end = ropeIndex(index)
        s.paragraphs = index
        s.length = rope.offset(of: end, in: ParagraphMetric(field: .length))
        s.glyphs = rope.offset(of: end, in: ParagraphMetric(field: .glyphs))
        s.unanalyzed = rope.offset(of: end, in: ParagraphMetric(field: .unanalyzed))
        s.unlaid = rope.offset(of: end, in: ParagraphMetric(field: .unlaid))
        s.height = Int64(rope.offset(of: end, in: ParagraphMetric(field: .height)))
        return s
    }

    /// The number of paragraphs without lines among `from..<to`.
    func unlaidCount(from: Int, to: Int) -> Int {
        func before(_ index: Int) -> Int {
            if index <= 0 { return 0 }
            if index >= count { return summary.unlaid }
            return rope.offset(of: ropeIndex(index), in: ParagraphMetric(field: .unlaid))
        }
        return from < to ? before(to) - before(from) : 0
    }

    /// The first paragraph without glyphs, or nil.
    var firstUnanalyzed: Int? {
        guard summary.unanalyzed > 0 else { return nil }
        let (i, _) = rope.find(at: 0, in: ParagraphMetric(field: .unanalyzed), preferEnd: false)
        return rope.offset(of: i, in: ParagraphMetric(field: .paragraphs))
    }

    /// The first paragraph without glyphs, its record and the glyphs before it (three walks down
    /// the tree, where ``firstUnanalyzed`` and ``prefix(_:)`` take eight), or nil.
    var firstUnanalyzedRecord: (index: Int, record: ParagraphRecord, glyphsBefore: Int)? {
        guard summary.unanalyzed > 0 else { return nil }
        let (i, _) = rope.find(at: 0, in: ParagraphMetric(field: .unanalyzed), preferEnd: false)
        return (rope.offset(of: i, in: ParagraphMetric(field: .paragraphs)), rope[i].record,
                rope.offset(of: i, in: ParagraphMetric(field: .glyphs)))
    }

    /// The glyphs and characters before the first paragraph without lines (two walks down the
    /// tree, where ``firstUnlaid`` and ``prefix(_:)`` take eight), or nil when all have lines.
    var sumsBeforeFirstUnlaid: (glyphs: Int, length: Int)? {
        guard summary.unlaid > 0 else { return nil }
        let (i, _) = rope.find(at: 0, in: ParagraphMetric(field: .unlaid), preferEnd: false)
        return (rope.offset(of: i, in: ParagraphMetric(field: .glyphs)), rope.offset(of: i, in: ParagraphMetric(field: .length)))
    }

    /// The first paragraph without lines, or nil.
    var firstUnlaid: Int? {
        guard summary.unlaid > 0 else { return nil }
        let (i, _) = rope.find(at: 0, in: ParagraphMetric(field: .unlaid), preferEnd: false)
        return rope.offset(of: i, in: ParagraphMetric(field: .paragraphs))
    }

    /// Replaces paragraphs `range` with records of the given lengths, without glyphs or lines.
    mutating func replace(_ range: Range<Int>, withLengths lengths: [Int]) {
        if range.count == lengths.count {
            guard !range.isEmpty else { return }
            // As many paragraphs as before (a keystroke inside one): the records stay, emptied,
            // and the tree only updates their sums (a removal and an insertion would rebalance it).
            var i = ropeIndex(range.lowerBound)
            var next = lengths.makeIterator()
            rope.mutatingForEach(from: &i) { item -> Void? in
                guard let length = next.next() else { return () }
                item.record.empty(length: length)
                item.summary = item.record.summary
                return nil
            }
            return
        }
        // Whole elements only, by index: the metric-based range operations of `Rope` may split
        // elements at the range's ends, and a paragraph record cannot be split.
        for _ in range {
            _ = rope.remove(at: ropeIndex(range.lowerBound))
        }
        for (k, length) in lengths.enumerated() {
            let item = ParagraphItem(ParagraphRecord(length: length))
            let at = range.lowerBound + k
            if at >= count {
                rope.append(item)
            } else {
                rope.insert(item, at: ropeIndex(at))
            }
        }
    }

    /// Checks, in one O(n) walk, what the sums rely on: every record's summary in the tree is its own
    /// (``ParagraphItem/invariantCheck()``), the records cover `length` UTF-16 units exactly, only
    /// the last record may be empty. Debug builds run it after every edit
    /// (`NSLayoutManager.processEditing` → `TextFlow.applyEdit`), so every test that edits checks it.
    func checkInvariants(length expected: Int) {
        var total = ParagraphSummary()
        var index = 0
        var i = rope.startIndex
        while i < rope.endIndex {  // one walk, O(n)
            let item = rope[i]
            item.invariantCheck()
            precondition(item.record.length > 0 || index == count - 1, "paragraph store: record \(index) of \(count) is empty")
            total.add(item.summary)
            rope.formIndex(after: &i)
            index += 1
        }
        precondition(total == summary, "paragraph store: the tree's sums \(summary) differ from the records' \(total)")
        precondition(summary.length == expected, "paragraph store: records cover \(summary.length) units, the text has \(expected)")
    }

    /// Every record, in order (O(n); for whole-document passes).
    func forEach(from start: Int = 0, _ body: (Int, ParagraphRecord) -> Bool) {
        var index = start
        var i = start >= count ? rope.endIndex : ropeIndex(start)
        while i < rope.endIndex {
            if !body(index, rope[i].record) { return }
            rope.formIndex(after: &i)
            index += 1
        }
    }
}
