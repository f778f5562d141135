import ModelTestSupport
import Testing
@testable import TextKitTypesetting
import TextKitFonts
import TextKitModel

/// Caret and offset queries of single placed lines: ligatures, bidi, grapheme clusters.
@Suite("Line carets")
struct CaretTests {
    /// One line of `string` (wide enough never to wrap), placed from x = 0.
    struct Line {
        let analysis: ParagraphAnalysis
        let text: [UInt16]
        let placed: PlacedLine
        let carets: LineCarets
    }

    static func line(_ string: String, font: UIFont, style: NSParagraphStyle = .default, width: Float = 5000) -> Line {
        let (analysis, text) = TestFonts.analyze(string, [.font: font], style: style)
        return text.withUnsafeBufferPointer { buffer in
            let fitter = LineFitter(glyphs: analysis.glyphs, segments: analysis.segments, text: buffer, settings: LineBreakSettings())
            let fitted = fitter.fitLine(from: 0, lineStartX: 0, lineEndX: width)
            let placed = LinePlacer(analysis: analysis, text: buffer)
                .place(fitted, lineStartX: 0, lineEndX: width, isLastLineOfParagraph: true)
            return Line(analysis: analysis, text: text, placed: placed, carets: placed.carets(in: analysis, text: buffer))
        }
    }

    static func graphemeBoundaries(_ string: String) -> [Int] {
        var result = [0]
        var offset = 0
        for character in string {
            offset += character.utf16.count
            result.append(offset)
        }
        return result
    }

    @Test func ligatureFFIInLibertineHasCaretsInsideIt() throws {
        let font = TestFonts.libertine(20)
        let line = Self.line("office", font: font)
        // o, ffi, c, e: four glyphs for six characters.
        #expect(line.analysis.glyphs.count == 4)
        let carets = line.carets
        #expect(carets.graphemes.count == 6)
        let xs = (0...6).map { carets.offset(forCharacter: $0).primary }
        // Every insertion point has its own caret, strictly left to right.
        for i in 1...6 { #expect(xs[i] > xs[i - 1], "caret \(i) at \(xs[i]) not right of \(xs[i - 1])") }
        // Carets 2 and 3 lie inside the ligature glyph, whose box is carets 1...4.
        let (positions, advances) = line.placed.glyphPositions(in: line.analysis.glyphs)
        #expect(abs(xs[1] - positions[1]) < 0.001)
        #expect(abs(xs[4] - (positions[1] + advances[1])) < 0.001)
        // From the font's GDEF caret list: Libertine has two carets for f_f_i (not at thirds).
        let gdef = font.ligatureCaretPositions(forGlyph: line.analysis.glyphs.glyphs[1])
        #expect(gdef.count == 2)
        let expected = gdef.map { Float($0) }
        #expect(abs(expected[0] - advances[1] / 3) > 0.2)
        #expect(abs(xs[2] - positions[1] - expected[0]) < 0.01)
        #expect(abs(xs[3] - positions[1] - expected[1]) < 0.01)
        // Hit testing inside the ligature finds the nearest inner caret.
        #expect(carets.characterIndex(forX: xs[2] + 0.4) == 2)
        #expect(carets.characterIndex(forX: (xs[2] + xs[3]) / 2 + 0.3) == 3)
        let hit = try #require(carets.hit(x: (xs[2] + xs[3]) / 2))
        #expect(carets.graphemes[hit.grapheme].characters == 2..<3)
        #expect(abs(hit.fraction - 0.5) < 0.01)
    }

    @Test func ligatureWithoutFontCaretsIsDividedEvenly() throws {
        // DejaVu Serif's "ffl" ligature (uniFB04): three clusters in one glyph.
        let font = TestFonts.dejaVuSerif(20)
        let line = Self.line("affluent", font: font)
        let (positions, advances) = line.placed.glyphPositions(in: line.analysis.glyphs)
        let ligature = try #require((0..<line.analysis.glyphs.count).first { line.analysis.glyphs.clusters[$0] == 1 })
        #expect(line.analysis.glyphs.clusters[ligature + 1] == 4, "ffl should be one glyph")
        let gdef = font.ligatureCaretPositions(forGlyph: line.analysis.glyphs.glyphs[ligature])
        let inner = gdef.count == 2 ? gdef.map { Float($0) } : [advances[ligature] / 3, advances[ligature] * 2 / 3]
        #expect(abs(line.carets.offset(forCharacter: 2).primary - positions[ligature] - inner[0]) < 0.01)
        #expect(abs(line.carets.offset(forCharacter: 3).primary - positions[ligature] - inner[1]) < 0.01)
    }

    @Test func hebrewInsideAnEnglishLineRunsRightToLeft() {
        // a0 b1 c2 ␠3 א4 ב5 ג6 ␠7 d8 e9 f10, end 11.
        let line = Self.line("abc אבג def", font: TestFonts.dejaVuSans(16))
        let carets = line.carets
        #expect(carets.baseLevel == 0)
        let hebrew = carets.graphemes[4...6]
        #expect(hebrew.allSatisfy { $0.isRightToLeft })
        // Reversed: aleph is rightmost, gimel leftmost; the run sits between the two spaces.
        #expect(hebrew[4].minX > hebrew[5].minX && hebrew[5].minX > hebrew[6].minX)
        #expect(abs(hebrew[6].minX - carets.graphemes[3].maxX) < 0.001)
        #expect(abs(hebrew[4].maxX - carets.graphemes[7].minX) < 0.001)

        // Two carets at each bidi boundary, one elsewhere.
        for offset in [4, 7] {
            let caret = carets.offset(forCharacter: offset)
            #expect(abs(caret.primary - caret.secondary) > 1, "offset \(offset) should have two carets")
        }
        for offset in [1, 2, 5, 6, 9] {
            let caret = carets.offset(forCharacter: offset)
            #expect(caret.primary == caret.secondary, "offset \(offset) should have one caret")
        }
        // Offset 4's primary caret is aleph's leading (right) edge; its secondary the space's end.
        #expect(carets.offset(forCharacter: 4).primary == hebrew[4].maxX)
        #expect(carets.offset(forCharacter: 4).secondary == carets.graphemes[3].maxX)

        // Moving right visits every insertion point exactly once, never moving left.
        let stops = carets.visualStops
        #expect(stops.map(\.offset).sorted() == Array(0...11))
        for i in 1..<stops.count { #expect(stops[i].x >= stops[i - 1].x) }
        // Through the Hebrew word the offsets count down.
        #expect(stops.map(\.offset) == [0, 1, 2, 3, 4, 6, 5, 7, 8, 9, 10, 11])
        // Each stop's x is one of its offset's two carets.
        for stop in stops {
            let caret = carets.offset(forCharacter: stop.offset)
            #expect(stop.x == caret.primary || stop.x == caret.secondary)
        }
        // Clicking the right half of aleph gives the insertion point before it (offset 4).
        #expect(carets.characterIndex(forX: hebrew[4].maxX - 0.5) == 4)
        #expect(carets.characterIndex(forX: hebrew[4].minX + 0.5) == 5)
        #expect(carets.characterIndex(forX: carets.endEdgeX + 30) == 11)
        #expect(carets.characterIndex(forX: -30) == 0)
        #expect(carets.characterIndex(forX: (hebrew[5].minX + hebrew[5].maxX) / 2 + 0.5) == 5)
        #expect(carets.characterIndex(forX: (hebrew[5].minX + hebrew[5].maxX) / 2 - 0.5) == 6)
    }

    @Test func rightToLeftParagraphWithEnglishHasConsistentCarets() {
        let style = NSMutableParagraphStyle()
        style.baseWritingDirection = .rightToLeft
        // א0 ב1 ג2 ␠3 a4 b5 c6 ␠7 ד8 ה9, end 10.
        let line = Self.line("אבג abc דה", font: TestFonts.dejaVuSans(16), style: style)
        let carets = line.carets
        #expect(carets.baseLevel == 1)
        let stops = carets.visualStops
        #expect(stops.map(\.offset).sorted() == Array(0...10))
        #expect(stops.first?.offset == 10 && stops.last?.offset == 0)
        for i in 1..<stops.count { #expect(stops[i].x >= stops[i - 1].x) }
        // The line starts at its right edge and ends at its left edge.
        #expect(carets.startEdgeX > carets.endEdgeX)
        #expect(carets.offset(forCharacter: 0).primary == carets.startEdgeX)
        #expect(carets.offset(forCharacter: 10).primary == carets.endEdgeX)
        // The English word reads left to right inside it.
        #expect(carets.offset(forCharacter: 5).primary < carets.offset(forCharacter: 6).primary)
        #expect(abs(carets.offset(forCharacter: 4).primary - carets.offset(forCharacter: 4).secondary) > 1)
    }

    /// Regression: a right-to-left line's trailing space stands visually first (left of the text)
    /// and must hang past the line's end there; the text itself ends flush with the right margin.
    @Test func rightToLeftTrailingSpaceHangsLeftOfARightAlignedLine() {
        let style = NSMutableParagraphStyle()
        style.baseWritingDirection = .rightToLeft
        let line = Self.line("שלום עולם ", font: TestFonts.dejaVuSans(16), style: style, width: 300)
        let carets = line.carets
        let content = carets.graphemes[0..<9]
        let space = carets.graphemes[9]
        #expect(abs(content.map(\.maxX).max()! - 300) < 0.001, "text ends at the right margin")
        #expect(space.maxX <= content.map(\.minX).min()! + 0.001, "the trailing space is left of the text")
        #expect(abs(line.placed.contentOriginX - content.map(\.minX).min()!) < 0.001)
        #expect(abs(line.placed.contentOriginX + line.placed.usedWidth - 300) < 0.001)
    }

    @Test func numbersInsideHebrewInsideEnglishVisitEveryPositionOnce() {
        // Three levels: English (0), Hebrew (1), digits (2).
        for string in ["ab אב 12 גד cd", "x א1ב y", "שלום 123 עולם", "abc אבג", "אבג abc"] {
            let carets = Self.line(string, font: TestFonts.dejaVuSans(14)).carets
            let count = string.utf16.count
            #expect(carets.visualStops.map(\.offset).sorted() == Array(0...count), "\(string)")
            for i in 1..<carets.visualStops.count {
                #expect(carets.visualStops[i].x >= carets.visualStops[i - 1].x - 0.001, "\(string)")
            }
        }
    }

    @Test func thaiCaretsStopAtGraphemeClusters() throws {
        let string = "น้ำใจดีมาก ภาษาไทย"
        let line = Self.line(string, font: TestFonts.font("/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf", 18))
        let carets = line.carets
        let expected = Self.graphemeBoundaries(string)
        // "น้ำ" is one cluster of three code units: no caret inside it.
        #expect(expected.prefix(2) == [0, 3])
        #expect(carets.graphemes.map(\.characters.lowerBound) + [string.utf16.count] == expected)
        #expect(carets.visualStops.map(\.offset) == expected)
        #expect(!carets.isInsertionPoint(1) && !carets.isInsertionPoint(2) && carets.isInsertionPoint(3))
        // An offset inside a cluster gets the cluster's caret.
        #expect(carets.offset(forCharacter: 1) == carets.offset(forCharacter: 0))
        #expect(carets.offset(forCharacter: 3).primary > carets.offset(forCharacter: 0).primary)
        // Every caret lies on a glyph edge or inside a glyph's box, left to right.
        let xs = expected.map { carets.offset(forCharacter: $0).primary }
        for i in 1..<xs.count { #expect(xs[i] > xs[i - 1], "caret \(expected[i]) not right of caret \(expected[i - 1])") }
    }

    @Test func tenThousandCombiningMarksAreOneCaretStop() {
        let string = "e" + String(repeating: "\u{301}", count: 10_000) + "x"
        let carets = Self.line(string, font: TestFonts.dejaVuSans(12)).carets
        #expect(carets.graphemes.count == 2)
        #expect(carets.visualStops.map(\.offset) == [0, 10_001, 10_002])
    }

    /// ASCII lines take a path without ICU (every offset a boundary but inside CR LF): the same
    /// graphemes as Unicode's segmentation (Swift's `Character`), with control characters, and a
    /// carriage return or CR LF ending the paragraph (both are paragraph separators).
    @Test func asciiLinesStopAtEveryGraphemeBoundary() {
        var generator = SeededGenerator.forTest()
        let pool: [UInt8] = Array(0x20...0x7E) + [0x01, 0x07, 0x08, 0x09, 0x0E, 0x1B, 0x7F]
        var strings = ["plain text, every character its own stop", "x\r", "ab\r\n", "\r\n", "\t\u{7F}\u{1}"]
        for _ in 0..<40 {
            let bytes = (0..<Int.random(in: 1...60, using: &generator)).map { _ in pool.randomElement(using: &generator)! }
            strings.append(String(decoding: bytes, as: UTF8.self))
        }
        for string in strings {
            let carets = Self.line(string, font: TestFonts.dejaVuSans(12)).carets
            let boundaries = Self.graphemeBoundaries(string)
            #expect(carets.graphemes.map(\.characters) == zip(boundaries, boundaries.dropFirst()).map { $0..<$1 },
                    "graphemes of \(Array(string.utf16))")
            #expect(Set(carets.visualStops.map(\.offset)) == Set(boundaries))
        }
    }

    /// Plain lines (ASCII, a glyph per character, left to right, not truncated) take a path of
    /// their own: the carets it makes are those of the general path, for lines that take it and
    /// for lines that must not (a ligature, a combining mark, Hebrew, an RTL paragraph).
    @Test func plainLinePathMakesTheGeneralPathsCarets() {
        var generator = SeededGenerator.forTest()
        let pool: [UInt8] = Array(0x20...0x7E) + [0x09, 0x01]
        var strings = ["office fluffy", "e\u{301}te", "abc \u{5D0}\u{5D1} def", "x", "trailing spaces   ", "ends\n"]
        for _ in 0..<30 {
            strings.append(String(decoding: (0..<Int.random(in: 1...80, using: &generator)).map { _ in pool.randomElement(using: &generator)! }, as: UTF8.self))
        }
        let rightToLeft = NSMutableParagraphStyle()
        rightToLeft.baseWritingDirection = .rightToLeft
        var plain = 0
        for (string, font) in strings.flatMap({ s in [(s, TestFonts.dejaVuSans(12)), (s, TestFonts.libertine(14))] }) {
            for style in [NSParagraphStyle.default, rightToLeft] {
                let line = Self.line(string, font: font, style: style)
                let (general, fast) = line.text.withUnsafeBufferPointer { text in
                    (line.placed.carets(in: line.analysis, text: text, positions: nil, takesPlainLinePath: false),
                     line.placed.carets(in: line.analysis, text: text, positions: nil, takesPlainLinePath: true))
                }
                #expect(fast == general, "\(Array(string.utf16))")
                let (xs, advances) = line.placed.glyphPositions(in: line.analysis.glyphs)
                if line.text.withUnsafeBufferPointer({
                    CaretBuilder(line: line.placed, analysis: line.analysis, text: $0, xs: xs, advances: advances).buildPlainLine() != nil
                }) { plain += 1 }
            }
        }
        #expect(plain > 20, "lines that took the plain path: \(plain)")
    }

    @Test func typographicBoundsCountTrailingWhiteSpace() {
        let font = TestFonts.dejaVuSerif(20)
        let bare = Self.line("Typeset", font: font).placed
        let spaced = Self.line("Typeset   ", font: font).placed
        let space = Float(font.advance(forGlyph: font.glyph(for: " ")!))
        #expect(abs(spaced.trailingWhitespaceWidth - 3 * space) < 0.01)
        #expect(bare.trailingWhitespaceWidth == 0)
        #expect(abs(spaced.typographicBounds.width - bare.typographicBounds.width - 3 * space) < 0.01)
        #expect(abs(spaced.typographicBounds.width - spaced.usedWidth - 3 * space) < 0.01)
        let bounds = bare.typographicBounds
        #expect(abs(bounds.ascent - Float(font.ascender)) < 0.01)
        #expect(abs(bounds.descent + Float(font.descender)) < 0.01)
    }

    @Test func imageBoundsEncloseTheInkOnly() {
        let font = TestFonts.dejaVuSerif(40)
        let caps = Self.line("HH", font: font)
        let image = caps.placed.imageBounds(in: caps.analysis)
        // Capitals sit on the baseline (y down: ink above is negative) and reach cap height.
        #expect(abs(image.maxY) < 1)
        #expect(abs(-image.minY - font.capHeight) < 1.5)
        #expect(image.minX > 0 && image.maxX < CGFloat(caps.placed.usedWidth))
        let descender = Self.line("gy", font: font)
        #expect(descender.placed.imageBounds(in: descender.analysis).maxY > 5)
        let blank = Self.line("   ", font: font)
        #expect(blank.placed.imageBounds(in: blank.analysis).isNull)
    }

    @Test func insertionPointsInDisplayOrderAndAlternates() {
        let carets = Self.line("abc אבג", font: TestFonts.dejaVuSans(16)).carets
        let logical = carets.insertionPoints(alternatePositions: false, inDisplayOrder: false)
        #expect(logical.map(\.offset) == Array(0...7))
        let display = carets.insertionPoints(alternatePositions: false, inDisplayOrder: true)
        for i in 1..<display.count { #expect(display[i].x >= display[i - 1].x) }
        let alternate = carets.insertionPoints(alternatePositions: true, inDisplayOrder: false)
        // Offset 4 (where the Hebrew starts) has its secondary caret after the space.
        #expect(alternate[4].x == carets.graphemes[3].maxX)
        #expect(logical[4].x == carets.graphemes[4].maxX)
        // The end of the line: primary at the right edge of the line, secondary at the Hebrew's end.
        #expect(logical[7].x == carets.endEdgeX)
        #expect(alternate[7].x == carets.graphemes[6].minX)
        #expect(carets.visualSpans(of: 2..<5).count == 2)
        #expect(carets.visualSpans(of: 4..<7).count == 1)
    }
}
