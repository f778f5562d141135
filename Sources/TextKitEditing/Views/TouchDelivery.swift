import TextKitModel
import TextKitGraphics

/// Delivers a pointer's presses, drags and releases to a view hierarchy as UIKit delivers
/// touches: a Linux addition (UIKit's window server does this), used by the GTK host and usable
/// by any host or test.
///
/// At a press, ``rootView``'s ``UIView/hitTest(_:with:)`` finds the view under the point; the
/// gesture recognizers of that view and of its ancestors (deepest first) that are enabled and
/// whose delegate lets them receive the touch see it first, then the view's
/// `touchesBegan(_:with:)` runs. Each drag and the release go the same way to the same view and
/// recognizers. Once a recognizer with `cancelsTouchesInView` recognizes, the view gets
/// `touchesCancelled(_:with:)` instead of the rest of the sequence. When the sequence ends, the
/// recognizers go back to `.possible`.
///
/// ```swift
/// let delivery = TouchDelivery(rootView: page)
/// delivery.pressBegan(at: CGPoint(x: 40, y: 12), tapCount: 1, timestamp: 0)
/// delivery.pressEnded(at: CGPoint(x: 40, y: 12), timestamp: 0.1)
/// ```
///
/// Points are in ``rootView``'s bounds coordinates; timestamps in seconds on any steady clock.
/// One touch at a time (a mouse): a press while a sequence is in progress cancels it first.
@MainActor
public final class TouchDelivery {
    /// The top of the hierarchy touches are delivered to.
    public let rootView: UIView
    /// The touch of the sequence in progress; nil between sequences.
    public private(set) var activeTouch: UITouch?
    /// The recognizers that receive the touch in progress.
    private var recognizers: [UIGestureRecognizer] = []
    /// Whether the view's touch was cancelled (a recognizer took it).
    private var viewCancelled = false

    /// A delivery into `rootView`'s hierarchy.
    public init(rootView: UIView) {
        self.rootView = rootView
    }

    /// A press at `point`: the view ``UIView/hitTest(_:with:)`` finds gets `touchesBegan`, after
    /// its recognizers. Returns that view (nil when no view takes touches there: nothing is
    /// delivered). `tapCount` is how many presses in a row this one is.
    @discardableResult
    public func pressBegan(at point: CGPoint, tapCount: Int = 1, timestamp: TimeInterval) -> UIView? {
        if activeTouch != nil { pressCancelled(timestamp: timestamp) }
        let probe = UIEvent(touches: [], timestamp: timestamp)
        guard let hit = rootView.hitTest(point, with: probe) else { return nil }
        let touch = UITouch(location: point, view: hit, phase: .began, tapCount: max(tapCount, 1), timestamp: timestamp)
        let event = UIEvent(touches: [touch], timestamp: timestamp)
        var found: [UIGestureRecognizer] = []
        var current: UIView? = hit
        while let view = current {
            for recognizer in view.attachedRecognizers where recognizer.isEnabled {
                if let delegate = recognizer.delegate {
                    guard delegate.gestureRecognizer(recognizer, shouldReceive: event),
                          delegate.gestureRecognizer(recognizer, shouldReceive: touch) else { continue }
                }
                found.append(recognizer)
            }
            current = view.superview
        }
        recognizers = found
        touch.gestureRecognizers = found.isEmpty ? nil : found
        for recognizer in found {
            recognizer.peers = found
            recognizer.trackedTouches = [touch]
        }
        activeTouch = touch
        viewCancelled = false
        deliver(touch, event) { $0.touchesBegan($1, with: $2) } view: { $0.touchesBegan($1, with: $2) }
        return hit
    }

    /// The pressed pointer moved to `point`: `touchesMoved`.
    public func pressMoved(to point: CGPoint, timestamp: TimeInterval) {
        guard let touch = activeTouch else { return }
        touch.previousLocationInTop = touch.locationInTop
        touch.locationInTop = point
        touch.phase = .moved
        touch.timestamp = timestamp
        deliver(touch, UIEvent(touches: [touch], timestamp: timestamp)) { $0.touchesMoved($1, with: $2) } view: { $0.touchesMoved($1, with: $2) }
    }

    /// The pointer was released at `point`: `touchesEnded` (or `touchesCancelled` when a
    /// recognizer took the touch), and the sequence ends.
    public func pressEnded(at point: CGPoint, timestamp: TimeInterval) {
        guard let touch = activeTouch else { return }
        touch.previousLocationInTop = touch.locationInTop
        touch.locationInTop = point
        touch.phase = .ended
        touch.timestamp = timestamp
        deliver(touch, UIEvent(touches: [touch], timestamp: timestamp)) { $0.touchesEnded($1, with: $2) } view: { $0.touchesEnded($1, with: $2) }
        finish()
    }

    /// The host lost the pointer (a grab broke, the window went away): `touchesCancelled`, and
    /// the sequence ends.
    public func pressCancelled(timestamp: TimeInterval) {
        guard let touch = activeTouch else { return }
        touch.phase = .cancelled
        touch.timestamp = timestamp
        let event = UIEvent(touches: [touch], timestamp: timestamp)
        for recognizer in recognizers where recognizer.isEnabled && !recognizer.ignoresCurrentTouch {
            recognizer.touchesCancelled([touch], with: event)
        }
        if !viewCancelled, let view = touch.view { view.touchesCancelled([touch], with: event) }
        viewCancelled = true
        finish()
    }

    /// Feeds the recognizers still deciding or recognizing, then the view (cancelling its touch
    /// once a recognizer took it).
    private func deliver(_ touch: UITouch, _ event: UIEvent,
                         recognizer send: (UIGestureRecognizer, Set<UITouch>, UIEvent) -> Void,
                         view sendToView: (UIView, Set<UITouch>, UIEvent) -> Void) {
        for recognizer in recognizers where recognizer.isEnabled && !recognizer.ignoresCurrentTouch {
            switch recognizer.state {
            case .possible, .began, .changed: send(recognizer, [touch], event)
            default: break
            }
        }
        guard !viewCancelled, let view = touch.view else { return }
        if recognizers.contains(where: { $0.cancelsTouchesInView && $0.hasRecognized }) {
            viewCancelled = true
            if touch.phase != .began {
                view.touchesCancelled([touch], with: event)
            }
            return
        }
        sendToView(view, [touch], event)
    }

    /// Ends the sequence: recognizers still recognizing are cancelled, all go back to `.possible`.
    private func finish() {
        for recognizer in recognizers where recognizer.state == .began || recognizer.state == .changed {
            recognizer.state = .cancelled
        }
        for recognizer in recognizers { recognizer.resetAfterSequence() }
        recognizers = []
        activeTouch = nil
    }
}
