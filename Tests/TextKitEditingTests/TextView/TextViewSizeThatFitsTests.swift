import Foundation
import Testing
import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

@Suite("UITextView.sizeThatFits(_:)")
@MainActor
struct TextViewSizeThatFitsTests {
    static let text = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua."

    @Test("The text's height at the given width, with the insets and the container's padding")
    func fits() throws {
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        let font = try #require(UIFont(name: "DejaVu Sans", size: 17))
        textView.font = font
        textView.text = Self.text
        let inset = textView.textContainerInset
        let padding = textView.textContainer.lineFragmentPadding
        let box = Self.text.boundingRect(with: CGSize(width: 160 - inset.left - inset.right - 2 * padding, height: CGFloat.greatestFiniteMagnitude),
                                         options: .usesLineFragmentOrigin, attributes: [.font: font], context: nil)
        let size = textView.sizeThatFits(CGSize(width: 160, height: 10))
        #expect(size.width == 160)
        #expect(size.height == (box.height + inset.top + inset.bottom).rounded(.up))
        // Narrower: taller. The view itself is not changed.
        #expect(textView.sizeThatFits(CGSize(width: 80, height: 0)).height > size.height)
        #expect(textView.bounds.size == CGSize(width: 100, height: 20))

        // sizeToFit with no insets and no padding: as tall as the text at its own width.
        textView.textContainerInset = .zero
        textView.textContainer.lineFragmentPadding = 0
        textView.sizeToFit()
        let own = Self.text.boundingRect(with: CGSize(width: 100, height: CGFloat.greatestFiniteMagnitude),
                                         options: .usesLineFragmentOrigin, attributes: [.font: font], context: nil)
        #expect(textView.bounds.height == own.height.rounded(.up))
        #expect(textView.contentSize.height == textView.bounds.height)
    }

    @Test("An empty text view is one line tall")
    func empty() throws {
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
        textView.font = try #require(UIFont(name: "DejaVu Sans", size: 17))
        let size = textView.sizeThatFits(CGSize(width: 100, height: 200))
        let inset = textView.textContainerInset
        #expect(size.height == (textView.layoutManager.defaultLineHeight(for: textView.font!) + inset.top + inset.bottom).rounded(.up))
    }
}
