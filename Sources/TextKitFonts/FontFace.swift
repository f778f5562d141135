import CFreeType
import CHarfBuzz
import Foundation
import TextKitGraphics

/// One face of a font file, shared by every ``UIFont`` of any size that uses it.
///
/// A face holds what does not depend on the point size: the ``CGFont`` (for Cairo and for
/// FreeType outlines), a HarfBuzz font for shaping, the metrics in design units, the cmap and the
/// advance widths. Get faces through ``shared(for:)`` (or ``shared(url:faceIndex:)``): there is one
/// per (file, index) in the process, created on first use and kept for the life of the process.
///
/// Units: everything on a face is in **design units** (``unitsPerEm`` per em, y up). ``UIFont``
/// scales by `pointSize / unitsPerEm` and gives points.
///
/// Thread safety: a face is immutable after creation, and every method may be called from any
/// thread. The HarfBuzz font is made immutable (`hb_font_make_immutable`), which HarfBuzz
/// documents as safe to shape with from several threads at once. FreeType is only reached through
/// `CGFont.withFace(_:)` (internal), which serialises it.
public final class FontFace: Hashable, @unchecked Sendable, CustomStringConvertible {
    // @unchecked: all stored properties are immutable; `hbFont`/`hbFace` are HarfBuzz objects that
    // are made immutable in init and are thread-safe for reading.

    /// The font file.
    public let url: URL
    /// The face's index in the file (0 unless the file is a .ttc/.otc collection).
    public let faceIndex: Int
    /// The face for Core Graphics–style drawing (Cairo) and FreeType access.
    public let cgFont: CGFont
    /// Design units per em, from the `head` table (2048 for DejaVu, 1000 for Noto).
    public let unitsPerEm: Int
    /// The number of glyphs; valid glyph IDs are `0 ..< numberOfGlyphs` (0 is `.notdef`).
    public let numberOfGlyphs: Int
    /// The family name (fontconfig's primary family when the face is installed, else the name table's).
    public let familyName: String
    /// The style name ("Bold Oblique").
    public let styleName: String
    /// The PostScript name ("DejaVuSans-BoldOblique"); synthesised from the file name when missing.
    public let postScriptName: String
    /// The full name ("DejaVu Sans Bold Oblique").
    public let fullName: String
    /// Vertical metrics, decorations and the italic angle, in design units.
    public let metrics: Metrics
    /// The weight from the OS/2 table's `usWeightClass`, on Apple's scale.
    public let weight: UIFont.Weight
    /// Apple's width trait from OS/2 `usWidthClass` (negative is condensed).
    public let width: CGFloat
    /// True when FreeType reports the face as italic or oblique.
    public let isItalic: Bool
    /// True when every glyph has the same advance (`post.isFixedPitch`).
    public let isFixedPitch: Bool
    /// True when the face has outlines (TrueType or CFF). False for bitmap-only faces such as
    /// Noto Color Emoji, which cannot be emboldened, slanted or turned into paths.
    public let isScalable: Bool
    /// True when the face has colour glyphs: bitmaps (CBDT/sbix), layers (COLR) or SVG.
    public let hasColorGlyphs: Bool
    /// OS/2 `sFamilyClass` high byte (1 old-style serif … 8 sans serif … 12 symbolic), 0 if unknown.
    public let familyClass: Int

    /// The HarfBuzz font to shape with (`hb_font_t *`): created from the file blob (not through
    /// hb-ft), scale = ``unitsPerEm`` on both axes, no ppem, immutable. Shaping results are
    /// therefore in design units; multiply by `pointSize / unitsPerEm` for points. Shared by all
    /// threads; never destroy or modify it.
    package let hbFont: OpaquePointer
    /// The HarfBuzz face (`hb_face_t *`) under ``hbFont``.
    package let hbFace: OpaquePointer

    /// Glyphs for U+0000 ..< U+0800 (Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic), 0 if absent.
    private let lowCmap: [CGGlyph]
    static let lowCmapLimit: UInt32 = 0x800
    /// Glyphs for U+0800 ..< U+30000, read a page at a time on first use.
    private let cmapPages = CmapPages()
    /// The horizontal advance of every glyph in design units (`hmtx`, as HarfBuzz reads it).
    private let advances: [Int32]

    /// The glyph to draw for a hyphen inserted at a line break, and the character it stands for:
    /// U+2010 HYPHEN when the face has it, else U+002D HYPHEN-MINUS; `nil` if it has neither.
    public let hyphen: (character: Unicode.Scalar, glyph: CGGlyph)?
    /// The glyph for U+2026 HORIZONTAL ELLIPSIS used in truncation, or `nil` when the face lacks it
    /// (the typesetter then uses three full stops or the fallback font).
    public let ellipsisGlyph: CGGlyph?

    /// Loads face `faceIndex` of `url`. Prefer ``shared(url:faceIndex:)``, which loads each face once.
    ///
    /// - Throws: ``FontLoadingError`` when the file is missing or unreadable, is not a font
    ///   FreeType and HarfBuzz can both read, or has no face `faceIndex`.
    init(url: URL, faceIndex: Int) throws(FontLoadingError) {
        self.url = url
        self.faceIndex = faceIndex
        guard faceIndex >= 0, faceIndex <= 0xFFFF else {
            throw FontLoadingError(.faceIndexOutOfRange, url: url, detail: "face index \(faceIndex) is not 0 … 65535")
        }
        cgFont = try CGFont(url: url, faceIndex: faceIndex)

        // HarfBuzz reads the file through the mapping FreeType and Cairo read; its blob holds a
        // reference to the mapping until HarfBuzz lets go of it.
        let mapping = cgFont.fileMapping
        guard mapping.count < 1 << 31 else {
            throw FontLoadingError(.unsupportedFormat, url: url, detail: "larger than HarfBuzz reads (2 GiB)")
        }
        guard let blob = hb_blob_create_or_fail(mapping.bytes.assumingMemoryBound(to: CChar.self), UInt32(mapping.count),
                                                HB_MEMORY_MODE_READONLY, mapping.retainedPointer(),
                                                { FontFileMapping.release($0!) }) else {
            throw FontLoadingError(.unreadableFile, url: url, detail: "HarfBuzz cannot read the file")
        }
        defer { hb_blob_destroy(blob) }
        guard faceIndex < Int(hb_face_count(blob)) || (faceIndex == 0 && hb_face_count(blob) == 0) else {
            throw FontLoadingError(.faceIndexOutOfRange, url: url,
                                   detail: "HarfBuzz finds \(hb_face_count(blob)) faces, not face \(faceIndex)")
        }
        let hbFace = hb_face_create(blob, UInt32(faceIndex))!
        let glyphCount = Int(hb_face_get_glyph_count(hbFace))
        guard glyphCount > 0 else {
            hb_face_destroy(hbFace)
            throw FontLoadingError(.unsupportedFormat, url: url,
                                   detail: "HarfBuzz finds no glyphs (not an OpenType/TrueType face)")
        }
        hb_face_make_immutable(hbFace)
        let upem = Int(hb_face_get_upem(hbFace))
        let hbFont = hb_font_create(hbFace)!
        hb_font_set_scale(hbFont, Int32(upem), Int32(upem))
        hb_font_make_immutable(hbFont)
        self.hbFace = hbFace
        self.hbFont = hbFont
        unitsPerEm = upem
        numberOfGlyphs = glyphCount

        // The cmap for the low planes and every advance, read once; both are then lock-free.
        lowCmap = CmapPages.nominalGlyphs(in: hbFont, from: 0, count: Int(Self.lowCmapLimit))
        var advances = [Int32](repeating: 0, count: glyphCount)
        let glyphIDs = (0..<UInt32(glyphCount)).map { $0 }
        glyphIDs.withUnsafeBufferPointer { ids in
            advances.withUnsafeMutableBufferPointer { out in
                hb_font_get_glyph_h_advances(hbFont, UInt32(ids.count), ids.baseAddress, 4, out.baseAddress, 4)
            }
        }
        self.advances = advances

        // Tables that FreeType parses for us, read once under the face lock.
        let tables = cgFont.withFace { face in FreeTypeTables(face: face) }
        hasColorGlyphs = hb_ot_color_has_png(hbFace) != 0 || hb_ot_color_has_layers(hbFace) != 0
            || hb_ot_color_has_svg(hbFace) != 0
        isScalable = tables.isScalable
        isFixedPitch = tables.isFixedPitch
        isItalic = tables.isItalic
        weight = UIFont.Weight(openTypeWeight: Double(tables.weightClass ?? (tables.isBold ? 700 : 400)))
        width = UIFont.widthTrait(fromFontconfigWidth: UIFont.fontconfigWidth(fromWidthClass: tables.widthClass ?? 5))
        familyClass = tables.familyClass

        let installed = FontCatalog.current.face(at: FaceLocation(path: url.path, index: faceIndex))
        familyName = installed?.familyName ?? cgFont.familyName
        styleName = installed?.styleName ?? cgFont.styleName
        postScriptName = installed?.postScriptName ?? cgFont.postScriptName
            ?? url.deletingPathExtension().lastPathComponent
        fullName = installed?.fullName ?? "\(familyName) \(styleName)"

        // Special glyphs, then the metrics (which may measure 'H' and 'x').
        func lookup(_ c: UInt32) -> CGGlyph? {
            var glyph: UInt32 = 0
            return hb_font_get_nominal_glyph(hbFont, c, &glyph) != 0 && glyph <= 0xFFFF ? CGGlyph(glyph) : nil
        }
        if let g = lookup(0x2010) {
            hyphen = ("\u{2010}", g)
        } else if let g = lookup(0x2D) {
            hyphen = ("-", g)
        } else {
            hyphen = nil
        }
        ellipsisGlyph = lookup(0x2026)
        metrics = Metrics(tables: tables, unitsPerEm: upem) { c in
            guard let g = lookup(c) else { return nil }
            var extents = hb_glyph_extents_t()
            return hb_font_get_glyph_extents(hbFont, hb_codepoint_t(g), &extents) != 0 ? Int(extents.y_bearing) : nil
        }
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
    }

    // MARK: - Hashable (identity: there is one face per file and index)

    /// Faces are equal when they are the same object: there is one face per file and face index.
    public static func == (lhs: FontFace, rhs: FontFace) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String { "FontFace(\(fullName), \(location))" }

    package var location: FaceLocation { FaceLocation(path: url.path, index: faceIndex) }

    /// The traits of the face itself (no synthesis).
    public var symbolicTraits: UIFontDescriptor.SymbolicTraits {
        .init(weight: weight, isItalic: isItalic, width: width, isMonospaced: isFixedPitch, familyClass: familyClass)
    }

    // MARK: - cmap and advances

    /// The glyph for a character from the face's cmap, or `nil` when the face has none.
    ///
    /// O(1) for U+0000 ..< U+0800 (a table read at load time) and up to U+30000 (pages of the
    /// cmap read on first use); beyond, HarfBuzz's cmap lookup (binary search in
    /// the cmap subtable). Lock-free but for the first lookup on a page.
    public func glyph(for scalar: Unicode.Scalar) -> CGGlyph? {
        let c = scalar.value
        if c < Self.lowCmapLimit {
            let g = lowCmap[Int(c)]
            return g == 0 ? nil : g
        }
        if c < CmapPages.end {
            let g = cmapPages.glyph(for: c, in: hbFont)
            return g == 0 ? nil : g
        }
        var glyph: UInt32 = 0
        guard hb_font_get_nominal_glyph(hbFont, c, &glyph) != 0, glyph != 0, glyph <= 0xFFFF else { return nil }
        return CGGlyph(glyph)
    }

    /// The glyph for a character followed by a variation selector (U+FE00 …, U+E0100 …), or `nil`
    /// when the face has no such variant (`cmap` format 14). Lock-free.
    public func glyph(for scalar: Unicode.Scalar, variationSelector: Unicode.Scalar) -> CGGlyph? {
        var glyph: UInt32 = 0
        guard hb_font_get_variation_glyph(hbFont, scalar.value, variationSelector.value, &glyph) != 0,
              glyph != 0, glyph <= 0xFFFF else { return nil }
        return CGGlyph(glyph)
    }

    /// The characters the face's cmap maps to a glyph (Core Text's `CTFontCopyCharacterSet`), as
    /// HarfBuzz reads the cmap. Cost: one pass over the cmap and a `CharacterSet` built from its
    /// ranges; not cached.
    public var coveredCharacters: CharacterSet {
        let set = hb_set_create()!
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(hbFace, set)
        var result = CharacterSet()
        var first = hb_codepoint_t.max, last = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first range
        while hb_set_next_range(set, &first, &last) != 0 {
            // Surrogate code points cannot be Unicode.Scalars; cmaps do not map them anyway.
            let lower = first < 0xD800 || first > 0xDFFF ? first : 0xE000
            let upper = last < 0xD800 || last > 0xDFFF ? last : 0xD7FF
            if lower <= 0xD7FF && upper >= 0xE000 {
                result.insert(charactersIn: Unicode.Scalar(lower)!...Unicode.Scalar(0xD7FF as UInt32)!)
                result.insert(charactersIn: Unicode.Scalar(0xE000 as UInt32)!...Unicode.Scalar(upper)!)
            } else if lower <= upper, let a = Unicode.Scalar(lower), let b = Unicode.Scalar(upper) {
                result.insert(charactersIn: a...b)
            }
        }
        return result
    }

    /// The nominal horizontal advance of a glyph in design units (the `hmtx` value, before kerning
    /// and shaping). O(1), lock-free. A glyph ID outside the face gives 0.
    public func advance(of glyph: CGGlyph) -> Int {
        Int(glyph) < advances.count ? Int(advances[Int(glyph)]) : 0
    }

    /// The glyph's ink bounds in design units, **y up** with the origin at the glyph origin on the
    /// baseline (x = left side bearing, maxY = top), or `nil` for a glyph with no ink (a space) or
    /// outside the face. Computed by HarfBuzz from `glyf`/`CFF`/`CBDT`; not cached (`glyf` is O(1),
    /// CFF interprets the charstring).
    public func boundingBox(of glyph: CGGlyph) -> CGRect? {
        guard Int(glyph) < numberOfGlyphs else { return nil }
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(hbFont, hb_codepoint_t(glyph), &extents) != 0,
              extents.width != 0 || extents.height != 0 else { return nil }
        return CGRect(x: CGFloat(extents.x_bearing), y: CGFloat(extents.y_bearing + extents.height),
                      width: CGFloat(extents.width), height: CGFloat(-extents.height))
    }

    /// Caret positions inside a ligature glyph from the `GDEF` table, in design units from the
    /// glyph's origin (left to right), or `[]` when the font gives none (then divide the advance
    /// evenly between the ligature's characters, as TextKit does). An `fi` ligature has one caret.
    public func ligatureCaretPositions(of glyph: CGGlyph) -> [Int] {
        var count: UInt32 = 8
        var carets = [hb_position_t](repeating: 0, count: 8)
        let total = hb_ot_layout_get_ligature_carets(hbFont, HB_DIRECTION_LTR, hb_codepoint_t(glyph), 0, &count,
                                                     &carets)
        if total > 8 {
            count = total
            carets = [hb_position_t](repeating: 0, count: Int(total))
            _ = hb_ot_layout_get_ligature_carets(hbFont, HB_DIRECTION_LTR, hb_codepoint_t(glyph), 0, &count, &carets)
        }
        return carets.prefix(Int(count)).map(Int.init)
    }
}
