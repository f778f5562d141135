import TextKitGraphics
import TextKitModel

/// Rendering attributes: TextKit 2's drawing-only attributes, kept by the layout manager beside
/// the document (syntax colours, search highlights, spelling marks). They are the engine's
/// temporary attributes (NSLayoutManager+TemporaryAttributes.swift): they change drawing only —
/// colours, underline, strikethrough, stroke, shadow, obliqueness — never layout, and follow
/// edits as the text moves.
///
/// Apple drops a fragment's rendering attributes when it is laid out again and asks
/// ``NSTextLayoutManager/renderingAttributesValidator`` to set them once more; here they stay until
/// removed or invalidated, and the validator is asked once for each new fragment, before it is
/// first drawn or shown by the viewport controller.
extension NSTextLayoutManager {
    /// The attributes links are drawn with by default: the link colour and a single underline.
    public class var linkRenderingAttributes: [NSAttributedString.Key: Any] {
        [.foregroundColor: UIColor.link, .underlineStyle: NSUnderlineStyle.single.rawValue]
    }

    /// The attributes to draw `link` at `location` with: the delegate's, else
    /// ``linkRenderingAttributes``.
    public func renderingAttributes(forLink link: Any, at location: any NSTextLocation) -> [NSAttributedString.Key: Any] {
        let defaults = Self.linkRenderingAttributes
        return delegate?.textLayoutManager(self, renderingAttributesForLink: link, at: location, defaultAttributes: defaults) ?? defaults
    }

    /// Replaces the rendering attributes of `textRange` with `renderingAttributes`.
    public func setRenderingAttributes(_ renderingAttributes: [NSAttributedString.Key: Any], for textRange: NSTextRange) {
        guard let range = renderingRange(textRange) else { return }
        engine.setTemporaryAttributes(renderingAttributes, forCharacterRange: range)
    }

    /// Sets one rendering attribute over `textRange` (removes it, for a nil value or `NSNull`).
    public func addRenderingAttribute(_ renderingAttribute: NSAttributedString.Key, value: Any?, for textRange: NSTextRange) {
        guard let range = renderingRange(textRange) else { return }
        if let value, !(value is NSNull) {
            engine.addTemporaryAttribute(renderingAttribute, value: value, forCharacterRange: range)
        } else {
            engine.removeTemporaryAttribute(renderingAttribute, forCharacterRange: range)
        }
    }

    /// Removes one rendering attribute from `textRange`.
    public func removeRenderingAttribute(_ renderingAttribute: NSAttributedString.Key, for textRange: NSTextRange) {
        guard let range = renderingRange(textRange) else { return }
        engine.removeTemporaryAttribute(renderingAttribute, forCharacterRange: range)
    }

    /// Removes every rendering attribute from `textRange`, and asks
    /// ``renderingAttributesValidator`` again for the fragments there.
    public func invalidateRenderingAttributes(for textRange: NSTextRange) {
        guard let range = renderingRange(textRange) else { return }
        engine.setTemporaryAttributes([:], forCharacterRange: range)
        let first = max(0, firstFragmentIndex(atOrAfter: range.location) - 1)  // (the one before may reach into the range)
        for fragment in fragments[first...] {
            let start = fragment.paragraphRange.location
            if start >= range.location + range.length { break }
            if start + fragment.paragraphRange.length > range.location { fragment.renderingAttributesValidated = false }
        }
    }

    /// Calls `block` with each run of rendering attributes from `location` on (backwards with
    /// `reverse`), skipping text without any, until it returns false.
    public func enumerateRenderingAttributes(from location: any NSTextLocation, reverse: Bool,
                                             using block: (NSTextLayoutManager, [NSAttributedString.Key: Any], NSTextRange) -> Bool) {
        guard let storage = contentStorage, let length = storage.textStorage?.length, length > 0 else { return }
        var index = CountableTextLocation.offset(of: location)
        if reverse { index -= 1 }
        while index >= 0 && index < length {
            var run = NSRange(location: 0, length: 0)
            let attributes = engine.temporaryAttributes(atCharacterIndex: index, effectiveRange: &run)
            if !attributes.isEmpty {
                guard block(self, attributes, storage.textRange(for: run)) else { return }
            }
            index = reverse ? run.location - 1 : run.location + run.length
        }
    }

    /// Asks ``renderingAttributesValidator`` about `fragment`, once per fragment (and again after
    /// ``invalidateRenderingAttributes(for:)``).
    func validateRenderingAttributes(of fragment: NSTextLayoutFragment) {
        guard !fragment.renderingAttributesValidated else { return }
        fragment.renderingAttributesValidated = true
        renderingAttributesValidator?(self, fragment)
    }

    /// `textRange` as a storage range, nil without a content storage.
    private func renderingRange(_ textRange: NSTextRange) -> NSRange? {
        contentStorage?.characterRange(for: textRange)
    }
}
