import ModelTestSupport
import Testing
@testable import TextKitTypesetting

/// The scans that skip plain text four units at a time (`ASCIIUnits.swift`) must stop exactly
/// where a unit-by-unit scan stops, wherever the unit that stops them falls in its word.
@Suite("Scans four units at a time")
struct ASCIIUnitsTests {
    /// Units at and around every edge the scans test, and a few far from them.
    static let edges: [UInt16] = [
        0x00, 0x08, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x27, 0x28, 0x29, 0x2A, 0x41, 0x5A, 0x5B, 0x5C, 0x5D,
        0x5E, 0x61, 0x7A, 0x7B, 0x7C, 0x7D, 0x7E, 0x7F, 0x80, 0xA0, 0xFF, 0x100, 0x3FF, 0x400, 0x58F,
        0x590, 0x7FF, 0x800, 0xE00, 0x4E00, 0xD802, 0xFFFF,
    ]

    /// Mostly plain text with an edge unit here and there, at random lengths.
    static func randomTexts(count: Int) -> [[UInt16]] {
        var generator = SeededGenerator.forTest()
        return (0..<count).map { _ in
            let length = Int.random(in: 0..<40, using: &generator)
            return (0..<length).map { _ in
                Int.random(in: 0..<6, using: &generator) == 0
                    ? edges.randomElement(using: &generator)!
                    : UInt16.random(in: 0x61...0x7A, using: &generator)
            }
        }
    }

    static func firstIndex(in text: [UInt16], from start: Int, where stops: (UInt16) -> Bool) -> Int {
        text[start...].firstIndex(where: stops) ?? text.count
    }

    @Test func stopWhereAUnitByUnitScanStops() {
        for text in Self.randomTexts(count: 4_000) {
            text.withUnsafeBufferPointer { units in
                for start in 0...text.count {
                    #expect(endOfPrintableASCII(in: units, from: start)
                            == Self.firstIndex(in: text, from: start) { $0 < 0x20 || $0 > 0x7E })
                    #expect(endOfASCIIWithoutBrackets(in: units, from: start)
                            == Self.firstIndex(in: text, from: start) { $0 >= 0x80 || "()[]{}".utf16.contains($0) })
                    for floor: UInt16 in [0x80, 0x400, 0x800] {
                        #expect(firstUnit(atLeast: floor, in: units, from: start)
                                == Self.firstIndex(in: text, from: start) { $0 >= floor })
                    }
                }
            }
        }
    }

    @Test func rightToLeftCheckFindsEveryRightToLeftUnit() {
        // Of the edge units: Hebrew's first, two in Arabic's blocks, a high surrogate of an RTL plane.
        let rightToLeft: Set<UInt16> = [0x590, 0x7FF, 0x800, 0xD802]
        for text in Self.randomTexts(count: 4_000) {
            let expected = text.contains { rightToLeft.contains($0) }
            #expect(text.withUnsafeBufferPointer { BidiParagraph.mayContainRightToLeft($0) } == expected)
        }
        // Each position of a word, after plain text and after text that is not right to left.
        for prefix in [[UInt16](repeating: 0x61, count: 9), [0x4E00, 0x400, 0x3FF, 0x900, 0x61]] {
            for position in 0..<8 {
                var text = prefix + [UInt16](repeating: 0x62, count: 8)
                #expect(!text.withUnsafeBufferPointer { BidiParagraph.mayContainRightToLeft($0) })
                text[prefix.count + position] = 0x05D0  // א
                #expect(text.withUnsafeBufferPointer { BidiParagraph.mayContainRightToLeft($0) })
            }
        }
    }
}
