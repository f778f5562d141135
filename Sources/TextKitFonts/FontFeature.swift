import CHarfBuzz
import Foundation
import TextKitGraphics

/// An OpenType feature setting applied to a whole run: a four-letter tag and a value
/// (0 turns the feature off, 1 on, n > 1 picks alternate n for features such as `salt` or `cv01`).
///
/// This is how OpenTextKit represents `UIFontDescriptor.AttributeName.featureSettings`:
/// ```swift
/// let smallCaps = font.fontDescriptor.addingAttributes([.featureSettings: [FontFeature(tag: "smcp", value: 1)]])
/// let label = UIFont(descriptor: smallCaps, size: 0)
/// ```
/// UIKit's dictionary forms (OpenType tag/value and AAT type/selector) are accepted too; see
/// ``UIFontDescriptor/FeatureKey``. The typesetter passes the list to HarfBuzz in order, so a later
/// setting of the same tag wins.
public struct FontFeature: Hashable, Sendable, CustomStringConvertible {
    /// The OpenType feature tag, four ASCII characters ("liga", "smcp", "ss01").
    public let tag: String
    /// The value: 0 off, 1 on, n alternate number n.
    public let value: UInt32

    /// A feature setting. A tag that is not one to four printable ASCII characters is a programmer
    /// error and traps.
    public init(tag: String, value: UInt32 = 1) {
        checkPrecondition(!tag.isEmpty && tag.utf8.count <= 4 && tag.utf8.allSatisfy { (0x20...0x7E).contains($0) },
                     "FontFeature tag \"\(tag)\" must be 1 to 4 printable ASCII characters")
        // OpenType pads short tags with spaces ("cv1" is "cv1 ").
        self.tag = tag.padding(toLength: 4, withPad: " ", startingAt: 0)
        self.value = value
    }

    /// A feature parsed from untrusted data, or `nil` when the tag is not a valid OpenType tag.
    public init?(validatingTag tag: String, value: UInt32 = 1) {
        guard !tag.isEmpty, tag.utf8.count <= 4, tag.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        self.init(tag: tag, value: value)
    }

    public var description: String { value == 1 ? tag : value == 0 ? "-\(tag)" : "\(tag)=\(value)" }

    /// The feature as HarfBuzz takes it, applied to the whole buffer.
    package var hbFeature: hb_feature_t {
        let bytes = Array(tag.utf8)
        let tagValue = bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        // HB_FEATURE_GLOBAL_START = 0, HB_FEATURE_GLOBAL_END = (unsigned) -1.
        return hb_feature_t(tag: tagValue, value: value, start: 0, end: UInt32.max)
    }

    // MARK: - Common settings

    /// Small capitals from lowercase (`smcp`).
    public static let smallCaps = FontFeature(tag: "smcp")
    /// Small capitals from capitals (`c2sc`).
    public static let capitalsToSmallCaps = FontFeature(tag: "c2sc")
    /// Tabular (monospaced) figures (`tnum`), as `monospacedDigitSystemFont` uses.
    public static let tabularFigures = FontFeature(tag: "tnum")
    /// Proportional figures (`pnum`).
    public static let proportionalFigures = FontFeature(tag: "pnum")
    /// Old-style figures (`onum`).
    public static let oldStyleFigures = FontFeature(tag: "onum")
    /// Lining figures (`lnum`).
    public static let liningFigures = FontFeature(tag: "lnum")
    /// Standard ligatures off (`liga` = 0), as `NSAttributedString.Key.ligature` 0 asks.
    public static let noStandardLigatures = FontFeature(tag: "liga", value: 0)
    /// Discretionary ligatures (`dlig`).
    public static let discretionaryLigatures = FontFeature(tag: "dlig")
    /// Kerning off (`kern` = 0).
    public static let noKerning = FontFeature(tag: "kern", value: 0)
    /// Slashed zero (`zero`).
    public static let slashedZero = FontFeature(tag: "zero")
    /// Diagonal fractions (`frac`).
    public static let fractions = FontFeature(tag: "frac")

    // MARK: - AAT (UIKit's .type / .selector)

    /// The OpenType equivalent of an AAT feature type and selector (as in Apple's
    /// `SFNTLayoutTypes.h`), or `nil` for pairs with no equivalent here.
    ///
    /// Translated: ligatures (type 1: common on/off → `liga`, rare → `dlig`), number spacing
    /// (6: monospaced → `tnum`, proportional → `pnum`), vertical position (10: superiors → `sups`,
    /// inferiors → `subs`, ordinals → `ordn`), fractions (11: diagonal → `frac`, vertical → `afrc`),
    /// typographic extras (14: slashed zero → `zero`), number case (21: lower → `onum`, upper →
    /// `lnum`), contextual alternates (36: on/off → `calt`), lower case (37: small caps → `smcp`),
    /// upper case (38: small caps → `c2sc`), stylistic sets (35: selector 2n → `ss0n` on,
    /// 2n + 1 → off, n = 1 … 20), case-sensitive layout (33 → `case`).
    public init?(aatType type: Int, selector: Int) {
        switch (type, selector) {
        case (1, 2): self.init(tag: "liga", value: 1)
        case (1, 3): self.init(tag: "liga", value: 0)
        case (1, 4): self.init(tag: "dlig", value: 1)
        case (1, 5): self.init(tag: "dlig", value: 0)
        case (6, 0): self.init(tag: "tnum", value: 1)
        case (6, 1): self.init(tag: "pnum", value: 1)
        case (10, 1): self.init(tag: "sups", value: 1)
        case (10, 2): self.init(tag: "subs", value: 1)
        case (10, 3): self.init(tag: "ordn", value: 1)
        case (11, 1): self.init(tag: "afrc", value: 1)
        case (11, 2): self.init(tag: "frac", value: 1)
        case (14, 4): self.init(tag: "zero", value: 1)
        case (14, 5): self.init(tag: "zero", value: 0)
        case (21, 0): self.init(tag: "onum", value: 1)
        case (21, 1): self.init(tag: "lnum", value: 1)
        case (33, 0): self.init(tag: "case", value: 1)
        case (33, 1): self.init(tag: "case", value: 0)
        case (35, 2...41):
            let set = selector / 2
            self.init(tag: String(format: "ss%02d", set), value: selector % 2 == 0 ? 1 : 0)
        case (36, 0): self.init(tag: "calt", value: 1)
        case (36, 1): self.init(tag: "calt", value: 0)
        case (37, 1): self.init(tag: "smcp", value: 1)
        case (38, 1): self.init(tag: "c2sc", value: 1)
        default: return nil
        }
    }

    /// Parses one entry of a `.featureSettings` array: a ``FontFeature``, an OpenType dictionary
    /// or an AAT dictionary. Anything else gives `nil` (data, so no trap).
    static func parse(_ value: Any) -> FontFeature? {
        if let feature = value as? FontFeature { return feature }
        guard let dictionary = value as? [UIFontDescriptor.FeatureKey: Any] else { return nil }
        if let tag = dictionary[.openTypeFeatureTag] as? String {
            let number = dictionary[.openTypeFeatureValue].flatMap(numericValue) ?? 1
            guard number.isFinite else { return nil }
            return FontFeature(validatingTag: tag, value: UInt32(saturating: number))
        }
        if let type = dictionary[.featureIdentifier].flatMap(numericValue),
           let selector = dictionary[.typeIdentifier].flatMap(numericValue),
           abs(type) < 1e6, abs(selector) < 1e6 {
            return FontFeature(aatType: Int(type), selector: Int(selector))
        }
        return nil
    }
}

/// A number from an attribute value of any numeric type (attribute dictionaries are `[Key: Any]`,
/// and UIKit code passes Int, Double, CGFloat, NSNumber or a RawRepresentable wrapper).
func numericValue(_ value: Any) -> Double? {
    switch value {
    case let v as CGFloat: return Double(v)
    case let v as Double: return v
    case let v as Float: return Double(v)
    case let v as Int: return Double(v)
    case let v as Int32: return Double(v)
    case let v as UInt32: return Double(v)
    case let v as UInt: return Double(v)
    case let v as Int64: return Double(v)
    case let v as UInt64: return Double(v)
    case let v as NSNumber: return v.doubleValue
    case let v as UIFont.Weight: return Double(v.rawValue)
    case let v as UIFontDescriptor.SymbolicTraits: return Double(v.rawValue)
    default: return nil
    }
}
