import TextKitModel
import TextKitGraphics

/// Recognizes a press held still, as UIKit's `UILongPressGestureRecognizer`: a continuous
/// gesture that begins once the press has lasted ``minimumPressDuration`` without moving more
/// than ``allowableMovement``, changes as it moves, and ends at the release.
///
/// Linux difference: there is no timer here, so the duration is measured with the touches'
/// timestamps: the gesture begins at the first touch event (a move, or the release) that comes
/// ``minimumPressDuration`` or more after the press. A press held perfectly still is therefore
/// recognized at its release (`.began` then `.ended`, one after the other), not while it is held.
@preconcurrency @MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// How long, in seconds, the press must last (default 0.5).
    open var minimumPressDuration: TimeInterval = 0.5
    /// How far, in points, the press may move before it begins (default 10).
    open var allowableMovement: CGFloat = 10
    /// How many taps come before the press (default 0: the press itself).
    open var numberOfTapsRequired = 0
    /// How many fingers (default 1). Only 1 can be recognized with a mouse.
    open var numberOfTouchesRequired = 1

    private var start: (point: CGPoint, time: TimeInterval)?

    /// Remembers where and when the press began.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first else { return }
        start = (touch.location(in: nil), touch.timestamp)
        if numberOfTouchesRequired != touches.count || touch.tapCount != numberOfTapsRequired + 1 { state = .failed }
    }

    /// Before it begins: fails when the press moved too far, begins when it has lasted long
    /// enough. After: changes.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first, let start else { return }
        switch state {
        case .possible:
            if distance(touch.location(in: nil), start.point) > allowableMovement {
                state = .failed
            } else if touch.timestamp - start.time >= minimumPressDuration {
                state = .began
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    /// Ends a gesture that began; a press that has lasted long enough by now begins and ends;
    /// a shorter one fails.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first, let start else { return }
        switch state {
        case .possible:
            if distance(touch.location(in: nil), start.point) <= allowableMovement, touch.timestamp - start.time >= minimumPressDuration {
                state = .began
                if state == .began { state = .ended }
            } else {
                state = .failed
            }
        case .began, .changed:
            state = .ended
        default:
            break
        }
    }

    /// Forgets the press.
    open override func reset() {
        super.reset()
        start = nil
    }
}
