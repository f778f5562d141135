import ModelTestSupport
import Testing
@testable import TextKitModel

/// The attribute runs (`_AttributeRuns`, a B+ tree of runs) must answer as a plain array of one id
/// per character would, after any mix of replacements, through copies that change apart.
@Suite("Attribute runs")
struct AttributeRunsTests {
    /// The runs an array of ids per character makes: its maximal stretches of one id.
    static func runs(of ids: [UInt32]) -> [(UInt32, Range<Int>)] {
        var result: [(UInt32, Range<Int>)] = []
        var start = 0
        for i in ids.indices where i + 1 == ids.count || ids[i + 1] != ids[i] {
            result.append((ids[i], start..<(i + 1)))
            start = i + 1
        }
        return result
    }

    static func expectSame(_ runs: _AttributeRuns, _ model: [UInt32], _ note: String) {
        runs.invariantCheck()
        #expect(runs.length == model.count, "\(note): length")
        let expected = Self.runs(of: model)
        #expect(runs.runCount == expected.count, "\(note): run count")
        var forward: [(UInt32, Range<Int>)] = []
        runs.forEachRun(in: 0..<runs.length) { forward.append(($0, $1)); return true }
        #expect(forward.map(\.0) == expected.map(\.0) && forward.map(\.1) == expected.map(\.1), "\(note): runs")
        for offset in stride(from: 0, to: model.count, by: max(1, model.count / 17)) {
            let (id, range) = runs.run(at: offset)
            let run = expected.first { $0.1.contains(offset) }!
            #expect(id == run.0 && range == run.1, "\(note): run at \(offset)")
        }
    }

    @Test func answerAsAnArrayUnderRandomReplacements() {
        var generator = SeededGenerator.forTest()
        for round in 0..<60 {
            var runs = _AttributeRuns()
            var model: [UInt32] = []
            var copies: [(_AttributeRuns, [UInt32])] = []
            for step in 0..<150 {
                let lower = Int.random(in: 0...model.count, using: &generator)
                let upper = Int.random(in: lower...min(model.count, lower + Int.random(in: 0...40, using: &generator)), using: &generator)
                let newLength = Int.random(in: 0..<12, using: &generator)
                let id = UInt32.random(in: 0..<4, using: &generator)  // few ids: runs merge often
                runs.replace(lower..<upper, newLength: newLength, id: id)
                model.replaceSubrange(lower..<upper, with: repeatElement(id, count: newLength))
                if step % 25 == 0 { copies.append((runs, model)) }  // copies share nodes, then part
                if round < 20 || step % 10 == 0 { Self.expectSame(runs, model, "round \(round) step \(step)") }
            }
            Self.expectSame(runs, model, "round \(round) end")
            for (copy, copyModel) in copies { Self.expectSame(copy, copyModel, "round \(round) copy") }
            // Clipped walks, both ways, stopping early.
            if model.count > 2 {
                let lower = Int.random(in: 0..<(model.count - 1), using: &generator)
                let range = lower..<Int.random(in: (lower + 1)...model.count, using: &generator)
                let expected = Self.runs(of: model).compactMap { run -> (UInt32, Range<Int>)? in
                    let clipped = run.1.clamped(to: range)
                    return clipped.isEmpty ? nil : (run.0, clipped)
                }
                var forward: [Range<Int>] = [], backward: [Range<Int>] = []
                runs.forEachRun(in: range) { forward.append($1); return true }
                runs.forEachRun(in: range, reverse: true) { backward.append($1); return true }
                #expect(forward == expected.map(\.1) && backward == expected.map(\.1).reversed())
                var seen = 0
                runs.forEachRun(in: range, reverse: true) { _, _ in seen += 1; return seen < 2 }
                #expect(seen == min(2, expected.count))
            }
            // Ids rewritten (the table compacted), in a copy the original does not see.
            var remapped = runs
            remapped.remapIDs([0: 10, 1: 11, 2: 12, 3: 13])
            Self.expectSame(remapped, model.map { $0 + 10 }, "round \(round) remapped")
            Self.expectSame(runs, model, "round \(round) after a copy was remapped")
        }
    }

    /// Built at once from a list of runs (as a substring's are): the same runs as the list's
    /// characters, merged where neighbours share an id, at every size from empty to several
    /// levels of nodes; then edited like any other.
    @Test func builtAtOnceFromAList() {
        var generator = SeededGenerator.forTest()
        for count in [0, 1, 2, 3, 4, 5, 15, 16, 17, 64, 65, 300] {
            let list = (0..<count).map { _ in
                (length: Int.random(in: 0..<5, using: &generator), id: UInt32.random(in: 0..<3, using: &generator))
            }
            var builder = _AttributeRuns.Builder()
            for run in list { builder.append(length: run.length, id: run.id) }
            var runs = _AttributeRuns(builder)
            var model = list.flatMap { repeatElement($0.id, count: $0.length) }
            Self.expectSame(runs, model, "\(count) runs built")
            let copy = runs
            if !model.isEmpty {
                let lower = Int.random(in: 0..<model.count, using: &generator)
                runs.replace(lower..<min(model.count, lower + 7), newLength: 3, id: 1)
                model.replaceSubrange(lower..<min(model.count, lower + 7), with: repeatElement(1, count: 3))
            }
            runs.replace(0..<0, newLength: 2, id: 2)
            model.insert(contentsOf: [2, 2], at: 0)
            Self.expectSame(runs, model, "\(count) runs built, then edited")
            Self.expectSame(copy, list.flatMap { repeatElement($0.id, count: $0.length) }, "\(count) runs built, a copy")
        }
    }

    @Test func replacingEverythingAndTypingIntoARun() {
        var runs = _AttributeRuns()
        runs.replace(0..<0, newLength: 1_000, id: 1)
        for i in 0..<300 { runs.replace((i * 3 + 1)..<(i * 3 + 2), newLength: 1, id: UInt32(2 + i % 2)) }
        #expect(runs.runCount == 601)
        // A removal across hundreds of runs and many leaves, in a copy.
        var model = [UInt32](repeating: 1, count: 1_000)
        for i in 0..<300 { model[i * 3 + 1] = UInt32(2 + i % 2) }
        var cut = runs
        cut.replace(100..<800, newLength: 4, id: 9)
        model.replaceSubrange(100..<800, with: repeatElement(9, count: 4))
        Self.expectSame(cut, model, "a long range replaced")
        runs.replace(0..<runs.length, newLength: 5, id: 7)
        Self.expectSame(runs, Array(repeating: 7, count: 5), "everything replaced")
        runs.replace(5..<5, newLength: 3, id: 7)  // typing at the end of the run
        runs.replace(0..<2, newLength: 0, id: 7)
        Self.expectSame(runs, Array(repeating: 7, count: 6), "typed and deleted")
    }
}
