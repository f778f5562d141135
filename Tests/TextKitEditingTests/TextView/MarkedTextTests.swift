import Testing
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

@Suite("UITextView: marked text from input methods")
@MainActor
struct MarkedTextTests {
    @Test("A Japanese input method composes 日本語 through marked text and commits it as one undo step")
    func japaneseComposition() throws {
        let view = makeTextView("私は")
        let undo = try #require(view.undoManager)
        for reading in ["に", "にほ", "にほん", "にほんご"] {
            view.setMarkedText(reading, selectedRange: NSRange(location: reading.utf16.count, length: 0))
            #expect(view.text == "私は" + reading)
            #expect(view.markedTextRange.flatMap { view.text(in: $0) } == reading)
            #expect(view.selectedRange == NSRange(location: 2 + reading.utf16.count, length: 0))
        }
        // Conversion: the input method selects the converted clause inside the marked text.
        view.setMarkedText("日本語", selectedRange: NSRange(location: 0, length: 3))
        #expect(view.selectedRange == NSRange(location: 2, length: 3))
        let underline = view.layoutManager.temporaryAttribute(.underlineStyle, atCharacterIndex: 3, effectiveRange: nil) as? Int
        #expect(underline == NSUnderlineStyle.single.rawValue)
        view.unmarkText()
        #expect(view.markedTextRange == nil)
        #expect(view.text == "私は日本語")
        #expect(view.layoutManager.temporaryAttribute(.underlineStyle, atCharacterIndex: 3, effectiveRange: nil) == nil)
        type("です", into: view)
        #expect(view.text == "私は日本語です")
        undo.undo()
        #expect(view.text == "私は日本語")
        undo.undo()
        #expect(view.text == "私は")
        #expect(!undo.canUndo)
    }

    @Test("A Korean input method commits each syllable with insertText")
    func koreanCommitByInsert() {
        let view = makeTextView()
        view.setMarkedText("ㅎ", selectedRange: NSRange(location: 1, length: 0))
        view.setMarkedText("하", selectedRange: NSRange(location: 1, length: 0))
        view.setMarkedText("한", selectedRange: NSRange(location: 1, length: 0))
        view.insertText("한")
        #expect(view.markedTextRange == nil)
        view.setMarkedText("ㄱ", selectedRange: NSRange(location: 1, length: 0))
        view.setMarkedText("글", selectedRange: NSRange(location: 1, length: 0))
        view.insertText("글")
        #expect(view.text == "한글")
        #expect(view.selectedRange == NSRange(location: 2, length: 0))
    }

    @Test("Cancelling a composition leaves the text as it was, with nothing to undo")
    func cancel() throws {
        let view = makeTextView("abc")
        view.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))
        view.setMarkedText(nil, selectedRange: NSRange(location: 0, length: 0))
        #expect(view.text == "abc")
        #expect(view.markedTextRange == nil)
        #expect(view.undoManager?.canUndo == false)
    }

    @Test("A composition replaces the selection; undo brings the selected text back")
    func replacesSelection() throws {
        let view = makeTextView("one two three")
        view.selectedRange = NSRange(location: 4, length: 3)
        view.setMarkedText("2", selectedRange: NSRange(location: 1, length: 0))
        view.unmarkText()
        #expect(view.text == "one 2 three")
        view.undoManager?.undo()
        #expect(view.text == "one two three")
        #expect(view.selectedRange == NSRange(location: 4, length: 3))
    }

    @Test("Selecting outside the marked text commits it")
    func selectionOutsideCommits() {
        let view = makeTextView("abc ")
        view.setMarkedText("かな", selectedRange: NSRange(location: 2, length: 0))
        view.selectedRange = NSRange(location: 0, length: 0)
        #expect(view.markedTextRange == nil)
        #expect(view.text == "abc かな")
    }
}
