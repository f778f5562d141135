import TextKitModel
import TextKitGraphics

/// Recognizes taps (clicks), as UIKit's `UITapGestureRecognizer`: a discrete gesture, recognized
/// at the release when the press was the ``numberOfTapsRequired``-th in a row, did not move more
/// than ``allowableMovement`` points and lasted at most ``maximumTapDuration`` seconds.
///
/// Linux differences: the number of taps in a row is the touch's `tapCount` (GTK's click count,
/// which follows the desktop's double-click time and distance); a mouse is one touch, so a
/// ``numberOfTouchesRequired`` above 1 never recognizes; ``allowableMovement`` and
/// ``maximumTapDuration`` are Linux additions with UIKit-like values (UIKit does not publish its own).
@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// How many taps in a row make the gesture (default 1; 2 for a double tap).
    open var numberOfTapsRequired = 1
    /// How many fingers (default 1). Only 1 can be recognized with a mouse.
    open var numberOfTouchesRequired = 1
    /// How far, in points, a press may move and still be a tap (default 10).
    open var allowableMovement: CGFloat = 10
    /// How long, in seconds, a press may last and still be a tap (default 0.75).
    open var maximumTapDuration: TimeInterval = 0.75

    private var start: (point: CGPoint, time: TimeInterval)?

    /// Remembers where and when the press began; fails when it cannot be this tap.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first else { return }
        start = (touch.location(in: nil), touch.timestamp)
        if numberOfTouchesRequired != touches.count || touch.tapCount > numberOfTapsRequired { state = .failed }
    }

    /// Fails when the press moved too far.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first, let start, state == .possible else { return }
        if distance(touch.location(in: nil), start.point) > allowableMovement { state = .failed }
    }

    /// Recognizes when this release ends the required tap; stays possible while more taps are
    /// needed; fails when the press lasted too long or moved too far.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first, let start, state == .possible else { return }
        if distance(touch.location(in: nil), start.point) > allowableMovement || touch.timestamp - start.time > maximumTapDuration {
            state = .failed
        } else if touch.tapCount == numberOfTapsRequired {
            state = .recognized
        }
    }

    /// Forgets the press.
    open override func reset() {
        super.reset()
        start = nil
    }
}

/// The distance between two points.
func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}
