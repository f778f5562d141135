import Foundation
import TextKitGraphics

/// A font: a face at a point size, with UIKit's API (`UIFont`).
///
/// Fonts are immutable values held by reference, cheap to create (a catalog lookup and a shared
/// ``FontFace``; nothing is loaded twice) and safe to share between threads. Two fonts are equal
/// when they draw the same: same face, size, synthesis and descriptor extras (features, matrix,
/// fixed advance, cascade list, text style). Equal fonts hash equally, so a font works as an
/// attribute value and as a cache key.
///
/// Units and coordinates: sizes and metrics are in points; the vertical metrics follow UIKit
/// (``ascender`` positive, ``descender`` negative). Per-glyph geometry (``boundingRect(forGlyph:)``,
/// ``path(forGlyph:)``) is **y down with the origin at the glyph origin on the baseline**, ready to
/// draw in UIKit's flipped space.
///
/// Synthesis: when a family lacks a bold or italic face that was asked for, the font uses the
/// closest face and records ``syntheticTraits``; the drawing layer emboldens
/// (``syntheticBoldStrength``) or slants (``syntheticObliqueShear``) it, as Cairo's
/// `CAIRO_FT_SYNTHESIZE_BOLD`/`_OBLIQUE` and FreeType's `FT_GlyphSlot_Embolden`/`_Oblique` do.
/// Advances are not widened by synthetic bold.
public final class UIFont: Hashable, Sendable, CustomStringConvertible {
    /// The shared face the font draws with.
    public let face: FontFace
    /// The size in points (the em square is `pointSize` points high).
    public let pointSize: CGFloat
    /// Bold or oblique the drawing layer must synthesise (empty when the face itself has the style).
    public let syntheticTraits: SyntheticTraits
    /// The font's descriptor: its PostScript name, family, face, size and traits (synthesised ones
    /// included), plus the features, matrix, fixed advance, cascade list and text style it was
    /// created with.
    public let fontDescriptor: UIFontDescriptor
    /// What fallback found for this font, kept with it (UIFont+Fallback.swift): text in other
    /// scripts asks for every character this font lacks.
    let fallbackMemo = Locked(FallbackMemo())

    /// Styles a font shows by transforming another face.
    public struct SyntheticTraits: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Embolden the outlines by ``UIFont/syntheticBoldStrength``.
        public static let bold = SyntheticTraits(rawValue: 1 << 0)
        /// Slant the outlines by ``UIFont/syntheticObliqueShear``.
        public static let oblique = SyntheticTraits(rawValue: 1 << 1)
    }

    /// The horizontal shear of synthetic oblique (x += shear · y, y up): 0x366A / 0x10000 ≈ 0.2126,
    /// i.e. 12°, the value FreeType's `FT_GlyphSlot_Oblique` and Cairo use.
    public static let syntheticObliqueShear: CGFloat = CGFloat(0x366A) / 65536

    // MARK: - Creating fonts

    /// The font with a PostScript name ("DejaVuSerif-Bold"), a full name ("DejaVu Serif Bold") or a
    /// family name ("DejaVu Serif", giving its regular face). Names compare ignoring case and spaces,
    /// as fontconfig's.
    ///
    /// The names of the fonts iOS ships ("Menlo", "Helvetica Neue", "HelveticaNeue-Bold", "Arial",
    /// "TimesNewRomanPSMT", "Courier", "Georgia", "Palatino", "Avenir-Heavy", ".SFUI-Semibold",
    /// "SF Pro Text" …) give the Debian font that stands in for them, in the weight and slant the
    /// name asks for: Helvetica is Nimbus Sans, Arial Liberation Sans, Times and Times New Roman
    /// Liberation Serif, Courier Liberation Mono, Menlo the monospaced system font (DejaVu Sans Mono,
    /// from which Menlo derives), the SF family and Avenir the system font. The font's
    /// ``fontName`` is the stand-in's. Any other name of a font that is not installed gives `nil`,
    /// as on iOS.
    ///
    /// A size that is not positive and finite gives 12 points. Cost: dictionary lookups, plus
    /// loading the face the first time it is used.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        let catalog = FontCatalog.current
        let resolution: FontResolver.Resolution
        if let info = catalog.face(named: fontName) {
            guard let face = try? FontFace.shared(for: info) else { return nil }
            resolution = FontResolver.Resolution(face: face, synthetic: [])
        } else if catalog.hasFamily(fontName) {
            var attributes = FontAttributes()
            attributes.family = fontName
            resolution = FontResolver.resolve(attributes)
        } else if let substitute = AppleFontNames.substitute(for: fontName, hasFamily: catalog.hasFamily) {
            var attributes = FontAttributes()
            attributes.family = substitute.family
            var traits = FontAttributes.Traits()
            traits.weight = substitute.weight
            if substitute.italic { traits.symbolic = .traitItalic }
            attributes.traits = traits
            resolution = FontResolver.resolve(attributes)
        } else {
            return nil
        }
        self.init(face: resolution.face, pointSize: Self.sanitized(fontSize), synthetic: resolution.synthetic,
                  requested: FontAttributes())
    }

    /// The font a descriptor describes, at `pointSize` (0: the descriptor's `.size`, else 12).
    ///
    /// Never fails: a family that is not installed gives fontconfig's substitute (see
    /// ``UIFontDescriptor``). Resolution is cached per descriptor attributes.
    public convenience init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
        let size = Self.sanitized(pointSize > 0 ? pointSize : descriptor.pointSize)
        let resolution = FontResolver.resolve(descriptor.attributes)
        self.init(face: resolution.face, pointSize: size, synthetic: resolution.synthetic,
                  requested: descriptor.attributes)
    }

    /// A font for a face loaded directly from a file (no fontconfig lookup): for bundled fonts
    /// and tests.
    ///
    /// - Throws: ``FontLoadingError`` when the file is missing, not a font, or has no such face.
    public convenience init(url: URL, faceIndex: Int = 0, size pointSize: CGFloat) throws(FontLoadingError) {
        let face = try FontFace.shared(url: url, faceIndex: faceIndex)
        self.init(face: face, pointSize: Self.sanitized(pointSize), synthetic: [], requested: FontAttributes())
    }

    /// A font for a shared face.
    public convenience init(face: FontFace, size pointSize: CGFloat) {
        self.init(face: face, pointSize: Self.sanitized(pointSize), synthetic: [], requested: FontAttributes())
    }

    /// The designated initialiser: `requested` carries the extras (features, matrix…) and any
    /// traits that do not select a face (UI optimized, tight leading…).
    init(face: FontFace, pointSize: CGFloat, synthetic: SyntheticTraits, requested: FontAttributes) {
        self.face = face
        self.pointSize = pointSize
        self.syntheticTraits = synthetic
        var a = requested
        a.name = face.postScriptName
        a.family = face.familyName
        a.face = face.styleName
        a.size = pointSize
        var symbolic = face.symbolicTraits
        if synthetic.contains(.bold) { symbolic.insert(.traitBold) }
        if synthetic.contains(.oblique) { symbolic.insert(.traitItalic) }
        let keep = (requested.traits?.symbolic ?? []).subtracting(.matchingMask).subtracting(.classMask)
        symbolic.formUnion(keep)
        let angle = synthetic.contains(.oblique) ? -atan(Self.syntheticObliqueShear) * 180 / .pi : face.metrics.italicAngle
        a.traits = FontAttributes.Traits(symbolic: symbolic,
                                         weight: synthetic.contains(.bold) ? max(face.weight, .bold) : face.weight,
                                         width: face.width, slant: min(max(-angle / 30, -1), 1))
        fontDescriptor = UIFontDescriptor(attributes: a)
    }

    /// The same font at another size (O(1): the face and descriptor extras are reused).
    public func withSize(_ fontSize: CGFloat) -> UIFont {
        var a = fontDescriptor.attributes
        a.size = nil
        return UIFont(face: face, pointSize: Self.sanitized(fontSize), synthetic: syntheticTraits, requested: a)
    }

    /// A size that is not positive and finite (from data) becomes Core Text's default, 12 points.
    /// The largest point size a font takes: larger finite sizes are this size.
    public static let maximumPointSize: CGFloat = 10_000

    /// A usable point size: NaN, infinite, zero and negative sizes are 12 points (the default
    /// size), finite sizes above ``maximumPointSize`` are ``maximumPointSize``.
    static func sanitized(_ size: CGFloat) -> CGFloat { size > 0 && size.isFinite ? min(size, maximumPointSize) : 12 }

    // MARK: - Names

    /// The family name ("DejaVu Sans").
    public var familyName: String { face.familyName }

    /// The PostScript name ("DejaVuSans-Bold"), as UIKit's `fontName`.
    public var fontName: String { face.postScriptName }

    /// Every installed family name, sorted (fontconfig's list; families of registered fonts included).
    public class var familyNames: [String] { FontCatalog.current.familyNames }

    /// The PostScript names of a family's faces, most regular first (`[]` for an unknown family).
    /// Faces without a PostScript name are listed by full name.
    public class func fontNames(forFamilyName familyName: String) -> [String] {
        FontCatalog.current.faces(ofFamily: familyName).compactMap { $0.postScriptName ?? $0.fullName }
    }

    // MARK: - Hashable

    /// Fonts are equal when they draw with the same face at the same size, with the same synthetic traits and descriptor.
    public static func == (lhs: UIFont, rhs: UIFont) -> Bool {
        lhs === rhs || (lhs.face === rhs.face && lhs.pointSize == rhs.pointSize
            && lhs.syntheticTraits == rhs.syntheticTraits && lhs.fontDescriptor == rhs.fontDescriptor)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(face))
        hasher.combine(pointSize)
        hasher.combine(syntheticTraits)
    }

    public var description: String {
        let synthetic = syntheticTraits.isEmpty ? "" : " synthetic:\(syntheticTraits.contains(.bold) ? " bold" : "")\(syntheticTraits.contains(.oblique) ? " oblique" : "")"
        return "UIFont(\(fontName), \(pointSize) pt\(synthetic))"
    }
}
