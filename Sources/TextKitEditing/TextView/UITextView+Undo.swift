import TextKit
import TextKitGraphics
import TextKitModel

/// A run of typing that undoes as one step, as UIKit and AppKit coalesce it: consecutive
/// insertions and backward deletions at the caret. It is registered with the undo manager once,
/// when it starts; later keystrokes update it in place.
@MainActor
final class TypingRun {
    /// The text the run has produced so far (current offsets).
    var range: NSRange
    /// The text the run replaced (grows when backspacing past where the run began).
    var replaced: NSMutableAttributedString
    /// The selection before the run.
    let selectionBefore: NSRange

    init(range: NSRange, replaced: NSAttributedString, selectionBefore: NSRange) {
        self.range = range
        self.replaced = NSMutableAttributedString(attributedString: replaced)
        self.selectionBefore = selectionBefore
    }
}

extension UITextView {
    /// Folds the edit replacing `range` with `insertedLength` units of typed text into the
    /// typing run, or starts a new run (registering its undo step). Call before the edit.
    func continueTypingRun(replacing range: NSRange, insertedLength: Int) {
        if let run = typingRun, selection.length == 0, range.upperBound == run.range.upperBound,
           range.upperBound == selection.location {
            // Backspacing: what lies inside the run leaves it; what lies before it joins `replaced`.
            if range.location < run.range.location {
                let before = NSRange(location: range.location, length: run.range.location - range.location)
                run.replaced.insert(textStorage.attributedSubstring(from: before), at: 0)
                run.range = NSRange(location: range.location, length: 0)
            } else {
                run.range.length -= range.length
            }
            run.range.length += insertedLength
            return
        }
        endTypingRun()
        let run = TypingRun(range: NSRange(location: range.location, length: insertedLength),
                            replaced: textStorage.attributedSubstring(from: range), selectionBefore: selection)
        typingRun = run
        guard let undoManager else { return }
        withUndoGroup(undoManager, actionName: "Typing") {
            undoManager.registerUndo(withTarget: self) { view in
                view.undoTypingRun(run)
            }
        }
    }

    /// Ends the typing run: the next keystroke starts a new undo step.
    func endTypingRun() {
        typingRun = nil
    }

    private func undoTypingRun(_ run: TypingRun) {
        if typingRun === run { endTypingRun() }
        applyUndoReplacement(of: run.range, restoring: run.replaced, selection: run.selectionBefore, actionName: "Typing")
    }

    /// Registers an undo step that puts `old` back in place of `range` (current offsets) and
    /// restores `selection`; undoing it registers the matching redo step.
    func registerUndoReplacement(of range: NSRange, restoring old: NSAttributedString, selection: NSRange,
                                 actionName: String?) {
        guard let undoManager else { return }
        withUndoGroup(undoManager, actionName: actionName) {
            undoManager.registerUndo(withTarget: self) { view in
                view.applyUndoReplacement(of: range, restoring: old, selection: selection, actionName: actionName)
            }
        }
    }

    /// Undoes (or redoes) one step: registers the opposite step, edits, restores the selection
    /// and tells the delegate (undo is not vetoed).
    private func applyUndoReplacement(of range: NSRange, restoring old: NSAttributedString, selection restored: NSRange,
                                      actionName: String?) {
        endTypingRun()
        cancelComposition()
        let range = clamped(range)
        let current = textStorage.attributedSubstring(from: range)
        registerUndoReplacement(of: NSRange(location: range.location, length: old.length), restoring: current,
                                selection: selection, actionName: actionName)
        inputDelegate?.textWillChange(self)
        applyEdit(replacing: range, with: old)
        inputDelegate?.textDidChange(self)
        finishUserEdit(selection: restored)
    }

    /// Runs `body` inside an undo group of its own when none is open, naming it.
    private func withUndoGroup(_ undoManager: UndoManager, actionName: String?, _ body: () -> Void) {
        let opens = undoManager.groupingLevel == 0
        if opens { undoManager.beginUndoGrouping() }
        body()
        if let actionName { undoManager.setActionName(actionName) }
        if opens { undoManager.endUndoGrouping() }
    }
}
