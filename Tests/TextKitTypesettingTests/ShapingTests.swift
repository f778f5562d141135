import Testing
@testable import TextKitTypesetting
import TextKitFonts
import TextKitModel

@Suite("Itemizing and shaping paragraphs")
struct ShapingTests {
    @Test func ffiIsOneGlyphWithLigaturesAndThreeWithout() {
        let font = TestFonts.libertine(24)
        let (on, _) = TestFonts.analyze("ffi", [.font: font])
        let (off, _) = TestFonts.analyze("ffi", [.font: font, .ligature: 0])
        #expect(on.glyphs.count == 1)
        #expect(off.glyphs.count == 3)
        // The ligature maps back to all three characters.
        #expect(on.glyphs.characterRange(forGlyphs: 0..<1) == 0..<3)
    }

    @Test func dejaVuSerifMakesFFPlusI() {
        let (analysis, _) = TestFonts.analyze("ffi", [.font: TestFonts.dejaVuSerif(24)])
        #expect(analysis.glyphs.count == 2)
    }

    @Test func pairKerningNarrowsAVAndKernZeroTurnsItOff() {
        let font = TestFonts.dejaVuSerif(36)
        let (kerned, _) = TestFonts.analyze("AV", [.font: font])
        let (plain, _) = TestFonts.analyze("AV", [.font: font, .kern: 0])
        let nominal = Float(font.advance(forGlyph: font.glyph(for: "A")!) + font.advance(forGlyph: font.glyph(for: "V")!))
        let kernedWidth = kerned.glyphs.advances.reduce(0, +)
        let plainWidth = plain.glyphs.advances.reduce(0, +)
        #expect(kernedWidth < nominal - 1)
        #expect(abs(plainWidth - nominal) < 0.01)
        // A non-zero .kern adds its value after every character, on top of pair kerning.
        let (spaced, _) = TestFonts.analyze("AV", [.font: font, .kern: 5])
        #expect(abs(spaced.glyphs.advances.reduce(0, +) - (kernedWidth + 10)) < 0.01)
    }

    @Test func arabicLettersJoin() {
        let font = TestFonts.notoArabic(24)
        let (isolated, _) = TestFonts.analyze("ب", [.font: font])
        let (joined, _) = TestFonts.analyze("ببب", [.font: font])
        #expect(joined.glyphs.count == 3)
        // Initial, medial and final forms differ from the isolated form and from each other.
        #expect(Set(joined.glyphs.glyphs).count == 3)
        let isolatedGlyph = isolated.glyphs.glyphs[0]
        #expect(joined.glyphs.glyphs.allSatisfy { $0 != isolatedGlyph })
        #expect(joined.baseLevel == 1)
        #expect(joined.glyphs.runs.allSatisfy { $0.isRightToLeft })
        // Logical order: glyph i draws character i.
        #expect(joined.glyphs.clusters == [0, 1, 2])
    }

    @Test func charactersTheFontLacksFallBackToFontsThatHaveThem() {
        let (analysis, _) = TestFonts.analyze("Tokyo 東京 😀 done", [.font: TestFonts.dejaVuSerif()])
        let fonts = analysis.glyphs.runs.map { analysis.glyphs.fonts[Int($0.font)].familyName }
        #expect(fonts.first == "DejaVu Serif")
        #expect(fonts.contains { $0.contains("CJK") })
        #expect(fonts.contains { $0.contains("Emoji") })
        #expect(fonts.last == "DejaVu Serif")
        #expect(!analysis.glyphs.flags.contains { $0.contains(.missing) })
    }

    /// One analyzer remembers fallback answers by font, character and presentation: asking again
    /// with another presentation, or of another font, must not get the remembered answer.
    @Test func rememberedFallbacksKeepPresentationAndFontApart() {
        // U+2764 HEAVY BLACK HEART: text by default (DejaVu has it), emoji with U+FE0F.
        let text = Array("\u{2764}\u{FE0F} \u{2764}\u{FE0E} \u{2764}\u{FE0F} 東 \u{2764}\u{FE0F}".utf16)
        let serif = TestFonts.dejaVuSerif(), sans = TestFonts.dejaVuSans()
        let analyzer = ParagraphAnalyzer(cache: ShapedWordCache())
        let split = text.count - 2  // the last heart in another font
        let analysis = text.withUnsafeBufferPointer { buffer in
            analyzer.analyze(text: buffer, runs: [AttributeRunInput(range: 0..<split, attributes: [.font: serif]),
                                                 AttributeRunInput(range: split..<text.count, attributes: [.font: sans])],
                             paragraphStyle: .default)
        }
        let hearts = analysis.glyphs.runs.filter { text[$0.characterRange.lowerBound] == 0x2764 }
            .map { analysis.glyphs.fonts[Int($0.font)].familyName == "Noto Color Emoji" }
        #expect(hearts == [true, false, true, true])
        let han = analysis.glyphs.runs.first { text[$0.characterRange.lowerBound] == 0x6771 }
        #expect(han.map { analysis.glyphs.fonts[Int($0.font)].familyName }?.contains("CJK") == true)
    }

    /// A font is never chosen for a space alone (as in Pango): the spaces between words of a
    /// script the primary font lacks stay in the fallback font, so the sentence is one run; a
    /// space after text in the primary font stays there.
    @Test func spacesBetweenWordsInAFallbackFontStayInIt() throws {
        let serif = TestFonts.dejaVuSerif()
        let (analysis, text) = TestFonts.analyze("abc مرحبا بالعالم الجميل def", [.font: serif])
        let fonts = analysis.glyphs.runs.map { analysis.glyphs.fonts[Int($0.font)] }
        let arabic = try #require(analysis.glyphs.runs.firstIndex { text[$0.characterRange.lowerBound] == 0x645 })
        // "abc " in DejaVu Serif; the Arabic words and the spaces between them in one fallback
        // run; the space before "def" (left to right, between the two directions) and "def" in
        // DejaVu Serif again.
        #expect(analysis.glyphs.runs.map(\.characterRange) == [0..<4, 4..<24, 24..<25, 25..<28])
        #expect(arabic == 1)
        #expect(fonts[1] !== serif && fonts[0] === serif && fonts[2] === serif && fonts[3] === serif)
        // Spaces that no fallback font precedes are the primary font's.
        let (latin, _) = TestFonts.analyze("a b\u{2009}c", [.font: serif])
        #expect(latin.glyphs.runs.count == 1)
        // Not in an emoji font: its space is as wide as an emoji.
        let (emoji, emojiText) = TestFonts.analyze("a \u{1F600} b", [.font: serif])
        let space = try #require(emoji.glyphs.runs.first { emojiText[$0.characterRange.lowerBound] == 0x20 && $0.characterRange.lowerBound > 2 })
        #expect(emoji.glyphs.fonts[Int(space.font)] === serif)
    }

    @Test func theWordCacheServesRepeatedWords() {
        let cache = ShapedWordCache()
        let text = Array(String(repeating: "the cat and the hat ", count: 50).utf16)
        _ = text.withUnsafeBufferPointer { buffer in
            ParagraphAnalyzer(cache: cache).analyze(text: buffer, runs: [AttributeRunInput(range: 0..<text.count, attributes: [.font: TestFonts.dejaVuSerif()])], paragraphStyle: .default)
        }
        let stats = cache.statistics
        #expect(stats.misses == 4)  // "the ", "cat ", "and ", "hat "
        #expect(stats.hits == 250 - 4)
    }

    @Test func thaiBreaksBetweenWords() {
        // "สวัสดีครับ" (hello) + "ยินดีต้อนรับ" (welcome): ICU's dictionary finds word boundaries.
        let (analysis, text) = TestFonts.analyze("สวัสดีครับยินดีต้อนรับ", [.font: TestFonts.dejaVuSans()])
        let ends = analysis.segments.map { Int($0.end) }
        #expect(ends.count >= 3)
        #expect(ends.last == text.count)
    }
}

/// ICU 72 reports a hard-break rule status for every dictionary boundary in a Thai stretch that
/// precedes the paragraph's end; a line must still carry several Thai words.
@Test func thaiWordBoundariesAreSoftBreaks() {
    let text = "ชื่อของกลุ่มการกระทำ ฉลากแบบสั้นที่สามารถใช้กับปุ่มในแถบเครื่องมือได้\n"
    let lines = TestFonts.lines(text, [.font: TestFonts.dejaVuSerif()], width: 400)
    #expect(lines.count == 1)
    let (analysis, _) = TestFonts.analyze(text, [.font: TestFonts.dejaVuSerif()])
    #expect(analysis.segments.filter { $0.flags.contains(.hardBreak) }.count == 1)
}
