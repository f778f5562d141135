import TextKitFonts
import TextKitModel

/// Shaping a run's unknown words together.
///
/// In a fresh process most words are unknown to every cache, and shaping them one HarfBuzz call
/// each costs about twice HarfBuzz's time per glyph for a whole paragraph: every call brings its
/// tables and code back into the processor's caches after the analyzer's own work in between.
/// So the first word of a run that no cache knows starts a lookahead over the rest of the run:
/// the words no cache knows either are shaped with it in one call, cut apart where HarfBuzz says
/// it is safe to break, and stored in the caches; the run's loop then finds them there. A word
/// whose edge HarfBuzz marks unsafe to break (kerning or a ligature across the space, a mark at
/// its start) is left to be shaped alone, so every cached piece is what shaping the word alone
/// gives.
struct WordBatch {
    /// The words' text, one after another.
    var text: [UInt16] = []
    /// Where each word ends in `text`.
    var ends: [Int] = []
    /// Each word's key and slot in the front cache.
    var words: [(key: ShapedWordCache.InlineKey, slot: Int)] = []
    /// The pieces cut from HarfBuzz's result, a word each (nil: shape it alone).
    var pieces: [ShapedPiece?] = []
    /// By front-cache slot, one more than the index in `words` of a word batched there (0: none),
    /// to batch a word that occurs twice once.
    var wordAtSlot: [Int32] = []

    /// The most UTF-16 units shaped in one call; a run with more unknown text takes several.
    static let maximumLength = 2048
    /// The lookahead stops after this many known words in a row (a later unknown word starts
    /// another): a keystroke in a long paragraph makes one unknown word among thousands of
    /// known ones, which need not all be looked up twice.
    static let maximumKnownWordsInARow = 32

    mutating func removeAll() {
        for word in words { wordAtSlot[word.slot] = 0 }
        text.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        words.removeAll(keepingCapacity: true)
        pieces.removeAll(keepingCapacity: true)
    }
}

extension ParagraphAnalyzer {
    /// Shapes the word `text[first]` (a word of at most ``ShapedWordCache/inlineCapacity`` units
    /// that no cache holds) together with the words after it, up to `limit`, that no cache holds
    /// either, and stores those in the shared and front caches.
    ///
    /// - Returns: the first word's piece, or nil when it is to be shaped alone (no other unknown
    ///   word, or an edge unsafe to break); and where the lookahead stopped (a word there or
    ///   later may start another batch).
    func shapeUnknownWords(first: Range<Int>, key firstKey: ShapedWordCache.InlineKey, limit: Int,
                           text: UnsafeBufferPointer<UInt16>, face: FontFace, parameters id: Int32,
                           shaping parameters: ShapingParameters, front: FrontWordCache) -> (ShapedPiece?, lookedThrough: Int) {
        var batch = WordBatch()
        swap(&batch, &wordBatch)
        defer { batch.removeAll(); swap(&batch, &wordBatch) }
        if batch.wordAtSlot.isEmpty { batch.wordAtSlot = Array(repeating: 0, count: FrontWordCache.size) }

        add(UnsafeBufferPointer(rebasing: text[first]), key: firstKey, slot: front.slot(for: firstKey), to: &batch)
        var start = first.upperBound
        var knownInARow = 0
        while start < limit && knownInARow < WordBatch.maximumKnownWordsInARow {
            var end = start
            while end < limit && text[end] != 0x20 { end += 1 }
            while end < limit && text[end] == 0x20 { end += 1 }
            let word = UnsafeBufferPointer(rebasing: text[start..<end])
            if word.count <= ShapedWordCache.inlineCapacity {
                if batch.text.count + word.count > WordBatch.maximumLength { break }
                let key = ShapedWordCache.InlineKey(face: face, parameters: id, text: word)
                let slot = front.slot(for: key)
                knownInARow += 1
                if front.keys[slot] == key && front.pieces[slot] != nil {
                    // Known.
                } else if let known = cache.existingPiece(for: key) {
                    front.store(known, for: key, at: slot)
                } else if batch.wordAtSlot[slot] == 0 || batch.words[Int(batch.wordAtSlot[slot]) - 1].key != key {
                    add(word, key: key, slot: slot, to: &batch)
                    knownInARow = 0
                }
            }
            start = end
        }
        guard batch.words.count > 1 else { return (nil, start) }

        batch.text.withUnsafeBufferPointer { text in
            batch.ends.withUnsafeBufferPointer { ends in
                shaper.shapeWords(text, ends: ends, font: face.hbFont, parameters: parameters, into: &batch.pieces)
            }
        }
        var stored = 0
        for (word, piece) in zip(batch.words.dropFirst(), batch.pieces.dropFirst()) {
            guard let piece else { continue }
            front.store(cache.store(piece, for: word.key), for: word.key, at: word.slot)
            stored += 1
        }
        // Each stored word is found once more by the run's loop, counted as a hit, where shaping
        // it alone counted the miss only: keep the statistics as they were.
        front.hits -= stored
        return (batch.pieces[0], start)
    }

    private func add(_ word: UnsafeBufferPointer<UInt16>, key: ShapedWordCache.InlineKey, slot: Int,
                     to batch: inout WordBatch) {
        batch.text.append(contentsOf: word)
        batch.ends.append(batch.text.count)
        batch.words.append((key, slot))
        if batch.wordAtSlot[slot] == 0 { batch.wordAtSlot[slot] = Int32(batch.words.count) }
    }
}
