import TextKitGraphics
import TextKitModel

// UIKit's accessibility properties are an informal protocol on every NSObject (an Objective-C
// category). Swift cannot add overridable stored properties to NSObject, so here they are open
// members of UIView's class body (overridable, as iOS subclasses override them) and of
// UIAccessibilityElement; their storage is below.

/// What ``UIView``'s accessibility properties hold when set (nil: the view's default).
struct AccessibilityStorage {
    var isElement: Bool?
    var label: String?
    var value: String?
    var hint: String?
    var traits: UIAccessibilityTraits?
    var frame: CGRect?
    var elements: [Any]?
    var customActions: [UIAccessibilityCustomAction]?
    var identifier: String?
    var elementsHidden = false
    var viewIsModal = false
    var groupsChildren = false
}
