// The undo manager's records: an action (a closure and its weakly held target) and a group
// (actions and nested groups in registration order, with the name the menu shows).

/// One registered undo operation: a handler and the target it is called with.
///
/// The target is held weakly, so that an object registering undo with itself as the target (the
/// usual case) is not kept alive by its own history. Apple documents an unowned reference, under
/// which an action whose target is gone crashes when undone; here such an action is skipped.
final class UndoAction {
    weak var target: AnyObject?
    let handler: (AnyObject) -> Void
    /// Set by `setActionIsDiscardable(_:)`: the action changes no persistent state.
    var isDiscardable = false

    init(target: AnyObject, handler: @escaping (AnyObject) -> Void) {
        self.target = target
        self.handler = handler
    }

    /// Calls the handler with the target, unless the target has been deallocated.
    func perform() {
        guard let target else { return }
        handler(target)
    }
}

/// A group of undo operations undone (or redone) as one.
///
/// ```
/// UndoGroup "Typing"                    undone as one, in reverse:
///   ├─ action a1                          ↑ 3rd
///   ├─ UndoGroup (nested)                 ↑ 2nd: a3, then a2
///   │    ├─ action a2
///   │    └─ action a3
///   └─ action a4                          ↑ 1st
/// ```
///
/// - Invariant: A group on a stack, or nested in another, is never empty (empty groups are
///   discarded when they close).
final class UndoGroup {
    enum Item {
        case action(UndoAction)
        case group(UndoGroup)
    }

    var items: [Item] = []
    /// The name shown after "Undo" and "Redo"; empty when none was set. Only top-level groups
    /// are named (`setActionName(_:)` names the top-level group being recorded).
    var actionName: String

    init(actionName: String = "") {
        self.actionName = actionName
    }

    var isEmpty: Bool { items.isEmpty }

    /// Whether the group holds at least one action, and only discardable ones (what
    /// `NSUndoManagerGroupIsDiscardableKey` reports).
    var isDiscardable: Bool {
        !items.isEmpty && items.allSatisfy { item in
            switch item {
            case .action(let action): action.isDiscardable
            case .group(let group): group.isDiscardable
            }
        }
    }

    /// Performs the group's actions in reverse registration order, nested groups included (each
    /// reversed in turn): the last change made is the first reverted.
    func performReversed() {
        for item in items.reversed() {
            switch item {
            case .action(let action): action.perform()
            case .group(let group): group.performReversed()
            }
        }
    }

    /// Removes every action whose target is `target`, and the nested groups that become empty.
    func removeActions(withTarget target: AnyObject) {
        items.removeAll { item in
            switch item {
            case .action(let action):
                return action.target === target
            case .group(let group):
                group.removeActions(withTarget: target)
                return group.isEmpty
            }
        }
    }
}
