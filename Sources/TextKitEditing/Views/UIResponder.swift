import TextKitGraphics
import TextKitModel

/// An object that can receive input: UIKit's responder chain, without a window server. The chain
/// runs through ``next`` (a view's superview); the responder at its top keeps which responder in
/// its hierarchy is first (has the keyboard focus), so two view hierarchies (two windows) each
/// have their own first responder.
///
/// Linux difference: there are no selectors, so `canPerformAction(_:withSender:)` and
/// `target(forAction:withSender:)` are absent; the standard edit actions are plain methods
/// (``UITextView/copy(_:)``, ``UITextView/selectAll(_:)`` …).
@preconcurrency @MainActor
open class UIResponder: NSObject {
    /// The responder that has the focus in the hierarchy this one heads; used on the chain's top.
    private weak var focusedResponder: UIResponder?

    /// A responder outside any chain.
    public override init() { super.init() }

    /// The next responder up the chain (nil here; a view's is its superview).
    open var next: UIResponder? { nil }

    /// Whether this responder accepts the focus. False by default; text views say true.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether this responder gives up the focus when asked. True by default.
    open var canResignFirstResponder: Bool { true }

    /// Whether this responder has the focus in its hierarchy.
    open var isFirstResponder: Bool { chainTop.focusedResponder === self }

    /// Asks to take the focus: false when ``canBecomeFirstResponder`` is false or the current
    /// first responder refuses to resign. True when it has the focus (already or now).
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        let top = chainTop
        if top.focusedResponder === self { return true }
        guard canBecomeFirstResponder else { return false }
        if let current = top.focusedResponder, !current.resignFirstResponder() { return false }
        top.focusedResponder = self
        return true
    }

    /// Gives up the focus: false when ``canResignFirstResponder`` is false. True when it no
    /// longer has the focus.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        let top = chainTop
        guard top.focusedResponder === self else { return true }
        guard canResignFirstResponder else { return false }
        top.focusedResponder = nil
        return true
    }

    // MARK: Touches

    /// Touches began on the responder (a press). By default passes them to ``next``, as UIKit
    /// does; override (without calling `super` to keep them) to handle presses. A host delivers
    /// them through ``TouchDelivery``; the GTK host delivers the mouse (one touch at a time).
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }

    /// Touches moved (a drag). By default passes them to ``next``.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }

    /// Touches ended (a release). By default passes them to ``next``.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }

    /// Touches were cancelled (a gesture recognizer took them, or the host lost the pointer).
    /// By default passes them to ``next``.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }

    // MARK: Input views

    /// A view shown instead of the system keyboard while this responder is first. Nil here
    /// (text views and text fields store one); no host shows it on Linux.
    open var inputView: UIView? { nil }

    /// A view shown above the keyboard while this responder is first. Nil here (text views and
    /// text fields store one); no host shows it on Linux.
    open var inputAccessoryView: UIView? { nil }

    /// Asks for the input views to be shown again after they changed. Does nothing (no host
    /// shows input views on Linux).
    open func reloadInputViews() {}

    /// The undo manager of the nearest responder up the chain that has one.
    open var undoManager: UndoManager? { next?.undoManager }

    /// The undo manager up the chain, or else one this responder makes for itself on first use:
    /// what views that edit (text views, text fields) register their edits with.
    package var undoManagerFromChainOrOwn: UndoManager {
        if let fromChain = next?.undoManager { return fromChain }
        if ownUndoManager == nil { ownUndoManager = UndoManager() }
        return ownUndoManager!
    }
    private var ownUndoManager: UndoManager?

    /// The first responder in this responder's hierarchy, if any.
    public var currentFirstResponder: UIResponder? { chainTop.focusedResponder }

    /// The top of the chain: the responder with no ``next``.
    private var chainTop: UIResponder {
        var top: UIResponder = self
        while let up = top.next { top = up }
        return top
    }

    /// Called on a subtree's old top when the subtree joins another hierarchy or leaves one:
    /// a first responder inside it no longer has the focus there (UIKit resigns a first responder
    /// whose view leaves its window).
    func dropFocus(ifInside subtree: UIResponder) {
        guard let focused = focusedResponder else { return }
        var current: UIResponder? = focused
        while let responder = current {
            if responder === subtree { focusedResponder = nil; return }
            current = responder.next
        }
    }
}
