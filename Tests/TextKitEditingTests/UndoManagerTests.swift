import ModelTestSupport
import Testing
import TextKitModel  // Foundation: NotificationCenter, RunLoop, Date
@testable import TextKitEditing

// The undo manager against the behaviour Apple documents for Foundation's UndoManager (class
// reference and the "Undo Architecture" guide), with a counter as the model being edited.

/// A model whose every change registers its own inverse, as Apple's samples write it: undoing
/// `set(_:)` calls `set(_:)`, which registers the redo.
final class Counter {
    let undoManager: UndoManager
    private(set) var value = 0
    /// Values the handlers saw, in call order.
    private(set) var calls: [Int] = []
    /// What `isUndoing`/`isRedoing` were inside the last handler.
    private(set) var sawUndoing = false, sawRedoing = false

    init(_ undoManager: UndoManager) { self.undoManager = undoManager }

    func set(_ newValue: Int) {
        let old = value
        undoManager.registerUndo(withTarget: self) { counter in
            counter.calls.append(old)
            counter.sawUndoing = counter.undoManager.isUndoing
            counter.sawRedoing = counter.undoManager.isRedoing
            counter.set(old)
        }
        value = newValue
    }

    /// A change that touches no persistent state (a scroll position): discardable, undo and redo alike.
    func scroll(to newValue: Int) {
        let old = value
        undoManager.registerUndo(withTarget: self) { $0.scroll(to: old) }
        undoManager.setActionIsDiscardable(true)
        value = newValue
    }
}

/// An undo manager that groups explicitly, as most of these tests want.
func explicitManager() -> UndoManager {
    let undoManager = UndoManager()
    undoManager.groupsByEvent = false
    return undoManager
}

/// Runs `body` inside one top-level group.
func group(_ undoManager: UndoManager, _ body: () -> Void) {
    undoManager.beginUndoGrouping()
    body()
    undoManager.endUndoGrouping()
}

/// A log that notification observers (which must be `@Sendable`) write to; used on one thread.
final class NotificationLog: @unchecked Sendable {
    var entries: [String] = []
    var discardable: [String: Bool] = [:]
}

/// The undo manager's notifications (short names: "Checkpoint", "WillUndoChange", …) and the
/// handler calls (through `log`) posted while `body` runs.
func notifications(of undoManager: UndoManager, log: NotificationLog = NotificationLog(), _ body: () -> Void) -> [String] {
    let names: [NSNotification.Name] = [.NSUndoManagerCheckpoint, .NSUndoManagerWillUndoChange, .NSUndoManagerDidUndoChange,
                                        .NSUndoManagerWillRedoChange, .NSUndoManagerDidRedoChange,
                                        .NSUndoManagerDidOpenUndoGroup, .NSUndoManagerWillCloseUndoGroup,
                                        .NSUndoManagerDidCloseUndoGroup]
    let observers = names.map { name in
        NotificationCenter.default.addObserver(forName: name, object: undoManager, queue: nil) { note in
            let short = note.name.rawValue.replacingOccurrences(of: "NSUndoManager", with: "")
                .replacingOccurrences(of: "Notification", with: "")
            log.entries.append(short)
            log.discardable[short] = (note.userInfo?[NSUndoManagerGroupIsDiscardableKey] as? Bool) ?? false
        }
    }
    defer { for observer in observers { NotificationCenter.default.removeObserver(observer) } }
    body()
    return log.entries
}

@Suite("UndoManager: undo, redo and groups")
struct UndoManagerTests {
    @Test("One change: undo restores it, redo makes it again, and the handler sees isUndoing/isRedoing")
    func singleUndoRedo() {
        let undoManager = explicitManager()
        let counter = Counter(undoManager)
        #expect(!undoManager.canUndo && !undoManager.canRedo)
        group(undoManager) { counter.set(5) }
        #expect(counter.value == 5 && undoManager.canUndo && !undoManager.canRedo)
        undoManager.undo()
        #expect(counter.value == 0 && !undoManager.canUndo && undoManager.canRedo)
        #expect(counter.sawUndoing && !counter.sawRedoing)
        #expect(!undoManager.isUndoing && undoManager.groupingLevel == 0)
        undoManager.redo()
        #expect(counter.value == 5 && undoManager.canUndo && !undoManager.canRedo)
        #expect(counter.sawRedoing && !counter.sawUndoing)
        undoManager.undo()
        #expect(counter.value == 0)
        undoManager.undo()  // nothing left: no effect
        undoManager.redo()
        #expect(counter.value == 5)
    }

    @Test("A group is undone as one, its actions last first; a nested group goes with its parent")
    func groupingAndNesting() {
        let undoManager = explicitManager()
        let counter = Counter(undoManager)
        group(undoManager) { counter.set(1) }
        undoManager.beginUndoGrouping()
        counter.set(2)
        undoManager.beginUndoGrouping()
        #expect(undoManager.groupingLevel == 2)
        counter.set(3)
        counter.set(4)
        undoManager.endUndoGrouping()
        counter.set(5)
        undoManager.endUndoGrouping()
        #expect(undoManager.groupingLevel == 0)

        undoManager.undo()
        #expect(counter.value == 1)
        #expect(counter.calls == [4, 3, 2, 1])  // old values restored in reverse registration order
        undoManager.redo()
        #expect(counter.value == 5)
        undoManager.undo()
        undoManager.undo()
        #expect(counter.value == 0 && !undoManager.canUndo)
        undoManager.redo()
        undoManager.redo()
        #expect(counter.value == 5 && !undoManager.canRedo)
    }

    @Test("undoNestedGroup undoes a closed nested group while its parent stays open")
    func undoNestedGroupInsideOpenGroup() {
        let undoManager = explicitManager()
        let counter = Counter(undoManager)
        undoManager.beginUndoGrouping()
        counter.set(1)
        group(undoManager) { counter.set(2); counter.set(3) }
        undoManager.undoNestedGroup()
        #expect(counter.value == 1 && undoManager.groupingLevel == 1)
        #expect(undoManager.canRedo)
        undoManager.endUndoGrouping()
        undoManager.undo()
        #expect(counter.value == 0)
    }

    @Test("Empty groups are dropped when they close, nested or top-level")
    func emptyGroupsDiscarded() {
        let undoManager = explicitManager()
        let counter = Counter(undoManager)
        group(undoManager) { counter.set(1) }
        group(undoManager) {}
        group(undoManager) { group(undoManager) {} }
        undoManager.disableUndoRegistration()
        group(undoManager) { counter.set(2) }
        undoManager.enableUndoRegistration()
        #expect(undoManager.undoStack.count == 1)
        undoManager.undo()
        #expect(counter.value == 0)
    }

    @Test("A new change clears the redo stack; changes made while undoing or redoing do not")
    func redoClearedByNewAction() {
        let undoManager = explicitManager()
        let counter = Counter(undoManager)
        group(undoManager) { counter.set(1) }
        group(undoManager) { counter.set(2) }
        undoManager.undo()
        undoManager.undo()
        #expect(undoManager.redoStack.count == 2)
        undoManager.redo()
        #expect(undoManager.redoStack.count == 1 && counter.value == 1)
        group(undoManager) { counter.set(7) }
        #expect(!undoManager.canRedo)
        undoManager.undo()
        #expect(counter.value == 1)
        undoManager.undo()
        #expect(counter.value == 0)
    }

    @Test("Registration is disabled until every disable is balanced by an enable")
    func disableEnableCounted() {
        let undoManager = explicitManager()
        let counter = Counter(undoManager)
        undoManager.disableUndoRegistration()
        undoManager.disableUndoRegistration()
        #expect(!undoManager.isUndoRegistrationEnabled)
        group(undoManager) { counter.set(1) }
        undoManager.enableUndoRegistration()
        #expect(!undoManager.isUndoRegistrationEnabled)
        group(undoManager) { counter.set(2) }
        undoManager.enableUndoRegistration()
        #expect(undoManager.isUndoRegistrationEnabled)
        #expect(!undoManager.canUndo)
        group(undoManager) { counter.set(3) }
        undoManager.undo()
        #expect(counter.value == 2)
        // Undoing with registration disabled leaves nothing to redo.
        group(undoManager) { counter.set(4) }
        undoManager.disableUndoRegistration()
        undoManager.undo()
        undoManager.enableUndoRegistration()
        #expect(counter.value == 2 && !undoManager.canRedo)
        // removeAllActions re-enables registration.
        undoManager.disableUndoRegistration()
        undoManager.removeAllActions()
        #expect(undoManager.isUndoRegistrationEnabled && !undoManager.canUndo)
    }

    @Test("levelsOfUndo keeps the newest groups; lowering it drops the oldest at once")
    func levelsOfUndoTrims() {
        let undoManager = explicitManager()
        let counter = Counter(undoManager)
        undoManager.levelsOfUndo = 3
        for value in 1...5 { group(undoManager) { counter.set(value) } }
        #expect(undoManager.undoStack.count == 3)
        while undoManager.canUndo { undoManager.undo() }
        #expect(counter.value == 2)
        #expect(undoManager.redoStack.count == 3)
        undoManager.levelsOfUndo = 1
        #expect(undoManager.redoStack.count == 1)
        undoManager.redo()
        #expect(counter.value == 3 && !undoManager.canRedo)
        undoManager.levelsOfUndo = 0
        for value in 10...30 { group(undoManager) { counter.set(value) } }
        #expect(undoManager.undoStack.count == 22)
    }

    @Test("removeAllActions(withTarget:) removes that target's actions, and groups left empty, from both stacks")
    func removeActionsWithTarget() {
        let undoManager = explicitManager()
        let a = Counter(undoManager), b = Counter(undoManager)
        group(undoManager) { a.set(1) }
        group(undoManager) { a.set(2); b.set(1) }
        group(undoManager) { b.set(2) }
        group(undoManager) { a.set(3) }
        undoManager.undo()  // a: 3 → 2, its redo targets a
        undoManager.undo()  // b: 2 → 1, its redo targets b
        undoManager.removeAllActions(withTarget: a)
        #expect(undoManager.undoStack.count == 1 && undoManager.redoStack.count == 1)
        undoManager.redo()
        #expect(a.value == 2 && b.value == 2)
        undoManager.undo()
        undoManager.undo()
        #expect(a.value == 2 && b.value == 0 && !undoManager.canUndo)
        undoManager.removeAllActions(withTarget: 42)  // not a target: nothing happens
        #expect(undoManager.canRedo)
        // From an open group too; the group stays open.
        undoManager.beginUndoGrouping()
        a.set(9)
        undoManager.removeAllActions(withTarget: a)
        #expect(undoManager.groupingLevel == 1 && !undoManager.canUndo)
        undoManager.endUndoGrouping()
        #expect(!undoManager.canUndo)
    }

    @Test("A target that has gone away is skipped when its action is undone")
    func deallocatedTarget() {
        let undoManager = explicitManager()
        var counter: Counter? = Counter(undoManager)
        weak var gone = counter
        group(undoManager) { counter!.set(1) }
        counter = nil
        #expect(gone == nil)
        undoManager.undo()
        #expect(!undoManager.canRedo)
    }
}

@Suite("UndoManager: grouping by event")
struct UndoManagerEventGroupingTests {
    @Test("With groupsByEvent, registrations outside a group share one implicit group, which undo() closes")
    func implicitGroup() {
        let undoManager = UndoManager()
        #expect(undoManager.groupsByEvent)
        let counter = Counter(undoManager)
        counter.set(1)
        #expect(undoManager.groupingLevel == 1 && undoManager.canUndo)
        counter.set(2)
        undoManager.undo()
        #expect(counter.value == 0 && undoManager.groupingLevel == 0)
        undoManager.redo()
        #expect(counter.value == 2)
    }

    @Test("endEventGroupingIfNeeded ends one event: each event is one undo step")
    func hostEndsEvents() {
        let undoManager = UndoManager()
        let counter = Counter(undoManager)
        counter.set(1); counter.set(2)
        undoManager.endEventGroupingIfNeeded()
        #expect(undoManager.groupingLevel == 0)
        counter.set(3)
        undoManager.endEventGroupingIfNeeded()
        undoManager.endEventGroupingIfNeeded()  // nothing open: no effect
        undoManager.undo()
        #expect(counter.value == 2)
        undoManager.undo()
        #expect(counter.value == 0)
    }

    @Test("endEventGroupingIfNeeded leaves explicit groups alone")
    func hostHookLeavesExplicitGroups() {
        let undoManager = UndoManager()
        let counter = Counter(undoManager)
        undoManager.beginUndoGrouping()
        counter.set(1)
        undoManager.endEventGroupingIfNeeded()
        #expect(undoManager.groupingLevel == 1)
        undoManager.endUndoGrouping()
        counter.set(2)  // opens the event group
        undoManager.beginUndoGrouping()
        counter.set(3)
        undoManager.endEventGroupingIfNeeded()  // a group is open inside the event group
        #expect(undoManager.groupingLevel == 2)
        undoManager.endUndoGrouping()
        undoManager.endEventGroupingIfNeeded()
        #expect(undoManager.groupingLevel == 0)
        undoManager.undo()
        #expect(counter.value == 1)
    }

    @Test("With eventGroupingRunLoop set, the event group closes at the end of the run loop's pass")
    func runLoopEndsEvents() {
        let undoManager = UndoManager()
        undoManager.eventGroupingRunLoop = RunLoop.current
        let counter = Counter(undoManager)
        counter.set(1); counter.set(2)
        #expect(undoManager.groupingLevel == 1)
        RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.01))
        #expect(undoManager.groupingLevel == 0)
        counter.set(3)
        undoManager.undo()  // closes the event group before the run loop does
        counter.set(4)      // a new event group, which the earlier scheduled close must not end
        undoManager.beginUndoGrouping()
        RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.01))
        #expect(undoManager.groupingLevel == 2)
        undoManager.endUndoGrouping()
        undoManager.undo()
        #expect(counter.value == 2)
        undoManager.undo()
        #expect(counter.value == 0)
    }
}

@Suite("UndoManager: action names, notifications, discardable actions")
struct UndoManagerNamesAndNotificationsTests {
    @Test("The action name follows the group to the redo stack and back, and makes the menu titles")
    func actionNames() {
        let undoManager = UndoManager()
        let counter = Counter(undoManager)
        #expect(undoManager.undoMenuItemTitle == "Undo" && undoManager.redoMenuItemTitle == "Redo")
        counter.set(1)
        undoManager.setActionName("Increment")
        #expect(undoManager.undoActionName == "Increment")
        #expect(undoManager.undoMenuItemTitle == "Undo Increment")
        undoManager.endEventGroupingIfNeeded()
        counter.set(2)
        undoManager.setActionName("Double")
        undoManager.endEventGroupingIfNeeded()
        undoManager.undo()
        #expect(undoManager.undoActionName == "Increment" && undoManager.redoActionName == "Double")
        #expect(undoManager.redoMenuItemTitle == "Redo Double")
        undoManager.undo()
        #expect(undoManager.undoActionName == "" && undoManager.redoActionName == "Increment")
        undoManager.redo()
        #expect(undoManager.undoActionName == "Increment" && undoManager.redoActionName == "Double")
        undoManager.setActionName("")  // names the last group: removes its name
        #expect(undoManager.undoMenuItemTitle == "Undo")
        #expect(undoManager.undoMenuTitle(forUndoActionName: "Paste") == "Undo Paste")
        #expect(undoManager.redoMenuTitle(forUndoActionName: "") == "Redo")
    }

    @Test("A handler naming its action while undoing names the redo group")
    func nameSetWhileUndoing() {
        let undoManager = explicitManager()
        final class Named { var text = "" }
        let model = Named()
        func setText(_ text: String, on model: Named) {
            let old = model.text
            undoManager.registerUndo(withTarget: model) { setText(old, on: $0) }
            undoManager.setActionName(undoManager.isUndoing ? "Restore" : "Edit")
            model.text = text
        }
        group(undoManager) { setText("a", on: model) }
        #expect(undoManager.undoActionName == "Edit")
        undoManager.undo()
        #expect(undoManager.redoActionName == "Restore")
    }

    @Test("Notifications of one undo: checkpoint, will-undo, the redo group around the action, did-undo")
    func undoNotificationOrder() {
        let undoManager = explicitManager()
        let log = NotificationLog()
        final class Target {}
        let target = Target()
        group(undoManager) {
            undoManager.registerUndo(withTarget: target) { _ in log.entries.append("action") }
        }
        let posted = notifications(of: undoManager, log: log) { undoManager.undo() }
        // Apple: undoNestedGroup posts the checkpoint and WillUndoChange before the undo and
        // DidUndoChange after; the group the redo is recorded into opens and closes in between
        // (a top-level group: no checkpoint when it opens; checkpoint, will- and did-close when
        // it closes).
        #expect(posted == ["Checkpoint", "WillUndoChange", "DidOpenUndoGroup", "action",
                           "Checkpoint", "WillCloseUndoGroup", "DidCloseUndoGroup", "DidUndoChange"])
    }

    @Test("Notifications of grouping: no checkpoint opening a top-level group, one opening a nested one; canRedo checkpoints")
    func groupingNotifications() {
        let undoManager = explicitManager()
        let posted = notifications(of: undoManager) {
            undoManager.beginUndoGrouping()
            undoManager.beginUndoGrouping()
            undoManager.endUndoGrouping()
            undoManager.endUndoGrouping()
            _ = undoManager.canRedo
        }
        #expect(posted == ["DidOpenUndoGroup", "Checkpoint", "DidOpenUndoGroup",
                           "Checkpoint", "WillCloseUndoGroup", "DidCloseUndoGroup",
                           "Checkpoint", "WillCloseUndoGroup", "DidCloseUndoGroup", "Checkpoint"])
        // A redo: the same shape as an undo.
        let counter = Counter(undoManager)
        group(undoManager) { counter.set(1) }
        undoManager.undo()
        let redo = notifications(of: undoManager) { undoManager.redo() }
        #expect(redo == ["Checkpoint", "WillRedoChange", "DidOpenUndoGroup",
                         "Checkpoint", "WillCloseUndoGroup", "DidCloseUndoGroup", "DidRedoChange"])
    }

    @Test("Discardable actions: the flags, and NSUndoManagerGroupIsDiscardableKey when the whole group is")
    func discardable() {
        let undoManager = UndoManager()
        let counter = Counter(undoManager)
        let log = NotificationLog()
        _ = notifications(of: undoManager, log: log) {
            counter.scroll(to: 10)
            #expect(undoManager.undoActionIsDiscardable)
            undoManager.endEventGroupingIfNeeded()
        }
        #expect(log.discardable["WillCloseUndoGroup"] == true && log.discardable["DidCloseUndoGroup"] == true)
        #expect(undoManager.undoActionIsDiscardable && !undoManager.redoActionIsDiscardable)

        counter.scroll(to: 20)
        counter.set(3)  // not discardable: neither is the group
        #expect(!undoManager.undoActionIsDiscardable)
        _ = notifications(of: undoManager, log: log) { undoManager.endEventGroupingIfNeeded() }
        #expect(log.discardable["WillCloseUndoGroup"] == false)

        undoManager.undo()
        #expect(counter.value == 10 && undoManager.undoActionIsDiscardable && !undoManager.redoActionIsDiscardable)
        _ = notifications(of: undoManager, log: log) { undoManager.undo() }
        #expect(log.discardable["DidUndoChange"] == true)
        #expect(counter.value == 0 && undoManager.redoActionIsDiscardable)  // scroll(to:) marks its redo too
        undoManager.setActionIsDiscardable(false)  // the last registration: the redo of the scroll
        #expect(!undoManager.redoActionIsDiscardable)
    }
}

@Suite("UndoManager: misuse traps, as Apple raises NSInternalInconsistencyException")
struct UndoManagerTrapTests {
    @Test("undo() with nested groups open traps with a message")
    func undoWithNestedGroups() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let undoManager = UndoManager()
            undoManager.beginUndoGrouping()
            undoManager.beginUndoGrouping()
            undoManager.undo()
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("undo() with 2 undo groups open"))
    }

    @Test("endUndoGrouping() with no group open traps")
    func endWithoutBegin() async {
        await #expect(processExitsWith: .failure) {
            UndoManager().endUndoGrouping()
        }
    }

    @Test("Registering outside a group with groupsByEvent off traps")
    func registerOutsideGroup() async {
        await #expect(processExitsWith: .failure) {
            let undoManager = UndoManager()
            undoManager.groupsByEvent = false
            Counter(undoManager).set(1)
        }
    }

    @Test("enableUndoRegistration() without a disable traps")
    func enableWithoutDisable() async {
        await #expect(processExitsWith: .failure) {
            UndoManager().enableUndoRegistration()
        }
    }

    @Test("undo() from inside an undo handler traps")
    func reentrantUndo() async {
        await #expect(processExitsWith: .failure) {
            let undoManager = UndoManager()
            undoManager.registerUndo(withTarget: undoManager) { $0.undo() }
            undoManager.undo()
        }
    }
}

// MARK: Randomized

/// The oracle for a counter's history, written from the documented rules. With one counter, a
/// group is fully described by the value it goes back to (the value before its first change) and
/// its name: undoing it restores that value, and the group recorded meanwhile goes back to the
/// value undo started from.
struct ReferenceHistory {
    struct Group {
        var restores: Int?  // nil: empty so far
        var name = ""
        var isEventGroup = false
    }

    var value = 0
    var undoStack: [Group] = []
    var redoStack: [Group] = []
    var open: [Group] = []
    var disabled = 0
    let levels: Int

    mutating func push(_ group: Group, onUndoStack: Bool) {
        guard group.restores != nil else { return }  // empty groups are dropped
        if onUndoStack { undoStack.append(group) } else { redoStack.append(group) }
        if levels > 0, undoStack.count > levels { undoStack.removeFirst() }
        if levels > 0, redoStack.count > levels { redoStack.removeFirst() }
    }

    mutating func close() {
        let group = open.removeLast()
        if open.isEmpty {
            push(group, onUndoStack: true)
        } else if let restores = group.restores, open[open.count - 1].restores == nil {
            open[open.count - 1].restores = restores
        }
    }

    mutating func set(_ newValue: Int) {
        if disabled == 0 {
            redoStack.removeAll()
            if open.isEmpty { open.append(Group(isEventGroup: true)) }
            if open[open.count - 1].restores == nil { open[open.count - 1].restores = value }
        }
        value = newValue
    }

    mutating func undo() {
        if open.count == 1 { close() }
        guard let group = undoStack.popLast() else { return }
        let before = value
        value = group.restores!
        if disabled == 0 { push(Group(restores: before, name: group.name), onUndoStack: false) }
    }

    mutating func redo() {
        guard let group = redoStack.popLast() else { return }
        let before = value
        value = group.restores!
        guard disabled == 0 else { return }
        let recorded = Group(restores: before, name: group.name)
        if open.isEmpty {
            push(recorded, onUndoStack: true)
        } else if open[open.count - 1].restores == nil {
            open[open.count - 1].restores = before
        }
    }

    mutating func setName(_ name: String) {
        if !open.isEmpty { open[0].name = name } else if !undoStack.isEmpty { undoStack[undoStack.count - 1].name = name }
    }

    var canUndo: Bool { !undoStack.isEmpty || open.contains { $0.restores != nil } }
    var undoActionName: String {
        open.contains { $0.restores != nil } ? open[0].name : undoStack.last?.name ?? ""
    }
}

@Suite("UndoManager: randomized against a reference history")
struct UndoManagerRandomizedTests {
    @Test("Random edits, groups, names, undo and redo agree with the reference", arguments: 0..<150)
    func randomHistory(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let undoManager = UndoManager()
        undoManager.groupsByEvent = Bool.random(using: &random)
        undoManager.levelsOfUndo = [0, 0, 1, 3, 6].randomElement(using: &random)!
        var reference = ReferenceHistory(levels: undoManager.levelsOfUndo)
        let counter = Counter(undoManager)
        var trace: [String] = []

        for step in 0..<250 {
            let level = undoManager.groupingLevel
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<35 where level > 0 || undoManager.groupsByEvent:
                let newValue = Int.random(in: 0..<1000, using: &random)
                trace.append("set(\(newValue))")
                counter.set(newValue)
                reference.set(newValue)
            case 35..<45 where level < 4:
                trace.append("begin")
                undoManager.beginUndoGrouping()
                reference.open.append(ReferenceHistory.Group())
            case 45..<57 where level > 0:
                trace.append("end")
                undoManager.endUndoGrouping()
                reference.close()
            case 57..<72 where level <= 1:
                trace.append("undo")
                undoManager.undo()
                reference.undo()
            case 72..<84:
                trace.append("redo")
                undoManager.redo()
                reference.redo()
            case 84..<90:
                let name = ["", "Typing", "Paste", "Bold"].randomElement(using: &random)!
                trace.append("name(\(name))")
                undoManager.setActionName(name)
                reference.setName(name)
            case 90..<95:
                trace.append("endEvent")
                undoManager.endEventGroupingIfNeeded()
                if reference.open.count == 1, reference.open[0].isEventGroup { reference.close() }
            case 95..<98 where reference.disabled < 2:
                trace.append("disable")
                undoManager.disableUndoRegistration()
                reference.disabled += 1
            case 98..<100 where reference.disabled > 0:
                trace.append("enable")
                undoManager.enableUndoRegistration()
                reference.disabled -= 1
            default:
                continue
            }
            let context = "seed \(seed), step \(step): \(trace.suffix(12).joined(separator: " "))"
            #expect(counter.value == reference.value, "\(context)")
            #expect(undoManager.groupingLevel == reference.open.count, "\(context)")
            #expect(undoManager.canUndo == reference.canUndo, "\(context)")
            #expect(undoManager.canRedo == !reference.redoStack.isEmpty, "\(context)")
            #expect(undoManager.undoActionName == reference.undoActionName, "\(context)")
            #expect(undoManager.redoActionName == (reference.redoStack.last?.name ?? ""), "\(context)")
            if counter.value != reference.value || undoManager.groupingLevel != reference.open.count { return }
        }
        // Unwind: everything left can be undone, then redone, and the values retrace the history.
        while undoManager.groupingLevel > 0 { undoManager.endUndoGrouping(); reference.close() }
        while reference.disabled > 0 { undoManager.enableUndoRegistration(); reference.disabled -= 1 }
        while undoManager.canUndo {
            undoManager.undo()
            reference.undo()
            #expect(counter.value == reference.value, "seed \(seed), unwinding")
        }
        #expect(reference.undoStack.isEmpty)
    }
}
