import CHarfBuzz
import Synchronization
import TextKitGraphics

/// A face's cmap above U+0800, read a page of 256 characters at a time on first use and kept:
/// every later lookup on the page is one array read, where HarfBuzz's lookup searches the cmap
/// subtable (about 240 instructions and a cache miss a character) — what text in Chinese, Japanese,
/// Korean, Thai or Devanagari asks for every character while its fonts and fallbacks are chosen.
///
/// Thread safety: lookups are lock-free. A page is filled under a lock and published with a
/// release store; readers load its pointer with acquire ordering, so a thread that sees the
/// pointer sees the page's contents. Pages are never changed or freed (a face lives as long as
/// the process), so a reader may keep using a page it loaded.
final class CmapPages: @unchecked Sendable {  // `slots` are atomics; pages are immutable once published and filled under `filled`'s lock
    /// The first character the pages cover (below it the face keeps a table read at load time).
    static let start: UInt32 = 0x800
    /// The end of the pages: the Supplementary Ideographic Plane's end. Characters beyond it are rare
    /// enough for HarfBuzz's lookup.
    static let end: UInt32 = 0x30000
    static let pageSize: UInt32 = 256
    private static let pageCount = Int((end - start) / pageSize)

    /// One pointer per page (as a UInt, 0 until the page is filled).
    private let slots: UnsafeMutablePointer<Atomic<UInt>>
    /// The pages filled so far (to free them), changed only under its lock, which also keeps two
    /// threads from filling one page.
    private let filled = Locked<[UnsafeMutablePointer<CGGlyph>]>([])

    init() {
        slots = .allocate(capacity: Self.pageCount)
        for i in 0..<Self.pageCount { (slots + i).initialize(to: Atomic(0)) }
    }

    deinit {
        filled.withLock { pages in
            for page in pages { page.deallocate() }
        }
        slots.deinitialize(count: Self.pageCount)
        slots.deallocate()
    }

    /// The glyph of character `c` (`start ..< end`) in `hbFont`, 0 when the face has none.
    @inline(__always)
    func glyph(for c: UInt32, in hbFont: OpaquePointer) -> CGGlyph {
        let index = Int((c - Self.start) / Self.pageSize)
        let offset = Int((c - Self.start) % Self.pageSize)
        if let page = UnsafePointer<CGGlyph>(bitPattern: slots[index].load(ordering: .acquiring)) {
            return page[offset]
        }
        return fill(index, hbFont: hbFont)[offset]
    }

    /// Reads page `index` from the cmap and publishes it (once, whichever thread comes first).
    private func fill(_ index: Int, hbFont: OpaquePointer) -> UnsafePointer<CGGlyph> {
        filled.withLock { pages in
            if let page = UnsafePointer<CGGlyph>(bitPattern: slots[index].load(ordering: .acquiring)) { return page }
            let glyphs = Self.nominalGlyphs(in: hbFont, from: Self.start + UInt32(index) * Self.pageSize, count: Int(Self.pageSize))
            let page = UnsafeMutablePointer<CGGlyph>.allocate(capacity: glyphs.count)
            page.initialize(from: glyphs, count: glyphs.count)
            pages.append(page)
            slots[index].store(UInt(bitPattern: page), ordering: .releasing)
            return UnsafePointer(page)
        }
    }

    /// The glyphs of the `count` characters from `first` in `hbFont`'s cmap, 0 where it has none,
    /// read in HarfBuzz's batch calls.
    static func nominalGlyphs(in hbFont: OpaquePointer, from first: UInt32, count: Int) -> [CGGlyph] {
        let codepoints = (0..<UInt32(count)).map { first + $0 }
        var glyphs = [UInt32](repeating: 0, count: count)
        codepoints.withUnsafeBufferPointer { cps in
            glyphs.withUnsafeMutableBufferPointer { out in
                // The batch call stops at the first code point without a glyph and returns how
                // many it mapped; skip that one (left 0) and go on.
                var start = 0
                while start < count {
                    let mapped = hb_font_get_nominal_glyphs(hbFont, UInt32(count - start), cps.baseAddress! + start, 4,
                                                            out.baseAddress! + start, 4)
                    start += Int(mapped) + 1
                }
            }
        }
        return glyphs.map { $0 <= 0xFFFF ? CGGlyph($0) : 0 }
    }
}
