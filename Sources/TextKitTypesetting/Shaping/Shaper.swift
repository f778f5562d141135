import CHarfBuzz
import TextKitModel

/// The glyphs HarfBuzz made for a piece of text, in **logical** order (right-to-left runs are
/// reversed back from HarfBuzz's visual order), in the font's design units (the shaping font's
/// scale is its units per em, so the result is independent of point size and can be cached and
/// scaled by any size).
///
/// Everything that depends only on the piece's text is worked out once here (glyph flags, zero
/// advances for controls), so that placing a cached word into a paragraph is a bulk copy.
package final class ShapedPiece: Sendable {
    package let glyphs: [UInt16]
    /// Horizontal advances in design units (controls and tabs: 0).
    package let advances: [Int32]
    /// Glyph offsets in design units (HarfBuzz's y-up convention), empty when all are zero.
    package let xOffsets: [Int32]
    package let yOffsets: [Int32]
    /// The UTF-16 offset, relative to the piece, of the cluster each glyph belongs to;
    /// non-decreasing.
    package let clusters: [Int32]
    /// Per-glyph flags from the text and HarfBuzz (cluster starts, white space, controls, tabs,
    /// line breaks, unsafe-to-break, missing glyphs).
    package let flags: [GlyphFlags]
    /// Whether the piece holds U+FFFC, which becomes an attachment box when the style has one.
    package let containsObjectReplacement: Bool
    /// The piece's length in UTF-16 units.
    package let length: Int

    package init(glyphs: [UInt16], advances: [Int32], xOffsets: [Int32], yOffsets: [Int32], clusters: [Int32],
                 unsafeToBreak: [Bool], text: UnsafeBufferPointer<UInt16>) {
        var advances = advances
        var flags = [GlyphFlags](repeating: [], count: glyphs.count)
        var objectReplacement = false
        for i in glyphs.indices {
            var f: GlyphFlags = []
            if i == 0 || clusters[i] != clusters[i - 1] { f.insert(.clusterStart) }
            if !unsafeToBreak.isEmpty && unsafeToBreak[i] { f.insert(.unsafeToBreak) }
            let unit = Int(clusters[i]) < text.count ? text[Int(clusters[i])] : 0
            switch unit {
            case 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000:
                f.insert(.whitespace)
            case 0x09:
                f.formUnion([.tab, .whitespace, .control])
                advances[i] = 0
            case 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
                f.formUnion([.control, .lineBreak, .whitespace])
                advances[i] = 0
            case 0x00...0x1F, 0x7F...0x9F:
                f.insert(.control)
                advances[i] = 0
            case 0xFFFC:
                objectReplacement = true
                if glyphs[i] == 0 { f.insert(.missing) }
            default:
                if glyphs[i] == 0 { f.insert(.missing) }
            }
            flags[i] = f
        }
        self.glyphs = glyphs
        self.advances = advances
        self.xOffsets = xOffsets
        self.yOffsets = yOffsets
        self.clusters = clusters
        self.flags = flags
        self.containsObjectReplacement = objectReplacement
        self.length = text.count
    }

    /// Bytes held, for the cache's budget.
    package var byteCount: Int { glyphs.count * 3 + (advances.count + xOffsets.count + yOffsets.count + clusters.count) * 4 + 128 }
}

/// Shaping parameters that are not the text: the direction, script, language and OpenType
/// features of a run.
package struct ShapingParameters: Hashable, Sendable {
    package var isRightToLeft: Bool
    package var script: Script
    /// A BCP 47 language tag ("en", "tr", "sr-Latn"), empty for "from the script".
    package var language: String
    /// OpenType features in HarfBuzz's string syntax ("kern=0", "liga=0", "smcp"), applied to the
    /// whole piece.
    package var features: [String]

    package init(isRightToLeft: Bool = false, script: Script = .latin, language: String = "", features: [String] = []) {
        self.isRightToLeft = isRightToLeft
        self.script = script
        self.language = language
        self.features = features
    }
}

/// Shapes UTF-16 text with HarfBuzz. One shaper per thread: it owns a reusable `hb_buffer_t`.
package final class Shaper {
    private let buffer: OpaquePointer
    private var featureCache: [[String]: [hb_feature_t]] = [:]

    package init() {
        buffer = hb_buffer_create()
    }

    deinit { hb_buffer_destroy(buffer) }

    /// Shapes `text[range]` with `font` (an `hb_font_t *` whose scale is its units per em), using
    /// the rest of `text` as context for contextual shaping.
    package func shape(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, font: OpaquePointer,
                       parameters: ShapingParameters) -> ShapedPiece {
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        hb_buffer_set_direction(buffer, parameters.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_from_string(parameters.script.isoName, 4))
        if !parameters.language.isEmpty {
            hb_buffer_set_language(buffer, hb_language_from_string(parameters.language, -1))
        }
        var flags = HB_BUFFER_FLAG_DEFAULT.rawValue
        if range.lowerBound == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if range.upperBound == text.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
        hb_buffer_add_utf16(buffer, text.baseAddress, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
        let features = resolvedFeatures(parameters.features)
        features.withUnsafeBufferPointer { hb_shape(font, buffer, $0.baseAddress, UInt32($0.count)) }

        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        let n = Int(count)
        var glyphs = [UInt16](repeating: 0, count: n)
        var advances = [Int32](repeating: 0, count: n)
        var clusters = [Int32](repeating: 0, count: n)
        var xOffsets: [Int32] = []
        var yOffsets: [Int32] = []
        var unsafe: [Bool] = []
        let base = Int32(range.lowerBound)
        for visual in 0..<n {
            // HarfBuzz returns right-to-left runs in visual order; store them logically.
            let i = parameters.isRightToLeft ? n - 1 - visual : visual
            let info = infos[visual]
            let position = positions[visual]
            glyphs[i] = UInt16(truncatingIfNeeded: info.codepoint)
            advances[i] = position.x_advance
            clusters[i] = Int32(info.cluster) - base
            if position.x_offset != 0 || position.y_offset != 0 {
                if xOffsets.isEmpty {
                    xOffsets = [Int32](repeating: 0, count: n)
                    yOffsets = [Int32](repeating: 0, count: n)
                }
                xOffsets[i] = position.x_offset
                yOffsets[i] = position.y_offset
            }
            if info.mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0 {
                if unsafe.isEmpty { unsafe = [Bool](repeating: false, count: n) }
                unsafe[i] = true
            }
        }
        return ShapedPiece(glyphs: glyphs, advances: advances, xOffsets: xOffsets, yOffsets: yOffsets,
                           clusters: clusters, unsafeToBreak: unsafe,
                           text: UnsafeBufferPointer(rebasing: text[range]))
    }

    private func resolvedFeatures(_ names: [String]) -> [hb_feature_t] {
        if names.isEmpty { return [] }
        if let known = featureCache[names] { return known }
        let parsed: [hb_feature_t] = names.compactMap { name in
            var feature = hb_feature_t()
            return hb_feature_from_string(name, -1, &feature) != 0 ? feature : nil
        }
        featureCache[names] = parsed
        return parsed
    }
}
