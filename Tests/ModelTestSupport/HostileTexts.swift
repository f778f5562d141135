// Texts that make lines hard to hit-test, shared by the layout manager's and the text view's tests.

/// Hostile texts, the same in every run (seeded).
package enum HostileTexts {
    /// `length` UTF-16 units of letters between alternating RLM and LRM marks (Latin then Hebrew),
    /// a space now and then: a line whose every other character changes direction.
    package static func alternatingBidiMarks(_ length: Int) -> String {
        var units: [UInt16] = []
        var random = SeededGenerator(seed: 5)
        while units.count < length {
            units += [UInt16(0x61 + Int.random(in: 0...25, using: &random)), 0x200F,
                      UInt16(0x5D0 + Int.random(in: 0...26, using: &random)), 0x200E]
            if units.count % 16 == 0 { units.append(0x20) }
        }
        return String(decoding: units.prefix(length), as: UTF16.self)
    }
}
