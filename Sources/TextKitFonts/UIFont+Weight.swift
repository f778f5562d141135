import CFontconfig
import Foundation

extension UIFont {
    /// A font weight on Apple's scale: -1 (lightest) … 0 (regular) … 1 (heaviest), with UIKit's
    /// named values and raw values.
    ///
    /// Fonts on Linux declare their weight on the OpenType scale (100 … 900) and fontconfig on its
    /// own (`FC_WEIGHT`, 0 … 215). The named weights correspond as follows; values in between are
    /// interpolated linearly, so the mapping is monotonic and round-trips:
    ///
    /// | UIFont.Weight | raw | OpenType | FC_WEIGHT |
    /// |---|---|---|---|
    /// | ultraLight | -0.8 | 100 | 0 (thin) |
    /// | thin | -0.6 | 200 | 40 (extralight) |
    /// | light | -0.4 | 300 | 50 |
    /// | regular | 0 | 400 | 80 |
    /// | medium | 0.23 | 500 | 100 |
    /// | semibold | 0.3 | 600 | 180 |
    /// | bold | 0.4 | 700 | 200 |
    /// | heavy | 0.56 | 800 | 205 |
    /// | black | 0.62 | 900 | 210 |
    ///
    /// Note Apple's order: `ultraLight` is lighter than `thin` (SF's "Ultralight" is its lightest
    /// weight), the reverse of CSS's names. So DejaVu Sans ExtraLight (OpenType 200) reports `.thin`.
    public struct Weight: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
        public var rawValue: CGFloat

        /// A weight with this raw value on Apple's scale (-1 … 1).
        public init(rawValue: CGFloat) { self.rawValue = rawValue }

        /// The same as `init(rawValue:)`, without the label.
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        /// The lightest weight (-0.8; OpenType 100, "Thin" in CSS).
        public static let ultraLight = Weight(rawValue: -0.8)
        /// A very light weight (-0.6; OpenType 200, "ExtraLight").
        public static let thin = Weight(rawValue: -0.6)
        /// Light (-0.4; OpenType 300).
        public static let light = Weight(rawValue: -0.4)
        /// The normal weight of text (0; OpenType 400).
        public static let regular = Weight(rawValue: 0)
        /// Medium (0.23; OpenType 500).
        public static let medium = Weight(rawValue: 0.23)
        /// Semibold (0.3; OpenType 600), the lightest weight that counts as bold (`.traitBold`).
        public static let semibold = Weight(rawValue: 0.3)
        /// Bold (0.4; OpenType 700).
        public static let bold = Weight(rawValue: 0.4)
        /// Heavy (0.56; OpenType 800, "ExtraBold").
        public static let heavy = Weight(rawValue: 0.56)
        /// The heaviest weight (0.62; OpenType 900).
        public static let black = Weight(rawValue: 0.62)

        /// Orders weights from lightest to heaviest by their raw values.
        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The weight's name ("bold"), or `Weight(0.1)` for a value between the named ones.
        public var description: String {
            let names: [(Weight, String)] = [(.ultraLight, "ultraLight"), (.thin, "thin"), (.light, "light"),
                                             (.regular, "regular"), (.medium, "medium"), (.semibold, "semibold"),
                                             (.bold, "bold"), (.heavy, "heavy"), (.black, "black")]
            return names.first { $0.0 == self }?.1 ?? "Weight(\(rawValue))"
        }

        /// Anchor points (Apple raw value, OpenType weight), ordered; the ends extend the scale to
        /// Apple's documented range -1 … 1 and OpenType's 1 … 1000.
        private static let anchors: [(CGFloat, Double)] = [
            (-1, 1), (-0.8, 100), (-0.6, 200), (-0.4, 300), (0, 400), (0.23, 500), (0.3, 600), (0.4, 700),
            (0.56, 800), (0.62, 900), (1, 1000),
        ]

        /// The weight on the OpenType scale (`usWeightClass`, 1 … 1000).
        public var openTypeWeight: Double {
            let x = min(max(rawValue, -1), 1)
            for (a, b) in zip(Self.anchors, Self.anchors.dropFirst()) where x <= b.0 {
                let t = Double((x - a.0) / (b.0 - a.0))
                return a.1 + t * (b.1 - a.1)
            }
            return 1000
        }

        /// The weight for an OpenType weight class (`usWeightClass`, 1 … 1000).
        public init(openTypeWeight: Double) {
            let y = min(max(openTypeWeight, 1), 1000)
            for (a, b) in zip(Self.anchors, Self.anchors.dropFirst()) where y <= b.1 {
                let t = (y - a.1) / (b.1 - a.1)
                self.init(rawValue: a.0 + CGFloat(t) * (b.0 - a.0))
                return
            }
            self.init(rawValue: 1)
        }

        /// The weight on fontconfig's scale (`FC_WEIGHT`), through `FcWeightFromOpenTypeDouble`.
        public var fontconfigWeight: Double { FcWeightFromOpenTypeDouble(openTypeWeight) }

        /// The weight for a fontconfig weight (`FC_WEIGHT`), through `FcWeightToOpenTypeDouble`.
        public init(fontconfigWeight: Double) {
            self.init(openTypeWeight: FcWeightToOpenTypeDouble(fontconfigWeight))
        }
    }

    /// Apple's width trait (-1 … 1) as fontconfig's FC_WIDTH (percent of normal: 50 … 200).
    ///
    /// The mapping is linear with 0 ↔ 100: -0.5 ↔ 50 (ultra-condensed), -0.25 ↔ 75 (condensed),
    /// 0.25 ↔ 125 (expanded), 1 ↔ 200 (ultra-expanded).
    static func fontconfigWidth(fromWidthTrait width: CGFloat) -> Double {
        let w = Double(min(max(width, -1), 1))
        return w < 0 ? 100 + 100 * max(w, -0.5) : 100 + 100 * w
    }

    /// fontconfig's FC_WIDTH as Apple's width trait (inverse of `fontconfigWidth(fromWidthTrait:)`).
    static func widthTrait(fromFontconfigWidth width: Double) -> CGFloat {
        CGFloat(min(max((width - 100) / 100, -1), 1))
    }

    /// An OpenType `usWidthClass` (1 … 9) as fontconfig's FC_WIDTH, as fontconfig itself maps it.
    static func fontconfigWidth(fromWidthClass widthClass: Int) -> Double {
        let table: [Double] = [50, 62.5, 75, 87.5, 100, 112.5, 125, 150, 200]
        return (1...9).contains(widthClass) ? table[widthClass - 1] : 100
    }
}
