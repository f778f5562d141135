import Foundation
import OpenTextKit
import Testing

// The code of the OpenTextKit landing page (Sources/OpenTextKit/OpenTextKit.docc/OpenTextKit.md).
// Text between "// snippet: NAME" and "// end snippet" appears verbatim in the article;
// ArticleSnippetTests checks that it does.

@Suite("Documentation: the landing page's pipeline")
struct GettingStartedArticle {
    @Test("Storage, layout manager, container and drawing make a PNG with every glyph laid out")
    func pipeline() throws {
        // snippet: pipeline
        let text = "TextKit on Linux. " + String(repeating: "Lines wrap inside the container. ", count: 12)
        let storage = NSTextStorage(string: text, attributes: [
            .font: UIFont(name: "DejaVu Serif", size: 14)!,
            .foregroundColor: UIColor.black,
        ])
        let layoutManager = NSLayoutManager()
        storage.addLayoutManager(layoutManager)
        let container = NSTextContainer(size: CGSize(width: 300, height: 400))
        layoutManager.addTextContainer(container)

        let image = UIGraphicsImageRenderer(size: CGSize(width: 320, height: 420)).image { context in
            UIColor.white.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 320, height: 420))
            let glyphs = layoutManager.glyphRange(for: container)
            let origin = CGPoint(x: 10, y: 10)
            layoutManager.drawBackground(forGlyphRange: glyphs, at: origin)
            layoutManager.drawGlyphs(forGlyphRange: glyphs, at: origin)
        }
        let png = image.pngData()
        // end snippet

        #expect(png?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
        #expect(layoutManager.glyphRange(for: container).length == layoutManager.numberOfGlyphs)
        var lines = 0
        layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs)) { _, _, _, _, _ in
            lines += 1
        }
        #expect(lines > 3)
        // Ink near the top-left, where the first line is drawn (UIKit coordinates: y down).
        let cg = try #require(image.cgImage)
        let inked = (10..<40).contains { y in (10..<200).contains { x in (cg.rgba(atX: x, y: y)?.r ?? 255) < 128 } }
        #expect(inked)
    }
}
