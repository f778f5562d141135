import Foundation
import Testing
import TextKitGraphics
@testable import TextKitFonts

@Suite("Font descriptors and font identity")
struct FontDescriptorTests {
    @Test("fontAttributes round-trip through init(fontAttributes:)")
    func attributesRoundTrip() throws {
        let original = UIFontDescriptor(fontAttributes: [
            .family: "DejaVu Serif", .size: 14,
            .traits: [UIFontDescriptor.TraitKey.symbolic: UIFontDescriptor.SymbolicTraits.traitBold.rawValue,
                      .weight: UIFont.Weight.bold],
            .featureSettings: [[UIFontDescriptor.FeatureKey.openTypeFeatureTag: "smcp",
                                .openTypeFeatureValue: 1]],
            .matrix: CGAffineTransform(scaleX: 1, y: 2),
        ])
        let copy = UIFontDescriptor(fontAttributes: original.fontAttributes)
        #expect(copy == original)
        #expect(copy.hashValue == original.hashValue)
        #expect(copy.pointSize == 14)
        #expect(copy.symbolicTraits == .traitBold)
        #expect(copy.featureSettings == [FontFeature(tag: "smcp", value: 1)])
        #expect(copy.matrix == CGAffineTransform(scaleX: 1, y: 2))
        #expect(copy.fontAttributes[.family] as? String == "DejaVu Serif")
    }

    @Test("AAT feature pairs translate to OpenType features")
    func aatFeatures() {
        let descriptor = UIFontDescriptor(fontAttributes: [.featureSettings: [
            [UIFontDescriptor.FeatureKey.type: 6, .selector: 0],       // monospaced numbers
            [UIFontDescriptor.FeatureKey.featureIdentifier: 37, .typeIdentifier: 1],  // lower-case small caps
            [UIFontDescriptor.FeatureKey.type: 35, .selector: 6],      // stylistic set 3 on
            [UIFontDescriptor.FeatureKey.type: 1, .selector: 3],       // common ligatures off
            [UIFontDescriptor.FeatureKey.type: 999, .selector: 0],     // unknown: dropped
        ]])
        #expect(descriptor.featureSettings.map(\.description) == ["tnum", "smcp", "ss03", "-liga"])
        #expect(FontFeature(tag: "cv1").tag == "cv1 ")
        #expect(FontFeature.smallCaps.hbFeature.tag == 0x736D_6370)
        #expect(FontFeature.noStandardLigatures.hbFeature.value == 0)
    }

    @Test("Equal fonts compare and hash equal; size, features and synthesis tell fonts apart")
    func fontIdentity() throws {
        let a = try #require(UIFont(name: "DejaVu Sans", size: 12))
        let b = try #require(UIFont(name: "DejaVuSans", size: 12))
        let c = UIFont(descriptor: UIFontDescriptor(fontAttributes: [.family: "DejaVu Sans"]), size: 12)
        #expect(a == b && b == c)
        #expect(Set([a, b, c]).count == 1)
        #expect(a !== b)
        #expect(a.face === b.face)
        #expect(a != a.withSize(13))
        #expect(a.withSize(13).withSize(12) == a)
        let smallCaps = UIFont(descriptor: a.fontDescriptor.addingAttributes([.featureSettings: [FontFeature.smallCaps]]), size: 0)
        #expect(smallCaps != a)
        #expect(smallCaps.pointSize == 12)
        #expect(smallCaps.withSize(20).featureSettings == [.smallCaps])
        let dictionary: [UIFont: Int] = [a: 1, smallCaps: 2]
        #expect(dictionary[c] == 1)
        // Shaping is size-independent: sizes share a shaping key, features do not.
        #expect(a.shapingKey == a.withSize(40).shapingKey)
        #expect(a.shapingKey != smallCaps.shapingKey)
    }

    @Test("A font's descriptor names its face and recreates an equal font")
    func fontDescriptorRecreates() throws {
        let font = try #require(UIFont(name: "DejaVu Serif Bold Italic", size: 18))
        let d = font.fontDescriptor
        #expect(d.postscriptName == "DejaVuSerif-BoldItalic")
        #expect(d.fontAttributes[.family] as? String == "DejaVu Serif")
        #expect(d.fontAttributes[.face] as? String == "Bold Italic")
        #expect(d.pointSize == 18)
        #expect(d.symbolicTraits.isSuperset(of: [.traitBold, .traitItalic]))
        #expect(UIFont(descriptor: d, size: 0) == font)
    }

    @Test("withFamily, withFace, withSize and withMatrix derive descriptors")
    func derivedDescriptors() throws {
        let base = UIFontDescriptor(name: "DejaVuSerif-Bold", size: 10)
        let sans = base.withFamily("DejaVu Sans")
        #expect(UIFont(descriptor: sans, size: 0).fontName == "DejaVuSans")
        let obliqueFace = UIFontDescriptor(fontAttributes: [.family: "DejaVu Sans"]).withFace("Bold Oblique")
        #expect(UIFont(descriptor: obliqueFace, size: 0).fontName == "DejaVuSans-BoldOblique")
        #expect(base.withSize(30).pointSize == 30)
        #expect(base.withMatrix(CGAffineTransform(rotationAngle: 0.5)).matrix == CGAffineTransform(rotationAngle: 0.5))
        let font = UIFont(descriptor: base.withMatrix(CGAffineTransform(scaleX: 2, y: 1)), size: 0)
        #expect(font.matrix == CGAffineTransform(scaleX: 2, y: 1))
        #expect(font.pointSize == 10)
    }
}
