import ModelTestSupport
import Testing
@testable import TextKitModel
@testable import TextKit

@Suite("NSTextStorage under random batched edits")
struct NSTextStorageRandomizedTests {
    @Test("Random edits in random batches: storage matches the reference, notifications cover exactly the change",
          arguments: [21, 22, 23] as [UInt64])
    func randomBatches(seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        let storage = NSTextStorage()
        let recorder = EditRecorder(storage)
        var ref = ReferenceText()
        var step = 0
        while step < 1200 {
            let before = ref
            recorder.events.removeAll()
            let batch = Int.random(in: 1...4, using: &g)
            var edits: [String] = []
            if batch > 1 { storage.beginEditing() }
            for _ in 0..<batch { edits.append(applyRandomEdit(to: storage, &ref, &g)); step += 1 }
            if batch > 1 { storage.endEditing() }
            let context = "seed \(seed), step \(step), after \(edits)"
            if let problem = disagreement(storage, ref, &g) {
                Issue.record("\(context): \(problem)")
                return
            }
            // Each batch (or each single derived call) is processed once; an edit that changes nothing
            // (an empty range) may report nothing.
            let calls = recorder.layoutCalls
            guard calls.count <= 1, calls.count == 1 || (ref.units == before.units && ref.attrs == before.attrs) else {
                Issue.record("\(context): \(calls.count) layout manager calls")
                return
            }
            if let call = calls.first {
                // The reported range holds every change: outside it, the text and attributes are as before.
                let r = call.range, delta = call.delta
                let after = ref
                guard delta == after.units.count - before.units.count, r.location + r.length <= after.units.count else {
                    Issue.record("\(context): range \(r), delta \(delta), lengths \(before.units.count) → \(after.units.count)")
                    return
                }
                let prefixSame = Array(after.units[..<r.location]) == Array(before.units[..<r.location])
                    && Array(after.attrs[..<r.location]) == Array(before.attrs[..<r.location])
                let tail = r.location + r.length
                let suffixSame = Array(after.units[tail...]) == Array(before.units[(tail - delta)...])
                    && Array(after.attrs[tail...]) == Array(before.attrs[(tail - delta)...])
                guard prefixSame && suffixSame else {
                    Issue.record("\(context): change outside reported range \(r) (delta \(delta))")
                    return
                }
            }
        }
    }
}
