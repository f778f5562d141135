import Testing
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

@Suite("UITextView: typing sessions")
@MainActor
struct TypingSessionTests {
    @Test("Typing, moving by words, selecting, cutting and pasting, then undoing it all and redoing it")
    func typingSession() throws {
        let view = makeTextView()
        let undo = try #require(view.undoManager)
        type("The quick brown fox", into: view)
        #expect(view.text == "The quick brown fox")
        #expect(view.selectedRange == NSRange(location: 19, length: 0))

        view.moveWordLeft(nil)                      // before "fox"
        #expect(view.selectedRange.location == 16)
        view.moveWordLeft(nil)                      // before "brown"
        view.moveWordRightAndModifySelection(nil)   // "brown" selected
        #expect(view.selectedRange == NSRange(location: 10, length: 5))
        view.cut(nil)
        #expect(view.text == "The quick  fox")
        view.moveToEndOfLine(nil)
        type(" ", into: view)
        view.paste(nil)
        #expect(view.text == "The quick  fox brown")
        view.insertNewline(nil)
        type("jumps", into: view)
        #expect(view.text == "The quick  fox brown\njumps")

        var states = [view.text!]
        while undo.canUndo {
            undo.undo()
            states.append(view.text!)
        }
        #expect(view.text == "")
        // Typing runs, the paste and the cut are one step each.
        #expect(states == ["The quick  fox brown\njumps", "The quick  fox brown", "The quick  fox ", "The quick  fox",
                           "The quick brown fox", ""])
        while undo.canRedo { undo.redo() }
        #expect(view.text == "The quick  fox brown\njumps")
        #expect(view.selectedRange == NSRange(location: view.text.utf16.count, length: 0))
    }

    @Test("Backspacing is part of the typing run; moving the caret starts a new one")
    func typingRuns() throws {
        let view = makeTextView("Hello")
        let undo = try #require(view.undoManager)
        type(" wordd", into: view)
        view.deleteBackward()
        type(" and more", into: view)
        #expect(view.text == "Hello word and more")
        view.moveToBeginningOfDocument(nil)
        type(">", into: view)
        undo.undo()
        #expect(view.text == "Hello word and more")
        undo.undo()
        #expect(view.text == "Hello")
        #expect(undo.canUndo == false)
    }

    @Test("Backspacing past where typing began restores that text on undo")
    func backspacePastRunStart() throws {
        let view = makeTextView("abc")
        let undo = try #require(view.undoManager)
        view.deleteBackward()
        view.deleteBackward()
        type("xyz", into: view)
        #expect(view.text == "axyz")
        undo.undo()
        #expect(view.text == "abc")
        #expect(view.selectedRange == NSRange(location: 3, length: 0))
        undo.redo()
        #expect(view.text == "axyz")
    }
}
