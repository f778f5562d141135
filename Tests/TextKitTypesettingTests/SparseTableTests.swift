import ModelTestSupport
import Testing
@testable import TextKitTypesetting

/// The glyph offsets and attachment bounds of a paragraph live in a sorted list
/// (`SparseTable`): it must answer as a dictionary would, whatever the order of the edits.
@Suite("Sparse per-glyph tables")
struct SparseTableTests {
    @Test func answersAsADictionaryWouldUnderRandomEdits() {
        var generator = SeededGenerator.forTest()
        for round in 0..<50 {
            var table = SparseTable<GlyphOffset>()
            var model: [Int32: GlyphOffset] = [:]
            for step in 0..<200 {
                let key = Int32.random(in: 0..<64, using: &generator)
                if Int.random(in: 0..<4, using: &generator) == 0 {
                    table[key] = nil
                    model[key] = nil
                } else {
                    let value = GlyphOffset(x: Float(round), y: Float(step))
                    table[key] = value
                    model[key] = value
                }
            }
            #expect(table.count == model.count)
            #expect(table.isEmpty == model.isEmpty)
            for key in Int32(-1)...64 { #expect(table[key] == model[key]) }
            // Iteration is in increasing index order, every entry once.
            let keys = table.map(\.key)
            #expect(keys == model.keys.sorted())
            #expect(table.allSatisfy { model[$0.key] == $0.value })
        }
    }

    @Test func indicesSetInIncreasingOrderAppend() {
        var table = SparseTable<Int>()
        for index in stride(from: Int32(0), to: 100, by: 3) { table[index] = Int(index) * 2 }
        #expect(table.count == 34)
        #expect(table[99] == 198 && table[98] == nil && table[0] == 0)
        table[50] = 7
        #expect(table.map(\.key).firstIndex(of: 50) == 17)
        #expect(table[50] == 7 && table[51] == 102)
    }
}
