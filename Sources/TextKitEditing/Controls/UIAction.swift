import TextKitGraphics
import TextKitModel

/// The closure a ``UIAction`` runs; it receives the action (whose ``UIAction/sender`` is the
/// control that sent it).
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// A closure a control runs for its events, as UIKit's `UIAction` (iOS 14): the Linux form of
/// target–action. UIKit's `addTarget(_:action:for:)` names a method by selector, and Swift on
/// Linux has no selectors, so controls here take actions only:
///
/// ```swift
/// field.addAction(UIAction { action in
///     print((action.sender as? UITextField)?.text ?? "")
/// }, for: .editingChanged)
/// ```
///
/// Only the title, image, identifier and handler of UIKit's initializer are kept (an action is
/// not a menu element here).
@preconcurrency @MainActor
open class UIAction: NSObject {
    /// A name that tells actions apart: adding an action to a control replaces the one with the
    /// same identifier.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// An identifier with the given name.
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The action's title (shown by nothing here; kept for ported code).
    open var title: String
    /// The action's image (shown by nothing here; kept for ported code).
    open var image: UIImage?
    /// The action's identifier; a unique one when none was given.
    public let identifier: Identifier
    /// The control that is sending the action while its handler runs; nil at other times.
    open internal(set) var sender: Any?
    let handler: UIActionHandler

    /// An action that runs `handler`.
    public init(title: String = "", image: UIImage? = nil, identifier: Identifier? = nil,
                handler: @escaping UIActionHandler) {
        self.title = title
        self.image = image
        self.identifier = identifier ?? Identifier("OpenTextKit.UIAction.\(UIAction.nextSerial())")
        self.handler = handler
        super.init()
    }

    private static var serial = 0
    private static func nextSerial() -> Int {
        serial += 1
        return serial
    }

    /// Runs the handler with `sender` as ``sender``.
    func perform(sender: Any?) {
        self.sender = sender
        handler(self)
        self.sender = nil
    }
}
