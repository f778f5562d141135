import Testing
@testable import TextKitTypesetting

/// The line filler on synthetic glyphs (every character one glyph, 10 pt wide, spaces 5 pt), so
/// the breaking rules are tested apart from fonts.
@Suite("Greedy line filling")
struct LineFitterTests {
    static func glyphs(_ text: [UInt16], advance: Float = 10, space: Float = 5) -> ParagraphGlyphs {
        let p = ParagraphGlyphs()
        p.length = text.count
        for (i, unit) in text.enumerated() {
            var flags: GlyphFlags = [.clusterStart]
            var a = advance
            switch unit {
            case 0x20: flags.insert(.whitespace); a = space
            case 0x0A, 0x2028: flags.formUnion([.control, .lineBreak, .whitespace]); a = 0
            case 0x09: flags.formUnion([.tab, .whitespace, .control]); a = 0
            default: break
            }
            p.glyphs.append(UInt16(truncatingIfNeeded: unit))
            p.advances.append(a)
            p.clusters.append(Int32(i))
            p.flags.append(flags)
        }
        p.runs = [GlyphRun(glyphRange: 0..<text.count, characterRange: 0..<text.count, style: 0, level: 0, script: .latin, font: 0)]
        return p
    }

    /// Breaks `string` into lines of `width` points and returns them as strings.
    static func lines(_ string: String, width: Float, settings: LineBreakSettings = LineBreakSettings()) -> [String] {
        let text = Array(string.utf16)
        let g = glyphs(text)
        return text.withUnsafeBufferPointer { buffer in
            let fitter = LineFitter(glyphs: g, segments: g.breakSegments(text: buffer), text: buffer, settings: settings)
            var result: [String] = []
            var start = 0
            while start < text.count {
                let line = fitter.fitLine(from: start, lineStartX: 0, lineEndX: width)
                #expect(line.characters.lowerBound == start && line.characters.upperBound > start)
                result.append(String(decoding: text[line.characters], as: UTF16.self))
                start = line.characters.upperBound
            }
            return result
        }
    }

    @Test func wordsFillLinesGreedilyAndSpacesHang() {
        // "aaa bbb" is 65 pt; "aaa bbb ccc" is 100.
        #expect(Self.lines("aaa bbb ccc ddd", width: 65) == ["aaa bbb ", "ccc ddd"])
        #expect(Self.lines("aaa bbb ccc ddd", width: 64.9) == ["aaa ", "bbb ", "ccc ", "ddd"])
        #expect(Self.lines("aaa   bbb", width: 30) == ["aaa   ", "bbb"])
    }

    @Test func hardBreaksEndLines() {
        #expect(Self.lines("aa\u{2028}bb cc", width: 1000) == ["aa\u{2028}", "bb cc"])
    }

    @Test func aSixtyCharacterWordFitsAFiftyPointLineByBreaking() {
        let word = String(repeating: "x", count: 60)
        let lines = Self.lines(word, width: 50)
        #expect(lines.count == 12)
        #expect(lines.allSatisfy { $0.utf16.count == 5 })
    }

    @Test func charWrappingBreaksAnywhere() {
        var settings = LineBreakSettings()
        settings.mode = .byCharWrapping
        #expect(Self.lines("abc defgh", width: 50, settings: settings) == ["abc d", "efgh"])
    }

    @Test func clippingNeverWraps() {
        var settings = LineBreakSettings()
        settings.mode = .byClipping
        #expect(Self.lines("aaa bbb ccc\u{2028}dd", width: 20, settings: settings) == ["aaa bbb ccc\u{2028}", "dd"])
    }

    @Test func theDelegateCanForbidABreak() {
        var settings = LineBreakSettings()
        // Forbid breaking before "ccc" (offset 8): "bbb ccc" must move together.
        settings.shouldBreakByWord = { $0 != 8 }
        #expect(Self.lines("aaa bbb ccc", width: 70) == ["aaa bbb ", "ccc"])
        #expect(Self.lines("aaa bbb ccc", width: 70, settings: settings) == ["aaa ", "bbb ccc"])
    }

    @Test func hyphenationHappensAtOneAndNeverAtZero() throws {
        let hyphenator = try #require(Hyphenator.forLanguage("en-US"))
        var settings = LineBreakSettings()
        settings.hyphenator = hyphenator
        settings.hyphenWidth = { _ in 10 }
        let text = "a hyphenation"
        settings.hyphenationFactor = 0
        // Without hyphenation the 110 pt word is broken by character.
        #expect(Self.lines(text, width: 80, settings: settings) == ["a ", "hyphenat", "ion"])
        settings.hyphenationFactor = 1
        // "a hy-" is 15 + 20 + 10 = 45; "a hyphen-" 15 + 60 + 10 = 85 > 80; then "phen-" inside
        // the same word (hy-phen-ation) because "phenation" (90) does not fit either.
        #expect(Self.lines(text, width: 80, settings: settings) == ["a hy", "phen", "ation"])
        #expect(Self.lines(text, width: 110, settings: settings) == ["a hyphen", "ation"])
        settings.shouldBreakByHyphenating = { _ in false }
        #expect(Self.lines(text, width: 110, settings: settings) == ["a ", "hyphenation"])
    }

    @Test func aLowHyphenationFactorOnlyHyphenatesVeryEmptyLines() throws {
        var settings = LineBreakSettings()
        settings.hyphenator = try #require(Hyphenator.forLanguage("en-US"))
        settings.hyphenationFactor = 0.1
        settings.hyphenWidth = { _ in 10 }
        // "a " fills 10 of 90 (0.11 ≥ 0.1): no hyphen on the first line. The word alone is too
        // wide for a line, and hyphenating it beats breaking it at an arbitrary letter.
        #expect(Self.lines("a hyphenation", width: 90, settings: settings) == ["a ", "hyphen", "ation"])
    }

    @Test func decimalTabsAlignTheDecimalPoint() {
        let text = Array("\t1.5\n".utf16)
        let text2 = Array("\t123.25\n".utf16)
        var settings = LineBreakSettings()
        settings.tabStops = TabStopList(stops: [ResolvedTabStop(location: 100, alignment: .decimal(terminators: [0x2E]))])
        for t in [text, text2] {
            let g = Self.glyphs(t)
            t.withUnsafeBufferPointer { buffer in
                let fitter = LineFitter(glyphs: g, segments: g.breakSegments(text: buffer), text: buffer, settings: settings)
                let line = fitter.fitLine(from: 0, lineStartX: 0, lineEndX: 500)
                // The digits before "." end exactly at 100.
                let digitsBefore = Float(t.firstIndex(of: 0x2E)! - 1) * 10
                #expect(line.tabAdvances.first?.advance == 100 - digitsBefore)
            }
        }
    }

    @Test func rightAndLeftTabStops() {
        let text = Array("a\tbb\tc".utf16)
        var settings = LineBreakSettings()
        settings.tabStops = TabStopList(stops: [ResolvedTabStop(location: 50, alignment: .left),
                                                ResolvedTabStop(location: 200, alignment: .right)])
        let g = Self.glyphs(text)
        text.withUnsafeBufferPointer { buffer in
            let fitter = LineFitter(glyphs: g, segments: g.breakSegments(text: buffer), text: buffer, settings: settings)
            let line = fitter.fitLine(from: 0, lineStartX: 0, lineEndX: 500)
            #expect(line.tabAdvances.map(\.advance) == [40, 200 - 70 - 10])
            #expect(line.width == 200)
        }
    }
}
