import TextKitFonts
import TextKitGraphics
import TextKitModel

extension UIView {
    var _traitCollection: UITraitCollection {
        UITraitCollection(displayScale: UIScreen.main.scale, userInterfaceStyle: .light,
                          preferredContentSizeCategory: UIContentSizeCategory.preferred,
                          horizontalSizeClass: .regular, verticalSizeClass: .regular, layoutDirection: .leftToRight)
    }

    /// Calls ``traitCollectionDidChange(_:)`` on the view and every view below it, with the
    /// collection before the change. For hosts (the GTK host calls it after it changes
    /// ``UIScreen/scale``).
    package func propagateTraitCollectionChange(from previous: UITraitCollection) {
        traitCollectionDidChange(previous)
        for subview in subviews { subview.propagateTraitCollectionChange(from: previous) }
    }
}
