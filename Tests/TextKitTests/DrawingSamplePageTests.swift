import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// Two sample pages drawn through NSLayoutManager, written as PNG and PDF under /tmp for looking
/// at, and checked: page count, the words pdftotext recovers in reading order, the link annotation.
///
/// Page 1: a title, two justified, hyphenated columns flowing around an oval between them.
/// Page 2: every drawing attribute — underline styles, strikethroughs, letterpress, shadow,
/// outline, obliqueness, expansion, synthetic bold and oblique, backgrounds, a link, an inline
/// image, mixed scripts.
enum SamplePages {
    static let pageSize = CGSize(width: 612, height: 792)

    static let columnText = """
        Typesetting is the composition of text by means of arranging physical type or its digital equivalents. Stored letters and other symbols are retrieved and ordered according to a language's orthography for visual display. The layout manager turns characters into glyphs, and glyphs into lines; the text container says where the lines may go.
        Exclusion paths make room for pictures, and several containers make columns and pages. A paragraph style sets the alignment, the indents, the spacing between lines and between paragraphs, and where tabs stop. Hyphenation breaks long words when a line would otherwise be too empty: internationalization, incomprehensibility, characteristically.
        Justified text stretches the spaces of every line but the last of each paragraph so that both edges are flush. Around the oval the lines get shorter, and each short line is justified on its own. Multilingual text flows too: Grüße aus Zürich, καλημέρα, добрый день.
        The columns are two text containers of one layout manager; text that does not fit the first flows into the second, and the oval is an exclusion path in each container's own coordinates, so the same shape cuts both columns. Drawing asks the layout manager for the glyphs of each container and draws them at the container's origin on the page.
        Backgrounds are drawn first, then glyphs, then underlines and strikethroughs, then link areas; every step goes through a method a subclass can override, as in TextKit.
        Glyphs are drawn in runs of one font and style, each with the text it stands for, so that a PDF made from these pages can be searched and copied: ligatures copy as their letters, and right-to-left runs come out in logical order.
        String drawing measures and draws short texts without any of this set-up: a private storage, layout manager and container per thread, with no line fragment padding, as UIKit's string drawing uses. Bounding rects are not rounded; callers round them up for view sizes.
        """

    static let oval = CGRect(x: 226, y: 250, width: 160, height: 200)
    static let columns = [CGRect(x: 48, y: 110, width: 250, height: 440), CGRect(x: 314, y: 110, width: 250, height: 440)]

    static func drawPage1(in context: CGContext) {
        UIGraphicsPushContext(context)
        defer { UIGraphicsPopContext() }
        context.setFillColor(UIColor.white)
        context.fill(CGRect(origin: .zero, size: pageSize))
        // Title with string drawing.
        let title = NSAttributedString(string: "OpenTextKit sample page", attributes: [
            .font: DrawingHarness.serif(26), .foregroundColor: UIColor(red: 0.1, green: 0.15, blue: 0.35, alpha: 1),
        ])
        title.draw(at: CGPoint(x: 48, y: 50))

        let style = NSMutableParagraphStyle()
        style.alignment = .justified
        style.hyphenationFactor = 1
        style.paragraphSpacing = 6
        let storage = NSTextStorage(string: columnText, attributes: [.font: DrawingHarness.serif(11.5), .paragraphStyle: style])
        let layoutManager = NSLayoutManager()
        storage.addLayoutManager(layoutManager)
        for column in columns {
            let container = NSTextContainer(size: column.size)
            let ovalHere = oval.offsetBy(dx: -column.minX, dy: -column.minY)
            container.exclusionPaths = [UIBezierPath(ovalIn: ovalHere)]
            layoutManager.addTextContainer(container)
        }
        for (container, column) in zip(layoutManager.textContainers, columns) {
            let glyphs = layoutManager.glyphRange(for: container)
            layoutManager.drawBackground(forGlyphRange: glyphs, at: column.origin)
            layoutManager.drawGlyphs(forGlyphRange: glyphs, at: column.origin)
        }
        context.setFillColor(UIColor(red: 0.85, green: 0.9, blue: 1, alpha: 1))
        context.fillEllipse(in: oval.insetBy(dx: 8, dy: 8))
        context.setStrokeColor(UIColor(red: 0.3, green: 0.4, blue: 0.8, alpha: 1))
        context.setLineWidth(1.5)
        context.strokeEllipse(in: oval.insetBy(dx: 8, dy: 8))
    }

    static func attributeShowcase() -> NSAttributedString {
        let text = NSMutableAttributedString()
        let body = DrawingHarness.serif(14)
        func add(_ string: String, _ attributes: [NSAttributedString.Key: Any] = [:]) {
            var all: [NSAttributedString.Key: Any] = [.font: body]
            all.merge(attributes) { _, new in new }
            text.append(NSAttributedString(string: string, attributes: all))
        }
        func underline(_ style: NSUnderlineStyle) -> [NSAttributedString.Key: Any] { [.underlineStyle: style.rawValue] }
        add("Underlines: ")
        add("single", underline(.single)); add(", ")
        add("thick", underline(.thick)); add(", ")
        add("double", underline(.double)); add(", ")
        add("dotted", underline([.single, .patternDot])); add(", ")
        add("dashed", underline([.single, .patternDash])); add(", ")
        add("dash-dot", underline([.single, .patternDashDot])); add(", ")
        add("dash-dot-dot", underline([.single, .patternDashDotDot])); add(", ")
        add("by word only here", underline([.single, .byWord])); add(", ")
        add("in red", [.underlineStyle: NSUnderlineStyle.thick.rawValue, .underlineColor: UIColor.red])
        add(", and across runs in ")
        add("one ", underline(.single)); add("continuous", underline(.single).merging([.font: DrawingHarness.sans(14)]) { $1 })
        add(" line", underline(.single)); add(".\n")
        add("Strikethroughs: ")
        add("single", [.strikethroughStyle: NSUnderlineStyle.single.rawValue]); add(", ")
        add("double", [.strikethroughStyle: NSUnderlineStyle.double.rawValue]); add(", ")
        add("thick and red", [.strikethroughStyle: NSUnderlineStyle.thick.rawValue, .strikethroughColor: UIColor.red])
        add(".\n")
        add("Effects: ")
        add(" Letterpress ", [.textEffect: NSAttributedString.TextEffectStyle.letterpressStyle, .font: DrawingHarness.sans(22),
                              .foregroundColor: UIColor(white: 0.45, alpha: 1), .backgroundColor: UIColor(white: 0.82, alpha: 1)])
        add(" ")
        let shadow = NSShadow()
        shadow.shadowOffset = CGSize(width: 2, height: 2)
        shadow.shadowBlurRadius = 3
        shadow.shadowColor = UIColor(red: 0, green: 0, blue: 0, alpha: 0.5)
        add("Shadow", [.shadow: shadow, .font: DrawingHarness.sans(22)]); add(" ")
        add("Outline", [.strokeWidth: 3, .font: DrawingHarness.sans(22), .foregroundColor: UIColor.blue]); add(" ")
        add("Fill+Stroke", [.strokeWidth: -3, .strokeColor: UIColor.red, .foregroundColor: UIColor.yellow,
                            .font: DrawingHarness.sans(22)])
        add("\n")
        add("Oblique", [.obliqueness: 0.25]); add(", ")
        add("expanded", [.expansion: 0.3]); add(", ")
        add("condensed", [.expansion: -0.25]); add(", ")
        add("synthetic bold", [.font: syntheticFont(bold: true, size: 14)]); add(", ")
        add("synthetic oblique", [.font: syntheticFont(bold: false, size: 14)]); add(", ")
        add("highlighted", [.backgroundColor: UIColor(red: 1, green: 0.95, blue: 0.4, alpha: 1)]); add(", ")
        add("coloured", [.foregroundColor: UIColor(red: 0.8, green: 0.1, blue: 0.4, alpha: 1)]); add(", ")
        add("x"); add("2", [.baselineOffset: 5, .font: DrawingHarness.serif(9)]); add(".\n")
        add("A link: ")
        add("opentextkit.example/docs", [.link: URL(string: "https://opentextkit.example/docs")!])
        add(". An inline image ")
        let attachment = NSTextAttachment(image: makeTestImage(size: 20))
        attachment.bounds = CGRect(x: 0, y: -4, width: 20, height: 20)
        text.append(NSAttributedString(attachment: attachment))
        add(" sits on the baseline.\n")
        add("Mixed scripts: English, ")
        add("עברית ושלום", [:]); add(", ")
        add("العربية", [:]); add(", 日本語のテキスト, ")
        add("Ελληνικά, Русский, 😀 done.\n")
        add("Invisibles are off here; tabs\tand spaces stay blank.")
        return text
    }

    static func drawPage2(in context: CGContext) {
        UIGraphicsPushContext(context)
        defer { UIGraphicsPopContext() }
        context.setFillColor(UIColor.white)
        context.fill(CGRect(origin: .zero, size: pageSize))
        let heading = NSAttributedString(string: "Drawing attributes", attributes: [.font: DrawingHarness.serif(22)])
        heading.draw(at: CGPoint(x: 48, y: 40))
        let style = NSMutableParagraphStyle()
        style.paragraphSpacing = 10
        style.lineSpacing = 3
        let showcase = NSMutableAttributedString(attributedString: attributeShowcase())
        showcase.addAttribute(.paragraphStyle, value: style, range: NSRange(location: 0, length: showcase.length))
        let stack = DrawingHarness.stack(showcase, width: 516, padding: 0)
        defer { withExtendedLifetime(stack) {} }  // the layout manager holds its storage weakly
        let layoutManager = stack.layoutManager
        let origin = CGPoint(x: 48, y: 90)
        layoutManager.drawBackground(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs), at: origin)
        layoutManager.drawGlyphs(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs), at: origin)

        // Invisibles shown, with string drawing's sibling: a layout manager with the switches on.
        let invisible = NSAttributedString(string: "Invisibles shown:\ttab, spaces and\u{A0}no-break, line\u{2028}separator, bell\u{7} end.\n",
                                           attributes: [.font: DrawingHarness.sans(13)])
        let invisibleStack = DrawingHarness.stack(invisible, width: 516)
        defer { withExtendedLifetime(invisibleStack) {} }
        let invisibleManager = invisibleStack.layoutManager
        invisibleManager.showsInvisibleCharacters = true
        invisibleManager.showsControlCharacters = true
        invisibleManager.drawGlyphs(forGlyphRange: NSRange(location: 0, length: invisibleManager.numberOfGlyphs),
                                    at: CGPoint(x: 48, y: 420))

        // String drawing in a box, truncated.
        let box = CGRect(x: 48, y: 480, width: 250, height: 60)
        context.setStrokeColor(UIColor.lightGray)
        context.stroke(box)
        let long = NSAttributedString(string: columnText, attributes: [.font: DrawingHarness.sans(11)])
        long.draw(with: box, options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine], context: nil)
    }

    /// Renders both pages as PNGs and as a two-page PDF under /tmp.
    static func render() throws -> (pngs: [URL], pdf: URL) {
        var pngs: [URL] = []
        for (index, draw) in [drawPage1, drawPage2].enumerated() {
            let context = try CGContext(imageSize: pageSize, scale: 1.5)
            draw(context)
            let url = URL(fileURLWithPath: "/tmp/otk-sample-page\(index + 1).png")
            try context.writePNG(to: url)
            pngs.append(url)
        }
        let pdf = URL(fileURLWithPath: "/tmp/otk-sample.pdf")
        let context = try CGContext(pdfURL: pdf, mediaBox: CGRect(origin: .zero, size: pageSize))
        for draw in [drawPage1, drawPage2] {
            context.beginPDFPage(nil)
            draw(context)
            context.endPDFPage()
        }
        try context.close()
        return (pngs, pdf)
    }
}

@Suite("Sample pages")
struct DrawingSamplePageTests {
    @Test("Sample pages render to PNG and a two-page PDF whose text pdftotext reads back in order")
    func samplePages() throws {
        let (pngs, pdf) = try SamplePages.render()
        for png in pngs {
            let image = try #require(UIImage(contentsOfFile: png.path))
            #expect(image.size.width > 600)
        }
        let info = try #require(runTool("/usr/bin/pdfinfo", [pdf.path]))
        #expect(info.split(separator: "\n").contains { $0.hasPrefix("Pages:") && $0.hasSuffix(" 2") })
        let text = try #require(runTool("/usr/bin/pdftotext", ["-layout", pdf.path, "-"]))
        // Reading order within a line and across the columns.
        let words = ["OpenTextKit sample page", "Typesetting is the composition", "Drawing attributes", "Underlines:",
                     "Letterpress", "Shadow", "opentextkit.example/docs", "Mixed scripts"]
        var cursor = text.startIndex
        for word in words {
            let found = text.range(of: word, range: cursor..<text.endIndex)
            #expect(found != nil, "pdftotext lost or reordered \(word)")
            if let found { cursor = found.upperBound }
        }
        let plain = try #require(runTool("/usr/bin/pdftotext", [pdf.path, "-"]))
        #expect(plain.contains("日本語のテキスト"))
        #expect(plain.contains("Grüße aus Zürich"))
        // The .link run became a link annotation (Cairo writes annotations uncompressed).
        let raw = String(decoding: try Data(contentsOf: pdf), as: UTF8.self)
        #expect(raw.contains("/Subtype /Link") || raw.contains("/Subtype/Link"))
        #expect(raw.contains("https://opentextkit.example/docs"))
    }
}
