import TextKitModel
import TextKitGraphics

/// Recognizes a drag, as UIKit's `UIPanGestureRecognizer`: a continuous gesture that begins once
/// the touch has moved more than a few points (10) from where it went down, changes at each move,
/// and ends at the release. ``translation(in:)`` is how far it has moved since it went down (or
/// since ``setTranslation(_:in:)``), ``velocity(in:)`` how fast it moves.
///
/// Linux differences: the velocity is that of the last move (points per second between the last
/// two touch events), not a smoothed one; a mouse is one touch, so a ``minimumNumberOfTouches``
/// above 1 never recognizes.
@preconcurrency @MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// The fewest touches that pan (default 1).
    open var minimumNumberOfTouches = 1
    /// The most touches that pan (default `Int.max`).
    open var maximumNumberOfTouches = Int.max

    /// How far the touch must move, in points, before the pan begins.
    static let hysteresis: CGFloat = 10

    /// Where translation is measured from (the top view's coordinates).
    private var base: CGPoint?
    private var current: CGPoint = .zero
    private var lastVelocity: CGPoint = .zero

    /// How far the touch has moved, in `view`'s coordinates (nil: the top view's), since it went
    /// down or since ``setTranslation(_:in:)``; zero before a touch.
    open func translation(in view: UIView?) -> CGPoint {
        guard let base else { return .zero }
        let now = view?.convert(current, from: nil) ?? current
        let from = view?.convert(base, from: nil) ?? base
        return CGPoint(x: now.x - from.x, y: now.y - from.y)
    }

    /// Makes ``translation(in:)`` in `view` read `translation` now (commonly `.zero`, to read each
    /// change as a step).
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let nowInView = view?.convert(current, from: nil) ?? current
        let baseInView = CGPoint(x: nowInView.x - translation.x, y: nowInView.y - translation.y)
        base = view?.convert(baseInView, to: nil) ?? baseInView
    }

    /// How fast the touch moves, in points per second, in `view`'s coordinates.
    open func velocity(in view: UIView?) -> CGPoint { lastVelocity }

    /// Starts measuring from the touch.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first else { return }
        current = touch.location(in: nil)
        base = current
        lastVelocity = .zero
        lastTimestamp = touch.timestamp
        if touches.count < minimumNumberOfTouches || touches.count > maximumNumberOfTouches { state = .failed }
    }

    /// Begins once the touch has moved far enough; changes after that.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first, let start = base else { return }
        let previous = current
        current = touch.location(in: nil)
        if let last = lastTimestamp, touch.timestamp > last {
            let dt = touch.timestamp - last
            lastVelocity = CGPoint(x: (current.x - previous.x) / CGFloat(dt), y: (current.y - previous.y) / CGFloat(dt))
        }
        lastTimestamp = touch.timestamp
        switch state {
        case .possible:
            if distance(current, start) > Self.hysteresis { state = .began }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    /// Ends a pan that began; one that never began fails.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if let touch = touches.first { current = touch.location(in: nil) }
        switch state {
        case .began, .changed: state = .ended
        case .possible: state = .failed
        default: break
        }
    }

    /// Forgets the touch (the last translation and velocity stay readable).
    open override func reset() {
        super.reset()
        lastTimestamp = nil
    }

    private var lastTimestamp: TimeInterval?
}
