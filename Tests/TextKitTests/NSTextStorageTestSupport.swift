import Testing
@testable import TextKit
import ModelTestSupport
@testable import TextKitModel

/// One call observed around processing, in order.
enum EditEvent: Equatable, CustomStringConvertible {
    case delegateWill(UInt, NSRange, Int)
    case notificationWill
    case delegateDid(UInt, NSRange, Int)
    case notificationDid
    case layoutManager(UInt, NSRange, Int, invalidated: NSRange)

    var description: String {
        switch self {
        case let .delegateWill(m, r, d): "delegateWill(\(m), \(r), \(d))"
        case .notificationWill: "notificationWill"
        case let .delegateDid(m, r, d): "delegateDid(\(m), \(r), \(d))"
        case .notificationDid: "notificationDid"
        case let .layoutManager(m, r, d, i): "layoutManager(\(m), \(r), \(d), invalidated: \(i))"
        }
    }
}

/// Records the delegate calls, the notifications of one storage and a layout manager's callback.
final class EditRecorder: NSTextStorageDelegate, @unchecked Sendable {  // used on one thread; notifications are posted synchronously
    var events: [EditEvent] = []
    private var observers: [NSObjectProtocol] = []
    let layoutManager: RecordingLayoutManager

    init(_ storage: NSTextStorage) {
        layoutManager = RecordingLayoutManager()
        storage.delegate = self
        storage.addLayoutManager(layoutManager)
        layoutManager.recorder = self
        observers.append(NotificationCenter.default.addObserver(forName: NSTextStorage.willProcessEditingNotification, object: storage, queue: nil) { [unowned self] _ in
            events.append(.notificationWill)
        })
        observers.append(NotificationCenter.default.addObserver(forName: NSTextStorage.didProcessEditingNotification, object: storage, queue: nil) { [unowned self] _ in
            events.append(.notificationDid)
        })
    }

    deinit { observers.forEach(NotificationCenter.default.removeObserver) }

    func textStorage(_ textStorage: NSTextStorage, willProcessEditing editedMask: NSTextStorage.EditActions, range editedRange: NSRange, changeInLength delta: Int) {
        events.append(.delegateWill(editedMask.rawValue, editedRange, delta))
    }

    func textStorage(_ textStorage: NSTextStorage, didProcessEditing editedMask: NSTextStorage.EditActions, range editedRange: NSRange, changeInLength delta: Int) {
        events.append(.delegateDid(editedMask.rawValue, editedRange, delta))
    }

    /// The layout manager callbacks only.
    var layoutCalls: [(mask: NSTextStorage.EditActions, range: NSRange, delta: Int, invalidated: NSRange)] {
        events.compactMap {
            if case let .layoutManager(m, r, d, i) = $0 { return (NSTextStorage.EditActions(rawValue: m), r, d, i) }
            return nil
        }
    }
}

final class RecordingLayoutManager: NSLayoutManager {
    weak var recorder: EditRecorder?
    override func processEditing(for textStorage: NSTextStorage, edited editMask: NSTextStorage.EditActions, range newCharRange: NSRange, changeInLength delta: Int, invalidatedRange invalidatedCharRange: NSRange) {
        recorder?.events.append(.layoutManager(editMask.rawValue, newCharRange, delta, invalidated: invalidatedCharRange))
    }
}
