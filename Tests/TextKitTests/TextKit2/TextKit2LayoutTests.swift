import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// TextKit 2's layout: fragments per paragraph, lines equal to TextKit 1's, fragments that tile,
/// edits that keep untouched fragments, the extra line fragment, hit testing and lookups.
@Suite("TextKit 2: layout fragments and line fragments")
struct TextKit2LayoutTests {
    static let multilingual = """
        Typesetting is the composition of text by means of arranging physical type or its digital equivalents.
        שלום עולם, זהו טקסט בעברית שנשבר על פני כמה שורות כדי לבדוק את הכיוון.
        日本語のテキストは単語の間に空白がありませんが、行は正しく折り返されるべきです。

        Ελληνικά: η γρήγορη καφέ αλεπού πηδά πάνω από τον τεμπέλη σκύλο. Short.
        """

    /// TextKit 1's lines for the same text and width: character range and line fragment rect.
    static func textKit1Lines(_ text: String, width: CGFloat) -> [(NSRange, CGRect)] {
        let stack = LayoutStack(text, containerSizes: [CGSize(width: width, height: CGFloat.greatestFiniteMagnitude)])
        return stack.fragments().map { fragment in
            (stack.layoutManager.characterRange(forGlyphRange: fragment.glyphs, actualGlyphRange: nil), fragment.rect)
        }
    }

    @Test("Lines are TextKit 1's lines for the same text and container", arguments: [120.0, 300.0, 640.0])
    func parity(width: Double) {
        let stack = TextKit2Stack(Self.multilingual, width: width)
        var lines: [(NSRange, CGRect)] = []
        for fragment in stack.fragments() {
            let start = stack.offset(fragment.rangeInElement.location)
            for line in fragment.textLineFragments {
                let range = NSRange(location: start + line.characterRange.location, length: line.characterRange.length)
                let top = fragment.layoutFragmentFrame.minY + line.typographicBounds.minY
                lines.append((range, CGRect(x: 0, y: top, width: 0, height: line.typographicBounds.height)))
            }
        }
        let reference = Self.textKit1Lines(Self.multilingual, width: width)
        #expect(lines.map(\.0) == reference.map(\.0))
        for (line, expected) in zip(lines, reference) {
            #expect(abs(line.1.minY - expected.1.minY) < 0.01)
        }
    }

    /// Text in many scripts and styles: indents, spacing, alignment, tabs, a larger font, emoji.
    static func styledMultilingual() -> NSAttributedString {
        let text = NSMutableAttributedString()
        let scripts = [
            "English with a tab\there and ligatures: office, affine, fluff.",
            "العربية تكتب من اليمين إلى اليسار مع أرقام 123 وكلمات English في الوسط.",
            "ภาษาไทยไม่มีช่องว่างระหว่างคำแต่ก็ต้องตัดบรรทัดให้ถูกต้องตามพจนานุกรม",
            "हिन्दी में संयुक्ताक्षर और मात्राएँ होती हैं, जैसे क्षत्रिय और द्वारा।",
            "Emoji 👩‍👩‍👧‍👦 and flags 🇫🇷🇯🇵 sit beside text, and 日本語の文も混ざります。",
            "Ελληνικά και русский текст в одном абзаце, with combining e\u{301}\u{302} marks.",
        ]
        for (i, paragraph) in scripts.enumerated() {
            let style = NSMutableParagraphStyle()
            style.firstLineHeadIndent = CGFloat(i * 3)
            style.headIndent = CGFloat(i * 2)
            style.paragraphSpacing = CGFloat(i % 3) * 4
            style.paragraphSpacingBefore = CGFloat(i % 2) * 3
            style.alignment = [.natural, .justified, .center, .right, .left, .natural][i]
            style.lineSpacing = CGFloat(i % 2) * 2
            text.append(NSAttributedString(string: paragraph + "\n", attributes: [
                .font: LayoutStack.serif(i == 4 ? 17 : 12), .paragraphStyle: style]))
        }
        return text
    }

    @Test("Styled text in many scripts, and a container with an exclusion path: the same lines as TextKit 1",
          arguments: [false, true])
    func styledParity(excluding: Bool) {
        let text = Self.styledMultilingual()
        let stack = TextKit2Stack(text, width: 260)
        let storage = NSTextStorage(attributedString: text)
        let textKit1 = NSLayoutManager()
        storage.addLayoutManager(textKit1)
        let container = NSTextContainer(size: CGSize(width: 260, height: CGFloat.greatestFiniteMagnitude))
        textKit1.addTextContainer(container)
        if excluding {
            let circle = UIBezierPath(ovalIn: CGRect(x: 90, y: 30, width: 80, height: 90))
            container.exclusionPaths = [circle]
            stack.container.exclusionPaths = [circle]
        }
        var expected: [(NSRange, CGRect)] = []
        textKit1.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: textKit1.numberOfGlyphs)) { _, used, _, glyphs, _ in
            expected.append((textKit1.characterRange(forGlyphRange: glyphs, actualGlyphRange: nil), used))
        }
        var lines: [(NSRange, CGRect)] = []
        for fragment in stack.fragments() {
            let start = stack.offset(fragment.rangeInElement.location)
            for line in fragment.textLineFragments {
                let bounds = line.typographicBounds.offsetBy(dx: fragment.layoutFragmentFrame.minX, dy: fragment.layoutFragmentFrame.minY)
                lines.append((NSRange(location: start + line.characterRange.location, length: line.characterRange.length), bounds))
            }
        }
        #expect(lines.map(\.0) == expected.map(\.0))
        for (line, reference) in zip(lines, expected) {
            // TextKit 2's bounds are TextKit 1's used rect less the padding at each end.
            #expect(abs(line.1.minX - (reference.1.minX + 5)) < 0.01 && abs(line.1.maxX - (reference.1.maxX - 5)) < 0.01)
            #expect(abs(line.1.minY - reference.1.minY) < 0.01 && abs(line.1.height - reference.1.height) < 0.01)
        }
        if excluding {
            // Lines beside the circle are split around it, in both.
            #expect(Set(lines.map { Int($0.1.minY) }).count < lines.count)
        }
    }

    @Test("One fragment per paragraph; fragments tile the container from the top")
    func tiling() {
        let stack = TextKit2Stack(Self.multilingual, width: 300)
        let fragments = stack.fragments()
        #expect(fragments.count == 5)
        #expect(fragments[0].layoutFragmentFrame.minY == 0)
        for (a, b) in zip(fragments, fragments.dropFirst()) {
            #expect(abs(a.layoutFragmentFrame.maxY - b.layoutFragmentFrame.minY) < 0.001)
            #expect(stack.offset(a.rangeInElement.endLocation) == stack.offset(b.rangeInElement.location))
        }
        for fragment in fragments {
            #expect(fragment.state == .layoutAvailable)
            #expect(fragment.textLayoutManager === stack.layoutManager)
            #expect(fragment.layoutFragmentFrame.maxX <= 300 + 0.001)
            // The frame starts where the text starts: after the padding (iOS 17 model).
            #expect(fragment.layoutFragmentFrame.minX >= stack.container.lineFragmentPadding - 0.001)
            let surface = fragment.renderingSurfaceBounds
            for line in fragment.textLineFragments { #expect(surface.contains(line.typographicBounds)) }
        }
    }

    @Test("A line's bounds are its text, its glyph origin the first pen position on the baseline")
    func lineGeometry() throws {
        let font = LayoutStack.serif(20)
        let stack = TextKit2Stack("Hello", attributes: [.font: font], width: 300)
        let fragment = try #require(stack.fragments().first)
        let line = try #require(fragment.textLineFragments.first)
        let width = ("Hello" as NSString).size(withAttributes: [.font: font]).width
        #expect(abs(line.typographicBounds.width - width) < 0.01)
        #expect(line.typographicBounds.minX == 0)
        #expect(abs(fragment.layoutFragmentFrame.minX - 5) < 0.001)
        #expect(abs(line.glyphOrigin.y - font.ascender) < 0.5)
        #expect(line.glyphOrigin.x == 0)
        #expect(line.attributedString.string == "Hello")
        // Carets walk the line left to right; hit testing finds the characters again.
        var previous = -1.0
        for index in 0...5 {
            let point = line.locationForCharacter(at: index)
            #expect(point.x > previous)
            previous = point.x
            #expect(point.y == line.glyphOrigin.y)
        }
        #expect(abs(line.locationForCharacter(at: 5).x - width) < 0.01)
        for index in 0..<5 {
            let x = (line.locationForCharacter(at: index).x + line.locationForCharacter(at: index + 1).x) / 2
            #expect(line.characterIndex(for: CGPoint(x: x, y: 5)) == index)
        }
    }

    @Test("A right-aligned line's glyphs start at its bounds; centred text is centred in the container")
    func alignment() throws {
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        let stack = TextKit2Stack(NSAttributedString(string: "Middle", attributes: [.font: LayoutStack.serif(), .paragraphStyle: style]), width: 300)
        let fragment = try #require(stack.fragments().first)
        let frame = fragment.layoutFragmentFrame
        #expect(abs(frame.midX - 150) < 0.5)
    }

    @Test("An edit replaces the touched fragment and keeps the others, moved with their text")
    func edits() throws {
        let stack = TextKit2Stack("First paragraph.\nSecond one.\nThird, last.", width: 300)
        let before = stack.fragments()
        let thirdTop = before[2].layoutFragmentFrame.minY
        stack.contentStorage.performEditingTransaction {
            stack.textStorage.replaceCharacters(in: NSRange(location: 17, length: 6), with: "A much longer second paragraph that wraps onto another line, surely.")
        }
        let after = stack.fragments()
        #expect(after.count == 3)
        #expect(after[0] === before[0])
        #expect(after[1] !== before[1])
        #expect(after[2] === before[2])
        #expect(before[1].textLayoutManager == nil && before[1].textLineFragments.isEmpty)
        #expect(stack.offset(after[2].rangeInElement.location) == (stack.textStorage.string as NSString).range(of: "Third").location)
        #expect(after[2].layoutFragmentFrame.minY > thirdTop)
        #expect(after[1].textLineFragments.count == 2)
        // Splitting a paragraph gives two fragments.
        stack.layoutManager.replaceContents(in: stack.range(NSRange(location: 5, length: 0)), with: NSAttributedString(string: "\n"))
        #expect(stack.fragments().count == 4)
    }

    @Test("With thousands of fragments handed out, edits keep every other fragment, its element and lines moved with its text")
    func editsAmongManyFragments() throws {
        let text = (0..<3000).map { "Paragraph \($0) of many." }.joined(separator: "\n")
        let stack = TextKit2Stack(text, width: 300)
        var handedOut: [NSTextLayoutFragment] = []
        stack.layoutManager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { handedOut.append($0); return true }
        #expect(handedOut.count == 3000 && stack.layoutManager.fragments.count == 3000)
        let far = handedOut[2500]
        let farFrame = far.layoutFragmentFrame
        // Typing in paragraph 10, then deleting a paragraph separator further down (merging 20 and 21).
        stack.layoutManager.replaceContents(in: stack.range(NSRange(location: (text as NSString).range(of: "Paragraph 10 ").location, length: 0)),
                                            with: NSAttributedString(string: "typed ", attributes: [.font: LayoutStack.serif()]))
        let separator = (stack.textStorage.string as NSString).range(of: "Paragraph 21 ").location - 1
        stack.layoutManager.replaceContents(in: stack.range(NSRange(location: separator, length: 1)),
                                            with: NSAttributedString(string: " ", attributes: [.font: LayoutStack.serif()]))
        #expect(handedOut[10].textLayoutManager == nil && handedOut[20].textLayoutManager == nil && handedOut[21].textLayoutManager == nil)
        #expect(stack.layoutManager.fragments.count == 2997)
        let farStart = (stack.textStorage.string as NSString).range(of: "Paragraph 2500 ").location
        #expect(stack.offset(far.rangeInElement.location) == farStart)
        #expect(stack.offset(try #require(far.textElement?.elementRange).location) == farStart)
        #expect(stack.layoutManager.textLayoutFragment(for: stack.location(farStart + 3)) === far)
        // One line fewer above it (two paragraphs merged into one line), once the edited ones are laid out.
        stack.layoutManager.ensureLayout(for: stack.range(NSRange(location: 0, length: farStart)))
        #expect(abs(far.layoutFragmentFrame.minY - (farFrame.minY - farFrame.height)) < 0.01)
        #expect(stack.layoutManager.fragments.map(\.rangeInElement).allSatisfy { stack.textStorage.attributedSubstring(from: stack.characters($0)).string.hasPrefix("Paragraph") })
    }

    @Test("The extra line fragment: after a final separator, and alone in an empty document")
    func extraLine() throws {
        let stack = TextKit2Stack("Line\n", width: 300)
        let plain = try #require(stack.fragments().last)
        #expect(plain.textLineFragments.count == 1)
        let fragments = stack.fragments(options: [.ensuresLayout, .ensuresExtraLineFragment])
        #expect(fragments.count == 1)
        let lines = fragments[0].textLineFragments
        #expect(lines.count == 2)
        #expect(lines[1].characterRange == NSRange(location: 5, length: 0))
        #expect(lines[1].typographicBounds.minY >= lines[0].typographicBounds.maxY - 0.001)
        #expect(abs(fragments[0].layoutFragmentFrame.maxY - stack.layoutManager.engine.extraLineFragmentRect.maxY) < 0.001)

        let empty = TextKit2Stack("", width: 300)
        #expect(empty.fragments().isEmpty)
        let only = empty.fragments(options: [.ensuresExtraLineFragment])
        #expect(only.count == 1)
        #expect(only[0].textLineFragments.count == 1 && only[0].textLineFragments[0].characterRange.length == 0)
        #expect(only[0].layoutFragmentFrame.height > 0)
    }

    @Test("Lookups by location and by point find the fragment; points outside find none")
    func lookups() throws {
        let stack = TextKit2Stack(Self.multilingual, width: 300)
        let fragments = stack.fragments()
        for fragment in fragments {
            let start = stack.offset(fragment.rangeInElement.location)
            #expect(stack.layoutManager.textLayoutFragment(for: stack.location(start)) === fragment)
            let frame = fragment.layoutFragmentFrame
            #expect(stack.layoutManager.textLayoutFragment(for: CGPoint(x: frame.midX, y: frame.midY)) === fragment)
        }
        let end = stack.contentStorage.documentRange.endLocation
        #expect(stack.layoutManager.textLayoutFragment(for: end) === fragments.last)
        #expect(stack.layoutManager.textLayoutFragment(for: CGPoint(x: 10, y: fragments.last!.layoutFragmentFrame.maxY + 50)) == nil)
    }

    @Test("Enumeration: reverse from the end gives the last fragment first; the result is where it stopped")
    func enumeration() {
        let stack = TextKit2Stack("a\nbb\nccc", width: 300)
        var seen: [String] = []
        let reached = stack.layoutManager.enumerateTextLayoutFragments(from: stack.contentStorage.documentRange.endLocation, options: .reverse) {
            seen.append(($0.textElement as! NSTextParagraph).attributedString.string)
            return seen.count < 2
        }
        #expect(seen == ["ccc", "bb\n"])
        #expect(reached.map(stack.offset) == 2)
        var forward: [String] = []
        let end = stack.layoutManager.enumerateTextLayoutFragments(from: stack.location(3)) {
            forward.append(($0.textElement as! NSTextParagraph).attributedString.string)
            return true
        }
        #expect(forward == ["bb\n", "ccc"])
        #expect(end.map(stack.offset) == 8)
    }

    @Test("The container is the TextKit 2 layout manager's: no TextKit 1 layout manager, 0 height unbounded")
    func container() {
        let stack = TextKit2Stack(String(repeating: "Many lines of text to fill a column. ", count: 60), width: 200)
        #expect(stack.container.textLayoutManager === stack.layoutManager)
        #expect(stack.container.layoutManager == nil)
        #expect(stack.textStorage.layoutManagers.isEmpty)
        #expect(stack.fragments()[0].textLineFragments.count > 20)  // height 0 holds every line
        let usage = stack.layoutManager.usageBoundsForTextContainer
        #expect(usage.height >= stack.fragments()[0].layoutFragmentFrame.maxY - 0.001)
        #expect(usage.width <= 200)
    }

    @Test("A fragment's line by vertical offset and by location, with affinity at a soft wrap")
    func lineLookups() throws {
        let stack = TextKit2Stack(String(repeating: "wrap these words ", count: 12), width: 150)
        let fragment = try #require(stack.fragments().first)
        let lines = fragment.textLineFragments
        #expect(lines.count >= 3)
        #expect(fragment.textLineFragment(forVerticalOffset: lines[1].typographicBounds.midY, requiresExactMatch: true) === lines[1])
        #expect(fragment.textLineFragment(forVerticalOffset: -50, requiresExactMatch: true) == nil)
        #expect(fragment.textLineFragment(forVerticalOffset: -50, requiresExactMatch: false) === lines[0])
        let wrap = lines[1].characterRange.location
        #expect(fragment.textLineFragment(for: stack.location(wrap), isUpstreamAffinity: false) === lines[1])
        #expect(fragment.textLineFragment(for: stack.location(wrap), isUpstreamAffinity: true) === lines[0])
        #expect(fragment.textLineFragment(for: stack.location(wrap + 1), isUpstreamAffinity: true) === lines[1])
        var boundaries = 0
        stack.layoutManager.enumerateContainerBoundaries(from: stack.location(0), reverse: false) { location in
            #expect(stack.offset(location) == stack.textStorage.length)
            boundaries += 1
            return true
        }
        #expect(boundaries == 1)
        #expect(stack.layoutManager.textLayoutOrientation(at: stack.location(0)) == .horizontal)
    }

    @Test("A line made from a string lays out on its own")
    func standaloneLine() {
        let font = LayoutStack.serif(16)
        let line = NSTextLineFragment(string: "xxHello worldxx", attributes: [.font: font], range: NSRange(location: 2, length: 11))
        let width = ("Hello world" as NSString).size(withAttributes: [.font: font]).width
        #expect(abs(line.typographicBounds.width - width) < 0.01)
        #expect(line.characterRange == NSRange(location: 2, length: 11))
        #expect(abs(line.locationForCharacter(at: 13).x - width) < 0.01)
        #expect(line.locationForCharacter(at: 2).x == 0)
        let x = line.locationForCharacter(at: 7).x + 1
        #expect(line.characterIndex(for: CGPoint(x: x, y: 4)) == 7)
    }
}
