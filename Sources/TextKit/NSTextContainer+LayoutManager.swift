import TextKitGraphics
import TextKitModel

/// The container's side of its link to the layout manager. `NSTextContainer` is declared in
/// TextKitModel (so that `NSTextAttachmentContainer` can name it, as UIKit's does), below
/// `NSLayoutManager`: these members live here, in extensions, and cannot be overridden (Apple's
/// `layoutManager` and `replaceLayoutManager(_:)` can; subclasses rarely do).
extension NSTextContainer {
    /// The layout manager the container belongs to (weak: the layout manager owns its containers).
    public var layoutManager: NSLayoutManager? { owner as? NSLayoutManager }

    /// Moves the container to another layout manager (removing it from its current one).
    public func replaceLayoutManager(_ newLayoutManager: NSLayoutManager) {
        guard let old = layoutManager, old !== newLayoutManager else {
            newLayoutManager.addTextContainer(self)
            return
        }
        if let index = old.textContainers.firstIndex(where: { $0 === self }) { old.removeTextContainer(at: index) }
        newLayoutManager.addTextContainer(self)
    }
}

extension NSLayoutManager: TextContainerOwner {
    package func textContainer(_ container: NSTextContainer, didChangeSizeFrom oldSize: CGSize) {
        delegate?.layoutManager(self, textContainer: container, didChangeGeometryFrom: oldSize)
    }
}
