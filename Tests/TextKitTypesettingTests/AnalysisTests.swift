import Testing
@testable import TextKitTypesetting

@Suite("Hyphenation, scripts and bidi levels")
struct AnalysisTests {
    static func hyphenate(_ word: String, _ language: String) throws -> String {
        let hyphenator = try #require(Hyphenator.forLanguage(language))
        let units = Array(word.utf16)
        let points = units.withUnsafeBufferPointer { hyphenator.hyphenationPoints(in: $0) }
        var result = ""
        var last = 0
        for p in points + [units.count] {
            result += String(decoding: units[last..<p], as: UTF16.self)
            if p < units.count { result += "-" }
            last = p
        }
        return result
    }

    @Test func englishWordsHyphenateWhereTeXPatternsSay() throws {
        #expect(try Self.hyphenate("hyphenation", "en-US") == "hy-phen-ation")
        #expect(try Self.hyphenate("typesetting", "en") == "type-set-ting")
        #expect(try Self.hyphenate("Internationalization", "en_US") == "In-ter-na-tion-al-iza-tion")
        // Too short for lefthyphenmin 2 + righthyphenmin 3.
        #expect(try Self.hyphenate("an", "en") == "an")
    }

    @Test func germanAndFrenchDictionariesHandleTheirCharsets() throws {
        // hyph_de_DE.dic is ISO 8859-1, hyph_fr.dic is UTF-8.
        let german = try Self.hyphenate("Silbentrennung", "de-DE")
        #expect(german == "Sil-ben-tren-nung")
        let withUmlaut = try Self.hyphenate("Tür­schließer".replacingOccurrences(of: "\u{AD}", with: ""), "de")
        #expect(withUmlaut.contains("-") && withUmlaut.replacingOccurrences(of: "-", with: "") == "Türschließer")
        let french = try Self.hyphenate("développement", "fr")
        #expect(french.contains("-") && french.replacingOccurrences(of: "-", with: "") == "développement")
        #expect(Hyphenator.forLanguage("xx-Nowhere") == nil)
    }

    @Test func scriptRunsGiveNeutralsToTheirNeighbours() {
        // The closing bracket takes the script of its opening bracket (Cyrillic here).
        let text = Array("Hello, мир! (שלום) 日本語。".utf16)
        let runs = text.withUnsafeBufferPointer { ScriptItemizer.runs(in: $0) }
        let names = runs.map { "\($0.script.isoName):\(String(decoding: text[$0.range], as: UTF16.self))" }
        #expect(names == ["Latn:Hello, ", "Cyrl:мир! (", "Hebr:שלום", "Cyrl:) ", "Hani:日本語。"])
    }

    @Test func latinTextNeedsNoBidiObject() {
        let latin = Array("Plain English text, 123.".utf16)
        let bidi = latin.withUnsafeBufferPointer { BidiParagraph(text: $0, direction: .natural) }
        #expect(bidi.isUniformlyLeftToRight)
        let mixed = Array("abc אבג".utf16)
        let resolved = mixed.withUnsafeBufferPointer { BidiParagraph(text: $0, direction: .natural) }
        #expect(resolved.baseLevel == 0)
        #expect(resolved.levels == [0, 0, 0, 0, 1, 1, 1])
        let hebrewFirst = Array("אבג abc".utf16)
        let rtl = hebrewFirst.withUnsafeBufferPointer { BidiParagraph(text: $0, direction: .natural) }
        #expect(rtl.baseLevel == 1)
        #expect(rtl.levels == [1, 1, 1, 1, 2, 2, 2])
        #expect(BidiReordering.visualOrder(levels: [1, 2, 1]) == [2, 1, 0])
    }
}
