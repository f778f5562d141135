import Foundation
import Testing
@testable import TextKitGraphics

@Suite("CGContext on the Cairo image backend")
struct ImageContextTests {
    func whiteContext(_ width: CGFloat = 100, _ height: CGFloat = 100, scale: CGFloat = 1) throws -> CGContext {
        let context = try CGContext(imageSize: CGSize(width: width, height: height), scale: scale)
        context.setFillColor(UIColor.white)
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        return context
    }

    @Test("A filled rectangle has the right colour at the right pixels, y growing downward")
    func filledRectangle() throws {
        let context = try CGContext(imageSize: CGSize(width: 40, height: 30))
        context.setFillColor(UIColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 10, y: 5, width: 20, height: 10))
        let image = try #require(context.makeImage())
        #expect(image.width == 40 && image.height == 30)
        #expect(image.px(10, 5) == [255, 0, 0, 255])
        #expect(image.px(29, 14) == [255, 0, 0, 255])
        #expect(image.px(30, 14)[3] == 0)
        #expect(image.px(10, 15)[3] == 0)
        #expect(image.px(9, 5)[3] == 0)
        #expect(image.px(0, 0) == [0, 0, 0, 0])  // transparent start
    }

    @Test("Scale 2 doubles the pixels and ctm reports the scale")
    func scaledContext() throws {
        let context = try CGContext(imageSize: CGSize(width: 10, height: 10), scale: 2)
        #expect(context.width == 20 && context.height == 20)
        #expect(context.ctm == CGAffineTransform(scaleX: 2, y: 2))
        context.setFillColor(UIColor.blue)
        context.fill(CGRect(x: 5, y: 5, width: 5, height: 5))
        let image = try #require(context.makeImage())
        #expect(image.px(10, 10) == [0, 0, 255, 255])
        #expect(image.px(9, 9)[3] == 0)
    }

    @Test("translateBy, scaleBy and saveGState/restoreGState move drawing as Core Graphics")
    func transforms() throws {
        let context = try whiteContext()
        context.saveGState()
        context.translateBy(x: 50, y: 50)
        context.scaleBy(x: 2, y: 2)
        #expect(context.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 50, ty: 50))
        context.setFillColor(UIColor.black)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))  // lands on 50...70
        context.restoreGState()
        #expect(context.ctm == .identity)
        context.setFillColor(UIColor.green)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        let image = try #require(context.makeImage())
        #expect(image.px(51, 51) == [0, 0, 0, 255])
        #expect(image.px(69, 69) == [0, 0, 0, 255])
        #expect(image.px(71, 71) == [255, 255, 255, 255])
        #expect(image.px(5, 5) == [0, 255, 0, 255])
        #expect(context.convertToDeviceSpace(CGPoint(x: 1, y: 1)) == CGPoint(x: 1, y: 1))
    }

    @Test("Clipping limits fills; resetClip and restoreGState lift it")
    func clipping() throws {
        let context = try whiteContext()
        context.saveGState()
        context.clip(to: [CGRect(x: 0, y: 0, width: 20, height: 20), CGRect(x: 80, y: 80, width: 20, height: 20)])
        #expect(context.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 100, height: 100))
        context.setFillColor(UIColor.red)
        context.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        context.restoreGState()
        let image = try #require(context.makeImage())
        #expect(image.px(10, 10) == [255, 0, 0, 255])
        #expect(image.px(90, 90) == [255, 0, 0, 255])
        #expect(image.px(50, 50) == [255, 255, 255, 255])
        context.clip(to: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(context.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 10, height: 10))
        context.resetClip()
        context.setFillColor(UIColor.blue)
        context.fill(CGRect(x: 40, y: 40, width: 5, height: 5))
        #expect(context.makeImage()?.px(42, 42) == [0, 0, 255, 255])
    }

    @Test("Even-odd fill leaves the hole of a ring; winding fills it")
    func evenOddFill() throws {
        let context = try whiteContext()
        context.setFillColor(UIColor.black)
        context.addRect(CGRect(x: 0, y: 0, width: 50, height: 100))
        context.addRect(CGRect(x: 10, y: 10, width: 30, height: 30))
        context.fillPath(using: .evenOdd)
        #expect(context.isPathEmpty)
        context.addRect(CGRect(x: 50, y: 0, width: 50, height: 100))
        context.addRect(CGRect(x: 60, y: 10, width: 30, height: 30))
        context.fillPath(using: .winding)
        let image = try #require(context.makeImage())
        #expect(image.px(25, 25) == [255, 255, 255, 255])
        #expect(image.px(5, 25) == [0, 0, 0, 255])
        #expect(image.px(75, 25) == [0, 0, 0, 255])
    }

    @Test("Strokes follow the line width, and dashes leave gaps")
    func strokes() throws {
        let context = try whiteContext()
        context.setStrokeColor(UIColor.black)
        context.setLineWidth(4)
        context.move(to: CGPoint(x: 10, y: 20))
        context.addLine(to: CGPoint(x: 90, y: 20))
        context.strokePath()
        context.setLineDash(phase: 0, lengths: [10, 10])
        context.move(to: CGPoint(x: 10, y: 60))
        context.addLine(to: CGPoint(x: 90, y: 60))
        context.strokePath()
        let image = try #require(context.makeImage())
        #expect(image.px(50, 19) == [0, 0, 0, 255])
        #expect(image.px(50, 21) == [0, 0, 0, 255])
        #expect(image.px(50, 23) == [255, 255, 255, 255])
        #expect(image.px(15, 60) == [0, 0, 0, 255])   // dash on 10...20
        #expect(image.px(25, 60) == [255, 255, 255, 255])  // gap 20...30
    }

    @Test("Global alpha and multiply blending combine colours")
    func alphaAndBlend() throws {
        let context = try whiteContext()
        context.setAlpha(0.5)
        context.setFillColor(UIColor.black)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        context.setAlpha(1)
        context.setFillColor(UIColor.yellow)
        context.fill(CGRect(x: 20, y: 0, width: 10, height: 10))
        context.setBlendMode(.multiply)
        context.setFillColor(UIColor.cyan)
        context.fill(CGRect(x: 20, y: 0, width: 10, height: 10))
        let image = try #require(context.makeImage())
        let grey = image.px(5, 5)
        #expect(grey[0] >= 126 && grey[0] <= 129)
        #expect(image.px(25, 5) == [0, 255, 0, 255])  // yellow × cyan = green
    }

    @Test("A shadow darkens pixels outside the shape, offset and blurred")
    func shadow() throws {
        let context = try whiteContext()
        context.setShadow(offset: CGSize(width: 10, height: 10), blur: 6, color: UIColor.black)
        context.setFillColor(UIColor.red)
        context.fill(CGRect(x: 20, y: 20, width: 40, height: 40))
        let image = try #require(context.makeImage())
        #expect(image.px(40, 40) == [255, 0, 0, 255])          // the shape itself, on top
        let underShadow = image.px(65, 65)                      // outside the shape, inside the offset copy
        #expect(underShadow[0] < 60)
        let blurredEdge = image.px(72, 50)                      // 2 pt beyond the shadow's edge: partly dark
        #expect(blurredEdge[0] > 100 && blurredEdge[0] < 250)
        #expect(image.px(15, 15) == [255, 255, 255, 255])       // the other side: untouched
        #expect(image.px(95, 95) == [255, 255, 255, 255])       // far away: untouched
    }

    @Test("Without blur the shadow is a sharp offset copy")
    func sharpShadow() throws {
        let context = try whiteContext()
        context.setShadow(offset: CGSize(width: 5, height: 0), blur: 0, color: UIColor.blue)
        context.setFillColor(UIColor.red)
        context.fill(CGRect(x: 10, y: 10, width: 10, height: 10))
        context.setShadow(offset: .zero, blur: 0, color: nil as CGColor?)
        context.fill(CGRect(x: 50, y: 10, width: 10, height: 10))
        let image = try #require(context.makeImage())
        #expect(image.px(22, 15) == [0, 0, 255, 255])
        #expect(image.px(62, 15) == [255, 255, 255, 255])
    }

    @Test("Glyphs drawn through the image backend darken the pixels of their outlines (flipped context, as Core Graphics code does)")
    func glyphs() throws {
        let font = try CGFont(url: TestFonts.dejaVuSans)
        let context = try whiteContext(120, 60)
        context.setFont(font)
        context.setFontSize(40)
        context.setFillColor(UIColor.black)
        // Core Graphics' text space is y up: flip the y-down context, as iOS code does.
        context.translateBy(x: 0, y: 60)
        context.scaleBy(x: 1, y: -1)
        let run = simpleRun("H", font: font, size: 40, at: CGPoint(x: 20, y: 50))
        context.showGlyphs(run.glyphs, at: run.positions.map { CGPoint(x: $0.x, y: 60 - $0.y) })
        let image = try #require(context.makeImage())
        // DejaVu Sans "H": stems from x ≈ 20 + 0.098 em to 20 + 0.198 em, cap height 0.729 em.
        var box = CGRect.zero
        #expect(font.getGlyphBBoxes(glyphs: run.glyphs, count: 1, bboxes: &box))
        let em = CGFloat(font.unitsPerEm)
        let stemX = Int(20 + (box.minX + 100) / em * 40)      // inside the left stem
        let capTop = 50 - box.maxY / em * 40                  // above the baseline: y down
        #expect(image.px(stemX, 40)[0] < 50)                  // stem, near the baseline
        #expect(image.px(stemX, Int(capTop) + 3)[0] < 50)      // stem, near the top
        #expect(image.px(stemX, Int(capTop) - 3)[0] == 255)   // above the letter
        #expect(image.px(stemX, 53)[0] == 255)                // below the baseline
        let dark = image.count(in: CGRect(x: 0, y: 0, width: 120, height: 60)) { $0[0] < 128 }
        #expect(dark > 150 && dark < 700)
    }

    @Test("Without the flip, showGlyphs draws upside down below the baseline, as Core Graphics does in a UIKit context")
    func unflippedGlyphsHang() throws {
        let font = try CGFont(url: TestFonts.dejaVuSans)
        let context = try whiteContext(120, 100)
        context.setFont(font)
        context.setFontSize(40)
        context.setFillColor(UIColor.black)
        context.textPosition = CGPoint(x: 20, y: 40)
        context.showGlyphs([font.glyph(for: "H")], at: [.zero])  // at the text position
        let image = try #require(context.makeImage())
        #expect(image.count(in: CGRect(x: 0, y: 0, width: 120, height: 39)) { $0[0] < 128 } == 0)
        #expect(image.count(in: CGRect(x: 0, y: 41, width: 120, height: 59)) { $0[0] < 128 } > 150)
    }

    @Test("The text matrix slants glyphs: c = tan(angle) moves the top to the right")
    func obliqueTextMatrix() throws {
        let font = try CGFont(url: TestFonts.dejaVuSans)
        func leftmostDark(_ skew: CGFloat, row: Int) throws -> Int {
            let context = try whiteContext(100, 60)
            context.setFont(font)
            context.setFontSize(40)
            context.setFillColor(UIColor.black)
            // The text matrix maps positions too: draw at text-space zero, placed by its translation.
            context.textMatrix = CGAffineTransform(a: 1, b: 0, c: skew, d: 1, tx: 30, ty: 10)
            context.translateBy(x: 0, y: 60)
            context.scaleBy(x: 1, y: -1)
            context.showGlyphs([font.glyph(for: "l")], at: [.zero])
            let image = try #require(context.makeImage())
            return (0..<100).first { image.px($0, row)[0] < 128 } ?? -1
        }
        let uprightTop = try leftmostDark(0, row: 25), slantedTop = try leftmostDark(0.25, row: 25)
        let uprightFoot = try leftmostDark(0, row: 48), slantedFoot = try leftmostDark(0.25, row: 48)
        #expect(slantedTop - uprightTop >= 5)             // 25 pt above the baseline × 0.25 ≈ 6 px
        #expect(abs(slantedFoot - uprightFoot) <= 1)      // the baseline does not move
    }

    @Test("Colour emoji (Noto Color Emoji, CBDT) draw in colour on the image backend")
    func colourEmoji() throws {
        let font = try CGFont(url: TestFonts.colorEmoji)
        let context = try whiteContext(80, 80)
        context.setFont(font)
        context.setFontSize(48)
        context.setFillColor(UIColor.black)
        let run = simpleRun("😀", font: font, size: 48, at: CGPoint(x: 10, y: 60))
        #expect(run.glyphs[0] != 0)
        context.showGlyphs(run.glyphs, at: run.positions, text: "😀", clusters: scalarClusters("😀"))
        let image = try #require(context.makeImage())
        let yellow = image.count(in: CGRect(x: 0, y: 0, width: 80, height: 80)) { p in
            p[0] > 200 && p[1] > 140 && p[2] < 90
        }
        #expect(yellow > 300)  // a yellow face, not a black silhouette
    }

    @Test("Huge glyphs on an image are filled as outlines (Cairo would rasterize them whole: 750 MB for a fuzzer's input); huge bitmap glyphs are left out")
    func hugeGlyphs() throws {
        let font = try CGFont(url: TestFonts.dejaVuSans)
        let context = try whiteContext(100, 100)
        context.setFont(font)
        context.setFontSize(20_000)
        context.setFillColor(UIColor.black)
        // The stem of a 20,000-point "l": x from about 1,860 to 3,870 (DejaVu Sans), so starting
        // 2,000 points to the left puts the image inside it.
        context.textPosition = CGPoint(x: -2_000, y: -1_000)  // the baseline below the image: the stem covers it
        context.translateBy(x: 0, y: 100)
        context.scaleBy(x: 1, y: -1)
        context.showGlyphs([font.glyph(for: "l")], at: [.zero])
        let image = try #require(context.makeImage())
        #expect(image.count(in: CGRect(x: 0, y: 0, width: 100, height: 100)) { $0[0] < 128 } == 10_000)

        let emoji = try CGFont(url: TestFonts.colorEmoji)
        let again = try whiteContext(100, 100)
        again.setFont(emoji)
        again.setFontSize(20_000)
        let run = simpleRun("😀", font: emoji, size: 20_000, at: CGPoint(x: -5_000, y: 10_000))
        again.showGlyphs(run.glyphs, at: run.positions, text: "😀", clusters: scalarClusters("😀"))
        let blank = try #require(again.makeImage())
        #expect(blank.count(in: CGRect(x: 0, y: 0, width: 100, height: 100)) { $0[0] < 250 } == 0)
    }

    @Test("CGContext.draw(_:in:) draws a CGImage upside down as Core Graphics; UIImage.draw(in:) upright")
    func imageOrientation() throws {
        // A 1×2 image: red on top, blue below.
        let source = try #require(CGImage(width: 1, height: 2, rgbaBytes: [255, 0, 0, 255, 0, 0, 255, 255]))
        let context = try whiteContext(20, 20)
        context.interpolationQuality = .none
        context.draw(source, in: CGRect(x: 0, y: 0, width: 10, height: 20))
        UIGraphicsPushContext(context)
        UIImage(cgImage: source).draw(in: CGRect(x: 10, y: 0, width: 10, height: 20))
        UIGraphicsPopContext()
        let image = try #require(context.makeImage())
        #expect(image.px(5, 2) == [0, 0, 255, 255])     // Core Graphics: top row at maxY
        #expect(image.px(5, 18) == [255, 0, 0, 255])
        #expect(image.px(15, 2) == [255, 0, 0, 255])    // UIKit: upright
        #expect(image.px(15, 18) == [0, 0, 255, 255])
    }

    @Test("Empty, negative, non-finite and absurd image sizes are refused with an error")
    func invalidSizes() {
        for size in [CGSize.zero, CGSize(width: -5, height: 10), CGSize(width: CGFloat.nan, height: 1),
                     CGSize(width: CGFloat.infinity, height: 1)] {
            #expect(throws: GraphicsError.self) { try CGContext(imageSize: size) }
        }
        #expect(throws: GraphicsError.self) { try CGContext(imageSize: CGSize(width: 100_000, height: 100_000)) }
        do {
            _ = try CGContext(imageSize: CGSize(width: 30_000, height: 30_000))
            Issue.record("a 900-megapixel image was accepted")
        } catch {
            #expect(error.kind == .imageTooLarge)
        }
        #expect(throws: GraphicsError.self) { try CGContext(imageSize: CGSize(width: 10, height: 10), scale: -1) }
    }

    @Test("writePNG refuses an unwritable path and leaves no temporary file")
    func unwritablePNG() throws {
        let context = try whiteContext(4, 4)
        #expect(throws: GraphicsError.self) {
            try context.writePNG(to: URL(fileURLWithPath: "/nonexistent-dir/x.png"))
        }
        let directory = try scratchDirectory("png")
        let url = directory.appendingPathComponent("out.png")
        try context.writePNG(to: url)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files == ["out.png"])
        #expect(UIImage(contentsOfFile: url.path)?.size == CGSize(width: 4, height: 4))
    }

    @Test("Drawing with a singular CTM or NaN coordinates is skipped without breaking the context")
    func degenerateInput() throws {
        let context = try whiteContext(20, 20)
        context.saveGState()
        context.scaleBy(x: 0, y: 0)
        context.setStrokeColor(UIColor.black)
        context.stroke(CGRect(x: 0, y: 0, width: 10, height: 10))
        context.restoreGState()
        context.setFillColor(UIColor.black)
        context.fill(CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10))
        context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))  // still works afterwards
        #expect(context.makeImage()?.px(2, 2) == [0, 0, 0, 255])
    }
}

@Suite("Text drawing modes")
struct TextDrawingModeTests {
    @Test("The clip mode makes the glyph outlines the clip: a later fill shows only inside the letter")
    func clipMode() throws {
        let font = try CGFont(url: TestFonts.dejaVuSans)
        let context = try CGContext(imageSize: CGSize(width: 100, height: 80))
        context.setFillColor(UIColor.white)
        context.fill(CGRect(x: 0, y: 0, width: 100, height: 80))
        context.translateBy(x: 0, y: 80)
        context.scaleBy(x: 1, y: -1)
        context.setFont(font)
        context.setFontSize(60)
        context.setTextDrawingMode(.clip)
        context.textPosition = CGPoint(x: 10, y: 15)
        context.showGlyphs([font.glyph(for: "H")], at: [.zero])
        #expect(context.boundingBoxOfClipPath.width < 60)
        context.setFillColor(UIColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 100, height: 80))
        let image = try #require(context.makeImage())
        let red = (0..<80).reduce(0) { sum, y in sum + (0..<100).filter { x in (image.rgba(atX: x, y: y)?.g ?? 255) < 60 }.count }
        // Only the H is red: a few hundred pixels, far from the 8,000 of the canvas; none at the corners.
        #expect(red > 300 && red < 2500)
        #expect(image.rgba(atX: 1, y: 1)?.g == 255)
        #expect(image.rgba(atX: 98, y: 78)?.g == 255)
    }
}
