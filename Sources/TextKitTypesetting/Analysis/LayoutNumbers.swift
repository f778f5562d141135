import Foundation
import TextKitGraphics
import TextKitModel

/// How numbers from attribute values enter layout — the one rule, applied once where each value
/// is read into the typesetter (``RunStyle``, ``ParagraphAnalyzer`` for paragraph styles and
/// attachments; fonts clamp their own size, `CGContext.setShadow` its blur and offset):
///
/// - **NaN means "not set"**: the attribute is ignored and its default applies — 0 for `.kern`,
///   `.tracking`, `.baselineOffset`, `.expansion`, `.obliqueness`, indents, spacings, line
///   heights, the line height multiple, the hyphenation factor and the default tab interval; a
///   tab stop at NaN is dropped; a font of NaN (or infinite, or not positive) size is 12 points;
///   an attachment's NaN bounds are its image's size.
/// - **Infinities and absurd magnitudes clamp**: lengths (kern, tracking, baseline offset,
///   indents, spacings, line heights, tab locations, attachment bounds) to ±``maximumLength``
///   (a million points, some 350 metres); `.expansion` (the log of the horizontal scale) to
///   ±``maximumExpansion``; `.obliqueness` to ±``maximumObliqueness``; the line height multiple
///   to 0…``maximumLineHeightMultiple``; the hyphenation factor to 0…1; finite font sizes to
///   `UIFont.maximumPointSize`; shadow blur to 10,000 points.
///
/// Layout then finishes and keeps its invariants whatever the values: every character in
/// exactly one line fragment, finite rects.
package enum LayoutNumber {
    /// The largest length, in points, an attribute can ask for.
    package static let maximumLength: CGFloat = 1_000_000
    /// The largest `.expansion` magnitude (a horizontal scale of e¹⁰, about 22,000 times).
    package static let maximumExpansion: CGFloat = 10
    /// The largest `.obliqueness` magnitude (a shear of 10: about 84°).
    package static let maximumObliqueness: CGFloat = 10
    /// The largest line height multiple.
    package static let maximumLineHeightMultiple: CGFloat = 1_000

    /// A length from an attribute: NaN gives `fallback`, the rest is clamped to ±``maximumLength``.
    package static func length(_ value: CGFloat, default fallback: CGFloat = 0) -> CGFloat {
        clamp(value, to: -maximumLength...maximumLength, default: fallback)
    }

    /// `value` within `range`, or `fallback` when it is NaN.
    package static func clamp(_ value: CGFloat, to range: ClosedRange<CGFloat>, default fallback: CGFloat = 0) -> CGFloat {
        value.isNaN ? fallback : min(max(value, range.lowerBound), range.upperBound)
    }

    /// Attachment bounds made usable: zero when any number is NaN, else clamped (sizes not negative).
    package static func usable(_ b: CGRect) -> CGRect {
        let values = [b.origin.x, b.origin.y, b.size.width, b.size.height]
        return values.contains(where: \.isNaN) ? CGRect.zero
            : CGRect(x: length(b.origin.x), y: length(b.origin.y),
                     width: clamp(b.size.width, to: 0...maximumLength), height: clamp(b.size.height, to: 0...maximumLength))
    }

    /// The size an attachment takes in the line, sanitised: its bounds, else its image's size.
    package static func attachmentBounds(_ attachment: NSTextAttachment) -> CGRect {
        let bounds = usable(attachment.bounds)
        if bounds.size != .zero { return bounds }
        let image = attachment.image?.size ?? .zero
        return CGRect(origin: bounds.origin, size: CGSize(width: clamp(image.width, to: 0...maximumLength),
                                                          height: clamp(image.height, to: 0...maximumLength)))
    }
}

extension NSParagraphStyle {
    /// The style with every number made usable by ``LayoutNumber``'s rule; the style itself when
    /// nothing needed it (the common case: no copy).
    package var sanitizedForLayout: NSParagraphStyle {
        let lengths = [firstLineHeadIndent, headIndent, tailIndent, lineSpacing, paragraphSpacing, paragraphSpacingBefore,
                       minimumLineHeight, maximumLineHeight, defaultTabInterval]
        let limit = LayoutNumber.maximumLength
        let isUsable = lengths.allSatisfy { $0.magnitude <= limit }  // false for NaN too
            && lineHeightMultiple >= 0 && lineHeightMultiple <= LayoutNumber.maximumLineHeightMultiple
            && hyphenationFactor >= 0 && hyphenationFactor <= 1
            && tabStops.allSatisfy { $0.location.magnitude <= limit }
        if isUsable { return self }
        let style = mutableCopy() as! NSMutableParagraphStyle  // swiftlint:disable:this force_cast
        style.firstLineHeadIndent = LayoutNumber.length(firstLineHeadIndent)
        style.headIndent = LayoutNumber.length(headIndent)
        style.tailIndent = LayoutNumber.length(tailIndent)
        style.lineSpacing = LayoutNumber.length(lineSpacing)
        style.paragraphSpacing = LayoutNumber.length(paragraphSpacing)
        style.paragraphSpacingBefore = LayoutNumber.length(paragraphSpacingBefore)
        style.minimumLineHeight = LayoutNumber.length(minimumLineHeight)
        style.maximumLineHeight = LayoutNumber.length(maximumLineHeight)
        style.defaultTabInterval = LayoutNumber.length(defaultTabInterval)
        style.lineHeightMultiple = LayoutNumber.clamp(lineHeightMultiple, to: 0...LayoutNumber.maximumLineHeightMultiple)
        style.hyphenationFactor = hyphenationFactor.isNaN ? 0 : min(max(hyphenationFactor, 0), 1)
        style.tabStops = tabStops.compactMap { tab in
            if tab.location.isNaN { return nil }
            if tab.location.magnitude <= limit { return tab }
            return NSTextTab(textAlignment: tab.alignment, location: LayoutNumber.length(tab.location), options: tab.options)
        }
        return style.copy() as! NSParagraphStyle  // swiftlint:disable:this force_cast
    }
}
