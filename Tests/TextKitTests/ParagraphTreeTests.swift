import Testing
@testable import TextKit
import TextKitTypesetting
import ModelTestSupport

/// The paragraph tree against the simplest model of it, an array of records: random insertions,
/// removals, replacements and refreshes, each followed by the tree's invariant check and, often,
/// every kind of lookup compared with a linear scan of the array. Debug builds use nodes of at
/// most 8 entries, so a few hundred records split, borrow and merge nodes at several depths.
@Suite("Paragraph tree")
struct ParagraphTreeTests {
    /// A record with random sums: any length, glyphs or none (unanalyzed), lines or none.
    static func randomRecord(_ random: inout SeededGenerator) -> ParagraphRecord {
        let record = ParagraphRecord(length: Int.random(in: 0...40, using: &random))
        change(record, &random)
        return record
    }

    /// Gives `record` other glyphs and lines (zero glyphs and zero height included).
    static func change(_ record: ParagraphRecord, _ random: inout SeededGenerator) {
        if Bool.random(using: &random) {
            record.setUnkeptAnalysis(glyphCount: Int.random(in: 0...30, using: &random))
        } else {
            record.analysis = nil
        }
        record.layout = Bool.random(using: &random)
            ? ParagraphLayout(fragments: [], height: Int64.random(in: 0...3, using: &random) * 1024, start: .start, end: .start, isShiftable: true, overflowed: false)
            : nil
    }

    /// The answer of ``ParagraphTree/locate(_:_:)`` found the slow way.
    static func expectedLocation(_ records: [ParagraphRecord], _ field: ParagraphSummary.Field, _ offset: Int) -> (index: Int, remaining: Int, before: ParagraphSummary) {
        var before = ParagraphSummary()
        var remaining = offset
        for (index, record) in records.enumerated() {
            let size = record.summary[field]
            if remaining < size { return (index, remaining, before) }
            remaining -= size
            before.add(record.summary)
        }
        return (records.count, remaining, before)
    }

    static func compare(_ tree: ParagraphTree, _ model: [ParagraphRecord], _ random: inout SeededGenerator) {
        tree.checkInvariants { record, summary in
            #expect(summary == record.summary)
        }
        #expect(tree.count == model.count)
        #expect(tree.summary == ParagraphSummary(summing: model.map(\.summary)))
        let fields: [ParagraphSummary.Field] = [.paragraphs, .length, .glyphs, .unanalyzed, .unlaid, .height]
        for field in fields {
            let total = tree.summary[field]
            for offset in [0, total, total + 3] + (0..<6).map({ _ in Int.random(in: 0...max(0, total), using: &random) }) {
                let found = tree.locate(field, offset)
                let expected = expectedLocation(model, field, offset)
                #expect(found.index == expected.index && found.remaining == expected.remaining && found.before == expected.before,
                        "locate(\(field), \(offset)): \(found.index) \(found.remaining), expected \(expected.index) \(expected.remaining)")
                #expect(found.record === (expected.index < model.count ? model[expected.index] : nil))
            }
        }
        if !model.isEmpty {
            let start = Int.random(in: 0..<model.count, using: &random)
            var visited: [ObjectIdentifier] = []
            tree.forEach(from: start) { index, record in
                #expect(record === model[index])
                visited.append(ObjectIdentifier(record))
                return visited.count < 50
            }
            #expect(visited == model[start...].prefix(50).map(ObjectIdentifier.init))
        }
    }

    @Test("Random insertions, removals and refreshes keep the tree's shape and sums, and lookups match a linear scan",
          arguments: [1, 2, 3, 4] as [UInt64])
    func randomOperations(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var tree = ParagraphTree()
        var model: [ParagraphRecord] = []
        for step in 0..<1_500 {
            // Grow to a few hundred records, then shrink, then grow again: every depth is crossed both ways.
            let growing = (step / 500) % 2 == 0
            let roll = Int.random(in: 0..<10, using: &random)
            if model.isEmpty || roll < (growing ? 6 : 2) {
                let record = Self.randomRecord(&random)
                let index = Int.random(in: 0...model.count, using: &random)
                tree.insert(record, at: index)
                model.insert(record, at: index)
            } else if roll < 8 {
                let index = Int.random(in: 0..<model.count, using: &random)
                #expect(tree.remove(at: index) === model.remove(at: index))
            } else {
                let lower = Int.random(in: 0..<model.count, using: &random)
                let range = lower..<min(model.count, lower + Int.random(in: 1...20, using: &random))
                for index in range { Self.change(model[index], &random) }
                tree.refresh(range)
            }
            if step % 25 == 0 { Self.compare(tree, model, &random) } else {
                tree.checkInvariants { _, _ in }
            }
        }
        Self.compare(tree, model, &random)
    }

    @Test("A tree built at once from records is the tree of those records, at any size", arguments: [0, 1, 8, 9, 17, 64, 65, 333, 1_000])
    func bulkBuild(count: Int) {
        var random = SeededGenerator(seed: UInt64(count))
        let model = (0..<count).map { _ in Self.randomRecord(&random) }
        Self.compare(ParagraphTree(model), model, &random)
    }

    @Test("A copy of the tree is not changed by changes to the original")
    func copiesAreIndependent() {
        var random = SeededGenerator(seed: 9)
        let records = (0..<100).map { _ in Self.randomRecord(&random) }
        var tree = ParagraphTree(records)
        let copy = tree
        for _ in 0..<40 { tree.remove(at: 10) }
        tree.insert(ParagraphRecord(length: 5), at: 0)
        Self.compare(copy, records, &random)
        #expect(tree.count == 61)
    }

    @Test("The store's replace, one record at a time or rebuilt, gives the records of the new lengths in place of the old",
          arguments: [(0..<0, 3), (5..<6, 2), (5..<9, 0), (0..<200, 1), (150..<200, 120), (200..<200, 300), (10..<190, 180)])
    func storeReplace(range: Range<Int>, newCount: Int) {
        var random = SeededGenerator(seed: UInt64(range.lowerBound * 1_000 + newCount))
        var store = ParagraphStore()
        let lengths = (0..<200).map { _ in Int.random(in: 1...40, using: &random) }
        store.replace(0..<0, withLengths: lengths)
        let kept = (0..<200).map { store.record($0) }
        let newLengths = (0..<newCount).map { _ in Int.random(in: 1...40, using: &random) }
        store.replace(range, withLengths: newLengths)
        let expected = Array(lengths[..<range.lowerBound]) + newLengths + Array(lengths[range.upperBound...])
        #expect((0..<store.count).map { store.record($0).length } == expected)
        store.checkInvariants(length: expected.reduce(0, +))
        // Records outside the range are the same objects (their glyphs and lines stay).
        for index in 0..<range.lowerBound { #expect(store.record(index) === kept[index]) }
        for index in range.upperBound..<200 { #expect(store.record(index - range.count + newCount) === kept[index]) }
    }
}
