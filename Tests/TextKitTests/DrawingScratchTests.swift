import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

@Suite struct DrawingScratch {
    @Test func lineLimitWithSeveralParagraphs() {
        let storage = NSTextStorage(string: "First paragraph is rather long and wraps a lot in a narrow container.\nSecond\nThird\nFourth", attributes: [.font: DrawingHarness.serif(12)])
        let lm = NSLayoutManager()
        storage.addLayoutManager(lm)
        let c = NSTextContainer(size: CGSize(width: 100, height: 1000))
        c.maximumNumberOfLines = 2
        c.lineBreakMode = .byTruncatingTail
        lm.addTextContainer(c)
        var lines: [NSRange] = []
        lm.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: lm.numberOfGlyphs)) { _, _, _, r, _ in lines.append(r) }
        print("LINES", lines, lm.glyphRange(for: c))
    }
}
