import Foundation
import OpenTextKit
import Testing

// The code of "Drawing with Core Text" (DrawingWithCoreText.md).

@Suite("Documentation: drawing with Core Text")
struct CoreTextDrawingArticle {
    static let text = "Core Text lays out paragraphs in any path. Its coordinates are y up, as in "
        + "Core Graphics, so code that draws into a UIKit context flips it first."

    @Test("A frame drawn into a flipped context reads top to bottom, starting at the path's top")
    func frameInFlippedContext() throws {
        let text = Self.text
        // snippet: frame
        let size = CGSize(width: 400, height: 300)
        let font = CTFontCreateWithName("DejaVu Serif" as CFString, 16, nil)
        let string = NSAttributedString(string: text, attributes: [.font: font, .foregroundColor: UIColor.black])
        let framesetter = CTFramesetterCreateWithAttributedString(string as CFAttributedString)
        // The path is in Core Text's space: y up from the bottom of the context.
        let path = CGPath(rect: CGRect(x: 20, y: 20, width: 360, height: 260), transform: nil)
        let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, 0), path, nil)

        let image = UIGraphicsImageRenderer(size: size).image { rendererContext in
            let context = rendererContext.cgContext
            UIColor.white.setFill()
            context.fill(CGRect(origin: .zero, size: size))
            // UIKit contexts are y down; Core Text draws y up. Flip, exactly as on iOS.
            context.textMatrix = .identity
            context.translateBy(x: 0, y: size.height)
            context.scaleBy(x: 1, y: -1)
            CTFrameDraw(frame, context)
        }
        // end snippet

        let lines = CTFrameGetLines(frame)
        #expect(lines.count >= 3)
        #expect(CTFrameGetVisibleStringRange(frame).length == text.utf16.count)
        // The first line is at the top of the path (y up: near 280), so, after the flip, its ink
        // is near the top of the image (y down: near 20), not at the bottom, nor mirrored.
        let cg = try #require(image.cgImage)
        func inkedRow(_ y: Int) -> Bool { (20..<380).contains { x in (cg.rgba(atX: x, y: y)?.r ?? 255) < 128 } }
        let firstInk = try #require((0..<300).first(where: inkedRow))
        #expect(firstInk >= 20 && firstInk < 40)
        #expect(!(260..<300).contains(where: inkedRow))
    }

    @Test("Line origins are y up in the frame; converted, they match the drawn baselines")
    func lineOrigins() throws {
        let text = Self.text
        let size = CGSize(width: 400, height: 300)
        let string = NSAttributedString(string: text, attributes: [.font: CTFontCreateWithName("DejaVu Serif" as CFString, 16, nil)])
        let framesetter = CTFramesetterCreateWithAttributedString(string as CFAttributedString)
        let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, 0),
                                             CGPath(rect: CGRect(x: 20, y: 20, width: 360, height: 260), transform: nil), nil)
        // snippet: origins
        let lines = CTFrameGetLines(frame)
        var origins = [CGPoint](repeating: .zero, count: lines.count)
        CTFrameGetLineOrigins(frame, CFRangeMake(0, 0), &origins)
        // Origins are relative to the path's bounding box, y up. In the flipped context's
        // terms, and in UIKit's y-down terms for hit testing and overlays:
        let pathBox = CGRect(x: 20, y: 20, width: 360, height: 260)
        let baselines = origins.map { CGPoint(x: pathBox.minX + $0.x, y: size.height - (pathBox.minY + $0.y)) }
        // end snippet

        #expect(baselines.count == lines.count)
        #expect(zip(baselines, baselines.dropFirst()).allSatisfy { $0.y < $1.y })  // top to bottom, y down
        // A recording context shows where the glyphs went (its coordinates are the page's, y down).
        let context = CGContext(recordingSize: size)
        context.textMatrix = .identity
        context.translateBy(x: 0, y: size.height)
        context.scaleBy(x: 1, y: -1)
        CTFrameDraw(frame, context)
        let runs = try #require(context.recording?.glyphRuns)
        let firstBaseline = try #require(runs.first?.positions.first?.y)
        #expect(abs(firstBaseline - baselines[0].y) < 0.5)
    }

    @Test("One line drawn at the text position, with its typographic bounds")
    func singleLine() throws {
        // snippet: line
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "Hello, Core Text",
            attributes: [.font: CTFontCreateWithName("DejaVu Sans" as CFString, 24, nil)]) as CFAttributedString)
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        let width = CGFloat(CTLineGetTypographicBounds(line, &ascent, &descent, &leading))
        let size = CGSize(width: ceil(width) + 20, height: ceil(ascent + descent) + 20)
        let image = UIGraphicsImageRenderer(size: size).image { rendererContext in
            let context = rendererContext.cgContext
            context.textMatrix = .identity
            context.translateBy(x: 0, y: size.height)
            context.scaleBy(x: 1, y: -1)
            context.textPosition = CGPoint(x: 10, y: 10 + descent)  // the baseline, y up
            CTLineDraw(line, context)
        }
        // end snippet
        #expect(width > 150 && width < 260)
        #expect(ascent > 15 && descent > 3)
        #expect(image.size == size)
        #expect(CTLineGetGlyphCount(line) == 16)
    }
}
