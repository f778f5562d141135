import TextKitModel
import TextKitGraphics

/// An event: the touches of one moment of a touch sequence, as UIKit's `UIEvent`. Delivered with
/// the responder's `touchesBegan(_:with:)` family; a Linux host makes them through
/// ``TouchDelivery``. Only touch events are delivered here (keys go through the host's key
/// commands, not `UIPress`).
@preconcurrency @MainActor
open class UIEvent: NSObject {
    /// The touches of the event.
    let touchSet: Set<UITouch>

    /// When the event happened, in seconds (the host's clock).
    open internal(set) var timestamp: TimeInterval
    /// The kind of event: `.touches` for what hosts deliver.
    open internal(set) var type: EventType

    /// An event of `touches`. UIKit makes events itself; this initializer is a Linux addition for
    /// hosts and tests.
    public init(touches: Set<UITouch>, timestamp: TimeInterval, type: EventType = .touches) {
        touchSet = touches
        self.timestamp = timestamp
        self.type = type
        super.init()
    }

    /// All the touches of the event; nil when it has none.
    open var allTouches: Set<UITouch>? { touchSet.isEmpty ? nil : touchSet }

    /// The event's touches that began in `view`; nil when none did.
    open func touches(for view: UIView) -> Set<UITouch>? {
        let found = touchSet.filter { $0.view === view }
        return found.isEmpty ? nil : found
    }

    /// The event's touches that `gestureRecognizer` receives; nil when none.
    open func touches(for gestureRecognizer: UIGestureRecognizer) -> Set<UITouch>? {
        let found = touchSet.filter { touch in touch.gestureRecognizers?.contains { $0 === gestureRecognizer } ?? false }
        return found.isEmpty ? nil : found
    }

    /// What kind of event an event is.
    public enum EventType: Int, Sendable, Hashable {
        /// Touches on the screen (and the mouse, here).
        case touches
        /// Device motion (never delivered here).
        case motion
        /// Remote control (never delivered here).
        case remoteControl
        /// Physical button presses (never delivered here).
        case presses
        /// Scrolling with a pointer (never delivered here: the GTK host scrolls scroll views itself).
        case scroll
        /// A pointer hovering (never delivered here).
        case hover
        /// A trackpad pinch or rotation (never delivered here).
        case transform
    }
}
