import Foundation
import Testing
@testable import TextKitFonts

@Suite("Font name resolution")
struct FontNameResolutionTests {
    @Test("A family name gives the family's regular face", arguments: [
        ("DejaVu Serif", "DejaVuSerif.ttf"), ("DejaVu Sans", "DejaVuSans.ttf"), ("DejaVu Sans Mono", "DejaVuSansMono.ttf"),
        ("Linux Libertine O", "LinLibertine_R.otf"), ("Noto Sans", "NotoSans-Regular.ttf"),
    ])
    func familyName(name: String, file: String) throws {
        let font = try #require(UIFont(name: name, size: 12))
        #expect(font.face.url.lastPathComponent == file)
        #expect(font.syntheticTraits.isEmpty)
    }

    @Test("A PostScript name gives exactly that face", arguments: [
        ("DejaVuSerif-Bold", "DejaVuSerif-Bold.ttf"), ("DejaVuSans-BoldOblique", "DejaVuSans-BoldOblique.ttf"),
        ("DejaVuSansCondensed-Oblique", "DejaVuSansCondensed-Oblique.ttf"), ("NotoSans-Italic", "NotoSans-Italic.ttf"),
    ])
    func postScriptName(name: String, file: String) throws {
        let font = try #require(UIFont(name: name, size: 12))
        #expect(font.face.url.lastPathComponent == file)
        #expect(font.fontName == name)
    }

    @Test("A full name gives exactly that face", arguments: [
        ("DejaVu Serif Bold Italic", "DejaVuSerif-BoldItalic.ttf"), ("DejaVu Sans Mono Oblique", "DejaVuSansMono-Oblique.ttf"),
        ("Noto Sans Bold", "NotoSans-Bold.ttf"),
    ])
    func fullName(name: String, file: String) throws {
        let font = try #require(UIFont(name: name, size: 12))
        #expect(font.face.url.lastPathComponent == file)
    }

    @Test("Names compare ignoring case and spaces, as fontconfig's")
    func looseNames() throws {
        let a = try #require(UIFont(name: "dejavu serif bold", size: 12))
        let b = try #require(UIFont(name: "DejaVuSerif-Bold", size: 12))
        #expect(a == b)
        #expect(try #require(UIFont(name: "dejavusans", size: 12)).face.url.lastPathComponent == "DejaVuSans.ttf")
    }

    @Test("A name no installed font has gives nil, not a substitute (Apple's own font names aside)")
    func unknownName() {
        #expect(UIFont(name: "Optima Nova", size: 12) == nil)
        #expect(UIFont(name: "Frutiger-Bold", size: 12) == nil)
        #expect(UIFont(name: "", size: 12) == nil)
        #expect(UIFont(name: "-", size: 12) == nil)
        // The fonts iOS ships stand in by the documented table (see UIKitShapeTests in PortingTests).
        #expect(UIFont(name: "Helvetica Neue", size: 12)?.familyName == "Nimbus Sans")
    }

    @Test("A face of a .ttc collection resolves by name with its index")
    func collectionFace() throws {
        let sc = try #require(UIFont(name: "Noto Sans CJK SC", size: 12))
        #expect(sc.face.url.path == TestFonts.notoSansCJK.path)
        #expect(sc.face.faceIndex == 2)
        #expect(sc.familyName == "Noto Sans CJK SC")
        let jp = try #require(UIFont(name: "NotoSansCJKjp-Regular", size: 12))
        #expect(jp.face.faceIndex == 0)
        #expect(jp.glyph(for: "日") != nil)
    }

    @Test("familyNames lists installed families and fontNames(forFamilyName:) their faces")
    func familyAndFontNames() {
        let families = UIFont.familyNames
        #expect(families.contains("DejaVu Sans"))
        #expect(families.contains("Noto Color Emoji"))
        #expect(families == families.sorted { $0.lowercased() < $1.lowercased() })
        let serif = UIFont.fontNames(forFamilyName: "DejaVu Serif")
        #expect(serif.first == "DejaVuSerif")
        #expect(Set(serif).isSuperset(of: ["DejaVuSerif", "DejaVuSerif-Bold", "DejaVuSerif-Italic", "DejaVuSerif-BoldItalic"]))
        #expect(UIFont.fontNames(forFamilyName: "No Such Family").isEmpty)
    }

    @Test("A size that is not positive and finite becomes 12 points")
    func badSizes() throws {
        for size in [0, -3, CGFloat.nan, CGFloat.infinity] {
            #expect(try #require(UIFont(name: "DejaVu Sans", size: size)).pointSize == 12)
        }
    }
}
