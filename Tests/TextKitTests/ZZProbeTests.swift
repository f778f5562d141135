import Testing
@testable import TextKit
import TextKitModel

@Test func zzProbe() {
    let t = "worda👨a\tمرحبا \u{200D}👩\u{200D}👧 日本 antidisestablishmentمرحباx\u{FFFC} é\nשלום"
    for w in [178.0, 150, 120, 100, 80, 60] {
        let stack = LayoutStack(t, containerSizes: [CGSize(width: w, height: 120), CGSize(width: w, height: 120)])
        let lm = stack.layoutManager
        let f = stack.fragments()
        print("PROBE", w, f.map(\.glyphs), f.map { lm.characterRange(forGlyphRange: $0.glyphs, actualGlyphRange: nil) })
    }
    let stack = LayoutStack(t, containerSizes: [CGSize(width: 178, height: 120)])
    let lm = stack.layoutManager
    print("PROBE map", (0..<lm.numberOfGlyphs).map { lm.characterIndexForGlyph(at: $0) })
}
