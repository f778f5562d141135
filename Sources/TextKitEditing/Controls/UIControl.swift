import TextKitGraphics
import TextKitModel

/// A view that sends actions when the user acts on it, as UIKit's `UIControl`, reduced to what
/// headless controls need: the enabled, selected and highlighted states, and closures registered
/// for control events with ``addAction(_:for:)``.
///
/// Linux difference: UIKit's `addTarget(_:action:for:)` takes a selector, which Swift on Linux
/// does not have; register a ``UIAction`` instead (UIKit's own closure form since iOS 14). There
/// are no touches either: a host (or a subclass) calls ``sendActions(for:)`` for the events it
/// recognises; ``UITextField`` sends its editing events itself.
@preconcurrency @MainActor
open class UIControl: UIView {
    /// Whether the control responds to the user (default true). A disabled control is drawn as
    /// its subclass chooses and cannot become first responder.
    open var isEnabled = true { didSet { if isEnabled != oldValue { setNeedsDisplay() } } }
    /// Whether the control is selected (default false); what that means is the subclass's.
    open var isSelected = false { didSet { if isSelected != oldValue { setNeedsDisplay() } } }
    /// Whether the control is highlighted (pressed; default false).
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsDisplay() } } }

    /// The registered actions, in the order they were added, each with its events.
    private var registered: [(action: UIAction, events: Event)] = []

    /// A control with the given frame.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A control made as `init(frame: .zero)` makes it: nothing is decoded (no nibs on Linux).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The control's state, from ``isEnabled``, ``isSelected`` and ``isHighlighted``, plus
    /// `.focused` while it is first responder.
    open var state: State {
        var state: State = .normal
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        if isFirstResponder { state.insert(.focused) }
        return state
    }

    // MARK: Actions

    /// Runs `action` when any of `controlEvents` happens. An action with the same identifier that
    /// was added before is replaced (its events are merged), as in UIKit.
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        if let i = registered.firstIndex(where: { $0.action.identifier == action.identifier }) {
            registered[i] = (action, registered[i].events.union(controlEvents))
        } else {
            registered.append((action, controlEvents))
        }
    }

    /// Stops running `action` for `controlEvents` (it stays registered for its other events).
    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    /// Stops running the action with `actionIdentifier` for `controlEvents`.
    open func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        for i in registered.indices.reversed() where registered[i].action.identifier == actionIdentifier {
            registered[i].events.subtract(controlEvents)
            if registered[i].events.isEmpty { registered.remove(at: i) }
        }
    }

    /// The events some action is registered for.
    open var allControlEvents: Event {
        registered.reduce(into: Event()) { $0.formUnion($1.events) }
    }

    /// Runs the actions registered for any of `controlEvents`, in the order they were added; the
    /// control is each action's ``UIAction/sender``.
    open func sendActions(for controlEvents: Event) {
        let due = registered.filter { !$0.events.isDisjoint(with: controlEvents) }.map(\.action)
        for action in due { sendAction(action) }
    }

    /// Runs `action` with the control as its sender.
    open func sendAction(_ action: UIAction) {
        action.perform(sender: self)
    }
}

extension UIControl {
    /// The events a control reports, as UIKit's `UIControl.Event` (same bit values).
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// A press in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A repeated press (a double click) in the control.
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// A release inside the control.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// A release outside the control.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// A press cancelled by the system.
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The control's value changed.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action happened (a text field: the return key).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// A text field began editing.
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// A text field's text changed by the user.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// A text field ended editing.
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// The return key ended a text field's editing.
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        /// Every touch event.
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        /// Every editing event.
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        /// Every event.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// A control's state, as UIKit's `UIControl.State` (same bit values).
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Enabled, not selected, not highlighted.
        public static let normal = State([])
        /// Pressed.
        public static let highlighted = State(rawValue: 1 << 0)
        /// Disabled.
        public static let disabled = State(rawValue: 1 << 1)
        /// Selected.
        public static let selected = State(rawValue: 1 << 2)
        /// First responder.
        public static let focused = State(rawValue: 1 << 3)
    }
}
