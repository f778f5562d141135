import Foundation
import Testing
@testable import TextKitFonts

@Suite("Font trait matching")
struct FontTraitMatchingTests {
    @Test("Bold and italic traits on DejaVu Sans pick DejaVu Sans Bold Oblique")
    func boldItalicDejaVuSans() throws {
        let base = UIFontDescriptor(fontAttributes: [.family: "DejaVu Sans"])
        let descriptor = try #require(base.withSymbolicTraits([.traitBold, .traitItalic]))
        let font = UIFont(descriptor: descriptor, size: 14)
        #expect(font.face.url.path == TestFonts.dejaVuSansBoldOblique.path)
        #expect(font.syntheticTraits.isEmpty)
        #expect(font.fontDescriptor.symbolicTraits.isSuperset(of: [.traitBold, .traitItalic]))
        #expect(font.fontName == "DejaVuSans-BoldOblique")
    }

    static let serifCases: [(traits: UInt32, file: String)] = [
        (0, "DejaVuSerif.ttf"),
        (UIFontDescriptor.SymbolicTraits.traitBold.rawValue, "DejaVuSerif-Bold.ttf"),
        (UIFontDescriptor.SymbolicTraits.traitItalic.rawValue, "DejaVuSerif-Italic.ttf"),
        (UIFontDescriptor.SymbolicTraits([.traitBold, .traitItalic]).rawValue, "DejaVuSerif-BoldItalic.ttf"),
        (UIFontDescriptor.SymbolicTraits.traitCondensed.rawValue, "DejaVuSerifCondensed.ttf"),
        (UIFontDescriptor.SymbolicTraits([.traitCondensed, .traitBold]).rawValue, "DejaVuSerifCondensed-Bold.ttf"),
    ]

    @Test("Each style of DejaVu Serif comes from its own file", arguments: serifCases)
    func serifStyles(traits: UInt32, file: String) throws {
        let descriptor = try #require(UIFontDescriptor(fontAttributes: [.family: "DejaVu Serif"])
            .withSymbolicTraits(UIFontDescriptor.SymbolicTraits(rawValue: traits)))
        #expect(UIFont(descriptor: descriptor, size: 12).face.url.lastPathComponent == file)
    }

    @Test("withSymbolicTraits returns nil when no face of the family has the traits")
    func impossibleTraits() throws {
        let serif = UIFontDescriptor(fontAttributes: [.family: "DejaVu Serif"])
        #expect(serif.withSymbolicTraits(.traitMonoSpace) == nil)
        #expect(serif.withSymbolicTraits(.traitExpanded) == nil)
        let mono = UIFontDescriptor(fontAttributes: [.family: "DejaVu Sans Mono"])
        #expect(mono.withSymbolicTraits(.traitMonoSpace) != nil)
        #expect(mono.withSymbolicTraits(.traitCondensed) == nil)
        // A named face's family is used: DejaVuSerif-Bold → DejaVu Serif → has italic.
        let named = UIFontDescriptor(name: "DejaVuSerif-Bold", size: 12)
        let italic = try #require(named.withSymbolicTraits(.traitItalic))
        #expect(UIFont(descriptor: italic, size: 0).face.url.lastPathComponent == "DejaVuSerif-Italic.ttf")
    }

    @Test("A family without an italic face gives its upright face, marked synthetic oblique")
    func syntheticOblique() throws {
        // Noto Music has a single Regular face: withSymbolicTraits refuses, a descriptor still works.
        let music = UIFontDescriptor(fontAttributes: [.family: "Noto Music"])
        #expect(music.withSymbolicTraits(.traitItalic) == nil)
        let descriptor = music.addingAttributes([
            .traits: [UIFontDescriptor.TraitKey.symbolic: UIFontDescriptor.SymbolicTraits.traitItalic],
        ])
        let font = UIFont(descriptor: descriptor, size: 12)
        #expect(font.face.url.lastPathComponent == "NotoMusic-Regular.ttf")
        #expect(font.syntheticTraits == .oblique)
        #expect(font.fontDescriptor.symbolicTraits.contains(.traitItalic))
        #expect(abs(font.italicAngle + 12) < 0.01)
    }

    @Test("Asking for a weight no face has gives the nearest face, synthetic bold from semibold up")
    func syntheticBold() throws {
        let heavy = UIFont(descriptor: UIFontDescriptor(fontAttributes: [
            .family: "Noto Music", .traits: [UIFontDescriptor.TraitKey.weight: UIFont.Weight.heavy],
        ]), size: 12)
        #expect(heavy.syntheticTraits == .bold)
        #expect(heavy.fontDescriptor.symbolicTraits.contains(.traitBold))
        #expect(heavy.syntheticBoldStrength == 0.5)
        let medium = UIFont(descriptor: UIFontDescriptor(fontAttributes: [
            .family: "Noto Music", .traits: [UIFontDescriptor.TraitKey.weight: UIFont.Weight.medium],
        ]), size: 12)
        #expect(medium.syntheticTraits.isEmpty)
        // Weights pick among real faces: DejaVu Sans has ExtraLight, Book and Bold.
        func dejaVu(_ weight: UIFont.Weight) -> String {
            UIFont(descriptor: UIFontDescriptor(fontAttributes: [.family: "DejaVu Sans", .traits: [UIFontDescriptor.TraitKey.weight: weight]]),
                   size: 12).face.url.lastPathComponent
        }
        #expect(dejaVu(.thin) == "DejaVuSans-ExtraLight.ttf")
        #expect(dejaVu(.regular) == "DejaVuSans.ttf")
        #expect(dejaVu(.bold) == "DejaVuSans-Bold.ttf")
        #expect(dejaVu(.black) == "DejaVuSans-Bold.ttf")
    }

    @Test("A bitmap-only colour face is never marked for synthesis")
    func noSynthesisForBitmaps() {
        let font = UIFont(descriptor: UIFontDescriptor(fontAttributes: [
            .family: "Noto Color Emoji",
            .traits: [UIFontDescriptor.TraitKey.symbolic: UIFontDescriptor.SymbolicTraits([.traitBold, .traitItalic])],
        ]), size: 12)
        #expect(font.face.url.lastPathComponent == "NotoColorEmoji.ttf")
        #expect(font.syntheticTraits.isEmpty)
    }

    @Test("A family that is not installed gives fontconfig's substitute")
    func uninstalledFamily() {
        let font = UIFont(descriptor: UIFontDescriptor(fontAttributes: [.family: "Helvetica Neue"]), size: 12)
        #expect(FontCollection.installed.faces(ofFamily: font.familyName).isEmpty == false)
    }

    @Test("matchingFontDescriptors lists the faces with the mandatory traits, best first")
    func matchingDescriptors() throws {
        let boldSans = UIFontDescriptor(fontAttributes: [
            .family: "DejaVu Sans", .traits: [UIFontDescriptor.TraitKey.symbolic: UIFontDescriptor.SymbolicTraits.traitBold],
        ])
        let all = boldSans.matchingFontDescriptors(withMandatoryKeys: [.family])
        #expect(all.count == 9)  // Book, Bold, Oblique, Bold Oblique, ExtraLight, and four Condensed
        #expect(all.first?.postscriptName == "DejaVuSans-Bold")
        let bold = boldSans.matchingFontDescriptors(withMandatoryKeys: nil)
        #expect(Set(bold.map(\.postscriptName)) == ["DejaVuSans-Bold", "DejaVuSans-BoldOblique",
                                                    "DejaVuSansCondensed-Bold", "DejaVuSansCondensed-BoldOblique"])
        #expect(bold.first?.postscriptName == "DejaVuSans-Bold")
        #expect(bold.allSatisfy { $0.symbolicTraits.contains(.traitBold) })
    }

    @Test("UIFont.Weight maps to OpenType and fontconfig weights and back")
    func weightMapping() {
        #expect(UIFont.Weight.ultraLight.openTypeWeight == 100)
        #expect(UIFont.Weight.thin.openTypeWeight == 200)
        #expect(UIFont.Weight.regular.openTypeWeight == 400)
        #expect(abs(UIFont.Weight.semibold.openTypeWeight - 600) < 1e-9)
        #expect(UIFont.Weight.black.openTypeWeight == 900)
        #expect(UIFont.Weight.regular.fontconfigWeight == 80)
        #expect(UIFont.Weight.bold.fontconfigWeight == 200)
        for w in [UIFont.Weight.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black] {
            #expect(abs(UIFont.Weight(fontconfigWeight: w.fontconfigWeight).rawValue - w.rawValue) < 1e-9)
        }
        #expect(UIFont.Weight(openTypeWeight: 450).rawValue > 0 && UIFont.Weight(openTypeWeight: 450) < .medium)
    }
}
