import Dispatch
import Synchronization
import Testing
@testable import TextKitTypesetting
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// CTLine's caret functions answer from `LineCarets`, the model NSLayoutManager's hit testing and
/// selection use. Here: the Core Text answers for bidi lines, ligatures, combining
/// marks, emoji sequences, truncated, aligned and hyphenated lines, each beside the answer of the
/// `LineCarets` that the layout engine builds for the same text (CaretTests.line: the fitter and
/// placer NSLayoutManager uses), x measured from the line's start.
@Suite("Core Text carets from the shared caret model")
struct CoreTextCaretModelTests {
    /// The primary and secondary offsets of every string index of `line`.
    static func offsets(_ line: CTLine) -> [(primary: CGFloat, secondary: CGFloat)] {
        let range = CTLineGetStringRange(line)
        return (range.location...(range.location + range.length)).map { index in
            var secondary: CGFloat = 0
            let primary = CTLineGetOffsetForStringIndex(line, index, &secondary)
            return (primary, secondary)
        }
    }

    /// Every caret edge of `line`, in the order enumerated.
    static func edges(_ line: CTLine) -> [(x: Double, index: CFIndex, leading: Bool)] {
        var edges: [(Double, CFIndex, Bool)] = []
        CTLineEnumerateCaretOffsets(line) { x, index, leading, _ in edges.append((x, index, leading)) }
        return edges
    }

    /// Checks that a line of `string` made by `CTLineCreateWithAttributedString` answers every caret
    /// query as the layout engine's `LineCarets` for the same text does (x from the line's start):
    /// both carets of each index, the index for points a quarter and three quarters into each
    /// grapheme, and the caret edges.
    static func expectSameAsLayoutEngine(_ string: String, font: UIFont, style: NSParagraphStyle = .default,
                                         sourceLocation: SourceLocation = #_sourceLocation) {
        let line = CTLineCreateWithAttributedString(CT.string(string, font: font, [.paragraphStyle: style]))
        let engine = CaretTests.line(string, font: font, style: style)
        let origin = engine.placed.originX
        for (i, ct) in offsets(line).enumerated() {
            let caret = engine.carets.lineDirectionOffsets(forCharacter: i)
            #expect(abs(ct.primary - CGFloat(caret.primary - origin)) < 1e-3, "primary of \(i) in \(string)", sourceLocation: sourceLocation)
            #expect(abs(ct.secondary - CGFloat(caret.secondary - origin)) < 1e-3, "secondary of \(i) in \(string)", sourceLocation: sourceLocation)
        }
        for grapheme in engine.carets.graphemes where grapheme.width > 0 {
            for f: Float in [0.25, 0.75] {
                let x = grapheme.minX + grapheme.width * f
                #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: CGFloat(x - origin), y: 0))
                        == engine.carets.characterIndex(forX: x), "click at \(f) of \(grapheme.characters) in \(string)",
                        sourceLocation: sourceLocation)
            }
        }
        let expected = engine.carets.visualOrder.flatMap { k in
            let g = engine.carets.graphemes[k]
            return [(Double(g.minX - origin), g.characters.lowerBound), (Double(g.maxX - origin), g.characters.lowerBound)]
        }
        let edges = edges(line)
        #expect(edges.count == expected.count, sourceLocation: sourceLocation)
        for (edge, want) in zip(edges, expected) {
            #expect(abs(edge.x - want.0) < 1e-3 && edge.index == want.1, "edge \(edge) of \(string)", sourceLocation: sourceLocation)
        }
        #expect(zip(edges, edges.dropFirst()).allSatisfy { $0.x <= $1.x + 1e-4 }, "edges left to right in \(string)",
                sourceLocation: sourceLocation)
    }

    @Test("Core Text and the layout engine give the same carets for the same text", arguments: [
        "Hello, world", "abc שלום def", "office", "ne\u{301}\u{323}t", "a👩\u{200D}👩\u{200D}👧b", "x א1ב y",
    ])
    func sameAnswersAsTheLayoutEngine(string: String) {
        let font = string == "office" ? TestFonts.dejaVuSerif(20) : TestFonts.dejaVuSans(16)
        Self.expectSameAsLayoutEngine(string, font: font)
        let rtl = NSMutableParagraphStyle()
        rtl.baseWritingDirection = .rightToLeft
        Self.expectSameAsLayoutEngine(string, font: font, style: rtl)
    }

    /// Apple: "the primary offset corresponds to the portion of the caret that represents the
    /// visual insertion location for a character whose direction matches the line's writing
    /// direction". The retired engine (LineCaretStops) gave the leading edge of the character at
    /// the index as primary, and no split caret at the line's ends.
    @Test("The primary caret is the line direction's: at a run boundary and at both ends of the line")
    func primaryCaretFollowsTheLineDirection() throws {
        let font = TestFonts.dejaVuSans(16)
        let ltr = NSMutableParagraphStyle()
        ltr.baseWritingDirection = .leftToRight
        // ש0 ל1 ו2 ם3 ␠4 a5 b6 c7, end 8; a left-to-right line that starts in Hebrew.
        let line = CTLineCreateWithAttributedString(CT.string("שלום abc", font: font, [.paragraphStyle: ltr]))
        let hebrew = try #require(CT.runs(line).first)
        let hebrewWidth = CT.advances(hebrew).reduce(0) { $0 + $1.width }
        let offsets = Self.offsets(line)
        // At index 0 a left-to-right letter goes at the line's left end; a Hebrew one before shin,
        // at the right end of the Hebrew word.
        #expect(offsets[0].primary == 0)
        #expect(abs(offsets[0].secondary - hebrewWidth) < 1e-3)
        // At index 4 (after the Hebrew, before the space): both carets again, the primary after the word.
        #expect(abs(offsets[4].primary - hebrewWidth) < 1e-3 && offsets[4].secondary == 0)
        // Inside one direction: one caret.
        for i in [1, 2, 3, 6, 7] { #expect(offsets[i].primary == offsets[i].secondary, "index \(i)") }
        // A click at a primary caret gives its index back ("a CGPoint constructed with the adjusted
        // offset … is suitable for passing to CTLineGetStringIndexForPosition").
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: offsets[0].primary, y: 0)) == 0)
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: -20, y: 0)) == 0)
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: offsets[8].primary + 20, y: 0)) == 8)

        // A right-to-left line ending in English: the end's primary caret is the line's left end.
        // א0 ב1 ג2 ␠3 a4 b5 c6, end 7.
        let rtl = CTLineCreateWithAttributedString(CT.string("אבג abc", font: font))
        let english = try #require(CT.runs(rtl).first)
        let englishWidth = CT.advances(english).reduce(0) { $0 + $1.width }
        let rtlOffsets = Self.offsets(rtl)
        #expect(rtlOffsets[7].primary == 0 && abs(rtlOffsets[7].secondary - englishWidth) < 1e-3)
        // Index 4 (a): a Hebrew letter typed there goes left of the space, right of "abc".
        #expect(abs(rtlOffsets[4].primary - englishWidth) < 1e-3 && rtlOffsets[4].secondary == 0)
        #expect(CTLineGetStringIndexForPosition(rtl, CGPoint(x: -20, y: 0)) == 7)
    }

    @Test("The ligature DejaVu Serif draws for \"ffi\" has a caret between each of its letters")
    func ffiLigatureInDejaVuSerif() throws {
        // DejaVu Serif has an "ff" ligature but no "ffi": o0, ff1..<3, i3, c4, e5.
        let font = TestFonts.dejaVuSerif(20)
        let line = CTLineCreateWithAttributedString(CT.string("office", font: font))
        let run = try #require(CT.runs(line).first)
        let indices = CT.indices(run)
        #expect(indices == [0, 1, 3, 4, 5], "o, ff, i, c, e")
        let letters = indices[2] - indices[1]
        let left = CT.positions(run)[1].x, width = CT.advances(run)[1].width
        let gdef = font.ligatureCaretPositions(forGlyph: CT.glyphs(run)[1])
        let inner = gdef.count == letters - 1 ? gdef : (1..<letters).map { width * CGFloat($0) / CGFloat(letters) }
        let xs = Self.offsets(line).map(\.primary)
        #expect(abs(xs[1] - left) < 1e-3 && abs(xs[1 + letters] - (left + width)) < 1e-3)
        for k in 1..<letters { #expect(abs(xs[1 + k] - left - inner[k - 1]) < 1e-3, "caret \(1 + k) inside the ligature") }
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 })
        // Clicks either side of the inner caret: the nearer insertion point.
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: xs[2] + 0.5, y: 0)) == 2)
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: xs[2] - 0.5, y: 0)) == 2)
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: (xs[1] + xs[2]) / 2 - 0.5, y: 0)) == 1)
        // Each letter of the ligature has its own two edges.
        #expect(Self.edges(line).map(\.index) == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5])
    }

    @Test("A base letter and its combining marks are one caret stop")
    func combiningMarkCluster() {
        // n0 e1 ◌́2 ◌̣3 t4, end 5.
        let line = CTLineCreateWithAttributedString(CT.string("ne\u{301}\u{323}t", font: TestFonts.dejaVuSans(16)))
        let xs = Self.offsets(line).map(\.primary)
        #expect(xs[2] == xs[1] && xs[3] == xs[1] && xs[4] > xs[1])
        #expect(Self.edges(line).filter(\.leading).map(\.index) == [0, 1, 4])
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: xs[1] + (xs[4] - xs[1]) * 0.7, y: 0)) == 4)
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: xs[1] + (xs[4] - xs[1]) * 0.3, y: 0)) == 1)
    }

    @Test("An emoji ZWJ sequence is one grapheme, whatever glyphs draw it")
    func emojiZWJSequence() {
        // a0, 👩‍👩‍👧 1..<9 (three surrogate pairs and two joiners), b9, end 10.
        let line = CTLineCreateWithAttributedString(CT.string("a👩\u{200D}👩\u{200D}👧b", font: TestFonts.dejaVuSans(16)))
        let xs = Self.offsets(line).map(\.primary)
        #expect((2...8).allSatisfy { xs[$0] == xs[1] })
        #expect(xs[9] > xs[1] && xs[10] > xs[9])
        #expect(Self.edges(line).filter(\.leading).map(\.index) == [0, 1, 9])
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: xs[1] + (xs[9] - xs[1]) * 0.75, y: 0)) == 9)
        // The family's right edge is where the runs put the glyph of "b".
        let b = CT.runs(line).last.map { CT.positions($0).last!.x }
        #expect(b.map { abs($0 - xs[9]) < 1e-3 } == true)
    }

    @Test("A truncated line's ellipsis stands for the hidden characters: one caret before it, one after")
    func truncatedLines() throws {
        let string = CT.string("abcdefghijklmnopqrstuvwxyz")
        let line = CTLineCreateWithAttributedString(string)
        let token = CTLineCreateWithAttributedString(CT.string("\u{2026}"))
        let tokenWidth = CT.width(token)
        for type in [CTLineTruncationType.end, .start, .middle] {
            let truncated = try #require(CTLineCreateTruncatedLine(line, 60, type, token))
            let runs = CT.runs(truncated)
            let ellipsis = try #require(runs.first { CT.glyphs($0) == [TestFonts.dejaVuSerif(12).ellipsisGlyph!] })
            let hidden = CTRunGetStringRange(ellipsis)
            let x = CT.positions(ellipsis)[0].x
            let offsets = Self.offsets(truncated)
            // Every hidden index has its caret at the ellipsis's left edge; the index after the
            // hidden characters at its right edge; one caret each.
            for i in hidden.location..<(hidden.location + hidden.length) {
                #expect(abs(offsets[i].primary - x) < 1e-3 && offsets[i].secondary == offsets[i].primary, "\(type) \(i)")
            }
            let after = hidden.location + hidden.length
            #expect(abs(offsets[after].primary - (x + tokenWidth)) < 1e-3, "\(type)")
            #expect(offsets[after].secondary == offsets[after].primary)
            // Clicks on the ellipsis's halves, and its two edges in the enumeration.
            #expect(CTLineGetStringIndexForPosition(truncated, CGPoint(x: x + tokenWidth * 0.25, y: 0)) == hidden.location)
            #expect(CTLineGetStringIndexForPosition(truncated, CGPoint(x: x + tokenWidth * 0.75, y: 0)) == after)
            let edges = Self.edges(truncated).filter { $0.index == hidden.location }
            #expect(edges.count == 2 && abs(edges[0].x - x) < 1e-3 && abs(edges[1].x - x - tokenWidth) < 1e-3)
            #expect(Self.edges(truncated).count == 2 * (26 - hidden.length + 1))
        }
    }

    @Test("Offsets are measured from the line's origin in a centred frame, as its runs' positions are")
    func alignedFrameLines() throws {
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        let text = "Centred text in a frame"
        let string = CT.string(text, [.paragraphStyle: style])
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(string), CFRangeMake(0, 0),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: 400, height: 100), transform: nil), nil)
        let line = try #require(CTFrameGetLines(frame).first)
        var origin = CGPoint.zero
        CTFrameGetLineOrigins(frame, CFRangeMake(0, 1), &origin)
        #expect(origin.x > 50)
        let run = try #require(CT.runs(line).first)
        let offsets = Self.offsets(line)
        #expect(offsets[0].primary == CT.positions(run)[0].x)
        // The same answers as the unaligned line of the same text.
        let plain = Self.offsets(CTLineCreateWithAttributedString(CT.string(text)))
        #expect(zip(offsets, plain).allSatisfy { abs($0.primary - $1.primary) < 1e-3 })
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: plain[5].primary + 0.5, y: 0)) == 5)
    }

    @Test("A typesetter line of a later paragraph, made with an offset: string indices, x from its origin")
    func laterParagraphWithOffset() {
        let string = CT.string("First paragraph\nSecond one")
        let typesetter = CTTypesetterCreateWithAttributedString(string)
        let range = CFRangeMake(16, 10)
        let line = CTTypesetterCreateLineWithOffset(typesetter, range, 40)
        let alone = Self.offsets(CTLineCreateWithAttributedString(CT.string("Second one")))
        let offsets = Self.offsets(line)
        #expect(offsets.count == 11 && offsets[0].primary == 0)
        #expect(zip(offsets, alone).allSatisfy { abs($0.primary - $1.primary) < 1e-3 })
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: -5, y: 0)) == 16)
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: alone[3].primary + 0.3, y: 0)) == 19)
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: 1000, y: 0)) == 26)
        var indices: [CFIndex] = []
        CTLineEnumerateCaretOffsets(line) { _, index, leading, _ in if leading { indices.append(index) } }
        #expect(indices == Array(16..<26))
    }

    @Test("A hyphenated line's end caret is before its hyphen, which has no caret edges")
    func hyphenatedLine() throws {
        let style = NSMutableParagraphStyle()
        style.hyphenationFactor = 1
        let string = CT.string("Extraordinarily incomprehensible characteristics", [.paragraphStyle: style])
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(string), CFRangeMake(0, 0),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: 70, height: 400), transform: nil), nil)
        let hyphen = try #require(TestFonts.dejaVuSerif(12).hyphenGlyph)
        let line = try #require(CTFrameGetLines(frame).first { CT.runs($0).last.map(CT.glyphs) == [hyphen] })
        let range = CTLineGetStringRange(line)
        let hyphenX = CT.positions(CT.runs(line).last!)[0].x
        let end = CTLineGetOffsetForStringIndex(line, range.location + range.length, nil)
        #expect(abs(end - hyphenX) < 1e-3)
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: hyphenX + 3, y: 0)) == range.location + range.length)
        #expect(Self.edges(line).map(\.x).max().map { abs($0 - Double(hyphenX)) < 1e-3 } == true)
    }

    @Test("A line shared by threads builds its carets once and answers each thread alike")
    func concurrentFirstQueries() {
        let line = CTLineCreateWithAttributedString(CT.string("abc שלום def office", font: TestFonts.dejaVuSans(14)))
        let expected = Self.offsets(CTLineCreateWithAttributedString(CT.string("abc שלום def office", font: TestFonts.dejaVuSans(14))))
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let got = Self.offsets(line)
            let same = zip(got, expected).allSatisfy { $0.primary == $1.primary && $0.secondary == $1.secondary }
            if !same { mismatches.withLock { $0 += 1 } }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }
}
