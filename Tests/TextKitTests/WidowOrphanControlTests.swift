import ModelTestSupport
import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// `NSParagraphStyle.preventsWidowsAndOrphans` (an OpenTextKit addition) across a layout
/// manager's containers: no paragraph's first line alone at a container's bottom, no last line
/// alone at the next one's top; without it, TextKit's layout.
@Suite("Widow and orphan control")
struct WidowOrphanControlTests {
    /// Every line is this tall, so container heights can be counted in lines.
    static let lineHeight: CGFloat = 16
    static let width: CGFloat = 220

    static func style(_ control: Bool) -> NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        style.minimumLineHeight = lineHeight
        style.maximumLineHeight = lineHeight
        style.preventsWidowsAndOrphans = control
        return style.copy() as! NSParagraphStyle
    }

    /// A paragraph of `words` words.
    static func paragraph(_ words: Int, seed: Int = 0) -> String {
        let vocabulary = ["harbour", "gulls", "ferry", "crates", "letters", "weather", "sails", "town", "breath", "point", "quay", "morning"]
        return (0..<words).map { vocabulary[($0 * 7 + seed) % vocabulary.count] }.joined(separator: " ")
    }

    /// A paragraph that takes exactly `lines` lines in a container ``width`` wide.
    static func paragraph(lines: Int, seed: Int = 0) -> String {
        for words in 1...400 {
            let text = paragraph(words, seed: seed)
            let stack = LayoutStack(text, attributes: [.font: LayoutStack.serif(11), .paragraphStyle: style(false)],
                                    containerSizes: [CGSize(width: width, height: 100_000)])
            if stack.fragments().count == lines { return text }
        }
        preconditionFailure("no paragraph of \(lines) lines")
    }

    /// A layout of `paragraphs` into containers `lines` lines tall each (and a tall last one for the rest).
    static func stack(_ paragraphs: [String], lines: [Int], control: Bool) -> LayoutStack {
        let sizes = lines.map { CGSize(width: width, height: CGFloat($0) * lineHeight + 3) }
            + [CGSize(width: width, height: 100_000)]
        return LayoutStack(paragraphs.joined(separator: "\n"),
                           attributes: [.font: LayoutStack.serif(11), .paragraphStyle: style(control)], containerSizes: sizes)
    }

    /// One line as laid out: its container, its paragraph, and its place in the paragraph.
    struct Line: Equatable {
        var container: Int
        var paragraph: Int
        var glyphs: NSRange
    }

    static func lines(_ stack: LayoutStack) -> [Line] {
        let ns = stack.storage.string as NSString
        var starts: [Int] = [0]
        for i in 0..<ns.length where ns.character(at: i) == 10 { starts.append(i + 1) }
        return stack.fragments().map { f in
            let character = stack.layoutManager.characterIndexForGlyph(at: f.glyphs.location)
            let paragraph = (starts.lastIndex { $0 <= character }) ?? 0
            return Line(container: f.container, paragraph: paragraph, glyphs: f.glyphs)
        }
    }

    /// Containers that end with a paragraph's first line alone, below earlier text (orphans), and
    /// those that start with a paragraph's last line alone after two or more of its lines (widows).
    static func orphansAndWidows(_ lines: [Line]) -> (orphans: [Int], widows: [Int]) {
        var orphans: [Int] = [], widows: [Int] = []
        for (i, line) in lines.enumerated() {
            let previous = i > 0 ? lines[i - 1] : nil
            let next = i + 1 < lines.count ? lines[i + 1] : nil
            let startsParagraph = previous?.paragraph != line.paragraph
            let endsParagraph = next?.paragraph != line.paragraph
            // Orphan: first line, last in its container, with text above it there, and the paragraph goes on.
            if startsParagraph, let next, next.paragraph == line.paragraph, next.container != line.container,
               let previous, previous.container == line.container {
                orphans.append(line.container)
            }
            // Widow: last line, first in its container, after at least two lines of its paragraph elsewhere.
            if endsParagraph, let previous, previous.paragraph == line.paragraph, previous.container != line.container,
               i >= 2, lines[i - 2].paragraph == line.paragraph, lines[i - 2].container == previous.container {
                widows.append(line.container)
            }
        }
        return (orphans, widows)
    }

    @Test func anOrphanMovesToTheNextContainer() {
        // 3 lines of the first paragraph and 1 of the second fit in the first container.
        let text = [Self.paragraph(lines: 3), Self.paragraph(lines: 5, seed: 3)]
        let plain = Self.lines(Self.stack(text, lines: [4, 20], control: false))
        #expect(plain.filter { $0.paragraph == 0 }.count == 3, "the test's premise: the first paragraph takes 3 lines")
        #expect(Self.orphansAndWidows(plain).orphans == [0], "without the option TextKit leaves the orphan")

        let controlled = Self.lines(Self.stack(text, lines: [4, 20], control: true))
        #expect(Self.orphansAndWidows(controlled).orphans.isEmpty)
        #expect(controlled.filter { $0.container == 0 }.allSatisfy { $0.paragraph == 0 })
        #expect(controlled.first { $0.paragraph == 1 }?.container == 1)
        #expect(controlled.count == plain.count)
    }

    @Test func aWidowTakesALineWithIt() {
        // The second paragraph has 5 lines: 4 fit after the first paragraph's 2, the 5th is a widow.
        let text = [Self.paragraph(lines: 2), Self.paragraph(lines: 5, seed: 5)]
        let plain = Self.lines(Self.stack(text, lines: [6, 20], control: false))
        #expect(plain.filter { $0.paragraph == 0 }.count == 2, "the test's premise")
        #expect(plain.filter { $0.paragraph == 1 }.count == 5, "the test's premise")
        #expect(Self.orphansAndWidows(plain).widows == [1])

        let controlled = Self.lines(Self.stack(text, lines: [6, 20], control: true))
        #expect(Self.orphansAndWidows(controlled).widows.isEmpty)
        // The first container ends a line early; the last two lines open the second.
        #expect(controlled.filter { $0.container == 0 }.count == 5)
        #expect(controlled.filter { $0.container == 1 && $0.paragraph == 1 }.count == 2)
    }

    @Test func aTwoLineParagraphSplitInTwoMovesWhole() {
        let text = [Self.paragraph(lines: 3), Self.paragraph(lines: 2, seed: 2)]
        let plain = Self.lines(Self.stack(text, lines: [4, 20], control: false))
        #expect(plain.filter { $0.paragraph == 1 }.map(\.container) == [0, 1], "the test's premise")
        let controlled = Self.lines(Self.stack(text, lines: [4, 20], control: true))
        #expect(controlled.filter { $0.paragraph == 1 }.map(\.container) == [1, 1])
    }

    /// Containers one line tall: moving a line would only leave a container empty, so none moves.
    @Test func noLineMovesWhenThatWouldEmptyAContainer() {
        let text = [Self.paragraph(30)]
        let plain = Self.lines(Self.stack(text, lines: [1, 1, 1], control: false))
        let controlled = Self.lines(Self.stack(text, lines: [1, 1, 1], control: true))
        #expect(controlled == plain)
        #expect(controlled.prefix(3).map(\.container) == [0, 1, 2])
    }

    /// The orphan moves beside an exclusion too, and no line lands in the excluded strip.
    @Test func exclusionPathsStillApply() {
        let text = [Self.paragraph(lines: 3), Self.paragraph(lines: 5, seed: 3)]
        let stack = Self.stack(text, lines: [4, 20], control: true)
        let strip = CGRect(x: Self.width - 60, y: 0, width: 60, height: 200)
        stack.containers[1].exclusionPaths = [UIBezierPath(rect: strip)]
        let lines = Self.lines(stack)
        #expect(Self.orphansAndWidows(lines).orphans.isEmpty)
        for f in stack.fragments() where f.container == 1 && f.rect.minY < strip.maxY {
            #expect(f.used.maxX <= strip.minX + 0.5)
        }
    }

    /// A container subclass (here one that insets its lines on the left and counts the calls) is
    /// asked for every line, and the control moves the orphan out of it as out of any container.
    @Test(arguments: [false, true])
    func aContainerSubclassStillShapesItsLines(control: Bool) {
        final class InsetContainer: NSTextContainer {
            var calls = 0
            override var isSimpleRectangularTextContainer: Bool { false }
            override func lineFragmentRect(forProposedRect proposedRect: CGRect, at characterIndex: Int,
                                           writingDirection baseWritingDirection: NSWritingDirection,
                                           remaining remainingRect: UnsafeMutablePointer<CGRect>?) -> CGRect {
                calls += 1
                let rect = super.lineFragmentRect(forProposedRect: proposedRect, at: characterIndex,
                                                  writingDirection: baseWritingDirection, remaining: remainingRect)
                return rect.isEmpty ? rect : CGRect(x: rect.minX + 1, y: rect.minY, width: rect.width - 1, height: rect.height)
            }
        }
        let text = [Self.paragraph(lines: 3), Self.paragraph(lines: 6, seed: 3)]
        let storage = NSTextStorage(string: text.joined(separator: "\n"),
                                    attributes: [.font: LayoutStack.serif(11), .paragraphStyle: Self.style(control)])
        let lm = NSLayoutManager()
        storage.addLayoutManager(lm)
        let first = InsetContainer(size: CGSize(width: Self.width, height: 4 * Self.lineHeight + 3))
        lm.addTextContainer(first)
        lm.addTextContainer(NSTextContainer(size: CGSize(width: Self.width, height: 10_000)))
        let stack = LayoutStack(storage: storage, layoutManager: lm)
        let lines = Self.lines(stack)
        #expect(first.calls >= 4)
        #expect(lines.filter { $0.paragraph == 0 }.allSatisfy { $0.container == 0 })
        #expect(Self.orphansAndWidows(lines).orphans == (control ? [] : [0]))
        #expect(lines.first { $0.paragraph == 1 }?.container == (control ? 1 : 0))
        for f in stack.fragments() where f.container == 0 { #expect(f.rect.minX >= 1) }
    }

    /// An edit relays out to what a fresh layout of the edited text gives.
    @Test func anEditRelaysOutAsAFreshLayoutWould() {
        let text = [Self.paragraph(20), Self.paragraph(30, seed: 3), Self.paragraph(44, seed: 1), Self.paragraph(9, seed: 4)]
        let stack = Self.stack(text, lines: [4, 6, 5], control: true)
        _ = Self.lines(stack)
        stack.storage.replaceCharacters(in: NSRange(location: 5, length: 0), with: "longer words, added here ")
        let fresh = Self.stack([String(stack.storage.string)], lines: [4, 6, 5], control: true)
        #expect(Self.lines(stack) == Self.lines(fresh))
        stack.storage.replaceCharacters(in: NSRange(location: 5, length: 25), with: "")
        #expect(Self.lines(stack) == Self.lines(Self.stack(text, lines: [4, 6, 5], control: true)))
    }

    /// An edit that leaves a paragraph's lines as they were lays out that paragraph again and no
    /// other (paragraphs broken by total fit, whose plans are counted), even one that needed a
    /// widow or orphan moved.
    @Test func anEditRelaysOutOnlyTheEditedParagraph() {
        let text = [Self.paragraph(lines: 3), Self.paragraph(lines: 5, seed: 3), Self.paragraph(lines: 6, seed: 1),
                    Self.paragraph(lines: 4, seed: 4)]
        let storage = NSTextStorage(string: text.joined(separator: "\n"), attributes: [.font: LayoutStack.serif(11)])
        let style = Self.style(true).mutableCopy() as! NSMutableParagraphStyle
        style.lineBreakStrategy = [.optimal]
        storage.addAttribute(.paragraphStyle, value: style.copy(), range: NSRange(location: 0, length: storage.length))
        let lm = NSLayoutManager()
        storage.addLayoutManager(lm)
        for lines in [4, 6, 5] { lm.addTextContainer(NSTextContainer(size: CGSize(width: Self.width, height: CGFloat(lines) * Self.lineHeight + 3))) }
        lm.addTextContainer(NSTextContainer(size: CGSize(width: Self.width, height: 10_000)))
        let stack = LayoutStack(storage: storage, layoutManager: lm)
        let before = Self.lines(stack)
        #expect(Self.orphansAndWidows(before) == ([], []))
        // Orphans moved the second and third paragraphs on; a widow took a line of the third along.
        #expect(before.filter { $0.paragraph == 1 }.allSatisfy { $0.container == 1 })
        #expect(before.filter { $0.paragraph == 2 }.map(\.container) == [2, 2, 2, 2, 3, 3])
        let starts = text.indices.map { i in text[..<i].reduce(0) { $0 + ($1 as NSString).length + 1 } }
        for (p, start) in starts.enumerated() {
            let recorder = TotalFitRecorder()
            TotalFitPlan.$recorder.withValue(recorder) {
                // The paragraph's second word, replaced by itself.
                let word = NSRange(location: start + (text[p].split(separator: " ")[0].utf16.count) + 1, length: 3)
                storage.replaceCharacters(in: word, with: (storage.string as NSString).substring(with: word))
                lm.ensureLayout(forCharacterRange: NSRange(location: 0, length: storage.length))
            }
            #expect(!recorder.plans.isEmpty)
            #expect(recorder.plans.allSatisfy { $0.start == start }, "paragraph \(p): \(recorder.plans.map(\.start))")
            #expect(Self.lines(stack) == before)
        }
    }

    /// Random container heights and paragraphs: every glyph in exactly one line, in order; no line
    /// below its container's bottom; no orphan or widow where one could move.
    @Test(arguments: 0..<24)
    func randomContainersAndParagraphs(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed) &+ 0x5eed)
        let paragraphs = (0..<Int.random(in: 3...9, using: &random)).map { i in
            Self.paragraph(Int.random(in: 1...60, using: &random), seed: i)
        }
        let heights = (0..<Int.random(in: 2...6, using: &random)).map { _ in Int.random(in: 2...9, using: &random) }
        let stack = Self.stack(paragraphs, lines: heights, control: true)
        let lm = stack.layoutManager
        var next = 0
        for f in stack.fragments() {
            #expect(f.glyphs.location == next, "seed \(seed): glyphs laid out once, in order")
            next = NSMaxRange(f.glyphs)
            let container = stack.containers[f.container]
            #expect(f.rect.maxY <= container.size.height + 0.001, "seed \(seed): container \(f.container) over-full")
        }
        #expect(next == lm.numberOfGlyphs, "seed \(seed): every glyph laid out")
        let found = Self.orphansAndWidows(Self.lines(stack))
        #expect(found.orphans.isEmpty, "seed \(seed): orphans in \(found.orphans) (heights \(heights))")
        #expect(found.widows.isEmpty, "seed \(seed): widows in \(found.widows) (heights \(heights))")
    }
}

extension LayoutStack {
    /// A stack over a storage and a layout manager already joined (containers of its own classes).
    init(storage: NSTextStorage, layoutManager: NSLayoutManager) {
        self.storage = storage
        self.layoutManager = layoutManager
    }
}
