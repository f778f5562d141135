import TextKitTypesetting

/// Bounds the memory a layout manager's glyphs take.
///
/// Glyphs and break opportunities cost about 15 bytes per character, lines about 4: a 10 MB
/// document laid out in full would hold 150 MB of glyphs that only drawing, hit testing and glyph
/// queries need, and only for the paragraphs they touch. So the layout manager keeps the glyphs of
/// at most ``limit`` bytes' worth of paragraphs, dropping the oldest made first; a dropped
/// paragraph keeps its glyph count and its lines, and its glyphs are made again, identically, when
/// a query needs them (the shaped-word cache makes that cheap). Glyphs that glyph generation would
/// not make again (changed through `setGlyphs` outside the delegate's `shouldGenerateGlyphs`, or
/// through the layout primitives) are never dropped.
///
/// A layout of more text than the budget holds would drop most of what it makes, long after
/// making it (freeing memory that has left the processor's caches, on one thread). So the flow
/// asks ``outlasts(pendingUnits:)`` before it lays out a paragraph, and does not keep glyphs that
/// the rest of the pass would push out anyway: they are freed at once, where they were made.
///
/// An entry outlives its analysis when the record gets new glyphs (an edit, an attribute change
/// that reshapes, a string drawing stack's one record reused for every string) or goes. Such stale
/// entries used to stay, counted, until the limit pushed them out: a small text restyled or
/// redrawn over and over (the demo's Configuration page, through string drawing's reused layout
/// manager) grew the queue by an entry per analysis ever made: past 65,000 entries (a 3 MiB array,
/// grown by doubling) in five minutes of clicks, their counted bytes still short of the limit. So
/// once the queue is longer than ``minimumSweepLength`` and twice what the last sweep kept,
/// ``sweep()`` drops the stale entries and their bytes: the queue stays proportional to the
/// analyses that exist, at an amortized constant cost per entry.
struct AnalysisBudget {
    /// The default: ample for every paragraph on several screens, small beside a large document;
    /// enough for a document of a megabyte (the benchmarks' W1) to keep every paragraph's glyphs,
    /// so that a relayout at a new width shapes nothing again (25 ms instead of 88).
    static let defaultLimit = 24 << 20

    var limit = defaultLimit
    /// How many layout managers of one text storage share ``limit`` (each keeps its share): two
    /// layout managers of one text, at two widths, keep the glyphs one would, not twice as many.
    /// The storage sets it as layout managers are added and removed.
    var sharers = 1
    /// What this layout manager may keep.
    var share: Int { limit / max(1, sharers) }
    /// The queue's length below which it is never swept: 256 entries of 24 bytes (6 KB, 12 KB
    /// of array capacity at most) per layout manager, and every label has one; a sweep costs a
    /// pass over the entries, amortized over as many adds.
    static let minimumSweepLength = 256
    /// A counted record, as the budget holds it: a record an edit replaced, and its lines, must not
    /// outlive it here, yet a weak reference would give every record a side table, through which
    /// every retain and release of it (every walk over paragraphs makes some) takes the Swift
    /// runtime's slow path. The record clears `record` when it goes.
    final class Handle {
        unowned(unsafe) var record: ParagraphRecord?
        init(_ record: ParagraphRecord) { self.record = record }
    }

    /// An analysis counted: its record, which glyphs (the record may have others by now; an
    /// analysis restyled by an attribute change shares its predecessor's, and stays counted by its
    /// entry), and its size.
    private struct Entry {
        let handle: Handle
        let glyphs: ObjectIdentifier
        let bytes: Int
    }
    /// Analyses in the order they were made.
    private var queue: [Entry] = []
    private var head = 0
    /// The queue's length (from `head`) at which it is swept next: twice what the last sweep kept,
    /// at least ``minimumSweepLength``.
    private var sweepLength = minimumSweepLength
    /// Bytes counted (analyses since replaced still count until they leave the queue or a sweep
    /// drops them).
    private(set) var bytes = 0
    /// Bytes and UTF-16 units of every analysis made since the last reset, kept or not: the
    /// density that ``outlasts(pendingUnits:)`` expects of the text still to come.
    private var bytesMade = 0
    private var unitsMade = 0
    /// Analyses made and freed at once since the last reset (for tests and profiles).
    private(set) var unkeptCount = 0
    /// Entries the queue holds (for tests and profiles).
    var entryCount: Int { queue.count - head }

    /// Whether an analysis made now would still be counted after `pendingUnits` more units of text
    /// are analyzed. The text to come is taken at half the density seen so far (it may be sparser),
    /// so a `false` is a safe bet: those glyphs would have been dropped before the pass ended.
    /// Always true until something was made to measure the density.
    func outlasts(pendingUnits: Int) -> Bool {
        guard unitsMade > 0 else { return true }
        return Double(pendingUnits) * Double(bytesMade) / Double(unitsMade) / 2 <= Double(share)
    }

    /// Counts the size of an analysis of `units` units that was made and freed at once (see
    /// ``outlasts(pendingUnits:)``): it is not held, but it tells the density.
    mutating func countUnkept(bytes cost: Int, units: Int) {
        count(bytes: cost, units: units)
        unkeptCount += 1
    }

    private mutating func count(bytes cost: Int, units: Int) {
        bytesMade += cost
        unitsMade += units
    }

    /// Counts `analysis`, just made for `record`, then drops the oldest analyses while over the
    /// limit (never `record`'s).
    mutating func add(_ analysis: ParagraphAnalysis, of record: ParagraphRecord) {
        var dropped: [ParagraphAnalysis] = []
        add(analysis, of: record, droppingInto: &dropped)
    }

    /// Like ``add(_:of:)``, but the analyses it drops are appended to `dropped` instead of being
    /// freed here: parallel layout frees them on its workers (freeing a paragraph's glyphs is a
    /// dozen `free` calls that would otherwise run on one thread).
    mutating func add(_ analysis: ParagraphAnalysis, of record: ParagraphRecord, droppingInto dropped: inout [ParagraphAnalysis]) {
        let cost = analysis.byteCount
        if record.budgetHandle == nil { record.budgetHandle = Handle(record) }
        queue.append(Entry(handle: record.budgetHandle!, glyphs: ObjectIdentifier(analysis.glyphs), bytes: cost))
        bytes += cost
        count(bytes: cost, units: record.length)
        dropOldest(keeping: 1, sparing: record, into: &dropped)
    }

    /// Drops the oldest analyses until the budget holds no more than its share (after another
    /// layout manager joined the text: the share shrank, and waiting for the next analysis made
    /// here would keep the old share while the newcomer lays out).
    mutating func dropToShare() {
        var dropped: [ParagraphAnalysis] = []
        dropOldest(keeping: 0, sparing: nil, into: &dropped)
    }

    /// Drops the oldest entries while over the share, leaving at least `keeping` entries, never
    /// dropping `spared`'s analysis.
    private mutating func dropOldest(keeping: Int, sparing spared: ParagraphRecord?, into dropped: inout [ParagraphAnalysis]) {
        while bytes > share, head < queue.count - keeping {
            let oldest = queue[head]
            head += 1
            bytes -= oldest.bytes
            if let kept = oldest.handle.record, kept !== spared, let current = kept.analysis, ObjectIdentifier(current.glyphs) == oldest.glyphs {
                if let gone = kept.evictAnalysis() { dropped.append(gone) }
            }
        }
        if head >= 1024, head * 2 >= queue.count {
            queue.removeFirst(head)
            head = 0
        }
        if queue.count - head > sweepLength { sweep() }
    }

    /// Whether `entry` still counts the glyphs its record holds.
    private static func isCurrent(_ entry: Entry) -> Bool {
        guard let record = entry.handle.record, let current = record.analysis else { return false }
        return ObjectIdentifier(current.glyphs) == entry.glyphs
    }

    /// Drops the entries whose glyphs are gone (their record went, got new glyphs, or had them
    /// evicted) and their bytes, keeping the others in order. A record's glyphs are counted by its
    /// newest matching entry only (an older one can match when the new glyphs took the address of
    /// freed ones).
    private mutating func sweep() {
        var counted = Set<ObjectIdentifier>()
        var kept: [Entry] = []
        var keptBytes = 0
        for entry in queue[head...].reversed() where Self.isCurrent(entry) {
            guard counted.insert(ObjectIdentifier(entry.handle)).inserted else { continue }
            kept.append(entry)
            keptBytes += entry.bytes
        }
        kept.reverse()
        queue = kept
        head = 0
        bytes = keptBytes
        sweepLength = max(Self.minimumSweepLength, 2 * kept.count)
    }

    /// Forgets every analysis (the records were all replaced).
    mutating func reset() {
        queue = []
        head = 0
        sweepLength = Self.minimumSweepLength
        bytes = 0
        bytesMade = 0
        unitsMade = 0
        unkeptCount = 0
    }
}
