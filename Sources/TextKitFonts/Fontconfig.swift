import CFontconfig
import Foundation
import TextKitGraphics

/// Serialised access to fontconfig's current configuration.
///
/// fontconfig 2.14 is documented as thread-safe for most calls, but its configuration can be
/// changed by ``FontCollection/registerFont(at:)`` while another thread sorts, so every call goes
/// through ``withLock(_:)``. None of these calls are on a hot path: their results are cached by
/// the catalog, the resolver and the fallback chains.
enum Fontconfig {
    private static let lock = Locked<Bool>(false)  // true once FcInit has run

    /// Runs `body` with exclusive use of fontconfig, initialising it on first use.
    static func withLock<T>(_ body: () throws -> T) rethrows -> T {
        try lock.withLock { initialised in
            if !initialised {
                // FcInit loads the default configuration and scans the fonts (or reads the caches).
                // When it fails (no fonts.conf), fontconfig still works with an empty configuration;
                // lookups then find nothing and UIFont(name:) returns nil.
                _ = FcInit()
                initialised = true
            }
            return try body()
        }
    }

    // MARK: - Reading patterns

    static func string(_ pattern: OpaquePointer, _ object: String, at n: Int32 = 0) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value else { return nil }
        return String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))
    }

    static func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
        var result: [String] = []
        var n: Int32 = 0
        while let s = string(pattern, object, at: n) {
            result.append(s)
            n += 1
        }
        return result
    }

    static func int(_ pattern: OpaquePointer, _ object: String) -> Int? {
        var value: Int32 = 0
        guard FcPatternGetInteger(pattern, object, 0, &value) == FcResultMatch else { return nil }
        return Int(value)
    }

    /// A numeric value; fontconfig converts integers to doubles here.
    static func double(_ pattern: OpaquePointer, _ object: String) -> Double? {
        var value: Double = 0
        guard FcPatternGetDouble(pattern, object, 0, &value) == FcResultMatch else { return nil }
        return value
    }

    static func bool(_ pattern: OpaquePointer, _ object: String) -> Bool? {
        var value: FcBool = 0
        guard FcPatternGetBool(pattern, object, 0, &value) == FcResultMatch else { return nil }
        return value != 0
    }

    static func charSet(_ pattern: OpaquePointer) -> OpaquePointer? {
        var value: OpaquePointer?
        guard FcPatternGetCharSet(pattern, FC_CHARSET, 0, &value) == FcResultMatch else { return nil }
        return value
    }

    /// The (file, index) a matched or listed pattern points at.
    static func location(_ pattern: OpaquePointer) -> FaceLocation? {
        guard let file = string(pattern, FC_FILE) else { return nil }
        return FaceLocation(path: file, index: int(pattern, FC_INDEX) ?? 0)
    }

    // MARK: - Building patterns

    /// A pattern for a face request: any `nil` part is left to fontconfig's defaults.
    static func makePattern(_ query: FontQuery) -> OpaquePointer {
        let pattern = FcPatternCreate()!
        if let family = query.family {
            family.withCString { name in
                _ = FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer(name).assumingMemoryBound(to: FcChar8.self))
            }
        }
        _ = FcPatternAddDouble(pattern, FC_WEIGHT, query.weight.fontconfigWeight)
        _ = FcPatternAddInteger(pattern, FC_SLANT, query.italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        _ = FcPatternAddDouble(pattern, FC_WIDTH, query.fontconfigWidth)
        if query.monospace {
            _ = FcPatternAddInteger(pattern, FC_SPACING, FC_MONO)
        }
        return pattern
    }

    /// Applies the configuration's substitutions and the defaults, as every fontconfig client does
    /// before matching or sorting.
    static func substitute(_ pattern: OpaquePointer) {
        _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
    }
}

/// Where a face lives: a font file and the face's index in it (0 unless the file is a .ttc collection).
package struct FaceLocation: Hashable, Sendable, CustomStringConvertible {
    package var path: String
    package var index: Int

    package init(path: String, index: Int) {
        self.path = path
        self.index = index
    }

    package var description: String { index == 0 ? path : "\(path)#\(index)" }
}

/// What a descriptor asks of a face, reduced to what fontconfig matches on.
struct FontQuery: Hashable, Sendable {
    /// A family name, or `nil` for the system family.
    var family: String?
    var weight: UIFont.Weight = .regular
    var italic = false
    /// Apple's width trait, -1 (narrowest) … 0 (normal) … 1 (widest).
    var width: CGFloat = 0
    var monospace = false

    /// Apple's width trait as fontconfig's FC_WIDTH (50 ultra-condensed … 100 normal … 200 ultra-expanded).
    var fontconfigWidth: Double { UIFont.fontconfigWidth(fromWidthTrait: width) }
}
