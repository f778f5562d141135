import TextKitFonts
import TextKitGraphics
import TextKitModel

/// The typesetting-relevant reading of one attribute dictionary: the font and what changes
/// shaping, spacing and vertical placement. Resolved once per distinct attribute set.
package final class RunStyle: @unchecked Sendable {  // immutable after init; `attributes` holds immutable values
    /// The run's attributes as given (drawing reads colours, underlines and so on from here).
    package let attributes: [NSAttributedString.Key: Any]
    package let font: UIFont
    /// OpenType features for HarfBuzz ("kern=0", "liga=0", "sups=1" for Core Text's superscript,
    /// the font descriptor's settings).
    package let features: [String]
    /// A BCP 47 language for shaping, hyphenation and line breaking; empty when not set.
    package let language: String
    /// Points added after each character (`.kern`, plus `.tracking` and Core Text's tracking).
    package let letterSpacing: Float
    /// Points the baseline is raised (`.baselineOffset`, else `kCTBaselineOffsetAttributeName`;
    /// positive is up, as in UIKit).
    package let baselineOffset: Float
    /// Horizontal scale of the glyphs (`.expansion` is the log of it, as in UIKit).
    package let horizontalScale: Float
    /// The attachment drawn for U+FFFC, if any: `.attachment`, else a box without an image
    /// standing for a Core Text run delegate (`kCTRunDelegateAttributeName`).
    package let attachment: NSTextAttachment?
    /// The Core Text run delegate the text carries, if any (its box is ``attachment``).
    package let runDelegate: CTRunDelegate?
    /// The bidi controls `.writingDirection` wraps the run in (empty without one).
    package let writingDirectionControls: [UInt16]
    /// The run is code (`.breaksLikeCode`): it breaks only at white space and after code tokens,
    /// and is never hyphenated.
    package let breaksLikeCode: Bool

    /// The font of text that has none: Helvetica 12 as in TextKit, or the system font at 12 points
    /// when no Helvetica (or metric-compatible substitute) is installed.
    package static let defaultFont: UIFont = UIFont(name: "Helvetica", size: 12) ?? UIFont.systemFont(ofSize: 12)

    package init(attributes: [NSAttributedString.Key: Any]) {
        self.attributes = attributes
        font = attributes[.font] as? UIFont ?? Self.defaultFont
        var features = font.fontDescriptor.featureSettings.map { "\($0.tag.trimmingCharacters(in: .whitespaces))=\($0.value)" }
        // Numbers follow LayoutNumber's rule: NaN is "not set", absurd values clamp.
        let kern = Self.number(attributes[.kern]).flatMap { $0.isNaN ? nil : LayoutNumber.length($0) }
        if kern == 0 { features.append("kern=0") }
        switch Self.number(attributes[.ligature]).map({ Int(saturating: $0) }) {
        case 0?: features += ["liga=0", "clig=0"]
        case 2?: features += ["dlig=1"]
        default: break
        }
        switch Self.number(attributes[CoreTextKey.superscript]) {
        case let level? where level > 0: features.append("sups=1")
        case let level? where level < 0: features.append("subs=1")
        default: break
        }
        self.features = features
        language = (attributes[.languageIdentifier] as? String) ?? ""
        let tracking = LayoutNumber.length(Self.number(attributes[.tracking]) ?? 0)
            + LayoutNumber.length(Self.number(attributes[CoreTextKey.tracking]) ?? 0)
        letterSpacing = Float((kern ?? 0) + tracking)
        baselineOffset = Float(LayoutNumber.length(Self.number(attributes[uiKitFirst: .baselineOffset]) ?? 0))
        let expansion = LayoutNumber.clamp(Self.number(attributes[.expansion]) ?? 0,
                                           to: -LayoutNumber.maximumExpansion...LayoutNumber.maximumExpansion)
        horizontalScale = Float(exp(expansion))
        runDelegate = attributes[CoreTextKey.runDelegate] as? CTRunDelegate
        attachment = attributes[.attachment] as? NSTextAttachment ?? runDelegate?.attachment()
        writingDirectionControls = BidiParagraph.controls(forWritingDirection: attributes[.writingDirection])
        breaksLikeCode = (attributes[.breaksLikeCode] as? Bool) ?? ((attributes[.breaksLikeCode] as? NSNumber)?.boolValue ?? false)
    }

    /// Whether text in this style is shaped exactly as in `other`: the same font, OpenType
    /// features, language, spacing, baseline offset, scale, attachment and explicit writing
    /// direction. Everything else in the attributes (colours, underlines, shadows, links…) only
    /// changes how the glyphs are drawn.
    package func shapesLike(_ other: RunStyle) -> Bool {
        if self === other { return true }
        return (font === other.font || font == other.font) && features == other.features && language == other.language
            && letterSpacing == other.letterSpacing && baselineOffset == other.baselineOffset
            && horizontalScale == other.horizontalScale && attachment === other.attachment
            && runDelegate === other.runDelegate
            && writingDirectionControls == other.writingDirectionControls
            && breaksLikeCode == other.breaksLikeCode  // (its break opportunities are the analysis's)
    }

    /// A numeric attribute value, whatever numeric type it was stored as.
    package static func number(_ value: Any?) -> CGFloat? {
        switch value {
        case let v as CGFloat: return v
        case let v as Double: return CGFloat(v)
        case let v as Float: return CGFloat(v)
        case let v as Int: return CGFloat(v)
        case let v as NSNumber: return CGFloat(v.doubleValue)
        default: return nil
        }
    }
}
