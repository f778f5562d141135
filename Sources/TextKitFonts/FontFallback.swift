import CFontconfig
import CHarfBuzz
import Foundation
import TextKitGraphics

/// The fonts to try, in order, for characters a font cannot show: the primary face, the
/// descriptor's `.cascadeList`, then every installed face in fontconfig's order for the primary's
/// family and style (`FcFontSort`, untrimmed), each with its coverage (`FC_CHARSET`).
///
/// Answers are cached per scalar, and the face chosen for a script (HarfBuzz's script of the
/// character) is tried first for the next character of that script, so a run of Han text stays in
/// one CJK face even where several cover it. A repeated query is one locked dictionary read; a
/// new character costs at most one `FcCharSetHasChar` per installed face (≈ 330 here) plus loading
/// the face found the first time. A character no installed face covers (checked against the union
/// of their coverage) costs one lookup and is not cached. The cache holds at most
/// ``scalarCacheLimit`` answers and starts again when full: a text of every Unicode scalar once
/// kept a million answers (50 MB) that nothing asked again.
///
/// **Emoji presentation.** When the caller asks for emoji presentation — explicitly (the text has
/// U+FE0F after the character) or by default for characters whose Unicode property
/// `Emoji_Presentation` is Yes (😀 U+1F600, ⌚ U+231A) — colour fonts in the order are tried first,
/// even when an earlier text font has a monochrome glyph (DejaVu Sans has one for U+1F600). That is
/// what Unicode's presentation defaults (UTS #51) ask, and what Core Text and Pango do. Characters
/// that default to text presentation (❤ U+2764, digits) take the normal order.
final class FallbackChain: @unchecked Sendable {
    // @unchecked: `sortedSet` and the charsets it owns are only read after init and destroyed in
    // deinit; mutable state is in `state`.

    private struct Candidate {
        let location: FaceLocation
        let charSet: OpaquePointer
        let isColor: Bool
    }

    private struct State {
        /// Scalar (bit 32 set when colour was preferred) → the face found, or nil for none.
        var byScalar: [UInt64: FontFace?] = [:]
        /// (HarfBuzz script, colour preferred) → the face last chosen for that script.
        var byScript: [UInt64: FontFace] = [:]
    }

    let primary: FontFace
    let cascade: [FontFace]
    private let candidates: [Candidate]
    /// Every installed face's coverage merged (``sharedCoverage(of:generation:)``; one reference
    /// ours; nil when fontconfig sorted nothing).
    let coverage: OpaquePointer?
    private let sortedSet: UnsafeMutablePointer<FcFontSet>?
    private let state = Locked(State())

    /// The most per-scalar answers kept (some 50 bytes each); the cache is emptied when it is full.
    static let scalarCacheLimit = 1 << 16

    /// The union of every installed face's coverage, made once per font catalog: an untrimmed
    /// `FcFontSort` lists every installed face whatever the query, so every chain's candidates
    /// cover the same characters (a union is some 100 KB; one per chain would be one per primary
    /// face and style a process met). Held as (catalog generation, charset), one reference
    /// ours; each chain takes its own (`FcCharSetCopy`). Called under the fontconfig lock.
    nonisolated(unsafe) private static var coverageOfAll: (generation: Int, charSet: OpaquePointer)?

    private static func sharedCoverage(of charSets: [OpaquePointer], generation: Int) -> OpaquePointer {
        if let known = coverageOfAll, known.generation == generation { return FcCharSetCopy(known.charSet) }
        let union = FcCharSetNew()!
        for charSet in charSets { FcCharSetMerge(union, charSet, nil) }
        if let old = coverageOfAll { FcCharSetDestroy(old.charSet) }
        coverageOfAll = (generation, union)
        return FcCharSetCopy(union)
    }

    init(primary: FontFace, query: FontQuery, cascade: [FontFace]) {
        self.primary = primary
        self.cascade = cascade
        let generation = FontCatalog.currentGeneration
        let (set, candidates, coverage) = Fontconfig.withLock { () -> (UnsafeMutablePointer<FcFontSet>?, [Candidate], OpaquePointer?) in
            let pattern = Fontconfig.makePattern(query)
            defer { FcPatternDestroy(pattern) }
            Fontconfig.substitute(pattern)
            var result = FcResultNoMatch
            guard let set = FcFontSort(nil, pattern, 0, nil, &result) else { return (nil, [], nil) }
            var candidates: [Candidate] = []
            for i in 0..<Int(set.pointee.nfont) {
                guard let font = set.pointee.fonts[i], let location = Fontconfig.location(font),
                      let charSet = Fontconfig.charSet(font) else { continue }
                candidates.append(Candidate(location: location, charSet: charSet,
                                            isColor: Fontconfig.bool(font, FC_COLOR) ?? false))
            }
            return (set, candidates, Self.sharedCoverage(of: candidates.map(\.charSet), generation: generation))
        }
        sortedSet = set
        self.candidates = candidates
        self.coverage = coverage
    }

    deinit {
        Fontconfig.withLock {
            if let coverage { FcCharSetDestroy(coverage) }
            if let sortedSet { FcFontSetDestroy(sortedSet) }
        }
    }

    /// The first face in the chain that has a glyph for `scalar`, colour fonts first when
    /// `preferColor`; `nil` when no installed font has one.
    func face(for scalar: Unicode.Scalar, preferColor: Bool) -> FontFace? {
        let scalarKey = UInt64(scalar.value) | (preferColor ? 1 << 32 : 0)
        if let hit = state.withLock({ $0.byScalar[scalarKey] }) { return hit }

        let script = hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value).rawValue
        let scriptIsSpecific = ![HB_SCRIPT_COMMON, HB_SCRIPT_INHERITED, HB_SCRIPT_UNKNOWN]
            .contains(where: { $0.rawValue == script })
        let scriptKey = UInt64(script) | (preferColor ? 1 << 32 : 0)
        var found: FontFace?
        if scriptIsSpecific, let previous = state.withLock({ $0.byScript[scriptKey] }),
           previous.glyph(for: scalar) != nil, !preferColor || previous.hasColorGlyphs {
            found = previous
        } else if !isCovered(scalar) {
            // No installed face has it: the primary and the cascade are all there is to ask, and
            // asking them is cheaper than a cache entry per unassigned or private-use scalar.
            return search(scalar, preferColor: preferColor, candidatesToo: false)
        } else {
            found = search(scalar, preferColor: preferColor, candidatesToo: true)
        }
        state.withLock { state in
            if state.byScalar.count >= Self.scalarCacheLimit { state.byScalar.removeAll(keepingCapacity: true) }
            state.byScalar[scalarKey] = .some(found)
            if scriptIsSpecific, let found { state.byScript[scriptKey] = found }
        }
        return found
    }

    /// How many per-scalar answers the cache holds (for tests).
    package var cachedScalarCount: Int { state.withLock { $0.byScalar.count } }

    /// Whether some installed candidate face covers `scalar` (by fontconfig's charsets, which are
    /// immutable once made: read without the fontconfig lock, as ``search`` does).
    private func isCovered(_ scalar: Unicode.Scalar) -> Bool {
        guard let coverage else { return false }
        return FcCharSetHasChar(coverage, scalar.value) != 0
    }

    /// Every face in the chain that has a glyph for `scalar`, in chain order (no colour
    /// preference, no caching; loads every face found).
    func allFaces(for scalar: Unicode.Scalar) -> [FontFace] {
        var result: [FontFace] = []
        for face in [primary] + cascade where face.glyph(for: scalar) != nil && !result.contains(face) {
            result.append(face)
        }
        for candidate in candidates where FcCharSetHasChar(candidate.charSet, scalar.value) != 0 {
            if let face = try? FontFace.shared(for: candidate.location), !result.contains(face),
               face.glyph(for: scalar) != nil {
                result.append(face)
            }
        }
        return result
    }

    /// The first face with a glyph for `scalar`: the primary and the cascade, then (when
    /// `candidatesToo`) fontconfig's candidates.
    private func search(_ scalar: Unicode.Scalar, preferColor: Bool, candidatesToo: Bool) -> FontFace? {
        let passes = preferColor ? [true, false] : [false]
        for colorOnly in passes {
            for face in [primary] + cascade where (!colorOnly || face.hasColorGlyphs) && face.glyph(for: scalar) != nil {
                return face
            }
            guard candidatesToo else { continue }
            for candidate in candidates where !colorOnly || candidate.isColor {
                // FcCharSetHasChar reads an immutable charset: safe without the fontconfig lock.
                guard FcCharSetHasChar(candidate.charSet, scalar.value) != 0,
                      let face = try? FontFace.shared(for: candidate.location),  // a broken file is skipped
                      face.glyph(for: scalar) != nil else { continue }
                return face
            }
        }
        return nil
    }
}

/// The process-wide chains, one per (primary face, style asked, cascade list, catalog generation).
enum FallbackChains {
    struct Key: Hashable {
        let primary: FaceLocation
        let query: FontQuery
        let cascade: [FaceLocation]
        let generation: Int
    }

    private static let chains = Locked<[Key: FallbackChain]>([:])
    /// The most chains kept: one per primary face, style and cascade list a process met, each
    /// holding fontconfig's sorted list of every installed face. Past it the table starts again
    /// (a font keeps the chain it found; only the sharing between fonts is lost).
    static let limit = 256
    /// How many chains the table holds (for tests).
    static var count: Int { chains.withLock { $0.count } }

    static func chain(primary: FontFace, query: FontQuery, cascade: [FontFace]) -> FallbackChain {
        let key = Key(primary: primary.location, query: query, cascade: cascade.map(\.location),
                      generation: FontCatalog.current.generation)
        if let chain = chains.withLock({ $0[key] }) { return chain }
        let built = FallbackChain(primary: primary, query: query, cascade: cascade)  // FcFontSort: milliseconds
        return chains.withLock { chains in
            if let winner = chains[key] { return winner }
            if chains.count >= limit { chains.removeAll() }
            chains[key] = built
            return built
        }
    }

    /// Drops every chain (after fonts were registered).
    static func invalidate() {
        chains.withLock { $0.removeAll() }
    }
}
