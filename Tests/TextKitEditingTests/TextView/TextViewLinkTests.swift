import Testing
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

/// Opens nothing but records what it was asked to open, and may refuse.
@MainActor
final class LinkDelegate: UITextViewDelegate {
    var asked: [(URL, NSRange)] = []
    var allows = true
    func textView(_ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange,
                  interaction: UITextItemInteraction) -> Bool {
        asked.append((URL, characterRange))
        return allows
    }
}

@Suite("UITextView: links")
@MainActor
struct TextViewLinkTests {
    func makeLinkView() -> UITextView {
        let text = NSMutableAttributedString(string: "Read the Swift book online.",
                                             attributes: [.font: UIFont(name: "DejaVu Sans", size: 14)!])
        text.addAttribute(.link, value: URL(string: "https://docs.swift.org/swift-book/")!, range: NSRange(location: 9, length: 10))
        let view = makeTextView("", width: 400)
        view.attributedText = text
        return view
    }

    @Test("A click on a link in a non-editable view asks the delegate and opens it; editable views edit instead")
    func clickFollowsLink() throws {
        let view = makeLinkView()
        let delegate = LinkDelegate()
        view.delegate = delegate
        var opened: [URL] = []
        view.openLinkHandler = { opened.append($0) }
        let rect = view.firstRect(for: IndexedRange(NSRange(location: 11, length: 3)))
        let point = CGPoint(x: rect.midX, y: rect.midY)

        view.selectText(at: point, clickCount: 1)         // editable: places the caret
        #expect(opened.isEmpty)
        #expect(delegate.asked.isEmpty)

        view.isEditable = false
        view.selectText(at: point, clickCount: 1)
        #expect(opened == [URL(string: "https://docs.swift.org/swift-book/")!])
        #expect(delegate.asked.first?.1 == NSRange(location: 9, length: 10))

        delegate.allows = false
        view.selectText(at: point, clickCount: 1)
        #expect(opened.count == 1)
        #expect(delegate.asked.count == 2)
    }

    @Test("Links are drawn with linkTextAttributes: the tint by default, the app's colour when set")
    func linkTextAttributes() throws {
        let view = makeLinkView()
        view.layoutIfNeeded()
        let color = view.layoutManager.temporaryAttribute(.foregroundColor, atCharacterIndex: 10, effectiveRange: nil) as? UIColor
        #expect(color == view.tintColor)
        #expect(view.layoutManager.temporaryAttribute(.foregroundColor, atCharacterIndex: 2, effectiveRange: nil) == nil)
        view.linkTextAttributes = [.foregroundColor: UIColor.systemGreen, .underlineStyle: NSUnderlineStyle.double.rawValue]
        view.layoutIfNeeded()
        #expect(view.layoutManager.temporaryAttribute(.foregroundColor, atCharacterIndex: 10, effectiveRange: nil) as? UIColor == .systemGreen)
        #expect(view.layoutManager.temporaryAttribute(.underlineStyle, atCharacterIndex: 10, effectiveRange: nil) as? Int
                == NSUnderlineStyle.double.rawValue)
    }
}
