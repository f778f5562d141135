import TextKitGraphics
import TextKitModel

/// Display invalidation: which parts of each container must be painted again.
///
/// On Apple platforms `invalidateDisplay(forCharacterRange:)` ends in the text view's
/// `setNeedsDisplay(_:)`. Here there is no view below the editing layer, so the layout manager
/// keeps, per container, the union of the rects that need display (container coordinates), and
/// tells ``NSLayoutManager/displayInvalidationHandler`` as they grow, so that a host (a window, a
/// tile renderer) repaints only what changed. Marked: what `invalidateDisplay` names, temporary
/// attribute changes, the lines of edited paragraphs (old and new), new layout, and every
/// container whose geometry or drawing options changed. Only laid-out lines are marked: text not
/// laid out yet is painted when it is laid out, and its new lines are marked then.
extension NSLayoutManager {
    /// The part of `container` (container coordinates) that needs display since the last
    /// ``resetInvalidatedDisplay(in:)``; `.null` when nothing does. An OpenTextKit addition.
    public func invalidatedDisplayRect(in container: NSTextContainer) -> CGRect {
        guard let index = textContainers.firstIndex(where: { $0 === container }) else { return .null }
        return flow.invalidatedDisplayRect(inContainer: index)
    }

    /// Forgets what needed display in `container` (call it after painting). An OpenTextKit addition.
    public func resetInvalidatedDisplay(in container: NSTextContainer) {
        guard let index = textContainers.firstIndex(where: { $0 === container }) else { return }
        flow.resetInvalidatedDisplay(inContainer: index)
    }
}
