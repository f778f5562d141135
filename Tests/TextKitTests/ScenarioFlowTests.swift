import Testing
@testable import TextKit
import TextKitFonts
import TextKitModel

/// The layouts TextKit users build first: linked containers, pages, several views of one text.
@Suite("Scenarios: containers and layout managers")
struct ScenarioFlowTests {
    static let chapter = """
        It was the kind of morning that made the harbour look painted. Gulls argued over the fishing boats, \
        and the ferry sounded twice before leaving the pier.
        Mara counted the crates on the quay, lost count, and began again. Each crate held letters that had \
        waited a month for the weather to turn.
        By noon the wind had dropped, the sails hung slack, and the whole town seemed to hold its breath \
        for the mail boat rounding the point.
        """

    static func font() -> UIFont { LayoutStack.serif(11) }

    @Test func twoContainersOfTheSameSizeShareTheTextWithoutGapOrOverlap() {
        let size = CGSize(width: 170, height: 90)
        let stack = LayoutStack(Self.chapter, attributes: [.font: Self.font()], containerSizes: [size, size])
        let lm = stack.layoutManager
        let first = lm.glyphRange(for: stack.containers[0])
        let second = lm.glyphRange(for: stack.containers[1])
        #expect(first.location == 0 && first.length > 0)
        #expect(second.location == first.location + first.length)
        #expect(second.length > 0)
        // The text is longer than two containers hold: together they stop where layout stopped.
        #expect(second.location + second.length == lm.firstUnlaidGlyphIndex())
        #expect(second.location + second.length < lm.numberOfGlyphs)
        // Every line of each container lies inside it.
        for (index, container) in stack.containers.enumerated() {
            for f in stack.fragments() where f.container == index {
                #expect(f.rect.maxY <= container.size.height + 0.001 && f.rect.minY >= 0)
            }
        }
        // A third container takes the rest: now all glyphs are covered exactly once.
        lm.addTextContainer(NSTextContainer(size: CGSize(width: 170, height: 2000)))
        let third = lm.glyphRange(for: lm.textContainers[2])
        #expect(lm.glyphRange(for: stack.containers[0]) == first)
        #expect(third.location == second.location + second.length)
        #expect(third.location + third.length == lm.numberOfGlyphs)
    }

    /// Pages of a fixed size, added until the text ends.
    static func paginate(_ lm: NSLayoutManager, size: CGSize) -> [NSRange] {
        while !lm.textContainers.isEmpty { lm.removeTextContainer(at: 0) }
        var pages: [NSRange] = []
        repeat {
            let container = NSTextContainer(size: size)
            lm.addTextContainer(container)
            pages.append(lm.glyphRange(for: container))
            precondition(pages.count < 1000, "runaway pagination")
        } while pages[pages.count - 1].location + pages[pages.count - 1].length < lm.numberOfGlyphs
        return pages
    }

    /// A line goes to the next container only when its own height does not fit: a paragraph that
    /// starts large and goes on small fills the container with its small lines (the edit fuzzer's
    /// `editing-container-mismatch-1`: a paragraph shifted down kept a line a fresh layout moved on).
    @Test func aSmallLineFillsTheContainerBelowALargeOne() throws {
        let size = CGSize(width: 120, height: 50)
        let text = NSMutableAttributedString(string: "X", attributes: [.font: LayoutStack.serif(30)])
        text.append(NSAttributedString(string: " then small words that wrap over several lines", attributes: [.font: LayoutStack.serif(8)]))
        let storage = NSTextStorage(attributedString: text)
        let lm = NSLayoutManager()
        storage.addLayoutManager(lm)
        for _ in 0..<2 { lm.addTextContainer(NSTextContainer(size: size)) }
        var fragments: [(rect: CGRect, container: NSTextContainer)] = []
        lm.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: lm.numberOfGlyphs)) { rect, _, container, _, _ in
            fragments.append((rect, container))
        }
        try #require(fragments.count >= 3)
        let large = fragments[0].rect.height, small = fragments[1].rect.height
        #expect(large > 30 && small < 12 && large + small <= size.height)
        // The second line fits below the first, though a line as tall as the first would not.
        #expect(fragments[1].container === lm.textContainers[0])
        #expect(large + large > size.height)
        // Container 0 holds every line whose bottom is inside it, and no more.
        for fragment in fragments where fragment.container === lm.textContainers[0] { #expect(fragment.rect.maxY <= size.height + 0.001) }
        let firstInSecond = try #require(fragments.firstIndex { $0.container === lm.textContainers[1] })
        #expect(fragments[firstInSecond - 1].rect.maxY + fragments[firstInSecond].rect.height > size.height)
    }

    @Test func pagingColumnsCoverTheTextAndFollowItsLength() {
        let size = CGSize(width: 160, height: 120)
        let storage = NSTextStorage(string: Self.chapter, attributes: [.font: Self.font()])
        let lm = NSLayoutManager()
        storage.addLayoutManager(lm)
        let one = Self.paginate(lm, size: size)
        // Pages are consecutive and cover every glyph.
        var next = 0
        for page in one {
            #expect(page.location == next && page.length > 0)
            next = page.location + page.length
        }
        #expect(next == lm.numberOfGlyphs)
        #expect(lm.characterRange(forGlyphRange: NSRange(location: 0, length: next), actualGlyphRange: nil).length == storage.length)

        // Four times the text needs about four times the pages.
        storage.append(NSAttributedString(string: "\n" + [Self.chapter, Self.chapter, Self.chapter].joined(separator: "\n"),
                                          attributes: [.font: Self.font()]))
        let four = Self.paginate(lm, size: size)
        #expect(four.count >= 3 * one.count && four.count <= 5 * one.count)
        #expect(four.last.map { $0.location + $0.length } == lm.numberOfGlyphs)

        // Deleting most of it shrinks the page count again.
        storage.deleteCharacters(in: NSRange(location: 0, length: storage.length * 3 / 4))
        let shrunk = Self.paginate(lm, size: size)
        #expect(shrunk.count < four.count)
        #expect(shrunk.count <= one.count + 1)
        #expect(shrunk.last.map { $0.location + $0.length } == lm.numberOfGlyphs)
    }

    @Test func twoLayoutManagersOfOneStorageBothFollowEdits() {
        let storage = NSTextStorage(string: Self.chapter, attributes: [.font: Self.font()])
        let narrow = NSLayoutManager(), wide = NSLayoutManager()
        storage.addLayoutManager(narrow)
        storage.addLayoutManager(wide)
        narrow.addTextContainer(NSTextContainer(size: CGSize(width: 120, height: 100_000)))
        wide.addTextContainer(NSTextContainer(size: CGSize(width: 420, height: 100_000)))
        func lineCount(_ lm: NSLayoutManager) -> Int {
            var n = 0
            lm.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: lm.numberOfGlyphs)) { _, _, _, _, _ in n += 1 }
            return n
        }
        let narrowBefore = lineCount(narrow), wideBefore = lineCount(wide)
        #expect(narrowBefore > 2 * wideBefore)

        // Insert a paragraph in the middle: both grow, both see the new characters.
        let insertion = "\nA new paragraph arrives, long enough to need a few lines of its own in the narrow view."
        let at = (storage.string as NSString).range(of: "Mara").location
        storage.replaceCharacters(in: NSRange(location: at, length: 0), with: insertion + "\n")
        #expect(lineCount(narrow) > narrowBefore && lineCount(wide) > wideBefore)
        for lm in [narrow, wide] {
            #expect(lm.characterIndexForGlyph(at: lm.numberOfGlyphs) == storage.length)
            let glyph = lm.glyphIndexForCharacter(at: at + 7)
            #expect(lm.characterIndexForGlyph(at: glyph) == at + 7)
            // The glyph for "A" of the new paragraph starts a line in both.
            var range = NSRange()
            _ = lm.lineFragmentRect(forGlyphAt: lm.glyphIndexForCharacter(at: at + 1), effectiveRange: &range)
            #expect(range.location == lm.glyphIndexForCharacter(at: at + 1))
        }
        // Delete it again: both return to their old line counts.
        storage.deleteCharacters(in: NSRange(location: at, length: insertion.utf16.count + 1))
        #expect(storage.string == Self.chapter)
        #expect(lineCount(narrow) == narrowBefore && lineCount(wide) == wideBefore)
        // Attribute edits reach both too: a larger font means more lines.
        storage.addAttribute(.font, value: LayoutStack.serif(16), range: NSRange(location: 0, length: storage.length))
        #expect(lineCount(narrow) > narrowBefore && lineCount(wide) > wideBefore)
    }
}
