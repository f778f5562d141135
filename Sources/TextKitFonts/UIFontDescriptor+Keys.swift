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
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let family = AttributeName("NSFontFamilyAttribute")
        public static let name = AttributeName("NSFontNameAttribute")
        public static let face = AttributeName("NSFontFaceAttribute")
        public static let size = AttributeName("NSFontSizeAttribute")
        public static let visibleName = AttributeName("NSFontVisibleNameAttribute")
        public static let matrix = AttributeName("NSFontMatrixAttribute")
        public static let characterSet = AttributeName("NSCTFontCharacterSetAttribute")
        public static let cascadeList = AttributeName("NSCTFontCascadeListAttribute")
        public static let traits = AttributeName("NSCTFontTraitsAttribute")
        public static let fixedAdvance = AttributeName("NSCTFontFixedAdvanceAttribute")
        public static let featureSettings = AttributeName("NSCTFontFeatureSettingsAttribute")
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
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let symbolic = TraitKey("NSCTFontSymbolicTrait")
        public static let weight = TraitKey("NSCTFontWeightTrait")
        public static let width = TraitKey("NSCTFontProportionTrait")
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

        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
        public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
        public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
        public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
        public static let traitVertical = SymbolicTraits(rawValue: 1 << 11)
        public static let traitUIOptimized = SymbolicTraits(rawValue: 1 << 12)
        public static let traitTightLeading = SymbolicTraits(rawValue: 1 << 15)
        public static let traitLooseLeading = SymbolicTraits(rawValue: 1 << 16)

        public static let classMask = SymbolicTraits(rawValue: 0xF000_0000)
        public static let classUnknown = SymbolicTraits([])
        public static let classOldStyleSerifs = SymbolicTraits(rawValue: 1 << 28)
        public static let classTransitionalSerifs = SymbolicTraits(rawValue: 2 << 28)
        public static let classModernSerifs = SymbolicTraits(rawValue: 3 << 28)
        public static let classClarendonSerifs = SymbolicTraits(rawValue: 4 << 28)
        public static let classSlabSerifs = SymbolicTraits(rawValue: 5 << 28)
        public static let classFreeformSerifs = SymbolicTraits(rawValue: 7 << 28)
        public static let classSansSerif = SymbolicTraits(rawValue: 8 << 28)
        public static let classOrnamentals = SymbolicTraits(rawValue: 9 << 28)
        public static let classScripts = SymbolicTraits(rawValue: 10 << 28)
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
