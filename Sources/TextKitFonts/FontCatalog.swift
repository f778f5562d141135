import CFontconfig
import Foundation
import TextKitGraphics

/// A snapshot of every face fontconfig lists, indexed by family, PostScript name, full name and
/// location. Built once (one `FcFontList`, ~10 ms for 330 faces) and replaced only when fonts are
/// registered; lookups are dictionary reads.
final class FontCatalog: Sendable {
    let faces: [FontFaceInfo]
    /// Every family name, sorted case-insensitively, without duplicates.
    let familyNames: [String]
    /// A number that changes whenever the catalog is rebuilt; caches keyed on fontconfig results
    /// include it so that registering a font invalidates them.
    let generation: Int
    private let byFamily: [String: [Int]]
    private let byPostScriptName: [String: Int]
    private let byFullName: [String: Int]
    private let byLocation: [FaceLocation: Int]

    private static let state = Locked<(catalog: FontCatalog?, generation: Int)>((nil, 0))

    /// The current catalog, built on first use.
    static var current: FontCatalog {
        if let catalog = state.withLock({ $0.catalog }) { return catalog }
        let generation = state.withLock { $0.generation }
        let built = FontCatalog(generation: generation)
        return state.withLock { state in
            if let existing = state.catalog { return existing }
            // Fonts registered while this one was built make it stale: use it once, keep none.
            if built.generation == state.generation { state.catalog = built }
            return built
        }
    }

    /// The generation the next catalog will have: it changes when fonts are registered. One lock,
    /// no catalog built (for callers that keep answers of fallback and check them per paragraph).
    static var currentGeneration: Int { state.withLock { $0.generation } }

    /// Drops the catalog (after fontconfig's configuration changed); the next use rebuilds it.
    static func invalidate() {
        state.withLock { state in
            state.catalog = nil
            state.generation += 1
        }
    }

    private init(generation: Int) {
        self.generation = generation
        var faces = Fontconfig.withLock { () -> [FontFaceInfo] in
            let pattern = FcPatternCreate()!
            defer { FcPatternDestroy(pattern) }
            let objects = [FC_FAMILY, FC_STYLE, FC_FULLNAME, FC_POSTSCRIPT_NAME, FC_FILE, FC_INDEX, FC_WEIGHT,
                           FC_SLANT, FC_WIDTH, FC_SPACING, FC_COLOR]
            let set = FcObjectSetCreate()!
            defer { FcObjectSetDestroy(set) }
            for object in objects { _ = FcObjectSetAdd(set, object) }
            guard let list = FcFontList(nil, pattern, set) else { return [] }
            defer { FcFontSetDestroy(list) }
            var result: [FontFaceInfo] = []
            let count = Int(list.pointee.nfont)
            for i in 0..<count {
                if let font = list.pointee.fonts[i], let info = FontFaceInfo(pattern: font) { result.append(info) }
            }
            return result
        }
        // A stable order: by family, then by how regular the face is, then by file.
        faces.sort { a, b in
            let fa = a.familyName.lowercased(), fb = b.familyName.lowercased()
            if fa != fb { return fa < fb }
            let ka = (abs(a.width), a.isItalic ? 1 : 0, abs(a.weight.rawValue))
            let kb = (abs(b.width), b.isItalic ? 1 : 0, abs(b.weight.rawValue))
            if ka != kb { return ka < kb }
            return (a.url.path, a.faceIndex) < (b.url.path, b.faceIndex)
        }
        self.faces = faces

        var byFamily: [String: [Int]] = [:]
        var byPostScriptName: [String: Int] = [:]
        var byFullName: [String: Int] = [:]
        var byLocation: [FaceLocation: Int] = [:]
        var displayNames: [String: String] = [:]
        for (i, face) in faces.enumerated() {
            for family in face.familyNames {
                let key = Self.key(family)
                byFamily[key, default: []].append(i)
                if displayNames[key] == nil { displayNames[key] = family }
            }
            if let name = face.postScriptName, byPostScriptName[Self.key(name)] == nil {
                byPostScriptName[Self.key(name)] = i
            }
            if let name = face.fullName, byFullName[Self.key(name)] == nil { byFullName[Self.key(name)] = i }
            if byLocation[face.location] == nil { byLocation[face.location] = i }
        }
        self.byFamily = byFamily
        self.byPostScriptName = byPostScriptName
        self.byFullName = byFullName
        self.byLocation = byLocation
        familyNames = displayNames.values.sorted { $0.lowercased() < $1.lowercased() }
    }

    /// fontconfig compares names ignoring case and blanks ("dejavusans" finds "DejaVu Sans"); so do we.
    static func key(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != " " && $0 != "\t" }.map(Character.init))
    }

    /// The faces of a family (under any of its family names), most regular first.
    func faces(ofFamily family: String) -> [FontFaceInfo] {
        (byFamily[Self.key(family)] ?? []).map { faces[$0] }
    }

    func hasFamily(_ family: String) -> Bool { byFamily[Self.key(family)] != nil }

    /// The face with this PostScript name, else this full name.
    func face(named name: String) -> FontFaceInfo? {
        let key = Self.key(name)
        if let i = byPostScriptName[key] ?? byFullName[key] { return faces[i] }
        return nil
    }

    func face(at location: FaceLocation) -> FontFaceInfo? {
        byLocation[location].map { faces[$0] }
    }
}
