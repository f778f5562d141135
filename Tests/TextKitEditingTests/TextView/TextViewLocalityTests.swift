import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

/// What a text view does for one user action in view of a long text — a tap, a caret move, a
/// keystroke, a selection, drawing, checking spelling — makes glyphs and lines for what it shows,
/// not for the text below it (a glyph query behind `numberOfGlyphs` once made every glyph of 10 MB
/// for a tap).
@Suite("UITextView: actions on the screen stay on the screen")
@MainActor
struct TextViewLocalityTests {
    @Test("Taps, moves, keystrokes, selections, drawing and spelling in the first screen of 3,000 paragraphs")
    func actionsStayOnTheScreen() throws {
        let text = (0..<3000).map { "Paragraph \($0) of a long text, one of many, with a mispeled word." }.joined(separator: "\n")
        let view = makeTextView(text, width: 300, height: 400)
        view.spellCheckingLanguage = "en_US"
        view.layoutManager.allowsNonContiguousLayout = true
        view.layoutIfNeeded()
        let middle = try #require(view.closestPosition(to: CGPoint(x: 100, y: 200)))
        view.selectedTextRange = view.textRange(from: middle, to: middle)
        /// Paragraphs without glyphs, paragraphs without lines.
        func pending() -> (Int, Int) {
            (view.layoutManager.flow.store.summary.unanalyzed, view.layoutManager.flow.store.summary.unlaid)
        }
        let before = pending()
        #expect(before.0 > 2900 && before.1 > 2900)
        let actions: [(String, () -> Void)] = [
            ("closestPosition(to:)", { _ = view.closestPosition(to: CGPoint(x: 120, y: 300)) }),
            ("characterRange(at:)", { _ = view.characterRange(at: CGPoint(x: 40, y: 100)) }),
            ("caretRect(for:)", { _ = view.caretRect(for: view.selectedTextRange!.start) }),
            ("firstRect(for:)", { _ = view.firstRect(for: view.textRange(from: middle, to: view.position(from: middle, offset: 30)!)!) }),
            ("selectionRects(for:)", { _ = view.selectionRects(for: view.textRange(from: middle, to: view.position(from: middle, offset: 90)!)!) }),
            ("position(from:in:offset:) down", { _ = view.position(from: middle, in: .down, offset: 2) }),
            ("tokenizer: the line", { _ = view.tokenizer.rangeEnclosingPosition(middle, with: .line, inDirection: .storage(.forward)) }),
            ("tokenizer: the paragraph", { _ = view.tokenizer.rangeEnclosingPosition(middle, with: .paragraph, inDirection: .storage(.forward)) }),
            ("moveDown, moveUp", { view.moveDown(nil); view.moveUp(nil) }),
            ("moveToEndOfLine, moveWordRight", { view.moveToEndOfLine(nil); view.moveWordRight(nil) }),
            ("insertText, deleteBackward", { view.insertText("x"); view.deleteBackward() }),
            ("undo", { view.undoManager?.undo() }),
            ("select a word by a double click", { view.selectText(at: CGPoint(x: 60, y: 150), clickCount: 2) }),
            ("drawing the view", {
                _ = UIGraphicsImageRenderer(size: CGSize(width: 300, height: 400)).image { _ in
                    view.drawHierarchy(in: CGRect(x: 0, y: 0, width: 300, height: 400), afterScreenUpdates: true)
                }
            }),
            ("layoutIfNeeded (spelling of what is shown)", { view.layoutIfNeeded() }),
        ]
        for (name, action) in actions {
            action()
            let after = pending()
            // Lines for a screen or so more are fine (a move down may scroll); not for the text.
            #expect(after.0 > before.0 - 60 && after.1 > before.1 - 60, "\(name) made glyphs or lines far below the screen: \(before) → \(after)")
        }
    }
}
