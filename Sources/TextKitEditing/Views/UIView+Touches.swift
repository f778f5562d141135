import TextKitModel
import TextKitGraphics

// Hit testing and gesture recognizer attachment (the class body's open members forward here).
extension UIView {
    func _hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isUserInteractionEnabled, !isHidden, alpha >= 0.01, self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            let inSubview = subview.convert(point, from: self)
            if let hit = subview.hitTest(inSubview, with: event) { return hit }
        }
        return self
    }

    func _addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        if let old = gestureRecognizer.view, old !== self { old.removeGestureRecognizer(gestureRecognizer) }
        guard !attachedRecognizers.contains(where: { $0 === gestureRecognizer }) else { return }
        attachedRecognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    func _removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard let i = attachedRecognizers.firstIndex(where: { $0 === gestureRecognizer }) else { return }
        attachedRecognizers.remove(at: i)
        gestureRecognizer.view = nil
    }
}
