import Foundation
import TextKitGraphics

/// A description of a font by its attributes (family, name, face, size, traits, features…), as
/// UIKit's `UIFontDescriptor`. Immutable and cheap; the `with…`/`adding…` methods return new
/// descriptors. ``UIFont/init(descriptor:size:)`` turns one into a font.
///
/// Matching is fontconfig's (`FcFontMatch`, `FcFontSort`, `FcFontList`) over the installed fonts:
/// a family that is not installed gives fontconfig's substitute (for `UIFont(descriptor:size:)`,
/// which never fails), while ``withSymbolicTraits(_:)`` returns `nil` when no face of the family
/// has the traits.
///
/// Equality compares the attributes (typed, so values compare by value: a `.size` of `Int` 12
/// equals one of `CGFloat` 12).
public final class UIFontDescriptor: Hashable, Sendable, CustomStringConvertible {
    let attributes: FontAttributes

    init(attributes: FontAttributes) {
        self.attributes = attributes
    }

    /// A descriptor from UIKit's attribute dictionary. Values of the wrong type are ignored.
    public convenience init(fontAttributes: [AttributeName: Any] = [:]) {
        self.init(attributes: FontAttributes(fontAttributes))
    }

    /// A descriptor for a PostScript name, full name or family name and a size (0: unspecified).
    public convenience init(name fontName: String, size: CGFloat) {
        var attributes = FontAttributes()
        attributes.name = fontName
        if size > 0, size.isFinite { attributes.size = size }
        self.init(attributes: attributes)
    }

    /// A descriptor for a name and a transform applied to the glyphs (`.matrix`).
    public convenience init(name fontName: String, matrix: CGAffineTransform) {
        var attributes = FontAttributes()
        attributes.name = fontName
        attributes.matrix = matrix
        self.init(attributes: attributes)
    }

    /// The attributes as UIKit's dictionary (see ``AttributeName`` for the value types).
    public var fontAttributes: [AttributeName: Any] { attributes.dictionary }

    /// The `.size` attribute, or 0 when the descriptor has none.
    public var pointSize: CGFloat { attributes.size ?? 0 }

    /// The `.name` attribute (UIKit returns the PostScript name here for descriptors of fonts).
    public var postscriptName: String { attributes.name ?? "" }

    /// The `.matrix` attribute, identity when absent.
    public var matrix: CGAffineTransform { attributes.matrix ?? .identity }

    /// The `.traits` dictionary's symbolic traits (empty when absent).
    public var symbolicTraits: SymbolicTraits { attributes.traits?.symbolic ?? [] }

    /// The OpenType features of `.featureSettings`, in order (empty when absent).
    public var featureSettings: [FontFeature] { attributes.featureSettings ?? [] }

    /// The value of one attribute, as in ``fontAttributes``.
    public func object(forKey anAttribute: AttributeName) -> Any? { fontAttributes[anAttribute] }

    // MARK: - Derived descriptors

    /// These attributes overridden by `attributes` (a key replaces the whole value, traits included).
    public func addingAttributes(_ attributes: [AttributeName: Any]) -> UIFontDescriptor {
        UIFontDescriptor(attributes: self.attributes.merging(FontAttributes(attributes)))
    }

    /// The same descriptor with another size.
    public func withSize(_ newPointSize: CGFloat) -> UIFontDescriptor {
        var a = attributes
        a.size = newPointSize > 0 && newPointSize.isFinite ? newPointSize : nil
        return UIFontDescriptor(attributes: a)
    }

    /// The same descriptor with a glyph transform.
    public func withMatrix(_ matrix: CGAffineTransform) -> UIFontDescriptor {
        var a = attributes
        a.matrix = matrix
        return UIFontDescriptor(attributes: a)
    }

    /// A descriptor for another family: drops `.name` and `.face` so the family decides, as UIKit does.
    public func withFamily(_ newFamily: String) -> UIFontDescriptor {
        var a = attributes
        a.family = newFamily
        a.name = nil
        a.face = nil
        return UIFontDescriptor(attributes: a)
    }

    /// A descriptor for another face (style name, "Bold Italic") of the same family; drops `.name`.
    public func withFace(_ newFace: String) -> UIFontDescriptor {
        var a = attributes
        if a.family == nil { a.family = FontResolver.familyName(of: attributes) }
        a.face = newFace
        a.name = nil
        return UIFontDescriptor(attributes: a)
    }

    /// A descriptor of the same family with exactly these symbolic traits (UIKit replaces the
    /// traits, it does not add to them), or `nil` when no installed face of the family has the
    /// face-selecting ones (bold, italic, condensed, expanded, monospace). Other traits are kept
    /// as given. The family is the `.family` attribute, else the named font's, else the system family.
    ///
    /// Cost: a family lookup in the catalog (dictionary read) and a scan of its faces.
    public func withSymbolicTraits(_ symbolicTraits: SymbolicTraits) -> UIFontDescriptor? {
        let family = FontResolver.familyName(of: attributes)
        let wanted = symbolicTraits.intersection(.matchingMask)
        let faces = FontCatalog.current.faces(ofFamily: family)
        guard !faces.isEmpty, faces.contains(where: { $0.symbolicTraits.isSuperset(of: wanted) }) else { return nil }
        var a = attributes
        a.family = family
        a.name = nil
        a.face = nil
        var traits = a.traits ?? FontAttributes.Traits()
        traits.symbolic = symbolicTraits
        // The new symbolic traits decide slant and width; an explicit weight stays only when it
        // agrees with the new bold choice (a `.heavy` descriptor stays heavy when bold is kept).
        if symbolicTraits.contains(.traitBold) != (traits.weight.map { $0 >= .semibold } ?? false) { traits.weight = nil }
        traits.slant = nil
        traits.width = nil
        a.traits = traits
        return UIFontDescriptor(attributes: a)
    }

    // MARK: - Hashable

    /// Descriptors are equal when their attributes are.
    public static func == (lhs: UIFontDescriptor, rhs: UIFontDescriptor) -> Bool {
        lhs === rhs || lhs.attributes == rhs.attributes
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(attributes) }

    public var description: String {
        var parts: [String] = []
        if let v = attributes.name { parts.append("name: \(v)") }
        if let v = attributes.family { parts.append("family: \(v)") }
        if let v = attributes.face { parts.append("face: \(v)") }
        if let v = attributes.size { parts.append("size: \(v)") }
        if let v = attributes.traits?.symbolic, !v.isEmpty { parts.append("traits: 0x\(String(v.rawValue, radix: 16))") }
        if let v = attributes.traits?.weight { parts.append("weight: \(v)") }
        if let v = attributes.featureSettings, !v.isEmpty { parts.append("features: \(v)") }
        if let v = attributes.textStyle { parts.append("textStyle: \(v.rawValue)") }
        return "UIFontDescriptor(\(parts.joined(separator: ", ")))"
    }
}
