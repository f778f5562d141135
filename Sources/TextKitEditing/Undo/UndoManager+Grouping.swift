import TextKitModel  // Foundation: RunLoop

// Opening and closing groups: the explicit ones (beginUndoGrouping/endUndoGrouping), the
// implicit event group of groupsByEvent, and the group an undo or redo records into.

/// An open group and where it goes when it closes.
struct OpenUndoGroup {
    enum Destination {
        /// Into the enclosing open group, as a nested group.
        case parent
        /// Onto the undo stack, as a top-level group.
        case undoStack
        /// Onto the redo stack: the group recorded while undoing.
        case redoStack
    }

    let group: UndoGroup
    let destination: Destination
    /// Set for the group that `groupsByEvent` opened; tells it apart from a later one when the
    /// run loop's scheduled close arrives.
    let implicitSerial: Int?
}

/// A weak reference to an undo manager that a run loop block may carry.
///
/// `@unchecked Sendable`: the block runs on `eventGroupingRunLoop`, which the documentation
/// requires to be the run loop of the thread that uses the undo manager.
private final class UndoManagerReference: @unchecked Sendable {
    weak var manager: UndoManager?
    init(_ manager: UndoManager) { self.manager = manager }
}

extension UndoManager {
    /// The open groups that are not part of an undo or redo in progress: the ones ``undo()``
    /// would close and undo.
    var userOpenGroups: ArraySlice<OpenUndoGroup> {
        openGroups[..<(recordingIndex ?? openGroups.count)]
    }

    /// Opens `group`, nested in the innermost open group unless `destination` says otherwise.
    func openGroup(_ group: UndoGroup, destination: OpenUndoGroup.Destination?, implicitSerial: Int? = nil) {
        let nested = !openGroups.isEmpty
        if nested { post(.NSUndoManagerCheckpoint) }  // not for a top-level group, as Apple documents
        openGroups.append(OpenUndoGroup(group: group, destination: destination ?? (nested ? .parent : .undoStack),
                                        implicitSerial: implicitSerial))
        post(.NSUndoManagerDidOpenUndoGroup)
    }

    /// Closes the innermost open group, with the notifications of `endUndoGrouping()`.
    func closeInnermostGroup() {
        post(.NSUndoManagerCheckpoint)
        // Observers of the checkpoint may have registered pending operations: look at the group now.
        post(.NSUndoManagerWillCloseUndoGroup, discardable: openGroups[openGroups.count - 1].group.isDiscardable)
        let closing = openGroups.removeLast()
        let group = closing.group
        if !group.isEmpty {
            switch closing.destination {
            case .parent: openGroups[openGroups.count - 1].group.items.append(.group(group))
            case .undoStack: undoStack.append(group)
            case .redoStack: redoStack.append(group)
            }
            trimStacks()
        }
        post(.NSUndoManagerDidCloseUndoGroup, discardable: group.isDiscardable)
    }

    /// Opens the top-level group that `groupsByEvent` opens for a registration outside any group,
    /// and schedules its close on `eventGroupingRunLoop` if one is set.
    func openEventGroup() {
        implicitGroupSerial += 1
        let serial = implicitGroupSerial
        openGroup(UndoGroup(), destination: .undoStack, implicitSerial: serial)
        if let runLoop = eventGroupingRunLoop {
            let reference = UndoManagerReference(self)
            runLoop.perform { reference.manager?.endEventGroup(serial: serial) }
        }
    }

    /// Closes the event group if it is the only open group (and is the one numbered `serial`,
    /// when given), outside any undo or redo.
    func endEventGroup(serial: Int?) {
        guard recordingIndex == nil, openGroups.count == 1, let open = openGroups.first,
              let implicitSerial = open.implicitSerial, serial == nil || serial == implicitSerial
        else { return }
        endUndoGrouping()
    }
}
