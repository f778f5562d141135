import Foundation
import OpenTextKit
import Testing

// The code of "Editing" (Editing.md).

// snippet: mark-misspellings
/// Underlines, in red dots, every word of `storage` that `language`'s dictionary does not know,
/// and returns the ranges it marked.
@discardableResult
func markMisspellings(in storage: NSTextStorage, language: String, checker: UITextChecker = UITextChecker()) -> [NSRange] {
    let text = storage.string
    let whole = NSRange(location: 0, length: storage.length)
    var marked: [NSRange] = []
    storage.beginEditing()
    storage.removeAttribute(.underlineStyle, range: whole)
    var offset = 0
    while offset < whole.length {
        let range = checker.rangeOfMisspelledWord(in: text, range: whole, startingAt: offset, wrap: false, language: language)
        if range.location == NSNotFound { break }
        storage.addAttributes([
            .underlineStyle: NSUnderlineStyle([.thick, .patternDot]).rawValue,
            .underlineColor: UIColor.red,
        ], range: range)
        marked.append(range)
        offset = NSMaxRange(range)
    }
    storage.endEditing()
    return marked
}
// end snippet

@Suite("Documentation: editing")
struct EditingArticle {
    @Test("Misspelled words are found, marked and guessed; an edit is re-checked")
    func spelling() throws {
        // snippet: spelling
        let storage = NSTextStorage(string: "Teh layout managr draws the text.",
                                    attributes: [.font: UIFont(name: "DejaVu Sans", size: 13)!])
        let layoutManager = NSLayoutManager()
        storage.addLayoutManager(layoutManager)
        layoutManager.addTextContainer(NSTextContainer(size: CGSize(width: 300, height: 100)))

        let checker = UITextChecker()
        let misspelled = markMisspellings(in: storage, language: "en_US", checker: checker)
        let words = misspelled.map { (storage.string as NSString).substring(with: $0) }    // ["Teh", "managr"]
        let guesses = checker.guesses(forWordRange: misspelled[0], in: storage.string, language: "en_US")  // "The" among them

        // The user fixes a word: edit the storage, then check again.
        storage.replaceCharacters(in: misspelled[0], with: "The")
        let remaining = markMisspellings(in: storage, language: "en_US", checker: checker)   // only "managr"
        // end snippet

        #expect(words == ["Teh", "managr"])
        #expect(guesses?.contains("The") == true)
        #expect(remaining.count == 1)
        #expect((storage.string as NSString).substring(with: remaining[0]) == "managr")
        let style = storage.attribute(.underlineStyle, at: remaining[0].location, effectiveRange: nil) as? Int
        #expect(style == NSUnderlineStyle([.thick, .patternDot]).rawValue)
        #expect(storage.attribute(.underlineStyle, at: 0, effectiveRange: nil) == nil)
        #expect(layoutManager.numberOfGlyphs == storage.length)
    }

    @Test("Words and sentences are enumerated with ICU's boundaries")
    func words() {
        // snippet: words
        let text = "Don't panic. L'homme a dit « bonjour » ! Then: 3.14 apples."
        var words: [String] = []
        text.enumerateSubstrings(in: text.startIndex..., options: .byWords) { word, _, _, _ in
            words.append(word!)
        }
        var sentences = 0
        (text as NSString).enumerateSubstrings(in: NSRange(location: 0, length: text.utf16.count),
                                               options: .bySentences) { _, _, _, _ in sentences += 1 }
        // end snippet
        #expect(words == ["Don't", "panic", "L'homme", "a", "dit", "bonjour", "Then", "3.14", "apples"])
        #expect(sentences == 3)
    }

    @Test("A text view is typed into, composed in, moved through, undone and drawn")
    @MainActor
    func textView() throws {
        // snippet: text-view
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        textView.font = UIFont(name: "DejaVu Sans", size: 15)
        textView.becomeFirstResponder()
        for character in "Hello, world" { textView.insertText(String(character)) }   // as keys arrive
        textView.moveWordLeftAndModifySelection(nil)                 // "world" selected
        textView.insertText("Linux")                                 // replaces the selection
        textView.setMarkedText("にほん", selectedRange: NSRange(location: 3, length: 0))  // an input method composes…
        textView.insertText("日本")                                   // …and commits
        let text = textView.text!                                    // "Hello, Linux日本"
        textView.undoManager?.undo()                                 // the composition, as one step
        let caret = textView.caretRect(for: textView.endOfDocument)  // where a candidate window goes
        let png = UIGraphicsImageRenderer(size: textView.bounds.size).pngData { _ in
            textView.drawHierarchy(in: CGRect(origin: .zero, size: textView.bounds.size), afterScreenUpdates: true)
        }
        // end snippet
        #expect(text == "Hello, Linux日本")
        #expect(textView.text == "Hello, Linux")
        #expect(caret.minX > 60 && caret.height > 10)
        #expect(png.count > 1000)
    }
}
