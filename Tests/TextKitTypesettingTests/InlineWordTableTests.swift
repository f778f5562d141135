import Testing
@testable import TextKitTypesetting

@Suite("The shared word cache's table of short words")
struct InlineWordTableTests {
    /// Two distinct objects standing for faces (a key holds a face's identity only).
    private static let faces = [Face(), Face()]
    private final class Face: Sendable {}

    private static func key(_ word: String, face: Int = 0, parameters: Int32 = 0) -> InlineWordTable.Key {
        let units = Array(word.utf16)
        return units.withUnsafeBufferPointer { ShapedWordCache.InlineKey(face: faces[face], parameters: parameters, text: $0) }
    }

    private static func piece(length: Int) -> ShapedPiece { ShapedPiece.make(count: 0, length: length, hasOffsets: false) }

    @Test func findsWhatWasStoredThroughGrowthAndTellsKeysApart() {
        var table = InlineWordTable()
        #expect(table.piece(for: Self.key("a")) == nil)
        // 3,000 words: the table grows from 16 slots many times; every word keeps its piece.
        let words = (0..<3000).map { "w\($0) " }
        let pieces = words.indices.map { Self.piece(length: $0) }
        for (word, piece) in zip(words, pieces) { table.insert(piece, for: Self.key(word)) }
        #expect(table.count == 3000)
        for (word, piece) in zip(words, pieces) { #expect(table.piece(for: Self.key(word)) === piece) }
        // The same text in another face, with other parameters, or one unit longer is another word.
        #expect(table.piece(for: Self.key("w7 ", face: 1)) == nil)
        #expect(table.piece(for: Self.key("w7 ", parameters: 1)) == nil)
        #expect(table.piece(for: Self.key("w7  ")) == nil)
        #expect(table.piece(for: Self.key("w7")) == nil)
    }

    @Test func aSlotIsOneCacheLine() {
        #expect(InlineWordTable.slotStride == 64)
    }

    @Test func storingAWordAgainReplacesItsPiece() {
        var table = InlineWordTable()
        let first = Self.piece(length: 1), second = Self.piece(length: 2)
        table.insert(first, for: Self.key("x"))
        table.insert(second, for: Self.key("x"))
        #expect(table.count == 1)
        #expect(table.piece(for: Self.key("x")) === second)
    }

    @Test func holdsItsPiecesUntilRemovedOrDestroyed() {
        weak var kept: ShapedPiece?
        weak var replaced: ShapedPiece?
        var table = InlineWordTable()
        do {
            let a = Self.piece(length: 1), b = Self.piece(length: 1)
            kept = a
            replaced = b
            table.insert(b, for: Self.key("b"))
            table.insert(a, for: Self.key("a"))
            table.insert(Self.piece(length: 1), for: Self.key("b"))
        }
        #expect(kept != nil)  // held by the table alone
        #expect(replaced == nil)  // released when its word was stored again
        table.removeAll(keepingCapacity: true)
        #expect(kept == nil)
        #expect(table.count == 0)
        #expect(table.piece(for: Self.key("a")) == nil)
        // Usable again after emptying, with or without its slots.
        table.insert(Self.piece(length: 3), for: Self.key("c"))
        #expect(table.piece(for: Self.key("c"))?.length == 3)
        table.removeAll(keepingCapacity: false)
        #expect(table.piece(for: Self.key("c")) == nil)

        weak var destroyed: ShapedPiece?
        do {
            var scoped = InlineWordTable()
            let piece = Self.piece(length: 1)
            destroyed = piece
            scoped.insert(piece, for: Self.key("d"))
        }
        #expect(destroyed == nil)  // the table's deinit released it
    }
}
