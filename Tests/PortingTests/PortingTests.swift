import Foundation
import OpenTextKit
import Testing

// The client files beside this one are written as iOS code is written, each importing Foundation
// beside OpenTextKit; these tests check that they behave as TextKit says they should.

@Suite("Ported TextKit and Core Text code")
struct PortingTests {
    static let sans = UIFont(name: "DejaVu Sans", size: 14)!

    @Test("A highlighting storage subclass over a backing store colours keywords as the user types")
    func highlightingStorage() {
        let storage = HighlightingTextStorage()
        let layoutManager = NSLayoutManager()
        storage.addLayoutManager(layoutManager)
        layoutManager.addTextContainer(NSTextContainer(size: CGSize(width: 300, height: 1000)))
        storage.replaceCharacters(in: NSRange(location: 0, length: 0), with: "let x = 1\nfunc f() { return x }")
        let text = storage.string as NSString
        func color(at word: String) -> UIColor? {
            storage.attribute(.foregroundColor, at: text.range(of: word).location, effectiveRange: nil) as? UIColor
        }
        #expect(color(at: "let") == .blue)
        #expect(color(at: "func") == .blue)
        #expect(color(at: "return") == .blue)
        #expect(color(at: "x") == nil)
        // Typing inside a keyword un-highlights it; the layout manager sees the new text.
        storage.replaceCharacters(in: NSRange(location: 1, length: 0), with: "e")  // "leet"
        #expect(storage.attribute(.foregroundColor, at: 0, effectiveRange: nil) == nil)
        #expect(layoutManager.numberOfGlyphs == storage.length)
        #expect(storage.editedMask == [])  // processing is over
    }

    @Test("A decorating layout manager: rounded backgrounds in the background colour, line numbers, a clamped extra line")
    func decoratingLayoutManager() throws {
        let text = NSMutableAttributedString(string: "Highlighted words sit on rounded backgrounds.\nSecond line\n",
                                             attributes: [.font: Self.sans])
        text.addAttribute(.backgroundColor, value: UIColor(red: 1, green: 0.8, blue: 0, alpha: 1),
                          range: NSRange(location: 0, length: 11))
        let storage = NSTextStorage(attributedString: text)
        let layoutManager = DecoratingLayoutManager()
        storage.addLayoutManager(layoutManager)
        let container = NSTextContainer(size: CGSize(width: 360, height: 400))
        layoutManager.addTextContainer(container)

        // The extra line fragment (after the final newline) is as tall as the subclass allows.
        let extra = layoutManager.extraLineFragmentRect
        #expect(extra.height == layoutManager.maximumExtraLineHeight)
        #expect(layoutManager.extraLineFragmentUsedRect.height == layoutManager.maximumExtraLineHeight)
        let used = layoutManager.usedRect(for: container)
        #expect(abs(used.maxY - extra.minY - layoutManager.maximumExtraLineHeight) < 0.01)

        let origin = CGPoint(x: 40, y: 10)
        let image = UIGraphicsImageRenderer(size: CGSize(width: 420, height: 100)).image { context in
            UIColor.white.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 420, height: 100))
            let glyphs = layoutManager.glyphRange(for: container)
            layoutManager.drawBackground(forGlyphRange: glyphs, at: origin)
            layoutManager.drawGlyphs(forGlyphRange: glyphs, at: origin)
        }
        try image.pngData()!.write(to: URL(fileURLWithPath: NSTemporaryDirectory() + "otk-porting-decorated.png"))
        #expect(layoutManager.backgroundCalls == 1)
        #expect(layoutManager.lineNumbersDrawn == 2)
        // The background is filled in its own colour (set by TextKit before the override ran),
        // not black: sample a pixel inside the first word's background, above the glyphs' x-height.
        let wordRect = layoutManager.boundingRect(forGlyphRange: NSRange(location: 0, length: 11), in: container)
        let cg = try #require(image.cgImage)
        let px = try #require(cg.rgba(atX: Int(origin.x + wordRect.midX), y: Int(origin.y + wordRect.minY + 1)))
        #expect(px.r > 200 && px.g > 150 && px.b < 80)
    }

    @Test("A line-height delegate gives every line the same height with the baseline centred")
    func lineHeightDelegate() {
        let storage = NSTextStorage(string: String(repeating: "Words wrap over several lines here. ", count: 6),
                                    attributes: [.font: Self.sans])
        let layoutManager = NSLayoutManager()
        let delegate = FixedLineHeightDelegate()
        layoutManager.delegate = delegate
        storage.addLayoutManager(layoutManager)
        let container = NSTextContainer(size: CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude))
        layoutManager.addTextContainer(container)
        var tops: [CGFloat] = []
        layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs)) { rect, _, _, _, _ in
            tops.append(rect.minY)
            #expect(rect.height == delegate.lineHeight)
        }
        #expect(tops.count > 3)
        for (a, b) in zip(tops, tops.dropFirst()) { #expect(abs(b - a - delegate.lineHeight) < 0.01) }
        let natural = Self.sans.ascender
        let baseline = layoutManager.location(forGlyphAt: 0).y
        #expect(baseline > natural + 1)  // moved down by half the added height
    }

    @Test("The label-sizing helper measures wrapped text as boundingRect does")
    func labelSizing() {
        let font = Self.sans
        let text = "A label that needs more than one line at this width."
        let oneLine = text.height(withConstrainedWidth: 10_000, font: font)
        let wrapped = text.height(withConstrainedWidth: 120, font: font)
        #expect(oneLine == ceil(font.lineHeight))
        #expect(wrapped >= 3 * oneLine - 1)
        let attributed = NSAttributedString(string: text, attributes: [.font: font])
        #expect(attributed.height(withConstrainedWidth: 120) == wrapped)
        #expect(attributed.width(withConstrainedHeight: 100) == ceil(text.size(withAttributes: [.font: font]).width))
    }

    @Test("Core Text in a flipped context puts the frame's text in the path's half of the image")
    func coreTextFlippedFrame() throws {
        let size = CGSize(width: 300, height: 300)
        let text = String(repeating: "Core Text flows these words into the path. ", count: 4)
        // The path is the top half in Core Text's y-up coordinates.
        let top = CoreTextRenderer.renderPNG(text: text, size: size, in: CGRect(x: 10, y: 150, width: 280, height: 150))
        try top.pngData()!.write(to: URL(fileURLWithPath: NSTemporaryDirectory() + "otk-porting-coretext.png"))
        let image = try #require(top.cgImage)
        var upper = 0, lower = 0
        for y in stride(from: 0, to: image.height, by: 1) {
            for x in stride(from: 0, to: image.width, by: 2) {
                guard let p = image.rgba(atX: x, y: y), Int(p.r) + Int(p.g) + Int(p.b) < 300 else { continue }
                if y < 150 { upper += 1 } else { lower += 1 }
            }
        }
        #expect(upper > 500)
        #expect(lower == 0)
        #expect(CoreTextRenderer.glyphCount(of: "Hello") == 5)
    }
}

/// A storage subclass that overrides members Apple declares overridable and OpenTextKit once
/// declared in extensions.
final class CountingAttributedString: NSMutableAttributedString {
    var longestQueries = 0
    override func attributes(at location: Int, longestEffectiveRange range: NSRangePointer?,
                             in rangeLimit: NSRange) -> [NSAttributedString.Key: Any] {
        longestQueries += 1
        return super.attributes(at: location, longestEffectiveRange: range, in: rangeLimit)
    }
}

@Suite("Apple's spellings and overridable members")
struct PortingSpellingTests {
    @Test("Overrides of once-extension members are called through the base type")
    func overridesDispatch() {
        let string = CountingAttributedString(string: "abc")
        let base: NSAttributedString = string
        _ = base.attributes(at: 1, longestEffectiveRange: nil, in: NSRange(location: 0, length: 3))
        #expect(string.longestQueries == 1)
    }

    @Test("cgGlyph(at:), getFirstUnlaidCharacterIndex, containsAttachments(in:), lineFragmentUsedRect(…withoutAdditionalLayout:)")
    func spellings() {
        let text = NSMutableAttributedString(string: "Hi \u{FFFC} there", attributes: [.font: PortingTests.sans])
        text.addAttribute(.attachment, value: NSTextAttachment(), range: NSRange(location: 3, length: 1))
        #expect(text.containsAttachments(in: NSRange(location: 0, length: text.length)))
        #expect(!text.containsAttachments(in: NSRange(location: 0, length: 3)))
        let storage = NSTextStorage(attributedString: text)
        let layoutManager = NSLayoutManager()
        storage.addLayoutManager(layoutManager)
        layoutManager.addTextContainer(NSTextContainer(size: CGSize(width: 300, height: 100)))
        var character = -1, glyph = -1
        layoutManager.getFirstUnlaidCharacterIndex(&character, glyphIndex: &glyph)
        #expect(character == 0 && glyph == 0)
        #expect(layoutManager.cgGlyph(at: 0) == PortingTests.sans.glyph(for: "H"))
        let used = layoutManager.lineFragmentUsedRect(forGlyphAt: 0, effectiveRange: nil, withoutAdditionalLayout: false)
        #expect(used.width > 0)
        layoutManager.getFirstUnlaidCharacterIndex(&character, glyphIndex: &glyph)
        #expect(character == storage.length)
    }

    @Test("An attachment subclass overriding attachmentBounds(for: NSTextContainer?, …) sizes its image to the cap height")
    func attachmentSubclass() throws {
        let icon = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10)).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
        }
        let attachment = CenteredImageAttachment()
        attachment.image = icon
        attachment.font = PortingTests.sans
        let text = NSMutableAttributedString(string: "Go ", attributes: [.font: PortingTests.sans])
        text.append(NSAttributedString(attachment: attachment))
        text.append(NSAttributedString(string: " now", attributes: [.font: PortingTests.sans]))
        let storage = NSTextStorage(attributedString: text)
        let layoutManager = NSLayoutManager()
        storage.addLayoutManager(layoutManager)
        let container = NSTextContainer(size: CGSize(width: 300, height: 100))
        layoutManager.addTextContainer(container)
        // The attachment glyph is as wide as the image scaled to the cap height.
        let after = layoutManager.location(forGlyphAt: 4).x - layoutManager.location(forGlyphAt: 3).x
        #expect(abs(after - 2 * PortingTests.sans.capHeight) < 0.01)
        #expect(attachment.containersAsked.contains { $0 === container })
        #expect(container.layoutManager === layoutManager)
    }

    @Test("read(from:options:documentAttributes:) fills a text storage from RTF, and leaves it alone on error")
    func readFromData() throws {
        let storage = NSTextStorage(string: "old")
        let rtf = Data(#"{\rtf1\ansi{\fonttbl\f0 DejaVu Sans;}\f0\fs28 Hello {\b bold} world}"#.utf8)
        var attributes: [NSAttributedString.DocumentAttributeKey: Any] = [:]
        try storage.read(from: rtf, options: [.documentType: NSAttributedString.DocumentType.rtf], documentAttributes: &attributes)
        #expect(storage.string == "Hello bold world")
        let bold = try #require(storage.attribute(.font, at: 7, effectiveRange: nil) as? UIFont)
        #expect(bold.fontDescriptor.symbolicTraits.contains(.traitBold))
        #expect(attributes[.documentType] as? NSAttributedString.DocumentType == .rtf)
        #expect(throws: (any Error).self) {
            try storage.read(from: Data("{\\rtf1 \\bin99999 x".utf8), options: [.documentType: NSAttributedString.DocumentType.rtf], documentAttributes: nil)
        }
        #expect(storage.string == "Hello bold world")
    }

    @Test("mutableString edits reach the text storage and its layout manager")
    func mutableStringProxy() {
        let storage = NSTextStorage(string: "Hello world", attributes: [.font: PortingTests.sans])
        let layoutManager = NSLayoutManager()
        storage.addLayoutManager(layoutManager)
        layoutManager.addTextContainer(NSTextContainer(size: CGSize(width: 300, height: 100)))
        #expect(layoutManager.numberOfGlyphs == 11)
        let proxy = storage.mutableString
        #expect(proxy.length == 11 && proxy.hasPrefix("Hello"))
        proxy.replaceCharacters(in: NSRange(location: 6, length: 5), with: "there")
        proxy.append("!")
        #expect(storage.string == "Hello there!")
        #expect(storage.attribute(.font, at: 11, effectiveRange: nil) as? UIFont == PortingTests.sans)
        #expect(layoutManager.numberOfGlyphs == 12)
        proxy.setString("")
        #expect(storage.length == 0 && (proxy as String).isEmpty)
    }

    @Test("A spelling walk with UITextChecker compiles beside Foundation and finds the installed languages")
    func spellingWalk() {
        // Only a language without a dictionary is checked here: this test process does not move the
        // learned-words file away from the user's (TextKitEditingTests check the spelling itself).
        #expect(spellingIssues(in: "teh cat", language: "xx_XX").isEmpty)
        #expect(spellingLanguage(for: "en-US") == "en_US")
        #expect(spellingLanguage(for: "de-AT")?.hasPrefix("de_") == true)
    }

    @Test("NSDataDetector code compiles beside Foundation and resolves to OpenTextKit's result type")
    func dataDetection() throws {
        let text = "Docs at https://swift.org. Write to team@example.com (or call +1 (408) 996-1010) by 2026-11-25."
        let links = try detectedLinks(in: text)
        #expect(links.map(\.url.absoluteString) == ["https://swift.org", "mailto:team@example.com"])
        #expect(links.map(\.range) == [NSRange(location: 8, length: 17), NSRange(location: 36, length: 16)])
        #expect(try quickActions(in: text, limit: 1) == ["call +1 (408) 996-1010"])
        #expect(try quickActions(in: text, limit: 5).count == 2)
        let first = firstLinkText(in: text)
        #expect(first?.0 == "https://swift.org" && first?.1 == 2)
        // Foundation's own class stays reachable under its module's name.
        let regex = try NSRegularExpression(pattern: "swift")
        let foundationMatch: Foundation.NSTextCheckingResult? = regex.firstMatch(in: text, range: NSRange(location: 0, length: 25))
        #expect(foundationMatch?.range == NSRange(location: 16, length: 5))
    }
}
