import CHarfBuzz
import COTKICU
import TextKitModel

/// The glyphs HarfBuzz made for a piece of text, in **logical** order (right-to-left runs are
/// reversed back from HarfBuzz's visual order), in the font's design units (the shaping font's
/// scale is its units per em, so the result is independent of point size and can be cached and
/// scaled by any size).
///
/// Everything that depends only on the piece's text is worked out once here (glyph flags, zero
/// advances for controls), so that placing a cached word into a paragraph is a bulk copy.
///
/// One allocation holds it all: the header, then the arrays one after another (advances,
/// clusters, the offsets when any glyph has one, glyph ids, flags). Most of a text is cache
/// misses in a fresh process, and separate arrays cost five allocations a word.
/// Immutable once made; the buffers it hands out live as long as the piece.
package final class ShapedPiece: ManagedBuffer<ShapedPiece.Header, Int32>, @unchecked Sendable {
    package struct Header {
        /// Glyphs.
        var count: Int32
        /// UTF-16 units of text.
        var length: Int32
        var hasOffsets: Bool
        var containsObjectReplacement: Bool
        /// The word tables' key the piece is stored under, when its text is short enough to be
        /// keyed inline (``ShapedWordCache/InlineKey``, less its hash and length): written by
        /// ``record(_:)`` before the piece is shared, zero until then.
        var parameters: Int32 = 0
        var face: UInt = 0
        var w0: UInt64 = 0, w1: UInt64 = 0, w2: UInt64 = 0, w3: UInt64 = 0
    }

    /// An uninitialized piece for `count` glyphs of `length` UTF-16 units.
    static func make(count: Int, length: Int, hasOffsets: Bool) -> ShapedPiece {
        // Int32 words: advances, clusters, x and y offsets, then glyphs and flags two to a word.
        let words = count * (hasOffsets ? 4 : 2) + count
        let buffer = create(minimumCapacity: max(1, words)) { _ in
            Header(count: Int32(count), length: Int32(length), hasOffsets: hasOffsets, containsObjectReplacement: false)
        }
        return unsafeDowncast(buffer, to: ShapedPiece.self)
    }

    /// Writes `key` into the piece, which the word tables then hold under the key's hash alone
    /// (``matches(_:)`` compares the rest). Only while the piece is not yet shared.
    func record(_ key: ShapedWordCache.InlineKey) {
        assert(Int(key.length) == length, "a piece is recorded under the key of its own text")
        assert(face == 0 || matches(key), "a piece is stored under one key only")
        withUnsafeMutablePointerToHeader { header in
            header.pointee.parameters = key.parameters
            header.pointee.face = key.face
            (header.pointee.w0, header.pointee.w1, header.pointee.w2, header.pointee.w3) = (key.w0, key.w1, key.w2, key.w3)
        }
    }

    /// Whether the piece was recorded under `key` (its hash aside: the tables compare that first).
    @inline(__always)
    func matches(_ key: ShapedWordCache.InlineKey) -> Bool {
        withUnsafeMutablePointerToHeader { header in
            let h = header.pointee
            return h.w0 == key.w0 && h.w1 == key.w1 && h.w2 == key.w2 && h.w3 == key.w3 && h.length == key.length
                && h.face == key.face && h.parameters == key.parameters
        }
    }

    private var base: UnsafeMutablePointer<Int32> { withUnsafeMutablePointerToElements { $0 } }
    private var info: Header { withUnsafeMutablePointerToHeader { $0.pointee } }
    private var face: UInt { info.face }

    /// The number of glyphs.
    package var count: Int { Int(info.count) }
    /// The piece's length in UTF-16 units.
    package var length: Int { Int(info.length) }
    /// Whether the piece holds U+FFFC, which becomes an attachment box when the style has one.
    package var containsObjectReplacement: Bool { info.containsObjectReplacement }
    /// Whether some glyph has an offset (else ``xOffsets`` and ``yOffsets`` are empty).
    package var hasOffsets: Bool { info.hasOffsets }

    /// Horizontal advances in design units (controls and tabs: 0).
    package var advances: UnsafeMutableBufferPointer<Int32> { .init(start: base, count: count) }
    /// The UTF-16 offset, relative to the piece, of the cluster each glyph belongs to;
    /// non-decreasing.
    package var clusters: UnsafeMutableBufferPointer<Int32> { .init(start: base + count, count: count) }
    /// Glyph offsets in design units (HarfBuzz's y-up convention), empty when all are zero.
    package var xOffsets: UnsafeMutableBufferPointer<Int32> { .init(start: base + 2 * count, count: hasOffsets ? count : 0) }
    package var yOffsets: UnsafeMutableBufferPointer<Int32> { .init(start: base + 3 * count, count: hasOffsets ? count : 0) }
    package var glyphs: UnsafeMutableBufferPointer<UInt16> {
        let start = UnsafeMutableRawPointer(base + count * (hasOffsets ? 4 : 2))
        return .init(start: start.assumingMemoryBound(to: UInt16.self), count: count)
    }
    /// Per-glyph flags from the text and HarfBuzz (cluster starts, white space, controls, tabs,
    /// line breaks, unsafe-to-break, missing glyphs).
    package var flags: UnsafeMutableBufferPointer<GlyphFlags> {
        let start = UnsafeMutableRawPointer(glyphs.baseAddress! + count)
        return .init(start: start.assumingMemoryBound(to: GlyphFlags.self), count: count)
    }

    /// Fills in the flags that follow from the text (`text` is the piece's own) and zeroes the
    /// advances of controls, once the glyphs, advances and clusters are in; `unsafeToBreak` flags
    /// may already be set.
    func finish(text: UnsafeBufferPointer<UInt16>) {
        let glyphs = glyphs, advances = advances, clusters = clusters, flags = flags
        var objectReplacement = false
        for i in 0..<count {
            var f = flags[i]
            if i == 0 || clusters[i] != clusters[i - 1] { f.insert(.clusterStart) }
            let unit = Int(clusters[i]) < text.count ? text[Int(clusters[i])] : 0
            switch unit {
            case _ where isSpaceSeparator(UInt32(unit)):
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
        withUnsafeMutablePointerToHeader { $0.pointee.containsObjectReplacement = objectReplacement }
    }

    /// Bytes held, for the cache's budget: the glyphs, the object and its header (key included).
    package var byteCount: Int { count * (hasOffsets ? 20 : 12) + 80 }
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
    /// The HarfBuzz calls this shaper made (what tests of batched shaping count).
    package private(set) var calls = 0
    private var featureCache: [[String]: [hb_feature_t]] = [:]

    package init() {
        buffer = hb_buffer_create()
    }

    deinit { hb_buffer_destroy(buffer) }

    /// Shapes `text[range]` with `font` (an `hb_font_t *` whose scale is its units per em), using
    /// the rest of `text` as context for contextual shaping.
    package func shape(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, font: OpaquePointer,
                       parameters: ShapingParameters) -> ShapedPiece {
        let output = shapeBuffer(text, range: range, font: font, parameters: parameters)
        return output.piece(glyphs: 0..<output.count, characterBase: Int32(range.lowerBound),
                            text: UnsafeBufferPointer(rebasing: text[range]))
    }

    /// Shapes words that sit one after another in `text` (each ending where the next begins;
    /// `ends` holds each word's end) in one HarfBuzz call, and cuts the result into a piece per
    /// word: what shaping that word alone gives. A word whose edge with a neighbour HarfBuzz marks
    /// unsafe to break, or where one cluster spans both, gets nil (shape it alone).
    ///
    /// HarfBuzz's cost is mostly per glyph, but each call also brings its tables and code back
    /// into the processor's caches; words no cache knows are many short calls otherwise.
    package func shapeWords(_ text: UnsafeBufferPointer<UInt16>, ends: UnsafeBufferPointer<Int>, font: OpaquePointer,
                            parameters: ShapingParameters, into pieces: inout [ShapedPiece?]) {
        pieces.removeAll(keepingCapacity: true)
        let output = shapeBuffer(text, range: 0..<text.count, font: font, parameters: parameters)

        // Where each word's glyphs start (logical order), or nil where it cannot be cut off.
        var firstGlyph = 0, wordStart = 0
        var starts: [Int?] = []
        starts.reserveCapacity(ends.count + 1)
        for end in ends {
            let cuttable = firstGlyph < output.count && output.cluster(firstGlyph) == wordStart
                && (wordStart == 0 || !output.isUnsafeToBreak(firstGlyph))
            starts.append(cuttable ? firstGlyph : nil)
            while firstGlyph < output.count && output.cluster(firstGlyph) < end { firstGlyph += 1 }
            wordStart = end
        }
        starts.append(firstGlyph == output.count ? firstGlyph : nil)
        wordStart = 0
        for (word, end) in ends.enumerated() {
            if let first = starts[word], let next = starts[word + 1], next > first {
                pieces.append(output.piece(glyphs: first..<next, characterBase: Int32(wordStart),
                                           text: UnsafeBufferPointer(rebasing: text[wordStart..<end])))
            } else {
                pieces.append(nil)
            }
            wordStart = end
        }
    }

    /// Shapes `text[range]` in the buffer (the rest of `text` is context); the output stays
    /// valid until the next call.
    private func shapeBuffer(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, font: OpaquePointer,
                             parameters: ShapingParameters) -> Output {
        prepareBuffer(text, range: range, parameters: parameters)
        calls += 1
        let features = resolvedFeatures(parameters.features)
        features.withUnsafeBufferPointer { hb_shape(font, buffer, $0.baseAddress, UInt32($0.count)) }
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        return Output(infos: infos, positions: positions, count: Int(count), isRightToLeft: parameters.isRightToLeft)
    }

    /// HarfBuzz's glyphs after a call, read in logical order.
    private struct Output {
        let infos: UnsafeMutablePointer<hb_glyph_info_t>
        let positions: UnsafeMutablePointer<hb_glyph_position_t>
        let count: Int
        let isRightToLeft: Bool

        /// HarfBuzz returns right-to-left runs in visual order; pieces hold them logically.
        @inline(__always) func visual(_ logical: Int) -> Int { isRightToLeft ? count - 1 - logical : logical }
        /// The character offset (in the shaped text) of the cluster of the glyph at `logical`.
        func cluster(_ logical: Int) -> Int { Int(infos[visual(logical)].cluster) }
        func isUnsafeToBreak(_ logical: Int) -> Bool {
            infos[visual(logical)].mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0
        }

        /// A piece of the glyphs at logical indices `range`, whose text (`text`) starts at
        /// `characterBase` in the shaped text.
        func piece(glyphs range: Range<Int>, characterBase: Int32, text: UnsafeBufferPointer<UInt16>) -> ShapedPiece {
            var hasOffsets = false
            for logical in range where positions[visual(logical)].x_offset != 0 || positions[visual(logical)].y_offset != 0 {
                hasOffsets = true
                break
            }
            let piece = ShapedPiece.make(count: range.count, length: text.count, hasOffsets: hasOffsets)
            let glyphs = piece.glyphs, advances = piece.advances, clusters = piece.clusters, flags = piece.flags
            let xOffsets = piece.xOffsets, yOffsets = piece.yOffsets
            for (i, logical) in range.enumerated() {
                let info = infos[visual(logical)]
                let position = positions[visual(logical)]
                glyphs[i] = UInt16(truncatingIfNeeded: info.codepoint)
                advances[i] = position.x_advance
                clusters[i] = Int32(info.cluster) - characterBase
                if hasOffsets {
                    xOffsets[i] = position.x_offset
                    yOffsets[i] = position.y_offset
                }
                flags[i] = info.mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0 ? .unsafeToBreak : []
            }
            piece.finish(text: text)
            return piece
        }
    }

    /// Empties the buffer and sets it up for `text[range]` (the rest of `text` is context).
    private func prepareBuffer(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, parameters: ShapingParameters) {
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        hb_buffer_set_direction(buffer, parameters.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, Self.hbScript(parameters.script))
        if !parameters.language.isEmpty {
            hb_buffer_set_language(buffer, hb_language_from_string(parameters.language, -1))
        }
        var bufferFlags = HB_BUFFER_FLAG_DEFAULT.rawValue
        if range.lowerBound == 0 { bufferFlags |= HB_BUFFER_FLAG_BOT.rawValue }
        if range.upperBound == text.count { bufferFlags |= HB_BUFFER_FLAG_EOT.rawValue }
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: bufferFlags))
        hb_buffer_add_utf16(buffer, text.baseAddress, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
    }

    /// HarfBuzz's tag for `script`, from ICU's four-letter name without a Swift string.
    private static func hbScript(_ script: Script) -> hb_script_t {
        guard let name = cotk_script_short_name(Int32(script.code)) else { return HB_SCRIPT_UNKNOWN }
        return hb_script_from_string(name, 4)
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
