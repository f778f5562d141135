import Foundation
import OpenTextKit
import Testing

// A document model that registers undo as Apple's sample code does, written for iOS against
// Foundation's UndoManager: with Foundation imported beside OpenTextKit, `UndoManager` and the
// `.NSUndoManager…` notification names are OpenTextKit's.

/// A drawing with a title and shapes; every change registers its inverse.
final class Drawing {
    var undoManager: UndoManager? = UndoManager()
    private(set) var title = "Untitled"
    private(set) var shapes: [String] = []

    func setTitle(_ newTitle: String) {
        let oldTitle = title
        undoManager?.registerUndo(withTarget: self) { $0.setTitle(oldTitle) }
        undoManager?.setActionName("Rename")
        title = newTitle
    }

    func add(_ shape: String) {
        undoManager?.registerUndo(withTarget: self) { $0.removeShape(at: $0.shapes.count - 1) }
        if undoManager?.isUndoing == false { undoManager?.setActionName("Add \(shape)") }
        shapes.append(shape)
    }

    func removeShape(at index: Int) {
        let shape = shapes[index]
        undoManager?.registerUndo(withTarget: self) { $0.insert(shape, at: index) }
        if undoManager?.isUndoing == false { undoManager?.setActionName("Delete \(shape)") }
        shapes.remove(at: index)
    }

    func insert(_ shape: String, at index: Int) {
        undoManager?.registerUndo(withTarget: self) { $0.removeShape(at: index) }
        shapes.insert(shape, at: index)
    }

    /// Several changes made as one user action.
    func replaceAll(with newShapes: [String]) {
        undoManager?.beginUndoGrouping()
        while !shapes.isEmpty { removeShape(at: shapes.count - 1) }
        for shape in newShapes { add(shape) }
        undoManager?.setActionName("Replace All")
        undoManager?.endUndoGrouping()
    }
}

/// A main-actor model, as current iOS code writes it (Apple's UndoManager is `@MainActor`): the
/// handlers call main-actor methods on the target.
@MainActor final class Playlist {
    let undoManager = UndoManager()
    private(set) var songs: [String] = []

    func append(_ song: String) {
        undoManager.registerUndo(withTarget: self) { $0.removeLast() }
        undoManager.setActionName("Add Song")
        songs.append(song)
    }

    func removeLast() {
        let song = songs.removeLast()
        undoManager.registerUndo(withTarget: self) { $0.append(song) }
    }
}

/// An Edit menu kept up to date from the undo manager's notifications.
final class EditMenu: @unchecked Sendable {  // observers run on the posting (test) thread
    private(set) var undoTitle = "Undo", redoTitle = "Redo"
    private(set) var undoEnabled = false, redoEnabled = false
    private var observers: [NSObjectProtocol] = []

    init(observing undoManager: UndoManager) {
        for name: Notification.Name in [.NSUndoManagerDidCloseUndoGroup, .NSUndoManagerDidUndoChange, .NSUndoManagerDidRedoChange] {
            observers.append(NotificationCenter.default.addObserver(forName: name, object: undoManager, queue: nil) { [unowned self] note in
                guard let undoManager = note.object as? UndoManager else { return }
                self.undoTitle = undoManager.undoMenuItemTitle
                self.redoTitle = undoManager.redoMenuItemTitle
                self.undoEnabled = undoManager.canUndo
                self.redoEnabled = undoManager.canRedo
            })
        }
    }

    deinit { observers.forEach { NotificationCenter.default.removeObserver($0) } }
}

@Suite("Ported undo code")
struct UndoPortingTests {
    @Test("A drawing's changes undo and redo with their names; the Edit menu follows the notifications")
    func drawingUndoRedo() throws {
        let drawing = Drawing()
        let undoManager = try #require(drawing.undoManager)
        let menu = EditMenu(observing: undoManager)

        drawing.add("Circle")
        undoManager.endEventGroupingIfNeeded()  // the one line a Linux host adds: the end of the event
        drawing.setTitle("Sketch")
        undoManager.endEventGroupingIfNeeded()
        #expect(menu.undoTitle == "Undo Rename" && menu.undoEnabled && !menu.redoEnabled)

        undoManager.undo()
        #expect(drawing.title == "Untitled" && drawing.shapes == ["Circle"])
        #expect(menu.undoTitle == "Undo Add Circle" && menu.redoTitle == "Redo Rename" && menu.redoEnabled)
        undoManager.undo()
        #expect(drawing.shapes.isEmpty && !menu.undoEnabled && menu.redoTitle == "Redo Add Circle")
        undoManager.redo()
        undoManager.redo()
        #expect(drawing.title == "Sketch" && drawing.shapes == ["Circle"] && !menu.redoEnabled)
    }

    @Test("A grouped user action is undone and redone as one step")
    func groupedAction() throws {
        let drawing = Drawing()
        let undoManager = try #require(drawing.undoManager)
        undoManager.groupsByEvent = false  // as apps that group by hand set it
        undoManager.beginUndoGrouping()
        drawing.add("Square")
        drawing.add("Star")
        undoManager.endUndoGrouping()
        drawing.replaceAll(with: ["Line", "Arc", "Dot"])
        #expect(undoManager.undoActionName == "Replace All")
        undoManager.undo()
        #expect(drawing.shapes == ["Square", "Star"])
        #expect(undoManager.redoMenuItemTitle == "Redo Replace All")
        undoManager.redo()
        #expect(drawing.shapes == ["Line", "Arc", "Dot"])
        undoManager.undo()
        undoManager.undo()
        #expect(drawing.shapes.isEmpty && !undoManager.canUndo)
    }

    @Test("A main-actor model registers and undoes as on iOS")
    @MainActor func mainActorModel() {
        let playlist = Playlist()
        playlist.append("Intro")
        playlist.append("Theme")
        playlist.undoManager.undo()
        #expect(playlist.songs.isEmpty && playlist.undoManager.redoActionName == "Add Song")
        playlist.undoManager.redo()
        #expect(playlist.songs == ["Intro", "Theme"])
    }

    @Test("Typing into an NSTextStorage: one event's keystrokes are one undo step")
    func textStorageTyping() throws {
        let storage = NSTextStorage(string: "Hello")
        let undoManager = UndoManager()
        func replace(_ range: NSRange, with text: String) {
            let old = storage.attributedSubstring(from: range).string
            let newRange = NSRange(location: range.location, length: (text as NSString).length)
            undoManager.registerUndo(withTarget: storage) { _ in replace(newRange, with: old) }
            undoManager.setActionName("Typing")
            storage.replaceCharacters(in: range, with: text)
        }
        for character in [",", " ", "w", "o", "r", "l", "d"] {
            replace(NSRange(location: storage.length, length: 0), with: character)
        }
        undoManager.endEventGroupingIfNeeded()
        replace(NSRange(location: 0, length: 5), with: "Goodbye")
        undoManager.endEventGroupingIfNeeded()
        #expect(storage.string == "Goodbye, world")
        undoManager.undo()
        #expect(storage.string == "Hello, world")
        undoManager.undo()
        #expect(storage.string == "Hello" && undoManager.redoMenuItemTitle == "Redo Typing")
        undoManager.redo()
        #expect(storage.string == "Hello, world")
        undoManager.removeAllActions(withTarget: storage)
        #expect(!undoManager.canUndo && !undoManager.canRedo)
    }
}
