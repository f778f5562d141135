import Foundation
import Testing
@testable import TextKitFonts

@Suite("Font collection")
struct FontCollectionTests {
    @Test("The installed collection lists families with their faces, files and indexes")
    func families() throws {
        let installed = FontCollection.installed
        #expect(installed.familyNames.contains("Noto Sans CJK JP"))
        let sans = installed.faces(ofFamily: "DejaVu Sans")
        #expect(sans.count == 9)
        #expect(sans.first?.url.path == TestFonts.dejaVuSans.path)
        #expect(sans.contains { $0.url.path == TestFonts.dejaVuSansBoldOblique.path && $0.isItalic && $0.weight == .bold })
        let condensedBold = try #require(sans.first { $0.postScriptName == "DejaVuSansCondensed-Bold" })
        #expect(condensedBold.familyNames == ["DejaVu Sans", "DejaVu Sans Condensed"])
        #expect(condensedBold.symbolicTraits.isSuperset(of: [.traitBold, .traitCondensed]))
        #expect(installed.faces(ofFamily: "DejaVu Sans Condensed").count == 4)
    }

    @Test("Faces of a .ttc collection carry their index")
    func collectionIndexes() throws {
        let installed = FontCollection.installed
        let kr = try #require(installed.faces(ofFamily: "Noto Sans CJK KR").first { $0.styleName == "Regular" })
        #expect(kr.url.path == TestFonts.notoSansCJK.path && kr.faceIndex == 1)
        let face = try FontFace.shared(for: kr)
        #expect(face.faceIndex == 1 && face.familyName == "Noto Sans CJK KR")
    }

    @Test("Monospace and colour are reported from fontconfig")
    func flags() throws {
        let installed = FontCollection.installed
        #expect(installed.faces(ofFamily: "DejaVu Sans Mono").allSatisfy { $0.isMonospaced })
        #expect(installed.faces(ofFamily: "DejaVu Serif").allSatisfy { !$0.isMonospaced })
        let emoji = try #require(installed.face(named: "NotoColorEmoji"))
        #expect(emoji.hasColorGlyphs)
    }

    @Test("A face's descriptor resolves back to the face")
    func infoDescriptor() throws {
        for info in FontCollection.installed.faces(ofFamily: "DejaVu Serif") {
            let font = UIFont(descriptor: info.fontDescriptor, size: 12)
            #expect(font.face.url == info.url)
        }
    }

    @Test("faces(matching:) lists the matches of a descriptor")
    func facesMatching() {
        let descriptor = UIFontDescriptor(fontAttributes: [
            .family: "DejaVu Serif", .traits: [UIFontDescriptor.TraitKey.symbolic: UIFontDescriptor.SymbolicTraits.traitItalic],
        ])
        let names = FontCollection.installed.faces(matching: descriptor).compactMap(\.postScriptName)
        #expect(Set(names) == ["DejaVuSerif-Italic", "DejaVuSerif-BoldItalic", "DejaVuSerifCondensed-Italic",
                               "DejaVuSerifCondensed-BoldItalic"])
        #expect(names.first == "DejaVuSerif-Italic")
    }

    @Test("A registered file can be unregistered: it leaves the collection and the registered list")
    func unregisterFont() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("otk-unregister-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("Keyboard.otf")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: "/usr/share/fonts/opentype/linux-libertine/LinBiolinum_K.otf"),
                                         to: copy)
        let family = "Linux Biolinum Keyboard O"
        let before = FontCollection.installed.faces(ofFamily: family).count
        try FontCollection.registerFont(at: copy)
        #expect(FontCollection.installed.faces(ofFamily: family).count == before + 1)
        #expect(FontCollection.registeredFontURLs.contains { $0.path == copy.path })
        #expect(FontCollection.unregisterFont(at: copy))
        #expect(FontCollection.installed.faces(ofFamily: family).count == before)
        #expect(!FontCollection.registeredFontURLs.contains { $0.path == copy.path })
        #expect(!FontCollection.unregisterFont(at: copy))
        #expect(UIFont(name: "DejaVu Sans", size: 12) != nil)  // installed fonts are untouched
    }

    @Test("coveredCharacters is exactly the scalars the cmap maps")
    func coveredCharacters() throws {
        for url in [TestFonts.dejaVuSans, TestFonts.libertine] {
            let face = try FontFace.shared(url: url)
            let set = face.coveredCharacters
            var mismatches = 0
            for value in Array(UInt32(0)..<0x3100) + Array(UInt32(0x1D400)..<0x1D800) + Array(UInt32(0x1F300)..<0x1F700) {
                guard let scalar = Unicode.Scalar(value) else { continue }
                if set.contains(scalar) != (face.glyph(for: scalar) != nil) { mismatches += 1 }
            }
            #expect(mismatches == 0)
            #expect(set.contains("A") && !set.contains("\u{4E00}"))
        }
        let cjk = try FontFace.shared(url: TestFonts.notoSansCJK)
        #expect(cjk.coveredCharacters.contains("\u{4E00}") && cjk.coveredCharacters.contains("\u{AC00}"))
        #expect(try FontFace.shared(url: TestFonts.dejaVuSans).coveredCharacters.contains("\u{1F600}"))  // 😀 (monochrome), beyond the BMP
    }

    @Test("The default cascade list puts families of the languages asked for first")
    func defaultCascadeList() throws {
        let font = try #require(UIFont(name: "DejaVu Sans", size: 12))
        func firstCovers(_ languages: [String], _ character: Unicode.Scalar) -> Bool {
            guard let first = font.defaultCascadeList(forLanguages: languages).first else { return false }
            return UIFont(descriptor: first, size: 12).face.glyph(for: character) != nil
        }
        #expect(firstCovers(["ja"], "\u{3042}"))  // あ
        #expect(firstCovers(["ar"], "\u{0639}"))  // ع
        #expect(firstCovers(["ko"], "\u{D55C}"))  // 한
        let list = font.defaultCascadeList(forLanguages: [])
        let families = list.compactMap { $0.fontAttributes[.family] as? String }
        #expect(!families.contains("DejaVu Sans") && Set(families).count == families.count && families.count > 5)
    }

    @Test("Language tags become fontconfig's: Chinese scripts as regions, other scripts dropped")
    func fontconfigLanguageTags() {
        #expect(UIFont.fontconfigLanguage("zh-Hans") == "zh-cn")
        #expect(UIFont.fontconfigLanguage("zh-Hant") == "zh-tw")
        #expect(UIFont.fontconfigLanguage("zh-Hant-HK") == "zh-hk")
        #expect(UIFont.fontconfigLanguage("pt_BR") == "pt-br")
        #expect(UIFont.fontconfigLanguage("sr-Latn") == "sr")
        #expect(UIFont.fontconfigLanguage("ja") == "ja")
    }
}
