import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// The "Effective Power" string: spaces followed by combining marks from another script. An
/// ellipsis must never go inside a grapheme cluster.
let effectivePower = "effective. Power\u{0644}\u{064F}\u{0644}\u{064F}\u{0635}\u{0651}\u{0628}\u{064F}\u{0644}\u{064F}\u{0644}\u{0635}\u{0651}\u{0628}\u{064F}\u{0631}\u{0631}\u{064B} \u{0963} \u{0963}h \u{0963} \u{0963}\u{5197}"

/// The UTF-16 offsets where grapheme clusters start or end in `string` (Swift's Character view).
func graphemeBoundaries(_ string: String) -> Set<Int> {
    var offsets: Set<Int> = [0]
    var offset = 0
    for character in string {
        offset += character.utf16.count
        offsets.insert(offset)
    }
    return offsets
}

@Suite("Hostile truncation")
struct HostileTruncationTests {
    @Test("Truncating layout cuts on grapheme boundaries at every width",
          arguments: [NSLineBreakMode.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle])
    func layoutManagerTruncation(mode: NSLineBreakMode) {
        let boundaries = graphemeBoundaries(effectivePower)
        let style = NSMutableParagraphStyle()
        style.lineBreakMode = mode
        let stack = LayoutStack(effectivePower, attributes: [.font: LayoutStack.serif(), .paragraphStyle: style],
                                containerSizes: [CGSize(width: 10_000, height: 1000)])
        let lm = stack.layoutManager, container = stack.containers[0]
        container.lineFragmentPadding = 0
        let full = Int(lm.usedRect(for: container).width.rounded(.up))
        #expect(full > 50)
        var truncatedWidths = 0
        for width in 1...full {
            container.size = CGSize(width: CGFloat(width), height: 1000)
            let glyphs = lm.glyphRange(for: container)
            guard glyphs.length > 0 else { continue }
            let hidden = lm.truncatedGlyphRange(inLineFragmentForGlyphAt: glyphs.location)
            guard hidden.location != NSNotFound else { continue }
            truncatedWidths += 1
            let characters = lm.characterRange(forGlyphRange: hidden, actualGlyphRange: nil)
            #expect(boundaries.contains(characters.location) && boundaries.contains(characters.location + characters.length),
                    "width \(width): hidden characters \(characters) cut a grapheme cluster")
        }
        #expect(truncatedWidths > full / 2)
    }
}
