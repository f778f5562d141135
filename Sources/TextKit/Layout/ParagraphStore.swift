import TextKitModel
import TextKitTypesetting

/// One paragraph as the layout manager keeps it: its length, and (once made) its glyphs and its
/// placed lines. A class so that the tree can hold it by reference while its layout is filled in;
/// the tree's copy of the summary is refreshed through ``ParagraphStore/refresh(at:)``.
///
/// (Exclusivity unchecked on the properties every query reads: see `TextFlow.store`.)
final class ParagraphRecord {
    /// UTF-16 units, terminator included.
    @exclusivity(unchecked) var length: Int
    /// The glyphs and break opportunities; nil until generated, after invalidation, or after the
    /// layout manager dropped them to bound its memory (``evictAnalysis()``: the glyph count stays,
    /// and `TextFlow.ensureAnalysis` makes the same glyphs again when they are next needed).
    var analysis: ParagraphAnalysis? {
        get { storedAnalysis }
        set {
            storedAnalysis = newValue
            glyphCount = newValue?.glyphs.count
            if newValue == nil { attachmentSizes = [:]; keepsAnalysis = false } else { prior = nil }
        }
    }
    /// The analysis the paragraph had before an edit inside it, until its glyphs are made again,
    /// which then reuses its line breaks and glyphs away from the edit (PriorGlyphs.swift).
    @exclusivity(unchecked) var prior: PriorAnalysis?
    /// The lines the paragraph had before an edit inside it, until it is laid out again, which
    /// then takes those the edit cannot have changed (PriorLines.swift).
    @exclusivity(unchecked) var priorLines: PriorLayout?
    @exclusivity(unchecked) private var storedAnalysis: ParagraphAnalysis?
    /// The number of glyphs, known once the paragraph has been analyzed, also while its analysis
    /// is evicted (glyph indices of later paragraphs depend on it).
    @exclusivity(unchecked) private(set) var glyphCount: Int?
    /// The analysis holds what cannot be made again from the text (glyphs set through `setGlyphs`
    /// outside glyph generation, flags set through the layout primitives): never evicted.
    var keepsAnalysis = false
    /// Sizes given through `NSLayoutManager.setAttachmentSize(_:forGlyphRange:)`, by glyph (in the paragraph).
    var attachmentSizes: [Int: CGSize] = [:] {
        didSet { if !attachmentSizes.isEmpty { keepsAnalysis = true } }
    }
    /// The lines; nil until laid out, or after invalidation.
    @exclusivity(unchecked) var layout: ParagraphLayout? {
        didSet {
            layoutVersion &+= 1
            layoutHeight = layout?.height
            if layout != nil { priorLines = nil }
        }
    }
    /// The height the paragraph is taken to have while it has no lines: 0, or under non-contiguous
    /// layout an estimate (HeightEstimate.swift). Set by the store only.
    @exclusivity(unchecked) fileprivate(set) var estimatedHeight: Int64 = 0
    /// ``layout``'s height, nil without lines: what the sums and the walks ask, read without
    /// copying the layout (a copy of the optional struct and its release cost some 300
    /// instructions through Swift's generic value witnesses).
    @exclusivity(unchecked) private(set) var layoutHeight: Int64?
    /// Whether the paragraph has lines (``layout`` is not nil).
    var hasLayout: Bool { layoutHeight != nil }
    /// Counts changes of ``layout``: what is derived from its lines (a line's caret geometry)
    /// stays valid while this is unchanged.
    @exclusivity(unchecked) private(set) var layoutVersion = 0

    /// How the analysis budget refers to the record, made when it first counts the record's
    /// glyphs (AnalysisBudget.swift).
    var budgetHandle: AnalysisBudget.Handle?

    init(length: Int, estimatedHeight: Int64 = 0) {
        self.length = length
        self.estimatedHeight = estimatedHeight
    }

    deinit { budgetHandle?.record = nil }

    /// Makes the record as new for a paragraph of `length` units: no glyphs, no lines (what
    /// identifies a record's lines to a cache, ``layoutVersion``, still moves on).
    func empty(length: Int, estimatedHeight: Int64) {
        self.length = length
        self.estimatedHeight = estimatedHeight
        analysis = nil
        layout = nil
        prior = nil
        priorLines = nil
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
                         unanalyzed: glyphCount == nil ? 1 : 0, unlaid: hasLayout ? 0 : 1,
                         height: layoutHeight ?? estimatedHeight)
    }

    /// Checks what the layout relies on in this record (debug builds run it whenever the tree's
    /// copy of a record's summary is refreshed, so after every change of its glyphs or lines):
    /// its glyphs were made for its characters, and their runs partition both in order; its line
    /// fragments take its characters in order from the first, all of them unless the text
    /// overflowed the containers. `index` names the paragraph in the messages.
    func checkInvariants(index: Int) {
        if let analysis {
            let glyphs = analysis.glyphs
            precondition(analysis.length == length, "paragraph \(index): glyphs made for \(analysis.length) units, it has \(length)")
            var glyph = 0, character = 0
            for run in glyphs.runs {
                precondition(run.glyphRange.lowerBound == glyph && run.characterRange.lowerBound == character,
                             "paragraph \(index): a glyph run at \(run.glyphRange), \(run.characterRange) after glyph \(glyph), character \(character)")
                (glyph, character) = (run.glyphRange.upperBound, run.characterRange.upperBound)
            }
            precondition(glyph == glyphs.count && (glyphs.runs.isEmpty || character == length),
                         "paragraph \(index): glyph runs end at glyph \(glyph) of \(glyphs.count), character \(character) of \(length)")
        }
        if let layout {
            var character = 0
            for fragment in layout.fragments {
                let characters = fragment.line.fitted.characters
                precondition(characters.lowerBound == character,
                             "paragraph \(index): a line of characters \(characters) after character \(character)")
                character = characters.upperBound
            }
            precondition(character == length || layout.overflowed && character < length,
                         "paragraph \(index): lines end at character \(character) of \(length)")
        }
    }
}

/// Sums over a stretch of paragraphs, kept at every node of the tree (ParagraphTree.swift) so
/// that "the paragraph that holds character i / glyph g / the point at height y" costs O(log n).
struct ParagraphSummary: Equatable {
    var paragraphs = 0
    var length = 0
    /// Glyphs of the analyzed paragraphs (unanalyzed ones count 0).
    var glyphs = 0
    var unanalyzed = 0
    var unlaid = 0
    /// Heights in 1/1024 pt (``FixedHeight``), so sums and differences are exact: of the lines of
    /// laid-out paragraphs, and the estimates of the others (0 unless layout is non-contiguous).
    var height: Int64 = 0

    static var zero: Self { Self() }

    /// The fields a paragraph can be looked up by.
    enum Field: Sendable { case paragraphs, length, glyphs, unanalyzed, unlaid, height }

    subscript(field: Field) -> Int {
        @inline(__always) get {
            switch field {
            case .paragraphs: paragraphs
            case .length: length
            case .glyphs: glyphs
            case .unanalyzed: unanalyzed
            case .unlaid: unlaid
            case .height: Int(height)
            }
        }
    }

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

    func minus(_ other: Self) -> Self {
        var difference = self
        difference.subtract(other)
        return difference
    }
}

extension ParagraphSummary {
    /// The sum of `summaries` (in an extension, so that the memberwise initializer stays).
    init(summing summaries: [ParagraphSummary]) {
        self.init()
        for summary in summaries { add(summary) }
    }
}

/// The paragraphs of a text storage in a balanced tree (``ParagraphTree``), each with its glyphs
/// and lines once made. An edit replaces the records it touches and leaves the rest alone:
/// O(log n + size of the edit). Every lookup is one walk down the tree.
struct ParagraphStore {
    private(set) var tree = ParagraphTree()
    /// How tall paragraphs without lines are taken to be; nil: they take no room (contiguous layout).
    private(set) var heightEstimate: HeightEstimate?

    /// An empty store whose paragraphs without lines take `heightEstimate`'s room (none for nil).
    init(heightEstimate: HeightEstimate? = nil) {
        self.heightEstimate = heightEstimate
    }

    /// The estimated height of a paragraph of `length` units without lines.
    private func estimate(_ length: Int) -> Int64 {
        heightEstimate?.height(ofParagraphLength: length) ?? 0
    }

    /// Gives every paragraph without lines `estimate`'s height (none for nil), in one O(n) pass.
    mutating func setHeightEstimate(_ estimate: HeightEstimate?) {
        guard estimate != heightEstimate else { return }
        heightEstimate = estimate
        tree.forEach(from: 0) { _, record in
            record.estimatedHeight = estimate?.height(ofParagraphLength: record.length) ?? 0
            return true
        }
        tree.refresh(0..<count)
    }

    var count: Int { tree.count }
    var length: Int { tree.summary.length }
    var summary: ParagraphSummary { tree.summary }

    /// The record of paragraph `index`.
    func record(_ index: Int) -> ParagraphRecord {
        tree.record(index)
    }

    /// The records of paragraph `index` and of some after it (those in the same leaf of the tree).
    func records(from index: Int) -> ArraySlice<ParagraphRecord> {
        tree.records(from: index)
    }

    /// Copies the record's summary into the tree after its analysis or layout changed.
    mutating func refresh(at paragraph: Int) {
        refresh(paragraph..<(paragraph + 1))
    }

    /// Copies the summaries of paragraphs `range` into the tree in one walk.
    mutating func refresh(_ range: Range<Int>) {
        tree.refresh(range)
        #if DEBUG
        for p in range { record(p).checkInvariants(index: p) }
        #endif
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
            let (last, before) = tree.paragraph(count - 1)
            return (count - 1, UTF16Offset(before.length), last)
        }
        let found = tree.locate(.length, offset.rawValue)
        return (found.index, UTF16Offset(found.before.length), found.record!)
    }

    /// The paragraph holding glyph `glyph` (counting analyzed paragraphs only) and its first glyph
    /// (``count`` and ``glyphEnd`` from the end of the glyphs on).
    func paragraph(containingGlyph glyph: GlyphIndex) -> (index: Int, firstGlyph: GlyphIndex) {
        let found = tree.locate(.glyphs, glyph.rawValue)
        return (found.index, GlyphIndex(found.before.glyphs))
    }

    /// The end of the text: the offset just past the last paragraph.
    var characterEnd: UTF16Offset { UTF16Offset(length) }
    /// The end of the glyphs made so far: the index just past the last analyzed paragraph's glyphs
    /// (unanalyzed paragraphs count none).
    var glyphEnd: GlyphIndex { GlyphIndex(summary.glyphs) }

    /// The first character of paragraph `index` (``characterEnd`` for `index >= count`).
    func start(ofParagraph index: Int) -> UTF16Offset {
        UTF16Offset(prefix(index).length)
    }

    /// The top of paragraph `index` in the stacked flow (the heights of the paragraphs before
    /// it, in 1/1024 pt).
    func top(ofParagraph index: Int) -> Int64 {
        prefix(index).height
    }

    /// The first glyph of paragraph `index` (``glyphEnd`` for `index >= count`).
    func firstGlyph(ofParagraph index: Int) -> GlyphIndex {
        GlyphIndex(prefix(index).glyphs)
    }

    /// The paragraph at height `y` (fixed point) from the top of the laid-out flow, and its top.
    /// Heights past the flow's end give the last paragraph, negative ones the first.
    func paragraph(atHeight y: Int64) -> (index: Int, top: Int64) {
        guard count > 0 else { return (0, 0) }
        if y >= summary.height { return (count - 1, top(ofParagraph: count - 1)) }
        let found = tree.locate(.height, Int(max(0, y)))
        return (found.index, found.before.height)
    }

    /// Sums over paragraphs `0..<index`.
    func prefix(_ index: Int) -> ParagraphSummary {
        if index <= 0 { return .zero }
        if index >= count { return summary }
        return tree.paragraph(index).before
    }

    /// The number of paragraphs without lines among `from..<to`.
    func unlaidCount(from: Int, to: Int) -> Int {
        from < to ? prefix(to).unlaid - prefix(from).unlaid : 0
    }

    /// The first paragraph without glyphs, or nil.
    var firstUnanalyzed: Int? {
        firstUnanalyzedRecord?.index
    }

    /// The first paragraph without glyphs, its record and the glyphs before it, or nil.
    var firstUnanalyzedRecord: (index: Int, record: ParagraphRecord, glyphsBefore: Int)? {
        guard summary.unanalyzed > 0 else { return nil }
        let found = tree.locate(.unanalyzed, 0)
        return (found.index, found.record!, found.before.glyphs)
    }

    /// The first paragraph without lines, or nil.
    var firstUnlaid: Int? {
        firstUnlaidWithSums?.index
    }

    /// The first paragraph without lines and the sums of the paragraphs before it (all laid out),
    /// from one walk, or nil.
    var firstUnlaidWithSums: (index: Int, before: ParagraphSummary)? {
        guard summary.unlaid > 0 else { return nil }
        let found = tree.locate(.unlaid, 0)
        return (found.index, found.before)
    }

    /// Replaces paragraphs `range` with records of the given lengths, without glyphs or lines.
    mutating func replace(_ range: Range<Int>, withLengths lengths: [Int]) {
        if range.count == lengths.count {
            // As many paragraphs as before (a keystroke inside one): the records stay, emptied,
            // and the tree only updates their sums.
            var next = lengths.makeIterator()
            forEach(from: range.lowerBound) { index, record in
                guard index < range.upperBound, let length = next.next() else { return false }
                // (Under estimates, an edited paragraph is taken to keep its height until laid out
                // again: a keystroke does not move the text below it in between.)
                let kept = heightEstimate == nil ? nil : record.layoutHeight
                record.empty(length: length, estimatedHeight: kept ?? estimate(length))
                return true
            }
            tree.refresh(range)
            return
        }
        let records = lengths.map { ParagraphRecord(length: $0, estimatedHeight: estimate($0)) }
        if range.count + records.count > max(64, count / 4) {
            // Much of the text (a first build, a paste, a select-all and type): the tree is built
            // again from all its records in O(n), rather than changed one record at a time.
            var all: [ParagraphRecord] = []
            all.reserveCapacity(count - range.count + records.count)
            tree.forEach(from: 0) { index, record in
                if index == range.lowerBound { all += records }
                if !range.contains(index) { all.append(record) }
                return true
            }
            if range.lowerBound >= count { all += records }
            tree = ParagraphTree(all)
            return
        }
        for _ in range { tree.remove(at: range.lowerBound) }
        for (k, record) in records.enumerated() { tree.insert(record, at: range.lowerBound + k) }
    }

    /// Checks, in one O(n) walk, what the sums rely on: the tree's shape and sums
    /// (``ParagraphTree/checkInvariants(_:)``), every record's summary in the tree is its own, the
    /// records cover `length` UTF-16 units exactly, only the last record may be empty, and each
    /// record's glyphs and lines (``ParagraphRecord/checkInvariants(index:)``). Debug builds run it
    /// after every edit of characters or attributes (`NSLayoutManager.processEditing` →
    /// `TextFlow.applyEdit`), so every test that edits checks it.
    func checkInvariants(length expected: Int) {
        var index = 0
        tree.checkInvariants { record, summary in
            // A change to a record's analysis or layout that forgot refresh(at:) would skew every sum above it.
            precondition(summary == record.summary, "paragraph store: a record changed without refresh(at:) (\(summary) in the tree, \(record.summary) in the record)")
            precondition(record.length > 0 || index == count - 1, "paragraph store: record \(index) of \(count) is empty")
            record.checkInvariants(index: index)
            index += 1
        }
        precondition(index == count, "paragraph store: \(index) records, the sums count \(count)")
        precondition(summary.length == expected, "paragraph store: records cover \(summary.length) units, the text has \(expected)")
    }

    /// Every record, in order (O(n); for whole-document passes).
    func forEach(from start: Int = 0, _ body: (Int, ParagraphRecord) -> Bool) {
        tree.forEach(from: start, body)
    }
}
