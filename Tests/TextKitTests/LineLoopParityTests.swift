import Testing
@testable import TextKit
@testable import TextKitTypesetting
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// The layout manager and the framesetter share one line loop (TextKitTypesetting's
/// LineLoop.swift): the same text in the same rectangle, with the same exclusions, gives the same
/// lines through `NSLayoutManager` (a container without padding) and through `CTFramesetter`.
@Suite("One line loop: NSLayoutManager and CTFramesetter agree")
struct LineLoopParityTests {
    /// One line: its characters, its baseline origin (y down from the rectangle's top).
    struct Line: Equatable, CustomStringConvertible {
        var characters: NSRange
        var x: CGFloat
        var baseline: CGFloat
        static func == (a: Line, b: Line) -> Bool {
            a.characters == b.characters && abs(a.x - b.x) < 0.01 && abs(a.baseline - b.baseline) < 0.01
        }
        var description: String { "\(characters.location)+\(characters.length)@(\(x), \(baseline))" }
    }

    /// Paragraphs in several styles: alignment, justification, indents, spacing, line spacing,
    /// a bigger font in the middle of a line, a right-to-left paragraph, a tab.
    static func corpus() -> NSAttributedString {
        let text = NSMutableAttributedString()
        let font = LayoutStack.serif()
        let paragraphs = loremParagraphs.components(separatedBy: "\n")
        let styles: [(NSMutableParagraphStyle) -> Void] = [
            { _ in },
            { $0.alignment = .center; $0.paragraphSpacingBefore = 6 },
            { $0.alignment = .justified; $0.firstLineHeadIndent = 24; $0.headIndent = 8; $0.tailIndent = -12 },
            { $0.alignment = .right; $0.lineSpacing = 3; $0.paragraphSpacing = 9 },
            { $0.lineHeightMultiple = 1.4; $0.hyphenationFactor = 1 },
        ]
        for (i, apply) in styles.enumerated() {
            let style = NSMutableParagraphStyle()
            apply(style)
            text.append(NSAttributedString(string: paragraphs[i % paragraphs.count] + "\n",
                                           attributes: [.font: font, .paragraphStyle: style]))
        }
        text.addAttribute(.font, value: LayoutStack.serif(19), range: NSRange(location: 40, length: 12))
        text.append(NSAttributedString(string: "שלום עולם, זהו טקסט בעברית שנשבר לכמה שורות בתוך המסגרת.\n", attributes: [.font: font]))
        text.append(NSAttributedString(string: "Name:\tvalue after a tab, and the text goes on to the end.", attributes: [.font: font]))
        return text
    }

    /// Paragraphs that exercise what is not Latin prose: fallback fonts (Arabic, CJK, emoji),
    /// right-to-left and mixed directions, dictionary line breaking (Thai), combining marks, a
    /// long URL broken by characters, letter spacing, a raised baseline, a hard line break and
    /// a paragraph that truncates.
    static func mixedCorpus() -> NSAttributedString {
        let text = NSMutableAttributedString()
        let font = LayoutStack.serif()
        let truncating = NSMutableParagraphStyle()
        truncating.lineBreakMode = .byTruncatingTail
        let paragraphs: [(String, [NSAttributedString.Key: Any])] = [
            ("مرحبا بالعالم، هذا نص عربي طويل بما يكفي ليلتف على عدة أسطر داخل الإطار.", [:]),
            ("日本語の文章は単語の間に空白がなくても行を折り返すことができます。漢字とかなが混ざっています。", [:]),
            ("ภาษาไทยไม่มีช่องว่างระหว่างคำ ต้องใช้พจนานุกรมในการตัดบรรทัดให้ถูกต้องตามหลักภาษา", [:]),
            ("Emoji 😀 in text 👍🏽 and a family 👨‍👩‍👧 between words that wrap around the frame.", [:]),
            ("Marks: e\u{301}te\u{301} cafe\u{301} na\u{308}ive, and https://example.org/a/very/long/path/without/any/spaces/at/all/in/it", [:]),
            ("Spaced out letters in a run that is tracked wider than the rest of the text here.", [.kern: 1.5]),
            ("Mixed English words with עברית בתוך המשפט and back to English again, twice עוד פעם.", [:]),
            ("A line\u{2028}broken by hand, then text that goes on and wraps over another line.", [:]),
            ("This paragraph is truncated at its tail because it does not fit on a single line at all.", [.paragraphStyle: truncating]),
        ]
        for (string, attributes) in paragraphs {
            text.append(NSAttributedString(string: string + "\n", attributes: [.font: font].merging(attributes) { $1 }))
        }
        text.addAttribute(.baselineOffset, value: 4, range: NSRange(location: 10, length: 6))
        return text
    }

    static func layoutManagerLines(_ text: NSAttributedString, size: CGSize, exclusions: [CGRect]) -> [Line] {
        let storage = NSTextStorage(attributedString: text)
        let lm = NSLayoutManager()
        storage.addLayoutManager(lm)
        let container = NSTextContainer(size: size)
        container.lineFragmentPadding = 0
        container.exclusionPaths = exclusions.map { UIBezierPath(ovalIn: $0) }
        lm.addTextContainer(container)
        var lines: [Line] = []
        lm.enumerateLineFragments(forGlyphRange: lm.glyphRange(for: container)) { rect, _, _, glyphs, _ in
            // The line's origin: its leftmost glyph, and its baseline.
            let locations = (glyphs.location..<(glyphs.location + glyphs.length)).map { lm.location(forGlyphAt: $0) }
            lines.append(Line(characters: lm.characterRange(forGlyphRange: glyphs, actualGlyphRange: nil),
                              x: rect.minX + (locations.map(\.x).min() ?? 0), baseline: rect.minY + (locations.first?.y ?? 0)))
        }
        return lines
    }

    static func framesetterLines(_ text: NSAttributedString, size: CGSize, exclusions: [CGRect]) -> [Line] {
        // Core Text's paths are y up: mirror the exclusions into the frame's coordinates.
        let clips = exclusions.map { rect in
            [kCTFramePathClippingPathAttributeName: CGPath(ellipseIn: CGRect(x: rect.minX, y: size.height - rect.maxY,
                                                                             width: rect.width, height: rect.height), transform: nil)]
        }
        let attributes: CFDictionary? = clips.isEmpty ? nil : [kCTFrameClippingPathsAttributeName: clips]
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(text), CFRangeMake(0, 0),
                                             CGPath(rect: CGRect(origin: .zero, size: size), transform: nil), attributes)
        return zip(CTFrameGetLines(frame), frame.lineOriginsInPathCoordinates()).map { line, origin in
            let range = CTLineGetStringRange(line)
            return Line(characters: NSRange(location: range.location, length: range.length), x: origin.x,
                        baseline: size.height - origin.y)
        }
    }

    @Test("The same lines in a rectangle, with and without exclusions", arguments: [
        [CGRect](),
        [CGRect(x: 90, y: 60, width: 120, height: 110)],
        [CGRect(x: -40, y: 150, width: 110, height: 90), CGRect(x: 200, y: 20, width: 140, height: 70)],
    ])
    func sameLines(exclusions: [CGRect]) {
        Self.expectSameLines(Self.corpus(), size: CGSize(width: 290, height: 700), exclusions: exclusions, atLeast: 21)
    }

    /// Lays `text` out through both and expects the same lines, at least `minimum` of them (the
    /// first difference is recorded as an issue).
    static func expectSameLines(_ text: NSAttributedString, size: CGSize, exclusions: [CGRect], atLeast minimum: Int,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        let manager = layoutManagerLines(text, size: size, exclusions: exclusions)
        let core = framesetterLines(text, size: size, exclusions: exclusions)
        #expect(manager.count >= minimum, sourceLocation: sourceLocation)
        #expect(manager == core, sourceLocation: sourceLocation)
        if manager != core, let i = zip(manager, core).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            Issue.record("first difference at line \(i): \(manager[i]) vs \(core[i])", sourceLocation: sourceLocation)
        }
    }

    @Test("The same lines for text in many scripts, at two widths, with and without an exclusion", arguments: [
        (CGFloat(160), [CGRect]()), (CGFloat(290), [CGRect]()), (CGFloat(290), [CGRect(x: 100, y: 80, width: 110, height: 140)]),
    ])
    func sameLinesInManyScripts(width: CGFloat, exclusions: [CGRect]) {
        Self.expectSameLines(Self.mixedCorpus(), size: CGSize(width: width, height: 2000), exclusions: exclusions, atLeast: 16)
    }

    @Test("Total fit gives the same lines through both, with and without exclusions", arguments: [
        [CGRect](),
        [CGRect(x: 90, y: 60, width: 120, height: 110)],
    ])
    func sameOptimalLines(exclusions: [CGRect]) {
        let text = NSMutableAttributedString(attributedString: Self.corpus())
        text.enumerateAttribute(.paragraphStyle, in: NSRange(location: 0, length: text.length), options: []) { value, range, _ in
            let style = ((value as? NSParagraphStyle) ?? .default).mutableCopy() as! NSMutableParagraphStyle
            style.lineBreakStrategy = [.optimal]
            text.addAttribute(.paragraphStyle, value: style, range: range)
        }
        let size = CGSize(width: 290, height: 700)
        let manager = Self.layoutManagerLines(text, size: size, exclusions: exclusions)
        let core = Self.framesetterLines(text, size: size, exclusions: exclusions)
        #expect(manager.count > 20)
        #expect(manager == core)
        #expect(manager != Self.layoutManagerLines(Self.corpus(), size: size, exclusions: exclusions), "total fit changed some breaks")
    }

    @Test("A frame too short for the text ends where the container's text ends")
    func sameOverflow() {
        let text = Self.corpus()
        let size = CGSize(width: 240, height: 180)
        let manager = Self.layoutManagerLines(text, size: size, exclusions: [CGRect(x: 60, y: 40, width: 90, height: 60)])
        let core = Self.framesetterLines(text, size: size, exclusions: [CGRect(x: 60, y: 40, width: 90, height: 60)])
        #expect(manager.count > 5)
        #expect(manager == core)
    }
}
