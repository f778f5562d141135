import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// Records the overridable decoration and background hooks as they are called.
final class DecorationSpy: NSLayoutManager {
    var underlineRanges: [(range: NSRange, style: NSUnderlineStyle, line: NSRange)] = []
    var drawnUnderlines: [(range: NSRange, style: NSUnderlineStyle, baselineOffset: CGFloat)] = []
    var strikethroughRanges: [NSRange] = []
    var drawnStrikethroughs: [NSRange] = []
    var backgrounds: [(rects: [CGRect], characters: NSRange, color: UIColor)] = []

    override func underlineGlyphRange(_ glyphRange: NSRange, underlineType underlineVal: NSUnderlineStyle,
                                      lineFragmentRect lineRect: CGRect, lineFragmentGlyphRange lineGlyphRange: NSRange,
                                      containerOrigin: CGPoint) {
        underlineRanges.append((glyphRange, underlineVal, lineGlyphRange))
        super.underlineGlyphRange(glyphRange, underlineType: underlineVal, lineFragmentRect: lineRect,
                                  lineFragmentGlyphRange: lineGlyphRange, containerOrigin: containerOrigin)
    }

    override func drawUnderline(forGlyphRange glyphRange: NSRange, underlineType underlineVal: NSUnderlineStyle,
                                baselineOffset: CGFloat, lineFragmentRect lineRect: CGRect,
                                lineFragmentGlyphRange lineGlyphRange: NSRange, containerOrigin: CGPoint) {
        drawnUnderlines.append((glyphRange, underlineVal, baselineOffset))
        super.drawUnderline(forGlyphRange: glyphRange, underlineType: underlineVal, baselineOffset: baselineOffset,
                            lineFragmentRect: lineRect, lineFragmentGlyphRange: lineGlyphRange, containerOrigin: containerOrigin)
    }

    override func strikethroughGlyphRange(_ glyphRange: NSRange, strikethroughType strikethroughVal: NSUnderlineStyle,
                                          lineFragmentRect lineRect: CGRect, lineFragmentGlyphRange lineGlyphRange: NSRange,
                                          containerOrigin: CGPoint) {
        strikethroughRanges.append(glyphRange)
        super.strikethroughGlyphRange(glyphRange, strikethroughType: strikethroughVal, lineFragmentRect: lineRect,
                                      lineFragmentGlyphRange: lineGlyphRange, containerOrigin: containerOrigin)
    }

    override func drawStrikethrough(forGlyphRange glyphRange: NSRange, strikethroughType strikethroughVal: NSUnderlineStyle,
                                    baselineOffset: CGFloat, lineFragmentRect lineRect: CGRect,
                                    lineFragmentGlyphRange lineGlyphRange: NSRange, containerOrigin: CGPoint) {
        drawnStrikethroughs.append(glyphRange)
        super.drawStrikethrough(forGlyphRange: glyphRange, strikethroughType: strikethroughVal, baselineOffset: baselineOffset,
                                lineFragmentRect: lineRect, lineFragmentGlyphRange: lineGlyphRange, containerOrigin: containerOrigin)
    }

    override func fillBackgroundRectArray(_ rectArray: UnsafePointer<CGRect>, count rectCount: Int,
                                          forCharacterRange charRange: NSRange, color: UIColor) {
        backgrounds.append((Array(UnsafeBufferPointer(start: rectArray, count: rectCount)), charRange, color))
        super.fillBackgroundRectArray(rectArray, count: rectCount, forCharacterRange: charRange, color: color)
    }
}

/// The scenario: a subclass that outlines links instead of underlining them.
final class LinkOutliner: NSLayoutManager {
    var outlined: [(glyphs: NSRange, rect: CGRect)] = []

    override func drawUnderline(forGlyphRange glyphRange: NSRange, underlineType underlineVal: NSUnderlineStyle,
                                baselineOffset: CGFloat, lineFragmentRect lineRect: CGRect,
                                lineFragmentGlyphRange lineGlyphRange: NSRange, containerOrigin: CGPoint) {
        let characters = characterRange(forGlyphRange: glyphRange, actualGlyphRange: nil)
        guard let storage = textStorage, storage.attribute(.link, at: characters.location, effectiveRange: nil) != nil,
              let container = textContainer(forGlyphAt: glyphRange.location, effectiveRange: nil) else {
            return super.drawUnderline(forGlyphRange: glyphRange, underlineType: underlineVal, baselineOffset: baselineOffset,
                                       lineFragmentRect: lineRect, lineFragmentGlyphRange: lineGlyphRange,
                                       containerOrigin: containerOrigin)
        }
        let rect = boundingRect(forGlyphRange: glyphRange, in: container).offsetBy(dx: containerOrigin.x, dy: containerOrigin.y)
        outlined.append((glyphRange, rect))
        UIGraphicsGetCurrentContext()?.setStrokeColor(UIColor.magenta)
        UIGraphicsGetCurrentContext()?.stroke(rect.insetBy(dx: -1, dy: 0))
    }
}

@Suite("Drawing underlines, strikethroughs and backgrounds")
struct DrawingDecorationTests {
    typealias H = DrawingHarness

    static func underlined(_ string: String, _ style: NSUnderlineStyle, font: UIFont = DrawingHarness.serif(20),
                           extra: [NSAttributedString.Key: Any] = [:]) -> NSAttributedString {
        var attributes: [NSAttributedString.Key: Any] = [.font: font, .underlineStyle: style.rawValue]
        attributes.merge(extra) { $1 }
        return NSAttributedString(string: string, attributes: attributes)
    }

    /// The end points of each subpath of a stroke.
    static func segments(_ stroke: CGContext.Recording.Stroke) -> [(CGPoint, CGPoint)] {
        stroke.path.flattenedSubpaths().map { ($0.first!, $0.last!) }
    }

    @Test("A single underline sits at the font's underline position below the baseline with its thickness, under the glyphs")
    func singleUnderline() throws {
        let font = H.serif(20)
        let stack = H.stack(Self.underlined("Under", .single, font: font))
        let recording = H.record(stack, at: CGPoint(x: 10, y: 30))
        let stroke = try #require(recording.strokes.first)
        #expect(recording.strokes.count == 1)
        #expect(stroke.color == .black && stroke.lineWidth == font.underlineThickness && stroke.lineDash.isEmpty)
        let (a, b) = try #require(Self.segments(stroke).first)
        let baseline = 30 + H.baseline(ofGlyph: 0, stack.lm)
        #expect(abs(a.y - (baseline - font.underlinePosition)) < 1e-9 && a.y == b.y)
        #expect(font.underlinePosition < 0)
        let box = stack.rect(of: "Under")
        #expect(abs(a.x - (10 + box.minX)) < 1e-6 && abs(b.x - (10 + box.maxX)) < 1e-6)
    }

    @Test("Thick doubles the thickness; double draws two lines 2t apart; patterns dash the line")
    func stylesAndPatterns() throws {
        let font = H.serif(20)
        let t = font.underlineThickness
        func stroke(_ style: NSUnderlineStyle) throws -> CGContext.Recording.Stroke {
            try #require(H.record(H.stack(Self.underlined("Word", style, font: font))).strokes.first)
        }
        #expect(try stroke(.thick).lineWidth == 2 * t)
        let double = try stroke(.double)
        let lines = Self.segments(double)
        #expect(lines.count == 2 && double.lineWidth == t)
        #expect(abs(lines[1].0.y - lines[0].0.y - 2 * t) < 1e-9)
        let u = max(t, 1)
        #expect(try stroke([.single, .patternDot]).lineDash == [u, 2 * u])
        #expect(try stroke([.single, .patternDash]).lineDash == [4 * u, 2 * u])
        #expect(try stroke([.single, .patternDashDot]).lineDash == [4 * u, 2 * u, u, 2 * u])
        #expect(try stroke([.single, .patternDashDotDot]).lineDash == [4 * u, 2 * u, u, 2 * u, u, 2 * u])
        #expect(try stroke([.thick, .patternDash]).lineWidth == 2 * t)
        #expect(try stroke(.single).lineDash.isEmpty)
    }

    @Test(".byWord underlines the words and skips the spaces between them")
    func byWord() throws {
        let stack = H.stack(Self.underlined("one two  three", [.single, .byWord]))
        let recording = H.record(stack)
        let pieces = recording.strokes.flatMap { Self.segments($0) }
        #expect(pieces.count == 3)
        for (word, piece) in zip(["one", "two", "three"], pieces) {
            let box = stack.rect(of: word)
            #expect(abs(piece.0.x - box.minX) < 1e-6 && abs(piece.1.x - box.maxX) < 1e-6)
        }
    }

    @Test("Underline colour is .underlineColor, else the text colour; a line stays continuous across runs of one colour")
    func colourAndContinuity() throws {
        let text = NSMutableAttributedString(attributedString: Self.underlined("red ", .single, extra: [.foregroundColor: UIColor.red]))
        text.append(Self.underlined("green", .single, extra: [.underlineColor: UIColor.green]))
        text.append(Self.underlined(" same", .single, font: H.sans(14)))
        text.append(Self.underlined(" font", .single, font: H.serif(20)))
        let stack = H.stack(text)
        let recording = H.record(stack)
        #expect(recording.strokes.count == 3)
        #expect(recording.strokes.map(\.color) == [.red, .green, .black])
        // The last stroke spans both runs in black, at the lower of the two fonts' positions.
        let (a, b) = try #require(Self.segments(recording.strokes[2]).first)
        #expect(abs(a.x - stack.rect(of: " same").minX) < 1e-6 && abs(b.x - stack.rect(of: " font").maxX) < 1e-6)
        let lowest = min(H.sans(14).underlinePosition, H.serif(20).underlinePosition)
        #expect(abs(a.y - (H.baseline(ofGlyph: 0, stack.lm) - lowest)) < 1e-9)
        #expect(recording.strokes[2].lineWidth == max(H.sans(14).underlineThickness, H.serif(20).underlineThickness))
    }

    @Test("The trailing white space of a line is not underlined")
    func trailingWhitespace() throws {
        let stack = H.stack(Self.underlined("alpha beta gamma delta", .single), width: 90)
        let recording = H.record(stack)
        let lines = stack.storage.string.components(separatedBy: " ")
        #expect(recording.strokes.count >= 2)
        let first = try #require(recording.strokes.first.flatMap { Self.segments($0).first })
        // The first line is "alpha beta " (or "alpha "): its underline ends at the last letter.
        var lineRange = NSRange()
        _ = stack.lm.lineFragmentRect(forGlyphAt: 0, effectiveRange: &lineRange)
        let lastWord = lines.first { word in
            let r = stack.glyphRange(of: word)
            return r.location + r.length == lineRange.location + lineRange.length - 1
        }
        let word = try #require(lastWord)
        #expect(abs(first.1.x - stack.rect(of: word).maxX) < 1e-6)
    }

    @Test("A strikethrough goes through the font's strikethrough position with its thickness, in its colour")
    func strikethrough() throws {
        let font = H.serif(20)
        let text = NSMutableAttributedString(string: "struck", attributes: [.font: font, .strikethroughStyle: NSUnderlineStyle.single.rawValue])
        text.append(NSAttributedString(string: " red", attributes: [.font: font, .strikethroughStyle: NSUnderlineStyle.double.rawValue,
                                                                     .strikethroughColor: UIColor.red]))
        let stack = H.stack(text)
        let recording = H.record(stack)
        #expect(recording.strokes.count == 2)
        let (a, _) = try #require(Self.segments(recording.strokes[0]).first)
        let baseline = H.baseline(ofGlyph: 0, stack.lm)
        #expect(font.strikethroughPosition > 0)
        #expect(abs(a.y - (baseline - font.strikethroughPosition)) < 1e-9)
        #expect(recording.strokes[0].lineWidth == font.strikethroughThickness)
        #expect(recording.strokes[1].color == .red && Self.segments(recording.strokes[1]).count == 2)
    }

    @Test("Underlines go through underlineGlyphRange, then drawUnderline once per word for .byWord, without .byWord")
    func underlineHooks() throws {
        let spy = DecorationSpy()
        let text = NSMutableAttributedString(attributedString: Self.underlined("aa bb", [.single, .byWord]))
        text.append(NSAttributedString(string: " plain ", attributes: [.font: H.serif(20)]))
        text.append(NSAttributedString(string: "struck", attributes: [.font: H.serif(20), .strikethroughStyle: 1]))
        let stack = H.stack(text, layoutManager: spy)
        _ = H.record(stack)
        #expect(spy.underlineRanges.count == 1)
        #expect(spy.underlineRanges.first?.range == NSRange(location: 0, length: 5))
        #expect(spy.underlineRanges.first?.style == [.single, .byWord])
        #expect(spy.drawnUnderlines.map(\.range) == [NSRange(location: 0, length: 2), NSRange(location: 3, length: 2)])
        #expect(spy.drawnUnderlines.allSatisfy { $0.style == .single })
        // baselineOffset: from the bottom of the glyphs' bounds to their baseline (the descent).
        #expect(abs((spy.drawnUnderlines.first?.baselineOffset ?? 0) + H.serif(20).descender) < 1e-9)
        #expect(spy.strikethroughRanges == [stack.glyphRange(of: "struck")])
        #expect(spy.drawnStrikethroughs == [stack.glyphRange(of: "struck")])
    }

    @Test("A subclass that draws an outline around links: its override is called with each line's part of the link")
    func linkOutlines() throws {
        let outliner = LinkOutliner()
        let text = NSMutableAttributedString(string: "Read the ", attributes: [.font: H.serif(14)])
        text.append(NSAttributedString(string: "TextKit programming guide online", attributes: [
            .font: H.serif(14), .link: URL(string: "https://example.com/guide")!,
        ]))
        text.append(NSAttributedString(string: " today.", attributes: [.font: H.serif(14)]))
        let stack = H.stack(text, width: 200, layoutManager: outliner)
        let recording = H.record(stack, at: CGPoint(x: 20, y: 10))
        let link = stack.glyphRange(of: "TextKit programming guide online")
        var parts: [NSRange] = []
        stack.lm.enumerateLineFragments(forGlyphRange: link) { _, _, _, line, _ in
            var part = NSIntersectionRange(line, link)
            // Apple skips the white space that ends a line.
            while part.length > 0, stack.storage.string.utf16[stack.storage.string.utf16.index(stack.storage.string.utf16.startIndex,
                                                                                               offsetBy: part.location + part.length - 1)] == 0x20 {
                part.length -= 1
            }
            parts.append(part)
        }
        #expect(parts.count == 2)
        #expect(outliner.outlined.map(\.glyphs) == parts)
        let magenta = recording.strokes.filter { $0.color == .magenta }
        #expect(magenta.count == 2)
        for (outline, stroke) in zip(outliner.outlined, magenta) {
            #expect(stroke.bounds == outline.rect.insetBy(dx: -1, dy: 0))
            let container = stack.container
            #expect(outline.rect == stack.lm.boundingRect(forGlyphRange: outline.glyphs, in: container).offsetBy(dx: 20, dy: 10))
        }
        // No ordinary underline was drawn for the link.
        #expect(recording.strokes.filter { $0.color == UIColor.link }.isEmpty)
    }

    @Test("Background colours fill the glyphs' extent over the line's used height, through fillBackgroundRectArray")
    func backgrounds() throws {
        let spy = DecorationSpy()
        let yellow = UIColor.yellow
        let text = NSMutableAttributedString(string: "no ", attributes: [.font: H.serif(16)])
        text.append(NSAttributedString(string: "high", attributes: [.font: H.serif(16), .backgroundColor: yellow]))
        text.append(NSAttributedString(string: "lighted", attributes: [.font: H.sans(12), .backgroundColor: yellow]))
        text.append(NSAttributedString(string: " and a long highlighted stretch that wraps", attributes: [
            .font: H.serif(16), .backgroundColor: UIColor.cyan,
        ]))
        let stack = H.stack(text, width: 260, layoutManager: spy)
        let recording = H.record(stack, at: CGPoint(x: 7, y: 9))
        let first = try #require(spy.backgrounds.first)
        #expect(first.color == yellow && first.rects.count == 1)
        #expect(first.characters == NSRange(location: 3, length: 11))
        let box = stack.lm.boundingRect(forGlyphRange: NSRange(location: 3, length: 11), in: stack.container)
        let used = stack.lm.lineFragmentUsedRect(forGlyphAt: 3, effectiveRange: nil)
        #expect(first.rects[0] == CGRect(x: 7 + box.minX, y: 9 + used.minY, width: box.width, height: used.height))
        #expect(recording.fills(of: first.rects[0]).first?.color == yellow)
        // The cyan stretch wraps: one call per line.
        let cyan = spy.backgrounds.filter { $0.color == .cyan }
        #expect(cyan.count == 2)
        #expect(cyan.allSatisfy { $0.rects.count == 1 })
        // Backgrounds come before glyphs when drawn in TextKit's order.
        let firstFill = recording.operations.firstIndex { if case .fill = $0 { true } else { false } }
        let firstGlyphs = recording.operations.firstIndex { if case .glyphs = $0 { true } else { false } }
        #expect(firstFill! < firstGlyphs!)
    }

    @Test("On the image backend a background is yellow between the glyphs and a thick underline is a dark row under them")
    func pixels() throws {
        let font = H.serif(30)
        let stack = H.stack(NSAttributedString(string: "i i", attributes: [
            .font: font, .backgroundColor: UIColor.yellow, .underlineStyle: NSUnderlineStyle.thick.rawValue,
            .underlineColor: UIColor.blue,
        ]))
        let context = try CGContext(imageSize: CGSize(width: 120, height: 60), scale: 2)
        H.draw(stack.lm, in: context, at: CGPoint(x: 10, y: 5))
        let image = try #require(context.makeImage())
        // In the space between the two i's, above the underline: yellow.
        let space = stack.rect(of: " ")
        let x = Int((10 + space.midX) * 2)
        let top = try #require(image.rgba(atX: x, y: Int((5 + space.minY + 4) * 2)))
        #expect(top.r > 240 && top.g > 240 && top.b < 20)
        // On the underline's centre: blue.
        let y = 5 + H.baseline(ofGlyph: 0, stack.lm) - font.underlinePosition
        let line = try #require(image.rgba(atX: x, y: Int(y * 2)))
        #expect(line.b > 200 && line.r < 40)
        // Outside the text: transparent.
        #expect(image.rgba(atX: 230, y: 110)?.a == 0)
    }
}
