import TextKitModel
import TextKitGraphics

/// One finger (here: the mouse pointer) on the screen during a touch sequence, as UIKit's
/// `UITouch`. The same object is updated from the press to the release; read it in the
/// responder's `touchesBegan(_:with:)` family or in a gesture recognizer.
///
/// Linux differences: touches come from a host's pointer through ``TouchDelivery`` (the GTK host
/// delivers the mouse, one touch at a time); ``type`` is `.indirectPointer` for the mouse;
/// ``force`` is 0; there is no window, so ``location(in:)`` with nil is in the hierarchy's top
/// view's bounds coordinates.
@preconcurrency @MainActor
open class UITouch: NSObject {
    /// Where the touch is, in the top view's bounds coordinates.
    var locationInTop: CGPoint
    /// Where it was at the event before.
    var previousLocationInTop: CGPoint

    /// The view the touch began in (the one ``UIView/hitTest(_:with:)`` found at the press).
    open internal(set) weak var view: UIView?
    /// The touch's phase at the event being delivered.
    open internal(set) var phase: Phase
    /// How many taps in a row this one is (1 for a single press, 2 for the second of a double
    /// press …); the GTK host takes it from GTK's click count.
    open internal(set) var tapCount: Int
    /// When the touch last changed, in seconds (the host's clock: GTK's event time).
    open internal(set) var timestamp: TimeInterval
    /// What made the touch: `.indirectPointer` for a mouse (UIKit's value for a pointer).
    open internal(set) var type: TouchType
    /// The pressure: always 0 (no pressure is reported).
    open var force: CGFloat { 0 }
    /// The greatest possible ``force``: 0 here.
    open var maximumPossibleForce: CGFloat { 0 }
    /// The gesture recognizers that receive this touch.
    open internal(set) var gestureRecognizers: [UIGestureRecognizer]? = nil

    /// A touch at `location` (the top view's bounds coordinates) in `view`. UIKit makes touches
    /// itself; this initializer is a Linux addition for hosts and tests (``TouchDelivery`` uses it).
    public init(location: CGPoint, view: UIView?, phase: Phase = .began, tapCount: Int = 1,
                timestamp: TimeInterval = 0, type: TouchType = .indirectPointer) {
        locationInTop = location
        previousLocationInTop = location
        self.view = view
        self.phase = phase
        self.tapCount = tapCount
        self.timestamp = timestamp
        self.type = type
        super.init()
    }

    /// The touch's location in `view`'s bounds coordinates (nil: the hierarchy's top view's).
    open func location(in view: UIView?) -> CGPoint {
        guard let view else { return locationInTop }
        return view.convert(locationInTop, from: nil)
    }

    /// The touch's location at the event before, in `view`'s bounds coordinates.
    open func previousLocation(in view: UIView?) -> CGPoint {
        guard let view else { return previousLocationInTop }
        return view.convert(previousLocationInTop, from: nil)
    }

    /// Where a touch is in its sequence.
    public enum Phase: Int, Sendable, Hashable {
        /// The finger touched down (the mouse button went down).
        case began
        /// It moved.
        case moved
        /// It is down and has not moved since the last event.
        case stationary
        /// It lifted (the button went up).
        case ended
        /// The system cancelled it.
        case cancelled
        /// A pointer entered a region (UIKit's indirect-pointer phases; never delivered here).
        case regionEntered
        /// A pointer moved within a region (never delivered here).
        case regionMoved
        /// A pointer left a region (never delivered here).
        case regionExited
    }

    /// What made a touch.
    public enum TouchType: Int, Sendable, Hashable {
        /// A finger on the screen.
        case direct
        /// A touch not on the screen (a remote's touch surface).
        case indirect
        /// A stylus.
        case pencil
        /// A mouse or trackpad pointer (what the GTK host delivers).
        case indirectPointer
    }
}
