import Testing
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

@Suite("UITextInputStringTokenizer")
@MainActor
struct TokenizerTests {
    let view: UITextView
    var tokenizer: any UITextInputTokenizer { view.tokenizer }

    init() {
        view = makeTextView("Hello, wide world. It's 3 o'clock!\nSecond paragraph here.", width: 600)
    }

    func at(_ offset: Int) -> UITextPosition { IndexedPosition(offset) }
    func offset(_ position: UITextPosition?) -> Int? { (position as? IndexedPosition)?.offset }
    func text(_ range: UITextRange?) -> String? { range.flatMap { view.text(in: $0) } }
    let forward = UITextDirection.storage(.forward)
    let backward = UITextDirection.storage(.backward)

    @Test("Words: boundaries, enclosing ranges and positions inside, in both directions")
    func words() {
        // "Hello, wide world." — "wide" is 7..<11.
        #expect(text(tokenizer.rangeEnclosingPosition(at(8), with: .word, inDirection: forward)) == "wide")
        #expect(text(tokenizer.rangeEnclosingPosition(at(7), with: .word, inDirection: forward)) == "wide")
        #expect(tokenizer.rangeEnclosingPosition(at(7), with: .word, inDirection: backward) == nil)  // after ", "
        #expect(text(tokenizer.rangeEnclosingPosition(at(11), with: .word, inDirection: backward)) == "wide")
        #expect(text(tokenizer.rangeEnclosingPosition(at(20), with: .word, inDirection: forward)) == "It's")
        #expect(text(tokenizer.rangeEnclosingPosition(at(28), with: .word, inDirection: forward)) == "o'clock")

        #expect(tokenizer.isPosition(at(11), atBoundary: .word, inDirection: forward))    // a word ends here
        #expect(!tokenizer.isPosition(at(11), atBoundary: .word, inDirection: backward))
        #expect(tokenizer.isPosition(at(7), atBoundary: .word, inDirection: backward))    // a word starts here
        #expect(!tokenizer.isPosition(at(9), atBoundary: .word, inDirection: forward))

        #expect(tokenizer.isPosition(at(7), withinTextUnit: .word, inDirection: forward))
        #expect(!tokenizer.isPosition(at(7), withinTextUnit: .word, inDirection: backward))
        #expect(!tokenizer.isPosition(at(6), withinTextUnit: .word, inDirection: forward))  // at the space

        #expect(offset(tokenizer.position(from: at(8), toBoundary: .word, inDirection: forward)) == 11)
        #expect(offset(tokenizer.position(from: at(11), toBoundary: .word, inDirection: forward)) == 17)
        #expect(offset(tokenizer.position(from: at(11), toBoundary: .word, inDirection: backward)) == 7)
        #expect(offset(tokenizer.position(from: at(2), toBoundary: .word, inDirection: backward)) == 0)
        #expect(tokenizer.position(from: at(0), toBoundary: .word, inDirection: backward) == nil)
        // Across the paragraph break.
        #expect(offset(tokenizer.position(from: at(34), toBoundary: .word, inDirection: forward)) == 41)
    }

    @Test("Sentences, paragraphs, characters and the document")
    func largerUnits() {
        #expect(text(tokenizer.rangeEnclosingPosition(at(3), with: .sentence, inDirection: forward)) == "Hello, wide world.")
        #expect(text(tokenizer.rangeEnclosingPosition(at(22), with: .sentence, inDirection: forward)) == "It's 3 o'clock!")
        #expect(text(tokenizer.rangeEnclosingPosition(at(3), with: .paragraph, inDirection: forward))
                == "Hello, wide world. It's 3 o'clock!")
        #expect(text(tokenizer.rangeEnclosingPosition(at(40), with: .paragraph, inDirection: forward)) == "Second paragraph here.")
        #expect(offset(tokenizer.position(from: at(3), toBoundary: .paragraph, inDirection: forward)) == 34)
        #expect(offset(tokenizer.position(from: at(40), toBoundary: .paragraph, inDirection: backward)) == 35)
        #expect(tokenizer.isPosition(at(35), atBoundary: .paragraph, inDirection: backward))
        #expect(text(tokenizer.rangeEnclosingPosition(at(1), with: .character, inDirection: forward)) == "e")
        #expect(text(tokenizer.rangeEnclosingPosition(at(1), with: .document, inDirection: forward)) == view.text)
        #expect(offset(tokenizer.position(from: at(5), toBoundary: .document, inDirection: forward)) == view.text.utf16.count)
    }

    @Test("Lines come from the layout: a soft-wrapped line ends where the next begins")
    func lines() throws {
        view.frame.size.width = 120
        let first = try #require(tokenizer.rangeEnclosingPosition(at(0), with: .line, inDirection: forward))
        let end = try #require(offset(first.end))
        #expect(end > 0 && end < 34)
        #expect(tokenizer.isPosition(at(end), atBoundary: .line, inDirection: forward))
        #expect(tokenizer.isPosition(at(end), atBoundary: .line, inDirection: backward))
        #expect(offset(tokenizer.position(from: at(2), toBoundary: .line, inDirection: forward)) == end)
        #expect(offset(tokenizer.position(from: at(end + 2), toBoundary: .line, inDirection: backward)) == end)
        // The hard break is not part of its line.
        let last = try #require(tokenizer.rangeEnclosingPosition(at(33), with: .line, inDirection: forward))
        #expect(offset(last.end) == 34)
    }

    @Test("Layout directions follow the paragraph's direction")
    func layoutDirections() {
        view.text = "שלום עולם"
        // In right-to-left text, moving left is moving forward.
        #expect(offset(tokenizer.position(from: at(0), toBoundary: .word, inDirection: .layout(.left))) == 4)
        #expect(offset(tokenizer.position(from: at(9), toBoundary: .word, inDirection: .layout(.right))) == 5)
    }
}
