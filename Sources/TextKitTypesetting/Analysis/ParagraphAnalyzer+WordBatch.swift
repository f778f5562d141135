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
/// alone in its run looks further, into the paragraph's later runs of the same font and shaping
/// parameters (mixed text is many short runs). A word whose edge HarfBuzz marks unsafe to break
/// (kerning or a ligature across the space, a mark at its start) is left to be shaped alone, so
/// every cached piece is what shaping the word alone gives.
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

/// How far, by font and shaping parameters, a paragraph's runs were searched for unknown words to
/// shape with a run's lone one (``ParagraphAnalyzer/shapeUnknownWords(first:key:inItemsAfter:of:text:styles:face:parameters:shaping:front:lookahead:)``).
struct ItemLookahead {
    private struct Scan {
        var face: ObjectIdentifier
        var parameters: Int32
        var throughItem: Int
    }
    /// A paragraph uses a few fonts and parameter sets: a short list.
    private var scans: [Scan] = []

    /// Whether the items after `index` may hold words not yet searched for these font and parameters.
    func mayScan(after index: Int, face: FontFace, parameters: Int32) -> Bool {
        let face = ObjectIdentifier(face)
        return !scans.contains { $0.face == face && $0.parameters == parameters && $0.throughItem > index }
    }

    mutating func scanned(through item: Int, face: FontFace, parameters: Int32) {
        let face = ObjectIdentifier(face)
        if let i = scans.firstIndex(where: { $0.face == face && $0.parameters == parameters }) {
            scans[i].throughItem = max(scans[i].throughItem, item)
        } else {
            scans.append(Scan(face: face, parameters: parameters, throughItem: item))
        }
    }
}

extension ParagraphAnalyzer {
    /// Where the word starting at `start` ends: after the spaces that follow it, or at `limit`.
    /// The analyzer's words are cached with their trailing spaces.
    static func wordEnd(from start: Int, limit: Int, in text: UnsafeBufferPointer<UInt16>) -> Int {
        var end = start
        while end < limit && text[end] != 0x20 { end += 1 }
        while end < limit && text[end] == 0x20 { end += 1 }
        return end
    }

    /// Whether ``wordEnd(from:limit:in:)`` ends a word between `previous` and `unit` (inside an
    /// item): a space followed by another character. The analyzer shapes the two sides apart there
    /// whatever the attributes.
    @inline(__always)
    static func isWordBound(after previous: UInt16, before unit: UInt16) -> Bool { previous == 0x20 && unit != 0x20 }

    /// Shapes the word `text[first]` (a word of at most ``ShapedWordCache/inlineCapacity`` units
    /// that no cache holds) together with the words after it, up to `limit`, that no cache holds
    /// either, and stores those in the shared and front caches.
    ///
    /// - Returns: the first word's piece, or nil when it is to be shaped alone; whether it was
    ///   alone (no other unknown word: the paragraph's later runs may have some); and where the
    ///   lookahead stopped (a word there or later may start another batch).
    func shapeUnknownWords(first: Range<Int>, key firstKey: ShapedWordCache.InlineKey, limit: Int,
                           text: UnsafeBufferPointer<UInt16>, face: FontFace, parameters id: Int32,
                           shaping parameters: ShapingParameters,
                           front: FrontWordCache) -> (ShapedPiece?, isAlone: Bool, lookedThrough: Int) {
        withScratchBatch(first: first, key: firstKey, text: text, front: front) { batch in
            var knownInARow = 0
            let stop = gatherUnknownWords(in: first.upperBound..<limit, text: text, face: face, parameters: id,
                                          front: front, knownInARow: &knownInARow, into: &batch)
            guard batch.words.count > 1 else { return (nil, true, stop) }
            shapeAndStore(&batch, face: face, parameters: parameters, front: front, from: 1)
            return (batch.pieces[0], false, stop)
        }
    }

    /// Shapes the word `text[first]` (of item `index`, alone among its run's words in needing
    /// shaping) together with the words no cache knows in the paragraph's later items of the same
    /// font and shaping parameters, and stores those in the shared and front caches.
    ///
    /// Mixed text is made of many short runs: a Japanese sentence alternates kanji and kana runs,
    /// emoji stand between words in a font of their own, a Latin name sits in Hebrew text. Such a
    /// run is often a single word, which its run's lookahead shapes alone, one HarfBuzz call each
    /// (2,930 calls in a cold layout of W2). The search stops, as a run's does, after
    /// ``WordBatch/maximumKnownWordsInARow`` known words in a row; `lookahead` remembers how far it
    /// went for the font and parameters, so that a later lone word starts another only beyond.
    ///
    /// - Returns: the first word's piece, or nil when it is to be shaped alone.
    func shapeUnknownWords(first: Range<Int>, key firstKey: ShapedWordCache.InlineKey, inItemsAfter index: Int,
                           of items: [Item], text: UnsafeBufferPointer<UInt16>, styles: [RunStyle], face: FontFace,
                           parameters id: Int32, shaping parameters: ShapingParameters, front: FrontWordCache,
                           lookahead: inout ItemLookahead) -> ShapedPiece? {
        withScratchBatch(first: first, key: firstKey, text: text, front: front) { batch in
            var knownInARow = 0, through = index
            for i in (index + 1)..<items.count where items[i].font.face === face {
                // Items of one style, script and direction share their parameters without asking.
                let sameShaping = items[i].style == items[index].style && items[i].script == items[index].script
                    && items[i].level & 1 == items[index].level & 1
                guard sameShaping || shaping(of: items[i], styles: styles).id == id else { continue }
                through = i
                let range = items[i].range
                if gatherUnknownWords(in: range, text: text, face: face, parameters: id, front: front,
                                      knownInARow: &knownInARow, into: &batch) < range.upperBound { break }
            }
            lookahead.scanned(through: through, face: face, parameters: id)
            guard batch.words.count > 1 else { return nil }
            shapeAndStore(&batch, face: face, parameters: parameters, front: front, from: 1)
            return batch.pieces[0]
        }
    }

    /// Runs `body` with the analyzer's scratch batch holding the word `text[first]` (whose key is
    /// `key`), and empties the batch afterwards.
    private func withScratchBatch<Result>(first: Range<Int>, key: ShapedWordCache.InlineKey, text: UnsafeBufferPointer<UInt16>,
                                          front: FrontWordCache, _ body: (inout WordBatch) -> Result) -> Result {
        // Taken out of the analyzer while in use (no access to its property held across the
        // calls below), put back for its capacity.
        var batch = WordBatch()
        swap(&batch, &wordBatch)
        defer { batch.removeAll(); swap(&batch, &wordBatch) }
        if batch.wordAtSlot.isEmpty { batch.wordAtSlot = Array(repeating: 0, count: FrontWordCache.size) }
        add(UnsafeBufferPointer(rebasing: text[first]), key: key, slot: front.slot(for: key), to: &batch)
        return body(&batch)
    }

    /// Adds the words of `text[range]` that no cache knows to `batch`, until `knownInARow` (the
    /// known words met in a row, carried from call to call) reaches
    /// ``WordBatch/maximumKnownWordsInARow`` or the batch would outgrow ``WordBatch/maximumLength``.
    /// Returns where it stopped: `range.upperBound` when it went through.
    private func gatherUnknownWords(in range: Range<Int>, text: UnsafeBufferPointer<UInt16>, face: FontFace,
                                    parameters id: Int32, front: FrontWordCache, knownInARow: inout Int,
                                    into batch: inout WordBatch) -> Int {
        var start = range.lowerBound
        while start < range.upperBound && knownInARow < WordBatch.maximumKnownWordsInARow {
            let end = Self.wordEnd(from: start, limit: range.upperBound, in: text)
            let word = UnsafeBufferPointer(rebasing: text[start..<end])
            if word.count <= ShapedWordCache.inlineCapacity {
                if batch.text.count + word.count > WordBatch.maximumLength { return start }
                knownInARow = add(ifUnknown: word, face: face, parameters: id, front: front, to: &batch) ? 0 : knownInARow + 1
            }
            start = end
        }
        return start
    }

    /// Adds `word` to `batch` when no cache knows it (and the batch does not hold it yet); a word
    /// the shared cache knows goes into the front cache. Returns whether the word was unknown.
    @inline(__always)
    private func add(ifUnknown word: UnsafeBufferPointer<UInt16>, face: FontFace, parameters id: Int32,
                     front: FrontWordCache, to batch: inout WordBatch) -> Bool {
        let key = ShapedWordCache.InlineKey(face: face, parameters: id, text: word)
        let slot = front.slot(for: key)
        if front.piece(for: key, at: slot) != nil { return false }
        if let known = cache.existingPiece(for: key) {
            front.store(known, for: key, at: slot)
            return false
        }
        if batch.wordAtSlot[slot] == 0 || batch.words[Int(batch.wordAtSlot[slot]) - 1].key != key {
            add(word, key: key, slot: slot, to: &batch)
        }
        return true
    }

    /// Shapes the batch's words in one call (when it holds at least two) and stores the pieces cut
    /// from words `from...` in both caches.
    private func shapeAndStore(_ batch: inout WordBatch, face: FontFace, parameters: ShapingParameters,
                               front: FrontWordCache, from first: Int) {
        guard batch.words.count > 1 else { return }
        batch.text.withUnsafeBufferPointer { text in
            batch.ends.withUnsafeBufferPointer { ends in
                shaper.shapeWords(text, ends: ends, font: face.hbFont, parameters: parameters, into: &batch.pieces)
            }
        }
        var stored = 0
        for (word, piece) in zip(batch.words[first...], batch.pieces[first...]) {
            guard let piece else { continue }
            front.store(cache.store(piece, for: word.key), for: word.key, at: word.slot)
            stored += 1
        }
        // Each stored word is found once more by the run's loop, counted as a hit, where shaping
        // it alone counted the miss only: keep the statistics as they were.
        front.hits -= stored
    }

    private func add(_ word: UnsafeBufferPointer<UInt16>, key: ShapedWordCache.InlineKey, slot: Int,
                     to batch: inout WordBatch) {
        batch.text.append(contentsOf: word)
        batch.ends.append(batch.text.count)
        batch.words.append((key, slot))
        if batch.wordAtSlot[slot] == 0 { batch.wordAtSlot[slot] = Int32(batch.words.count) }
    }
}
