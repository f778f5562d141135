import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// A very long paragraph's pieces are cut where its text says, not where the paragraph starts: a
/// keystroke cuts the pieces around it again and the rest keep their records and lines, with the
/// same cuts a fresh layout of the edited text makes; TextKit 2 lays out such a paragraph a piece
/// (a layout fragment) at a time.
@Suite("Long paragraphs: content-defined pieces, local edits, a TextKit 2 fragment per piece")
struct LongParagraphPieceTests {
    /// Words in a seeded random order, `units` long, on one line (no repeating period, unlike a
    /// word list cycled: such text has no anchors, and its cuts follow the paragraph's start).
    static func randomWords(units: Int, seed: UInt64) -> String {
        let words = ["request", "handled", "cache", "miss", "retry", "queue", "timeout", "session", "token", "user",
                     "order", "invoice", "payment", "index", "query", "replica", "lock", "snapshot", "leader", "config"]
        var numbers = SeededNumbers(seed: seed)
        var text = ""
        text.reserveCapacity(units + 16)
        while text.utf16.count < units {
            let state = numbers.step()
            text += words[Int((state >> 33) % UInt64(words.count))]
            text += (state >> 20) & 7 == 0 ? ", " : " "
        }
        return text
    }

    static func pieceLengths(_ lm: NSLayoutManager) -> [Int] {
        (0..<lm.flow.store.count).map { lm.flow.store.record($0).length }
    }

    static var attributes: [NSAttributedString.Key: Any] { [.font: LayoutStack.serif(10)] }

    @Test("Pieces are 8,192 to 65,536 units, end after a space, and fall on the same text whatever comes before it")
    func cutsFollowTheText() throws {
        let text = Self.randomWords(units: 300_000, seed: 1)
        let stack = LayoutStack(text, attributes: Self.attributes, containerSizes: [CGSize(width: 400, height: 1e8)])
        let lengths = Self.pieceLengths(stack.layoutManager)
        #expect(lengths.count >= 5)
        #expect(lengths.dropLast().allSatisfy { $0 >= TextFlow.minimumPieceLength && $0 <= TextFlow.maximumPieceLength })
        let units = Array(text.utf16)
        var cuts: [Int] = []
        for length in lengths.dropLast() { cuts.append((cuts.last ?? 0) + length) }
        #expect(cuts.allSatisfy { units[$0 - 1] == 0x20 })
        // The same text after 23 more units: the cuts after the first piece or two are the same
        // places in the text (under the old rule, a cut every 65,536 units from the start, none were).
        let prefix = "a few more words first "
        let shifted = LayoutStack(prefix + text, attributes: Self.attributes, containerSizes: [CGSize(width: 400, height: 1e8)])
        var shiftedCuts: Set<Int> = []
        var at = -prefix.utf16.count
        for length in Self.pieceLengths(shifted.layoutManager).dropLast() {
            at += length
            shiftedCuts.insert(at)
        }
        #expect(cuts.dropFirst(2).allSatisfy(shiftedCuts.contains))
    }

    @Test("A keystroke in the middle of a laid-out long paragraph takes the lines of its own piece only")
    func aKeystrokeKeepsTheOtherPieces() throws {
        let text = "a short paragraph first\n" + Self.randomWords(units: 200_000, seed: 2) + "\nand one after"
        let stack = LayoutStack(text, attributes: Self.attributes, containerSizes: [CGSize(width: 400, height: 1e8)])
        let lm = stack.layoutManager
        lm.ensureLayout(for: stack.containers[0])
        let records = lm.flow.store.count
        #expect(lm.laidOutParagraphCount == records)
        let middle = stack.storage.length / 2
        let piece = lm.flow.store.paragraphRecord(containingCharacter: UTF16Offset(middle))
        let pieceLength = piece.record.length  // (the record object is reused for the edited piece)
        // Past the text that decided the cut before it, and before any anchor its own end could
        // be cut at: it is the only piece cut again, and its cut stays.
        let at = piece.start.rawValue + TextFlow.pieceCutReach + 1_000
        #expect(at + 5 < piece.start.rawValue + TextFlow.minimumPieceLength - 64)
        stack.storage.replaceCharacters(in: NSRange(location: at, length: 0), with: "typed")
        #expect(lm.flow.store.count == records)
        #expect(lm.laidOutParagraphCount == records - 1)
        #expect(lm.flow.store.record(piece.index).length == pieceLength + 5)
        let fresh = LayoutStack(stack.storage.string, attributes: Self.attributes, containerSizes: [CGSize(width: 400, height: 1e8)])
        #expect(Self.pieceLengths(lm) == Self.pieceLengths(fresh.layoutManager))
    }

    @Test("Typing and deleting anywhere in a long paragraph, near cuts too, leaves the cuts and lines of a fresh layout")
    func randomEditsMatchAFreshLayout() throws {
        var numbers = SeededNumbers(seed: 0xC0FFEE)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        let text = Self.randomWords(units: 160_000, seed: 3) + "\nshort\n"
        let stack = LayoutStack(text, attributes: Self.attributes, containerSizes: [CGSize(width: 360, height: 1e8)])
        let lm = stack.layoutManager
        let typed = ["x", " ", "words ", "de", "", "\u{5E9}\u{5DC}\u{5D5}\u{5DD} ", "e\u{301}"]
        for round in 0..<80 {
            let lengths = Self.pieceLengths(lm)
            // Half the edits land within a few thousand units after a cut (where the cut before
            // may move) or just before one (where the piece's end may), one in eight right at one.
            var at = next(stack.storage.length)
            if round % 8 == 1 {
                // Right at a cut, or at the paragraph's start.
                at = lengths.prefix(next(lengths.count - 1)).reduce(0, +)
            } else if round % 2 == 0, lengths.count > 2 {
                let cut = lengths.prefix(1 + next(lengths.count - 2)).reduce(0, +)
                at = max(0, min(stack.storage.length - 1, cut + next(5_000) - 40))
            }
            let range = NSRange(location: at, length: min(next(4) == 0 ? next(30) : 0, stack.storage.length - at))
            stack.storage.replaceCharacters(in: range, with: typed[next(typed.count)])
            let fresh = LayoutStack(stack.storage.string, attributes: Self.attributes, containerSizes: [CGSize(width: 360, height: 1e8)])
            #expect(Self.pieceLengths(lm) == Self.pieceLengths(fresh.layoutManager), "after edit \(round) at \(at)")
        }
        // And the lines themselves, laid out incrementally through the edits of a last round.
        lm.ensureLayout(for: stack.containers[0])
        for _ in 0..<5 {
            let at = next(stack.storage.length)
            stack.storage.replaceCharacters(in: NSRange(location: at, length: 0), with: "more words ")
            lm.ensureLayout(for: stack.containers[0])
        }
        let fresh = LayoutStack(stack.storage.string, attributes: Self.attributes, containerSizes: [CGSize(width: 360, height: 1e8)])
        #expect(stack.fragments().map(\.glyphs) == fresh.fragments().map(\.glyphs))
        #expect(stack.fragments().map(\.rect) == fresh.fragments().map(\.rect))
    }

    @Test("Edits that add, remove or join separators (CR, LF, CR LF, U+2029) around long paragraphs leave a fresh layout's records")
    func separatorEditsMatchAFreshLayout() throws {
        var numbers = SeededNumbers(seed: 0x5E9A)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        let text = Self.randomWords(units: 120_000, seed: 6) + "\r\nshort\r" + Self.randomWords(units: 90_000, seed: 7) + "\n"
        let stack = LayoutStack(text, attributes: Self.attributes, containerSizes: [CGSize(width: 360, height: 1e8)])
        let lm = stack.layoutManager
        let typed = ["\n", "\r", "\r\n", "\u{2029}", "x", "a\nb", "", " "]
        for round in 0..<60 {
            let lengths = Self.pieceLengths(lm)
            // Next to a record's end (a separator or a cut) half the time.
            var at = next(stack.storage.length)
            if round % 2 == 0 {
                at = max(0, min(stack.storage.length, lengths.prefix(1 + next(lengths.count)).reduce(0, +) - next(3)))
            }
            let range = NSRange(location: at, length: min(next(3) == 0 ? next(200) : next(2), stack.storage.length - at))
            stack.storage.replaceCharacters(in: range, with: typed[next(typed.count)])
            let fresh = LayoutStack(stack.storage.string, attributes: Self.attributes, containerSizes: [CGSize(width: 360, height: 1e8)])
            #expect(Self.pieceLengths(lm) == Self.pieceLengths(fresh.layoutManager), "after edit \(round) at \(at)")
        }
    }

    @Test("Text appended to a long line, as a file loads, cuts its last pieces again, not the line")
    func appendingToALongLine() throws {
        let stack = LayoutStack(Self.randomWords(units: 100_000, seed: 5), attributes: Self.attributes,
                                containerSizes: [CGSize(width: 400, height: 1e8)])
        let lm = stack.layoutManager
        let firstRecord = ObjectIdentifier(lm.flow.store.record(0))
        for chunk in 0..<8 {
            stack.storage.replaceCharacters(in: NSRange(location: stack.storage.length, length: 0),
                                            with: Self.randomWords(units: 9_000, seed: 100 + UInt64(chunk)))
            let fresh = LayoutStack(stack.storage.string, attributes: Self.attributes, containerSizes: [CGSize(width: 400, height: 1e8)])
            #expect(Self.pieceLengths(lm) == Self.pieceLengths(fresh.layoutManager), "after chunk \(chunk)")
        }
        // The first piece's record was never replaced.
        #expect(ObjectIdentifier(lm.flow.store.record(0)) == firstRecord)
        #expect(lm.flow.store.count >= 6)
    }

    @Test("TextKit 2: each piece of a long paragraph is a layout fragment, and one in the middle is laid out alone")
    func textKit2FragmentsArePieces() throws {
        let long = Self.randomWords(units: 200_000, seed: 4)
        let text = "first paragraph\n" + long + "\nlast paragraph"
        let stack = TextKit2Stack(text, attributes: Self.attributes, width: 400)
        let engine = stack.layoutManager.engine
        // A fragment in the middle: its piece is laid out, not the paragraph before it.
        let middle = 16 + long.utf16.count / 2
        let fragment = try #require(stack.layoutManager.textLayoutFragment(for: stack.location(middle)))
        let range = stack.characters(fragment.rangeInElement)
        let piece = engine.flow.store.paragraphRecord(containingCharacter: UTF16Offset(middle))
        #expect(range == NSRange(location: piece.start.rawValue, length: piece.record.length))
        #expect(range.length <= TextFlow.maximumPieceLength)
        #expect(engine.laidOutParagraphCount <= 2)
        #expect(!fragment.textLineFragments.isEmpty)
        #expect((fragment.textElement as? NSTextParagraph)?.attributedString.string == (text as NSString).substring(with: range))
        // All fragments: the records, in order, tiling the text and the height.
        let fragments = stack.fragments()
        let ranges = fragments.map { stack.characters($0.rangeInElement) }
        var at = 0
        for range in ranges {
            #expect(range.location == at)
            at = range.location + range.length
        }
        #expect(at == stack.textStorage.length)
        #expect(ranges.count == engine.flow.store.count)
        for (above, below) in zip(fragments, fragments.dropFirst()) {
            #expect(abs(above.layoutFragmentFrame.maxY - below.layoutFragmentFrame.minY) < 0.01)
        }
        // A keystroke in the middle: the fragments of the edited paragraph are handed out anew,
        // with the text as it is now.
        stack.textStorage.replaceCharacters(in: NSRange(location: middle, length: 0), with: "typed ")
        let after = try #require(stack.layoutManager.textLayoutFragment(for: stack.location(middle)))
        #expect(fragment.textLayoutManager == nil)
        #expect((after.textElement as? NSTextParagraph)?.attributedString.string.contains("typed ") == true)
    }
}
