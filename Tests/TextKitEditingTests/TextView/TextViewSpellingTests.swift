import Testing
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

@Suite("UITextView: spell checking as the user types")
@MainActor
struct TextViewSpellingTests {
    func isMarked(_ view: UITextView, _ word: String) -> Bool {
        let range = (view.text as NSString).range(of: word)
        guard range.location != NSNotFound else { return false }
        return view.layoutManager.temporaryAttribute(.underlineColor, atCharacterIndex: range.location, effectiveRange: nil) != nil
    }

    @Test("A misspelled word is underlined once it is finished, not while it is typed")
    func underlinedWhenFinished() {
        let view = makeTextView()
        view.spellCheckingLanguage = "en_US"
        type("The catt", into: view)
        view.layoutIfNeeded()
        #expect(!isMarked(view, "catt"))        // still being typed
        type(" sat", into: view)
        view.layoutIfNeeded()
        #expect(isMarked(view, "catt"))
        #expect(!isMarked(view, "The"))
        #expect(!isMarked(view, "sat"))
    }

    @Test("Checking a paragraph's spelling keeps the underline of the marked text in it")
    func markedTextKeepsItsUnderline() {
        let view = makeTextView()
        view.spellCheckingLanguage = "en_US"
        type("Hello ", into: view)
        view.setMarkedText("ue9", selectedRange: NSRange(location: 3, length: 0))
        view.layoutIfNeeded()
        let underline = view.layoutManager.temporaryAttribute(.underlineStyle, atCharacterIndex: 6, effectiveRange: nil)
        #expect(underline as? Int == NSUnderlineStyle.single.rawValue)
    }

    @Test("Guesses for the word under the pointer; correcting, and ignoring, remove the mark")
    func menu() throws {
        let view = makeTextView("Teh cat and teh dog.", width: 400)
        view.spellCheckingLanguage = "en_US"
        view.layoutIfNeeded()
        #expect(isMarked(view, "Teh"))
        let rect = view.firstRect(for: IndexedRange(NSRange(location: 0, length: 3)))
        let found = try #require(view.misspelledWord(at: CGPoint(x: rect.midX, y: rect.midY)))
        #expect(found.range == NSRange(location: 0, length: 3))
        #expect(found.guesses.contains("The"))
        view.correctSpelling(in: found.range, with: "The")
        view.layoutIfNeeded()
        #expect(view.text == "The cat and teh dog.")
        #expect(!isMarked(view, "The"))
        #expect(isMarked(view, "teh"))
        view.ignoreSpelling(in: NSRange(location: 12, length: 3))
        view.layoutIfNeeded()
        #expect(!isMarked(view, "teh"))
        view.undoManager?.undo()
        #expect(view.text == "Teh cat and teh dog.")
    }

    @Test("Only what comes into view is checked, and an edit makes only its paragraph dirty again")
    func incremental() {
        let paragraphs = (0..<400).map { "Paragraph \($0) has a mistaek in it." }.joined(separator: "\n")
        let view = makeTextView(paragraphs, width: 400, height: 100)
        view.spellCheckingLanguage = "en_US"
        view.layoutIfNeeded()
        let firstMistake = (view.text as NSString).range(of: "mistaek")
        #expect(view.layoutManager.temporaryAttribute(.underlineColor, atCharacterIndex: firstMistake.location, effectiveRange: nil) != nil)
        let lastMistake = (view.text as NSString).range(of: "mistaek", options: .backwards)
        #expect(view.layoutManager.temporaryAttribute(.underlineColor, atCharacterIndex: lastMistake.location, effectiveRange: nil) == nil)
        #expect(!view.decorationsDirty.isEmpty)   // the rest waits until it is shown
        view.scrollRangeToVisible(lastMistake)
        view.layoutIfNeeded()
        #expect(view.layoutManager.temporaryAttribute(.underlineColor, atCharacterIndex: lastMistake.location, effectiveRange: nil) != nil)

        // An edit far from the middle leaves the middle's unchecked stretch as it was, and only
        // the edited word is to be checked again.
        let before = view.decorationsDirty.ranges
        view.selectedRange = NSRange(location: lastMistake.location, length: 0)
        view.insertText("x")
        let added = view.decorationsDirty.ranges.filter { !before.contains($0) }
        #expect(added.allSatisfy { $0.count < 60 }, "\(added)")
    }

    @Test("A paragraph of 66,000 units is checked where it is shown, not whole, in pieces that cut no word")
    func longParagraphInPieces() {
        // One paragraph, four times `longParagraphDecorationLimit`: a JSON file on one line.
        let text = String(repeating: "the cat has a mistaek ", count: 3000)
        let view = makeTextView(text, width: 400, height: 100)
        view.spellCheckingLanguage = "en_US"
        view.layoutIfNeeded()
        let string = view.text as NSString
        let first = string.range(of: "mistaek")
        let last = string.range(of: "mistaek", options: .backwards)
        #expect(view.layoutManager.temporaryAttribute(.underlineColor, atCharacterIndex: first.location, effectiveRange: nil) != nil)
        // Checking the whole paragraph would have marked the last word too.
        #expect(view.layoutManager.temporaryAttribute(.underlineColor, atCharacterIndex: last.location, effectiveRange: nil) == nil)
        #expect(!view.decorationsDirty.isEmpty)
        // Every mark is a whole misspelled word: a piece's edges fall on white space.
        var index = 0, marks = 0
        while index < string.length {
            var range = NSRange(location: index, length: 1)
            if view.layoutManager.temporaryAttribute(.underlineColor, atCharacterIndex: index, effectiveRange: &range) != nil {
                #expect(string.substring(with: range) == "mistaek", "\(range)")
                marks += 1
            }
            index = max(range.upperBound, index + 1)
        }
        #expect(marks > 0 && marks < 100, "\(marks) marks")
        view.scrollRangeToVisible(last)
        view.layoutIfNeeded()
        #expect(view.layoutManager.temporaryAttribute(.underlineColor, atCharacterIndex: last.location, effectiveRange: nil) != nil)
    }

    @Test("spellCheckingType .no removes the marks; a non-editable view does not check by default")
    func switches() {
        let view = makeTextView("Teh end.")
        view.spellCheckingLanguage = "en_US"
        view.layoutIfNeeded()
        #expect(isMarked(view, "Teh"))
        view.spellCheckingType = .no
        view.layoutIfNeeded()
        #expect(!isMarked(view, "Teh"))
        view.spellCheckingType = .default
        view.isEditable = false
        view.layoutIfNeeded()
        #expect(!isMarked(view, "Teh"))
    }
}
