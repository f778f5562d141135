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
}
