import CCairo
import CFreeType
import Foundation

/// Why a font file could not be used. Fonts are data, so a bad file is an error, never a crash.
public struct FontLoadingError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public enum Kind: Sendable {
        /// The file does not exist or cannot be read.
        case unreadableFile
        /// FreeType does not recognise the file as a font.
        case unsupportedFormat
        /// The file has fewer faces than the index asked for.
        case faceIndexOutOfRange
        /// Cairo could not make a font face from it.
        case rendererFailure
    }
    /// What went wrong.
    public let kind: Kind
    /// The font file.
    public let url: URL
    /// What FreeType or Cairo said, for people.
    public let detail: String
    /// An error of `kind` for the file at `url`.
    public init(_ kind: Kind, url: URL, detail: String) {
        self.kind = kind
        self.url = url
        self.detail = detail
    }
    public var description: String { "cannot load font \(url.path): \(detail)" }
}

/// One face of a font file, as Core Graphics' `CGFont`: the design, without a size.
///
/// Load each (file, face index) once and share it; it is immutable and thread-safe. Cairo draws
/// it through a FreeType face of its own (Cairo resizes the faces it draws with), so the face
/// behind `withFace(_:)` (internal) is never touched by drawing.
public final class CGFont: @unchecked Sendable {  // immutable after init; `face` is only used under its lock (`Locked`)
    /// The file the face came from.
    public let url: URL
    /// The index of the face in a collection file (.ttc), 0 otherwise.
    public let faceIndex: Int
    /// The PostScript name ("DejaVuSerif-Bold"), when the font has one.
    public let postScriptName: String?
    /// The family name as FreeType reports it ("DejaVu Serif").
    public let familyName: String
    /// The style name as FreeType reports it ("Bold Italic").
    public let styleName: String
    /// The number of glyphs in the face.
    public let numberOfGlyphs: Int
    /// Design units per em (0 for bitmap-only faces, which are treated as 2048).
    public let unitsPerEm: Int
    /// The face's bounding box in design units.
    public let fontBBox: CGRect
    /// Whether the glyphs are outlines (false for bitmap-only faces such as Noto Color Emoji's
    /// CBDT): only outlines can be drawn as paths.
    package let hasOutlines: Bool

    /// This font's own FreeType face, used only under the lock.
    private let face: Locked<FT_Face>
    /// The file, mapped once for FreeType, Cairo and HarfBuzz (``FontFileMapping``); released
    /// after `face` is closed.
    package let fileMapping: FontFileMapping
    /// A `cairo_font_face_t *` over a FreeType face that only Cairo uses.
    package let cairoFontFace: OpaquePointer

    /// Loads face `faceIndex` of the font file at `url`.
    public init(url: URL, faceIndex: Int = 0) throws(FontLoadingError) {
        self.url = url
        self.faceIndex = faceIndex
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw FontLoadingError(.unreadableFile, url: url, detail: "no readable file")
        }
        let mapping = try FontFileMapping(url: url)
        fileMapping = mapping
        let ownFace = try FreeTypeLibrary.shared.openFace(mapping, url: url, index: faceIndex)
        let cairoOwnedFace: FT_Face
        do {
            cairoOwnedFace = try FreeTypeLibrary.shared.openFace(mapping, url: url, index: faceIndex)
        } catch {
            FreeTypeLibrary.shared.close(ownFace)
            throw error
        }
        face = Locked(ownFace)
        guard let cairoFace = cairo_ft_font_face_create_for_ft_face(cairoOwnedFace, 0),
              cairo_font_face_status(cairoFace) == CAIRO_STATUS_SUCCESS else {
            FreeTypeLibrary.shared.close(ownFace)
            FreeTypeLibrary.shared.close(cairoOwnedFace)
            throw FontLoadingError(.rendererFailure, url: url, detail: "Cairo cannot use this face")
        }
        // The Cairo face borrows its FT_Face, which reads the mapping: when Cairo releases the
        // font face (perhaps after this font is gone), close that face, then let the mapping go.
        let closeWhenDone: cairo_destroy_func_t = { pointer in
            guard let pointer else { return }
            let borrowed = Unmanaged<CairoBorrowedFace>.fromOpaque(pointer).takeRetainedValue()
            FreeTypeLibrary.shared.close(borrowed.face)
        }
        cairo_font_face_set_user_data(cairoFace, &cgFontCairoKey,
                                      Unmanaged.passRetained(CairoBorrowedFace(face: cairoOwnedFace, mapping: mapping)).toOpaque(),
                                      closeWhenDone)
        cairoFontFace = cairoFace

        let record = ownFace.pointee
        familyName = record.family_name.map { String(cString: $0) } ?? url.deletingPathExtension().lastPathComponent
        styleName = record.style_name.map { String(cString: $0) } ?? "Regular"
        postScriptName = FT_Get_Postscript_Name(ownFace).map { String(cString: $0) }
        numberOfGlyphs = Int(record.num_glyphs)
        unitsPerEm = Int(record.units_per_EM)
        hasOutlines = record.face_flags & 1 != 0  // FT_FACE_FLAG_SCALABLE
        let box = record.bbox
        fontBBox = CGRect(x: CGFloat(box.xMin), y: CGFloat(box.yMin),
                          width: CGFloat(box.xMax - box.xMin), height: CGFloat(box.yMax - box.yMin))
    }

    deinit {
        cairo_font_face_destroy(cairoFontFace)
        FreeTypeLibrary.shared.close(face.withLock { $0 })
    }

    /// Runs `body` with exclusive use of this font's FreeType face (FreeType faces are not
    /// thread-safe). Do not keep the face beyond the call; set the size you need inside it.
    package func withFace<T>(_ body: (FT_Face) throws -> T) rethrows -> T {
        try face.withLock { try body($0) }
    }
}

nonisolated(unsafe) private var cgFontCairoKey = cairo_user_data_key_t()

/// The FreeType face a Cairo font face borrows and the mapping that face reads, released together.
private final class CairoBorrowedFace {
    let face: FT_Face
    let mapping: FontFileMapping
    init(face: FT_Face, mapping: FontFileMapping) {
        self.face = face
        self.mapping = mapping
    }
}

/// The process's FreeType library. `FT_New_Face` and `FT_Done_Face` on one library must be
/// serialised, so they happen here under a lock.
package final class FreeTypeLibrary: @unchecked Sendable {  // `library` is only used under its lock (`Locked`)
    package static let shared = FreeTypeLibrary()
    private let library: Locked<FT_Library>

    private init() {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        checkPrecondition(error == 0 && library != nil, "FreeType failed to initialise (error \(error))")
        self.library = Locked(library!)
    }

    /// Opens face `index` over the mapped bytes of `url` (which must outlive the face).
    package func openFace(_ mapping: FontFileMapping, url: URL, index: Int) throws(FontLoadingError) -> FT_Face {
        var face: FT_Face?
        let error = library.withLock { library in
            FT_New_Memory_Face(library, mapping.bytes.assumingMemoryBound(to: FT_Byte.self), FT_Long(mapping.count),
                               FT_Long(index), &face)
        }
        guard error == 0, let face else {
            // FT_Err_Invalid_Argument (6) is what FreeType returns for an index past the last face.
            throw FontLoadingError(error == 6 ? .faceIndexOutOfRange : .unsupportedFormat, url: url,
                                   detail: "FreeType error \(error) for face \(index)")
        }
        return face
    }

    package func close(_ face: FT_Face) {
        library.withLock { _ in _ = FT_Done_Face(face) }
    }
}
