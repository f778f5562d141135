import CFontconfig
import Foundation
import TextKitGraphics

/// The installed fonts, as fontconfig lists them (Core Text's `CTFontCollection` of available
/// fonts): families, the faces of each family with their file and index, and name lookup.
///
/// A collection is a snapshot; ``installed`` gives the current one. Registering a font
/// (``registerFont(at:)``) makes a new snapshot and clears the resolution and fallback caches.
public struct FontCollection: Sendable {
    private let catalog: FontCatalog

    /// Every face fontconfig lists, grouped by family (families sorted case-insensitively, the most
    /// regular face of each first).
    public static var installed: FontCollection { FontCollection(catalog: .current) }

    /// The faces, grouped by primary family.
    public var faces: [FontFaceInfo] { catalog.faces }

    /// Every family name (a face listed under two names, such as DejaVu Sans Condensed under
    /// "DejaVu Sans" and "DejaVu Sans Condensed", makes both families), sorted case-insensitively.
    public var familyNames: [String] { catalog.familyNames }

    /// The faces (styles) of a family, most regular first; `[]` for a family that is not installed.
    /// Names compare ignoring case and spaces.
    public func faces(ofFamily family: String) -> [FontFaceInfo] { catalog.faces(ofFamily: family) }

    /// The face with a PostScript name ("DejaVuSans-Bold") or full name ("DejaVu Sans Bold").
    public func face(named name: String) -> FontFaceInfo? { catalog.face(named: name) }

    /// The faces that match a descriptor (see ``UIFontDescriptor/matchingFontDescriptors(withMandatoryKeys:)``).
    public func faces(matching descriptor: UIFontDescriptor) -> [FontFaceInfo] {
        descriptor.matchingFontDescriptors(withMandatoryKeys: nil).compactMap { match in
            match.attributes.name.flatMap(catalog.face(named:))
        }
    }

    /// Makes the fonts in a file available to the process (as Core Text's
    /// `CTFontManagerRegisterFontsForURL` with process scope): fontconfig's application fonts
    /// (`FcConfigAppFontAddFile`), so they appear in ``installed``, resolve by name and family, and
    /// take part in fallback. Every face of a collection file is added.
    ///
    /// - Throws: ``FontLoadingError`` when the file cannot be loaded as a font or fontconfig refuses it.
    public static func registerFont(at url: URL) throws(FontLoadingError) {
        // Load it first: a missing or broken file gives FreeType's and HarfBuzz's precise error.
        _ = try FontFace.shared(url: url)
        let added = Fontconfig.withLock {
            url.path.withCString { path in
                FcConfigAppFontAddFile(nil, UnsafeRawPointer(path).assumingMemoryBound(to: FcChar8.self))
            }
        }
        guard added != 0 else {
            throw FontLoadingError(.unsupportedFormat, url: url, detail: "fontconfig did not accept the file")
        }
        FontCatalog.invalidate()
        FallbackChains.invalidate()
    }
}
