import CHarfBuzz
import Foundation
import Testing
import TextKitGraphics
@testable import TextKitFonts

@Suite("Concurrent use of shared faces")
struct FontConcurrencyTests {
    /// What one task computes from one font; every task must compute the same.
    struct Observation: Equatable, Sendable {
        var glyphs: [CGGlyph?] = []
        var advances: [CGFloat] = []
        var pathElementCounts: [Int] = []
        var shapedGlyphs: [UInt32] = []
        var fallbackFamilies: [String] = []
    }

    static let text = Array("Office affluent AVATAR Ωμέγα Жизнь".unicodeScalars)

    static func observe(_ font: UIFont) -> Observation {
        var o = Observation()
        o.glyphs = text.map(font.glyph(for:))
        o.advances = o.glyphs.map { $0.map(font.advance(forGlyph:)) ?? 0 }
        o.pathElementCounts = o.glyphs.prefix(12).map { $0.flatMap(font.cgPath(forGlyph:))?.elements.count ?? -1 }
        o.shapedGlyphs = shape(String(String.UnicodeScalarView(text)), with: font)
        o.fallbackFamilies = ["日", "😀", "한", "ب"].map { font.fallbackFont(for: $0)?.familyName ?? "-" }
        return o
    }

    /// Shapes with the shared hb_font_t, as the typesetter will.
    static func shape(_ string: String, with font: UIFont) -> [UInt32] {
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        let utf16 = Array(string.utf16)
        hb_buffer_add_utf16(buffer, utf16, Int32(utf16.count), 0, Int32(utf16.count))
        hb_buffer_guess_segment_properties(buffer)
        var features = font.featureSettings.map(\.hbFeature)
        hb_shape(font.face.hbFont, buffer, &features, UInt32(features.count))
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        return (0..<Int(count)).map { infos[$0].codepoint }
    }

    @Test("Many tasks using one face at once get the same answers as one task alone")
    func concurrentFaceUse() async throws {
        let font = try #require(UIFont(name: "DejaVu Serif", size: 13))
        let expected = Self.observe(font)
        #expect(expected.shapedGlyphs.count < Self.text.count)  // ligatures formed: ff, ffl
        let results = await withTaskGroup(of: Observation.self) { group in
            for i in 0..<16 {
                group.addTask {
                    // Half the tasks make their own font objects, as independent callers would.
                    let own = i.isMultiple(of: 2) ? font : UIFont(name: "DejaVu Serif", size: 13)!
                    return Self.observe(own)
                }
            }
            var all: [Observation] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 16)
        #expect(results.allSatisfy { $0 == expected })
    }

    @Test("Concurrent first loads of the same face give one shared face")
    func concurrentLoads() async throws {
        let faces = await withTaskGroup(of: ObjectIdentifier?.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    (try? FontFace.shared(url: TestFonts.dejaVuSerifBoldItalic)).map(ObjectIdentifier.init)
                }
            }
            var ids: Set<ObjectIdentifier?> = []
            for await id in group { ids.insert(id) }
            return ids
        }
        #expect(faces.count == 1)
        #expect(faces.first! != nil)
    }

    @Test("Concurrent descriptor resolution and fallback queries agree")
    func concurrentResolution() async {
        let answers = await withTaskGroup(of: [String].self) { group in
            for i in 0..<12 {
                group.addTask {
                    let traits: UIFontDescriptor.SymbolicTraits = i.isMultiple(of: 3) ? [.traitBold] : [.traitBold, .traitItalic]
                    let d = UIFontDescriptor(fontAttributes: [.family: "DejaVu Sans"]).withSymbolicTraits(traits)!
                    let f = UIFont(descriptor: d, size: CGFloat(10 + i))
                    return [f.fontName, f.fallbackFont(for: "語")?.face.url.lastPathComponent ?? "-"]
                }
            }
            var all: Set<[String]> = []
            for await a in group { all.insert(a) }
            return all
        }
        #expect(answers == [["DejaVuSans-Bold", "NotoSansCJK-Bold.ttc"], ["DejaVuSans-BoldOblique", "NotoSansCJK-Bold.ttc"]])
    }
}
