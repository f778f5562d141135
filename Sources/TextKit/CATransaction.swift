import Foundation

/// Core Animation's transactions, as QuartzCore's `CATransaction`, for code that groups layer
/// changes or flushes them before it continues.
///
/// ```swift
/// CATransaction.begin()
/// CATransaction.setDisableActions(true)
/// textLayer.string = "Updated"
/// CATransaction.commit()
/// ```
///
/// Linux difference: OpenTextKit has no render server and no implicit animations — a change to a
/// layer or a view takes effect at once and is drawn at the next redraw — so these calls have
/// nothing to group, delay or flush. They are inert, except that the values set inside a
/// ``begin()``/``commit()`` pair (``disableActions()``, ``animationDuration()``, the completion
/// block) read back until the matching ``commit()``, and a completion block runs at that commit
/// (at once when set outside a transaction). Use from one thread (the main thread), as on iOS.
open class CATransaction: NSObject {
    private struct Frame {
        var disableActions = false
        var animationDuration: TimeInterval = 0.25
        var completion: (() -> Void)?
    }

    nonisolated(unsafe) private static var stack: [Frame] = []

    /// Begins a nested transaction. Nothing is deferred on Linux (see ``CATransaction``).
    open class func begin() { stack.append(Frame()) }

    /// Ends the innermost transaction and runs its completion block, if any. Without a matching
    /// ``begin()`` it does nothing.
    open class func commit() {
        guard let frame = stack.popLast() else { return }
        frame.completion?()
    }

    /// Would push pending changes to the render server: does nothing, as every change is already
    /// in effect on Linux.
    open class func flush() {}

    /// Does nothing (there is no transaction lock on Linux).
    open class func lock() {}

    /// Does nothing (there is no transaction lock on Linux).
    open class func unlock() {}

    /// Whether the current transaction disables implicit animations (false outside one). Linux
    /// has no implicit animations, so the value changes nothing.
    open class func disableActions() -> Bool { stack.last?.disableActions ?? false }

    /// Sets ``disableActions()`` for the current transaction (ignored outside one).
    open class func setDisableActions(_ flag: Bool) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].disableActions = flag
    }

    /// The current transaction's animation duration (0.25 s, Core Animation's default). Nothing
    /// animates on Linux.
    open class func animationDuration() -> TimeInterval { stack.last?.animationDuration ?? 0.25 }

    /// Sets ``animationDuration()`` for the current transaction (ignored outside one).
    open class func setAnimationDuration(_ duration: TimeInterval) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].animationDuration = duration
    }

    /// Sets the block run when the current transaction commits; outside a transaction the block
    /// runs at once (the changes it waits for are already made).
    open class func setCompletionBlock(_ block: (() -> Void)?) {
        guard !stack.isEmpty else { block?(); return }
        stack[stack.count - 1].completion = block
    }
}
