import ModelTestSupport
import Testing
@testable import TextKitModel
@testable import TextKit

/// The classic TextKit subclass: primitives forwarding to a backing store, and `processEditing()`
/// highlighting the word "TODO" in the edited paragraphs.
class HighlightingStorage: NSTextStorage {
    let backing = NSMutableAttributedString()
    override var string: String { backing.string }
    override func attributes(at location: Int, effectiveRange range: NSRangePointer?) -> [NSAttributedString.Key: Any] {
        backing.attributes(at: location, effectiveRange: range)
    }
    override func replaceCharacters(in range: NSRange, with str: String) {
        beginEditing()
        backing.replaceCharacters(in: range, with: str)
        edited(.editedCharacters, range: range, changeInLength: str.utf16.count - range.length)
        endEditing()
    }
    override func setAttributes(_ attrs: [NSAttributedString.Key: Any]?, range: NSRange) {
        beginEditing()
        backing.setAttributes(attrs, range: range)
        edited(.editedAttributes, range: range, changeInLength: 0)
        endEditing()
    }
    override func processEditing() {
        highlight(in: paragraphRange(for: editedRange))
        super.processEditing()
    }

    func highlight(in paragraphs: NSRange) {
        guard paragraphs.length > 0 else { return }
        removeAttribute(.foregroundColor, range: paragraphs)
        let text = string as NSString
        var search = paragraphs
        while true {
            let found = text.range(of: "TODO", options: [], range: search)
            guard found.location != NSNotFound else { break }
            addAttribute(.foregroundColor, value: "red", range: found)
            let next = found.location + found.length
            search = NSRange(location: next, length: paragraphs.location + paragraphs.length - next)
        }
    }
}

/// The same, with the backing store being Foundation's own NSMutableAttributedString.
class FoundationBackedHighlightingStorage: HighlightingStorage {
    let foundationBacking = Foundation.NSMutableAttributedString(string: "")
    override var string: String { foundationBacking.string }
    override func attributes(at location: Int, effectiveRange range: NSRangePointer?) -> [NSAttributedString.Key: Any] {
        foundationBacking.attributes(at: location, effectiveRange: range)
    }
    override func replaceCharacters(in range: NSRange, with str: String) {
        beginEditing()
        foundationBacking.replaceCharacters(in: range, with: str)
        edited(.editedCharacters, range: range, changeInLength: str.utf16.count - range.length)
        endEditing()
    }
    override func setAttributes(_ attrs: [NSAttributedString.Key: Any]?, range: NSRange) {
        beginEditing()
        foundationBacking.setAttributes(attrs, range: range)
        edited(.editedAttributes, range: range, changeInLength: 0)
        endEditing()
    }
}

@Suite("NSTextStorage subclasses with their own backing store")
struct NSTextStorageSubclassTests {
    static func makeStorages() -> [HighlightingStorage] { [HighlightingStorage(), FoundationBackedHighlightingStorage()] }

    @Test("Typing TODO highlights it, and one notification carries the edit and the highlight", arguments: [false, true])
    func typingHighlights(foundationBacked: Bool) {
        let storage: HighlightingStorage = foundationBacked ? FoundationBackedHighlightingStorage() : HighlightingStorage()
        #expect(storage._primitives == .custom)
        storage.replaceCharacters(in: NSRange(location: 0, length: 0), with: "First line\nSecond ")
        let recorder = EditRecorder(storage)
        storage.replaceCharacters(in: NSRange(location: 18, length: 0), with: "TODO now")
        #expect(storage.string == "First line\nSecond TODO now")
        #expect(storage.length == 26)
        var r = NSRange()
        #expect(storage.attribute(.foregroundColor, at: 20, effectiveRange: &r) as? String == "red")
        #expect(r == NSRange(location: 18, length: 4))
        #expect(storage.attribute(.foregroundColor, at: 5, effectiveRange: nil) == nil)
        let calls = recorder.layoutCalls
        #expect(calls.count == 1)
        // The typed range {18, 8} unioned with the re-highlighted paragraph {11, 15}.
        #expect(calls.first?.range == NSRange(location: 11, length: 15))
        #expect(calls.first?.mask == [.editedCharacters, .editedAttributes])
        #expect(calls.first?.delta == 8)
        #expect(recorder.events.first == .delegateWill(3, NSRange(location: 11, length: 15), 8))
    }

    @Test("Derived methods go through the overridden primitives", arguments: [false, true])
    func derivedMethods(foundationBacked: Bool) {
        let storage: HighlightingStorage = foundationBacked ? FoundationBackedHighlightingStorage() : HighlightingStorage()
        storage.append(NSAttributedString(string: "abc TODO", attributes: [.kern: 2]))
        storage.insert(NSAttributedString(string: ">"), at: 0)
        storage.addAttribute(.underlineStyle, value: 1, range: NSRange(location: 0, length: 3))
        storage.removeAttribute(.kern, range: NSRange(location: 2, length: 1))
        storage.deleteCharacters(in: NSRange(location: 3, length: 2))
        #expect(storage.string == ">abTODO")
        #expect(storage.backing.length == (foundationBacked ? 0 : 7), "the store that the primitives use")
        #expect(storage._storage.length == 0, "the inherited built-in storage stays unused")
        var r = NSRange()
        let attrs = storage.attributes(at: 1, longestEffectiveRange: &r, in: NSRange(location: 0, length: 7))
        #expect(attrs[.underlineStyle] as? Int == 1 && attrs[.kern] as? Int == 2)
        #expect(r == NSRange(location: 1, length: 1))
        #expect(storage.attribute(.foregroundColor, at: 4, effectiveRange: nil) as? String == "red")
        let copy = storage.attributedSubstring(from: NSRange(location: 3, length: 4))
        #expect(copy.string == "TODO")
        #expect(copy.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? String == "red")
        #expect(storage.paragraphRange(for: NSRange(location: 2, length: 0)) == NSRange(location: 0, length: 7))
    }

    @Test("A subclass that misreports a change of length still gets paragraphs of its real text")
    func misreportedEdit() {
        /// Reports every replacement as if the length had not changed.
        final class Misreporting: HighlightingStorage {
            override func replaceCharacters(in range: NSRange, with str: String) {
                backing.replaceCharacters(in: range, with: str)
                edited(.editedCharacters, range: range, changeInLength: 0)
            }
            override func highlight(in paragraphs: NSRange) {}
        }
        let storage = Misreporting()
        storage.replaceCharacters(in: NSRange(location: 0, length: 0), with: "one\ntwo")
        #expect(storage.paragraphRange(for: NSRange(location: 5, length: 0)) == NSRange(location: 4, length: 3))
        storage.replaceCharacters(in: NSRange(location: 0, length: 0), with: "zero\n")
        #expect(storage.length == 12)
        #expect(storage.paragraphRange(for: NSRange(location: 6, length: 0)) == NSRange(location: 5, length: 4))
        #expect(storage.paragraphRange(for: NSRange(location: 10, length: 0)) == NSRange(location: 9, length: 3))
    }

    @Test("Random batched edits on a forwarding subclass agree with the reference model", arguments: [false, true])
    func randomEditsOnSubclass(foundationBacked: Bool) {
        var g = SeededGenerator(seed: foundationBacked ? 11 : 12)
        final class Plain: HighlightingStorage { override func highlight(in paragraphs: NSRange) {} }
        final class PlainFoundation: FoundationBackedHighlightingStorage { override func highlight(in paragraphs: NSRange) {} }
        let storage: HighlightingStorage = foundationBacked ? PlainFoundation() : Plain()
        var ref = ReferenceText()
        for step in 0..<250 {
            let edit = applyRandomEdit(to: storage, &ref, &g, surrogates: !foundationBacked)
            ref.units = Array(String(decoding: ref.units, as: UTF16.self).utf16)  // Strings carry no lone surrogates
            if let problem = disagreement(storage, ref, &g) {
                Issue.record("seed \(foundationBacked ? 11 : 12), step \(step), after \(edit): \(problem)")
                return
            }
        }
    }

    @Test("A subclass's text read after edits in ASCII text, and after edits that bring in and take out other characters", arguments: [21, 22] as [UInt64])
    func subclassTextMostlyASCII(seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        final class Plain: HighlightingStorage { override func highlight(in paragraphs: NSRange) {} }
        let storage = Plain()
        let ascii = (0..<200).map { "line \($0) of plain text\n" }.joined()
        let pieces = ["x", "word ", "\n", "", "é", "😀", "中", "\r\n"]
        for step in 0..<300 {
            // All ASCII again now and then: the other characters brought in stay until deleted.
            if step % 30 == 0 { storage.replaceCharacters(in: NSRange(location: 0, length: storage.length), with: ascii) }
            let batch = Int.random(in: 1...3, using: &g)
            storage.beginEditing()
            for _ in 0..<batch {
                // Read through `string`, not `length`, so that the edits of a batch reach the index together.
                let units = Array(storage.string.utf16)
                let n = units.count
                let location = Int.random(in: 0...n, using: &g)
                var length = min(n - location, Int.random(in: 0...3, using: &g))
                if location + length < n, UTF16.isTrailSurrogate(units[location + length]) { length += 1 }  // no pair cut in half
                if location > 0, location < n, UTF16.isTrailSurrogate(units[location]) { continue }
                // Mostly ASCII: other characters come in now and then and are deleted again.
                let piece = Int.random(in: 0..<10, using: &g) < 8 ? pieces[Int.random(in: 0..<4, using: &g)] : pieces.randomElement(using: &g)!
                storage.replaceCharacters(in: NSRange(location: location, length: length), with: piece)
            }
            storage.endEditing()
            let expected = Array(storage.string.utf16)
            guard storage.length == expected.count, storage._utf16(in: NSRange(location: 0, length: expected.count)) == expected else {
                Issue.record("seed \(seed), step \(step): the text rope is not the subclass's text")
                return
            }
            let probe = Int.random(in: 0...expected.count, using: &g)
            #expect(storage.paragraphRange(for: NSRange(location: probe, length: 0)) == (storage.string as NSString).paragraphRange(for: NSRange(location: probe, length: 0)))
        }
    }

    @Test("A subclass that changes its text without reporting it, beside a change it reports, gets its index made again")
    func unreportedChangeBesideAReportedOne() {
        final class Sneaky: HighlightingStorage {
            override func highlight(in paragraphs: NSRange) {}
            func sneak(_ str: String, at location: Int) { backing.replaceCharacters(in: NSRange(location: location, length: 0), with: str) }
        }
        for (sneaked, reportedAt) in [("é", 7), ("é", 6), ("😀", 8), ("中", 2)] {
            let storage = Sneaky()
            storage.replaceCharacters(in: NSRange(location: 0, length: 0), with: String(repeating: "plain ascii text\n", count: 20))
            #expect(storage.length == 340)
            storage.sneak(sneaked, at: 5)
            storage.replaceCharacters(in: NSRange(location: reportedAt, length: 0), with: "x")
            #expect(storage.length == storage.string.utf16.count, "\(sneaked) sneaked in, x reported at \(reportedAt)")
            #expect(storage._utf16(in: NSRange(location: 0, length: storage.length)) == Array(storage.string.utf16))
        }
    }
}
