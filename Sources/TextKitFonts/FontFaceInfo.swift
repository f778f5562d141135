import Foundation

/// One installed face as fontconfig lists it: its names, its file and index, and its style.
///
/// Cheap to copy; reading it opens no file. ``FontFace/shared(for:)`` loads the face itself.
public struct FontFaceInfo: Hashable, Sendable, CustomStringConvertible {
    /// The primary family name ("DejaVu Sans"): fontconfig's first family name, which is the
    /// typographic family (name ID 16) when the font has one.
    public let familyName: String
    /// Every family name the face is listed under, the primary one first
    /// (["DejaVu Sans", "DejaVu Sans Condensed"] for DejaVu Sans Condensed Bold).
    public let familyNames: [String]
    /// The style within the primary family ("Bold Oblique", "Condensed Bold").
    public let styleName: String
    /// The PostScript name ("DejaVuSans-BoldOblique"), when the font has one.
    public let postScriptName: String?
    /// The full name ("DejaVu Sans Bold Oblique"), when the font has one.
    public let fullName: String?
    /// The font file.
    public let url: URL
    /// The face's index in the file (0 unless the file is a .ttc/.otc collection).
    public let faceIndex: Int
    /// The face's weight on Apple's scale (converted from fontconfig's FC_WEIGHT).
    public let weight: UIFont.Weight
    /// Apple's width trait (-1 … 1; negative is condensed), from fontconfig's FC_WIDTH.
    public let width: CGFloat
    /// True for italic and oblique faces.
    public let isItalic: Bool
    /// True when fontconfig reports the face as monospaced (FC_SPACING mono or dual).
    public let isMonospaced: Bool
    /// True when the face has colour glyphs (fontconfig's FC_COLOR: CBDT/sbix/COLR/SVG).
    public let hasColorGlyphs: Bool

    package var location: FaceLocation { FaceLocation(path: url.path, index: faceIndex) }

    /// The traits a descriptor would report for this face (bold from semibold up, italic,
    /// condensed/expanded, monospace).
    public var symbolicTraits: UIFontDescriptor.SymbolicTraits {
        .init(weight: weight, isItalic: isItalic, width: width, isMonospaced: isMonospaced)
    }

    /// A descriptor naming exactly this face.
    public var fontDescriptor: UIFontDescriptor {
        var attributes = FontAttributes()
        attributes.name = postScriptName ?? fullName
        attributes.family = familyName
        attributes.face = styleName
        attributes.traits = .init(symbolic: symbolicTraits, weight: weight, width: width,
                                  slant: isItalic ? nil : 0)
        return UIFontDescriptor(attributes: attributes)
    }

    public var description: String { "\(familyName) \(styleName) (\(location))" }

    init?(pattern: OpaquePointer) {
        guard let location = Fontconfig.location(pattern), location.index <= 0xFFFF else { return nil }
        let families = Fontconfig.strings(pattern, "family")
        guard let family = families.first else { return nil }
        familyName = family
        familyNames = families
        styleName = Fontconfig.string(pattern, "style") ?? "Regular"
        postScriptName = Fontconfig.string(pattern, "postscriptname")
        fullName = Fontconfig.string(pattern, "fullname")
        url = URL(fileURLWithPath: location.path)
        faceIndex = location.index
        weight = UIFont.Weight(fontconfigWeight: Fontconfig.double(pattern, "weight") ?? 80)
        width = UIFont.widthTrait(fromFontconfigWidth: Fontconfig.double(pattern, "width") ?? 100)
        isItalic = (Fontconfig.int(pattern, "slant") ?? 0) != 0
        let spacing = Fontconfig.int(pattern, "spacing") ?? 0
        isMonospaced = spacing == 100 || spacing == 90  // FC_MONO, FC_DUAL
        hasColorGlyphs = Fontconfig.bool(pattern, "color") ?? false
    }
}
