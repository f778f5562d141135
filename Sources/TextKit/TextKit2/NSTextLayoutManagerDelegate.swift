import TextKitGraphics
import TextKitModel

/// What a TextKit 2 layout manager asks its delegate, as TextKit's `NSTextLayoutManagerDelegate`.
/// Every method is optional: the protocol extension gives TextKit's defaults.
public protocol NSTextLayoutManagerDelegate: AnyObject {
    /// The layout fragment to lay out `textElement` with (from `location`). Return an instance of
    /// your `NSTextLayoutFragment` subclass to draw the element your way (a chat bubble, a card);
    /// by default a plain fragment.
    func textLayoutManager(_ textLayoutManager: NSTextLayoutManager, textLayoutFragmentFor location: any NSTextLocation,
                           in textElement: NSTextElement) -> NSTextLayoutFragment
    /// Whether a line may break before `location` (by hyphenating the word there, for
    /// `hyphenating`); true by default.
    func textLayoutManager(_ textLayoutManager: NSTextLayoutManager, shouldBreakLineBefore location: any NSTextLocation,
                           hyphenating: Bool) -> Bool
    /// The attributes links are drawn with at `location` (by default `renderingAttributes`, the
    /// layout manager's ``NSTextLayoutManager/linkRenderingAttributes``).
    func textLayoutManager(_ textLayoutManager: NSTextLayoutManager, renderingAttributesForLink link: Any,
                           at location: any NSTextLocation,
                           defaultAttributes renderingAttributes: [NSAttributedString.Key: Any]) -> [NSAttributedString.Key: Any]?
}

extension NSTextLayoutManagerDelegate {
    /// Default: a plain `NSTextLayoutFragment` for the whole element.
    public func textLayoutManager(_ textLayoutManager: NSTextLayoutManager, textLayoutFragmentFor location: any NSTextLocation,
                                  in textElement: NSTextElement) -> NSTextLayoutFragment {
        NSTextLayoutFragment(textElement: textElement, range: textElement.elementRange)
    }

    /// Default: true (every break the line breaker allows).
    public func textLayoutManager(_ textLayoutManager: NSTextLayoutManager, shouldBreakLineBefore location: any NSTextLocation,
                                  hyphenating: Bool) -> Bool { true }

    /// Default: the default attributes given.
    public func textLayoutManager(_ textLayoutManager: NSTextLayoutManager, renderingAttributesForLink link: Any,
                                  at location: any NSTextLocation,
                                  defaultAttributes renderingAttributes: [NSAttributedString.Key: Any]) -> [NSAttributedString.Key: Any]? {
        renderingAttributes
    }
}

/// Forwards the line-breaking questions of the engine's TextKit 1 delegate to a TextKit 2
/// delegate, in locations. Set as the engine's delegate only while the TextKit 2 layout manager
/// has one (a delegate makes layout sequential).
final class TextKit2DelegateBridge: NSLayoutManagerDelegate {
    unowned let owner: NSTextLayoutManager

    init(owner: NSTextLayoutManager) {
        self.owner = owner
    }

    func layoutManager(_ layoutManager: NSLayoutManager, shouldBreakLineByWordBeforeCharacterAt charIndex: Int) -> Bool {
        guard let delegate = owner.delegate else { return true }
        return delegate.textLayoutManager(owner, shouldBreakLineBefore: CountableTextLocation(charIndex), hyphenating: false)
    }

    func layoutManager(_ layoutManager: NSLayoutManager, shouldBreakLineByHyphenatingBeforeCharacterAt charIndex: Int) -> Bool {
        guard let delegate = owner.delegate else { return true }
        return delegate.textLayoutManager(owner, shouldBreakLineBefore: CountableTextLocation(charIndex), hyphenating: true)
    }
}
