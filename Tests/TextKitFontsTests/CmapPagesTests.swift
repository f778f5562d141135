import CFreeType
import Foundation
import Testing
@testable import TextKitFonts
import TextKitGraphics

/// `FontFace.glyph(for:)` above U+0800 reads pages of the cmap kept on first use (CmapPages.swift):
/// the answers must be FreeType's, page after page and from many threads at once.
@Suite("The cmap read a page at a time")
struct CmapPagesTests {
    /// Faces with much above U+0800: CJK (a collection's second face too), Devanagari, Thai, emoji.
    static let faces: [(URL, Int)] = [
        (TestFonts.notoSansCJK, 0), (TestFonts.notoSansCJK, 2), (TestFonts.dejaVuSans, 0), (TestFonts.notoColorEmoji, 0),
        (URL(fileURLWithPath: "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf"), 0),
        (URL(fileURLWithPath: "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf"), 0),
    ]

    @Test("Every character from U+0800 to U+30000 and a little past it has FreeType's glyph", arguments: Self.faces.indices)
    func everyCharacterAgreesWithFreeType(_ i: Int) throws {
        let (url, index) = Self.faces[i]
        let face = try FontFace.shared(url: url, faceIndex: index)
        var mapped = 0
        try FreeTypeOracle.withFace(url, index: index) { ft in
            for c in UInt32(0x800)..<UInt32(0x30100) {
                guard let scalar = Unicode.Scalar(c) else { continue }
                let expected = UInt32(FT_Get_Char_Index(ft, FT_ULong(c)))
                let glyph = face.glyph(for: scalar).map(UInt32.init)
                if glyph != (expected == 0 ? nil : expected) {
                    Issue.record("U+\(String(c, radix: 16, uppercase: true)) in \(url.lastPathComponent): \(String(describing: glyph)), FreeType \(expected)")
                    return
                }
                if expected != 0 { mapped += 1 }
            }
        }
        #expect(mapped > 50, "\(url.lastPathComponent) maps \(mapped) characters above U+0800")
    }

    @Test("Threads filling the same pages at once get the same glyphs")
    func concurrentFirstLookups() async throws {
        // A face of its own, not the shared one, so that its pages are all still empty.
        let face = try FontFace(url: TestFonts.notoSansCJK, faceIndex: 1)
        let characters = (0..<4_000).compactMap { Unicode.Scalar(UInt32(0x4E00 + ($0 * 37) % 20_000)) }
        let answers = await withTaskGroup(of: [CGGlyph?].self) { group in
            for t in 0..<8 {
                group.addTask {
                    // Each task walks the characters from a different place, so pages are filled by whichever comes first.
                    let start = t * characters.count / 8
                    let order = characters[start...] + characters[..<start]
                    var glyphs = [CGGlyph?](repeating: nil, count: characters.count)
                    for (k, c) in order.enumerated() { glyphs[(start + k) % characters.count] = face.glyph(for: c) }
                    return glyphs
                }
            }
            var all: [[CGGlyph?]] = []
            for await glyphs in group { all.append(glyphs) }
            return all
        }
        #expect(answers.count == 8 && Set(answers.map { $0.map { $0 ?? 0 } }).count == 1)
        #expect(answers[0].allSatisfy { $0 != nil })
    }
}
