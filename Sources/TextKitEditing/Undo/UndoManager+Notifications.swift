import TextKitModel  // Foundation: NotificationCenter, NSNotification.Name, NSNumber

// The undo manager's notifications, under the names Apple's Foundation gives them (Foundation on
// Linux declares none of them). Each is posted on `NotificationCenter.default`, on the thread that
// called the undo manager, with the undo manager as the object.

extension NSNotification.Name {
    /// Posted when an undo manager opens or closes an undo group, except when it opens a
    /// top-level group, and when ``UndoManager/canRedo`` checks the redo stack; no `userInfo`.
    ///
    /// Observers that delay their changes apply the pending ones on this notification, so that
    /// their undo operations go into the group in effect.
    public static let NSUndoManagerCheckpoint = NSNotification.Name("NSUndoManagerCheckpointNotification")

    /// Posted just before an undo manager undoes a group (``UndoManager/undo()`` or
    /// ``UndoManager/undoNestedGroup()``); no `userInfo`.
    public static let NSUndoManagerWillUndoChange = NSNotification.Name("NSUndoManagerWillUndoChangeNotification")

    /// Posted just after an undo manager has undone a group. `userInfo` holds
    /// ``NSUndoManagerGroupIsDiscardableKey`` (`true`) when the undone group was discardable.
    public static let NSUndoManagerDidUndoChange = NSNotification.Name("NSUndoManagerDidUndoChangeNotification")

    /// Posted just before an undo manager redoes a group (``UndoManager/redo()``); no `userInfo`.
    public static let NSUndoManagerWillRedoChange = NSNotification.Name("NSUndoManagerWillRedoChangeNotification")

    /// Posted just after an undo manager has redone a group. `userInfo` holds
    /// ``NSUndoManagerGroupIsDiscardableKey`` (`true`) when the redone group was discardable.
    public static let NSUndoManagerDidRedoChange = NSNotification.Name("NSUndoManagerDidRedoChangeNotification")

    /// Posted when an undo manager opens an undo group (``UndoManager/beginUndoGrouping()``, the
    /// group that ``UndoManager/groupsByEvent`` opens, and the group an undo or redo records
    /// into); no `userInfo`.
    public static let NSUndoManagerDidOpenUndoGroup = NSNotification.Name("NSUndoManagerDidOpenUndoGroupNotification")

    /// Posted before an undo manager closes an undo group (``UndoManager/endUndoGrouping()``).
    /// `userInfo` holds ``NSUndoManagerGroupIsDiscardableKey`` (`true`) when every action in the
    /// group is discardable.
    public static let NSUndoManagerWillCloseUndoGroup = NSNotification.Name("NSUndoManagerWillCloseUndoGroupNotification")

    /// Posted after an undo manager has closed an undo group, with the same `userInfo` as
    /// ``NSUndoManagerWillCloseUndoGroup``.
    public static let NSUndoManagerDidCloseUndoGroup = NSNotification.Name("NSUndoManagerDidCloseUndoGroupNotification")
}

/// The `userInfo` key whose value, `true` (an `NSNumber`), says that an undo group holds only
/// discardable actions (``UndoManager/setActionIsDiscardable(_:)``). It is present only then.
public let NSUndoManagerGroupIsDiscardableKey = "NSUndoManagerGroupIsDiscardableKey"

extension UndoManager {
    /// Posts `name` with this undo manager as the object, and the discardable key when `discardable`.
    func post(_ name: NSNotification.Name, discardable: Bool = false) {
        let userInfo: [AnyHashable: Any]? = discardable ? [NSUndoManagerGroupIsDiscardableKey: NSNumber(value: true)] : nil
        NotificationCenter.default.post(name: name, object: self, userInfo: userInfo)
    }
}
