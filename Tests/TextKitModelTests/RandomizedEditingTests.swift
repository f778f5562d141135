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

    @Test("The string read after bursts of edits, patched or made anew: surrogates, pairs, CR LF, copies and strings held", arguments: [11, 12, 13] as [UInt64])
    func stringPatchedEditByEdit(seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        let pool: [[UInt16]] = [[0x61], [0x20, 0x62], [0x0D, 0x0A], [0x0A], [0xE9], [0x4E2D], [0xD83D, 0xDE00], [0xD83D], [0xDE00], [0x2029]]
        func units(_ count: Int) -> [UInt16] { (0..<count).flatMap { _ in pool.randomElement(using: &g)! } }
        let s = NSMutableAttributedString(string: String(decoding: units(300), as: UTF16.self))
        var reference = Array(s.string.utf16)
        var held: [(string: String, units: [UInt16])] = []
        for step in 0..<400 {
            // 0 to 20 edits between two reads: the string is patched with up to a dozen of them, made anew after more.
            for _ in 0..<Int.random(in: 0...20, using: &g) {
                let r = randomRange(&g, length: reference.count)
                let new = Int.random(in: 0..<4, using: &g) == 0 ? [] : units(Int.random(in: 1...4, using: &g))
                s._storage.replaceCharacters(in: r.location..<(r.location + r.length), with: new)
                reference.replaceSubrange(r.location..<(r.location + r.length), with: new)
            }
            let string = s.string
            guard string == String(decoding: reference, as: UTF16.self), string.utf16.count == reference.count else {
                Issue.record("seed \(seed), step \(step): \(string.debugDescription) is not the text \(reference)")
                return
            }
            if step % 40 == 0 { held.append((string, reference)) }
            if step % 100 == 50 {
                // A copy shares the string; editing either leaves the other's alone.
                let copy = s.mutableCopy() as! NSMutableAttributedString
                copy.replaceCharacters(in: NSRange(location: 0, length: 0), with: "copy ")
                #expect(copy.string == "copy " + s.string)
                #expect(s.string == String(decoding: reference, as: UTF16.self))
            }
        }
        for (string, units) in held { #expect(string == String(decoding: units, as: UTF16.self), "a string handed out earlier changed") }
    }

    @Test("A String's UTF-16 units from its UTF-8: ASCII runs, two-, three- and four-byte characters")
    func utf16UnitsAsStringGivesThem() {
        var g = SeededGenerator(seed: 6)
        let pool = ["a", "plain ASCII text ", "é", "ß", "中文", "\u{FFFF}", "😀", "\u{10FFFF}", "\r\n", "\u{2029}", "\0"]
        for _ in 0..<300 {
            let string = (0..<Int.random(in: 0..<60, using: &g)).map { _ in pool.randomElement(using: &g)! }.joined()
            #expect(_UTF16Rope.utf16Units(of: string) == Array(string.utf16))
            #expect(_UTF16Rope(string).makeString() == string)
            // UTF-16 offsets found in the UTF-8, as `string` is patched and a subclass's text read.
            var utf8 = string
            utf8.withUTF8 { bytes in
                let target = Int.random(in: 0...(string.utf16.count + 2), using: &g)
                let position = _UTF16Rope.walk(bytes, from: .init(), toUTF16: target)
                let boundary = string.unicodeScalars.indices.last { $0.utf16Offset(in: string) <= target } ?? string.startIndex
                let expected = target >= string.utf16.count ? string.endIndex : boundary
                #expect(position.utf16 == expected.utf16Offset(in: string))
                #expect(position.utf8 == string.utf8.distance(from: string.startIndex, to: expected))
            }
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
