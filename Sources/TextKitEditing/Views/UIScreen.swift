import TextKitFonts
import TextKitModel
import TextKitGraphics

/// The display, as UIKit's `UIScreen`. There is one, ``main``; its ``scale`` is 1 unless a host
/// sets it (the GTK host sets it from its widget's scale factor, 2 on a HiDPI monitor), and its
/// ``bounds`` are 1024 × 768 points unless a host sets them (the GTK host sets the first
/// monitor's size). A Linux difference: UIKit's screen properties are read-only; here a host
/// sets them.
@preconcurrency @MainActor
open class UIScreen: NSObject {
    /// The screen everything is shown on.
    public static let main = UIScreen()

    /// A screen of 1024 × 768 points at scale 1.
    public override init() {
        super.init()
    }

    /// Device pixels per point (1, or what a host set).
    open var scale: CGFloat = 1
    /// The physical pixels per point: the same as ``scale`` here (no display zoom).
    open var nativeScale: CGFloat { scale }
    /// The screen's rect in points (origin zero).
    open var bounds = CGRect(x: 0, y: 0, width: 1024, height: 768)
    /// The screen's rect in pixels: ``bounds`` times ``scale``.
    open var nativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
    }
    /// The screen's traits: its scale, the light appearance.
    open var traitCollection: UITraitCollection {
        UITraitCollection(displayScale: scale, userInterfaceStyle: .light,
                          preferredContentSizeCategory: UIContentSizeCategory.preferred,
                          horizontalSizeClass: .regular, verticalSizeClass: .regular, layoutDirection: .leftToRight)
    }
}
