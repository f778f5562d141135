import Foundation
import OpenTextKit
import Testing

// Core Text client code written as it is written for iOS: attribute dictionaries keyed by the
// `kCT…` CFStrings, fonts registered from files, fallback fonts, run delegates that reserve room
// for images. Each snippet is in the iOS spelling; the tests check what it does.

/// Counts the pixels of `image` that are mostly red, green and blue.
private func colourCounts(_ image: CGImage) -> (red: Int, green: Int, blue: Int) {
    var counts = (red: 0, green: 0, blue: 0)
    for y in 0..<image.height {
        for x in 0..<image.width {
            guard let p = image.rgba(atX: x, y: y) else { continue }
            if p.r > 180 && p.g < 90 && p.b < 90 { counts.red += 1 }
            if p.g > 180 && p.r < 90 && p.b < 90 { counts.green += 1 }
            if p.b > 180 && p.r < 90 && p.g < 90 { counts.blue += 1 }
        }
    }
    return counts
}

@Suite("Ported Core Text code")
struct CoreTextPortingTests {
    // MARK: Attribute names

    @Test("kCT attribute names are CFStrings: `as String`, NSAttributedString.Key(…) and [String: Any] compile as on iOS")
    func attributeNamesAreCFStrings() {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 14, nil)
        // Three spellings iOS code uses.
        let key = NSAttributedString.Key(kCTFontAttributeName as String)
        let dictionary = [kCTFontAttributeName as String: font]
        let name: String = kCTForegroundColorAttributeName as String
        #expect(key == .font)
        #expect(dictionary["NSFont"] === font)
        #expect(name == "CTForegroundColor")
        #expect(NSAttributedString.Key(rawValue: kCTForegroundColorAttributeName as String).rawValue == "CTForegroundColor")
        // A Core Text dictionary typesets: the font given under kCTFontAttributeName is the run's.
        let string = CFAttributedStringCreate(nil, "Core Text" as CFString, dictionary as CFDictionary)!
        let line = CTLineCreateWithAttributedString(string)
        let run = (CTLineGetGlyphRuns(line) as! [CTRun])[0]
        let attributes = CTRunGetAttributes(run) as! [NSAttributedString.Key: Any]
        #expect((attributes[key] as? CTFont)?.fontName == font.fontName)
    }

    @Test("Text coloured with kCTForegroundColorAttributeName and with .foregroundColor: both colours drawn by Core Text")
    func bothColourSpellingsInCoreText() throws {
        let text = NSMutableAttributedString(string: "Red and blue")
        let whole = NSRange(location: 0, length: text.length)
        text.addAttribute(NSAttributedString.Key(kCTFontAttributeName as String),
                          value: CTFontCreateWithName("DejaVu Sans" as CFString, 24, nil), range: whole)
        text.addAttribute(NSAttributedString.Key(kCTForegroundColorAttributeName as String),
                          value: UIColor.red.cgColor, range: NSRange(location: 0, length: 3))
        text.addAttribute(.foregroundColor, value: UIColor.blue, range: NSRange(location: 8, length: 4))
        let line = CTLineCreateWithAttributedString(text as CFAttributedString)

        let size = CGSize(width: 220, height: 50)
        let image = UIGraphicsImageRenderer(size: size).image { rendererContext in
            let context = rendererContext.cgContext
            UIColor.white.setFill()
            context.fill(CGRect(origin: .zero, size: size))
            context.textMatrix = .identity
            context.translateBy(x: 0, y: size.height)
            context.scaleBy(x: 1, y: -1)
            context.textPosition = CGPoint(x: 5, y: 15)
            CTLineDraw(line, context)
        }
        let counts = colourCounts(try #require(image.cgImage))
        #expect(counts.red > 50)
        #expect(counts.blue > 50)
    }

    @Test("kCTForegroundColorAttributeName colours text drawn by UIKit string drawing and a layout manager too")
    func coreTextColourInTextKit() throws {
        let text = NSAttributedString(string: "Colour", attributes: [
            .font: UIFont(name: "DejaVu Sans", size: 24)!,
            NSAttributedString.Key(kCTForegroundColorAttributeName as String): UIColor.green.cgColor,
        ])
        let size = CGSize(width: 200, height: 40)
        let image = UIGraphicsImageRenderer(size: size).image { _ in
            UIColor.white.setFill()
            UIRectFill(CGRect(origin: .zero, size: size))
            text.draw(at: CGPoint(x: 4, y: 4))
        }
        #expect(colourCounts(try #require(image.cgImage)).green > 50)

        // UIKit's key wins over Core Text's in the TextKit layer, as each layer reads its own first.
        let both = NSMutableAttributedString(attributedString: text)
        both.addAttribute(.foregroundColor, value: UIColor.blue, range: NSRange(location: 0, length: both.length))
        let storage = NSTextStorage(attributedString: both)
        let layoutManager = NSLayoutManager()
        storage.addLayoutManager(layoutManager)
        layoutManager.addTextContainer(NSTextContainer(size: CGSize(width: 200, height: 100)))
        let drawn = UIGraphicsImageRenderer(size: size).image { _ in
            UIColor.white.setFill()
            UIRectFill(CGRect(origin: .zero, size: size))
            layoutManager.drawGlyphs(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs), at: .zero)
        }
        let counts = colourCounts(try #require(drawn.cgImage))
        #expect(counts.blue > 50 && counts.green == 0)
    }
}
