import Testing
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

@Suite("UITextView: deleting grapheme clusters")
@MainActor
struct DeletionTests {
    @Test("deleteBackward removes a whole cluster", arguments: [
        "👨‍👩‍👧‍👦",            // ZWJ family: 11 UTF-16 units
        "🏳️‍🌈",               // flag with variation selector and ZWJ
        "🇫🇷",                 // regional indicator pair
        "👍🏽",                 // emoji with skin tone
        "e\u{301}\u{323}",     // base with two combining marks
        "कि",                  // Devanagari consonant with vowel sign
        "\u{1100}\u{1161}\u{11A8}",  // Hangul jamo syllable
        "\r\n",
    ])
    func deletesCluster(cluster: String) {
        let view = makeTextView("a" + cluster)
        view.deleteBackward()
        #expect(view.text == "a")
        view.text = cluster + "b"
        view.selectedRange = NSRange(location: 0, length: 0)
        view.deleteForward(nil)
        #expect(view.text == "b")
    }

    @Test("Moving over text steps over whole clusters, both ways")
    func movesOverClusters() {
        let text = "a👨‍👩‍👧‍👦e\u{301}🇫🇷b"
        let view = makeTextView(text)
        view.selectedRange = NSRange(location: 0, length: 0)
        var forward: [Int] = [0]
        while view.selectedRange.location < text.utf16.count {
            view.moveForward(nil)
            forward.append(view.selectedRange.location)
        }
        let expected = [0] + text.indices.dropFirst().map { $0.utf16Offset(in: text) } + [text.utf16.count]
        #expect(forward == expected)
        var backward: [Int] = [view.selectedRange.location]
        while view.selectedRange.location > 0 {
            view.moveBackward(nil)
            backward.append(view.selectedRange.location)
        }
        #expect(backward == expected.reversed())
    }

    @Test("Deleting words and to the line's ends")
    func deletingLargerUnits() {
        let view = makeTextView("alpha beta gamma")
        view.deleteWordBackward(nil)
        #expect(view.text == "alpha beta ")
        view.moveToBeginningOfDocument(nil)
        view.deleteWordForward(nil)
        #expect(view.text == " beta ")
        view.moveToEndOfDocument(nil)
        view.deleteToBeginningOfLine(nil)
        #expect(view.text == "")
    }
}
