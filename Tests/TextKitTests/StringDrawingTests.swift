import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

@Suite("String drawing")
struct StringDrawingTests {
    typealias H = DrawingHarness

    static let long = "String drawing measures and draws short texts without any set-up: a private text storage, layout manager and container per thread, with no line fragment padding, as UIKit uses."
    static var attributes: [NSAttributedString.Key: Any] { [.font: H.sans(12)] }

    /// The used rect of `string` laid out by a layout manager of our own in one unbounded line.
    static func singleLineUsedRect(_ string: NSAttributedString) -> CGRect {
        let stack = H.stack(string, width: CGFloat.greatestFiniteMagnitude, padding: 0)
        stack.lm.usesFontLeading = false
        return withExtendedLifetime(stack) { stack.lm.usedRect(for: stack.container) }
    }

    @Test("With .usesLineFragmentOrigin a long string wraps within 200 points and is several lines tall")
    func wrapsInWidth() {
        let font = H.sans(12)
        let rect = Self.long.boundingRect(with: CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude), options: .usesLineFragmentOrigin,
                                          attributes: [.font: font], context: nil)
        let lineHeight = font.ascender - font.descender
        #expect(rect.width <= 200 && rect.width > 150)
        #expect(rect.origin == .zero)
        let lines = rect.height / lineHeight
        #expect(lines >= 4 && abs(lines - lines.rounded()) < 1e-6)
    }

    @Test("Without .usesLineFragmentOrigin the string is one line measured from its baseline")
    func singleLine() {
        let font = H.sans(12)
        let rect = Self.long.boundingRect(with: CGSize(width: 200, height: 100), options: [], attributes: [.font: font], context: nil)
        #expect(rect.width > 600)
        #expect(abs(rect.height - (font.ascender - font.descender)) < 1e-9)
        #expect(abs(rect.minY + font.ascender) < 1e-9)
        // Only the first line of a multi-line string.
        let two = "first\nsecond line".boundingRect(with: .zero, options: [], attributes: [.font: font], context: nil)
        #expect(abs(two.width - "first".size(withAttributes: [.font: font]).width) < 1e-9)
    }

    @Test("size() equals the used rect of the text as one line, unrounded")
    func sizeMatchesLayout() {
        let string = NSAttributedString(string: "Hello, world — size", attributes: Self.attributes)
        let size = string.size()
        let used = Self.singleLineUsedRect(string)
        #expect(size == used.size)
        #expect(size.width != size.width.rounded(.up))
        // Hard line breaks make lines; nothing wraps.
        let two = NSAttributedString(string: "one\ntwo", attributes: Self.attributes).size()
        #expect(abs(two.height - 2 * (H.sans(12).ascender - H.sans(12).descender)) < 1e-9)
        #expect(Self.long.size(withAttributes: Self.attributes).width > 600)
    }

    @Test("draw(at:) puts the top-left of the first line at the point; draw(with:) without the option puts the baseline there")
    func drawOrigins() throws {
        let font = H.sans(12)
        let context = CGContext(recordingSize: CGSize(width: 400, height: 400))
        UIGraphicsPushContext(context)
        "Top".draw(at: CGPoint(x: 10, y: 20), withAttributes: [.font: font])
        ("Base" as NSString).draw(with: CGRect(x: 10, y: 100, width: 0, height: 0), options: [], attributes: [.font: font], context: nil)
        UIGraphicsPopContext()
        let runs = context.recording!.glyphRuns
        #expect(runs.map { $0.text ?? "" } == ["Top", "Base"])
        #expect(abs(runs[0].positions[0].y - (20 + font.ascender)) < 1e-9 && runs[0].positions[0].x == 10)
        #expect(abs(runs[1].positions[0].y - 100) < 1e-9)
    }

    @Test("draw(in:) leaves out the lines that do not fit; .truncatesLastVisibleLine ends the last one with an ellipsis")
    func drawInRect() throws {
        let font = H.sans(12)
        let lineHeight = font.ascender - font.descender
        let box = CGRect(x: 0, y: 0, width: 200, height: lineHeight * 2.5)
        func drawn(_ options: NSStringDrawingOptions?) -> CGContext.Recording {
            let context = CGContext(recordingSize: CGSize(width: 400, height: 400))
            UIGraphicsPushContext(context)
            defer { UIGraphicsPopContext() }
            if let options {
                Self.long.draw(with: box, options: options, attributes: [.font: font], context: nil)
            } else {
                Self.long.draw(in: box, withAttributes: [.font: font])
            }
            return context.recording!
        }
        let clipped = drawn(nil)
        let baselines = Set(clipped.glyphRuns.flatMap { $0.positions.map(\.y) })
        #expect(baselines.count == 2)
        #expect(baselines.allSatisfy { $0 < box.maxY })
        #expect(!clipped.text.contains("\u{2026}"))
        let truncated = drawn([.usesLineFragmentOrigin, .truncatesLastVisibleLine])
        #expect(Set(truncated.glyphRuns.flatMap { $0.positions.map(\.y) }).count == 2)
        #expect(truncated.text.hasSuffix("\u{2026}"))
        #expect(truncated.text.filter { $0 == "\u{2026}" }.count == 1)
        // Nothing to truncate when it all fits.
        let context = CGContext(recordingSize: CGSize(width: 400, height: 400))
        UIGraphicsPushContext(context)
        "short".draw(with: box, options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine], attributes: [.font: font], context: nil)
        UIGraphicsPopContext()
        #expect(context.recording!.text == "short")
    }

    @Test("Multi-paragraph truncation shows only the lines that fit")
    func truncationAcrossParagraphs() {
        let font = H.sans(12)
        let lineHeight = font.ascender - font.descender
        let text = "First paragraph that wraps onto more than one line in the box.\nSecond\nThird\nFourth"
        let box = CGRect(x: 0, y: 0, width: 150, height: lineHeight * 2.2)
        let context = CGContext(recordingSize: CGSize(width: 400, height: 400))
        UIGraphicsPushContext(context)
        text.draw(with: box, options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine], attributes: [.font: font], context: nil)
        UIGraphicsPopContext()
        let recording = context.recording!
        #expect(Set(recording.glyphRuns.flatMap { $0.positions.map(\.y) }).count == 2)
        #expect(!recording.text.contains("Second"))
        let rect = text.boundingRect(with: box.size, options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine],
                                     attributes: [.font: font], context: nil)
        #expect(abs(rect.height - 2 * lineHeight) < 1e-9)
    }

    @Test(".usesFontLeading adds the fonts' leading to line heights")
    func fontLeading() throws {
        // Noto Looped Lao (fonts-noto-core, installed by setup) is one of the few installed faces
        // whose hhea table has a line gap.
        let font = try #require(UIFont(name: "Noto Looped Lao", size: 20))
        #expect(font.leading > 0)
        let symbols = "\u{0EAA}\u{0EB0}\u{0E9A}\u{0EB2}\u{0E8D}"   // ສະບາຍ
        try #require(symbols.unicodeScalars.allSatisfy { font.glyph(for: $0) != nil })
        let without = (symbols + "\n" + symbols).boundingRect(with: .zero, options: .usesLineFragmentOrigin, attributes: [.font: font], context: nil)
        let with = (symbols + "\n" + symbols).boundingRect(with: .zero, options: [.usesLineFragmentOrigin, .usesFontLeading],
                                                           attributes: [.font: font], context: nil)
        #expect(abs(with.height - without.height - 2 * font.leading) < 1e-6)
    }

    @Test(".usesDeviceMetrics measures the glyphs' ink instead of their line boxes")
    func deviceMetrics() {
        let font = H.sans(40)
        let typographic = "xox".boundingRect(with: .zero, options: .usesLineFragmentOrigin, attributes: [.font: font], context: nil)
        let ink = "xox".boundingRect(with: .zero, options: [.usesLineFragmentOrigin, .usesDeviceMetrics], attributes: [.font: font], context: nil)
        #expect(ink.height < typographic.height * 0.6)
        #expect(abs(ink.maxY - font.ascender) < 2)  // x-height letters sit on the baseline
        #expect(abs(ink.height - font.xHeight) < 2)
        // From the baseline without .usesLineFragmentOrigin: the ink is above it.
        let fromBaseline = "xox".boundingRect(with: .zero, options: .usesDeviceMetrics, attributes: [.font: font], context: nil)
        #expect(fromBaseline.maxY < 1 && fromBaseline.minY < -font.xHeight + 2)
    }

    @Test("A minimum scale factor shrinks text that does not fit and reports the scale and bounds")
    func scaleFactor() {
        let font = H.sans(20)
        let drawing = NSStringDrawingContext()
        drawing.minimumScaleFactor = 0.3
        let box = CGSize(width: 200, height: 60)
        let rect = Self.long.boundingRect(with: box, options: .usesLineFragmentOrigin, attributes: [.font: font], context: drawing)
        #expect(drawing.actualScaleFactor < 1 && drawing.actualScaleFactor >= 0.3)
        #expect(rect.height <= 60 && drawing.totalBounds == rect)
        // Everything is there: the text fits at that scale.
        let scaled = Self.long.boundingRect(with: CGSize(width: 200, height: 10_000), options: .usesLineFragmentOrigin,
                                            attributes: [.font: font.withSize(20 * drawing.actualScaleFactor)], context: nil)
        #expect(abs(scaled.height - rect.height) < 1e-6)
        // Text that fits keeps scale 1.
        _ = "Hi".boundingRect(with: box, options: .usesLineFragmentOrigin, attributes: [.font: font], context: drawing)
        #expect(drawing.actualScaleFactor == 1)
    }

    @Test("String, NSString and NSAttributedString agree, and results are the same on every thread")
    func variantsAndThreads() async {
        let size = CGSize(width: 180, height: 0)
        let attributed = NSAttributedString(string: Self.long, attributes: Self.attributes)
        let expected = attributed.boundingRect(with: size, options: .usesLineFragmentOrigin, context: nil)
        #expect(Self.long.boundingRect(with: size, options: .usesLineFragmentOrigin, attributes: Self.attributes, context: nil) == expected)
        #expect((Self.long as NSString).boundingRect(with: size, options: .usesLineFragmentOrigin, attributes: Self.attributes,
                                                      context: nil) == expected)
        let results = await withTaskGroup(of: CGRect.self) { group in
            for i in 0..<8 {
                group.addTask {
                    var rect = CGRect.zero
                    for _ in 0..<5 {
                        rect = Self.long.boundingRect(with: size, options: .usesLineFragmentOrigin, attributes: Self.attributes, context: nil)
                        _ = "other \(i)".size(withAttributes: Self.attributes)
                    }
                    return rect
                }
            }
            var all: [CGRect] = []
            for await rect in group { all.append(rect) }
            return all
        }
        #expect(results.count == 8 && results.allSatisfy { $0 == expected })
    }

    @Test("A string drawn while another is being drawn (from an attachment) uses a stack of its own")
    func reentrant() {
        final class LabelAttachment: NSTextAttachment {
            override func image(forBounds imageBounds: CGRect, textContainer: NSTextContainer?, characterIndex charIndex: Int) -> UIImage? {
                let context = try! CGContext(imageSize: imageBounds.size)
                UIGraphicsPushContext(context)
                "inner".draw(at: .zero, withAttributes: [.font: DrawingHarness.sans(8)])
                UIGraphicsPopContext()
                return UIImage(cgImage: context.makeImage()!)
            }
        }
        let attachment = LabelAttachment()
        attachment.bounds = CGRect(x: 0, y: 0, width: 30, height: 12)
        let text = NSMutableAttributedString(string: "outer ", attributes: Self.attributes)
        text.append(NSAttributedString(attachment: attachment))
        text.append(NSAttributedString(string: " text", attributes: Self.attributes))
        let context = CGContext(recordingSize: CGSize(width: 300, height: 100))
        UIGraphicsPushContext(context)
        text.draw(at: CGPoint(x: 0, y: 0))
        UIGraphicsPopContext()
        #expect(context.recording!.text == "outer  text")
        #expect(context.recording!.images.count == 1)
    }
}
