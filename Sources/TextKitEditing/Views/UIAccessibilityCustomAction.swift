import TextKitGraphics
import TextKitModel

/// An action offered on an accessibility element beyond its default one ("Delete", "Reply"),
/// as UIKit's `UIAccessibilityCustomAction`, with a closure. Linux difference: UIKit's
/// `init(name:target:selector:)` needs the Objective-C runtime; use
/// ``init(name:actionHandler:)``.
@preconcurrency @MainActor
open class UIAccessibilityCustomAction: NSObject {
    /// The action's name, spoken.
    open var name: String
    /// The name with attributes (pronunciation hints in UIKit).
    open var attributedName: NSAttributedString {
        get { storedAttributedName ?? NSAttributedString(string: name) }
        set { storedAttributedName = newValue; name = newValue.string }
    }
    private var storedAttributedName: NSAttributedString?
    /// Performs the action; returns whether it succeeded.
    open var actionHandler: ((UIAccessibilityCustomAction) -> Bool)?

    /// An action named `name` that runs `actionHandler`.
    public init(name: String, actionHandler: ((UIAccessibilityCustomAction) -> Bool)?) {
        self.name = name
        self.actionHandler = actionHandler
        super.init()
    }

    /// An action with an attributed name that runs `actionHandler`.
    public init(attributedName: NSAttributedString, actionHandler: ((UIAccessibilityCustomAction) -> Bool)?) {
        self.name = attributedName.string
        self.storedAttributedName = attributedName
        self.actionHandler = actionHandler
        super.init()
    }
}
