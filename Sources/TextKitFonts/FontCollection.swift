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

    /// The files registered with ``registerFont(at:)`` and not unregistered, by path, in
    /// registration order (changed only under fontconfig's lock).
    private static let registeredPaths = Locked<[String]>([])

    /// The font files this process registered (``registerFont(at:)``) and has not unregistered.
    public static var registeredFontURLs: [URL] {
        registeredPaths.withLock { $0.map { URL(fileURLWithPath: $0) } }
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
            let added = url.path.withCString { path in
                FcConfigAppFontAddFile(nil, UnsafeRawPointer(path).assumingMemoryBound(to: FcChar8.self))
            }
            if added != 0 { registeredPaths.withLock { $0.append(url.standardizedFileURL.path) } }
            return added
        }
        guard added != 0 else {
            throw FontLoadingError(.unsupportedFormat, url: url, detail: "fontconfig did not accept the file")
        }
        FontCatalog.invalidate()
        FallbackChains.invalidate()
    }

    /// Makes the fonts of a file registered with ``registerFont(at:)`` unavailable again (as Core
    /// Text's `CTFontManagerUnregisterFontsForURL`): they no longer resolve by name, appear in
    /// ``installed`` or serve as fallbacks. Fonts already made keep working. Returns false when
    /// the file was not registered.
    ///
    /// fontconfig forgets application fonts only all at once, so this clears them and adds the
    /// other registered files again: it costs a scan of each of them.
    @discardableResult
    public static func unregisterFont(at url: URL) -> Bool {
        let path = url.standardizedFileURL.path
        let removed = Fontconfig.withLock { () -> Bool in
            let remaining = registeredPaths.withLock { paths -> [String]? in
                guard paths.contains(path) else { return nil }
                paths.removeAll { $0 == path }
                return paths
            }
            guard let remaining else { return false }
            _ = FcConfigAppFontClear(nil)
            for other in remaining {
                _ = other.withCString { FcConfigAppFontAddFile(nil, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
            }
            return true
        }
        guard removed else { return false }
        FontCatalog.invalidate()
        FallbackChains.invalidate()
        return true
    }
}
