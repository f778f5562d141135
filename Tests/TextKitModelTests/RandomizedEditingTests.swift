import Testing
@testable import TextKitModel
import ModelTestSupport
import TextKitGraphics

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

    @Test("The text as a String: every kind of unit, lone surrogates and pairs split across chunks")
    func ropeMakesTheStringFoundationWould() {
        var g = SeededGenerator(seed: 5)
        let pool: [UInt16] = [0x41, 0x0A, 0x0D, 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0x4E2D, 0xFFFF, 0xD83D, 0xDE00, 0xDBFF, 0xDC00]
        for _ in 0..<300 {
            let units = (0..<Int.random(in: 0..<400, using: &g)).map { _ in pool.randomElement(using: &g)! }
            let made = _UTF16Rope(units).makeString()
            #expect(made == String(decoding: units, as: UTF16.self))
            #expect(made.utf16.count == units.count, "each lone surrogate is one U+FFFD")
        }
    }

    @Test("A String's UTF-16 units from its UTF-8: ASCII runs, two-, three- and four-byte characters")
    func utf16UnitsAsStringGivesThem() {
        var g = SeededGenerator(seed: 6)
        let pool = ["a", "plain ASCII text ", "é", "ß", "中文", "\u{FFFF}", "😀", "\u{10FFFF}", "\r\n", "\u{2029}", "\0"]
        for _ in 0..<300 {
            let string = (0..<Int.random(in: 0..<60, using: &g)).map { _ in pool.randomElement(using: &g)! }.joined()
            #expect(_UTF16Rope.utf16Units(of: string) == Array(string.utf16))
            #expect(_UTF16Rope(string).makeString() == string)
        }
    }

    @Test("Adding and removing the same objects again and again (edits remembered per attribute set) gives the reference's attributes")
    func rememberedAttributeEdits() {
        var g = SeededGenerator(seed: 9)
        let colors = (0..<12).map { UIColor(red: CGFloat($0) / 12, green: 0, blue: 0, alpha: 1) }
        let keys: [NSAttributedString.Key] = [.foregroundColor, .backgroundColor, .underlineColor]
        let s = NSMutableAttributedString(string: String(repeating: "let x = 1 # note\n", count: 30))
        var ref = [[String: ObjectIdentifier]](repeating: [:], count: s.length)
        for step in 0..<1500 {
            let r = randomRange(&g, length: s.length)
            let key = keys.randomElement(using: &g)!
            if Bool.random(using: &g) {
                let color = colors.randomElement(using: &g)!
                s.addAttribute(key, value: color, range: r)
                for i in r.location..<(r.location + r.length) { ref[i][key.rawValue] = ObjectIdentifier(color) }
            } else {
                s.removeAttribute(key, range: r)
                for i in r.location..<(r.location + r.length) { ref[i][key.rawValue] = nil }
            }
            var i = 0
            while i < s.length {
                var run = NSRange()
                let attrs = s.attributes(at: i, effectiveRange: &run)
                let got = Dictionary(uniqueKeysWithValues: attrs.map { ($0.key.rawValue, ObjectIdentifier($0.value as AnyObject)) })
                for j in run.location..<(run.location + run.length) where ref[j] != got {
                    Issue.record("step \(step): attributes at \(j) are \(got), expected \(ref[j])")
                    return
                }
                i = run.location + run.length
            }
        }
        s._storage.invariantCheck()
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
