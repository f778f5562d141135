import TextKitFonts
import TextKitGraphics
import TextKitModel

/// Reading drawing attributes whatever type they were stored as, and the two readings of them:
/// TextKit's (the layout manager, string drawing, TextKit 2) and Core Text's (`CTLineDraw`,
/// `CTRunDraw`). The painters (``GlyphRunPainter``, ``TextDecorationPainter``) never read
/// attributes: a façade resolves them here into ``GlyphPaint`` and ``TextDecoration`` values.
package enum DrawingValues {
    /// A `UIColor`, or a `CGColor` converted.
    package static func color(_ value: Any?) -> UIColor? {
        if let color = value as? UIColor { return color }
        if let color = value as? CGColor { return UIColor(cgColor: color) }
        return nil
    }

    /// NaN is "not set" and magnitudes clamp to a million points (``LayoutNumber``'s rule), so
    /// that no NaN or infinity reaches Cairo (which would stop drawing anything more).
    package static func number(_ value: Any?) -> CGFloat? {
        RunStyle.number(value).flatMap { $0.isNaN ? nil : LayoutNumber.length($0) }
    }

    /// An underline or strikethrough style stored as ``NSUnderlineStyle``, Core Text's
    /// ``CTUnderlineStyle``, or a number (`Int`, `NSNumber`; NaN is none).
    package static func lineStyle(_ value: Any?) -> NSUnderlineStyle? {
        guard let value else { return nil }
        // Numbers first: attributed strings store the raw value (`NSUnderlineStyle.single.rawValue`).
        if let n = number(value) { return NSUnderlineStyle(rawValue: Int(saturating: n)) }
        if let style = value as? NSUnderlineStyle { return style }
        if let style = value as? CTUnderlineStyle { return NSUnderlineStyle(rawValue: Int(style.rawValue)) }
        return nil
    }

    /// Whether `.textEffect` is `.letterpressStyle`.
    package static func isLetterpress(_ attributes: [NSAttributedString.Key: Any]) -> Bool {
        switch attributes[.textEffect] {
        case let effect as NSAttributedString.TextEffectStyle: return effect == .letterpressStyle
        case let raw as String: return raw == NSAttributedString.TextEffectStyle.letterpressStyle.rawValue
        default: return false
        }
    }

    /// Sets `shadow` on `context`: its colour, else black at one third opacity, as UIKit.
    package static func applyShadow(_ shadow: NSShadow, to context: CGContext) {
        let color = color(shadow.shadowColor) ?? UIColor(white: 0, alpha: 1.0 / 3.0)
        context.setShadow(offset: shadow.shadowOffset, blur: shadow.shadowBlurRadius, color: color.cgColor)
    }

    // MARK: Core Text's reading

    /// The glyph colour of text with `attributes` in Core Text: `kCTForegroundColorAttributeName`,
    /// else `.foregroundColor`, default black; nil (the context's fill colour) with
    /// `kCTForegroundColorFromContextAttributeName`.
    package static func coreTextColor(_ attributes: [NSAttributedString.Key: Any]) -> UIColor? {
        if (attributes[CoreTextKey.foregroundColorFromContext] as? Bool) == true { return nil }
        return color(attributes[CoreTextKey.foregroundColor] ?? attributes[.foregroundColor]) ?? .black
    }

    // MARK: TextKit's reading

    /// The glyph colour of text with `attributes` in TextKit: links take the link colour (as
    /// TextKit on iOS, whatever their `.foregroundColor`); otherwise `.foregroundColor`, else Core
    /// Text's `kCTForegroundColorAttributeName`, default black.
    package static func textColor(_ attributes: [NSAttributedString.Key: Any]) -> UIColor {
        if attributes[.link] != nil { return UIColor.link }
        return color(attributes[uiKitFirst: .foregroundColor]) ?? .black
    }

    /// The underline of text with `attributes` in TextKit: `.underlineStyle` when it draws a line,
    /// else a single underline for links, else none.
    package static func underline(_ attributes: [NSAttributedString.Key: Any]) -> NSUnderlineStyle {
        if let style = lineStyle(attributes[.underlineStyle]), TextDecoration.drawsLine(style) { return style }
        return attributes[.link] != nil ? .single : []
    }

    /// `.underlineColor` (else `kCTUnderlineColorAttributeName`), else the text colour.
    package static func underlineColor(_ attributes: [NSAttributedString.Key: Any]) -> UIColor {
        color(attributes[uiKitFirst: .underlineColor]) ?? textColor(attributes)
    }

    /// `.strikethroughStyle`, or none.
    package static func strikethrough(_ attributes: [NSAttributedString.Key: Any]) -> NSUnderlineStyle {
        lineStyle(attributes[.strikethroughStyle]).flatMap { TextDecoration.drawsLine($0) ? $0 : nil } ?? []
    }

    /// `.strikethroughColor`, else the text colour.
    package static func strikethroughColor(_ attributes: [NSAttributedString.Key: Any]) -> UIColor {
        color(attributes[.strikethroughColor]) ?? textColor(attributes)
    }
}
