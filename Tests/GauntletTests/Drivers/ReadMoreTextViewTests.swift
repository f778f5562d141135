import Foundation
import Testing
import UIKit

// Drives Ported/ReadMoreTextView/ (ilyapuchka/ReadMoreTextView), which has no tests of its own:
// the README's usage (a long text trimmed to `maximumNumberOfLines` with a "... more" token,
// untrimmed with a "Read less" token, a tap on the token toggling trimming) and the TextKit
// helpers of its UITextView+Extensions.swift, measured with the view's own layout manager.

@Suite("Gauntlet: ReadMoreTextView")
@MainActor
struct ReadMoreTextViewTests {
    nonisolated static let long = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat."

    func makeView(_ text: String = ReadMoreTextViewTests.long) -> ReadMoreTextView {
        let view = ReadMoreTextView(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
        view.font = UIFont(name: "DejaVu Sans", size: 14)
        view.text = text
        view.shouldTrim = true
        view.maximumNumberOfLines = 2
        view.attributedReadMoreText = NSAttributedString(string: "... more")
        view.attributedReadLessText = NSAttributedString(string: " Read less")
        view.layoutIfNeeded()
        return view
    }

    func lineCount(_ view: UITextView) -> Int {
        var lines = 0
        let glyphs = view.layoutManager.glyphRange(for: view.textContainer)
        view.layoutManager.enumerateLineFragments(forGlyphRange: glyphs) { _, _, _, _, _ in lines += 1 }
        return lines
    }

    @Test("Trimmed: the text ends with \"... more\" and is laid out in at most 2 lines")
    func trimmed() {
        let view = makeView()
        #expect(view.text.hasSuffix("... more"))
        #expect(view.text.count < Self.long.count)
        #expect(lineCount(view) <= 2)
        #expect(lineCount(view) == 2)
        let kept = String(view.text.dropLast("... more".count))
        #expect(Self.long.hasPrefix(kept))
    }

    @Test("shouldTrim = false restores the whole text and appends \"Read less\"; the view grows")
    func untrimmed() {
        let view = makeView()
        let trimmedHeight = view.intrinsicContentSize.height
        var sizeChanges = 0
        view.onSizeChange = { _ in sizeChanges += 1 }
        view.shouldTrim = false
        view.layoutIfNeeded()
        #expect(view.text == Self.long + " Read less")
        #expect(view.intrinsicContentSize.height > trimmedHeight)
        #expect(sizeChanges >= 1)
    }

    @Test("A short text is left alone")
    func shortText() {
        let view = makeView("Short text.")
        #expect(view.text == "Short text.")
    }

    @Test("intrinsicContentSize is the laid-out text's height plus the insets, rounded up")
    func intrinsicSize() {
        let view = makeView()
        let manager = view.layoutManager
        let box = manager.boundingRect(forGlyphRange: manager.glyphRange(for: view.textContainer), in: view.textContainer)
        let inset = view.textContainerInset
        #expect(view.intrinsicContentSize.width == UIView.noIntrinsicMetric)
        #expect(view.intrinsicContentSize.height == (box.height + inset.top + inset.bottom).rounded(.up))
    }

    @Test("The extension's helpers: the characters that fit, the character under a glyph, nil outside")
    func extensionHelpers() throws {
        let view = makeView()
        let manager = view.layoutManager
        let fits = manager.characterRangeThatFits(textContainer: view.textContainer)
        #expect(fits == manager.characterRange(forGlyphRange: manager.glyphRange(for: view.textContainer), actualGlyphRange: nil))
        #expect(fits.length == (view.text as NSString).length)

        // The first glyph's centre, in view coordinates, is character 0.
        let first = manager.boundingRect(forGlyphRange: NSRange(location: 0, length: 1), in: view.textContainer)
        let inset = view.textContainerInset
        let point = CGPoint(x: first.midX + inset.left, y: first.midY + inset.top)
        #expect(view.charIndexForPointInGlyphRect(point: point) == 0)
        #expect(view.charIndexForPointInGlyphRect(point: CGPoint(x: 199, y: 290)) == nil)
    }

    @Test("A tap on \"more\" untrims; a tap on \"Read less\" trims again; elsewhere hitTest passes through")
    func tapToggles() throws {
        let view = makeView()
        let manager = view.layoutManager
        let inset = view.textContainerInset
        func center(ofLast count: Int) -> CGPoint {
            let length = (view.text as NSString).length
            let glyphs = manager.glyphRange(forCharacterRange: NSRange(location: length - count, length: count), actualCharacterRange: nil)
            let box = manager.boundingRect(forGlyphRange: glyphs, in: view.textContainer)
            return CGPoint(x: box.midX + inset.left, y: box.midY + inset.top)
        }
        // The first word is not the token: the view lets the touch through.
        let firstWord = manager.boundingRect(forGlyphRange: NSRange(location: 0, length: 3), in: view.textContainer)
        #expect(view.hitTest(CGPoint(x: firstWord.midX + inset.left, y: firstWord.midY + inset.top), with: nil) == nil)

        let more = center(ofLast: 4)
        #expect(view.hitTest(more, with: nil) === view)
        let delivery = TouchDelivery(rootView: view)
        delivery.pressBegan(at: more, tapCount: 1, timestamp: 0)
        delivery.pressEnded(at: more, timestamp: 0.1)
        #expect(!view.shouldTrim)
        view.layoutIfNeeded()
        #expect(view.text.hasSuffix(" Read less"))

        let less = center(ofLast: 4)
        delivery.pressBegan(at: less, tapCount: 1, timestamp: 1)
        delivery.pressEnded(at: less, timestamp: 1.1)
        #expect(view.shouldTrim)
        view.layoutIfNeeded()
        #expect(view.text.hasSuffix("... more"))
    }
}
