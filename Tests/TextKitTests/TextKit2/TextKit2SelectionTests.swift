import Testing
@testable import TextKit
import TextKitGraphics
import TextKitModel

/// TextKit 2's selection navigation: moves by character (clusters, visual bidi), word, line,
/// paragraph and document, extension, pointing, enclosing units and deletion ranges.
@Suite("TextKit 2: selections and navigation")
struct TextKit2SelectionTests {
    typealias Nav = NSTextSelectionNavigation

    /// The caret (or range) after a move from `offset`, as storage offsets.
    static func move(_ stack: TextKit2Stack, from selection: NSTextSelection, _ direction: Nav.Direction,
                     _ destination: Nav.Destination, extending: Bool = false) -> NSTextSelection {
        stack.layoutManager.textSelectionNavigation.destinationSelection(for: selection, direction: direction, destination: destination,
                                                                         extending: extending, confined: false)!
    }

    static func caret(_ stack: TextKit2Stack, _ offset: Int) -> NSTextSelection {
        NSTextSelection(stack.location(offset), affinity: .downstream)
    }

    static func offsets(_ stack: TextKit2Stack, _ selection: NSTextSelection) -> NSRange {
        stack.characters(selection.textRanges[0])
    }

    @Test("By character: whole grapheme clusters forward and backward; a range collapses to its end")
    func characters() {
        let stack = TextKit2Stack("ae\u{301}👍🏽z")
        var offsets: [Int] = []
        var selection = Self.caret(stack, 0)
        for _ in 0..<5 {
            selection = Self.move(stack, from: selection, .forward, .character)
            offsets.append(Self.offsets(stack, selection).location)
        }
        #expect(offsets == [1, 3, 7, 8, 8])
        selection = Self.move(stack, from: selection, .backward, .character)
        #expect(Self.offsets(stack, selection).location == 7)
        let range = NSTextSelection(range: stack.range(NSRange(location: 1, length: 6)), affinity: .downstream, granularity: .character)
        #expect(Self.offsets(stack, Self.move(stack, from: range, .forward, .character)) == NSRange(location: 7, length: 0))
        #expect(Self.offsets(stack, Self.move(stack, from: range, .left, .character)) == NSRange(location: 1, length: 0))
    }

    @Test("Right and left move visually: in a right-to-left paragraph, right goes towards the start")
    func visual() {
        let stack = TextKit2Stack("שלום עולם")
        var selection = Self.caret(stack, 4)
        selection = Self.move(stack, from: selection, .right, .character)
        #expect(Self.offsets(stack, selection).location == 3)
        selection = Self.move(stack, from: selection, .left, .character)
        selection = Self.move(stack, from: selection, .left, .character)
        #expect(Self.offsets(stack, selection).location == 5)
        #expect(stack.layoutManager.baseWritingDirection(at: stack.location(2)) == .rightToLeft)
    }

    @Test("By word: to the next word's end, to the previous word's start, past punctuation")
    func words() {
        let stack = TextKit2Stack("Hello, world again.\nNext")
        var selection = Self.caret(stack, 0)
        var ends: [Int] = []
        for _ in 0..<4 {
            selection = Self.move(stack, from: selection, .forward, .word)
            ends.append(Self.offsets(stack, selection).location)
        }
        #expect(ends == [5, 12, 18, 24])
        var starts: [Int] = []
        for _ in 0..<4 {
            selection = Self.move(stack, from: selection, .backward, .word)
            starts.append(Self.offsets(stack, selection).location)
        }
        #expect(starts == [20, 13, 7, 0])
    }

    @Test("By line: to the line's ends (upstream at a soft wrap); up and down keep the caret's x")
    func lines() throws {
        let stack = TextKit2Stack(String(repeating: "word ", count: 40), width: 150)
        let lines = try #require(stack.fragments().first).textLineFragments
        #expect(lines.count > 3)
        let secondStart = lines[1].characterRange.location
        var selection = Self.caret(stack, secondStart + 2)
        let end = Self.move(stack, from: selection, .forward, .line)
        #expect(Self.offsets(stack, end).location == lines[1].characterRange.location + lines[1].characterRange.length)
        #expect(end.affinity == .upstream)
        #expect(Self.offsets(stack, Self.move(stack, from: selection, .backward, .line)).location == secondStart)
        selection = Self.move(stack, from: selection, .down, .character)
        #expect(Self.offsets(stack, selection).location == lines[2].characterRange.location + 2)
        let goal = selection.anchorPositionOffset
        #expect(goal > 0)
        selection = Self.move(stack, from: selection, .up, .character)
        selection = Self.move(stack, from: selection, .up, .character)
        #expect(Self.offsets(stack, selection).location == 2)
        selection = Self.move(stack, from: selection, .up, .character)
        #expect(Self.offsets(stack, selection).location == 0)
    }

    @Test("By paragraph and document; extending keeps the anchor and says which end moves")
    func paragraphsAndExtension() {
        let stack = TextKit2Stack("First paragraph\nSecond one\nThird")
        var selection = Self.caret(stack, 3)
        selection = Self.move(stack, from: selection, .forward, .paragraph)
        #expect(Self.offsets(stack, selection).location == 15)
        selection = Self.move(stack, from: selection, .forward, .paragraph)
        #expect(Self.offsets(stack, selection).location == 26)
        selection = Self.move(stack, from: selection, .backward, .paragraph)
        #expect(Self.offsets(stack, selection).location == 16)
        #expect(Self.offsets(stack, Self.move(stack, from: selection, .forward, .document)).location == stack.textStorage.length)
        var extended = Self.move(stack, from: Self.caret(stack, 20), .backward, .word, extending: true)
        #expect(Self.offsets(stack, extended) == NSRange(location: 16, length: 4))
        #expect(extended.affinity == .upstream)
        extended = Self.move(stack, from: extended, .forward, .document, extending: true)
        #expect(Self.offsets(stack, extended) == NSRange(location: 20, length: stack.textStorage.length - 20))
        #expect(extended.affinity == .downstream)
    }

    @Test("A point makes a caret at the nearest insertion point; shift extends the anchor; units enclose")
    func pointing() throws {
        let stack = TextKit2Stack("Hello wide world", attributes: [.font: LayoutStack.serif(20)])
        let line = try #require(stack.fragments().first?.textLineFragments.first)
        let fragment = stack.fragments()[0]
        let x = fragment.layoutFragmentFrame.minX + line.locationForCharacter(at: 8).x + 1
        let navigation = stack.layoutManager.textSelectionNavigation
        let hits = navigation.textSelections(interactingAt: CGPoint(x: x, y: 10), inContainerAt: stack.location(0), anchors: [],
                                             modifiers: [], selecting: true, bounds: .zero)
        #expect(hits.count == 1 && Self.offsets(stack, hits[0]) == NSRange(location: 8, length: 0))
        let extended = navigation.textSelections(interactingAt: CGPoint(x: x, y: 10), inContainerAt: stack.location(0), anchors: [Self.caret(stack, 2)],
                                                 modifiers: .extend, selecting: true, bounds: .zero)
        #expect(Self.offsets(stack, extended[0]) == NSRange(location: 2, length: 6))
        let word = navigation.textSelection(for: .word, enclosing: hits[0])
        #expect(Self.offsets(stack, word) == NSRange(location: 6, length: 4))
        #expect(word.granularity == .word)
    }

    @Test("Deletion ranges: the selection, a cluster, or with decomposition its last scalar")
    func deletion() {
        let stack = TextKit2Stack("xe\u{301}y 👍🏽")
        let navigation = stack.layoutManager.textSelectionNavigation
        let afterE = Self.caret(stack, 3)
        let decomposed = navigation.deletionRanges(for: afterE, direction: .backward, destination: .character, allowsDecomposition: true)
        #expect(decomposed.map(stack.characters) == [NSRange(location: 2, length: 1)])
        let whole = navigation.deletionRanges(for: afterE, direction: .backward, destination: .character, allowsDecomposition: false)
        #expect(whole.map(stack.characters) == [NSRange(location: 1, length: 2)])
        let emoji = navigation.deletionRanges(for: Self.caret(stack, 9), direction: .backward, destination: .character, allowsDecomposition: false)
        #expect(emoji.map(stack.characters) == [NSRange(location: 5, length: 4)])
        let forwardWord = navigation.deletionRanges(for: Self.caret(stack, 0), direction: .forward, destination: .word, allowsDecomposition: false)
        #expect(forwardWord.map(stack.characters) == [NSRange(location: 0, length: 4)])
        let range = NSTextSelection(range: stack.range(NSRange(location: 1, length: 2)), affinity: .downstream, granularity: .character)
        #expect(navigation.deletionRanges(for: range, direction: .backward, destination: .word, allowsDecomposition: false).map(stack.characters)
                == [NSRange(location: 1, length: 2)])
    }

    @Test("Selections follow edits of the text")
    func followEdits() {
        let stack = TextKit2Stack("abc def ghi")
        stack.layoutManager.textSelections = [Self.caret(stack, 8), NSTextSelection(range: stack.range(NSRange(location: 0, length: 2)), affinity: .downstream, granularity: .character)]
        stack.layoutManager.replaceContents(in: stack.range(NSRange(location: 4, length: 0)), with: NSAttributedString(string: "XYZ "))
        let after = stack.layoutManager.textSelections.map { Self.offsets(stack, $0) }
        #expect(after == [NSRange(location: 12, length: 0), NSRange(location: 0, length: 2)])
    }

    @Test("Caret offsets of a line, left to right, and the line under a point")
    func dataSource() throws {
        let stack = TextKit2Stack("abc")
        var xs: [CGFloat] = []
        var offsets: [Int] = []
        stack.layoutManager.enumerateCaretOffsetsInLineFragment(at: stack.location(1)) { x, location, _, _ in
            xs.append(x)
            offsets.append(stack.offset(location))
        }
        #expect(offsets == [0, 1, 2, 3])
        #expect(xs == xs.sorted() && xs.first == 5)
        let line = try #require(stack.layoutManager.lineFragmentRange(for: CGPoint(x: 10, y: 5), inContainerAt: stack.location(0)))
        #expect(stack.characters(line) == NSRange(location: 0, length: 3))
        #expect(stack.layoutManager.textRange(for: .paragraph, enclosing: stack.location(1)).map(stack.characters) == NSRange(location: 0, length: 3))
    }
}
