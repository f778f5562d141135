import Testing
@testable import TextKitTypesetting
import TextKitFonts
import TextKitGraphics
import TextKitModel

@Suite("Core Text typesetter")
struct CoreTextTypesetterTests {
    static let text = "Typesetting is the composition of text by means of arranging physical type."

    @Test("Suggested line breaks fall after spaces and fill lines as far as they fit")
    func suggestLineBreak() {
        let string = CT.string(Self.text)
        let typesetter = CTTypesetterCreateWithAttributedString(string)
        var start = 0
        var lines: [String] = []
        while start < string.length {
            let count = CTTypesetterSuggestLineBreak(typesetter, start, 120)
            #expect(count > 0)
            let line = CTTypesetterCreateLine(typesetter, CFRangeMake(start, count))
            // Each line fits, and adding the next word would not.
            #expect(CT.width(line) - CTLineGetTrailingWhitespaceWidth(line) <= 120)
            let text = CT.text(string, CFRangeMake(start, count))
            lines.append(text)
            if start + count < string.length {
                #expect(text.hasSuffix(" "))
                let next = CTTypesetterSuggestLineBreak(typesetter, start + count, 1000)
                let nextWord = CT.text(string, CFRangeMake(start + count, next)).split(separator: " ").first!
                let longer = CTLineCreateWithAttributedString(CT.string(text + nextWord))
                #expect(CT.width(longer) > 120)
            }
            start += count
        }
        #expect(lines.joined() == Self.text)
        #expect(CTTypesetterSuggestLineBreak(typesetter, string.length, 100) == 0)
    }

    @Test("Cluster breaks split words between grapheme clusters")
    func suggestClusterBreak() {
        let string = CT.string("Unbreakablewordwithoutspaces é\u{301}")
        let typesetter = CTTypesetterCreateWithAttributedString(string)
        let count = CTTypesetterSuggestClusterBreak(typesetter, 0, 50)
        #expect(count > 2 && count < 15)
        #expect(CT.width(CTTypesetterCreateLine(typesetter, CFRangeMake(0, count))) <= 50)
        #expect(CT.width(CTTypesetterCreateLine(typesetter, CFRangeMake(0, count + 1))) > 50)
        // A combining mark stays with its base.
        let end = string.length
        #expect(CTTypesetterSuggestClusterBreak(typesetter, end - 2, 0.1) == 2)
    }

    @Test("A hard line break ends the suggested line, terminator included")
    func hardBreaks() {
        let string = CT.string("one two\nthree four\u{2028}five")
        let typesetter = CTTypesetterCreateWithAttributedString(string)
        #expect(CTTypesetterSuggestLineBreak(typesetter, 0, 1000) == 8)
        #expect(CTTypesetterSuggestLineBreak(typesetter, 8, 1000) == 11)
        #expect(CTTypesetterSuggestLineBreak(typesetter, 19, 1000) == 4)
    }

    @Test("The offset moves tab stops: a tab advances to the next stop from where the line starts")
    func offsetAndTabs() {
        let string = CT.string("a\tb")
        let typesetter = CTTypesetterCreateWithAttributedString(string)
        let a = TestFonts.dejaVuSerif(12).advance(forGlyph: TestFonts.dejaVuSerif(12).glyph(for: "a")!)
        let plain = CTTypesetterCreateLine(typesetter, CFRangeMake(0, 0))
        let shifted = CTTypesetterCreateLineWithOffset(typesetter, CFRangeMake(0, 0), 20)
        // Default stops every 28 points: from 0 the tab ends at 28, from 20 at 28 too (8 points later).
        let bAt = { (line: CTLine) in CT.positions(CT.runs(line)[0])[2].x }
        #expect(abs(bAt(plain) - 28) < 1e-3)
        #expect(abs(bAt(shifted) - (28 - 20)) < 1e-3)
        #expect(a > 0)
        #expect(CTTypesetterSuggestLineBreakWithOffset(typesetter, 0, 1000, 20) == 3)
    }

    @Test("Paragraphs are analyzed once and shared by the lines made from them")
    func paragraphCache() {
        let string = CT.string("first paragraph\nsecond paragraph")
        let typesetter = CTTypesetterCreateWithAttributedString(string)
        let a = CTTypesetterCreateLine(typesetter, CFRangeMake(0, 5))
        let b = CTTypesetterCreateLine(typesetter, CFRangeMake(6, 10))
        let c = CTTypesetterCreateLine(typesetter, CFRangeMake(16, 6))
        #expect(a.paragraph === b.paragraph)
        #expect(a.paragraph !== c.paragraph && c.paragraph.start == 16)
        // A line over both paragraphs is analyzed on its own and keeps both.
        let both = CTTypesetterCreateLine(typesetter, CFRangeMake(0, 0))
        #expect(CTLineGetStringRange(both) == CFRangeMake(0, string.length))
        #expect(CT.runs(both).flatMap(CT.indices).contains(20))
    }

    @Test("The typesetter copies its string")
    func copiesTheString() {
        let string = NSMutableAttributedString(attributedString: CT.string("original"))
        let typesetter = CTTypesetterCreateWithAttributedString(string)
        string.replaceCharacters(in: NSRange(location: 0, length: 8), with: "x")
        #expect(CTLineGetStringRange(CTTypesetterCreateLine(typesetter, CFRangeMake(0, 0))).length == 8)
    }

    @Test("A forced embedding level of 1 makes a paragraph right to left")
    func forcedEmbeddingLevel() {
        let string = CT.string("abc שלום", font: TestFonts.dejaVuSans(12))
        let natural = CTTypesetterCreateLine(CTTypesetterCreateWithAttributedString(string), CFRangeMake(0, 0))
        let forced = CTTypesetterCreateLine(CTTypesetterCreateWithAttributedStringAndOptions(
            string, [kCTTypesetterOptionForcedEmbeddingLevel: 1]), CFRangeMake(0, 0))
        // Left to right, "abc" comes first on the left; right to left, it comes first on the right.
        #expect(CTRunGetStringRange(CT.runs(natural)[0]).location == 0)
        #expect(CTRunGetStatus(CT.runs(forced)[0]).contains(.rightToLeft))
        #expect(CTRunGetStringRange(CT.runs(forced).last!).location == 0)
    }
}

@Suite("Core Text fonts")
struct CoreTextFontTests {
    static let path = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"

    @Test("Font metrics follow Core Text's signs")
    func metrics() {
        let font = TestFonts.dejaVuSerif(24)
        #expect(CTFontGetSize(font) == 24)
        #expect(CTFontGetAscent(font) == font.ascender && CTFontGetAscent(font) > 0)
        #expect(CTFontGetDescent(font) == -font.descender && CTFontGetDescent(font) > 0)
        #expect(CTFontGetLeading(font) == font.leading)
        #expect(CTFontGetCapHeight(font) > CTFontGetXHeight(font) && CTFontGetXHeight(font) > 0)
        #expect(CTFontGetUnderlinePosition(font) < 0 && CTFontGetUnderlineThickness(font) > 0)
        #expect(CTFontGetUnitsPerEm(font) == 2048)
        #expect(CTFontGetGlyphCount(font) > 2000)
        #expect(CTFontCopyPostScriptName(font) == "DejaVuSerif")
        #expect(CTFontCopyFamilyName(font) == "DejaVu Serif")
        let bigger = CTFontCreateCopyWithAttributes(font, 36, nil, nil)
        #expect(CTFontGetSize(bigger) == 36 && bigger.face === font.face)
        #expect(CTFontGetSize(CTFontCreateCopyWithAttributes(font, 0, nil, nil)) == 24)
    }

    @Test("Fonts are made by name and descriptor, falling back rather than failing")
    func creation() {
        let font = CTFontCreateWithName("DejaVuSans-Bold", 10, nil)
        #expect(CTFontCopyPostScriptName(font) == "DejaVuSans-Bold" && CTFontGetSize(font) == 10)
        #expect(CTFontGetSymbolicTraits(font).contains(.traitBold))
        let unknown = CTFontCreateWithName("No Such Font Anywhere", 0, nil)
        #expect(CTFontGetSize(unknown) == 12)
        let descriptor = CTFontDescriptorCreateWithAttributes([kCTFontFamilyNameAttribute: "DejaVu Serif", kCTFontSizeAttribute: 15])
        let fromDescriptor = CTFontCreateWithFontDescriptor(descriptor, 0, nil)
        #expect(CTFontCopyFamilyName(fromDescriptor) == "DejaVu Serif" && CTFontGetSize(fromDescriptor) == 15)
        #expect(CTFontCopyFamilyName(CTFontCreateWithFontDescriptor(CTFontDescriptorCreateWithNameAndSize("DejaVuSans", 9), 0, nil)) == "DejaVu Sans")
    }

    @Test("Glyphs for characters come from the cmap; surrogate pairs take two slots")
    func glyphsForCharacters() {
        let font = TestFonts.dejaVuSans(12)
        let units = Array("Ab𝔸".utf16)
        var glyphs = [CGGlyph](repeating: 99, count: units.count)
        let all = CTFontGetGlyphsForCharacters(font, units, &glyphs, units.count)
        #expect(glyphs[0] == font.glyph(for: "A") && glyphs[1] == font.glyph(for: "b"))
        #expect(glyphs[3] == 0)
        #expect(all == (glyphs[2] != 0))
        let han = Array("漢".utf16)
        var none = [CGGlyph](repeating: 0, count: 1)
        #expect(!CTFontGetGlyphsForCharacters(font, han, &none, 1) && none[0] == 0)
    }

    @Test("Advances, bounding rects and paths of glyphs, y up")
    func glyphGeometry() throws {
        let font = TestFonts.dejaVuSerif(100)
        let glyphs = [font.glyph(for: "H")!, font.glyph(for: "p")!, font.glyph(for: " ")!]
        var advances = [CGSize](repeating: .zero, count: 3)
        let total = CTFontGetAdvancesForGlyphs(font, .horizontal, glyphs, &advances, 3)
        #expect(abs(total - Double(advances.map(\.width).reduce(0, +))) < 1e-9)
        #expect(advances[0].width == font.advance(forGlyph: glyphs[0]))
        var rects = [CGRect](repeating: .null, count: 3)
        let union = CTFontGetBoundingRectsForGlyphs(font, .default, glyphs, &rects, 3)
        #expect(rects[0].minY > -1 && abs(rects[0].maxY - font.capHeight) < 2)  // H sits on the baseline
        #expect(rects[1].minY < -10)  // p descends below it
        #expect(rects[2] == .zero)
        #expect(union.contains(rects[0]) && union.contains(rects[1]))
        let path = try #require(CTFontCreatePathForGlyph(font, glyphs[0], nil))
        #expect(abs(path.boundingBoxOfPath.maxY - rects[0].maxY) < 0.5)
        var shift = CGAffineTransform(translationX: 10, y: 0)
        let moved = try #require(CTFontCreatePathForGlyph(font, glyphs[0], &shift))
        #expect(abs(moved.boundingBoxOfPath.minX - path.boundingBoxOfPath.minX - 10) < 1e-6)
    }
}

@Suite("Core Foundation names")
struct CoreFoundationNameTests {
    @Test("CFRange converts to and from NSRange and resolves zero lengths")
    func ranges() {
        let range = CFRangeMake(3, 4)
        #expect(range.location == 3 && range.length == 4 && range.end == 7)
        #expect(NSRange(range) == NSRange(location: 3, length: 4))
        #expect(CFRange(NSRange(location: 1, length: 2)) == CFRangeMake(1, 2))
        #expect(CFRange(2..<5) == CFRangeMake(2, 3))
        #expect(CFRangeMake(2, 0).resolved(toEnd: 10, what: "test") == 2..<10)
        #expect(kCFNotFound == -1)
    }

    @Test("Core Text attribute names are CFStrings with Core Text's raw values, UIKit's where they are the same")
    func attributeNames() {
        #expect(kCTFontAttributeName == "NSFont" && NSAttributedString.Key(kCTFontAttributeName as String) == .font)
        #expect(kCTForegroundColorAttributeName == "CTForegroundColor")
        #expect(NSAttributedString.Key(kCTForegroundColorAttributeName as String) != .foregroundColor)
        #expect(NSAttributedString.Key(kCTParagraphStyleAttributeName as String) == .paragraphStyle)
        #expect(NSAttributedString.Key(kCTKernAttributeName as String) == .kern)
        #expect(NSAttributedString.Key(kCTUnderlineStyleAttributeName as String) == .underlineStyle)
        #expect(NSAttributedString.Key(kCTLanguageAttributeName as String) == .languageIdentifier)
        #expect(kCTStrokeColorAttributeName == "CTStrokeColor" && kCTUnderlineColorAttributeName == "CTUnderlineColor")
        #expect(kCTBaselineOffsetAttributeName == "CTBaselineOffset" && kCTTrackingAttributeName == "CTTracking")
        #expect(kCTBackgroundColorAttributeName == "CTBackgroundColor" && kCTRunDelegateAttributeName == "CTRunDelegate")
        #expect(CTUnderlineStyle.double.rawValue == Int32(NSUnderlineStyle.double.rawValue))
    }

    @Test("Core Text's baseline offset and tracking keys act as UIKit's do")
    func coreTextOnlyKeysApply() {
        let font = TestFonts.dejaVuSans(20)
        let plain = CTLineCreateWithAttributedString(CT.string("abc", font: font))
        let tracked = CTLineCreateWithAttributedString(CT.string("abc", font: font,
            [NSAttributedString.Key(kCTTrackingAttributeName as String): 3]))
        #expect(abs(CT.width(tracked) - CT.width(plain) - 9) < 0.01)
        let raised = CTLineCreateWithAttributedString(CT.string("abc", font: font,
            [NSAttributedString.Key(kCTBaselineOffsetAttributeName as String): 5]))
        #expect(CT.positions(CT.runs(raised)[0]).allSatisfy { $0.y == 5 })
        let uiKitRaised = CTLineCreateWithAttributedString(CT.string("abc", font: font, [.baselineOffset: 5]))
        #expect(CT.positions(CT.runs(uiKitRaised)[0]) == CT.positions(CT.runs(raised)[0]))
    }

    @Test("kCTSuperscriptAttributeName picks the font's superscript and subscript forms")
    func superscript() {
        let font = CTFontCreateWithName("NotoSans-Regular" as CFString, 20, nil)  // has 'sups' and 'subs'
        #expect(font.face.url.lastPathComponent == "NotoSans-Regular.ttf")
        func glyphs(_ level: Int?) -> [CGGlyph] {
            let extra: [NSAttributedString.Key: Any] = level.map { [NSAttributedString.Key(kCTSuperscriptAttributeName as String): $0] } ?? [:]
            return CT.runs(CTLineCreateWithAttributedString(CT.string("2", font: font, extra))).flatMap(CT.glyphs)
        }
        let plain = glyphs(nil), up = glyphs(1), down = glyphs(-1)
        #expect(up != plain && down != plain && up != down)
        #expect(glyphs(0) == plain)
    }

    @Test("Kerning and ligature attributes change the typeset line", arguments: [false, true])
    func attributesApply(viaKern: Bool) {
        let font = TestFonts.libertine(20)
        let plain = CTLineCreateWithAttributedString(CT.string("office", font: font))
        let changed = CTLineCreateWithAttributedString(CT.string("office", font: font,
            viaKern ? [NSAttributedString.Key(kCTKernAttributeName as String): 2.0] : [NSAttributedString.Key(kCTLigatureAttributeName as String): 0]))
        if viaKern {
            #expect(abs(CT.width(changed) - CT.width(plain) - 2 * Double(CTLineGetGlyphCount(plain))) < 0.5 ||
                    CT.width(changed) > CT.width(plain) + 8)
        } else {
            #expect(CTLineGetGlyphCount(changed) == 6 && CTLineGetGlyphCount(plain) < 6)
        }
    }
}

@Suite("Core Text font matrices")
struct CoreTextFontMatrixTests {
    @Test("A font matrix goes into the descriptor and into the run's text matrix")
    func matrix() {
        var slant = CGAffineTransform(a: 1, b: 0, c: 0.25, d: 1, tx: 0, ty: 0)
        let font = CTFontCreateWithName("DejaVu Sans", 16, &slant)
        #expect(CTFontGetMatrix(font) == slant)
        let run = CT.runs(CTLineCreateWithAttributedString(CT.string("italic", font: font)))[0]
        #expect(CTRunGetStatus(run).contains(.hasNonIdentityMatrix))
        #expect(abs(CTRunGetTextMatrix(run).c - 0.25) < 1e-9)
        #expect(CTFontGetMatrix(CTFontCreateWithName("DejaVu Sans", 16, nil)) == .identity)
    }
}
