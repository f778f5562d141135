import Foundation
import TextKitEditing
import TextKitGraphics

/// Key commands, clicks and drags for a view the host knows only as `UITextInput` — a custom
/// editor such as Apple's SimpleTextInput sample, which keeps its own text and draws it itself.
/// Everything goes through the protocol, as the system's text interaction does on iOS:
/// positions from `position(from:offset:)` and the view's ``UITextInput/tokenizer`` (characters,
/// words, lines and paragraphs), vertical moves from `caretRect(for:)` and
/// `closestPosition(to:)`, edits from `replace(_:withText:)`, `insertText(_:)` and
/// `deleteBackward()`, the clipboard through ``UIPasteboard/general``.
///
/// The driver remembers the selection's anchor (the end that stays put while shift extends the
/// other) and the goal x of vertical moves, as long as the selection is the one it set.
@MainActor
final class TextInputDriver: TextInputHandling {
    unowned let input: any TextInputView
    /// The end of the selection that does not move when it is extended.
    private var anchor: UITextPosition?
    /// The x that a run of up and down moves keeps to.
    private var goalX: CGFloat?
    /// The selection as the driver last left it: when the view's differs, the view (or the user
    /// through the input method) moved it, and the anchor and goal x are forgotten.
    private var lastSelection: UITextRange?

    init(input: any TextInputView) { self.input = input }

    /// Custom views draw their own caret; the host's blink is not theirs to follow.
    var isCaretBlinkOn = true

    // MARK: Positions

    private var selection: UITextRange {
        input.selectedTextRange ?? input.textRange(from: input.endOfDocument, to: input.endOfDocument)!
    }

    private func isEmpty(_ range: UITextRange) -> Bool { input.compare(range.start, to: range.end) == .orderedSame }

    /// The selection's moving end: the one away from the anchor.
    private var head: UITextPosition {
        let range = selection
        guard let anchor, sameSelection else { return range.end }
        return input.compare(anchor, to: range.start) == .orderedSame ? range.end : range.start
    }

    private var sameSelection: Bool {
        guard let lastSelection, let current = input.selectedTextRange else { return false }
        return input.compare(lastSelection.start, to: current.start) == .orderedSame
            && input.compare(lastSelection.end, to: current.end) == .orderedSame
    }

    private func boundary(from position: UITextPosition, _ unit: UITextGranularity, forward: Bool) -> UITextPosition {
        let direction: UITextDirection = .storage(forward ? .forward : .backward)
        return input.tokenizer.position(from: position, toBoundary: unit, inDirection: direction)
            ?? (forward ? input.endOfDocument : input.beginningOfDocument)
    }

    /// The position one line above or below `position`, at the goal x.
    private func vertical(from position: UITextPosition, lines: CGFloat) -> UITextPosition {
        let caret = input.caretRect(for: position)
        let x = goalX ?? caret.midX
        let y = lines < 0 ? caret.minY + lines * max(caret.height, 1) + caret.height / 2
                          : caret.maxY + (lines - 1) * max(caret.height, 1) + caret.height / 2
        let found = input.closestPosition(to: CGPoint(x: x, y: y)) ?? position
        goalX = x
        // Above the first line or below the last, the caret goes to the document's end.
        if lines < 0, input.compare(found, to: position) != .orderedAscending { return input.beginningOfDocument }
        if lines > 0, input.compare(found, to: position) != .orderedDescending { return input.endOfDocument }
        return found
    }

    // MARK: Changing the selection

    private func select(_ position: UITextPosition, extending: Bool, keepGoal: Bool = false) {
        let goal = goalX
        if extending {
            let fixed = sameSelection ? (anchor ?? selection.start) : selection.start
            anchor = fixed
            input.selectedTextRange = input.textRange(from: fixed, to: position)
        } else {
            anchor = position
            input.selectedTextRange = input.textRange(from: position, to: position)
        }
        goalX = keepGoal ? goal : nil
        lastSelection = input.selectedTextRange
    }

    private func replaceSelection(orRange range: UITextRange?, with text: String) {
        guard let range else { return }
        input.replace(range, withText: text)
        anchor = nil
        lastSelection = input.selectedTextRange
    }

    // MARK: TextInputHandling

    func perform(_ command: KeyCommand) {
        if !sameSelection { anchor = nil; goalX = nil }
        switch command {
        case .modifySelection(let movement):
            if let target = destination(of: movement, from: head) { select(target.position, extending: true, keepGoal: target.vertical) }
        case .deleteBackward:
            input.deleteBackward()
            anchor = nil
            lastSelection = input.selectedTextRange
        case .deleteForward, .deleteWordBackward, .deleteWordForward:
            let range = selection
            if !isEmpty(range) { return replaceSelection(orRange: range, with: "") }
            let other = switch command {
            case .deleteForward: boundary(from: range.end, .character, forward: true)
            case .deleteWordBackward: boundary(from: range.start, .word, forward: false)
            default: boundary(from: range.end, .word, forward: true)
            }
            replaceSelection(orRange: input.textRange(from: range.start, to: other), with: "")
        case .insertNewline: input.insertText("\n")
        case .insertTab: input.insertText("\t")
        case .selectAll:
            input.selectedTextRange = input.textRange(from: input.beginningOfDocument, to: input.endOfDocument)
            anchor = input.beginningOfDocument
            lastSelection = input.selectedTextRange
        case .copy, .cut:
            let range = selection
            guard !isEmpty(range), let text = input.text(in: range) else { return }
            UIPasteboard.general.string = text
            if command == .cut { replaceSelection(orRange: range, with: "") }
        case .paste:
            if let text = UIPasteboard.general.string { replaceSelection(orRange: selection, with: text) }
        case .undo: input.undoManager?.undo()
        case .redo: input.undoManager?.redo()
        default:
            let range = selection
            // Left and right with a selection collapse it to its side.
            if !isEmpty(range), command == .moveLeft || command == .moveRight {
                return select(command == .moveLeft ? range.start : range.end, extending: false)
            }
            let from = command == .moveLeft || command == .moveWordLeft || command == .moveUp ? range.start : range.end
            if let target = destination(of: command, from: from) {
                select(target.position, extending: false, keepGoal: target.vertical)
            }
        }
    }

    /// Where `movement` takes a caret at `position`; `vertical` when it is an up or down move
    /// (which keeps the goal x).
    private func destination(of movement: KeyCommand, from position: UITextPosition) -> (position: UITextPosition, vertical: Bool)? {
        let page = max(input.bounds.height / max(input.caretRect(for: position).height, 1) - 1, 1)
        switch movement {
        case .moveLeft: return (boundary(from: position, .character, forward: false), false)
        case .moveRight: return (boundary(from: position, .character, forward: true), false)
        case .moveWordLeft: return (boundary(from: position, .word, forward: false), false)
        case .moveWordRight: return (boundary(from: position, .word, forward: true), false)
        case .moveUp: return (vertical(from: position, lines: -1), true)
        case .moveDown: return (vertical(from: position, lines: 1), true)
        case .pageUp: return (vertical(from: position, lines: -page), true)
        case .pageDown: return (vertical(from: position, lines: page), true)
        case .moveToBeginningOfLine: return (lineEnd(of: position, forward: false), false)
        case .moveToEndOfLine: return (lineEnd(of: position, forward: true), false)
        case .moveToBeginningOfParagraph: return (paragraphEnd(of: position, forward: false), false)
        case .moveToEndOfParagraph: return (paragraphEnd(of: position, forward: true), false)
        case .moveToBeginningOfDocument: return (input.beginningOfDocument, false)
        case .moveToEndOfDocument: return (input.endOfDocument, false)
        default: return nil
        }
    }

    /// The start or end of the line holding `position` (a line ends before its separator).
    private func lineEnd(of position: UITextPosition, forward: Bool) -> UITextPosition {
        // Already there: a line ends here (forward) or starts here (backward).
        let direction: UITextDirection = .storage(forward ? .forward : .backward)
        if input.tokenizer.isPosition(position, atBoundary: .line, inDirection: direction) { return position }
        if let line = input.tokenizer.rangeEnclosingPosition(position, with: .line, inDirection: .storage(.forward))
            ?? input.tokenizer.rangeEnclosingPosition(position, with: .line, inDirection: .storage(.backward)) {
            return forward ? line.end : line.start
        }
        return boundary(from: position, .line, forward: forward)
    }

    private func paragraphEnd(of position: UITextPosition, forward: Bool) -> UITextPosition {
        if let paragraph = input.tokenizer.rangeEnclosingPosition(position, with: .paragraph, inDirection: .storage(forward ? .forward : .backward)) {
            let end = forward ? paragraph.end : paragraph.start
            if input.compare(end, to: position) != .orderedSame { return end }
        }
        return boundary(from: position, .paragraph, forward: forward)
    }

    /// A click: one places the caret, two select the word, three the paragraph; shift extends
    /// the selection to the click.
    func selectText(at point: CGPoint, clickCount: Int, extending: Bool) {
        guard let position = input.closestPosition(to: point) else { return }
        if extending {
            if !sameSelection { anchor = selection.start }
            return select(position, extending: true)
        }
        let unit: UITextGranularity? = clickCount >= 3 ? .paragraph : clickCount == 2 ? .word : nil
        if let unit, let range = input.tokenizer.rangeEnclosingPosition(position, with: unit, inDirection: .storage(.forward))
            ?? input.tokenizer.rangeEnclosingPosition(position, with: unit, inDirection: .storage(.backward)) {
            input.selectedTextRange = range
            anchor = range.start
            lastSelection = range
            return
        }
        select(position, extending: false)
    }

    /// A drag from the last click: the selection runs from the click to the pointer.
    func dragSelection(to point: CGPoint) {
        guard let position = input.closestPosition(to: point) else { return }
        select(position, extending: true)
    }
}
