import Foundation
import Testing
import UIKit

// Drives Ported/UITextViewExtensions/UITextViewExtensions.swift (SwifterSwift): clear(),
// scrollToBottom(), scrollToTop() and wrapToContent(), with SwifterSwift's own tests
// (UITextViewExtensionsTests) and what Apple documents for scrollRangeToVisible(_:) and sizeToFit().

@Suite("Gauntlet: SwifterSwift UITextView extensions")
@MainActor
struct UITextViewExtensionsTests {
    static let lorem = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation."
    static let longLorem = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur. Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt mollit anim id est laborum."

    @Test("clear() empties text and attributed text")
    func clear() {
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        textView.text = "Hello"
        textView.clear()
        #expect(textView.text == "")
        #expect(textView.attributedText?.string == "")
        #expect(textView.textStorage.length == 0)
    }

    @Test("scrollToBottom() scrolls down to the last character; scrollToTop() makes the first visible again")
    func scroll() throws {
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        textView.font = UIFont(name: "DejaVu Sans", size: 17)
        textView.text = Self.lorem
        #expect(textView.contentSize.height > 100)
        textView.scrollToBottom()
        let bottom = textView.contentOffset.y
        #expect(bottom > 0)
        // The last character's rect lies inside the visible bounds.
        let end = try #require(textView.position(from: textView.endOfDocument, offset: -1))
        let caret = textView.caretRect(for: end)
        #expect(caret.maxY <= textView.contentOffset.y + textView.bounds.height + 0.5)

        textView.scrollToTop()
        // Upstream records that iOS does not scroll all the way back to 0 here; Apple documents only
        // that the range becomes visible: the first line's top is on screen.
        #expect(textView.contentOffset.y < bottom)
        #expect(textView.contentOffset.y <= textView.textContainerInset.top)
    }

    @Test("wrapToContent() turns scrolling and insets off and sizes the view to its text")
    func wrapToContent() throws {
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        textView.font = UIFont(name: "DejaVu Sans", size: 20)
        textView.text = Self.longLorem
        let font = try #require(textView.font)
        let box = Self.longLorem.boundingRect(with: CGSize(width: 100, height: CGFloat.greatestFiniteMagnitude),
                                             options: .usesLineFragmentOrigin, attributes: [.font: font], context: nil)
        #expect(textView.bounds.size != textView.contentSize)

        textView.wrapToContent()
        #expect(textView.isScrollEnabled == false)
        #expect(textView.textContainerInset == .zero)
        #expect(textView.textContainer.lineFragmentPadding == 0)
        #expect(textView.contentOffset == .zero)
        #expect(textView.contentInset == .zero)
        // sizeToFit() made the view as tall as its text (upstream notes it may be fractional).
        #expect(abs(textView.bounds.height - box.height) < 1)

        textView.bounds.size = CGSize(width: 100, height: ceil(box.height))
        #expect(textView.bounds.size == textView.contentSize)
    }
}
