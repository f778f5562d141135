import Testing
@testable import TextKit
import TextKitFonts
@testable import TextKitGraphics
import TextKitModel

/// A layout manager that records the graphics state each `showCGGlyphs` call finds (TextKit sets
/// colours, outline and shadow before the call) and may change the fill colour.
final class ShowGlyphsSpy: NSLayoutManager {
    struct Call {
        var glyphCount: Int
        var font: UIFont
        var textMatrix: CGAffineTransform
        var fill: UIColor
        var stroke: UIColor
        var lineWidth: CGFloat
        var mode: CGTextDrawingMode
        var shadow: CGShadow?
        var attributes: [NSAttributedString.Key: Any]
    }
    var calls: [Call] = []
    var recolour: UIColor?

    override func showCGGlyphs(_ glyphs: UnsafePointer<CGGlyph>, positions: UnsafePointer<CGPoint>, count glyphCount: Int,
                               font: UIFont, textMatrix: CGAffineTransform, attributes: [NSAttributedString.Key: Any] = [:],
                               in context: CGContext) {
        calls.append(Call(glyphCount: glyphCount, font: font, textMatrix: textMatrix, fill: context.state.fillColor,
                          stroke: context.state.strokeColor, lineWidth: context.state.lineWidth,
                          mode: context.state.textDrawingMode, shadow: context.state.shadow, attributes: attributes))
        if let recolour { context.setFillColor(recolour) }
        super.showCGGlyphs(glyphs, positions: positions, count: glyphCount, font: font, textMatrix: textMatrix,
                           attributes: attributes, in: context)
    }
}

@Suite("Drawing glyphs")
struct DrawingGlyphTests {
    typealias H = DrawingHarness

    @Test("Glyphs draw in the foreground colour (black by default) at their laid-out positions, with their text")
    func coloursAndPositions() {
        let text = NSMutableAttributedString(string: "Plain ", attributes: [.font: H.serif(14)])
        text.append(NSAttributedString(string: "red", attributes: [.font: H.serif(14), .foregroundColor: UIColor.red]))
        let stack = H.stack(text)
        let recording = H.record(stack, at: CGPoint(x: 10, y: 20))
        #expect(recording.text == "Plain red")
        let red = recording.glyphRuns(in: .red)
        #expect(red.count == 1 && red.first?.text == "red")
        #expect(recording.glyphRuns(containing: "Plain").first?.color == .black)
        // The first glyph of "red" sits at its layout location, moved by the origin.
        let g = H.glyphRange(of: "red", in: stack.storage, stack.lm).location
        let expected = CGPoint(x: 10 + stack.lm.location(forGlyphAt: g).x, y: 20 + H.baseline(ofGlyph: g, stack.lm))
        let drawn = red.first!.positions[0]
        #expect(abs(drawn.x - expected.x) < 0.001 && abs(drawn.y - expected.y) < 0.001)
        #expect(red.first!.fontSize == 14)
    }

    @Test("Nothing is drawn and nothing traps without a current context")
    func noContext() {
        let stack = H.stack(NSAttributedString(string: "Hello", attributes: [.font: H.serif()]))
        let context = CGContext(recordingSize: CGSize(width: 100, height: 100))
        UIGraphicsPushContext(context)
        UIGraphicsPopContext()
        stack.lm.drawBackground(forGlyphRange: NSRange(location: 0, length: 5), at: .zero)
        stack.lm.drawGlyphs(forGlyphRange: NSRange(location: 0, length: 5), at: .zero)
        #expect(context.recording!.operations.isEmpty)
    }

    @Test("Only the glyphs asked for are drawn")
    func partialRange() {
        let stack = H.stack(NSAttributedString(string: "alpha beta gamma", attributes: [.font: H.serif()]))
        let recording = H.record(stack, range: H.glyphRange(of: "beta", in: stack.storage, stack.lm))
        #expect(recording.text == "beta")
    }

    @Test("A positive stroke width outlines, a negative one fills and strokes; the width is a percentage of the point size")
    func strokeWidth() {
        let text = NSMutableAttributedString(string: "Out", attributes: [.font: H.sans(20), .strokeWidth: 3, .foregroundColor: UIColor.blue])
        text.append(NSAttributedString(string: "Both", attributes: [.font: H.sans(20), .strokeWidth: -5, .strokeColor: UIColor.red,
                                                                    .foregroundColor: UIColor.yellow]))
        text.append(NSAttributedString(string: "Fill", attributes: [.font: H.sans(20)]))
        let spy = ShowGlyphsSpy()
        let stack = H.stack(text, layoutManager: spy)
        let recording = H.record(stack)
        #expect(spy.calls.count == 3)
        #expect(spy.calls[0].mode == .stroke && spy.calls[0].stroke == .blue && abs(spy.calls[0].lineWidth - 0.6) < 1e-9)
        #expect(spy.calls[1].mode == .fillStroke && spy.calls[1].fill == .yellow && spy.calls[1].stroke == .red)
        #expect(abs(spy.calls[1].lineWidth - 1.0) < 1e-9)
        #expect(spy.calls[2].mode == .fill)
        #expect(recording.glyphRuns(containing: "Out").first?.drawingMode == .stroke)
        #expect(recording.glyphRuns(containing: "Out").first?.color == .blue)
        #expect(recording.glyphRuns(containing: "Both").first?.drawingMode == .fillStroke)
    }

    @Test("An NSShadow is set on the context while its glyphs draw, and only then")
    func shadow() {
        let shadow = NSShadow()
        shadow.shadowOffset = CGSize(width: 2, height: 3)
        shadow.shadowBlurRadius = 4
        shadow.shadowColor = UIColor.green
        let text = NSMutableAttributedString(string: "Shade", attributes: [.font: H.serif(), .shadow: shadow])
        text.append(NSAttributedString(string: " plain", attributes: [.font: H.serif()]))
        let recording = H.record(H.stack(text))
        let shaded = recording.glyphRuns(containing: "Shade").first
        #expect(shaded?.state.shadow == CGShadow(offset: CGSize(width: 2, height: 3), blur: 4, color: .green))
        #expect(recording.glyphRuns(containing: "plain").first?.state.shadow == nil)
        // A shadow without a colour is black at one third opacity, as UIKit.
        let grey = NSShadow()
        let recording2 = H.record(H.stack(NSAttributedString(string: "x", attributes: [.shadow: grey, .font: H.serif()])))
        #expect(recording2.glyphRuns.first?.state.shadow?.color == UIColor(white: 0, alpha: 1.0 / 3.0))
        #expect(recording2.glyphRuns.first?.state.shadow?.offset == CGSize(width: 0, height: -3))
    }

    @Test("Obliqueness shears the text matrix; expansion scales it and widens the advances")
    func obliquenessAndExpansion() {
        let text = NSMutableAttributedString(string: "lean", attributes: [.font: H.serif(), .obliqueness: 0.25])
        text.append(NSAttributedString(string: "wide", attributes: [.font: H.serif(), .expansion: 0.3]))
        text.append(NSAttributedString(string: "wide", attributes: [.font: H.serif()]))
        let recording = H.record(H.stack(text))
        let lean = recording.glyphRuns(containing: "lean").first!
        #expect(lean.textMatrix.c == 0.25 && lean.textMatrix.a == 1 && lean.textMatrix.d == 1)
        let runs = recording.glyphRuns(containing: "wide")
        #expect(runs.count == 2)
        let scale = exp(CGFloat(0.3))
        #expect(abs(runs[0].textMatrix.a - scale) < 1e-6 && runs[0].textMatrix.c == 0)
        #expect(runs[1].textMatrix.isIdentity)
        // Advances include the expansion: the wide run is `scale` times wider.
        let wideWidth = runs[0].positions[3].x - runs[0].positions[0].x
        let plainWidth = runs[1].positions[3].x - runs[1].positions[0].x
        #expect(abs(wideWidth / plainWidth - scale) < 0.01)
    }

    @Test("Synthetic bold fills and strokes by the bold strength; synthetic oblique shears by 12 degrees")
    func syntheticTraits() {
        let bold = syntheticFont(bold: true, size: 24)
        let oblique = syntheticFont(bold: false, size: 24)
        #expect(bold.syntheticTraits == .bold && oblique.syntheticTraits == .oblique)
        let text = NSMutableAttributedString(string: "Bold", attributes: [.font: bold, .foregroundColor: UIColor.purple])
        text.append(NSAttributedString(string: "Slant", attributes: [.font: oblique]))
        let spy = ShowGlyphsSpy()
        _ = H.record(H.stack(text, layoutManager: spy))
        #expect(spy.calls.count == 2)
        #expect(spy.calls[0].mode == .fillStroke && spy.calls[0].lineWidth == bold.syntheticBoldStrength)
        #expect(spy.calls[0].stroke == .purple && spy.calls[0].lineWidth == 1)
        #expect(spy.calls[1].mode == .fill)
        #expect(abs(spy.calls[1].textMatrix.c - UIFont.syntheticObliqueShear) < 1e-12)
    }

    @Test("Letterpress draws a light copy of the outlines below the glyphs and a darker one above, before them")
    func letterpress() throws {
        let text = NSAttributedString(string: "Press", attributes: [
            .font: H.sans(24), .foregroundColor: UIColor(white: 0.4, alpha: 1),
            .textEffect: NSAttributedString.TextEffectStyle.letterpressStyle,
        ])
        let recording = H.record(H.stack(text))
        let operations = recording.operations
        let glyphIndex = try #require(operations.firstIndex { if case .glyphs = $0 { true } else { false } })
        let fills = operations[..<glyphIndex].compactMap { if case .fill(let f) = $0 { f } else { nil } }
        #expect(fills.count == 2)
        let light = try #require(fills.first { $0.color.red > 0.9 })
        let dark = try #require(fills.first { $0.color.red < 0.4 })
        // Same outlines, 1.5 points apart: the light one lower.
        #expect(abs(light.bounds.minY - dark.bounds.minY - 1.5) < 0.01)
        #expect(abs(light.bounds.width - dark.bounds.width) < 0.01)
        // The glyphs themselves are the only text.
        #expect(recording.text == "Press")
    }

    @Test("An attachment's image is drawn in its bounds at the attachment glyph, instead of a glyph")
    func attachmentImage() throws {
        let image = makeTestImage(size: 16)
        let attachment = NSTextAttachment(image: image)
        attachment.bounds = CGRect(x: 1, y: -3, width: 16, height: 16)
        let text = NSMutableAttributedString(string: "Pic ", attributes: [.font: H.serif(14)])
        text.append(NSAttributedString(attachment: attachment))
        text.append(NSAttributedString(string: " end", attributes: [.font: H.serif(14)]))
        let stack = H.stack(text)
        let recording = H.record(stack, at: CGPoint(x: 5, y: 7))
        let drawn = try #require(recording.images.first)
        let g = stack.lm.glyphIndexForCharacter(at: (stack.storage.string as NSString).range(of: "\u{FFFC}").location)
        let pen = stack.lm.location(forGlyphAt: g).x
        let baseline = H.baseline(ofGlyph: g, stack.lm)
        #expect(drawn.rect == CGRect(x: 5 + pen + 1, y: 7 + baseline - 13, width: 16, height: 16))
        #expect(drawn.isUpright)
        #expect(!recording.text.contains("\u{FFFC}"))
        #expect(recording.text == "Pic  end")
    }

    @Test("Glyph text and clusters reach the context through showCGGlyphs, even when a subclass overrides it")
    func searchableText() throws {
        let libertine = try UIFont(url: URL(fileURLWithPath: "/usr/share/fonts/opentype/linux-libertine/LinLibertine_R.otf"), size: 14)
        let spy = ShowGlyphsSpy()
        let stack = H.stack(NSAttributedString(string: "office affluent", attributes: [.font: libertine]), layoutManager: spy)
        let recording = H.record(stack)
        let run = try #require(recording.glyphRuns.first)
        #expect(run.text == "office affluent")
        // The ligatures are clusters of several characters and one glyph.
        #expect(run.glyphs.count < 15)
        #expect(run.clusters?.contains(GlyphCluster(utf16Count: 3, glyphCount: 1)) == true)
        #expect(spy.calls.count == 1 && spy.calls[0].glyphCount == run.glyphs.count)
    }

    @Test("A subclass that sets the fill colour in showCGGlyphs recolours the glyphs (the context is set up before the call)")
    func overrideRecolours() {
        let spy = ShowGlyphsSpy()
        spy.recolour = .orange
        let stack = H.stack(NSAttributedString(string: "tint", attributes: [.font: H.serif(), .foregroundColor: UIColor.blue]),
                                 layoutManager: spy)
        let recording = H.record(stack)
        #expect(spy.calls.first?.fill == .blue)
        #expect(recording.glyphRuns.first?.color == .orange)
    }

    @Test("Links draw in the link colour over their own foreground colour, underlined, as TextKit on iOS")
    func linkColour() {
        let text = NSMutableAttributedString(string: "see ", attributes: [.font: H.serif()])
        text.append(NSAttributedString(string: "docs", attributes: [.font: H.serif(), .link: URL(string: "https://example.com")!,
                                                                     .foregroundColor: UIColor.red]))
        text.append(NSAttributedString(string: " and ", attributes: [.font: H.serif()]))
        text.append(NSAttributedString(string: "more", attributes: [.font: H.serif(), .link: "https://example.org",
                                                                     .underlineStyle: NSUnderlineStyle.double.rawValue,
                                                                     .underlineColor: UIColor.green]))
        let recording = H.record(H.stack(text))
        #expect(recording.glyphRuns(containing: "docs").first?.color == UIColor.link)
        #expect(recording.glyphRuns(containing: "more").first?.color == UIColor.link)
        let linkStrokes = recording.strokes.filter { $0.color == UIColor.link }
        #expect(linkStrokes.count == 1)
        let green = recording.strokes.filter { $0.color == .green }
        #expect(green.count == 1 && green.first.map { $0.path.flattenedSubpaths().count } == 2)
    }

    @Test("A link gets a link area over each line's part of it, covering its glyphs and the line's height")
    func linkAreas() throws {
        let text = NSMutableAttributedString(string: "A rather long sentence with ", attributes: [.font: H.serif()])
        let url = URL(string: "https://example.com/wrapped")!
        text.append(NSAttributedString(string: "a link that wraps onto the next line", attributes: [.font: H.serif(), .link: url]))
        text.append(NSAttributedString(string: " and more.", attributes: [.font: H.serif()]))
        let stack = H.stack(text, width: 220)
        let recording = H.record(stack, at: CGPoint(x: 3, y: 4))
        let links = recording.links
        #expect(links.count == 2)
        #expect(links.allSatisfy { $0.url == url })
        let linkGlyphs = H.glyphRange(of: "a link that wraps onto the next line", in: stack.storage, stack.lm)
        var expected: [CGRect] = []
        stack.lm.enumerateLineFragments(forGlyphRange: linkGlyphs) { _, used, container, lineGlyphs, _ in
            let box = stack.lm.boundingRect(forGlyphRange: NSIntersectionRange(lineGlyphs, linkGlyphs), in: container)
            expected.append(CGRect(x: box.minX + 3, y: used.minY + 4, width: box.width, height: used.height))
        }
        #expect(links.count == expected.count)
        for (link, want) in zip(links, expected) {
            #expect(abs(link.rect.minX - want.minX) < 0.01 && abs(link.rect.maxX - want.maxX) < 0.01)
            #expect(abs(link.rect.minY - want.minY) < 0.01 && abs(link.rect.height - want.height) < 0.01)
        }
    }

    @Test("Invisible characters draw as grey outlines without moving any glyph")
    func invisibles() {
        let text = NSAttributedString(string: "a b\tc\n", attributes: [.font: H.sans(12)])
        let stack = H.stack(text)
        let before = H.record(stack)
        stack.lm.showsInvisibleCharacters = true
        let after = H.record(stack)
        #expect(before.fills.isEmpty)
        let grey = after.fills(in: .lightGray)
        #expect(grey.count == 1)
        // Three symbols (·, →, ¶) make one path of several contours.
        #expect(grey.first.map { $0.path.flattenedSubpaths().count } ?? 0 >= 3)
        #expect(after.glyphRuns.map(\.positions) == before.glyphRuns.map(\.positions))
        #expect(after.text == before.text)
        // Control characters only with showsControlCharacters.
        let bell = H.stack(NSAttributedString(string: "a\u{7}b", attributes: [.font: H.sans(12)]))
        #expect(H.record(bell).fills.isEmpty)
        bell.lm.showsControlCharacters = true
        #expect(H.record(bell).fills(in: .lightGray).count == 1)
    }

    @Test("A red glyph's pixels are red on the image backend")
    func redPixels() throws {
        let stack = H.stack(NSAttributedString(string: "█", attributes: [.font: H.sans(40), .foregroundColor: UIColor.red]))
        let context = try CGContext(imageSize: CGSize(width: 60, height: 60))
        H.draw(stack.lm, in: context, at: CGPoint(x: 5, y: 5))
        let image = try #require(context.makeImage())
        // The full block spans the line: its middle is solid red.
        let pixel = try #require(image.rgba(atX: 20, y: 30))
        #expect(pixel.r > 240 && pixel.g < 15 && pixel.b < 15 && pixel.a > 240)
        #expect(image.rgba(atX: 58, y: 58)?.a == 0)
    }

    @Test("A truncated line draws its ellipsis once and not the hidden glyphs")
    func truncation() {
        let style = NSMutableParagraphStyle()
        style.lineBreakMode = .byTruncatingTail
        let text = NSAttributedString(string: "A line far too long for its narrow container", attributes: [.font: H.serif(), .paragraphStyle: style])
        let recording = H.record(H.stack(text, width: 120))
        #expect(recording.text.hasSuffix("\u{2026}"))
        #expect(recording.text.filter { $0 == "\u{2026}" }.count == 1)
        #expect(!recording.text.contains("container"))
    }

    @Test("Right-to-left runs are drawn right to left with their text in logical order")
    func rightToLeft() throws {
        let stack = H.stack(NSAttributedString(string: "abc שלום def", attributes: [.font: H.sans()]))
        let recording = H.record(stack)
        let hebrew = try #require(recording.glyphRuns.first { $0.isRightToLeft })
        #expect(hebrew.text?.contains("שלום") == true)
        #expect(recording.glyphRuns.map { $0.text ?? "" }.joined().contains("def"))
    }

    @Test("Each container's glyphs are drawn at the origin the caller gives for that container")
    func containers() throws {
        let storage = NSTextStorage(string: String(repeating: "Words flow from one container into the next. ", count: 12),
                                    attributes: [.font: H.serif(12)])
        let lm = NSLayoutManager()
        storage.addLayoutManager(lm)
        let first = NSTextContainer(size: CGSize(width: 150, height: 60))
        let second = NSTextContainer(size: CGSize(width: 150, height: 400))
        lm.addTextContainer(first)
        lm.addTextContainer(second)
        let context = CGContext(recordingSize: CGSize(width: 600, height: 600))
        UIGraphicsPushContext(context)
        let secondGlyphs = lm.glyphRange(for: second)
        lm.drawGlyphs(forGlyphRange: lm.glyphRange(for: first), at: CGPoint(x: 0, y: 0))
        lm.drawGlyphs(forGlyphRange: secondGlyphs, at: CGPoint(x: 300, y: 100))
        UIGraphicsPopContext()
        let runs = context.recording!.glyphRuns
        #expect(runs.count >= 2)
        let secondRun = try #require(runs.first { $0.positions[0].x >= 300 })
        let g = secondGlyphs.location
        let line = lm.lineFragmentRect(forGlyphAt: g, effectiveRange: nil)
        #expect(abs(secondRun.positions[0].y - (100 + line.minY + lm.location(forGlyphAt: g).y)) < 1e-9)
        #expect(abs(secondRun.positions[0].x - (300 + line.minX + lm.location(forGlyphAt: g).x)) < 1e-9)
        #expect(runs.filter { $0.positions[0].x < 300 }.allSatisfy { $0.positions.allSatisfy { $0.y < 60 } })
    }

    @Test("Drawing the first screen of a long document lays out only as far as that screen")
    func drawsLazily() {
        let paragraph = "A paragraph of a long document, long enough to wrap once or twice in its container.\n"
        let stack = H.stack(NSAttributedString(string: String(repeating: paragraph, count: 3000), attributes: [.font: H.serif(12)]),
                            width: 300)
        let screen = stack.lm.glyphRange(forBoundingRect: CGRect(x: 0, y: 0, width: 300, height: 400), in: stack.container)
        let recording = H.record(stack, range: screen)
        #expect(recording.glyphRuns.count > 10)
        let laidOut = stack.lm.flow.store.count - stack.lm.flow.store.summary.unlaid
        #expect(laidOut < 60)
    }

    @Test("A glyph range past the end traps with the range and the glyph count")
    func rangeTrap() async {
        await #expect(processExitsWith: .failure) {
            let stack = DrawingHarness.stack(NSAttributedString(string: "short"))
            let context = CGContext(recordingSize: CGSize(width: 10, height: 10))
            UIGraphicsPushContext(context)
            stack.lm.drawGlyphs(forGlyphRange: NSRange(location: 2, length: 10), at: .zero)
        }
    }
}
