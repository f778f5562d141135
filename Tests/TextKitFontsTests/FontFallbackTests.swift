import Foundation
import Testing
@testable import TextKitFonts

@Suite("Font fallback")
struct FontFallbackTests {
    let dejaVuSans: UIFont

    init() throws {
        dejaVuSans = try #require(UIFont(name: "DejaVu Sans", size: 15))
    }

    @Test("A character the font has is drawn with the font itself")
    func ownGlyph() {
        #expect(dejaVuSans.fallbackFont(for: "A") === dejaVuSans)
        #expect(dejaVuSans.fallbackFont(for: "Ж") === dejaVuSans)
    }

    @Test("A CJK character under DejaVu Sans falls back to a Noto Sans CJK face of the same size")
    func cjkFallback() throws {
        let font = try #require(dejaVuSans.fallbackFont(for: "日"))
        #expect(font.familyName.hasPrefix("Noto Sans CJK"))
        #expect(font.face.url.path == TestFonts.notoSansCJK.path)
        #expect(font.pointSize == 15)
        #expect(font.glyph(for: "日") != nil)
        // The next Han character stays in the same face; a repeated query gives an equal font.
        #expect(dejaVuSans.fallbackFont(for: "本")?.face === font.face)
        #expect(dejaVuSans.fallbackFont(for: "日") == font)
        // The font keeps what fallback found: one font object per fallback face, not one a query.
        #expect(dejaVuSans.fallbackFont(for: "本") === font)
    }

    @Test("Bold text falls back to the bold CJK face")
    func boldCJKFallback() throws {
        let bold = try #require(UIFont(name: "DejaVuSans-Bold", size: 15))
        let font = try #require(bold.fallbackFont(for: "語"))
        #expect(font.face.url.lastPathComponent == "NotoSansCJK-Bold.ttc")
        #expect(font.syntheticTraits.isEmpty)
    }

    @Test("😀 goes to Noto Color Emoji although DejaVu Sans has a monochrome glyph for it")
    func emojiPresentation() throws {
        #expect(dejaVuSans.glyph(for: "😀") != nil)
        let emoji = try #require(dejaVuSans.fallbackFont(for: "😀"))
        #expect(emoji.familyName == "Noto Color Emoji")
        #expect(emoji.face.hasColorGlyphs)
        #expect(emoji.syntheticTraits.isEmpty)
        // Text presentation (U+FE0E) keeps the text font's glyph.
        #expect(dejaVuSans.fallbackFont(for: "😀", presentation: .text) === dejaVuSans)
    }

    @Test("A character with text presentation by default stays in the text font unless emoji is asked")
    func textDefaultEmoji() throws {
        // U+2764 HEAVY BLACK HEART: Emoji=Yes, Emoji_Presentation=No.
        #expect(dejaVuSans.fallbackFont(for: "\u{2764}") === dejaVuSans)
        #expect(dejaVuSans.fallbackFont(for: "\u{2764}", presentation: .emoji)?.familyName == "Noto Color Emoji")
    }

    @Test("A character no installed font has gives nil")
    func noFont() {
        #expect(dejaVuSans.fallbackFont(for: "\u{10FFFD}") == nil)
        #expect(dejaVuSans.fallbackFonts(for: "\u{10FFFD}").isEmpty)
    }

    @Test("Characters no installed font covers leave no cache entry, and the per-character cache stays bounded")
    func scalarCacheIsBounded() throws {
        // A chain of its own, so that other tests' queries do not count.
        let chain = FallbackChain(primary: dejaVuSans.face, query: FontQuery(family: "DejaVu Sans"), cascade: [])
        // Planes 4 to 13 are unassigned: nothing installed covers them. (Noto Color Emoji has a
        // few private-use characters of plane 15.)
        for value in stride(from: UInt32(0x40000), to: 0xE0000, by: 3) {
            #expect(chain.face(for: Unicode.Scalar(value)!, preferColor: false) == nil)
        }
        #expect(chain.cachedScalarCount == 0)
        // Every scalar of the first three planes: more covered characters than the cache keeps.
        var found = 0, largest = 0
        for value in UInt32(0)..<0x30000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if chain.face(for: scalar, preferColor: false) != nil { found += 1 }
            largest = max(largest, chain.cachedScalarCount)
        }
        #expect(found > FallbackChain.scalarCacheLimit)
        #expect(largest == FallbackChain.scalarCacheLimit)
        // What the cache answers after starting again is what a search answers (characters of
        // the Common script, which the face last chosen for a script does not answer).
        for scalar in ["\u{20AC}", "\u{2192}", "\u{1F600}", "\u{2603}"] as [Unicode.Scalar] {
            #expect(chain.face(for: scalar, preferColor: false) === chain.allFaces(for: scalar).first)
        }
    }

    @Test("Fallback chains share one union of the installed faces' coverage, and their table is bounded")
    func chainsShareCoverage() throws {
        let serif = try #require(UIFont(name: "DejaVu Serif", size: 12))
        let a = FallbackChain(primary: dejaVuSans.face, query: FontQuery(family: "DejaVu Sans"), cascade: [])
        let b = FallbackChain(primary: serif.face, query: FontQuery(family: "DejaVu Serif", italic: true), cascade: [])
        #expect(a.coverage != nil && a.coverage == b.coverage)
        // More (primary, style) pairs than the table keeps: it starts again rather than grow.
        for weight in stride(from: -0.8, through: 0.8, by: 0.1) {
            for family in ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono"] {
                for italic in [false, true] {
                    for width in stride(from: -1.0, through: 1.0, by: 0.25) {
                        var query = FontQuery(family: family)
                        query.weight = UIFont.Weight(weight)
                        query.italic = italic
                        query.width = width
                        _ = FallbackChains.chain(primary: dejaVuSans.face, query: query, cascade: [])
                    }
                }
            }
        }
        #expect(FallbackChains.count <= FallbackChains.limit)
    }

    @Test("Font resolution keeps at most a few thousand answers, whatever names a document asks for")
    func resolutionCacheIsBounded() {
        for n in 0..<(FontResolver.cacheLimit + 500) {
            _ = UIFont(descriptor: UIFontDescriptor(name: "No Such Family \(n)", size: 12), size: 12)
        }
        #expect(FontResolver.cachedCount <= FontResolver.cacheLimit)
    }

    @Test("The descriptor's cascade list comes before fontconfig's order")
    func cascadeList() throws {
        // U+E000 (a private-use glyph of the Libertine fonts): fontconfig's first choice under
        // DejaVu Sans is Linux Libertine O; a cascade list naming Linux Biolinum O wins.
        #expect(dejaVuSans.fallbackFont(for: "\u{E000}")?.familyName == "Linux Libertine O")
        let cascade = dejaVuSans.fontDescriptor.addingAttributes([
            .cascadeList: [UIFontDescriptor(fontAttributes: [.family: "Linux Biolinum O"])],
        ])
        let font = UIFont(descriptor: cascade, size: 15)
        #expect(font.face === dejaVuSans.face)
        #expect(font.fallbackFont(for: "\u{E000}")?.familyName == "Linux Biolinum O")
        #expect(font.fallbackFont(for: "A") === font)
    }

    @Test("fallbackFonts lists every font that can draw a character, this one first")
    func allFallbacks() {
        let fonts = dejaVuSans.fallbackFonts(for: "😀")
        #expect(fonts.first === dejaVuSans)
        #expect(fonts.contains { $0.familyName == "Noto Color Emoji" })
        #expect(fonts.allSatisfy { $0.glyph(for: "😀") != nil })
        #expect(Set(fonts.map(\.face)).count == fonts.count)
    }

    @Test("An italic font's fallback is synthesised when the fallback face is upright")
    func fallbackSynthesis() throws {
        let italic = try #require(UIFont(name: "DejaVuSans-Oblique", size: 12))
        let font = try #require(italic.fallbackFont(for: "日"))
        #expect(font.familyName.hasPrefix("Noto"))
        #expect(font.syntheticTraits.contains(.oblique))
    }
}
