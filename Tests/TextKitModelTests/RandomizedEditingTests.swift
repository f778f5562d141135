import Testing
@testable import TextKitModel
import ModelTestSupport

/// A subclass whose primitives forward to a backing attributed string: every derived method must go
/// through them.
final class ForwardingAttributedString: NSMutableAttributedString {
    let backing = NSMutableAttributedString()
    private(set) var primitiveCalls = 0
    override var string: String { backing.string }
    override func attributes(at location: Int, effectiveRange range: NSRangePointer?) -> [NSAttributedString.Key: Any] {
        primitiveCalls += 1
        return backing.attributes(at: location, effectiveRange: range)
    }
    override func replaceCharacters(in range: NSRange, with str: String) {
        primitiveCalls += 1
        backing.replaceCharacters(in: range, with: str)
    }
    override func setAttributes(_ attrs: [NSAttributedString.Key: Any]?, range: NSRange) {
        primitiveCalls += 1
        backing.setAttributes(attrs, range: range)
    }
}

@Suite("Randomized editing against a reference model")
struct RandomizedEditingTests {
    @Test("Thousands of random edits keep NSMutableAttributedString equal to the reference", arguments: [1, 2, 3, 0xC0FFEE] as [UInt64])
    func builtInStorageMatchesReference(seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        let s = NSMutableAttributedString()
        var ref = ReferenceText()
        for step in 0..<1000 {
            let edit = applyRandomEdit(to: s, &ref, &g)
            if let problem = disagreement(s, ref, &g) {
                Issue.record("seed \(seed), step \(step), after \(edit): \(problem)")
                return
            }
        }
    }

    @Test("A subclass forwarding its primitives to a backing store sees every edit", arguments: [7, 8] as [UInt64])
    func forwardingSubclassMatchesReference(seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        let s = ForwardingAttributedString()
        var ref = ReferenceText()
        for step in 0..<600 {
            // The forwarding path carries text as String: keep lone surrogates out of the reference.
            let edit = applyRandomEdit(to: s, &ref, &g)
            ref.units = Array(String(decoding: ref.units, as: UTF16.self).utf16)
            if let problem = disagreement(s, ref, &g) {
                Issue.record("seed \(seed), step \(step), after \(edit): \(problem)")
                return
            }
        }
        #expect(s.primitiveCalls > 0)
        #expect(s._storage.length == 0, "the subclass's own built-in storage was never used")
    }
}
