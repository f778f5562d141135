import Foundation
import TextKitFonts
import TextKitGraphics

// Core Text's font manager: making font files available to the process, as apps do for fonts
// they ship. Registration goes to fontconfig's application fonts (see
// `FontCollection.registerFont(at:)`): a registered font resolves by name and family, is listed
// by font collections and takes part in fallback, for the rest of the process.

/// Who a registration is for (Core Text's `CTFontManagerScope`). Fonts are registered for the
/// process whatever the scope: there is no persistent or per-user registration here (install the
/// file in `~/.local/share/fonts` for that).
public enum CTFontManagerScope: UInt32, Sendable {
    /// Not a registration scope; registering with it fails with ``CTFontManagerError/unsupportedScope``.
    case none = 0
    /// This process, until it ends.
    case process = 1
    /// Core Text's persistent (user) scope: registered for this process only here.
    case persistent = 2
    /// Core Text's login-session scope (macOS): registered for this process only here.
    case session = 3

    /// Core Text's name for ``persistent``.
    public static var user: CTFontManagerScope { .persistent }
}

/// The domain of the font manager's errors (Core Text's `kCTFontManagerErrorDomain`).
public let kCTFontManagerErrorDomain: CFString = "com.apple.CoreText.CTFontManagerErrorDomain"

/// Why a font manager call failed: the `code` of its `CFError` (Core Text's `CTFontManagerError`).
public enum CTFontManagerError: CFIndex, Sendable {
    /// The file does not exist or cannot be read.
    case fileNotFound = 101
    /// Core Text's permission error; not produced here.
    case insufficientPermissions = 102
    /// Core Text's "not a font file" error; not produced here (an unreadable font gives ``invalidFontData``).
    case unrecognizedFormat = 103
    /// The file is not a font FreeType can load.
    case invalidFontData = 104
    /// The font is registered already (registering twice fails, as in Core Text).
    case alreadyRegistered = 105
    /// Core Text's resource-limit error; not produced here.
    case exceededResourceLimit = 106
    /// Unregistering a font that was not registered.
    case notRegistered = 201
    /// Core Text's "font in use" error; not produced here.
    case inUse = 202
    /// Core Text's "system font" error; not produced here.
    case systemRequired = 203
    /// Core Text's generic registration failure; not produced here.
    case registrationFailed = 301
    /// A scope this call does not accept.
    case unsupportedScope = 307
}

/// Makes the fonts of the file at `fontURL` available to this process (Core Text's
/// `CTFontManagerRegisterFontsForURL`): every face of the file resolves by name and family
/// (`UIFont(name:size:)`, `CTFontCreateWithName`), appears in font collections and serves as a
/// fallback. Returns false and sets `error`, when given, to a `CFError` (an `NSError` in
/// ``kCTFontManagerErrorDomain`` whose code is a ``CTFontManagerError``) when there is no readable
/// file (`.fileNotFound`), the file is not a usable font (`.invalidFontData`), it was registered
/// before (`.alreadyRegistered`) or the scope is `.none` (`.unsupportedScope`). Every other scope
/// registers for the process (see ``CTFontManagerScope``).
@discardableResult
public func CTFontManagerRegisterFontsForURL(_ fontURL: CFURL, _ scope: CTFontManagerScope,
                                             _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    func fail(_ code: CTFontManagerError, _ detail: String) -> Bool {
        error?.pointee = Unmanaged.passRetained(NSError(domain: kCTFontManagerErrorDomain, code: code.rawValue, userInfo: [
            NSLocalizedDescriptionKey: "Could not register \(fontURL.path): \(detail)",
            "CTFontManagerErrorFontURLs": [fontURL],
        ]))
        return false
    }
    guard scope != .none else { return fail(.unsupportedScope, "the scope .none registers nothing") }
    guard fontURL.isFileURL, FileManager.default.isReadableFile(atPath: fontURL.path) else {
        return fail(.fileNotFound, "no readable file")
    }
    let path = fontURL.standardizedFileURL.path
    guard !FontCollection.registeredFontURLs.contains(where: { $0.path == path }) else {
        return fail(.alreadyRegistered, "already registered")
    }
    do {
        try FontCollection.registerFont(at: fontURL)
    } catch let loading {
        return fail(.invalidFontData, loading.detail)
    }
    return true
}

/// Makes the fonts of a file registered with ``CTFontManagerRegisterFontsForURL(_:_:_:)`` unavailable
/// again (Core Text's `CTFontManagerUnregisterFontsForURL`): they no longer resolve by name, appear
/// in collections or serve as fallbacks; fonts already made keep working. Returns false and sets
/// `error` (code ``CTFontManagerError/notRegistered``) when the file was not registered.
@discardableResult
public func CTFontManagerUnregisterFontsForURL(_ fontURL: CFURL, _ scope: CTFontManagerScope,
                                               _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    guard FontCollection.unregisterFont(at: fontURL) else {
        error?.pointee = Unmanaged.passRetained(NSError(domain: kCTFontManagerErrorDomain,
                                                        code: CTFontManagerError.notRegistered.rawValue, userInfo: [
            NSLocalizedDescriptionKey: "\(fontURL.path) is not registered",
        ]))
        return false
    }
    return true
}

/// Unregisters the file of a font registered with ``CTFontManagerRegisterGraphicsFont(_:_:)``
/// (Core Text's `CTFontManagerUnregisterGraphicsFont`), as ``CTFontManagerUnregisterFontsForURL(_:_:_:)``.
@discardableResult
public func CTFontManagerUnregisterGraphicsFont(_ font: CGFont, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    CTFontManagerUnregisterFontsForURL(font.url, .process, error)
}

/// Registers the font file of a `CGFont` (Core Text's `CTFontManagerRegisterGraphicsFont`), the
/// way code that loads fonts from data does: `CGDataProvider(data:)`, `CGFont(_:)`, then this.
/// As ``CTFontManagerRegisterFontsForURL(_:_:_:)`` with process scope; a font whose file was
/// registered (or is installed under the same PostScript name) fails with `.alreadyRegistered`.
@discardableResult
public func CTFontManagerRegisterGraphicsFont(_ font: CGFont, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    if let name = font.postScriptName, let installed = FontCollection.installed.face(named: name),
       installed.postScriptName == name {
        error?.pointee = Unmanaged.passRetained(NSError(domain: kCTFontManagerErrorDomain,
                                                        code: CTFontManagerError.alreadyRegistered.rawValue, userInfo: [
            NSLocalizedDescriptionKey: "A font named \(name) is already available",
        ]))
        return false
    }
    return CTFontManagerRegisterFontsForURL(font.url, .process, error)
}

/// The code of an error (Core Foundation's `CFErrorGetCode`).
public func CFErrorGetCode(_ err: CFError!) -> CFIndex { err.code }

/// The error's domain (Core Foundation's `CFErrorGetDomain`).
public func CFErrorGetDomain(_ err: CFError!) -> CFString! { err.domain }

/// A description of the error for people (Core Foundation's `CFErrorCopyDescription`).
public func CFErrorCopyDescription(_ err: CFError!) -> CFString! { err.localizedDescription }

/// A font made from a `CGFont` (Core Text's `CTFontCreateWithGraphicsFont`): the face of
/// `graphicsFont` at `size` points (0: 12), with `matrix` and `attributes` as
/// ``CTFontCreateWithFontDescriptor(_:_:_:)`` takes them. The font need not be registered.
public func CTFontCreateWithGraphicsFont(_ graphicsFont: CGFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?,
                                         _ attributes: CTFontDescriptor?) -> CTFont {
    let base: UIFont
    if let font = try? UIFont(url: graphicsFont.url, faceIndex: graphicsFont.faceIndex, size: size) {
        base = font
    } else {
        // The CGFont loaded, so its file is readable; this is only reached if it vanished since.
        base = UIFont.systemFont(ofSize: size > 0 ? size : 12)
    }
    return CTFontCreateCopyWithAttributes(base, size, matrix, attributes)
}

/// The `CGFont` of a font (Core Text's `CTFontCopyGraphicsFont`); `attributes`, when given, is
/// set to the font's descriptor.
public func CTFontCopyGraphicsFont(_ font: CTFont, _ attributes: UnsafeMutablePointer<Unmanaged<CTFontDescriptor>?>?) -> CGFont {
    attributes?.pointee = Unmanaged.passRetained(font.fontDescriptor)
    return font.face.cgFont
}
