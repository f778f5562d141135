import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// Layout behaviour the drawing code depends on, first found wrong from drawing (a regression test).
@Suite("Layout issues seen from drawing")
struct DrawingLayoutIssueTests {
    @Test("A container's maximumNumberOfLines holds across paragraphs, truncating or not")
    func lineLimitAcrossParagraphs() {
        for mode in [NSLineBreakMode.byWordWrapping, .byTruncatingTail] {
            let storage = NSTextStorage(string: "First paragraph is rather long and wraps in a narrow container.\nSecond\nThird\nFourth",
                                        attributes: [.font: DrawingHarness.serif(12)])
            let layoutManager = NSLayoutManager()
            storage.addLayoutManager(layoutManager)
            let container = NSTextContainer(size: CGSize(width: 100, height: 1000))
            container.maximumNumberOfLines = 2
            container.lineBreakMode = mode
            layoutManager.addTextContainer(container)
            var lines = 0
            layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs)) { _, _, _, _, _ in
                lines += 1
            }
            #expect(lines == 2, "line break mode \(mode)")
            // The drawing workaround keeps to the limit.
            let visible = layoutManager.visibleGlyphRange(in: container)
            let second = storage.string.utf16.firstIndex(of: 0x0A).map { storage.string.utf16.distance(from: storage.string.utf16.startIndex, to: $0) }!
            #expect(visible.location + visible.length <= second + 1)
        }
    }
}
