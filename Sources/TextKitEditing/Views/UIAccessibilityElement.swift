import TextKitModel
import TextKitGraphics

/// An accessibility element that is not a view (a part of a view: a link in a text, a bar of a
/// chart), as UIKit's `UIAccessibilityElement`. List them in the container view's
/// ``UIView/accessibilityElements``.
///
/// Linux notes: in UIKit the accessibility properties are an informal protocol on every
/// `NSObject`; here they are on ``UIView`` and on this class. GTK 4.8 cannot show elements that
/// are not widgets to the desktop's assistive technologies (custom accessible children arrived in
/// GTK 4.10), so the GTK host does not export these; they are for code and tests.
@preconcurrency @MainActor
open class UIAccessibilityElement: NSObject {
    private weak var container: AnyObject?
    private var frameInScreen: CGRect?

    /// An element inside `container` (a view, or another element).
    public init(accessibilityContainer container: Any) {
        self.container = container as AnyObject
        super.init()
    }

    /// The view or element that holds this one (held weakly).
    open var accessibilityContainer: Any? {
        get { container }
        set { container = newValue.map { $0 as AnyObject } }
    }
    /// Whether assistive technologies see it: true by default.
    open var isAccessibilityElement = true
    /// A short name for the element.
    open var accessibilityLabel: String?
    /// The element's current value.
    open var accessibilityValue: String?
    /// What acting on the element does.
    open var accessibilityHint: String?
    /// What kind of element this is (`.none` by default).
    open var accessibilityTraits: UIAccessibilityTraits = .none
    /// An identifier for UI tests.
    open var accessibilityIdentifier: String?
    /// Extra actions offered on the element.
    open var accessibilityCustomActions: [UIAccessibilityCustomAction]?
    /// The element's rect in its container view's bounds coordinates; when set, it decides
    /// ``accessibilityFrame`` (converted as the container view moves).
    open var accessibilityFrameInContainerSpace: CGRect = .zero {
        didSet { frameInScreen = nil; usesContainerSpace = true }
    }
    private var usesContainerSpace = false

    /// The element's rect, in the hierarchy's top view's coordinates (UIKit: screen coordinates):
    /// the container-space rect converted when that was set, else the rect set here.
    open var accessibilityFrame: CGRect {
        get {
            if usesContainerSpace, let view = container as? UIView {
                return view.convert(accessibilityFrameInContainerSpace, to: nil)
            }
            return frameInScreen ?? .zero
        }
        set { frameInScreen = newValue; usesContainerSpace = false }
    }
}
