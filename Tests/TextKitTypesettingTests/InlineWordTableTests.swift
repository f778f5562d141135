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

    /// A piece for `word`, recorded under its key as the shared cache records the pieces it stores.
    private static func piece(_ word: String, face: Int = 0) -> ShapedPiece {
        let piece = ShapedPiece.make(count: 0, length: word.utf16.count, hasOffsets: false)
        piece.record(key(word, face: face))
        return piece
    }

    @Test func findsWhatWasStoredThroughGrowthAndTellsKeysApart() {
        var table = InlineWordTable()
        #expect(table.piece(for: Self.key("a")) == nil)
        // 3,000 words: the table grows from 16 slots many times; every word keeps its piece.
        let words = (0..<3000).map { "w\($0) " }
        let pieces = words.map { Self.piece($0) }
        for (word, piece) in zip(words, pieces) { table.insert(piece, for: Self.key(word)) }
        #expect(table.count == 3000)
        for (word, piece) in zip(words, pieces) { #expect(table.piece(for: Self.key(word)) === piece) }
        // The same text in another face, with other parameters, or one unit longer is another word.
        #expect(table.piece(for: Self.key("w7 ", face: 1)) == nil)
        #expect(table.piece(for: Self.key("w7 ", parameters: 1)) == nil)
        #expect(table.piece(for: Self.key("w7  ")) == nil)
        #expect(table.piece(for: Self.key("w7")) == nil)
    }

    @Test func aSlotIsAHashAndAPiece() {
        // The key's face, parameters and text live in the piece: four slots to a cache line.
        #expect(InlineWordTable.slotStride == 16)
    }

    @Test func aWordWithTheSameHashIsAnotherWord() {
        var table = InlineWordTable()
        let stored = Self.piece("cat")
        table.insert(stored, for: Self.key("cat"))
        // Keys that collide on the whole hash: the table compares the rest with the piece's record.
        for other in [Self.key("dog"), Self.key("cat", face: 1), Self.key("cat", parameters: 3), Self.key("cats")] {
            var colliding = other
            colliding.hash = Self.key("cat").hash
            #expect(table.piece(for: colliding) == nil)
        }
        #expect(table.piece(for: Self.key("cat")) === stored)
    }

    @Test func storingAWordAgainReplacesItsPiece() {
        var table = InlineWordTable()
        let first = Self.piece("x"), second = Self.piece("x")
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
            let a = Self.piece("a"), b = Self.piece("b")
            kept = a
            replaced = b
            table.insert(b, for: Self.key("b"))
            table.insert(a, for: Self.key("a"))
            table.insert(Self.piece("b"), for: Self.key("b"))
        }
        #expect(kept != nil)  // held by the table alone
        #expect(replaced == nil)  // released when its word was stored again
        table.removeAll(keepingCapacity: true)
        #expect(kept == nil)
        #expect(table.count == 0)
        #expect(table.piece(for: Self.key("a")) == nil)
        // Usable again after emptying, with or without its slots.
        table.insert(Self.piece("c"), for: Self.key("c"))
        #expect(table.piece(for: Self.key("c"))?.length == 1)
        table.removeAll(keepingCapacity: false)
        #expect(table.piece(for: Self.key("c")) == nil)

        weak var destroyed: ShapedPiece?
        do {
            var scoped = InlineWordTable()
            let piece = Self.piece("d")
            destroyed = piece
            scoped.insert(piece, for: Self.key("d"))
        }
        #expect(destroyed == nil)  // the table's deinit released it
    }
}
