// The seeded random edits and the reference model (an array of UTF-16 units with one attribute
// dictionary per unit) that the model's and NSTextStorage's randomized tests share.
import Glibc
import TextKitModel

/// SplitMix64: a small seeded generator, so a failing run can be replayed from its seed.
package struct SeededGenerator: RandomNumberGenerator {
    package var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SeededGenerator {
    /// The generator of a randomized test: seeded from `OTK_TEST_SEED` when it is set (to replay a
    /// failure), else at random. The seed is printed with the test's name, so that a failure seen
    /// once can be replayed.
    package static func forTest(_ name: String = #function) -> SeededGenerator {
        let seed = getenv("OTK_TEST_SEED").flatMap { UInt64(String(cString: $0)) } ?? UInt64.random(in: 0...UInt64.max)
        print("\(name): random seed \(seed) (OTK_TEST_SEED=\(seed) replays it)")
        return SeededGenerator(seed: seed)
    }
}

/// The oracle: an array of UTF-16 units and one attribute dictionary per unit (values are Ints, keyed
/// by raw key), with the documented rules written the simplest way.
package struct ReferenceText {
    package var units: [UInt16] = []
    package var attrs: [[String: Int]] = []

    package init() {}

    package mutating func replace(_ r: NSRange, with new: [UInt16]) {
        let inherited: [String: Int] =
            r.length > 0 ? attrs[r.location]
            : r.location > 0 ? attrs[r.location - 1]
            : attrs.first ?? [:]
        units.replaceSubrange(r.location..<(r.location + r.length), with: new)
        attrs.replaceSubrange(r.location..<(r.location + r.length), with: Array(repeating: inherited, count: new.count))
    }

    package mutating func replace(_ r: NSRange, with new: [UInt16], attributes: [[String: Int]]) {
        units.replaceSubrange(r.location..<(r.location + r.length), with: new)
        attrs.replaceSubrange(r.location..<(r.location + r.length), with: attributes)
    }

    package func isSeparator(_ i: Int, lines: Bool) -> Bool {
        switch units[i] {
        case 0x0A, 0x0D, 0x2029: return true
        case 0x2028, 0x85: return lines
        default: return false
        }
    }

    /// NSString's paragraph/line range, by scanning.
    package func enclosing(_ r: NSRange, lines: Bool) -> NSRange {
        var start = r.location
        while start > 0 {
            let p = start - 1
            if isSeparator(p, lines: lines), !(units[p] == 0x0D && p + 1 < units.count && units[p + 1] == 0x0A && p + 1 == start) {
                break
            }
            // A CR directly before `start` whose LF is at `start` belongs to the paragraph before.
            if units[p] == 0x0D, start < units.count, units[start] == 0x0A { start -= 1; continue }
            start -= 1
        }
        var end = r.length > 0 ? r.location + r.length - 1 : r.location
        if end < start { end = start }
        // Find the end of the paragraph containing `end` (position after its separator).
        var i = end
        if r.length == 0, i > 0, i == r.location, i < units.count, units[i] == 0x0A, units[i - 1] == 0x0D {
            return NSRange(location: start, length: i + 1 - start)
        }
        while i < units.count {
            if isSeparator(i, lines: lines) {
                if units[i] == 0x0D, i + 1 < units.count, units[i + 1] == 0x0A { i += 1 }
                return NSRange(location: start, length: i + 1 - start)
            }
            i += 1
        }
        return NSRange(location: start, length: units.count - start)
    }
}

/// Text pieces that stress the storage: separators of every kind, surrogate pairs (which random
/// ranges will split), combining marks, NUL, and plain ASCII.
let edgePieces: [String] = ["a", "bc", "Hello ", "\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{85}", "😀", "e\u{301}",
                            "\0", "日本語", "x\r", "\ny", "👨‍👩‍👧"]

package func randomText(_ g: inout SeededGenerator, maxPieces: Int = 4, surrogates: Bool = true) -> [UInt16] {
    var units: [UInt16] = []
    for _ in 0..<Int.random(in: 0...maxPieces, using: &g) {
        if Int.random(in: 0..<12, using: &g) == 0 {  // now and then a long piece, to split chunks
            units += Array(String(repeating: "lorem ipsum ", count: Int.random(in: 5...30, using: &g)).utf16)
        } else {
            let piece = edgePieces.randomElement(using: &g)!
            if !surrogates && piece.utf16.contains(where: UTF16.isLeadSurrogate) { continue }
            units += Array(piece.utf16)
        }
    }
    return units
}

let testKeys: [NSAttributedString.Key] = [.foregroundColor, .kern, .underlineStyle]

package func randomAttributes(_ g: inout SeededGenerator) -> [String: Int] {
    var d: [String: Int] = [:]
    for key in testKeys where Bool.random(using: &g) { d[key.rawValue] = Int.random(in: 0..<3, using: &g) }
    return d
}

package func asKeys(_ d: [String: Int]) -> [NSAttributedString.Key: Any] {
    Dictionary(uniqueKeysWithValues: d.map { (NSAttributedString.Key($0.key), $0.value as Any) })
}

package func asInts(_ d: [NSAttributedString.Key: Any]) -> [String: Int] {
    Dictionary(uniqueKeysWithValues: d.map { ($0.key.rawValue, $0.value as! Int) })
}

package func randomRange(_ g: inout SeededGenerator, length n: Int) -> NSRange {
    let a = Int.random(in: 0...n, using: &g)
    let b = Int.random(in: a...min(n, a + Int.random(in: 0...40, using: &g)), using: &g)
    return NSRange(location: a, length: b - a)
}

/// Applies one random edit to `s` and to `ref`, returning a description for failure messages.
/// `surrogates: false` keeps surrogate pairs out of the text, for stores that cannot keep a pair split
/// (Foundation's NSMutableAttributedString on Linux ignores a deletion of half a pair).
package func applyRandomEdit(to s: NSMutableAttributedString, _ ref: inout ReferenceText, _ g: inout SeededGenerator,
                     surrogates: Bool = true) -> String {
    let n = ref.units.count
    var r = randomRange(&g, length: n)
    if n > 1200 {  // keep the text around a thousand units: cut a big piece
        r = NSRange(location: Int.random(in: 0..<(n / 2), using: &g), length: n / 3)
        s.deleteCharacters(in: r)
        ref.replace(r, with: [])
        return "deleteCharacters(in: \(r))"
    }
    switch Int.random(in: 0..<9, using: &g) {
    case 0, 1:
        // Replace with a String (valid Unicode only).
        let text = String(decoding: randomText(&g, surrogates: surrogates), as: UTF16.self)
        s.replaceCharacters(in: r, with: text)
        ref.replace(r, with: Array(text.utf16))
        return "replaceCharacters(\(r), with: \(text.debugDescription))"
    case 2:
        // Insert with an attributed string built from the same storage type, possibly with a lone surrogate.
        var units = randomText(&g, surrogates: surrogates)
        if surrogates && Bool.random(using: &g) { units.append(0xD83D) }  // lone high surrogate
        let piece = NSMutableAttributedString()
        let a = randomAttributes(&g), b = randomAttributes(&g)
        let text = String(decoding: units, as: UTF16.self)
        piece.replaceCharacters(in: NSRange(location: 0, length: 0), with: text)
        let half = piece.length / 2
        piece.setAttributes(asKeys(a), range: NSRange(location: 0, length: half))
        piece.setAttributes(asKeys(b), range: NSRange(location: half, length: piece.length - half))
        s.replaceCharacters(in: r, with: piece)
        let pieceUnits = Array(text.utf16)
        ref.replace(r, with: pieceUnits, attributes: (0..<pieceUnits.count).map { $0 < half ? a : b })
        return "replaceCharacters(\(r), withAttributed: \(text.debugDescription))"
    case 3:
        let a = randomAttributes(&g)
        s.setAttributes(a.isEmpty && Bool.random(using: &g) ? nil : asKeys(a), range: r)
        for i in r.location..<(r.location + r.length) { ref.attrs[i] = a }
        return "setAttributes(\(a), range: \(r))"
    case 4:
        let key = testKeys.randomElement(using: &g)!, v = Int.random(in: 0..<3, using: &g)
        s.addAttribute(key, value: v, range: r)
        for i in r.location..<(r.location + r.length) { ref.attrs[i][key.rawValue] = v }
        return "addAttribute(\(key.rawValue), \(v), range: \(r))"
    case 5:
        let key = testKeys.randomElement(using: &g)!
        s.removeAttribute(key, range: r)
        for i in r.location..<(r.location + r.length) { ref.attrs[i][key.rawValue] = nil }
        return "removeAttribute(\(key.rawValue), range: \(r))"
    case 6:
        s.deleteCharacters(in: r)
        ref.replace(r, with: [])
        return "deleteCharacters(in: \(r))"
    case 7:
        // One unit typed in the middle of whatever is there (may split a surrogate pair).
        let at = Int.random(in: 0...n, using: &g)
        let text = ["x", "\n", "\r", " "].randomElement(using: &g)!
        s.replaceCharacters(in: NSRange(location: at, length: 0), with: text)
        ref.replace(NSRange(location: at, length: 0), with: Array(text.utf16))
        return "insert \(text.debugDescription) at \(at)"
    default:
        let a = randomAttributes(&g)
        let units = Array("piece\r".utf16)
        s.insert(NSAttributedString(string: "piece\r", attributes: asKeys(a)), at: r.location)
        ref.replace(NSRange(location: r.location, length: 0), with: units, attributes: Array(repeating: a, count: units.count))
        return "insert attributed at \(r.location)"
    }
}

/// Checks `s` against `ref`: length, units, string, every run's attributes and effective range, and
/// paragraph/line ranges at a few offsets. Returns the first disagreement.
package func disagreement(_ s: NSAttributedString, _ ref: ReferenceText, _ g: inout SeededGenerator) -> String? {
    guard s.length == ref.units.count else { return "length \(s.length) != \(ref.units.count)" }
    let units = s._utf16(in: NSRange(location: 0, length: s.length))
    if units != ref.units { return "units differ" }
    let expected = String(decoding: ref.units, as: UTF16.self)
    guard s.string == expected else { return "string \(s.string.debugDescription) != \(expected.debugDescription)" }
    guard s.string.utf16.count == ref.units.count else { return "string length changed by U+FFFD repair" }
    var i = 0
    while i < ref.units.count {
        var r = NSRange()
        let attrs = asInts(s.attributes(at: i, effectiveRange: &r))
        guard r.location <= i, i < r.location + r.length, r.location + r.length <= ref.units.count else {
            return "effective range \(r) does not hold \(i)"
        }
        for j in r.location..<(r.location + r.length) where ref.attrs[j] != attrs {
            return "attributes at \(j): \(ref.attrs[j]) but run \(r) has \(attrs)"
        }
        if s._primitives != .custom {  // built-in runs are maximal
            if r.location > 0, ref.attrs[r.location - 1] == attrs { return "run \(r) not maximal on the left" }
            if r.location + r.length < ref.units.count, ref.attrs[r.location + r.length] == attrs { return "run \(r) not maximal on the right" }
        }
        var longest = NSRange()
        _ = s.attributes(at: i, longestEffectiveRange: &longest, in: NSRange(location: 0, length: ref.units.count))
        var lo = i, hi = i + 1
        while lo > 0, ref.attrs[lo - 1] == attrs { lo -= 1 }
        while hi < ref.units.count, ref.attrs[hi] == attrs { hi += 1 }
        guard longest == NSRange(location: lo, length: hi - lo) else { return "longest range at \(i): \(longest) != \(lo)..<\(hi)" }
        i = r.location + r.length
    }
    for _ in 0..<4 {
        let r = randomRange(&g, length: ref.units.count)
        let p = s.paragraphRange(for: r), e = ref.enclosing(r, lines: false)
        guard p == e else { return "paragraphRange(for: \(r)) = \(p), expected \(e)" }
        let l = s.lineRange(for: r), el = ref.enclosing(r, lines: true)
        guard l == el else { return "lineRange(for: \(r)) = \(l), expected \(el)" }
    }
    if s._primitives != .custom { s._storage.invariantCheck() }
    return nil
}
