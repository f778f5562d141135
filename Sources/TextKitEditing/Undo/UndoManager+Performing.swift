import TextKitGraphics  // checkPrecondition, programmerError

// Registering operations, and performing a group for undo or redo while recording the
// operations its handlers register.

extension UndoManager {
    /// Adds `action` to the innermost open group (see `registerUndo(withTarget:handler:)`).
    func register(_ action: UndoAction) {
        guard disableCount == 0 else { return }
        if !undoing && !redoing { redoStack.removeAll() }  // a new change: what was undone is gone
        if openGroups.isEmpty {
            checkPrecondition(groupsByEvent, "registerUndo(withTarget:handler:) with no open undo group and "
                              + "groupsByEvent off: call beginUndoGrouping() first")
            openEventGroup()
        }
        openGroups[openGroups.count - 1].group.items.append(.action(action))
        lastAction = action
    }

    /// `undoNestedGroup()`: finds the group to undo and performs it.
    func performUndoNestedGroup() {
        checkPrecondition(!undoing && !redoing,
                          "undoNestedGroup() called while \(undoing ? "undoing" : "redoing") (from a handler)")
        post(.NSUndoManagerCheckpoint)
        let group: UndoGroup
        if let innermost = openGroups.last?.group {
            guard case .group(let nested)? = innermost.items.last else {
                programmerError("undoNestedGroup() with an open undo group that "
                                + (innermost.isEmpty ? "holds no closed nested group"
                                   : "has actions registered after its last nested group")
                                + ": close it with endUndoGrouping() first")
            }
            innermost.items.removeLast()
            group = nested
        } else {
            guard let top = undoStack.popLast() else { return }
            group = top
        }
        perform(group, undoing: true)
    }

    /// `redo()`: performs the top of the redo stack, if any.
    func performRedo() {
        checkPrecondition(!undoing && !redoing, "redo() called while \(undoing ? "undoing" : "redoing") (from a handler)")
        post(.NSUndoManagerCheckpoint)
        guard let group = redoStack.popLast() else { return }
        perform(group, undoing: false)
    }

    /// Performs `group`'s actions, last first, inside a new group that collects what they register:
    /// the redo group when `undoing` (it goes to the redo stack), else the group that goes back to
    /// the undo stack (or into the innermost open group, if one is open). It takes `group`'s name.
    private func perform(_ group: UndoGroup, undoing isUndo: Bool) {
        post(isUndo ? .NSUndoManagerWillUndoChange : .NSUndoManagerWillRedoChange)
        if isUndo { undoing = true } else { redoing = true }
        let destination: OpenUndoGroup.Destination = isUndo ? .redoStack : openGroups.isEmpty ? .undoStack : .parent
        openGroup(UndoGroup(actionName: group.actionName), destination: destination)
        let recording = openGroups.count - 1
        recordingIndex = recording
        group.performReversed()
        checkPrecondition(openGroups.count == recording + 1,
                          "an \(isUndo ? "undo" : "redo") handler left \(openGroups.count - recording - 1) undo "
                          + "groups open: balance beginUndoGrouping() with endUndoGrouping() inside the handler")
        closeInnermostGroup()
        recordingIndex = nil
        if isUndo { undoing = false } else { redoing = false }
        post(isUndo ? .NSUndoManagerDidUndoChange : .NSUndoManagerDidRedoChange, discardable: group.isDiscardable)
    }
}
