import Testing
@testable import TextKitTypesetting
import TextKitFonts
import TextKitModel

/// Words no cache knows are shaped several to a HarfBuzz call and cut apart where HarfBuzz says
/// it is safe to break (ParagraphAnalyzer+WordBatch.swift). Every piece cut so must be exactly
/// what shaping the word alone gives, or the cache's content would depend on its history.
@Suite("Shaping unknown words together")
struct WordBatchTests {
    /// Sentences in the scripts of the W2 corpus and some traps: a word that starts with a
    /// combining mark, one that starts with a Devanagari vowel sign, kerning pairs at word edges,
    /// emoji with a joiner and a variation selector, no-break and ideographic spaces.
    static let sentences: [(String, isRightToLeft: Bool, script: Script)] = [
        ("The quick brown fox jumps over the lazy dog. AVATAR Type “quoted” words, L’œuvre, Wolf ", false, .latin),
        ("a \u{301}bc e\u{301}té naïve T. V. Y. “A” ", false, .latin),
        ("Съешь же ещё этих мягких французских булок, да выпей чаю ", false, Script(code: 8)),  // ICU: Cyrillic
        ("Ξεσκεπάζω την ψυχοφθόρα βδελυγμία ", false, Script(code: 14)),  // ICU: Greek
        ("صِف خَلقَ خَودِ كَمِثلِ الشَمسِ إِذ بَزَغَت يَحظى الضَجيعُ بِها ", true, Script(code: 2)),  // ICU: Arabic
        ("דג סקרן שט בים מאוכזב ולפתע מצא חברה ", true, Script(code: 19)),  // ICU: Hebrew
        ("ऋषियों को सताने वाले दुष्ट राक्षसों के राजा रावण का सर्वनाश करने वाले ि कि ", false, Script(code: 10)),  // ICU: Devanagari
        ("키스의 고유조건은 입술끼리 만나야 하고 특별한 기술은 필요치 않다 ", false, Script(code: 18)),  // ICU: Hangul
        ("👍🏽 👨‍👩‍👧 ❤️ ☺︎ a\u{A0}b c\u{3000}d ", false, .latin),
    ]

    @Test func everyPieceCutFromABatchIsWhatTheWordAloneGives() throws {
        let primary = TestFonts.dejaVuSerif()
        let shaper = Shaper()
        var cut = 0, refused = 0
        for (sentence, isRightToLeft, script) in Self.sentences {
            let text = Array(sentence.utf16)
            let firstLetter = try #require(sentence.unicodeScalars.first)
            let font = primary.face.glyph(for: firstLetter) != nil ? primary : try #require(primary.fallbackFont(for: firstLetter))
            let parameters = ShapingParameters(isRightToLeft: isRightToLeft, script: script)
            let ends = Self.wordEnds(text)
            var pieces: [ShapedPiece?] = []
            text.withUnsafeBufferPointer { buffer in
                ends.withUnsafeBufferPointer { ends in
                    shaper.shapeWords(buffer, ends: ends, font: font.face.hbFont, parameters: parameters, into: &pieces)
                }
            }
            #expect(pieces.count == ends.count)
            var start = 0
            for (end, piece) in zip(ends, pieces) {
                defer { start = end }
                guard let piece else { refused += 1; continue }
                cut += 1
                let word = Array(text[start..<end])
                let alone = word.withUnsafeBufferPointer {
                    shaper.shape($0, range: 0..<word.count, font: font.face.hbFont, parameters: parameters)
                }
                let description = String(decoding: word, as: UTF16.self)
                #expect(Self.contents(of: piece) == Self.contents(of: alone), "\(description)")
            }
        }
        // Nearly every word is cut from its batch; the mark and the vowel sign that start a word
        // (their cluster joins the space before) are refused, with their neighbours.
        #expect(cut >= 75, "\(cut) cut, \(refused) refused")
        #expect(refused >= 4 && refused <= 8, "\(cut) cut, \(refused) refused")
    }

    /// A paragraph laid out from an empty cache, with its words shaped together, has the glyphs
    /// of one laid out after each of its words was shaped alone (each its own paragraph first).
    @Test func aParagraphFromAnEmptyCacheHasTheGlyphsOfWordsShapedAlone() {
        for (sentence, _, _) in Self.sentences {
            let text = Array(sentence.utf16)
            let attributes: [NSAttributedString.Key: Any] = [.font: TestFonts.dejaVuSerif()]
            let batched = ShapedWordCache()
            let together = Self.analyze(text, attributes, cache: batched)
            #expect(batched.statistics.misses > 0)
            Self.expectTheGlyphsOfWordsShapedAlone(together, text: text, attributes)
        }
    }

    /// The cache's statistics count a batched word as one miss, as when it was shaped alone.
    @Test func batchedWordsCountOneMissEach() {
        let cache = ShapedWordCache()
        let text = Array("one two three four five one two three four five ".utf16)
        _ = Self.analyze(text, [.font: TestFonts.dejaVuSerif()], cache: cache)
        #expect(cache.statistics.misses == 5)
        #expect(cache.statistics.hits == 5)
    }

    /// Mixed text is many short runs: a font's runs that are a word each are shaped together
    /// across the paragraph (one HarfBuzz call for each font and set of shaping parameters, not
    /// one per run), with the glyphs shaping each word alone gives.
    @Test(arguments: [
        ("alpha 👍 beta 👍🏽 gamma ❤️ delta ✖️ epsilon", 2),  // words between emoji: DejaVu, Noto Color Emoji
        ("関連してくれたこと、かつ作る役割を持つ", 2),  // kanji and kana runs: Han, Hiragana
        // Latin names in Hebrew text: the Hebrew words (a Hebrew font), the names (DejaVu Serif,
        // left to right) and the spaces after them (DejaVu Serif, right to left).
        ("שלום XSLT עולם lrzip ומה Sophie נשמע", 3),
    ])
    func wordsOfAFontsShortRunsAreShapedTogetherAcrossTheParagraph(sentence: String, groups: Int) {
        let text = Array(sentence.utf16)
        let attributes: [NSAttributedString.Key: Any] = [.font: TestFonts.dejaVuSerif()]
        let analyzer = ParagraphAnalyzer(cache: ShapedWordCache())
        let together = text.withUnsafeBufferPointer { buffer in
            analyzer.analyze(text: buffer, runs: [AttributeRunInput(range: 0..<text.count, attributes: attributes)],
                             paragraphStyle: .default)
        }
        #expect(together.glyphs.runs.count >= 6, "the sentence is many runs")
        #expect(analyzer.shaper.calls == groups, "\(sentence)")
        Self.expectTheGlyphsOfWordsShapedAlone(together, text: text, attributes)
    }

    // MARK: Helpers

    /// Expects `together` (`text` analyzed from an empty cache) to have the glyphs, advances and
    /// clusters of `text` analyzed after each of its words was shaped alone (each its own
    /// paragraph first).
    static func expectTheGlyphsOfWordsShapedAlone(_ together: ParagraphAnalysis, text: [UInt16],
                                                  _ attributes: [NSAttributedString.Key: Any],
                                                  sourceLocation: SourceLocation = #_sourceLocation) {
        let alone = ShapedWordCache()
        var start = 0
        for end in wordEnds(text) {
            _ = analyze(Array(text[start..<end]), attributes, cache: alone)
            start = end
        }
        let warm = analyze(text, attributes, cache: alone)
        let sentence = String(decoding: text, as: UTF16.self)
        #expect(together.glyphs.glyphs == warm.glyphs.glyphs, "\(sentence)", sourceLocation: sourceLocation)
        #expect(together.glyphs.advances == warm.glyphs.advances, "\(sentence)", sourceLocation: sourceLocation)
        #expect(together.glyphs.clusters == warm.glyphs.clusters, "\(sentence)", sourceLocation: sourceLocation)
    }

    /// Where the analyzer's words end: after each run of spaces.
    static func wordEnds(_ text: [UInt16]) -> [Int] {
        var ends: [Int] = []
        var i = 0
        while i < text.count {
            while i < text.count && text[i] != 0x20 { i += 1 }
            while i < text.count && text[i] == 0x20 { i += 1 }
            ends.append(i)
        }
        return ends
    }

    static func analyze(_ text: [UInt16], _ attributes: [NSAttributedString.Key: Any], cache: ShapedWordCache) -> ParagraphAnalysis {
        text.withUnsafeBufferPointer { buffer in
            ParagraphAnalyzer(cache: cache).analyze(text: buffer, runs: [AttributeRunInput(range: 0..<text.count, attributes: attributes)],
                                                    paragraphStyle: .default)
        }
    }

    struct Contents: Equatable {
        var glyphs: [UInt16], advances: [Int32], clusters: [Int32], xOffsets: [Int32], yOffsets: [Int32]
        var flags: [UInt16], length: Int
    }

    static func contents(of piece: ShapedPiece) -> Contents {
        Contents(glyphs: Array(piece.glyphs), advances: Array(piece.advances), clusters: Array(piece.clusters),
                 xOffsets: Array(piece.xOffsets), yOffsets: Array(piece.yOffsets),
                 flags: piece.flags.map { UInt16($0.rawValue) }, length: piece.length)
    }
}
