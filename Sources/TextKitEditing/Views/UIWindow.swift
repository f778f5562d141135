import TextKitModel
import TextKitGraphics

/// The top of a view hierarchy shown on a screen, as UIKit's `UIWindow`, reduced to a view: a
/// view whose subviews report it as their ``UIView/window``. Linux difference: no host needs one
/// (the GTK host shows any view), there is no root view controller, and making a window key or
/// visible only records it.
@preconcurrency @MainActor
open class UIWindow: UIView {
    /// Whether the window is the key window (set by ``makeKey()``).
    open private(set) var isKeyWindow = false

    /// A window with the given frame.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A window made as `init(frame: .zero)` makes it: nothing is decoded (no nibs on Linux).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Records the window as key.
    open func makeKey() { isKeyWindow = true }

    /// Records the window as key and shows it (``UIView/isHidden`` false).
    open func makeKeyAndVisible() {
        makeKey()
        isHidden = false
    }
}
