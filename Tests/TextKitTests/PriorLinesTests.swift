import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel
import ModelTestSupport

/// After an edit inside a paragraph, laying it out again takes the old lines the edit cannot have
/// changed (PriorLines.swift): those before it, and those after it once a new line starts where an
/// old one did. Debug builds compare every paragraph laid out so with a fresh layout; these tests
/// check that lines are taken where they should be and not where they must not be, and compare
/// the result with a fresh layout manager's.
@Suite("Lines taken again after an edit inside a paragraph")
struct PriorLinesTests {
    static let paragraph = "It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness, it was the epoch of belief, it was the epoch of incredulity, it was the season of Light, it was the season of Darkness, it was the spring of hope, it was the winter of despair.\n"

    static func stack(_ text: NSAttributedString, width: CGFloat = 200) -> (NSTextStorage, NSLayoutManager, NSTextContainer) {
        let stack = DrawingHarness.stack(text, width: width, padding: 5)
        stack.lm.ensureLayout(for: stack.container)
        return (stack.storage, stack.lm, stack.container)
    }

    /// The line fragments of a fresh layout manager over a copy of `storage`.
    static func freshFragments(of storage: NSTextStorage, width: CGFloat) -> [(CGRect, CGRect, NSRange)] {
        let (_, manager, container) = stack(NSAttributedString(attributedString: storage), width: width)
        return fragments(manager, container)
    }

    static func fragments(_ manager: NSLayoutManager, _ container: NSTextContainer) -> [(CGRect, CGRect, NSRange)] {
        var result: [(CGRect, CGRect, NSRange)] = []
        manager.enumerateLineFragments(forGlyphRange: manager.glyphRange(for: container)) { rect, used, _, range, _ in
            result.append((rect, used, range))
        }
        return result
    }

    static func same(_ a: [(CGRect, CGRect, NSRange)], _ b: [(CGRect, CGRect, NSRange)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 && $0.2 == $1.2 }
    }

    @Test("Typing, deleting and replacing in a long paragraph: the lines before the edit and after it are taken again, as a fresh layout makes them",
          arguments: [(100, 0, "x", 5), (100, 1, "", 5), (3, 0, "very ", 5), (250, 4, "Y", 5), (180, 0, " ", 5), (40, 12, "", 1), (0, 0, "A", 5)])
    func edits(location: Int, length: Int, replacement: String, taken: Int) {
        let (storage, manager, container) = Self.stack(NSAttributedString(string: Self.paragraph + "A second paragraph.\n"))
        let before = manager.flow.takenPriorLineCount
        storage.replaceCharacters(in: NSRange(location: location, length: length), with: replacement)
        manager.ensureLayout(for: container)
        #expect(manager.flow.takenPriorLineCount - before >= taken)
        #expect(Self.same(Self.fragments(manager, container), Self.freshFragments(of: storage, width: 200)))
    }

    @Test("Styles that shape lines by their position or by the whole paragraph: justified, spacing before and after, indents, right to left, hyphenated, tabs")
    func styles() {
        let styles: [(NSMutableParagraphStyle) -> Void] = [
            { $0.alignment = .justified },
            { $0.paragraphSpacingBefore = 7; $0.paragraphSpacing = 5; $0.lineSpacing = 3 },
            { $0.firstLineHeadIndent = 30; $0.headIndent = 12; $0.tailIndent = -20 },
            { $0.baseWritingDirection = .rightToLeft; $0.alignment = .natural },
            { $0.hyphenationFactor = 1 },
            { $0.tabStops = [NSTextTab(textAlignment: .left, location: 40)] },
        ]
        for configure in styles {
            let style = NSMutableParagraphStyle()
            configure(style)
            let text = NSAttributedString(string: Self.paragraph.replacingOccurrences(of: ", it", with: ",\tit"),
                                          attributes: [.paragraphStyle: style, .font: UIFont(name: "DejaVu Serif", size: 12)!])
            let (storage, manager, container) = Self.stack(text)
            let before = manager.flow.takenPriorLineCount
            storage.replaceCharacters(in: NSRange(location: 120, length: 0), with: "xy")
            manager.ensureLayout(for: container)
            #expect(manager.flow.takenPriorLineCount > before)
            #expect(Self.same(Self.fragments(manager, container), Self.freshFragments(of: storage, width: 200)))
        }
    }

    @Test("No lines are taken after the container's width changed, with a delegate, or when the app invalidated the layout")
    func notTaken() {
        let (storage, manager, container) = Self.stack(NSAttributedString(string: Self.paragraph))
        var before = manager.flow.takenPriorLineCount
        storage.replaceCharacters(in: NSRange(location: 100, length: 0), with: "x")
        container.size = CGSize(width: 150, height: container.size.height)
        manager.ensureLayout(for: container)
        #expect(manager.flow.takenPriorLineCount == before)
        #expect(Self.same(Self.fragments(manager, container), Self.freshFragments(of: storage, width: 150)))

        storage.replaceCharacters(in: NSRange(location: 100, length: 0), with: "x")
        manager.invalidateLayout(forCharacterRange: NSRange(location: 0, length: storage.length), actualCharacterRange: nil)
        manager.ensureLayout(for: container)
        #expect(manager.flow.takenPriorLineCount == before)

        let delegate = InvalidationCounter()
        manager.delegate = delegate
        manager.ensureLayout(for: container)
        before = manager.flow.takenPriorLineCount
        storage.replaceCharacters(in: NSRange(location: 100, length: 0), with: "x")
        manager.ensureLayout(for: container)
        #expect(manager.flow.takenPriorLineCount == before)
        withExtendedLifetime(delegate) {}
    }

    @Test("Random typing and deleting in paragraphs of several styles gives a fresh layout's lines", arguments: [1, 2] as [UInt64])
    func randomEdits(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let justified = NSMutableParagraphStyle()
        justified.alignment = .justified
        justified.paragraphSpacing = 4
        let hyphenated = NSMutableParagraphStyle()
        hyphenated.hyphenationFactor = 1
        hyphenated.firstLineHeadIndent = 25
        hyphenated.headIndent = 10
        let text = NSMutableAttributedString(string: Self.paragraph + Self.paragraph.uppercased() + "שלום עולם, " + Self.paragraph + Self.paragraph,
                                             attributes: [.font: UIFont(name: "DejaVu Serif", size: 12)!])
        let length = Self.paragraph.utf16.count
        text.addAttribute(.paragraphStyle, value: justified, range: NSRange(location: 0, length: length))
        text.addAttribute(.paragraphStyle, value: hyphenated, range: NSRange(location: text.length - length, length: length))
        let (storage, manager, container) = Self.stack(text, width: 230)
        let before = manager.flow.takenPriorLineCount
        for _ in 0..<150 {
            let location = Int.random(in: 0..<storage.length, using: &random)
            let length = Bool.random(using: &random) ? 0 : min(Int.random(in: 1...6, using: &random), storage.length - location - 1)
            let replacement = ["x", " ", "", "wide words ", "—", "i"].randomElement(using: &random)!
            storage.replaceCharacters(in: NSRange(location: location, length: max(0, length)), with: replacement)
            manager.ensureLayout(for: container)
        }
        #expect(manager.flow.takenPriorLineCount - before > 300)
        #expect(Self.same(Self.fragments(manager, container), Self.freshFragments(of: storage, width: 230)))
    }
}
