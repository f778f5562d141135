import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

@Suite("Display invalidation")
struct DisplayInvalidationTests {
    @Test("invalidateDisplay, temporary attributes and edits mark the lines they touch, and the handler hears it")
    func marksLines() {
        let text = (1...20).map { "Paragraph \($0) has a few words." }.joined(separator: "\n")
        let stack = LayoutStack(text, containerSizes: [CGSize(width: 300, height: 2000)])
        let lm = stack.layoutManager, container = stack.containers[0]
        var heard: [CGRect] = []
        lm.displayInvalidationHandler = { c, rect in if c === container { heard.append(rect) } }
        lm.ensureLayout(for: container)
        #expect(!lm.invalidatedDisplayRect(in: container).isNull)  // new layout needs display
        lm.resetInvalidatedDisplay(in: container)
        #expect(lm.invalidatedDisplayRect(in: container).isNull)

        // A temporary colour on a word of paragraph 10: only its line.
        let word = (text as NSString).range(of: "Paragraph 10")
        let line = lm.lineFragmentRect(forGlyphAt: lm.glyphIndexForCharacter(at: word.location), effectiveRange: nil)
        heard = []
        lm.addTemporaryAttribute(.foregroundColor, value: UIColor.red, forCharacterRange: word)
        #expect(lm.invalidatedDisplayRect(in: container) == line)
        #expect(heard == [line])
        lm.resetInvalidatedDisplay(in: container)

        // Typing in paragraph 3 marks its lines, old and new, and nothing far below.
        let third = (text as NSString).range(of: "Paragraph 3 ")
        stack.storage.replaceCharacters(in: NSRange(location: third.location + 10, length: 0), with: "X")
        lm.ensureLayout(for: container)
        let dirty = lm.invalidatedDisplayRect(in: container)
        let thirdLine = lm.lineFragmentRect(forGlyphAt: lm.glyphIndexForCharacter(at: third.location), effectiveRange: nil)
        #expect(dirty.contains(thirdLine))
        #expect(dirty.maxY < line.minY)

        // invalidateDisplay(forCharacterRange:) of a range not laid out does no layout.
        lm.resetInvalidatedDisplay(in: container)
        let fresh = LayoutStack(text, containerSizes: [CGSize(width: 300, height: 2000)])
        #expect(!fresh.layoutManager.invalidatedDisplayRect(in: fresh.containers[0]).isNull)  // a new container needs display
        fresh.layoutManager.resetInvalidatedDisplay(in: fresh.containers[0])
        fresh.layoutManager.invalidateDisplay(forCharacterRange: NSRange(location: 0, length: 5))
        #expect(fresh.layoutManager.firstUnlaidCharacterIndex() == 0)
        #expect(fresh.layoutManager.invalidatedDisplayRect(in: fresh.containers[0]).isNull)
    }
}
