import TextKitGraphics
import TextKitModel

/// The container's side of its link to the layout manager. `NSTextContainer` is declared in
/// TextKitModel (so that `NSTextAttachmentContainer` can name it, as UIKit's does), below
/// `NSLayoutManager`: these members live here, in extensions, and cannot be overridden (Apple's
/// `layoutManager` and `replaceLayoutManager(_:)` can; subclasses rarely do).
extension NSTextContainer {
    /// The layout manager the container belongs to (weak: the layout manager owns its containers);
    /// nil for a container of a TextKit 2 layout manager.
    ///
    /// For the container of a text view's TextKit 2 layout manager, asking switches the view to
    /// TextKit 1 (as asking the view for its `layoutManager` does) and returns its new layout manager.
    public var layoutManager: NSLayoutManager? {
        guard let manager = owner as? NSLayoutManager else { return nil }
        guard let textKit2 = manager.textKit2Owner else { return manager }
        return textKit2.textKit1Fallback?()
    }

    /// The TextKit 2 layout manager the container belongs to (nil under TextKit 1).
    public var textLayoutManager: NSTextLayoutManager? { (owner as? NSLayoutManager)?.textKit2Owner }

    /// The engine laying out this container, under either TextKit (for the text view, which runs
    /// on the engine in both modes).
    package var engineLayoutManager: NSLayoutManager? { owner as? NSLayoutManager }

    /// Replaces the layout manager of the whole group the container belongs to, as TextKit
    /// does: every container of the old layout manager moves to `newLayoutManager` (in order),
    /// and the old layout manager's text storage drops it for `newLayoutManager`. A container
    /// with no layout manager is simply added to `newLayoutManager`.
    /// A TextKit 2 container moves to TextKit 1 first (its text layout manager gives up its engine).
    public func replaceLayoutManager(_ newLayoutManager: NSLayoutManager) {
        if let textKit2 = textLayoutManager { _ = textKit2.textKit1Fallback?() ?? textKit2.releaseEngineToTextKit1() }
        guard let old = layoutManager else {
            newLayoutManager.addTextContainer(self)
            return
        }
        guard old !== newLayoutManager else { return }
        let containers = old.textContainers
        while !old.textContainers.isEmpty { old.removeTextContainer(at: old.textContainers.count - 1) }
        for container in containers { newLayoutManager.addTextContainer(container) }
        if let storage = old.textStorage {
            storage.removeLayoutManager(old)
            storage.addLayoutManager(newLayoutManager)
        }
    }
}

extension NSLayoutManager: TextContainerOwner {
    package func textContainer(_ container: NSTextContainer, didChangeSizeFrom oldSize: CGSize) {
        delegate?.layoutManager(self, textContainer: container, didChangeGeometryFrom: oldSize)
    }
}
