import CFontconfig
import Foundation
import TextKitGraphics

/// Turns descriptor attributes into a face (plus any synthesis), through the catalog and fontconfig.
///
/// The rules, in order:
/// 1. `.name` that is a PostScript or full name picks that face, unless the descriptor also asks
///    for face-selecting traits or a `.face` (then its family is used with them, as rule 2).
/// 2. The family (`.family`, else a `.name` that is a family name, else the system family) with a
///    `.face` style name picks that face when the family has it;
/// 3. otherwise fontconfig chooses: `FcFontMatch` with family, weight, slant, width and spacing,
///    after `FcConfigSubstitute`/`FcDefaultSubstitute`. A family that is not installed gives
///    fontconfig's substitute.
/// 4. Synthesis: when bold (weight ≥ semibold) was asked and the face is lighter than semibold,
///    the font is marked synthetic bold; when italic was asked and the face is upright, synthetic
///    oblique. Bitmap-only faces are never synthesised.
///
/// Results are cached per face-selecting attributes, system family and catalog generation, so
/// resolving the same descriptor again is one locked dictionary read.
enum FontResolver {
    struct Resolution: Sendable {
        let face: FontFace
        let synthetic: UIFont.SyntheticTraits
    }

    private struct CacheKey: Hashable {
        var selection: FontAttributes.SelectionKey
        var systemFamily: String
        var generation: Int
    }

    private static let cache = Locked<[CacheKey: Resolution]>([:])
    /// The most resolutions kept. Every family name, weight and width a document asks for is a
    /// key (a hostile document can ask for a million names); past the limit, or when fonts were
    /// registered since, the table starts again.
    static let cacheLimit = 4096
    /// How many resolutions the cache holds (for tests).
    static var cachedCount: Int { cache.withLock { $0.count } }

    static func resolve(_ attributes: FontAttributes) -> Resolution {
        let catalog = FontCatalog.current
        let key = CacheKey(selection: attributes.selectionKey, systemFamily: UIFont.systemFontFamilyName,
                           generation: catalog.generation)
        if let hit = cache.withLock({ $0[key] }) { return hit }
        let query = self.query(for: attributes)
        let face = findFace(attributes, query: query, catalog: catalog)
        let resolution = Resolution(face: face, synthetic: synthesis(asked: query, face: face))
        cache.withLock { cache in
            if cache.count >= cacheLimit || cache.keys.first.map({ $0.generation != key.generation }) == true { cache.removeAll() }
            cache[key] = resolution
        }
        return resolution
    }

    /// What fontconfig should look for.
    static func query(for attributes: FontAttributes) -> FontQuery {
        let symbolic = attributes.traits?.symbolic ?? []
        var query = FontQuery(family: familyName(of: attributes))
        var weight = attributes.traits?.weight ?? (symbolic.contains(.traitBold) ? .bold : .regular)
        if symbolic.contains(.traitBold), weight < .semibold { weight = .bold }
        query.weight = weight
        query.italic = symbolic.contains(.traitItalic) || (attributes.traits?.slant ?? 0) > 0
        query.width = attributes.traits?.width
            ?? (symbolic.contains(.traitCondensed) ? -0.25 : symbolic.contains(.traitExpanded) ? 0.25 : 0)
        query.monospace = symbolic.contains(.traitMonoSpace)
        return query
    }

    /// The family a descriptor means: `.family`, else the family of the face `.name` names (or
    /// `.name` itself when it is a family name), else the system family.
    static func familyName(of attributes: FontAttributes) -> String {
        if let family = attributes.family { return family }
        if let name = attributes.name {
            let catalog = FontCatalog.current
            if let info = catalog.face(named: name) { return info.familyName }
            if catalog.hasFamily(name) { return name }
        }
        return UIFont.systemFontFamilyName
    }

    /// Whether the descriptor asks for a particular style beyond its name.
    private static func asksForStyle(_ attributes: FontAttributes) -> Bool {
        if attributes.face != nil { return true }
        guard let traits = attributes.traits else { return false }
        return traits.weight != nil || traits.width != nil || (traits.slant ?? 0) > 0
            || !(traits.symbolic ?? []).intersection(.matchingMask).isEmpty
    }

    private static func findFace(_ attributes: FontAttributes, query: FontQuery, catalog: FontCatalog) -> FontFace {
        if let name = attributes.name, !asksForStyle(attributes), let info = catalog.face(named: name),
           let face = try? FontFace.shared(for: info) {
            return face
        }
        if let style = attributes.face, let family = query.family,
           let info = catalog.faces(ofFamily: family).first(where: { FontCatalog.key($0.styleName) == FontCatalog.key(style) }),
           let face = try? FontFace.shared(for: info) {
            return face
        }
        if let location = match(query), let face = try? FontFace.shared(for: location) { return face }
        // The match could not be loaded (a broken file): try the system family, then anything.
        if let location = match(FontQuery(family: UIFont.systemFontFamilyName)),
           let face = try? FontFace.shared(for: location) {
            return face
        }
        for info in catalog.faces {
            if let face = try? FontFace.shared(for: info) { return face }
        }
        // No usable font at all is an installation problem, not data: UIFont(descriptor:size:)
        // cannot return nil, so stop with a message that says what to install.
        fatalError("OpenTextKit found no loadable font through fontconfig; install fonts-dejavu-core or fonts-noto-core")
    }

    /// fontconfig's best face for a query (`FcFontMatch`).
    static func match(_ query: FontQuery) -> FaceLocation? {
        Fontconfig.withLock {
            let pattern = Fontconfig.makePattern(query)
            defer { FcPatternDestroy(pattern) }
            Fontconfig.substitute(pattern)
            var result = FcResultNoMatch
            guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
            defer { FcPatternDestroy(match) }
            return Fontconfig.location(match)
        }
    }

    /// fontconfig's order of every installed face for a query (`FcFontSort`, untrimmed): rank by location.
    static func sortOrder(_ query: FontQuery) -> [FaceLocation: Int] {
        Fontconfig.withLock {
            let pattern = Fontconfig.makePattern(query)
            defer { FcPatternDestroy(pattern) }
            Fontconfig.substitute(pattern)
            var result = FcResultNoMatch
            guard let set = FcFontSort(nil, pattern, 0, nil, &result) else { return [:] }
            defer { FcFontSetDestroy(set) }
            var order: [FaceLocation: Int] = [:]
            for i in 0..<Int(set.pointee.nfont) {
                if let font = set.pointee.fonts[i], let location = Fontconfig.location(font), order[location] == nil {
                    order[location] = i
                }
            }
            return order
        }
    }

    /// The synthesis needed to show `face` as `asked`.
    static func synthesis(asked query: FontQuery, face: FontFace) -> UIFont.SyntheticTraits {
        guard face.isScalable else { return [] }
        var synthetic: UIFont.SyntheticTraits = []
        if query.weight >= .semibold, face.weight < .semibold { synthetic.insert(.bold) }
        if query.italic, !face.isItalic { synthetic.insert(.oblique) }
        return synthetic
    }
}

extension UIFontDescriptor {
    /// The installed faces that match this descriptor, best first (fontconfig's `FcFontSort` order
    /// for the descriptor's family, weight, slant and width).
    ///
    /// A face is listed when it equals the descriptor on every key in `mandatoryKeys`:
    /// `.family` (any of the face's family names), `.name` (PostScript or full name), `.face`
    /// (style name) and `.traits` (the face has the bold/italic/condensed/expanded/monospace
    /// traits asked for, and the `.weight` trait rounds to the same OpenType weight class).
    /// With `nil`, every one of those keys the descriptor sets is mandatory. Other attributes
    /// (size, features, matrix…) are copied to the results.
    ///
    /// Cost: one `FcFontSort` (milliseconds) plus a scan of the catalog; not for hot paths.
    public func matchingFontDescriptors(withMandatoryKeys mandatoryKeys: Set<AttributeName>?) -> [UIFontDescriptor] {
        let a = attributes
        let present: Set<AttributeName> = Set([
            a.family != nil ? AttributeName.family : nil, a.name != nil ? .name : nil,
            a.face != nil ? .face : nil, a.traits != nil ? .traits : nil,
        ].compactMap { $0 })
        let mandatory = mandatoryKeys.map { $0.intersection(present) } ?? present
        let catalog = FontCatalog.current
        var candidates = catalog.faces.filter { info in
            if mandatory.contains(.family), let family = a.family,
               !info.familyNames.contains(where: { FontCatalog.key($0) == FontCatalog.key(family) }) { return false }
            if mandatory.contains(.name), let name = a.name,
               ![info.postScriptName, info.fullName].contains(where: { $0.map(FontCatalog.key) == FontCatalog.key(name) }) {
                return false
            }
            if mandatory.contains(.face), let face = a.face, FontCatalog.key(info.styleName) != FontCatalog.key(face) {
                return false
            }
            if mandatory.contains(.traits), let traits = a.traits {
                let wanted = (traits.symbolic ?? []).intersection(.matchingMask)
                if !info.symbolicTraits.isSuperset(of: wanted) { return false }
                if let weight = traits.weight,
                   (weight.openTypeWeight / 100).rounded() != (info.weight.openTypeWeight / 100).rounded() { return false }
            }
            return true
        }
        let order = FontResolver.sortOrder(FontResolver.query(for: a))
        candidates.sort { (order[$0.location] ?? Int.max) < (order[$1.location] ?? Int.max) }
        return candidates.map { info in
            var result = info.fontDescriptor.attributes
            result.size = a.size
            result.featureSettings = a.featureSettings
            result.matrix = a.matrix
            result.fixedAdvance = a.fixedAdvance
            result.cascadeList = a.cascadeList
            result.textStyle = a.textStyle
            return UIFontDescriptor(attributes: result)
        }
    }
}
