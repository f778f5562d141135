/// Whether every UTF-16 unit of `units` is ASCII (below U+0080): text whose characters, grapheme
/// clusters and UTF-8 bytes are its units one for one. One pass, no branch per unit.
package func isASCII(_ units: UnsafeBufferPointer<UInt16>) -> Bool {
    var combined: UInt16 = 0
    for unit in units { combined |= unit }
    return combined < 0x80
}

// Scans that skip the plain stretches of a paragraph four units at a time: each reads a word of
// four UTF-16 units and tests all four lanes at once, then finds the exact unit one at a time in
// the first word that fails. The analyzer runs them over every paragraph it itemizes, so they are
// most of the per-character work of English text.

/// The index of the first unit at or after `start` that is not printable ASCII (U+0020–U+007E),
/// or `units.count`.
package func endOfPrintableASCII(in units: UnsafeBufferPointer<UInt16>, from start: Int) -> Int {
    endOfUnits(in: units, from: start, wordPasses: isPrintableASCII) { $0 >= 0x20 && $0 < 0x7F }
}

/// The index of the first unit at or after `start` that is not ASCII or is one of ASCII's paired
/// brackets `( ) [ ] { }`, or `units.count`.
package func endOfASCIIWithoutBrackets(in units: UnsafeBufferPointer<UInt16>, from start: Int) -> Int {
    endOfUnits(in: units, from: start, wordPasses: isASCIIWithoutBrackets) { $0 < 0x80 && !isASCIIBracket($0) }
}

/// The index of the first unit at or after `start` that fails `unitPasses`, skipping words of four
/// units that pass `wordPasses` (which passes a word only when all four of its units pass).
@inline(__always)
private func endOfUnits(in units: UnsafeBufferPointer<UInt16>, from start: Int, wordPasses: (UInt64) -> Bool,
                        unitPasses: (UInt16) -> Bool) -> Int {
    var i = start
    if let base = units.baseAddress {
        let raw = UnsafeRawPointer(base)
        while i + 4 <= units.count, wordPasses(raw.loadUnaligned(fromByteOffset: i &* 2, as: UInt64.self)) { i &+= 4 }
    }
    while i < units.count, unitPasses(units[i]) { i += 1 }
    return i
}

/// The index of the first unit at or after `start` that is `floor` or above, or `units.count`.
/// `floor` must be a power of two.
package func firstUnit(atLeast floor: UInt16, in units: UnsafeBufferPointer<UInt16>, from start: Int) -> Int {
    precondition(floor > 0 && floor & (floor - 1) == 0, "firstUnit(atLeast:): \(floor) is not a power of two")
    var i = start
    if let base = units.baseAddress {
        // A unit is `floor` or above when it has a bit at or above `floor`'s.
        let mask = UInt64(~(floor - 1)) &* lanes(0x0001)
        let raw = UnsafeRawPointer(base)
        while i + 4 <= units.count, raw.loadUnaligned(fromByteOffset: i &* 2, as: UInt64.self) & mask == 0 { i &+= 4 }
    }
    while i < units.count, units[i] < floor { i += 1 }
    return i
}

/// Whether some unit of `units` at or above `floor` (a power of two) satisfies `matches`. Units
/// below `floor` are skipped four at a time; from the first one above it, four are looked at one
/// by one.
@inline(__always)
package func containsUnit(atLeast floor: UInt16, in units: UnsafeBufferPointer<UInt16>,
                          where matches: (UInt16) -> Bool) -> Bool {
    var i = 0
    while true {
        i = firstUnit(atLeast: floor, in: units, from: i)
        guard i < units.count else { return false }
        for unit in units[i..<min(i + 4, units.count)] where matches(unit) { return true }
        i += 4
    }
}

/// ASCII's paired brackets, which take the script of the text they enclose.
@inline(__always)
package func isASCIIBracket(_ unit: UInt16) -> Bool {
    unit == 0x28 || unit == 0x29 || unit == 0x5B || unit == 0x5D || unit == 0x7B || unit == 0x7D
}

/// `value` in each of a word's four 16-bit lanes.
@inline(__always)
private func lanes(_ value: UInt16) -> UInt64 { UInt64(value) &* 0x0001_0001_0001_0001 }

/// Whether every lane of `word` is below U+0080.
@inline(__always)
private func isASCII(_ word: UInt64) -> Bool { word & lanes(0xFF80) == 0 }

/// Whether some lane of `word` is zero, given lanes below U+8000: subtracting one borrows into the
/// top bit of a zero lane only (a borrow passes on from a zero lane, which is already found).
@inline(__always)
private func hasZeroLane(_ word: UInt64) -> Bool {
    (word &- lanes(0x0001)) & ~word & lanes(0x8000) != 0
}

/// Whether every lane of `word` is from U+0020 to U+007E.
@inline(__always)
private func isPrintableASCII(_ word: UInt64) -> Bool {
    guard isASCII(word) else { return false }
    // Below U+0080, adding 0x60 reaches bit 7 exactly from U+0020 on, adding 1 exactly at U+007F;
    // neither carries into the next lane.
    return (word &+ lanes(0x60)) & lanes(0x80) == lanes(0x80) && (word &+ lanes(0x01)) & lanes(0x80) == 0
}

/// Whether every lane of `word` is ASCII and none is one of `( ) [ ] { }`.
@inline(__always)
private func isASCIIWithoutBrackets(_ word: UInt64) -> Bool {
    guard isASCII(word) else { return false }
    // Without bit 0, ( and ) are both U+0028; without bit 5, [ and { are U+005B, ] and } U+005D.
    let pairs = word & ~lanes(0x0001), cases = word & ~lanes(0x0020)
    return !hasZeroLane(pairs ^ lanes(0x28)) && !hasZeroLane(cases ^ lanes(0x5B)) && !hasZeroLane(cases ^ lanes(0x5D))
}
