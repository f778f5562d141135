import Testing
@testable import TextKit
import TextKitGraphics
import TextKitModel

/// TextKit 2's model side: locations and ranges, the content storage's paragraphs, enumeration and
/// edits reaching the layout managers.
@Suite("TextKit 2: locations, ranges and the content storage")
struct TextKit2ModelTests {
    let storage: NSTextContentStorage = {
        let storage = NSTextContentStorage()
        storage.textStorage!.setAttributedString(NSAttributedString(string: "One\nTwo two\r\nThree\u{2029}Four"))
        return storage
    }()

    func location(_ offset: Int) -> any NSTextLocation {
        storage.location(storage.documentRange.location, offsetBy: offset)!
    }

    @Test("A range holds its start and not its end; reversed ends make no range")
    func ranges() throws {
        let range = try #require(NSTextRange(location: location(2), end: location(6)))
        #expect(range.contains(location(2)) && range.contains(location(5)))
        #expect(!range.contains(location(6)) && !range.contains(location(1)))
        #expect(NSTextRange(location: location(6), end: location(2)) == nil)
        #expect(NSTextRange(location: location(3), end: nil)!.isEmpty)
        #expect(NSTextRange(location: location(3)).isEmpty)
        #expect(range.contains(NSTextRange(location: location(6))))  // an empty range at the end
        #expect(!range.contains(NSTextRange(location: location(1), end: location(3))!))
    }

    @Test("Intersection, union and equality follow the locations")
    func setOperations() throws {
        let a = NSTextRange(location: location(0), end: location(5))!
        let b = NSTextRange(location: location(3), end: location(9))!
        let c = NSTextRange(location: location(5), end: location(9))!
        let both = try #require(a.intersection(b))
        #expect(storage.offset(from: location(0), to: both.location) == 3 && storage.offset(from: location(0), to: both.endLocation) == 5)
        #expect(a.intersects(b) && !a.intersects(c))  // touching ranges do not intersect
        #expect(a.intersection(c) == nil)
        let union = a.union(c)
        #expect(union.isEqual(to: NSTextRange(location: location(0), end: location(9))!))
        #expect(union == NSTextRange(location: location(0), end: location(9))!)
        #expect(b.intersects(NSTextRange(location: location(4))))
    }

    @Test("Locations offset and measure in UTF-16 units, and stop at the document's ends")
    func offsets() {
        let length = storage.textStorage!.length
        #expect(storage.offset(from: storage.documentRange.location, to: storage.documentRange.endLocation) == length)
        #expect(storage.location(location(3), offsetBy: -3) != nil)
        #expect(storage.location(location(3), offsetBy: -4) == nil)
        #expect(storage.location(location(3), offsetBy: length - 3) != nil)
        #expect(storage.location(location(3), offsetBy: length - 2) == nil)
        #expect(storage.offset(from: location(7), to: location(2)) == -5)
        #expect(location(4).compare(location(5)) == .orderedAscending)
        #expect(location(4).isEqual(location(4)))
    }

    @Test("Elements are the storage's paragraphs with their separators")
    func paragraphs() throws {
        var strings: [String] = []
        var separators: [Int] = []
        storage.enumerateTextElements(from: nil) { element in
            let paragraph = element as! NSTextParagraph
            strings.append(paragraph.attributedString.string)
            let separator = paragraph.paragraphSeparatorRange!
            separators.append(storage.offset(from: separator.location, to: separator.endLocation))
            #expect(paragraph.textContentManager === storage)
            return true
        }
        #expect(strings == ["One\n", "Two two\r\n", "Three\u{2029}", "Four"])
        #expect(separators == [1, 2, 1, 0])
    }

    @Test("Enumeration starts at the element holding the location, backwards from the one before")
    func enumerationStart() {
        func first(from offset: Int?, _ options: NSTextContentManager.EnumerationOptions) -> String? {
            var found: String?
            storage.enumerateTextElements(from: offset.map(location), options: options) {
                found = ($0 as! NSTextParagraph).attributedString.string
                return false
            }
            return found
        }
        #expect(first(from: 6, []) == "Two two\r\n")
        #expect(first(from: 4, []) == "Two two\r\n")
        #expect(first(from: nil, .reverse) == "Four")
        #expect(first(from: 6, .reverse) == "Two two\r\n")
        var all: [String] = []
        let reached = storage.enumerateTextElements(from: nil, options: .reverse) {
            all.append(($0 as! NSTextParagraph).attributedString.string)
            return true
        }
        #expect(all == ["Four", "Three\u{2029}", "Two two\r\n", "One\n"])
        #expect(reached.map { storage.offset(from: storage.documentRange.location, to: $0) } == 0)
    }

    @Test("The delegate hides elements and replaces paragraphs for display")
    func delegate() {
        final class Delegate: NSTextContentStorageDelegate {
            func textContentManager(_ textContentManager: NSTextContentManager, shouldEnumerate textElement: NSTextElement,
                                    options: NSTextContentManager.EnumerationOptions) -> Bool {
                !((textElement as? NSTextParagraph)?.attributedString.string.uppercased().hasPrefix("TWO") ?? false)
            }
            func textContentStorage(_ textContentStorage: NSTextContentStorage, textParagraphWith range: NSRange) -> NSTextParagraph? {
                let text = textContentStorage.textStorage!.attributedSubstring(from: range).string
                return NSTextParagraph(attributedString: NSAttributedString(string: text.uppercased()))
            }
        }
        let delegate = Delegate()
        storage.delegate = delegate
        var strings: [String] = []
        storage.enumerateTextElements(from: nil) { strings.append(($0 as! NSTextParagraph).attributedString.string); return true }
        #expect(strings == ["ONE\n", "THREE\u{2029}", "FOUR"])
        #expect(storage.textStorage!.string.hasPrefix("One"))  // the storage is unchanged
    }

    @Test("textElements(for:) gives the paragraphs a range meets")
    func elementsForRange() {
        let range = NSTextRange(location: location(5), end: location(14))!
        let strings = storage.textElements(for: range).map { ($0 as! NSTextParagraph).attributedString.string }
        #expect(strings == ["Two two\r\n", "Three\u{2029}"])
        #expect(storage.textElements(for: NSTextRange(location: location(1))).count == 1)
    }

    @Test("The text storage reports to its content storage, which the layout managers hear")
    func observer() {
        #expect(storage.textStorage!.textStorageObserver === storage)
        let layoutManager = NSTextLayoutManager()
        storage.addTextLayoutManager(layoutManager)
        #expect(storage.textLayoutManagers.count == 1 && storage.primaryTextLayoutManager === layoutManager)
        #expect(layoutManager.textContentManager === storage)
        var inside = false
        storage.performEditingTransaction {
            inside = storage.hasEditingTransaction
            storage.textStorage!.replaceCharacters(in: NSRange(location: 0, length: 3), with: "Uno")
        }
        #expect(inside && !storage.hasEditingTransaction)
        #expect(layoutManager.engine.textStorage === storage.textStorage)
        #expect(layoutManager.engine.textStorage?.string.hasPrefix("Uno") == true)
        storage.removeTextLayoutManager(layoutManager)
        #expect(layoutManager.textContentManager == nil && storage.primaryTextLayoutManager == nil)
    }

    @Test("adjustedRange widens to whole grapheme clusters")
    func adjusted() {
        storage.textStorage!.setAttributedString(NSAttributedString(string: "ae\u{301}z👍🏽"))
        let inside = NSTextRange(location: location(2), end: location(5))!
        let adjusted = storage.adjustedRange(from: inside, forEditingTextSelection: true)!
        #expect(storage.offset(from: location(0), to: adjusted.location) == 1)
        #expect(storage.offset(from: location(0), to: adjusted.endLocation) == 8)
        #expect(storage.adjustedRange(from: NSTextRange(location: location(0), end: location(1))!, forEditingTextSelection: true) == nil)
    }
}
