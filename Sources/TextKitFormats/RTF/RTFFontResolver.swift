/// Maps RTF font table entries plus `\b`, `\i` and `\fs` to installed fonts, with a cache (a
/// document switches between a few combinations millions of times).
///
/// An entry's name is tried as a PostScript, full or family name (`UIFont(name:size:)`). When it is
/// not installed, the entry's family class picks a generic family for fontconfig to resolve:
/// `\froman` serif, `\fswiss` sans-serif, `\fmodern` monospace; `\fnil` and the others let
/// fontconfig substitute for the name itself. A document without a font table uses the system
/// font. Bold and italic select the family's bold/italic faces, synthesised when missing.
struct RTFFontResolver {
    private struct Key: Hashable {
        var name: String
        var family: Int8
        var size: CGFloat
        var bold: Bool
        var italic: Bool
    }
    private var cache: [Key: UIFont] = [:]

    mutating func font(entry: RTFFontEntry?, size: CGFloat, bold: Bool, italic: Bool) -> UIFont {
        let key = Key(name: entry?.name ?? "", family: entry?.family ?? -1, size: size, bold: bold, italic: italic)
        if let known = cache[key] { return known }
        let font = Self.resolve(name: key.name, familyClass: key.family, size: size, bold: bold, italic: italic)
        cache[key] = font
        return font
    }

    static func resolve(name: String, familyClass: Int8, size: CGFloat, bold: Bool, italic: Bool) -> UIFont {
        var wanted: UIFontDescriptor.SymbolicTraits = []
        if bold { wanted.insert(.traitBold) }
        if italic { wanted.insert(.traitItalic) }
        let family: String
        if !name.isEmpty, let named = UIFont(name: name, size: size) {
            let own = named.face.symbolicTraits.intersection([.traitBold, .traitItalic])
            if own.isSuperset(of: wanted) { return named }
            family = named.familyName
            wanted.formUnion(own)
        } else if name.isEmpty && familyClass < 0 {
            family = UIFont.systemFontFamilyName
        } else {
            switch familyClass {
            case 1: family = "serif"
            case 2: family = "sans-serif"
            case 3: family = "monospace"
            default: family = name.isEmpty ? UIFont.systemFontFamilyName : name
            }
        }
        var attributes: [UIFontDescriptor.AttributeName: Any] = [.family: family]
        if !wanted.isEmpty { attributes[.traits] = [UIFontDescriptor.TraitKey.symbolic: wanted.rawValue] }
        return UIFont(descriptor: UIFontDescriptor(fontAttributes: attributes), size: size)
    }
}
