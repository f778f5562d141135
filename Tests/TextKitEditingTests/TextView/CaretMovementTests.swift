import Testing
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

@Suite("UITextView: moving the caret on the screen")
@MainActor
struct CaretMovementTests {
    @Test("The right arrow visits every insertion point of mixed Hebrew and English once, in visual order",
          arguments: ["abc אבג def", "שלום world עולם", "a אב b גד c"])
    func bidiVisitsEveryPositionOnce(text: String) {
        let view = makeTextView(text, width: 600)
        let length = text.utf16.count
        // Start at the visual left end of the line.
        view.selectedRange = NSRange(location: 0, length: 0)
        view.moveToLeftEndOfLine(nil)
        var visited = [view.selectedRange.location]
        for _ in 0..<(length + 3) {
            let before = view.selectedRange.location
            view.moveRight(nil)
            if view.selectedRange.location == before { break }
            visited.append(view.selectedRange.location)
        }
        #expect(visited.count == length + 1, "visited \(visited)")
        #expect(Set(visited) == Set(0...length))
        // In visual order: at the Hebrew word's left edge the caret of the lower level (after "abc ")
        // is kept, then the caret steps leftwards through the Hebrew logically: ג before ב.
        if text == "abc אבג def" { #expect(Array(visited.prefix(7)) == [0, 1, 2, 3, 4, 6, 5]) }
        // And the left arrow retraces the same path.
        var back = [view.selectedRange.location]
        for _ in 0..<(length + 3) {
            let before = view.selectedRange.location
            view.moveLeft(nil)
            if view.selectedRange.location == before { break }
            back.append(view.selectedRange.location)
        }
        #expect(back == visited.reversed())
    }

    @Test("Up and down keep the caret's x across a short line")
    func goalX() {
        let view = makeTextView("a long first line of text\nshort\nanother long line of text", width: 600)
        view.selectedRange = NSRange(location: 20, length: 0)   // in "of text" on line 1
        let x = view.caretRect(for: view.selectedTextRange!.start).minX
        view.moveDown(nil)
        #expect(view.selectedRange.location == 31)             // end of "short"
        view.moveDown(nil)
        let third = view.selectedRange.location
        #expect(third > 32)
        #expect(abs(view.caretRect(for: view.selectedTextRange!.start).minX - x) < 8)
        view.moveUp(nil)
        view.moveUp(nil)
        #expect(view.selectedRange.location == 20)
        view.moveUp(nil)
        #expect(view.selectedRange.location == 0)
        view.moveToEndOfDocument(nil)
        view.moveDown(nil)
        #expect(view.selectedRange.location == view.text.utf16.count)
    }

    @Test("At a soft wrap, the end of the line keeps the caret on that line (backward affinity)")
    func softWrapAffinity() {
        let view = makeTextView("alpha beta gamma delta epsilon zeta eta theta iota kappa", width: 120)
        view.selectedRange = NSRange(location: 0, length: 0)
        let firstLineTop = view.caretRect(for: view.beginningOfDocument).minY
        view.moveToEndOfLine(nil)
        let end = view.selectedRange.location
        #expect(end > 0 && end < view.text.utf16.count)
        #expect(view.selectionAffinity == .backward)
        #expect(view.caretRect(for: view.selectedTextRange!.start).minY == firstLineTop)
        view.moveToBeginningOfLine(nil)
        #expect(view.selectedRange.location == 0)
        // The same offset with forward affinity is the start of the next line.
        view.selectedRange = NSRange(location: end, length: 0)
        #expect(view.caretRect(for: view.selectedTextRange!.start).minY > firstLineTop)
    }

    @Test("Shift-arrows extend from an anchor and can cross it")
    func extendingSelection() {
        let view = makeTextView("0123456789")
        view.selectedRange = NSRange(location: 5, length: 0)
        view.moveRightAndModifySelection(nil)
        view.moveRightAndModifySelection(nil)
        #expect(view.selectedRange == NSRange(location: 5, length: 2))
        for _ in 0..<4 { view.moveLeftAndModifySelection(nil) }
        #expect(view.selectedRange == NSRange(location: 3, length: 2))
        view.moveToEndOfDocumentAndModifySelection(nil)
        #expect(view.selectedRange == NSRange(location: 5, length: 5))
        view.moveLeft(nil)
        #expect(view.selectedRange == NSRange(location: 5, length: 0))
    }

    @Test("Clicks: one places the caret, two select a word, three a paragraph; a drag extends by words")
    func clicks() throws {
        let view = makeTextView("first paragraph here\nsecond one", width: 600)
        let wordRect = view.firstRect(for: try #require(view.textRange(from: view.position(from: view.beginningOfDocument, offset: 6)!,
                                                                        to: view.position(from: view.beginningOfDocument, offset: 15)!)))
        let inWord = CGPoint(x: wordRect.midX, y: wordRect.midY)
        view.selectText(at: inWord, clickCount: 1)
        #expect(view.selectedRange.length == 0)
        #expect((8...13).contains(view.selectedRange.location))
        view.selectText(at: inWord, clickCount: 2)
        #expect(view.selectedRange == NSRange(location: 6, length: 9))
        view.selectText(at: inWord, clickCount: 3)
        #expect(view.selectedRange == NSRange(location: 0, length: 21))
        view.selectText(at: inWord, clickCount: 2)
        let endRect = view.caretRect(for: view.endOfDocument)
        view.dragSelection(to: CGPoint(x: endRect.minX - 3, y: endRect.midY))
        #expect(view.selectedRange == NSRange(location: 6, length: view.text.utf16.count - 6))
        // A click past the end of a line puts the caret before the line break.
        view.selectText(at: CGPoint(x: 590, y: inWord.y), clickCount: 1)
        #expect(view.selectedRange == NSRange(location: 20, length: 0))
    }

    /// Found by the text view fuzzer: the word a double click pressed on was cut, a letter typed,
    /// and a drag then extended from the word's old range, past the end of the text.
    @Test("The range a click pressed on follows edits: a drag after them stays in the text")
    func pressFollowsEdits() throws {
        let view = makeTextView("first paragraph here\nsecond one", width: 600)
        let wordStart = try #require(view.position(from: view.beginningOfDocument, offset: 6))
        let wordRect = view.firstRect(for: try #require(view.textRange(from: wordStart, to: view.position(from: wordStart, offset: 9)!)))
        view.selectText(at: CGPoint(x: wordRect.midX, y: wordRect.midY), clickCount: 2)
        #expect(view.selectedRange == NSRange(location: 6, length: 9))
        // The view's own edits: the word cut, "a" typed in its place.
        view.cut(nil)
        view.insertText("a")
        view.dragSelection(to: CGPoint(x: 1, y: wordRect.midY))
        // From the first word to where the pressed word was (before the "a"), not to its old end.
        #expect(view.selectedRange == NSRange(location: 0, length: 6))
        // Someone else's edit: the text before the press goes; the drag extends from where the press now is.
        view.selectText(at: CGPoint(x: wordRect.midX, y: wordRect.midY), clickCount: 2)
        let pressed = view.selectedRange
        view.textStorage.replaceCharacters(in: NSRange(location: 0, length: 6), with: "")
        view.dragSelection(to: CGPoint(x: 590, y: wordRect.midY))
        #expect(view.selectedRange.location == pressed.location - 6)
        #expect(view.selectedRange.upperBound <= view.textStorage.length)
    }
}
