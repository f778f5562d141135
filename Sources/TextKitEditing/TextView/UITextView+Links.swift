import TextKit
import TextKitGraphics
import TextKitModel

// Links: drawn with `linkTextAttributes`, and followed on a click when the view is not editable
// (as in UIKit, links in editable text are edited, not followed).
extension UITextView {
    /// UIKit's default link attributes: the tint colour, no underline.
    var defaultLinkTextAttributes: [NSAttributedString.Key: Any] {
        [.foregroundColor: tintColor as UIColor, .underlineStyle: 0]
    }

    var _linkTextAttributes: [NSAttributedString.Key: Any]! {
        get { customLinkTextAttributes ?? defaultLinkTextAttributes }
        set {
            customLinkTextAttributes = newValue
            redecorateAll()
        }
    }

    /// The URL of the `.link` attribute at character `index` (a `URL`, or a string that parses as
    /// one) and the link's range; nil when there is none.
    func link(at index: Int) -> (url: URL, range: NSRange)? {
        guard index >= 0, index < textStorage.length else { return nil }
        var range = NSRange(location: 0, length: 0)
        let value = textStorage.attribute(.link, at: index, longestEffectiveRange: &range,
                                          in: NSRange(location: 0, length: textStorage.length))
        switch value {
        case let url as URL: return (url, range)
        case let string as String: return URL(string: string).map { ($0, range) }
        default: return nil
        }
    }

    /// A click on a link in a non-editable view: asks the delegate
    /// (`textView(_:shouldInteractWith:in:interaction:)`) and opens it with ``openLinkHandler``.
    /// True when the click was on a link (and so selects nothing).
    func followLink(at point: CGPoint) -> Bool {
        guard !isEditable, let cluster = characterRange(at: point), let range = nsRange(cluster),
              let (url, linkRange) = link(at: range.location) else { return false }
        let allowed = textDelegate?.textView(self, shouldInteractWith: url, in: linkRange, interaction: .invokeDefaultAction) ?? true
        if allowed { openLinkHandler?(url) }
        return true
    }

    /// Lays `linkTextAttributes` over the links of `paragraphs` (temporary attributes).
    func decorateLinks(inParagraphs paragraphs: NSRange) {
        let attributes = linkTextAttributes ?? [:]
        guard !attributes.isEmpty else { return }
        textStorage.enumerateAttribute(.link, in: paragraphs) { value, range, _ in
            guard value != nil else { return }
            engine.addTemporaryAttributes(attributes, forCharacterRange: range)
        }
    }
}
