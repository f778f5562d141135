import TextKitFonts
import TextKitGraphics
import TextKitModel

// UIKit's string drawing on plain strings: each call draws or measures an attributed string made
// of the string and `attributes` (no attributes: the default font, Helvetica 12 or its substitute,
// in black). See the NSAttributedString methods for what each does.

extension String {
    /// The size of the string drawn with `attrs` (hard line breaks honoured, no wrapping); not
    /// rounded.
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        NSAttributedString(string: self, attributes: attrs).size()
    }

    /// Draws the string with `attrs`, the top-left of its first line at `point`, in the current
    /// context.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self, attributes: attrs).draw(at: point)
    }

    /// Draws the string with `attrs` wrapped in `rect`, in the current context.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self, attributes: attrs).draw(in: rect)
    }

    /// Draws the string with `attributes` as `options` say (see
    /// ``NSAttributedString/draw(with:options:context:)``).
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [],
                     attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) {
        NSAttributedString(string: self, attributes: attributes).draw(with: rect, options: options, context: context)
    }

    /// The rect the string takes drawn with `attributes` in a rect of `size` (see
    /// ``NSAttributedString/boundingRect(with:options:context:)``).
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) -> CGRect {
        NSAttributedString(string: self, attributes: attributes).boundingRect(with: size, options: options, context: context)
    }
}

extension NSString {
    /// The size of the string drawn with `attrs` (see ``Swift/String/size(withAttributes:)``).
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        (self as String).size(withAttributes: attrs)
    }

    /// Draws the string with `attrs` at `point` (see ``Swift/String/draw(at:withAttributes:)``).
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(at: point, withAttributes: attrs)
    }

    /// Draws the string with `attrs` in `rect` (see ``Swift/String/draw(in:withAttributes:)``).
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(in: rect, withAttributes: attrs)
    }

    /// Draws the string as `options` say (see ``Swift/String/draw(with:options:attributes:context:)``).
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [],
                     attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) {
        (self as String).draw(with: rect, options: options, attributes: attributes, context: context)
    }

    /// The rect the string takes (see ``Swift/String/boundingRect(with:options:attributes:context:)``).
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) -> CGRect {
        (self as String).boundingRect(with: size, options: options, attributes: attributes, context: context)
    }
}
