// The stacks: trimming to levelsOfUndo, removing actions, and the group that names refer to.

extension UndoManager {
    /// Drops the oldest groups of each stack beyond `levelsOfUndo` (0: no limit).
    func trimStacks() {
        guard levelsOfUndo > 0 else { return }
        if undoStack.count > levelsOfUndo { undoStack.removeFirst(undoStack.count - levelsOfUndo) }
        if redoStack.count > levelsOfUndo { redoStack.removeFirst(redoStack.count - levelsOfUndo) }
    }

    /// `removeAllActions()`.
    func removeEveryAction() {
        undoStack.removeAll()
        redoStack.removeAll()
        for open in openGroups { open.group.items.removeAll() }
        disableCount = 0
        lastAction = nil
    }

    /// `removeAllActions(withTarget:)`.
    func removeActions(withTarget target: AnyObject) {
        for group in undoStack + redoStack + openGroups.map(\.group) { group.removeActions(withTarget: target) }
        undoStack.removeAll { $0.isEmpty }
        redoStack.removeAll { $0.isEmpty }
    }

    /// The top-level group that `undo()` would undo: the outermost open group when the open groups
    /// hold actions (undo closes it first), else the top of the undo stack.
    var groupToUndo: UndoGroup? {
        let open = userOpenGroups
        if let outermost = open.first, open.contains(where: { !$0.group.isEmpty }) { return outermost.group }
        return undoStack.last
    }

    /// `setActionName(_:)`.
    func nameCurrentGroup(_ name: String) {
        if let recordingIndex {
            openGroups[recordingIndex].group.actionName = name
        } else if let outermost = openGroups.first {
            outermost.group.actionName = name
        } else {
            undoStack.last?.actionName = name
        }
    }
}
