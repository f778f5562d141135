import Testing
@testable import TextKitTypesetting
import TextKitFonts
import TextKitGraphics
import TextKitModel

@Suite("Core Text frames")
struct CoreTextFrameTests {
    static let paragraphs = [
        "Typesetting is the composition of text by means of arranging physical type or its digital equivalents. ",
        "Stored letters and other symbols are retrieved and ordered according to a language's orthography for visual display.",
        "",
        "It requires one or more fonts, which are widely but erroneously confused with and substituted for typefaces. ",
    ]
    static let text = paragraphs.joined(separator: "\n")
    static let font = TestFonts.dejaVuSerif(12)

    /// The lines `LineFitter` makes of `text` at `width`, paragraph by paragraph, as string ranges.
    static func fitterLines(_ text: String, width: Float) -> [CFRange] {
        var result: [CFRange] = []
        var start = 0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map({ i, p in
            i < text.split(separator: "\n", omittingEmptySubsequences: false).count - 1 ? p + "\n" : String(p)
        }) where !paragraph.isEmpty {
            let (analysis, units) = TestFonts.analyze(paragraph, [.font: font])
            units.withUnsafeBufferPointer { buffer in
                let fitter = LineFitter(glyphs: analysis.glyphs, segments: analysis.segments, text: buffer, settings: LineBreakSettings())
                var offset = 0
                while offset < units.count {
                    let line = fitter.fitLine(from: offset, lineStartX: 0, lineEndX: width)
                    result.append(CFRange(location: start + offset, length: line.characters.count))
                    offset = line.characters.upperBound
                }
            }
            start += paragraph.utf16.count
        }
        return result
    }

    @Test("A rectangular frame over several paragraphs breaks lines as LineFitter does", arguments: [150.0, 200.0, 333.0])
    func rectangleMatchesLineFitter(width: Double) {
        let string = CT.string(Self.text, font: Self.font)
        let framesetter = CTFramesetterCreateWithAttributedString(string)
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: width, height: 2000), transform: nil)
        let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, 0), path, nil)
        let lines = CTFrameGetLines(frame)
        #expect(lines.map(CTLineGetStringRange) == Self.fitterLines(Self.text, width: Float(width)))
        #expect(CTFrameGetVisibleStringRange(frame) == CFRangeMake(0, string.length))
        // The typesetter suggests the same breaks.
        let typesetter = CTFramesetterGetTypesetter(framesetter)
        var start = 0
        for line in lines {
            let count = CTTypesetterSuggestLineBreak(typesetter, start, width)
            #expect(CTLineGetStringRange(line) == CFRangeMake(start, count))
            start += count
        }
        #expect(start == string.length)
    }

    @Test("Line origins are Core Text's: from the bottom-left of the path's box, y up")
    func lineOriginsAreYUp() {
        let string = CT.string(Self.text, font: Self.font)
        let box = CGRect(x: 40, y: 25, width: 220, height: 300)
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(string), CFRangeMake(0, 0),
                                             CGPath(rect: box, transform: nil), nil)
        let count = CTFrameGetLines(frame).count
        var origins = [CGPoint](repeating: .zero, count: count)
        CTFrameGetLineOrigins(frame, CFRangeMake(0, 0), &origins)
        let lineHeight = Self.font.ascender - Self.font.descender + Self.font.leading
        #expect(abs(origins[0].y - (box.height - Self.font.ascender)) < 1e-3)
        #expect(origins.allSatisfy { $0.x == 0 })
        for i in 1..<count {
            let gap = origins[i - 1].y - origins[i].y
            #expect(abs(gap - lineHeight) < 1e-3)
        }
        // The origins in the path's own (y-up) coordinates are the same points, from the box's corner.
        let inPath = frame.lineOriginsInPathCoordinates()
        for (up, p) in zip(origins, inPath) {
            #expect(abs(box.minX + up.x - p.x) < 1e-9 && abs(box.minY + up.y - p.y) < 1e-9)
        }
        var some = [CGPoint](repeating: .zero, count: 2)
        CTFrameGetLineOrigins(frame, CFRangeMake(3, 2), &some)
        #expect(some == Array(origins[3...4]))
    }

    @Test("A frame in an oval keeps every line inside the oval")
    func ovalKeepsLinesInside() {
        let string = CT.string(String(repeating: Self.text + "\n", count: 3), font: Self.font)
        let oval = CGRect(x: 20, y: 30, width: 300, height: 220)
        let path = CGPath(ellipseIn: oval, transform: nil)
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(string), CFRangeMake(0, 0), path, nil)
        let lines = CTFrameGetLines(frame)
        #expect(lines.count >= 12)
        #expect(CTFrameGetVisibleStringRange(frame).length < string.length)  // it overflows
        let origins = frame.lineOriginsInPathCoordinates()
        var widest: CGFloat = 0
        for (line, origin) in zip(lines, origins) {
            var ascent: CGFloat = 0, descent: CGFloat = 0
            // (An empty paragraph's line has no width: check it as a sliver.)
            let width = max(0.02, CGFloat(CTLineGetTypographicBounds(line, &ascent, &descent, nil) - CTLineGetTrailingWhitespaceWidth(line)))
            widest = max(widest, width)
            // Corners of the line's typographic box (nudged inward by 0.01 pt: a corner may lie
            // exactly on the oval's flattened outline).
            // The path is y up: the box runs from descent below the baseline to ascent above it.
            let corners = [CGPoint(x: origin.x + 0.01, y: origin.y + ascent - 0.01),
                           CGPoint(x: origin.x + width - 0.01, y: origin.y + ascent - 0.01),
                           CGPoint(x: origin.x + 0.01, y: origin.y - descent + 0.01),
                           CGPoint(x: origin.x + width - 0.01, y: origin.y - descent + 0.01)]
            for corner in corners { #expect(path.contains(corner), "line \(CTLineGetStringRange(line)) corner \(corner)") }
        }
        #expect(widest > 250)  // the middle lines use most of the oval's width
        // The first line starts near the top (the greatest y): below it, but within a few lines of it.
        #expect(origins[0].y < oval.maxY - Self.font.ascender && origins[0].y > oval.maxY - 50)
    }

    @Test("An even-odd ring keeps lines out of its hole; with the winding rule the hole is filled")
    func ringFillRules() {
        let string = CT.string(String(repeating: Self.text + "\n", count: 3), font: Self.font)
        let ring = CGMutablePath()
        ring.addEllipse(in: CGRect(x: 0, y: 0, width: 300, height: 300))
        ring.addEllipse(in: CGRect(x: 100, y: 100, width: 100, height: 100))
        let framesetter = CTFramesetterCreateWithAttributedString(string)
        let evenOdd = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, 0), ring, nil)  // Core Text's default rule
        let hole = CGRect(x: 100, y: 100, width: 100, height: 100)
        var crossesMiddle = false
        var rightOfHole = 0
        for (line, origin) in zip(CTFrameGetLines(evenOdd), evenOdd.lineOriginsInPathCoordinates()) {
            let width = max(0.02, CGFloat(CT.width(line) - CTLineGetTrailingWhitespaceWidth(line)))
            let box = CGRect(x: origin.x, y: origin.y + Self.font.descender, width: width,
                             height: Self.font.ascender - Self.font.descender)
            for corner in [CGPoint(x: box.minX + 0.01, y: box.minY + 0.01), CGPoint(x: box.maxX - 0.01, y: box.maxY - 0.01)] {
                #expect(ring.contains(corner, using: .evenOdd))
            }
            // No line spans the hole: beside it, lines go on both sides (as around a text
            // container's exclusion path).
            if box.minY < hole.midY && box.maxY > hole.midY {
                #expect(box.maxX < hole.minX + 1 || box.minX > hole.maxX - 1)
                if box.minX > hole.maxX - 1 { rightOfHole += 1 }
            }
        }
        #expect(rightOfHole > 0)
        let attributes: CFDictionary = [kCTFramePathFillRuleAttributeName: CTFramePathFillRule.windingNumber.rawValue]
        let winding = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, 0), ring, attributes)
        for (line, origin) in zip(CTFrameGetLines(winding), winding.lineOriginsInPathCoordinates())
        where origin.y - 10 < hole.midY && origin.y + 5 > hole.midY {
            if origin.x < hole.minX && origin.x + CGFloat(CT.width(line)) > hole.maxX { crossesMiddle = true }
        }
        #expect(crossesMiddle)
    }

    @Test("Clipping paths keep lines away from what they cover")
    func clippingPaths() {
        let string = CT.string(String(repeating: Self.text + "\n", count: 2), font: Self.font)
        let obstacle = CGRect(x: 150, y: 300, width: 80, height: 60)  // y up: near the frame's top
        let attributes: CFDictionary = [kCTFrameClippingPathsAttributeName: [
            [kCTFramePathClippingPathAttributeName: CGPath(rect: obstacle, transform: nil)]]]
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(string), CFRangeMake(0, 0),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: 300, height: 400), transform: nil), attributes)
        var beside = 0
        for (line, origin) in zip(CTFrameGetLines(frame), frame.lineOriginsInPathCoordinates()) {
            let box = CGRect(x: origin.x, y: origin.y + Self.font.descender,
                             width: CGFloat(CT.width(line) - CTLineGetTrailingWhitespaceWidth(line)),
                             height: Self.font.ascender - Self.font.descender)
            let overlap = box.intersection(obstacle)  // touching its edge is not covering it
            #expect(overlap.isNull || overlap.width < 0.01 || overlap.height < 0.01)
            if box.minY < obstacle.maxY && box.maxY > obstacle.minY { beside += 1 }
        }
        #expect(beside >= 3)  // lines continue beside the obstacle, not below it only
    }

    @Test("Frames report their ranges and path; a partial range starts where asked")
    func frameRanges() {
        let string = CT.string(Self.text, font: Self.font)
        let framesetter = CTFramesetterCreateWithAttributedString(string)
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 200, height: 60), transform: nil)
        let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(10, 0), path, nil)
        #expect(CTFrameGetPath(frame) === path)
        #expect(CTFrameGetStringRange(frame) == CFRangeMake(10, string.length - 10))
        let visible = CTFrameGetVisibleStringRange(frame)
        #expect(visible.location == 10 && visible.length > 0 && visible.length < string.length - 10)
        #expect(CTFrameGetLines(frame).count == 4)  // 60 points hold 4 lines of 14 points
        #expect(CTLineGetStringRange(CTFrameGetLines(frame)[0]).location == 10)
        #expect(CTFrameGetLines(frame).last.map { CTLineGetStringRange($0).end } == visible.end)
        // The next frame continues where this one stopped.
        let next = CTFramesetterCreateFrame(framesetter, CFRangeMake(visible.end, 0), path, nil)
        #expect(CTFrameGetVisibleStringRange(next).location == visible.end)
    }

    @Test("Paragraph alignment moves line origins; justified lines fill the width")
    func alignment() {
        let centered = NSMutableParagraphStyle()
        centered.alignment = .center
        let justified = NSMutableParagraphStyle()
        justified.alignment = .justified
        for (style, check) in [(centered, 0), (justified, 1)] {
            let string = CT.string(Self.paragraphs[0] + Self.paragraphs[1], font: Self.font, [NSAttributedString.Key(kCTParagraphStyleAttributeName as String): style])
            let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(string), CFRangeMake(0, 0),
                                                 CGPath(rect: CGRect(x: 0, y: 0, width: 200, height: 500), transform: nil), nil)
            let lines = CTFrameGetLines(frame)
            var origins = [CGPoint](repeating: .zero, count: lines.count)
            CTFrameGetLineOrigins(frame, CFRangeMake(0, 0), &origins)
            for (i, line) in lines.enumerated() {
                let content = CT.width(line) - CTLineGetTrailingWhitespaceWidth(line)
                if check == 0 {
                    #expect(abs(Double(origins[i].x) - (200 - content) / 2) < 1e-3)
                } else if i < lines.count - 1 {
                    #expect(origins[i].x == 0 && abs(content - 200) < 1e-3)
                }
            }
        }
    }
}

@Suite("Core Text frame sizes")
struct CoreTextFrameSizeTests {
    @Test("The suggested frame size grows with the text and respects the width constraint")
    func suggestedSizeGrowsWithText() {
        var previous = CGSize.zero
        for count in [1, 2, 4, 8] {
            let string = CT.string(String(repeating: "The quick brown fox jumps over the lazy dog. ", count: count))
            let framesetter = CTFramesetterCreateWithAttributedString(string)
            var fit = CFRange()
            let size = CTFramesetterSuggestFrameSizeWithConstraints(framesetter, CFRangeMake(0, 0), nil,
                                                                    CGSize(width: 180, height: CGFloat.greatestFiniteMagnitude), &fit)
            #expect(size.width <= 180)
            #expect(size.height > previous.height)
            #expect(fit == CFRangeMake(0, string.length))
            // A frame of that size shows all the text.
            let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, 0),
                                                 CGPath(rect: CGRect(origin: .zero, size: size), transform: nil), nil)
            #expect(CTFrameGetVisibleStringRange(frame) == fit)
            previous = size
        }
    }

    @Test("Without a width constraint each paragraph is one line")
    func unconstrainedWidth() {
        let string = CT.string("A short line\nand a somewhat longer second line")
        let framesetter = CTFramesetterCreateWithAttributedString(string)
        let size = CTFramesetterSuggestFrameSizeWithConstraints(framesetter, CFRangeMake(0, 0), nil,
                                                                CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude), nil)
        let second = CTLineCreateWithAttributedString(CT.string("and a somewhat longer second line"))
        #expect(abs(Double(size.width) - CT.width(second)) < 1e-3)
        let font = TestFonts.dejaVuSerif(12)
        #expect(abs(size.height - 2 * (font.ascender - font.descender + font.leading)) < 1e-3)
    }

    @Test("A height constraint limits the range that fits")
    func heightConstraint() {
        let string = CT.string(String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 10))
        let framesetter = CTFramesetterCreateWithAttributedString(string)
        var fit = CFRange()
        let size = CTFramesetterSuggestFrameSizeWithConstraints(framesetter, CFRangeMake(0, 0), nil, CGSize(width: 150, height: 50), &fit)
        #expect(size.height <= 50 && size.height > 30)
        #expect(fit.location == 0 && fit.length > 0 && fit.length < string.length)
        let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, 0),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: 150, height: 50), transform: nil), nil)
        #expect(CTFrameGetVisibleStringRange(frame) == fit)
    }
}
