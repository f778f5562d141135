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
            // A PostScript name's style suffix ("Helvetica-BoldOblique") carries traits of its own.
            let (base, suffixTraits) = Self.splitPostScriptStyle(name)
            wanted.formUnion(suffixTraits)
            if !base.isEmpty, base != name, let named = UIFont(name: base, size: size) {
                family = named.familyName
            } else {
                switch familyClass > 0 ? familyClass : Self.guessedFamilyClass(base) {
                case 1: family = "serif"
                case 2: family = "sans-serif"
                case 3: family = "monospace"
                default: family = name.isEmpty ? UIFont.systemFontFamilyName : base
                }
            }
        }
        var attributes: [UIFontDescriptor.AttributeName: Any] = [.family: family]
        if !wanted.isEmpty { attributes[.traits] = [UIFontDescriptor.TraitKey.symbolic: wanted.rawValue] }
        return UIFont(descriptor: UIFontDescriptor(fontAttributes: attributes), size: size)
    }

    /// "Helvetica-BoldOblique" → ("Helvetica", bold + italic); names without a known suffix are kept.
    static func splitPostScriptStyle(_ name: String) -> (String, UIFontDescriptor.SymbolicTraits) {
        guard let dash = name.lastIndex(of: "-") else { return (name, []) }
        let style = name[name.index(after: dash)...].lowercased()
        var traits: UIFontDescriptor.SymbolicTraits = []
        if style.contains("bold") || style.contains("black") || style.contains("heavy") { traits.insert(.traitBold) }
        if style.contains("italic") || style.contains("oblique") { traits.insert(.traitItalic) }
        guard !traits.isEmpty || ["regular", "roman", "book", "medium", "plain"].contains(style) else { return (name, []) }
        return (String(name[..<dash]), traits)
    }

    /// The family class a well-known font name suggests when the document's `\fnil` says nothing:
    /// 1 serif, 2 sans-serif, 3 monospace, 0 unknown (fontconfig substitutes for the name).
    static func guessedFamilyClass(_ name: String) -> Int8 {
        let n = name.lowercased()
        let mono = ["mono", "menlo", "monaco", "courier", "consolas", "console", "code", "typewriter", "fixed"]
        if mono.contains(where: n.contains) { return 3 }
        let serif = ["times", "georgia", "palatino", "garamond", "cambria", "baskerville", "didot", "hoefler", "book antiqua", "century"]
        if serif.contains(where: n.contains) || (n.contains("serif") && !n.contains("sans")) { return 1 }
        return 0
    }
}
