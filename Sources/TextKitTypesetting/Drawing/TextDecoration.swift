import TextKitFonts
import TextKitGraphics
import TextKitModel

/// An underline or strikethrough, resolved: its style, colour and where the fonts put it. What
/// ``TextDecorationPainter`` strokes; which glyphs it spans is the façade's business (TextKit
/// joins runs of one style and colour across a line and skips trailing white space and, for
/// `.byWord`, the spaces between words; Core Text draws each run's own).
///
/// `NSUnderlineStyle` (and Core Text's `CTUnderlineStyle`, the same numbers) packs three things,
/// as Apple's headers define them: a line style in the low byte (`.single` 0x01, `.thick` 0x02,
/// `.double` 0x09; 0 draws nothing, whatever else is set), a pattern in bits 0x0700
/// (`.patternDot` 0x0100, `.patternDash` 0x0200, `.patternDashDot` 0x0300,
/// `.patternDashDotDot` 0x0400) and `.byWord` 0x8000.
///
/// With t the font's line thickness: `.single` is one line of t, `.thick` one of 2t, `.double`
/// two of t, 2t apart centre to centre — for an underline the first where a single one goes and
/// the second below it, for a strikethrough one either side of the strikethrough position.
/// Patterns dash the line in units of u = max(line width, 1 pt): dot [u, 2u], dash [4u, 2u],
/// dash-dot [4u, 2u, u, 2u], dash-dot-dot [4u, 2u, u, 2u, u, 2u], from each span's left end.
package struct TextDecoration {
    package enum Kind: Sendable { case underline, strikethrough }

    /// The bits of the line style.
    package static let lineStyleMask = 0x00FF
    /// The bits of the pattern.
    package static let patternMask = 0x0700

    package var kind: Kind
    /// The line style and pattern (`.byWord` is for whoever chooses the spans; it is ignored here).
    package var style: NSUnderlineStyle
    package var color: UIColor
    /// The centre of the line (of the first line of a double underline) above the baseline, y up
    /// (negative below it), as ``metrics(_:font:)`` gives it.
    package var position: CGFloat
    /// The font's line thickness t, before `.thick` doubles it.
    package var thickness: CGFloat
    /// A shadow under the lines (TextKit's reading: UIKit shadows decorations with their text).
    package var shadow: NSShadow?

    package init(_ kind: Kind, style: NSUnderlineStyle, color: UIColor, position: CGFloat, thickness: CGFloat,
                 shadow: NSShadow? = nil) {
        self.kind = kind
        self.style = style
        self.color = color
        self.position = position
        self.thickness = thickness
        self.shadow = shadow
    }

    /// Whether `style` draws a line: its line style (low byte) is not none.
    package static func drawsLine(_ style: NSUnderlineStyle) -> Bool {
        style.rawValue & lineStyleMask != 0
    }

    /// Where `font` puts a decoration of `kind`: the centre of the line above the baseline (y up)
    /// and its thickness. Underlines use the font's underline position and thickness (its `post`
    /// table); strikethroughs its strikeout position and thickness (`OS/2`), else half the x-height
    /// and the underline thickness. A thickness the font leaves at 0 is 1 point.
    package static func metrics(_ kind: Kind, font: UIFont) -> (position: CGFloat, thickness: CGFloat) {
        var position: CGFloat, thickness: CGFloat
        switch kind {
        case .underline:
            (position, thickness) = (font.underlinePosition, font.underlineThickness)
        case .strikethrough:
            position = font.strikethroughPosition > 0 ? font.strikethroughPosition : font.xHeight / 2
            thickness = font.strikethroughThickness > 0 ? font.strikethroughThickness : font.underlineThickness
        }
        return (position.isFinite ? position : 0, thickness > 0 && thickness.isFinite ? thickness : 1)
    }

    // MARK: Geometry

    /// Whether the line style is `.double`.
    package var isDouble: Bool { style.rawValue & Self.lineStyleMask == NSUnderlineStyle.double.rawValue }

    /// The width of each line: 2t for `.thick`, else t.
    package var lineWidth: CGFloat {
        style.rawValue & Self.lineStyleMask == NSUnderlineStyle.thick.rawValue ? 2 * thickness : thickness
    }

    /// How far below ``position`` each line's centre is.
    package var lineOffsets: [CGFloat] {
        guard isDouble else { return [0] }
        return kind == .underline ? [0, 2 * thickness] : [-thickness, thickness]
    }

    /// The dash pattern of the style's pattern (empty: solid).
    package var dashPattern: [CGFloat] {
        let u = max(lineWidth, 1)
        switch style.rawValue & Self.patternMask {
        case NSUnderlineStyle.patternDot.rawValue: return [u, 2 * u]
        case NSUnderlineStyle.patternDash.rawValue: return [4 * u, 2 * u]
        case NSUnderlineStyle.patternDashDot.rawValue: return [4 * u, 2 * u, u, 2 * u]
        case NSUnderlineStyle.patternDashDotDot.rawValue: return [4 * u, 2 * u, u, 2 * u, u, 2 * u]
        default: return []
        }
    }
}
