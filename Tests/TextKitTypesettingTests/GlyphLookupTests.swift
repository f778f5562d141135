import Testing
@testable import TextKitTypesetting

/// The character-to-glyph lookups of a paragraph's glyphs, against a scan of every glyph, over
/// clusters of several characters (ligatures) and of several glyphs (marks, decompositions).
@Suite("Glyph lookups by character")
struct GlyphLookupTests {
    /// Glyphs whose clusters each cover 1 to 3 characters and draw with 1 to 3 glyphs.
    static func glyphs(clusters: Int, seed: UInt64) -> ParagraphGlyphs {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let p = ParagraphGlyphs()
        var offset = 0
        for _ in 0..<clusters {
            let glyphCount = 1 + next(3)
            for g in 0..<glyphCount {
                p.glyphs.append(UInt16(p.glyphs.count))
                p.advances.append(5)
                p.clusters.append(Int32(offset))
                p.flags.append(g == 0 ? [.clusterStart] : [])
            }
            offset += 1 + next(3)
        }
        p.length = offset
        return p
    }

    @Test("glyphRange(forCharacters:) is the glyphs of the clusters the range touches", arguments: [1, 2, 3, 40])
    func glyphRangeMatchesAScan(seed: UInt64) {
        let p = Self.glyphs(clusters: 60, seed: seed)
        let clusters = p.clusters.map(Int.init)
        func firstAtOrAfter(_ offset: Int) -> Int { clusters.firstIndex { $0 >= offset } ?? clusters.count }
        func firstOfCluster(holding offset: Int) -> Int {
            let start = clusters.last { $0 <= offset } ?? 0
            return clusters.firstIndex(of: start)!
        }
        for lower in 0...p.length {
            #expect(p.firstGlyph(atOrAfter: lower) == firstAtOrAfter(lower))
            for upper in lower...p.length {
                let expected = lower == upper ? firstAtOrAfter(lower)..<firstAtOrAfter(lower)
                    : firstOfCluster(holding: lower)..<firstAtOrAfter(upper)
                let found = p.glyphRange(forCharacters: lower..<upper)
                if found != expected {
                    Issue.record("characters \(lower)..<\(upper): \(found), expected \(expected)")
                    return
                }
            }
        }
    }
}
