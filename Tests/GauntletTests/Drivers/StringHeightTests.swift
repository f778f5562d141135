import Foundation
import Testing
import UIKit

// Drives Ported/String+Height/String+Height.swift (WeChat-SwiftUI), compiled unchanged: the height
// `boundingRect(with:options: [.usesLineFragmentOrigin, .usesFontLeading])` gives a string at a
// width, ceiled. Apple documents that with .usesLineFragmentOrigin the rect is the height of the
// line fragments, each one lineHeight tall for plain text in one font (.usesFontLeading adds the
// font's leading, which lineHeight already includes).

@Suite("Gauntlet: String+Height")
struct StringHeightTests {
    static let font = UIFont(name: "DejaVu Sans", size: 17)!
    static let text = "The quick brown fox jumps over the lazy dog and keeps running across the field"

    @Test("A short string is one line tall")
    func oneLine() {
        let font = Self.font
        #expect("Hello".height(withConstrainedWidth: 300, font: font) == ceil(font.lineHeight))
    }

    @Test("Explicit newlines give one line each")
    func newlines() {
        let font = Self.font
        #expect("a\nb\nc".height(withConstrainedWidth: 1000, font: font) == ceil(3 * font.lineHeight))
    }

    @Test("A wrapping string is a whole number of lines tall, more lines as the width shrinks")
    func wrapping() {
        let font = Self.font
        let widths: [CGFloat] = [1000, 400, 200, 100, 60]
        let heights = widths.map { Self.text.height(withConstrainedWidth: $0, font: font) }
        #expect(heights[0] == ceil(font.lineHeight))
        for (wide, narrow) in zip(heights, heights.dropFirst()) {
            #expect(narrow >= wide)
        }
        #expect(heights[3] > heights[1])
        for height in heights {
            let lines = (height / font.lineHeight).rounded()
            #expect(height == ceil(lines * font.lineHeight), "height \(height) is not a whole number of lines")
        }
    }

    @Test("At width 100 the string wraps to the lines TextKit lays out")
    func matchesLayout() {
        let font = Self.font
        let storage = NSTextStorage(string: Self.text, attributes: [.font: font])
        let layoutManager = NSLayoutManager()
        let container = NSTextContainer(size: CGSize(width: 100, height: CGFloat.greatestFiniteMagnitude))
        container.lineFragmentPadding = 0
        layoutManager.addTextContainer(container)
        storage.addLayoutManager(layoutManager)
        defer { withExtendedLifetime(storage) {} }  // a layout manager holds its storage weakly
        var lines = 0
        layoutManager.enumerateLineFragments(forGlyphRange: layoutManager.glyphRange(for: container)) { _, _, _, _, _ in
            lines += 1
        }
        #expect(lines >= 3)
        #expect(Self.text.height(withConstrainedWidth: 100, font: font) == ceil(CGFloat(lines) * font.lineHeight))
    }

    @Test("A larger font gives a taller string")
    func largerFont() {
        let small = Self.text.height(withConstrainedWidth: 200, font: Self.font)
        let large = Self.text.height(withConstrainedWidth: 200, font: UIFont(name: "DejaVu Sans", size: 28)!)
        #expect(large > small)
    }
}
