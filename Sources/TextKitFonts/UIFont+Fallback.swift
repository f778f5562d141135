import CFontconfig
import Foundation

extension UIFont {
    /// How a character that can be an emoji should look.
    public enum EmojiPresentation: Sendable, Hashable {
        /// The character's Unicode default: emoji (colour) presentation when its `Emoji_Presentation`
        /// property is Yes (😀, ⌚), text otherwise (❤, #, digits).
        case `default`
        /// Text presentation: the text followed U+FE0E, or the caller wants a monochrome glyph.
        case text
        /// Emoji presentation: the text followed with U+FE0F, or the caller wants colour.
        case emoji
    }

    /// The font to draw `scalar` with: this font when it has a glyph for it (and the character is
    /// not to be shown as a colour emoji), else the first font of the fallback cascade that has one
    /// — the descriptor's `.cascadeList`, then fontconfig's order for this font's family and style.
    /// `nil` when no installed font has the character: draw this font's `.notdef` (glyph 0).
    ///
    /// The result has this font's size, features and matrix; its face may be synthesised bold or
    /// oblique to match this font's style.
    ///
    /// Emoji: for `.emoji`, and by default for characters whose Unicode `Emoji_Presentation` is Yes
    /// (😀), colour fonts come first even when this font has a monochrome glyph (DejaVu Sans has
    /// one for U+1F600), as UTS #51's presentation defaults ask and as Core Text and Pango do.
    ///
    /// A run of one script stays in one fallback face where it can: the face chosen for a script
    /// is tried first for the next character of that script.
    ///
    /// Cost: a cmap lookup when this font has the glyph; otherwise a cached answer (two locked
    /// dictionary reads) after the first query for that character.
    public func fallbackFont(for scalar: Unicode.Scalar, presentation: EmojiPresentation = .default) -> UIFont? {
        let preferColor = prefersColor(scalar, presentation)
        if !preferColor || face.hasColorGlyphs, face.glyph(for: scalar) != nil { return self }
        guard let found = fallbackChain.face(for: scalar, preferColor: preferColor) else { return nil }
        return found === face ? self : font(with: found)
    }

    /// Changes whenever fonts are registered, and with it what ``fallbackFont(for:presentation:)``
    /// answers: callers that keep its answers drop them when this moves.
    package static var fallbackGeneration: Int { FontCatalog.currentGeneration }

    /// Every font that can draw `scalar`, in cascade order (this font first when it can), with no
    /// emoji preference. For inspection and tests: uncached, and it loads every face it lists.
    public func fallbackFonts(for scalar: Unicode.Scalar) -> [UIFont] {
        fallbackChain.allFaces(for: scalar).map { $0 === face ? self : font(with: $0) }
    }

    /// The fonts fallback tries for this font, one descriptor per family in fontconfig's order
    /// (the descriptor's `.cascadeList` first, this font's family left out), the families that
    /// support `languages` (BCP 47 or POSIX tags: "ja", "zh-Hant", "ar"; fontconfig's language
    /// coverage of each face) first, in the order of the languages — what Core Text's
    /// `CTFontCopyDefaultCascadeListForLanguages` answers. Each descriptor names the face of its
    /// family that fontconfig ranks first for this font's style.
    ///
    /// Cost: one `FcFontSort` (milliseconds); not cached.
    public func defaultCascadeList(forLanguages languages: [String]) -> [UIFontDescriptor] {
        var result = fontDescriptor.attributes.cascadeList ?? []
        var seen: Set<String> = [FontCatalog.key(face.familyName)]
        for descriptor in result { if let family = descriptor.attributes.family { seen.insert(FontCatalog.key(family)) } }
        let catalog = FontCatalog.current
        for location in fallbackLocations(languages: languages, covering: nil) {
            guard let info = catalog.face(at: location), seen.insert(FontCatalog.key(info.familyName)).inserted else { continue }
            result.append(info.fontDescriptor)
        }
        return result
    }

    /// The font to draw `scalar` with when the text is in `language` (BCP 47): this font when it
    /// has a glyph for it, else the descriptor's `.cascadeList`, else the first face in
    /// ``defaultCascadeList(forLanguages:)``'s order for `language` that has one — so Han text
    /// marked Japanese gets a Japanese font and marked Simplified Chinese a Chinese one. `nil`
    /// when no installed font has the character. The result has this font's size and extras.
    ///
    /// Cost: one `FcFontSort` when this font lacks the character (milliseconds); not cached.
    public func fallbackFont(for scalar: Unicode.Scalar, language: String) -> UIFont? {
        if face.glyph(for: scalar) != nil { return self }
        for other in fallbackChain.cascade where other.glyph(for: scalar) != nil { return font(with: other) }
        for location in fallbackLocations(languages: [language], covering: scalar) {
            guard let found = try? FontFace.shared(for: location), found.glyph(for: scalar) != nil else { continue }
            return font(with: found)
        }
        return nil
    }

    /// The faces fontconfig sorts for this font's family and style, those supporting `languages`
    /// first (in the order of the languages), only those whose coverage has `scalar` when given.
    private func fallbackLocations(languages: [String], covering scalar: Unicode.Scalar?) -> [FaceLocation] {
        let tags = languages.map(Self.fontconfigLanguage)
        return Fontconfig.withLock { () -> [FaceLocation] in
            let pattern = Fontconfig.makePattern(fallbackQuery)
            defer { FcPatternDestroy(pattern) }
            for tag in tags {
                tag.withCString { _ = FcPatternAddString(pattern, FC_LANG, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
            }
            Fontconfig.substitute(pattern)
            var status = FcResultNoMatch
            guard let set = FcFontSort(nil, pattern, 0, nil, &status) else { return [] }
            defer { FcFontSetDestroy(set) }
            // fontconfig ranks families its configuration prefers above language support; Core
            // Text's list puts the languages first: a stable sort by the first language a face
            // supports (fontconfig's FC_LANG of the face).
            var ranked: [(location: FaceLocation, rank: Int)] = []
            for i in 0..<Int(set.pointee.nfont) {
                guard let font = set.pointee.fonts[i], let location = Fontconfig.location(font) else { continue }
                if let scalar {
                    guard let charSet = Fontconfig.charSet(font), FcCharSetHasChar(charSet, scalar.value) != 0 else { continue }
                }
                var rank = tags.count
                var langSet: OpaquePointer?
                if !tags.isEmpty, FcPatternGetLangSet(font, FC_LANG, 0, &langSet) == FcResultMatch, let langSet {
                    rank = tags.firstIndex { tag in
                        tag.withCString {
                            FcLangSetHasLang(langSet, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) != FcLangDifferentLang
                        }
                    } ?? tags.count
                }
                ranked.append((location, rank))
            }
            return ranked.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(\.element.location)
        }
    }

    /// A BCP 47 or POSIX language tag as fontconfig writes them: lower case, '-' between parts
    /// ("pt_BR" → "pt-br"), Chinese scripts as fontconfig's regions ("zh-Hans" → "zh-cn",
    /// "zh-Hant" → "zh-tw", "zh-Hant-HK" → "zh-hk"), other script subtags dropped ("sr-Latn" → "sr").
    static func fontconfigLanguage(_ tag: String) -> String {
        let parts = tag.replacingOccurrences(of: "_", with: "-").lowercased().split(separator: "-").map(String.init)
        guard let language = parts.first else { return "" }
        let script = parts.dropFirst().first { $0.count == 4 && $0.allSatisfy(\.isLetter) }
        let region = parts.dropFirst().first { $0.count == 2 && $0.allSatisfy(\.isLetter) }
        if language == "zh", let script {
            switch (script, region) {
            case ("hant", "hk"?): return "zh-hk"
            case ("hant", "mo"?): return "zh-mo"
            case ("hant", _): return "zh-tw"
            case ("hans", "sg"?): return "zh-sg"
            case ("hans", _): return "zh-cn"
            default: break
            }
        }
        return region.map { "\(language)-\($0)" } ?? language
    }

    private func prefersColor(_ scalar: Unicode.Scalar, _ presentation: EmojiPresentation) -> Bool {
        switch presentation {
        case .emoji: return true
        case .text: return false
        case .default: return scalar.properties.isEmojiPresentation
        }
    }

    /// What this font asks of a face, for sorting fallbacks and deciding synthesis.
    var fallbackQuery: FontQuery {
        let symbolic = fontDescriptor.symbolicTraits
        var query = FontQuery(family: face.familyName)
        query.weight = syntheticTraits.contains(.bold) ? max(face.weight, .bold) : face.weight
        query.italic = symbolic.contains(.traitItalic)
        query.width = face.width
        return query
    }

    /// The chain fallback searches: made once per font and font catalog (building its key
    /// alone, from the faces' paths, cost microseconds, and W2-like text asks for it for every
    /// character its font lacks).
    var fallbackChain: FallbackChain {
        let generation = FontCatalog.current.generation
        if let chain = fallbackMemo.withLock({ $0.generation == generation ? $0.chain : nil }) { return chain }
        let cascade = (fontDescriptor.attributes.cascadeList ?? []).map { FontResolver.resolve($0.attributes).face }
        let chain = FallbackChains.chain(primary: face, query: fallbackQuery, cascade: cascade)
        fallbackMemo.withLock { memo in
            if memo.generation != generation { memo.fonts = [:] }
            memo.chain = chain
            memo.generation = generation
        }
        return chain
    }

    /// This font's size and extras on another face, synthesised to this font's style; one font
    /// object per face, made once.
    private func font(with other: FontFace) -> UIFont {
        let id = ObjectIdentifier(other)
        if let known = fallbackMemo.withLock({ $0.fonts[id] }) { return known }
        var requested = fontDescriptor.attributes
        requested.cascadeList = nil
        let made = UIFont(face: other, pointSize: pointSize,
                          synthetic: FontResolver.synthesis(asked: fallbackQuery, face: other), requested: requested)
        return fallbackMemo.withLock { memo in
            if let winner = memo.fonts[id] { return winner }
            memo.fonts[id] = made
            return made
        }
    }
}

/// What fallback found for one font: its chain (for the font catalog generation it was built
/// in) and the font made for each fallback face. Faces live as long as the process, so their
/// identities are stable keys. Fonts are shared between threads: a font keeps this in a
/// ``Locked`` (a pthread mutex, whose ordering ThreadSanitizer sees).
struct FallbackMemo {
    var chain: FallbackChain?
    var generation = -1
    var fonts: [ObjectIdentifier: UIFont] = [:]
}
