import CCairo
import Foundation

/// A run of text characters drawn by a run of glyphs, for ``CGContext/showGlyphs(_:at:text:clusters:isRightToLeft:)``:
/// the next `utf16Count` UTF-16 code units of the text are drawn by the next `glyphCount`
/// glyphs. A ligature "ffl" is one cluster of 3 units and 1 glyph; a base letter with a
/// combining mark drawn as two glyphs is one cluster of 2 units and 2 glyphs. Either count
/// may be 0 (not both): text with no glyph (a zero-width joiner), or a glyph with no text.
public struct GlyphCluster: Hashable, Sendable {
    /// The number of UTF-16 code units of the text in this cluster.
    public var utf16Count: Int
    /// The number of glyphs in this cluster.
    public var glyphCount: Int

    /// A cluster of `utf16Count` code units drawn by `glyphCount` glyphs.
    public init(utf16Count: Int, glyphCount: Int) {
        self.utf16Count = utf16Count
        self.glyphCount = glyphCount
    }
}

/// A glyph run ready for Cairo: user-space positions, and the text as UTF-8 clusters.
struct GlyphRunCommand {
    var glyphs: [CGGlyph]
    /// Baseline origins in user space.
    var positions: [CGPoint]
    var text: String?
    var clusters: [GlyphCluster]?
    var isRightToLeft: Bool
    /// Maps the font's glyph space (y up, in units of the font size) to user space.
    var glyphTransform: CGAffineTransform
    var cairoGlyphs: [cairo_glyph_t]
    /// `text` as Cairo accepts it (see ``CGContext/utf8Clusters(text:clusters:glyphCount:)``).
    var utf8Text: String?
    var cairoClusters: [cairo_text_cluster_t]
    var clusterFlags: cairo_text_cluster_flags_t
}

extension CGContext {
    /// Draws `glyphs` of the current font (``setFont(_:)``) at the current size
    /// (``setFontSize(_:)``), each with its baseline origin at the matching `positions` entry
    /// in **text space** (Core Graphics' `showGlyphs(_:at:)`).
    ///
    /// As in Core Graphics, ``textMatrix`` (whose translation is ``textPosition``) maps text space
    /// to user space: a glyph's origin lands at `position.applying(textMatrix)`, and its outline,
    /// y up in the font, is drawn through the text matrix's linear part. In a context whose user
    /// space is y down (UIKit's, and every context here when created) glyphs therefore come out
    /// upside down unless the context is flipped (`translateBy(x: 0, y: height)`,
    /// `scaleBy(x: 1, y: -1)`) or the text matrix is — exactly as on iOS. The text position does
    /// not advance. Glyphs are painted as ``setTextDrawingMode(_:)`` says, in the fill colour
    /// (strokes in the stroke colour).
    ///
    /// In PDF output Cairo guesses the text from the font's character map, so ligatures come
    /// out as presentation forms ("ﬄ"): prefer ``showGlyphs(_:at:text:clusters:isRightToLeft:)``.
    ///
    /// - Precondition: `glyphs.count == positions.count`.
    public func showGlyphs(_ glyphs: [CGGlyph], at positions: [CGPoint]) {
        checkPrecondition(glyphs.count == positions.count,
                     "showGlyphs: \(glyphs.count) glyphs but \(positions.count) positions")
        let tm = textMatrix
        showGlyphs(glyphs, atUserPositions: positions.map { $0.applying(tm) }, glyphTransform: tm.linearPart,
                   text: nil, clusters: nil, isRightToLeft: false)
    }

    /// Draws glyphs the way UIKit-level text drawing does (the layout manager, string drawing):
    /// `positions` are baseline origins in user space, and glyphs stand upright in a y-down user
    /// space, shaped by the linear part of ``textMatrix`` in y-up glyph space (`c = tan(angle)`
    /// slants them to the right). The text matrix's translation is not used.
    package func showGlyphsUpright(_ glyphs: [CGGlyph], at positions: [CGPoint], text: String? = nil,
                                   clusters: [GlyphCluster]? = nil, isRightToLeft: Bool = false) {
        precondition(glyphs.count == positions.count,
                     "showGlyphs: \(glyphs.count) glyphs but \(positions.count) positions")
        showGlyphs(glyphs, atUserPositions: positions,
                   glyphTransform: textMatrix.linearPart.concatenating(CGAffineTransform(scaleX: 1, y: -1)),
                   text: text, clusters: clusters, isRightToLeft: isRightToLeft)
    }

    /// The primitive under both: glyph origins in user space, and the map from the font's y-up
    /// glyph space (in units of the font size) to user space.
    package func showGlyphs(_ glyphs: [CGGlyph], atUserPositions positions: [CGPoint], glyphTransform: CGAffineTransform,
                            text: String?, clusters: [GlyphCluster]?, isRightToLeft: Bool) {
        var run = makeGlyphRun(glyphs, positions, text: text, clusters: clusters, isRightToLeft: isRightToLeft)
        run.glyphTransform = glyphTransform
        perform(.glyphs(run))
    }

    /// Draws glyphs as ``showGlyphs(_:at:)`` (positions in text space) and records which text they draw, so that PDF
    /// output is searchable and copies as `text` (Cairo's `cairo_show_text_glyphs`).
    ///
    /// `clusters` walk `text` in logical order, UTF-16 units at a time. For a left-to-right run
    /// they also walk `glyphs` from the first. For a right-to-left run whose glyphs are in
    /// visual order (left to right, as a shaper outputs them), set `isRightToLeft`: the
    /// clusters then walk the glyphs from the last one backwards.
    ///
    /// - Precondition: `glyphs.count == positions.count`; the clusters' `utf16Count`s add up to
    ///   `text.utf16.count` and their `glyphCount`s to `glyphs.count`; no count is negative; no
    ///   cluster boundary splits a surrogate pair.
    public func showGlyphs(_ glyphs: [CGGlyph], at positions: [CGPoint], text: String, clusters: [GlyphCluster],
                           isRightToLeft: Bool = false) {
        checkPrecondition(glyphs.count == positions.count,
                     "showGlyphs: \(glyphs.count) glyphs but \(positions.count) positions")
        let tm = textMatrix
        showGlyphs(glyphs, atUserPositions: positions.map { $0.applying(tm) }, glyphTransform: tm.linearPart,
                   text: text, clusters: clusters, isRightToLeft: isRightToLeft)
    }

    private func makeGlyphRun(_ glyphs: [CGGlyph], _ positions: [CGPoint], text: String?, clusters: [GlyphCluster]?,
                              isRightToLeft: Bool) -> GlyphRunCommand {
        var cairoGlyphs: [cairo_glyph_t] = []
        cairoGlyphs.reserveCapacity(glyphs.count)
        for (glyph, p) in zip(glyphs, positions) where p.x.isFinite && p.y.isFinite {
            cairoGlyphs.append(cairo_glyph_t(index: UInt(glyph), x: p.x, y: p.y))
        }
        var cairoClusters: [cairo_text_cluster_t] = []
        var utf8Text: String?
        if let text, let clusters, cairoGlyphs.count == glyphs.count {
            (utf8Text, cairoClusters) = CGContext.utf8Clusters(text: text, clusters: clusters, glyphCount: glyphs.count)
        }
        let flags = isRightToLeft ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t(rawValue: 0)
        return GlyphRunCommand(glyphs: glyphs, positions: positions, text: text, clusters: clusters,
                               isRightToLeft: isRightToLeft, glyphTransform: .identity, cairoGlyphs: cairoGlyphs, utf8Text: utf8Text,
                               cairoClusters: cairoClusters, clusterFlags: flags)
    }

    /// Converts UTF-16 clusters to Cairo's UTF-8 byte clusters, dropping empty ones, and the text
    /// to the UTF-8 Cairo accepts.
    ///
    /// Cairo refuses the whole document ("input string not valid UTF-8") for text that is valid
    /// Unicode but holds noncharacters (U+FDD0…U+FDEF, U+FFFE, U+FFFF and their counterparts in
    /// every plane) or surrogates. Each such code point is written as U+FFFD REPLACEMENT CHARACTER
    /// in the text layer, within its own cluster, so the glyphs and the rest of the text keep
    /// their mapping; the drawing is unchanged.
    static func utf8Clusters(text: String, clusters: [GlyphCluster], glyphCount: Int) -> (String, [cairo_text_cluster_t]) {
        let utf16 = Array(text.utf16)
        var utf8: [UInt8] = []
        utf8.reserveCapacity(utf16.count)
        var result: [cairo_text_cluster_t] = []
        result.reserveCapacity(clusters.count)
        var unit = 0
        var glyphTotal = 0
        for cluster in clusters {
            checkPrecondition(cluster.utf16Count >= 0 && cluster.glyphCount >= 0,
                         "showGlyphs: negative cluster \(cluster)")
            let end = unit + cluster.utf16Count
            checkPrecondition(end <= utf16.count,
                         "showGlyphs: clusters cover \(end) UTF-16 units but the text has \(utf16.count)")
            if cluster.utf16Count > 0 {
                checkPrecondition(!UTF16.isLeadSurrogate(utf16[end - 1]) && !UTF16.isTrailSurrogate(utf16[unit]),
                             "showGlyphs: a cluster boundary at UTF-16 offset \(unit) or \(end) splits a surrogate pair")
            }
            let before = utf8.count
            // Decoded by hand, a scalar at a time (a String per cluster cost most of a line's drawing).
            var i = unit
            while i < end {
                var value = UInt32(utf16[i])
                if UTF16.isLeadSurrogate(utf16[i]), i + 1 < end, UTF16.isTrailSurrogate(utf16[i + 1]) {
                    value = 0x10000 + ((value - 0xD800) << 10) + (UInt32(utf16[i + 1]) - 0xDC00)
                    i += 2
                } else {
                    i += 1
                }
                let isNoncharacter = (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
                let isSurrogate = (0xD800...0xDFFF).contains(value)  // a lone half of a pair
                Self.appendUTF8(isNoncharacter || isSurrogate ? 0xFFFD : value, to: &utf8)
            }
            let bytes = utf8.count - before
            unit = end
            glyphTotal += cluster.glyphCount
            if bytes > 0 || cluster.glyphCount > 0 {
                result.append(cairo_text_cluster_t(num_bytes: Int32(bytes), num_glyphs: Int32(cluster.glyphCount)))
            }
        }
        checkPrecondition(unit == utf16.count,
                     "showGlyphs: clusters cover \(unit) UTF-16 units but the text has \(utf16.count)")
        checkPrecondition(glyphTotal == glyphCount,
                     "showGlyphs: clusters cover \(glyphTotal) glyphs but \(glyphCount) were given")
        return (String(decoding: utf8, as: UTF8.self), result)
    }

    /// Appends the UTF-8 bytes of scalar value `value` (not a surrogate) to `bytes`.
    private static func appendUTF8(_ value: UInt32, to bytes: inout [UInt8]) {
        switch value {
        case ..<0x80:
            bytes.append(UInt8(value))
        case ..<0x800:
            bytes.append(UInt8(0xC0 | value >> 6))
            bytes.append(UInt8(0x80 | value & 0x3F))
        case ..<0x10000:
            bytes.append(UInt8(0xE0 | value >> 12))
            bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | value & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | value >> 18))
            bytes.append(UInt8(0x80 | value >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | value & 0x3F))
        }
    }
}
