import Foundation
import OpenTextKit
import Testing

// The code of the layers' landing pages (Sources/<Layer>/<Layer>.docc/<Layer>.md).

@Suite("Documentation: the layers' landing pages")
struct LayerLandingPages {
    @Test("TextKitGraphics: an image renderer fills, draws an oval and encodes a PNG")
    func graphics() throws {
        // snippet: graphics-renderer
        let image = UIGraphicsImageRenderer(size: CGSize(width: 200, height: 100)).image { context in
            UIColor.white.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 200, height: 100))
            UIColor.blue.setFill()
            UIBezierPath(ovalIn: CGRect(x: 20, y: 20, width: 60, height: 60)).fill()
        }
        let png = image.pngData()
        // end snippet
        #expect(png?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
        let pixel = try #require(image.cgImage?.rgba(atX: 50, y: 50))
        #expect(pixel.b > 200 && pixel.r < 50)
    }

    @Test("TextKitFonts: a family by name, a bold face from its descriptor, a text style")
    func fonts() throws {
        // snippet: fonts-basics
        let body = UIFont(name: "DejaVu Serif", size: 12)!
        let bold = UIFont(descriptor: body.fontDescriptor.withSymbolicTraits(.traitBold)!, size: 0)
        let title = UIFont.preferredFont(forTextStyle: .title1)      // Dynamic Type, at the preferred size
        // end snippet
        #expect(bold.familyName == "DejaVu Serif")
        #expect(bold.fontDescriptor.symbolicTraits.contains(.traitBold))
        #expect(bold.pointSize == 12)
        #expect(title.pointSize == UIFont.TextStyle.title1.pointSize(for: UIContentSizeCategory.preferred))
    }

    @Test("TextKitTypesetting: a frame in an ellipse, drawn into a flipped context")
    func typesetting() throws {
        let string = NSAttributedString(string: String(repeating: "Text in a circle. ", count: 20),
                                        attributes: [.font: UIFont(name: "DejaVu Sans", size: 12)!])
        let context = CGContext(recordingSize: CGSize(width: 300, height: 300))
        // snippet: typesetting-frame
        let framesetter = CTFramesetterCreateWithAttributedString(string as CFAttributedString)
        let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, 0),
                                             CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 300, height: 300), transform: nil), nil)
        context.textMatrix = .identity
        context.translateBy(x: 0, y: 300)
        context.scaleBy(x: 1, y: -1)
        CTFrameDraw(frame, context)
        // end snippet
        let lines = CTFrameGetLines(frame)
        #expect(lines.count > 5)
        // Lines near the top of a circle are shorter than those through its middle.
        let widths = lines.map { CTLineGetTypographicBounds($0, nil, nil, nil) }
        #expect(widths[0] < widths[lines.count / 2])
        #expect(context.recording?.glyphRuns.isEmpty == false)
    }

    @Test("TextKit: storage, layout manager and container draw into the current context")
    func textKit() throws {
        let text = String(repeating: "A layout manager draws into the current context. ", count: 8)
        let context = CGContext(recordingSize: CGSize(width: 440, height: 640))
        UIGraphicsPushContext(context)
        defer { UIGraphicsPopContext() }
        // snippet: textkit-basics
        let storage = NSTextStorage(string: text, attributes: [.font: UIFont(name: "DejaVu Serif", size: 12)!])
        let layoutManager = NSLayoutManager()
        storage.addLayoutManager(layoutManager)
        let container = NSTextContainer(size: CGSize(width: 400, height: 600))
        layoutManager.addTextContainer(container)
        let glyphs = layoutManager.glyphRange(for: container)
        layoutManager.drawGlyphs(forGlyphRange: glyphs, at: CGPoint(x: 20, y: 20))
        // end snippet
        let runs = try #require(context.recording?.glyphRuns)
        #expect(runs.reduce(0) { $0 + $1.glyphs.count } >= text.count - 8 * 9)  // spaces may draw no glyph
        #expect(runs.allSatisfy { $0.positions.allSatisfy { $0.x >= 20 && $0.y >= 20 } })
    }

    @Test("TextKitEditing: a German misspelling and its guesses")
    func editing() throws {
        // snippet: editing-checker
        let checker = UITextChecker()
        let text = "Das ist ein Tset"
        let bad = checker.rangeOfMisspelledWord(in: text, range: NSRange(location: 0, length: text.utf16.count),
                                                startingAt: 0, wrap: true, language: "de_DE")     // {12, 4}
        let guesses = checker.guesses(forWordRange: bad, in: text, language: "de_DE")            // "Test" among them
        // end snippet
        #expect(bad == NSRange(location: 12, length: 4))
        #expect(guesses?.contains("Test") == true)
    }

    @Test("TextKitFormats: read a document with its attributes, write it as RTF")
    func formats() throws {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("otk-docs-\(UUID().uuidString).md")
        try "# Title\n\nSome *emphasis*.\n".write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        // snippet: formats-read
        var attributes: [NSAttributedString.DocumentAttributeKey: Any] = [:]
        let document = try NSAttributedString(url: url, options: [:], documentAttributes: &attributes)
        let rtf = try document.data(from: NSRange(location: 0, length: document.length),
                                    documentAttributes: [.documentType: NSAttributedString.DocumentType.rtf])
        // end snippet
        #expect(document.string.hasPrefix("Title"))
        #expect(attributes[.documentType] as? NSAttributedString.DocumentType == .markdown)
        #expect(rtf.starts(with: Array("{\\rtf1".utf8)))
    }
}
