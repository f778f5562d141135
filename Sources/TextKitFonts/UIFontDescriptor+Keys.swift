import Foundation

extension UIFontDescriptor {
    /// The keys of ``UIFontDescriptor/fontAttributes``, with UIKit's raw values.
    ///
    /// The value types this implementation reads and writes:
    ///
    /// | key | value |
    /// |---|---|
    /// | `.family`, `.name`, `.face`, `.visibleName` | `String` |
    /// | `.size`, `.fixedAdvance` | `CGFloat` (any number is accepted) |
    /// | `.traits` | `[UIFontDescriptor.TraitKey: Any]` |
    /// | `.featureSettings` | `[FontFeature]`, or `[[UIFontDescriptor.FeatureKey: Any]]` (see ``FeatureKey``) |
    /// | `.matrix` | `CGAffineTransform` |
    /// | `.cascadeList` | `[UIFontDescriptor]` |
    /// | `.characterSet` | `CharacterSet` |
    /// | `.textStyle` | `UIFont.TextStyle` (or its raw `String`) |
    public struct AttributeName: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The same as `init(rawValue:)`, without the label.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The family name (`String`), such as "DejaVu Serif"; matching is by fontconfig family.
        public static let family = AttributeName("NSFontFamilyAttribute")
        /// The face's PostScript name (`String`), such as "DejaVuSerif-Bold".
        public static let name = AttributeName("NSFontNameAttribute")
        /// The style name within the family (`String`), such as "Bold Italic".
        public static let face = AttributeName("NSFontFaceAttribute")
        /// The point size (`CGFloat`); 0 or absent means the size given when the font is made.
        public static let size = AttributeName("NSFontSizeAttribute")
        /// The face's full name as shown to users (`String`), such as "DejaVu Serif Bold".
        public static let visibleName = AttributeName("NSFontVisibleNameAttribute")
        /// A transform (`CGAffineTransform`) that drawing applies to the glyphs in addition to the size.
        public static let matrix = AttributeName("NSFontMatrixAttribute")
        /// A set of characters (`CharacterSet`). Kept in ``UIFontDescriptor/fontAttributes`` for UIKit code
        /// that sets it; matching does not use it here (fallback covers missing characters).
        public static let characterSet = AttributeName("NSCTFontCharacterSetAttribute")
        /// The fallback descriptors tried, in order, for characters the font lacks (`[UIFontDescriptor]`), before fontconfig's own fallback.
        public static let cascadeList = AttributeName("NSCTFontCascadeListAttribute")
        /// The face's traits (`[UIFontDescriptor.TraitKey: Any]`): symbolic traits, weight, width and slant.
        public static let traits = AttributeName("NSCTFontTraitsAttribute")
        /// An advance (`CGFloat`) that every glyph gets in place of its own, as for a monospaced layout of any font.
        public static let fixedAdvance = AttributeName("NSCTFontFixedAdvanceAttribute")
        /// OpenType features to apply when shaping (`[FontFeature]` or feature dictionaries, see ``FeatureKey``).
        public static let featureSettings = AttributeName("NSCTFontFeatureSettingsAttribute")
        /// The Dynamic Type text style the font was made for (`UIFont.TextStyle`), set by `preferredFontDescriptor(withTextStyle:)`.
        public static let textStyle = AttributeName("NSCTFontUIUsageAttribute")
    }

    /// The keys of the `.traits` dictionary, with UIKit's raw values.
    ///
    /// Values: `.symbolic` a ``SymbolicTraits`` (or its `UInt32` raw value); `.weight` a
    /// ``UIFont/Weight`` or number (-1 … 1); `.width` a number (-1 condensed … 1 expanded);
    /// `.slant` a number (-1 … 1, where 1 is 30° clockwise).
    public struct TraitKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The same as `init(rawValue:)`, without the label.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The symbolic traits (``UIFontDescriptor/SymbolicTraits`` or its `UInt32` raw value).
        public static let symbolic = TraitKey("NSCTFontSymbolicTrait")
        /// The weight on Apple's scale, -1 … 1 (``UIFont/Weight`` or a number); 0 is regular.
        public static let weight = TraitKey("NSCTFontWeightTrait")
        /// The width, -1 (most condensed) … 0 (normal) … 1 (most expanded).
        public static let width = TraitKey("NSCTFontProportionTrait")
        /// The slant, -1 … 1, where 1 is 30° clockwise; italic and oblique faces are positive.
        public static let slant = TraitKey("NSCTFontSlantTrait")
    }

    /// The keys of one feature dictionary in `.featureSettings`.
    ///
    /// Two forms are accepted:
    /// - **OpenType** (Core Text's `kCTFontOpenTypeFeatureTag`/`Value`, the form to prefer):
    ///   `[.openTypeFeatureTag: "smcp", .openTypeFeatureValue: 1]`;
    /// - **AAT** (UIKit's `.type`/`.selector`, as in `kNumberSpacingType`/`kMonospacedNumbersSelector`):
    ///   `[.type: 6, .selector: 0]`. The common AAT pairs are translated to OpenType features (see
    ///   ``FontFeature/init(aatType:selector:)``); others are ignored.
    ///
    /// Reading `fontAttributes[.featureSettings]` gives the OpenType form.
    public struct FeatureKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The same as `init(rawValue:)`, without the label.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The AAT feature type (UIKit's `.featureIdentifier`, formerly `.type`).
        public static let featureIdentifier = FeatureKey("CTFeatureTypeIdentifier")
        /// The AAT feature selector (UIKit's `.typeIdentifier`, formerly `.selector`).
        public static let typeIdentifier = FeatureKey("CTFeatureSelectorIdentifier")
        /// UIKit's older spelling of ``featureIdentifier``.
        public static let type = featureIdentifier
        /// UIKit's older spelling of ``typeIdentifier``.
        public static let selector = typeIdentifier
        /// A four-letter OpenType feature tag (`String`), as Core Text's `kCTFontOpenTypeFeatureTag`.
        public static let openTypeFeatureTag = FeatureKey("CTFeatureOpenTypeTag")
        /// The feature's value (a number; 0 off, 1 on, n picks alternate n), as `kCTFontOpenTypeFeatureValue`.
        public static let openTypeFeatureValue = FeatureKey("CTFeatureOpenTypeValue")
    }

    /// Style traits of a face, with UIKit's raw values (the low 16 bits are typeface traits, the
    /// top 4 bits the stylistic class from OS/2 `sFamilyClass`).
    public struct SymbolicTraits: OptionSet, Hashable, Sendable {
        public var rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// An italic or oblique face.
        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        /// A bold face: semibold or heavier.
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
        /// A face wider than the family's normal width.
        public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
        /// A face narrower than the family's normal width.
        public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
        /// A face whose glyphs all have the same advance.
        public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
        /// A face for vertical text. Recorded for UIKit compatibility; layout here is horizontal.
        public static let traitVertical = SymbolicTraits(rawValue: 1 << 11)
        /// A face tuned for user interfaces. Recorded for UIKit compatibility; it does not affect matching.
        public static let traitUIOptimized = SymbolicTraits(rawValue: 1 << 12)
        /// A face that asks for less line spacing than its metrics give. Recorded; it does not affect matching.
        public static let traitTightLeading = SymbolicTraits(rawValue: 1 << 15)
        /// A face that asks for more line spacing than its metrics give. Recorded; it does not affect matching.
        public static let traitLooseLeading = SymbolicTraits(rawValue: 1 << 16)

        /// The top four bits, which hold the stylistic class (OS/2 `sFamilyClass`); `rawValue & classMask.rawValue` is one of the `class…` values.
        public static let classMask = SymbolicTraits(rawValue: 0xF000_0000)
        /// No stylistic class is known (the class bits are 0).
        public static let classUnknown = SymbolicTraits([])
        /// Old-style serifs (OS/2 family class 1), such as Garamond.
        public static let classOldStyleSerifs = SymbolicTraits(rawValue: 1 << 28)
        /// Transitional serifs (class 2), such as Times and Baskerville.
        public static let classTransitionalSerifs = SymbolicTraits(rawValue: 2 << 28)
        /// Modern serifs (class 3), such as Bodoni.
        public static let classModernSerifs = SymbolicTraits(rawValue: 3 << 28)
        /// Clarendon serifs (class 4), with heavy bracketed serifs.
        public static let classClarendonSerifs = SymbolicTraits(rawValue: 4 << 28)
        /// Slab serifs (class 5), such as Rockwell.
        public static let classSlabSerifs = SymbolicTraits(rawValue: 5 << 28)
        /// Freeform serifs (class 7).
        public static let classFreeformSerifs = SymbolicTraits(rawValue: 7 << 28)
        /// Sans serif (class 8), such as DejaVu Sans and Noto Sans.
        public static let classSansSerif = SymbolicTraits(rawValue: 8 << 28)
        /// Ornamental faces (class 9).
        public static let classOrnamentals = SymbolicTraits(rawValue: 9 << 28)
        /// Script faces (class 10), which imitate handwriting.
        public static let classScripts = SymbolicTraits(rawValue: 10 << 28)
        /// Symbol faces (class 12), whose glyphs are not letters.
        public static let classSymbolic = SymbolicTraits(rawValue: 12 << 28)

        /// The traits that choose a face (bold, italic, condensed, expanded, monospace); the
        /// others are recorded but do not affect matching.
        static let matchingMask: SymbolicTraits = [.traitBold, .traitItalic, .traitCondensed, .traitExpanded,
                                                   .traitMonoSpace]

        /// The traits of a face with these properties: bold from semibold up, italic, condensed or
        /// expanded by the sign of `width`, monospace, and the stylistic class (1…15, else none).
        init(weight: UIFont.Weight, isItalic: Bool, width: CGFloat, isMonospaced: Bool, familyClass: Int = 0) {
            self = []
            if weight >= .semibold { insert(.traitBold) }
            if isItalic { insert(.traitItalic) }
            if width < 0 { insert(.traitCondensed) }
            if width > 0 { insert(.traitExpanded) }
            if isMonospaced { insert(.traitMonoSpace) }
            if (1...15).contains(familyClass) { insert(SymbolicTraits(rawValue: UInt32(familyClass) << 28)) }
        }
    }
}
