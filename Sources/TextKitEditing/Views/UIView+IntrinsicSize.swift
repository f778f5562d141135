import TextKitGraphics

extension UIView {
    /// Tells the view's layout that its ``intrinsicContentSize`` changed: the superview is
    /// marked as needing ``layoutSubviews()``. There is no Auto Layout engine here; a superview
    /// that sizes its subviews from their intrinsic sizes does so in `layoutSubviews()`.
    public func invalidateIntrinsicContentSize() {
        superview?.setNeedsLayout()
    }
}
