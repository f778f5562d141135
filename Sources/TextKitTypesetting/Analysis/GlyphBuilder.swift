import Foundation
import TextKitFonts

/// A paragraph's glyphs while they are being made.
///
/// The four columns every glyph has (id, advance, cluster, flags) are written through pointers into
/// buffers the analyzer keeps from paragraph to paragraph, so copying a shaped word's glyphs costs
/// no capacity or uniqueness check per element (appending to arrays cost about a twentieth of a
/// cold layout); ``finish(length:)`` copies them once into the paragraph's arrays.
struct GlyphBuilder {
    /// Storage for the columns, reused by one analyzer's analyses (one at a time: see ``inUse``).
    final class Buffers {
        // Only this type changes the pointers, never while a view of them is in use.
        @exclusivity(unchecked) private(set) var glyphs: UnsafeMutablePointer<UInt16>
        @exclusivity(unchecked) private(set) var advances: UnsafeMutablePointer<Float>
        @exclusivity(unchecked) private(set) var clusters: UnsafeMutablePointer<Int32>
        @exclusivity(unchecked) private(set) var flags: UnsafeMutablePointer<GlyphFlags>
        @exclusivity(unchecked) private(set) var capacity: Int
        /// Set while a builder writes here: an analysis started inside another (an attachment's
        /// bounds that lay text out) gets buffers of its own.
        var inUse = false

        init(capacity: Int) {
            self.capacity = max(capacity, 16)
            glyphs = .allocate(capacity: self.capacity)
            advances = .allocate(capacity: self.capacity)
            clusters = .allocate(capacity: self.capacity)
            flags = .allocate(capacity: self.capacity)
        }

        deinit {
            // The elements are trivial types: nothing to deinitialize.
            glyphs.deallocate()
            advances.deallocate()
            clusters.deallocate()
            flags.deallocate()
        }

        /// Makes room for at least `needed` glyphs, keeping the first `count`.
        func grow(toAtLeast needed: Int, keeping count: Int) {
            let newCapacity = max(needed, capacity * 2)
            func moved<T>(_ old: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<T> {
                let new = UnsafeMutablePointer<T>.allocate(capacity: newCapacity)
                new.moveInitialize(from: old, count: count)
                old.deallocate()
                return new
            }
            glyphs = moved(glyphs)
            advances = moved(advances)
            clusters = moved(clusters)
            flags = moved(flags)
            capacity = newCapacity
        }
    }

    private let buffers: Buffers
    private(set) var count = 0
    var offsets = SparseTable<GlyphOffset>()
    var attachmentBounds = SparseTable<CGRect>()
    var runs: [GlyphRun] = []
    var fonts: [UIFont] = []

    /// A builder writing into `buffers` (which must not be in use by another builder).
    init(buffers: Buffers) {
        self.buffers = buffers
    }

    /// The columns of the glyphs appended so far, to change in place (valid until the next append).
    var advances: UnsafeMutableBufferPointer<Float> { .init(start: buffers.advances, count: count) }
    var clusters: UnsafeMutableBufferPointer<Int32> { .init(start: buffers.clusters, count: count) }
    var flags: UnsafeMutableBufferPointer<GlyphFlags> { .init(start: buffers.flags, count: count) }

    /// Appends `piece`'s glyphs: its clusters moved to start at `offset` in the paragraph, its
    /// advances (font units) times `scale`. Offsets, spacing and attachments are the caller's.
    mutating func append(_ piece: ShapedPiece, at offset: Int, scale: Float) {
        let n = piece.count
        guard n > 0 else { return }
        if count + n > buffers.capacity { buffers.grow(toAtLeast: count + n, keeping: count) }
        let glyphs = buffers.glyphs + count, flags = buffers.flags + count
        let advances = buffers.advances + count, clusters = buffers.clusters + count
        let pieceGlyphs = piece.glyphs, pieceFlags = piece.flags
        let pieceAdvances = piece.advances, pieceClusters = piece.clusters
        let shift = Int32(offset)
        // One loop for the four columns: a word is a few glyphs, too few for a copy call per
        // column to pay for itself.
        for i in 0..<n {
            glyphs[i] = pieceGlyphs[i]
            flags[i] = pieceFlags[i]
            advances[i] = Float(pieceAdvances[i]) * scale
            clusters[i] = pieceClusters[i] + shift
        }
        count += n
    }

    /// Appends glyphs `range` of another paragraph's glyphs as they are (advances in points), their
    /// clusters moved by `clusterShift`. Offsets are the caller's.
    mutating func append(glyphsOf other: ParagraphGlyphs, _ range: Range<Int>, clusterShift: Int32) {
        let n = range.count
        guard n > 0 else { return }
        if count + n > buffers.capacity { buffers.grow(toAtLeast: count + n, keeping: count) }
        let from = range.lowerBound
        other.glyphs.withUnsafeBufferPointer { (buffers.glyphs + count).initialize(from: $0.baseAddress! + from, count: n) }
        other.advances.withUnsafeBufferPointer { (buffers.advances + count).initialize(from: $0.baseAddress! + from, count: n) }
        other.flags.withUnsafeBufferPointer { (buffers.flags + count).initialize(from: $0.baseAddress! + from, count: n) }
        let clusters = buffers.clusters + count
        other.clusters.withUnsafeBufferPointer { source in
            for i in 0..<n { clusters[i] = source[from + i] + clusterShift }
        }
        count += n
    }

    /// Copies the glyphs into a paragraph's glyph storage.
    func finish(length: Int) -> ParagraphGlyphs {
        let result = ParagraphGlyphs()
        result.glyphs = Array(UnsafeBufferPointer(start: buffers.glyphs, count: count))
        result.advances = Array(UnsafeBufferPointer(start: buffers.advances, count: count))
        result.clusters = Array(UnsafeBufferPointer(start: buffers.clusters, count: count))
        result.flags = Array(UnsafeBufferPointer(start: buffers.flags, count: count))
        result.offsets = offsets
        result.attachmentBounds = attachmentBounds
        result.runs = runs
        result.fonts = fonts
        result.length = length
        return result
    }
}
