import Foundation
import TextKitEditing
import TextKitGraphics

/// A view that takes typing, as the host knows it: any `UIView` adopting `UITextInput`.
typealias TextInputView = UIView & UITextInput

/// What the host asks of a text input beyond `UITextInput`: key commands, clicks, drags and the
/// caret's blink. ``UITextView`` and ``UITextField`` (which forwards to its field editor) answer
/// themselves; any other `UITextInput` view is driven through the protocol by a
/// ``TextInputDriver``.
@MainActor
protocol TextInputHandling: AnyObject {
    /// Performs a key command.
    func perform(_ command: KeyCommand)
    /// A click at `point` (the view's own coordinates).
    func selectText(at point: CGPoint, clickCount: Int, extending: Bool)
    /// A drag of the pressed mouse to `point`.
    func dragSelection(to point: CGPoint)
    /// The caret's blink phase.
    var isCaretBlinkOn: Bool { get set }
}

/// The key commands text views and text fields both answer, under the same names.
@MainActor
protocol LineKeyCommands: AnyObject {
    func moveLeft(_ sender: Any?)
    func moveRight(_ sender: Any?)
    func moveUp(_ sender: Any?)
    func moveDown(_ sender: Any?)
    func moveWordLeft(_ sender: Any?)
    func moveWordRight(_ sender: Any?)
    func moveToBeginningOfLine(_ sender: Any?)
    func moveToEndOfLine(_ sender: Any?)
    func moveToBeginningOfDocument(_ sender: Any?)
    func moveToEndOfDocument(_ sender: Any?)
    func moveLeftAndModifySelection(_ sender: Any?)
    func moveRightAndModifySelection(_ sender: Any?)
    func moveWordLeftAndModifySelection(_ sender: Any?)
    func moveWordRightAndModifySelection(_ sender: Any?)
    func moveToBeginningOfLineAndModifySelection(_ sender: Any?)
    func moveToEndOfLineAndModifySelection(_ sender: Any?)
    func moveToBeginningOfDocumentAndModifySelection(_ sender: Any?)
    func moveToEndOfDocumentAndModifySelection(_ sender: Any?)
    func deleteBackwardFromKeyboard()
    func deleteForward(_ sender: Any?)
    func deleteWordBackward(_ sender: Any?)
    func deleteWordForward(_ sender: Any?)
    func insertNewline(_ sender: Any?)
    func selectAll(_ sender: Any?)
    func copy(_ sender: Any?)
    func cut(_ sender: Any?)
    func paste(_ sender: Any?)
    var undoManager: UndoManager? { get }
}

extension LineKeyCommands {
    /// Performs the commands both kinds of view have; false for the others (paragraphs, pages,
    /// vertical selection, tabs), which the caller handles.
    func performLineCommand(_ command: KeyCommand) -> Bool {
        switch command {
        case .moveLeft: moveLeft(nil)
        case .moveRight: moveRight(nil)
        case .moveUp: moveUp(nil)
        case .moveDown: moveDown(nil)
        case .moveWordLeft: moveWordLeft(nil)
        case .moveWordRight: moveWordRight(nil)
        case .moveToBeginningOfLine: moveToBeginningOfLine(nil)
        case .moveToEndOfLine: moveToEndOfLine(nil)
        case .moveToBeginningOfDocument: moveToBeginningOfDocument(nil)
        case .moveToEndOfDocument: moveToEndOfDocument(nil)
        case .modifySelection(.moveLeft): moveLeftAndModifySelection(nil)
        case .modifySelection(.moveRight): moveRightAndModifySelection(nil)
        case .modifySelection(.moveWordLeft): moveWordLeftAndModifySelection(nil)
        case .modifySelection(.moveWordRight): moveWordRightAndModifySelection(nil)
        case .modifySelection(.moveToBeginningOfLine): moveToBeginningOfLineAndModifySelection(nil)
        case .modifySelection(.moveToEndOfLine): moveToEndOfLineAndModifySelection(nil)
        case .modifySelection(.moveToBeginningOfDocument): moveToBeginningOfDocumentAndModifySelection(nil)
        case .modifySelection(.moveToEndOfDocument): moveToEndOfDocumentAndModifySelection(nil)
        case .deleteBackward: deleteBackwardFromKeyboard()
        case .deleteForward: deleteForward(nil)
        case .deleteWordBackward: deleteWordBackward(nil)
        case .deleteWordForward: deleteWordForward(nil)
        case .insertNewline: insertNewline(nil)
        case .selectAll: selectAll(nil)
        case .copy: copy(nil)
        case .cut: cut(nil)
        case .paste: paste(nil)
        case .undo: undoManager?.undo()
        case .redo: undoManager?.redo()
        default: return false
        }
        return true
    }
}

extension UITextView: TextInputHandling, LineKeyCommands {
    func perform(_ command: KeyCommand) {
        if performLineCommand(command) { return }
        switch command {
        case .moveToBeginningOfParagraph: moveToBeginningOfParagraph(nil)
        case .moveToEndOfParagraph: moveToEndOfParagraph(nil)
        case .pageUp: pageUp(nil)
        case .pageDown: pageDown(nil)
        case .modifySelection(.moveUp): moveUpAndModifySelection(nil)
        case .modifySelection(.moveDown): moveDownAndModifySelection(nil)
        case .modifySelection(.moveToBeginningOfParagraph): moveToBeginningOfParagraphAndModifySelection(nil)
        case .modifySelection(.moveToEndOfParagraph): moveToEndOfParagraphAndModifySelection(nil)
        case .modifySelection(.pageUp): pageUpAndModifySelection(nil)
        case .modifySelection(.pageDown): pageDownAndModifySelection(nil)
        case .modifySelection(let movement): perform(movement)
        case .insertTab: insertTab(nil)
        default: break
        }
    }
}

extension UITextField: TextInputHandling, LineKeyCommands {
    /// A one-line field: up and down go to the ends, paragraphs and pages are the whole text,
    /// Return is the field's return key and a tab is not typed (GTK moves the focus instead).
    func perform(_ command: KeyCommand) {
        if performLineCommand(command) { return }
        switch command {
        case .moveToBeginningOfParagraph, .pageUp: moveToBeginningOfDocument(nil)
        case .moveToEndOfParagraph, .pageDown: moveToEndOfDocument(nil)
        case .modifySelection(.moveUp), .modifySelection(.moveToBeginningOfParagraph), .modifySelection(.pageUp):
            moveToBeginningOfDocumentAndModifySelection(nil)
        case .modifySelection(.moveDown), .modifySelection(.moveToEndOfParagraph), .modifySelection(.pageDown):
            moveToEndOfDocumentAndModifySelection(nil)
        case .modifySelection(let movement): perform(movement)
        default: break   // a tab moves the focus
        }
    }
}
