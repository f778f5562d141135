import Foundation
import TextKitEditing
import TextKitGraphics

/// What the host needs of a view that takes typing: ``UITextView`` and ``UITextField`` (which
/// forwards to its field editor). The host finds one under a click, or as the hierarchy's first
/// responder, and sends it key commands, input-method text, clicks and the caret's blink.
@MainActor
protocol HostedTextInput: UIView, UITextInput {
    /// Performs a key command.
    func perform(_ command: KeyCommand)
    /// A click at `point` (the view's own coordinates).
    func selectText(at point: CGPoint, clickCount: Int, extending: Bool)
    /// A drag of the pressed mouse to `point`.
    func dragSelection(to point: CGPoint)
    /// The caret's blink phase.
    var isCaretBlinkOn: Bool { get set }
}

extension UITextView: HostedTextInput {
    func perform(_ command: KeyCommand) {
        switch command {
        case .moveLeft: moveLeft(nil)
        case .moveRight: moveRight(nil)
        case .moveUp: moveUp(nil)
        case .moveDown: moveDown(nil)
        case .moveWordLeft: moveWordLeft(nil)
        case .moveWordRight: moveWordRight(nil)
        case .moveToBeginningOfLine: moveToBeginningOfLine(nil)
        case .moveToEndOfLine: moveToEndOfLine(nil)
        case .moveToBeginningOfParagraph: moveToBeginningOfParagraph(nil)
        case .moveToEndOfParagraph: moveToEndOfParagraph(nil)
        case .moveToBeginningOfDocument: moveToBeginningOfDocument(nil)
        case .moveToEndOfDocument: moveToEndOfDocument(nil)
        case .pageUp: pageUp(nil)
        case .pageDown: pageDown(nil)
        case .modifySelection(let movement):
            switch movement {
            case .moveLeft: moveLeftAndModifySelection(nil)
            case .moveRight: moveRightAndModifySelection(nil)
            case .moveUp: moveUpAndModifySelection(nil)
            case .moveDown: moveDownAndModifySelection(nil)
            case .moveWordLeft: moveWordLeftAndModifySelection(nil)
            case .moveWordRight: moveWordRightAndModifySelection(nil)
            case .moveToBeginningOfLine: moveToBeginningOfLineAndModifySelection(nil)
            case .moveToEndOfLine: moveToEndOfLineAndModifySelection(nil)
            case .moveToBeginningOfParagraph: moveToBeginningOfParagraphAndModifySelection(nil)
            case .moveToEndOfParagraph: moveToEndOfParagraphAndModifySelection(nil)
            case .moveToBeginningOfDocument: moveToBeginningOfDocumentAndModifySelection(nil)
            case .moveToEndOfDocument: moveToEndOfDocumentAndModifySelection(nil)
            case .pageUp: pageUpAndModifySelection(nil)
            case .pageDown: pageDownAndModifySelection(nil)
            default: perform(movement)
            }
        case .deleteBackward: deleteBackward()
        case .deleteForward: deleteForward(nil)
        case .deleteWordBackward: deleteWordBackward(nil)
        case .deleteWordForward: deleteWordForward(nil)
        case .insertNewline: insertNewline(nil)
        case .insertTab: insertTab(nil)
        case .selectAll: selectAll(nil)
        case .copy: copy(nil)
        case .cut: cut(nil)
        case .paste: paste(nil)
        case .undo: undoManager?.undo()
        case .redo: undoManager?.redo()
        }
    }
}

extension UITextField: HostedTextInput {
    /// A one-line field: up and down go to the ends, paragraphs and pages are the whole text,
    /// Return is the field's return key and a tab is not typed (GTK moves the focus instead).
    func perform(_ command: KeyCommand) {
        switch command {
        case .moveLeft: moveLeft(nil)
        case .moveRight: moveRight(nil)
        case .moveUp: moveUp(nil)
        case .moveDown: moveDown(nil)
        case .moveWordLeft: moveWordLeft(nil)
        case .moveWordRight: moveWordRight(nil)
        case .moveToBeginningOfLine: moveToBeginningOfLine(nil)
        case .moveToEndOfLine: moveToEndOfLine(nil)
        case .moveToBeginningOfParagraph, .moveToBeginningOfDocument, .pageUp: moveToBeginningOfDocument(nil)
        case .moveToEndOfParagraph, .moveToEndOfDocument, .pageDown: moveToEndOfDocument(nil)
        case .modifySelection(let movement):
            switch movement {
            case .moveLeft: moveLeftAndModifySelection(nil)
            case .moveRight: moveRightAndModifySelection(nil)
            case .moveWordLeft: moveWordLeftAndModifySelection(nil)
            case .moveWordRight: moveWordRightAndModifySelection(nil)
            case .moveToBeginningOfLine: moveToBeginningOfLineAndModifySelection(nil)
            case .moveToEndOfLine: moveToEndOfLineAndModifySelection(nil)
            case .moveUp, .moveToBeginningOfParagraph, .moveToBeginningOfDocument, .pageUp:
                moveToBeginningOfDocumentAndModifySelection(nil)
            case .moveDown, .moveToEndOfParagraph, .moveToEndOfDocument, .pageDown:
                moveToEndOfDocumentAndModifySelection(nil)
            default: perform(movement)
            }
        case .deleteBackward: deleteBackward()
        case .deleteForward: deleteForward(nil)
        case .deleteWordBackward: deleteWordBackward(nil)
        case .deleteWordForward: deleteWordForward(nil)
        case .insertNewline: insertNewline(nil)
        case .insertTab: break
        case .selectAll: selectAll(nil)
        case .copy: copy(nil)
        case .cut: cut(nil)
        case .paste: paste(nil)
        case .undo: undoManager?.undo()
        case .redo: undoManager?.redo()
        }
    }
}
