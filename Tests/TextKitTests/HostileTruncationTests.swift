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

    @Test("The last line a container allows stands for the rest of its paragraph past a line separator: its glyphs run to the end, hidden behind an ellipsis",
          arguments: [NSLineBreakMode.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle])
    func lastAllowedLineEndsAtALineSeparator(mode: NSLineBreakMode) {
        let text = "one\u{2028}two\u{2028}three\u{2028}four"  // one paragraph, four lines
        let stack = LayoutStack(text, attributes: [.font: LayoutStack.serif()], containerSizes: [CGSize(width: 300, height: 1000)])
        let lm = stack.layoutManager, container = stack.containers[0]
        container.maximumNumberOfLines = 2
        container.lineBreakMode = mode
        var lines: [NSRange] = []
        lm.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: lm.numberOfGlyphs)) { _, _, _, range, _ in lines.append(range) }
        #expect(lines.count == 2)
        // The second line holds "two", the separator and everything after: every glyph is in a line.
        #expect(lines.last.map { $0.location + $0.length } == lm.numberOfGlyphs)
        #expect(lm.textContainer(forGlyphAt: lm.numberOfGlyphs - 1, effectiveRange: nil) === container)
        let hidden = lm.truncatedGlyphRange(inLineFragmentForGlyphAt: lines[1].location)
        #expect(lm.characterRange(forGlyphRange: hidden, actualGlyphRange: nil) == NSRange(location: 7, length: (text as NSString).length - 7))
        // The line is as wide as "two" and an ellipsis, not as the hidden rest.
        let used = lm.lineFragmentUsedRect(forGlyphAt: lines[1].location, effectiveRange: nil)
        let two = ("two…" as NSString).size(withAttributes: [.font: LayoutStack.serif()]).width
        #expect(abs(used.width - container.lineFragmentPadding * 2 - two) < 1)
        if mode == .byTruncatingTail, let context = try? CGContext(imageSize: CGSize(width: 120, height: 40), scale: 2) {
            context.setFillColor(UIColor.white)
            context.fill(CGRect(x: 0, y: 0, width: 120, height: 40))
            DrawingHarness.draw(lm, in: context, at: CGPoint(x: 4, y: 4))
            try? context.writePNG(to: URL(fileURLWithPath: "/tmp/otk-truncated-at-line-separator.png"))
        }
    }
}
