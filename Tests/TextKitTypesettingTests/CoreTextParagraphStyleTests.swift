import Testing
@testable import TextKitTypesetting
import TextKitFonts
import TextKitGraphics
import TextKitModel

@Suite("Core Text paragraph styles")
struct CoreTextParagraphStyleTests {
    @Test("Settings made the Core Text way shape frames: alignment, indents, spacing")
    func settingsApply() {
        var alignment = CTTextAlignment.right
        var spacing: CGFloat = 4
        var indent: CGFloat = 30
        var badSize: CGFloat = 99
        let style = withUnsafeBytes(of: &alignment) { a in
            withUnsafeBytes(of: &spacing) { s in
                withUnsafeBytes(of: &indent) { i in
                    withUnsafeBytes(of: &badSize) { b in
                        let settings = [
                            CTParagraphStyleSetting(spec: .alignment, valueSize: MemoryLayout<CTTextAlignment>.size, value: a.baseAddress!),
                            CTParagraphStyleSetting(spec: .lineSpacingAdjustment, valueSize: MemoryLayout<CGFloat>.size, value: s.baseAddress!),
                            CTParagraphStyleSetting(spec: .firstLineHeadIndent, valueSize: MemoryLayout<CGFloat>.size, value: i.baseAddress!),
                            CTParagraphStyleSetting(spec: .headIndent, valueSize: 2, value: b.baseAddress!),  // wrong size: ignored
                        ]
                        return CTParagraphStyleCreate(settings, settings.count)
                    }
                }
            }
        }
        #expect(style.alignment == .right && style.lineSpacing == 4 && style.firstLineHeadIndent == 30 && style.headIndent == 0)
        var read = CTTextAlignment.left
        #expect(CTParagraphStyleGetValueForSpecifier(style, .alignment, 1, &read) && read == .right)
        var readSpacing: CGFloat = 0
        #expect(CTParagraphStyleGetValueForSpecifier(style, .lineSpacingAdjustment, MemoryLayout<CGFloat>.size, &readSpacing))
        #expect(readSpacing == 4)
        #expect(!CTParagraphStyleGetValueForSpecifier(style, .tabStops, 8, &readSpacing))

        let font = TestFonts.dejaVuSerif(12)
        let string = CT.string("Right aligned text that wraps over a few lines in a narrow frame.", font: font,
                               [NSAttributedString.Key(kCTParagraphStyleAttributeName as String): style])
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(string), CFRangeMake(0, 0),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: 150, height: 300), transform: nil), nil)
        let lines = CTFrameGetLines(frame)
        var origins = [CGPoint](repeating: .zero, count: lines.count)
        CTFrameGetLineOrigins(frame, CFRangeMake(0, 0), &origins)
        #expect(lines.count >= 3)
        for (line, origin) in zip(lines, origins) {
            let content = CGFloat(CT.width(line) - CTLineGetTrailingWhitespaceWidth(line))
            #expect(abs(origin.x + content - 150) < 1e-3)
        }
        let step = font.ascender - font.descender + font.leading + 4
        #expect(abs(origins[0].y - origins[1].y - step) < 1e-3)
        // The first line is indented: it holds less than a full line would.
        let fullFirst = CTTypesetterSuggestLineBreak(CTTypesetterCreateWithAttributedString(string), 0, 150)
        #expect(CTLineGetStringRange(lines[0]).length <= fullFirst)
        #expect(CT.width(lines[0]) - CTLineGetTrailingWhitespaceWidth(lines[0]) <= 120)
    }

    @Test("Core Text's alignment numbers convert to UIKit's")
    func alignmentNumbers() {
        #expect(CTTextAlignment.right.rawValue == 1 && CTTextAlignment.center.rawValue == 2)
        #expect(CTTextAlignment.right.nsTextAlignment == .right && CTTextAlignment(.center) == .center)
        #expect(CTLineBreakMode.byTruncatingTail.rawValue == UInt8(NSLineBreakMode.byTruncatingTail.rawValue))
    }

    @Test("A truncating line break mode truncates each paragraph of a frame to one line with an ellipsis")
    func truncatingModeInFrames() {
        let style = NSMutableParagraphStyle()
        style.lineBreakMode = .byTruncatingTail
        let string = CT.string("A paragraph far too long for its frame's width\nand another one also too long", [NSAttributedString.Key(kCTParagraphStyleAttributeName as String): style])
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(string), CFRangeMake(0, 0),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: 120, height: 300), transform: nil), nil)
        let lines = CTFrameGetLines(frame)
        #expect(lines.count == 2)
        for line in lines {
            #expect(CT.width(line) <= 120 + 1e-3)
            let last = CT.runs(line).last!
            #expect(CT.glyphs(last) == [TestFonts.dejaVuSerif(12).ellipsisGlyph!])
        }
        #expect(CTFrameGetVisibleStringRange(frame).length == string.length)
    }
}
