import TextKitModel
import TextKitGraphics

/// Recognizes a gesture from the touches delivered to its view and the view's subviews, as
/// UIKit's `UIGestureRecognizer`: it sees each touch before the view does, moves through its
/// ``state``s, and runs its actions when it begins, changes, ends or is cancelled (a discrete
/// recognizer, such as a tap, runs them once, at `.recognized`).
///
/// ```swift
/// let tap = UITapGestureRecognizer { recognizer in
///     print("tapped at", recognizer.location(in: recognizer.view))
/// }
/// label.isUserInteractionEnabled = true
/// label.addGestureRecognizer(tap)
/// ```
///
/// Linux differences:
/// - UIKit's `init(target:action:)` and `addTarget(_:action:)` take a `#selector`, which needs the
///   Objective-C runtime: pass a closure to ``init(handler:)`` or ``addAction(_:)`` instead.
/// - Touches come from a host through ``TouchDelivery`` (the GTK host delivers the mouse: one
///   touch at a time), so a recognizer never sees more than one touch.
/// - Only one recognizer of a touch sequence recognizes unless a delegate's
///   `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)` allows more, as in UIKit; a
///   recognizer that ``require(toFail:)`` another fails when that other recognizes, but does not
///   wait for it to fail (there is no timer), so a single tap that requires a double tap to fail
///   is recognized at the first release.
/// - Recognizers go back to `.possible` (and ``reset()`` runs) when the touch sequence ends,
///   rather than at the end of a run-loop turn.
/// - ``state`` is settable by anyone: UIKit's subclass header (`UIGestureRecognizerSubclass`)
///   is not needed to write a recognizer of your own.
@preconcurrency @MainActor
open class UIGestureRecognizer: NSObject {
    /// The states of a recognizer. Discrete recognizers go `.possible` → `.recognized` (or
    /// `.failed`); continuous ones `.possible` → `.began` → `.changed`… → `.ended` (or
    /// `.cancelled`, or `.failed` before beginning).
    public enum State: Int, Sendable, Hashable {
        /// Not recognized yet (the state at rest).
        case possible
        /// A continuous gesture began.
        case began
        /// A continuous gesture changed.
        case changed
        /// A continuous gesture ended; also a discrete gesture recognized (`.recognized`).
        case ended
        /// A continuous gesture was cancelled.
        case cancelled
        /// The touches are not this gesture.
        case failed

        /// A discrete gesture was recognized: the same state as `.ended`, as in UIKit.
        public static var recognized: State { .ended }
    }

    private var _state: State = .possible
    private var actions: [(UIGestureRecognizer) -> Void] = []
    private var failureRequirements: [WeakRecognizer] = []
    /// The other recognizers of the current touch sequence (set by ``TouchDelivery``).
    var peers: [UIGestureRecognizer] = []
    /// The touches the recognizer receives in the current sequence, and where the last was.
    var trackedTouches: [UITouch] = []
    var lastLocationInTop: CGPoint = .zero
    /// Whether the delivery ignores the current touch for this recognizer (``ignore(_:for:)``).
    var ignoresCurrentTouch = false

    /// The view the recognizer is attached to (``UIView/addGestureRecognizer(_:)``).
    open internal(set) weak var view: UIView?
    /// Whether the recognizer receives touches (default true). Turning it off while it is
    /// recognizing cancels the gesture.
    open var isEnabled = true {
        didSet {
            guard !isEnabled, oldValue else { return }
            if _state == .began || _state == .changed { state = .cancelled } else if _state == .possible { state = .failed }
        }
    }
    /// Asked whether the recognizer may begin, receive a touch, or recognize with another.
    open weak var delegate: (any UIGestureRecognizerDelegate)?
    /// Whether the view's touches are cancelled (`touchesCancelled(_:with:)`) once the gesture is
    /// recognized (default true, as in UIKit).
    open var cancelsTouchesInView = true
    /// Whether the view's `touchesBegan` waits until the recognizer fails (default false).
    /// Recorded only: the view always hears of the press at once here.
    open var delaysTouchesBegan = false
    /// Whether the view's `touchesEnded` waits until the recognizer has decided (default true):
    /// here the recognizer always decides before the view hears of the release, so a recognized
    /// tap cancels the view's touch instead of ending it, as in UIKit.
    open var delaysTouchesEnded = true
    /// Whether the recognizer takes only one kind of touch (default true). Recorded only.
    open var requiresExclusiveTouchType = true
    /// A name for debugging. Nil by default.
    open var name: String?

    /// A recognizer with no action; add one with ``addAction(_:)``. (UIKit's designated
    /// initializer is `init(target:action:)`, which needs selectors.)
    public override init() {
        super.init()
    }

    /// A recognizer that calls `handler` at each action (recognized, began, changed, ended,
    /// cancelled). The Linux stand-in for UIKit's `init(target:action:)`.
    public convenience init(handler: @escaping (UIGestureRecognizer) -> Void) {
        self.init()
        addAction(handler)
    }

    /// Adds a closure called at each action. The stand-in for UIKit's `addTarget(_:action:)`.
    open func addAction(_ handler: @escaping (UIGestureRecognizer) -> Void) {
        actions.append(handler)
    }

    /// Removes every action added with ``addAction(_:)`` or ``init(handler:)``.
    open func removeAllActions() {
        actions.removeAll()
    }

    /// The recognizer's state. Setting it is how a recognizer (yours too) reports progress:
    /// leaving `.possible` for `.began` or `.recognized` first asks the view's and the delegate's
    /// `gestureRecognizerShouldBegin(_:)` and checks ``require(toFail:)`` and the other
    /// recognizers of the sequence (it fails instead when any says no); the actions run on
    /// `.began`, `.changed`, `.ended` and `.cancelled`.
    open var state: State {
        get { _state }
        set { _setState(newValue) }
    }

    /// The touches' centroid (the one touch's location here) in `view`'s bounds coordinates (nil:
    /// the hierarchy's top view's); after the touches lifted, where they lifted.
    open func location(in view: UIView?) -> CGPoint {
        let p = trackedTouches.last?.locationInTop ?? lastLocationInTop
        return view?.convert(p, from: nil) ?? p
    }

    /// The location of the touch at `touchIndex` in `view`'s bounds coordinates.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        guard trackedTouches.indices.contains(touchIndex) else { return location(in: view) }
        return trackedTouches[touchIndex].location(in: view)
    }

    /// How many touches the recognizer is following (1 during a mouse press, 0 after).
    open var numberOfTouches: Int { trackedTouches.count }

    /// Makes this recognizer fail when `otherGestureRecognizer` recognizes. Linux difference:
    /// this recognizer does not wait for the other to fail (there is no timer to end the wait).
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        failureRequirements.append(WeakRecognizer(otherGestureRecognizer))
    }

    /// Called when the recognizer goes back to `.possible`, after a touch sequence: clear your
    /// recognizer's own state here and call `super`.
    open func reset() {}

    /// Stops delivering `touch` to this recognizer for the rest of its sequence.
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        ignoresCurrentTouch = true
    }

    /// Whether this recognizer, recognizing, may stop `preventedGestureRecognizer` (default true).
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// Whether `preventingGestureRecognizer`, recognizing, may stop this one (default true).
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// Whether this recognizer must wait for `otherGestureRecognizer` to fail (default false;
    /// consulted as ``require(toFail:)`` is).
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// Whether `otherGestureRecognizer` must wait for this one to fail (default false).
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// A touch began: nothing by default (a subclass looks at it and sets ``state``).
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// A touch moved: nothing by default.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// A touch ended: nothing by default.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// A touch was cancelled: by default a recognizing gesture is cancelled and one still
    /// possible fails.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .began || state == .changed { state = .cancelled } else if state == .possible { state = .failed }
    }

    // MARK: Implementation

    private func _setState(_ newValue: State) {
        let old = _state
        if old == .possible, newValue == .began || newValue == .ended {
            guard mayBegin() else { _state = .failed; return }
        }
        _state = newValue
        switch newValue {
        case .began, .changed, .ended, .cancelled:
            if newValue == .changed || old != newValue {
                for action in actions { action(self) }
            }
        case .possible, .failed:
            break
        }
        if old == .possible, newValue == .began || newValue == .ended { preventPeers() }
    }

    /// Whether leaving `.possible` for a recognized state is allowed now.
    private func mayBegin() -> Bool {
        if let view, !view.gestureRecognizerShouldBegin(self) { return false }
        if let delegate, !delegate.gestureRecognizerShouldBegin(self) { return false }
        for requirement in failureRequirements {
            if let other = requirement.recognizer, other.hasRecognized { return false }
        }
        for other in peers where other !== self && other.hasRecognized {
            if requiresFailure(of: other) { return false }
            if !recognizesSimultaneously(with: other), other.canPrevent(self), canBePrevented(by: other) { return false }
        }
        return true
    }

    /// Fails the other recognizers of the sequence that cannot recognize alongside this one.
    private func preventPeers() {
        for other in peers where other !== self && other._state == .possible {
            if other.requiresFailure(of: self) || (!recognizesSimultaneously(with: other) && canPrevent(other) && other.canBePrevented(by: self)) {
                other._state = .failed
            }
        }
    }

    /// Whether this recognizer has been told (in any way) to wait for `other` to fail.
    func requiresFailure(of other: UIGestureRecognizer) -> Bool {
        failureRequirements.contains { $0.recognizer === other } || shouldRequireFailure(of: other)
            || other.shouldBeRequiredToFail(by: self)
            || delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true
    }

    /// Whether either delegate lets the two recognize together.
    func recognizesSimultaneously(with other: UIGestureRecognizer) -> Bool {
        delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true
    }

    /// Whether the recognizer is recognizing or has recognized in this sequence.
    var hasRecognized: Bool { _state == .began || _state == .changed || _state == .ended }

    /// Back to `.possible` at the end of a touch sequence (no action runs).
    func resetAfterSequence() {
        if let last = trackedTouches.last { lastLocationInTop = last.locationInTop }
        trackedTouches = []
        peers = []
        ignoresCurrentTouch = false
        _state = .possible
        reset()
    }
}

/// A weak reference to a recognizer (``UIGestureRecognizer/require(toFail:)`` does not keep the
/// other recognizer alive).
struct WeakRecognizer {
    weak var recognizer: UIGestureRecognizer?
    init(_ recognizer: UIGestureRecognizer) { self.recognizer = recognizer }
}
