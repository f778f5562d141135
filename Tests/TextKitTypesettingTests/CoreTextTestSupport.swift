import Testing
@testable import TextKitTypesetting
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// Helpers for the Core Text API tests.
enum CT {
    static func string(_ text: String, font: UIFont = TestFonts.dejaVuSerif(12),
                       _ extra: [NSAttributedString.Key: Any] = [:]) -> NSAttributedString {
        var attributes: [NSAttributedString.Key: Any] = [NSAttributedString.Key(kCTFontAttributeName as String): font]
        attributes.merge(extra) { $1 }
        return NSAttributedString(string: text, attributes: attributes)
    }

    static func runs(_ line: CTLine) -> [CTRun] { CTLineGetGlyphRuns(line) }

    static func positions(_ run: CTRun) -> [CGPoint] {
        var points = [CGPoint](repeating: .zero, count: CTRunGetGlyphCount(run))
        CTRunGetPositions(run, CFRangeMake(0, 0), &points)
        return points
    }

    static func advances(_ run: CTRun) -> [CGSize] {
        var sizes = [CGSize](repeating: .zero, count: CTRunGetGlyphCount(run))
        CTRunGetAdvances(run, CFRangeMake(0, 0), &sizes)
        return sizes
    }

    static func glyphs(_ run: CTRun) -> [CGGlyph] {
        var glyphs = [CGGlyph](repeating: 0, count: CTRunGetGlyphCount(run))
        CTRunGetGlyphs(run, CFRangeMake(0, 0), &glyphs)
        return glyphs
    }

    static func indices(_ run: CTRun) -> [CFIndex] {
        var indices = [CFIndex](repeating: 0, count: CTRunGetGlyphCount(run))
        CTRunGetStringIndices(run, CFRangeMake(0, 0), &indices)
        return indices
    }

    static func width(_ line: CTLine) -> Double { CTLineGetTypographicBounds(line, nil, nil, nil) }

    /// The text of `range` of `string`.
    static func text(_ string: NSAttributedString, _ range: CFRange) -> String {
        String(decoding: Array(string.string.utf16)[range.location..<(range.location + range.length)], as: UTF16.self)
    }

    /// A white image context.
    static func canvas(_ width: CGFloat, _ height: CGFloat) throws -> CGContext {
        let context = try CGContext(imageSize: CGSize(width: width, height: height))
        context.setFillColor(UIColor.white)
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        return context
    }

    /// A white canvas flipped as Core Text code on iOS flips a UIKit context: y up, origin at the
    /// bottom left.
    static func flippedCanvas(_ width: CGFloat, _ height: CGFloat) throws -> CGContext {
        let context = try canvas(width, height)
        context.textMatrix = .identity
        context.translateBy(x: 0, y: height)
        context.scaleBy(x: 1, y: -1)
        return context
    }

    /// Rows and columns of the pixels darker than mid-grey: (minX, minY, maxX, maxY), or nil.
    static func inkBox(_ image: CGImage) -> (Int, Int, Int, Int)? {
        var box: (Int, Int, Int, Int)?
        for y in 0..<image.height {
            for x in 0..<image.width {
                guard let p = image.rgba(atX: x, y: y), Int(p.r) + Int(p.g) + Int(p.b) < 384 else { continue }
                if let b = box { box = (min(b.0, x), min(b.1, y), max(b.2, x), max(b.3, y)) } else { box = (x, y, x, y) }
            }
        }
        return box
    }
}
