import Foundation
import Testing
@testable import TextKitGraphics

@Suite("UIColor and CGColor")
struct ColorTests {
    func components(_ color: UIColor) -> [CGFloat] {
        var (r, g, b, a) = (CGFloat(0), CGFloat(0), CGFloat(0), CGFloat(0))
        color.getRed(&r, green: &g, blue: &b, alpha: &a)
        return [r, g, b, a]
    }

    @Test("Hex strings parse in their four forms and bad ones give nil")
    func hex() {
        #expect(UIColor(hex: "#FF8000").map(components) == [1, 128.0 / 255, 0, 1])
        #expect(UIColor(hex: "ff800080")?.alpha == 128.0 / 255)
        #expect(UIColor(hex: "#0F0").map(components) == [0, 1, 0, 1])
        #expect(UIColor(hex: "  0x00f ").map(components) == [0, 0, 1, 1])
        #expect(UIColor(hex: "#F008")?.alpha == 136.0 / 255)
        for bad in ["", "#", "#12", "#12345", "#GGGGGG", "red", "#1234567", "+FFF"] {
            #expect(UIColor(hex: bad) == nil, "\(bad)")
        }
    }

    @Test("Hue, saturation and brightness convert both ways")
    func hsb() {
        #expect(components(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1)) == [1, 0, 0, 1])
        func rounded(_ c: [CGFloat]) -> [CGFloat] { c.map { ($0 * 1e9).rounded() / 1e9 } }
        let expectedGreen: [CGFloat] = [0, 1, 0, 1], expectedTeal: [CGFloat] = [0.4, 0.8, 0.8, 0.3]
        #expect(rounded(components(UIColor(hue: 1.0 / 3, saturation: 1, brightness: 1, alpha: 1))) == expectedGreen)
        #expect(rounded(components(UIColor(hue: 0.5, saturation: 0.5, brightness: 0.8, alpha: 0.3))) == expectedTeal)
        var (h, s, v, a) = (CGFloat(0), CGFloat(0), CGFloat(0), CGFloat(0))
        UIColor(red: 0.4, green: 0.8, blue: 0.8, alpha: 0.3).getHue(&h, saturation: &s, brightness: &v, alpha: &a)
        #expect(abs(h - 0.5) < 1e-12 && abs(s - 0.5) < 1e-12 && abs(v - 0.8) < 1e-12 && a == 0.3)
    }

    @Test("getWhite succeeds for greys only")
    func white() {
        var (w, a) = (CGFloat(-1), CGFloat(-1))
        #expect(UIColor(white: 0.25, alpha: 0.5).getWhite(&w, alpha: &a))
        #expect(w == 0.25 && a == 0.5)
        #expect(!UIColor.red.getWhite(&w, alpha: &a))
    }

    @Test("Named colours have UIKit's values (light mode for the semantic ones)")
    func named() {
        #expect(components(.orange) == [1, 0.5, 0, 1])
        let third: CGFloat = 1.0 / 3
        #expect(components(.darkGray) == [third, third, third, 1])
        #expect(components(.clear) == [0, 0, 0, 0])
        #expect(components(.label) == [0, 0, 0, 1])
        #expect(UIColor.systemBlue == UIColor(hex: "#007AFF"))
        #expect(UIColor.link == UIColor.systemBlue)
        #expect(UIColor.secondaryLabel.alpha == 0.6)
        #expect(UIColor.systemBackground == .white)
    }

    @Test("withAlphaComponent and cgColor keep the colour")
    func cgColor() {
        let color = UIColor.purple.withAlphaComponent(0.25)
        #expect(components(color) == [0.5, 0, 0.5, 0.25])
        #expect(color.cgColor.components == [0.5, 0, 0.5, 0.25])
        #expect(color.cgColor.alpha == 0.25 && color.cgColor.numberOfComponents == 4)
        #expect(UIColor(cgColor: CGColor(gray: 0.5, alpha: 1)) == UIColor.gray)
        #expect(CGColor.black.numberOfComponents == 2)
        #expect(CGColor.white.copy(alpha: 0.5)?.alpha == 0.5)
        #expect(UIColor(cgColor: color.cgColor) == color)
    }
}
