import Testing
@testable import TextKit
import TextKitFonts
import TextKitModel

@Suite("The .writingDirection attribute")
struct WritingDirectionAttributeTests {
    /// The x of each glyph of "abc def", with `value` as `.writingDirection` on "abc".
    func positions(_ value: Any?) -> [CGFloat] {
        let text = NSMutableAttributedString(string: "abc def", attributes: [.font: LayoutStack.serif()])
        if let value { text.addAttribute(.writingDirection, value: value, range: NSRange(location: 0, length: 3)) }
        let stack = LayoutStack("", containerSizes: [CGSize(width: 400, height: 100)])
        stack.storage.setAttributedString(text)
        return (0..<7).map { stack.layoutManager.location(forGlyphAt: $0).x }
    }

    @Test("A right-to-left override shows its Latin letters in reverse; an embedding of Latin changes nothing")
    func override() {
        let plain = positions(nil)
        #expect(plain == plain.sorted())
        let overridden = positions([NSWritingDirection.rightToLeft.rawValue | NSWritingDirectionFormatType.override.rawValue])
        #expect(overridden[0] > overridden[1] && overridden[1] > overridden[2])  // c b a
        #expect(overridden[4] < overridden[5] && overridden[5] < overridden[6])  // def stays in order
        let embedded = positions([NSWritingDirection.rightToLeft.rawValue | NSWritingDirectionFormatType.embedding.rawValue])
        #expect(embedded[0] < embedded[1] && embedded[1] < embedded[2])  // strong Latin keeps its order inside
        #expect(positions([NSNumber(value: 3)]) == overridden)  // NSNumber values, as Apple stores them
        #expect(positions(["junk"]) == plain)
    }
}
