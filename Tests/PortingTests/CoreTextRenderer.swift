import Foundation
import OpenTextKit

// Core Text drawing as every sample writes it: a framesetter, a path, the context flipped into
// Core Text's y-up coordinates, CTFrameDraw.
enum CoreTextRenderer {
    static func renderPNG(text: String, size: CGSize, in textRect: CGRect) -> UIImage {
        let font = CTFontCreateWithName("DejaVu Serif" as CFString, 16, nil)
        let attributedString = NSAttributedString(string: text, attributes: [.font: font, .foregroundColor: UIColor.black])
        let framesetter = CTFramesetterCreateWithAttributedString(attributedString as CFAttributedString)
        let path = CGMutablePath()
        path.addRect(textRect)
        let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, 0), path, nil)

        let renderer = UIGraphicsImageRenderer(size: size)
        return renderer.image { rendererContext in
            let context = rendererContext.cgContext
            UIColor.white.setFill()
            context.fill(CGRect(origin: .zero, size: size))
            context.textMatrix = .identity
            context.translateBy(x: 0, y: size.height)
            context.scaleBy(x: 1, y: -1)
            CTFrameDraw(frame, context)
        }
    }

    /// The first line's runs, as code that walks a line's glyph runs writes it.
    static func glyphCount(of text: String) -> Int {
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: text) as CFAttributedString)
        let runs = CTLineGetGlyphRuns(line) as! [CTRun]
        return runs.reduce(0) { $0 + CTRunGetGlyphCount($1) }
    }
}
