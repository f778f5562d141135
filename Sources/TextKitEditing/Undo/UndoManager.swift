import TextKitGraphics  // checkPrecondition
import TextKitModel     // Foundation: NSObject, RunLoop

/// A recorder of undo operations, as Foundation's `UndoManager`, which swift-corelibs-foundation
/// does not provide on Linux.
///
/// ```swift
/// final class Document {
///     let undoManager = UndoManager()
///     private(set) var title = ""
///     func setTitle(_ newTitle: String) {
///         let old = title
///         undoManager.registerUndo(withTarget: self) { $0.setTitle(old) }   // redo registers itself
///         undoManager.setActionName("Rename")
///         title = newTitle
///     }
/// }
/// let document = Document()
/// document.setTitle("Draft")
/// document.undoManager.undo()          // title == "", redoMenuItemTitle == "Redo Rename"
/// document.undoManager.redo()          // title == "Draft"
/// ```
///
/// Operations are collected in groups, undone (last registered first) and redone as one. Actions
/// registered while undoing form the redo group; those registered while redoing go to the undo
/// stack; any other registration clears the redo stack. Groups nest, and empty groups are dropped
/// when they close. The notifications are Apple's (`.NSUndoManagerCheckpoint`,
/// `.NSUndoManagerWillUndoChange`, …), posted on `NotificationCenter.default`.
///
/// **Grouping by event on Linux.** Apple's undo manager, with ``groupsByEvent`` on (the default),
/// opens a top-level group for each pass of the main run loop and closes it at the end of the
/// pass. There is no such event cycle to join here, so a registration made outside any group opens
/// one implicitly, and it stays open, collecting every later registration, until one of these
/// closes it:
/// - ``undo()``, which closes a top-level group before undoing, as Apple's does;
/// - ``endEventGroupingIfNeeded()``, which a host calls once it has handled each user event (a
///   key press, a paste): then each event is one undo step, as on Apple platforms;
/// - the end of the current pass of ``eventGroupingRunLoop``, for hosts that run a `RunLoop`.
///
/// With ``groupsByEvent`` off, registering outside a group is a programmer error, as on Apple
/// platforms: open one with ``beginUndoGrouping()``.
///
/// **Differences from Apple's class.** There is no Objective-C runtime, so
/// `registerUndo(withTarget:selector:object:)` and `prepare(withInvocationTarget:)` are absent:
/// register closures with ``registerUndo(withTarget:handler:)``. `runLoopModes` is absent
/// (``eventGroupingRunLoop`` takes its place), and so are the action user-info values and the
/// `LocalizedStringResource` action names. Targets are held weakly (Apple: unowned), so an action
/// whose target is gone is skipped rather than crashing. Menu titles are English ("Undo Typing");
/// override ``undoMenuTitle(forUndoActionName:)`` and ``redoMenuTitle(forUndoActionName:)`` to
/// localize them. Misuse that Apple answers with `NSInternalInconsistencyException` (closing a
/// group that is not open, calling ``undo()`` with nested groups open, undoing from inside an undo)
/// traps with a message that names the call.
///
/// Thread safety: none, as Apple's. Use each undo manager from one thread (in a GUI, the main
/// thread); the notifications are posted on that thread.
open class UndoManager: NSObject {
    /// Closed top-level groups, oldest first: ``undo()`` undoes the last.
    var undoStack: [UndoGroup] = []
    /// Closed redo groups, oldest first: ``redo()`` redoes the last.
    var redoStack: [UndoGroup] = []
    /// The open groups, outermost first (``groupingLevel`` is their number).
    var openGroups: [OpenUndoGroup] = []
    /// While undoing or redoing: the index in `openGroups` of the group the actions registered by
    /// the handlers go into (the redo group, or the group recorded for undo).
    var recordingIndex: Int?
    var undoing = false
    var redoing = false
    /// Calls of ``disableUndoRegistration()`` not yet balanced by ``enableUndoRegistration()``.
    var disableCount = 0
    /// The action registered last, which ``setActionIsDiscardable(_:)`` marks.
    weak var lastAction: UndoAction?
    /// Numbers the groups that ``groupsByEvent`` opens, so that a run loop's close finds its own.
    var implicitGroupSerial = 0

    /// An undo manager with empty stacks, ``groupsByEvent`` on and no limit on the levels of undo.
    public override init() {
        super.init()
    }

    // MARK: Registering undo operations

    /// Registers `handler` as an undo operation on `target`, into the innermost open group (with
    /// ``groupsByEvent``, a group is opened when none is).
    ///
    /// While undoing, the operation goes to the redo group; while redoing, to the undo stack;
    /// otherwise it goes to the undo stack and clears the redo stack. Nothing is registered while
    /// registration is disabled (``isUndoRegistrationEnabled``). The handler is called with the
    /// target; it should register the opposite operation, which becomes the redo (or the undo
    /// again). `target` is held weakly: if it has been deallocated by the time the operation is
    /// undone, the operation is skipped. (`registerUndo(withTarget:selector:object:)`, which needs
    /// the Objective-C runtime, does not exist here.)
    ///
    /// - Precondition: A group is open, or ``groupsByEvent`` is on.
    open func registerUndo<TargetType: AnyObject>(withTarget target: TargetType,
                                                   handler: @escaping (TargetType) -> Void) {
        register(UndoAction(target: target) { handler($0 as! TargetType) })  // the target passed in above
    }

    // MARK: Checking undo ability

    /// Whether there is anything to undo: a group on the undo stack, or actions in the open groups
    /// (which ``undo()`` would close first). Being true does not mean ``undo()`` may be called:
    /// nested groups may have to be closed first.
    open var canUndo: Bool {
        !undoStack.isEmpty || userOpenGroups.contains { !$0.group.isEmpty }
    }

    /// Whether there is a group to redo. Posts `.NSUndoManagerCheckpoint` first, so that observers
    /// can register pending operations, which clear the redo stack, before the answer.
    open var canRedo: Bool {
        post(.NSUndoManagerCheckpoint)
        return !redoStack.isEmpty
    }

    // MARK: Performing undo and redo

    /// Closes the top-level group if it is the only one open, then undoes the last group
    /// (``undoNestedGroup()``). The operations its actions register form one group on the redo
    /// stack, named as the undone group was.
    ///
    /// - Precondition: At most one group is open (``groupingLevel`` ≤ 1), and no undo or redo is
    ///   in progress.
    open func undo() {
        checkPrecondition(!undoing && !redoing, "undo() called while \(undoing ? "undoing" : "redoing") (from a handler)")
        if groupingLevel == 1 { endUndoGrouping() }
        checkPrecondition(groupingLevel == 0,
                          "undo() with \(groupingLevel) undo groups open: close the nested ones with endUndoGrouping() first")
        undoNestedGroup()
    }

    /// Undoes the last group: the last nested group closed in the innermost open group when a
    /// group is open, otherwise the top of the undo stack (nothing when it is empty). The
    /// operations its actions register form one group on the redo stack.
    ///
    /// Posts `.NSUndoManagerCheckpoint` and `.NSUndoManagerWillUndoChange` before the actions,
    /// and `.NSUndoManagerDidUndoChange` after them.
    ///
    /// - Precondition: No undo or redo is in progress, and when a group is open, the last thing
    ///   in it is a closed nested group (no action registered after it).
    open func undoNestedGroup() {
        performUndoNestedGroup()
    }

    /// Redoes the last group on the redo stack, if there is one, recording the operations its
    /// actions register as one group for undo (into the innermost open group, if one is open).
    ///
    /// Posts `.NSUndoManagerCheckpoint` and `.NSUndoManagerWillRedoChange` before the actions,
    /// and `.NSUndoManagerDidRedoChange` after them.
    ///
    /// - Precondition: No undo or redo is in progress.
    open func redo() {
        performRedo()
    }

    /// Whether the undo manager is performing ``undo()`` or ``undoNestedGroup()``: true inside the
    /// handlers it calls.
    open var isUndoing: Bool { undoing }

    /// Whether the undo manager is performing ``redo()``: true inside the handlers it calls.
    open var isRedoing: Bool { redoing }

    // MARK: Undo groups

    /// Opens an undo group, nested in the innermost open group if there is one: the operations
    /// registered until the matching ``endUndoGrouping()`` are undone as one.
    ///
    /// Posts `.NSUndoManagerCheckpoint` (unless the group is top-level), then
    /// `.NSUndoManagerDidOpenUndoGroup`.
    open func beginUndoGrouping() {
        openGroup(UndoGroup(), destination: nil)
    }

    /// Closes the innermost open group: a nested group joins its parent, a top-level group goes on
    /// the undo stack (dropping the oldest group beyond ``levelsOfUndo``). An empty group is
    /// dropped.
    ///
    /// Posts `.NSUndoManagerCheckpoint` and `.NSUndoManagerWillCloseUndoGroup` before closing,
    /// `.NSUndoManagerDidCloseUndoGroup` after; the last two carry `NSUndoManagerGroupIsDiscardableKey`
    /// when every action in the group is discardable.
    ///
    /// - Precondition: A group is open (``groupingLevel`` > 0), opened by the caller when called
    ///   from an undo or redo handler.
    open func endUndoGrouping() {
        checkPrecondition(!openGroups.isEmpty, "endUndoGrouping() with no open undo group (groupingLevel is 0)")
        if let recordingIndex {
            checkPrecondition(openGroups.count - 1 > recordingIndex,
                              "endUndoGrouping() in an undo or redo handler without a matching beginUndoGrouping()")
        }
        closeInnermostGroup()
    }

    /// The number of open groups (0: none). While undoing or redoing it counts the group the
    /// handlers' operations are recorded into.
    open var groupingLevel: Int { openGroups.count }

    /// Whether a registration outside any group opens a top-level group, which collects the
    /// operations of one user event (default: true).
    ///
    /// Apple closes that group at the end of each pass of the main run loop. Here it is closed by
    /// ``undo()``, by ``endEventGroupingIfNeeded()`` (hosts call it after each event), or at the end
    /// of a pass of ``eventGroupingRunLoop`` when one is set. With grouping by event off, open and
    /// close groups yourself: registering outside a group traps.
    open var groupsByEvent: Bool = true

    /// Closes the group that ``groupsByEvent`` opened, if it is open and the only open group: the
    /// end of one user event, so the event's operations are undone as one.
    ///
    /// An addition for Linux, where no run loop pass ends the event for the undo manager: a host
    /// calls it after handling each key press, paste or other user action. Does nothing when that
    /// group is not open, when other groups are open inside it, or while undoing or redoing.
    open func endEventGroupingIfNeeded() {
        endEventGroup(serial: nil)
    }

    /// A run loop at the end of whose current pass the group that ``groupsByEvent`` opens is closed
    /// (as ``endEventGroupingIfNeeded()`` closes it), or nil (the default): then the host closes it.
    ///
    /// An addition for Linux, taking the place of Apple's `runLoopModes`: set it to the run loop
    /// of the thread that uses the undo manager (`RunLoop.current`, or `RunLoop.main` on the main
    /// thread) when that thread runs its run loop. The close is scheduled with `perform(_:)`
    /// when the group opens.
    open var eventGroupingRunLoop: RunLoop?

    // MARK: Enabling and disabling undo

    /// Stops registration: ``registerUndo(withTarget:handler:)`` does nothing until the matching
    /// ``enableUndoRegistration()``. Calls nest (each needs its own enable).
    open func disableUndoRegistration() {
        disableCount += 1
    }

    /// Balances one ``disableUndoRegistration()``; registration resumes when every one is balanced.
    ///
    /// - Precondition: Registration is disabled.
    open func enableUndoRegistration() {
        checkPrecondition(disableCount > 0, "enableUndoRegistration() without a matching disableUndoRegistration()")
        disableCount -= 1
    }

    /// Whether operations are registered: false between ``disableUndoRegistration()`` and its
    /// matching ``enableUndoRegistration()``.
    open var isUndoRegistrationEnabled: Bool { disableCount == 0 }

    // MARK: Levels of undo

    /// The most top-level groups each stack keeps; 0 (the default) means no limit. When a group
    /// closes onto a full stack, or the limit is lowered, the oldest groups are dropped.
    ///
    /// - Precondition: Not negative.
    open var levelsOfUndo: Int = 0 {
        didSet {
            checkPrecondition(levelsOfUndo >= 0, "levelsOfUndo set to \(levelsOfUndo); it must be 0 (no limit) or more")
            trimStacks()
        }
    }

    // MARK: Removing actions

    /// Empties the undo and redo stacks, and re-enables registration (however many disables were
    /// pending). Open groups stay open, emptied, so that begin/end calls stay balanced.
    open func removeAllActions() {
        removeEveryAction()
    }

    /// Removes the operations whose target is `target` from both stacks and from the open groups;
    /// groups left empty are removed too. Registration stays disabled if it was.
    ///
    /// An object that shares an undo manager calls this with itself before it goes away.
    open func removeAllActions(withTarget target: Any) {
        removeActions(withTarget: target as AnyObject)
    }

    // MARK: Action names and menu titles

    /// The name of the group that ``undo()`` would undo ("Typing" for "Undo Typing"); empty when
    /// it has none or there is nothing to undo.
    open var undoActionName: String { groupToUndo?.actionName ?? "" }

    /// The name of the group that ``redo()`` would redo; empty when it has none or there is nothing
    /// to redo.
    open var redoActionName: String { redoStack.last?.actionName ?? "" }

    /// Names the current top-level group: the group being recorded while undoing or redoing, else
    /// the outermost open group, else the last group on the undo stack. An empty name removes the
    /// name. Call it with (or after) the registration it names.
    open func setActionName(_ actionName: String) {
        nameCurrentGroup(actionName)
    }

    /// The title of an Undo menu item: ``undoMenuTitle(forUndoActionName:)`` of ``undoActionName``
    /// ("Undo Typing", or "Undo" when the group has no name or there is nothing to undo; Apple's
    /// Objective-C property is nil then, but its Swift type is `String`).
    open var undoMenuItemTitle: String { undoMenuTitle(forUndoActionName: undoActionName) }

    /// The title of a Redo menu item: ``redoMenuTitle(forUndoActionName:)`` of ``redoActionName``.
    open var redoMenuItemTitle: String { redoMenuTitle(forUndoActionName: redoActionName) }

    /// "Undo" followed by `actionName` ("Undo Typing"), or "Undo" for an empty name. English:
    /// override it to localize.
    open func undoMenuTitle(forUndoActionName actionName: String) -> String {
        actionName.isEmpty ? "Undo" : "Undo \(actionName)"
    }

    /// "Redo" followed by `actionName` ("Redo Typing"), or "Redo" for an empty name. English:
    /// override it to localize.
    open func redoMenuTitle(forUndoActionName actionName: String) -> String {
        actionName.isEmpty ? "Redo" : "Redo \(actionName)"
    }

    // MARK: Discardable actions

    /// Marks the operation registered last as discardable (or not): one that changes no
    /// persistent state, such as scrolling, and may be dropped when the document cannot be saved.
    /// A group whose operations are all discardable is reported with
    /// `NSUndoManagerGroupIsDiscardableKey`.
    open func setActionIsDiscardable(_ discardable: Bool) {
        lastAction?.isDiscardable = discardable
    }

    /// Whether every operation of the group that ``undo()`` would undo is discardable (false when
    /// there is nothing to undo).
    open var undoActionIsDiscardable: Bool {
        let open = userOpenGroups.map(\.group)
        if open.contains(where: { !$0.isEmpty }) {
            return open.allSatisfy { $0.isEmpty || $0.isDiscardable }
        }
        return undoStack.last?.isDiscardable ?? false
    }

    /// Whether every operation of the group that ``redo()`` would redo is discardable (false when
    /// there is nothing to redo).
    open var redoActionIsDiscardable: Bool { redoStack.last?.isDiscardable ?? false }
}
