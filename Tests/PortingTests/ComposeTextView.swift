import Foundation
import OpenTextKit
import Testing

// Text view code as iOS apps write it: a compose screen's delegate that limits the length and
// counts characters, a text view subclass with a wider caret and a paste hook, a placeholder label
// shown while the text is empty, and observers of UITextView's notifications. It imports
// Foundation beside OpenTextKit and compiles unchanged.

/// A text view with a 3-point caret that counts pastes.
class WideCaretTextView: UITextView {
    var pasteCount = 0

    override func caretRect(for position: UITextPosition) -> CGRect {
        var rect = super.caretRect(for: position)
        rect.size.width = 3
        return rect
    }

    override func paste(_ sender: Any?) {
        pasteCount += 1
        super.paste(sender)
    }
}

/// The delegate of a compose screen: at most `limit` characters, a live count.
@MainActor
final class ComposeController: NSObject, UITextViewDelegate {
    let limit = 20
    private(set) var remaining = 20
    private(set) var beganEditing = false
    let textView = WideCaretTextView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))

    override init() {
        super.init()
        textView.delegate = self
        textView.font = UIFont.preferredFont(forTextStyle: .body)
        textView.textContainerInset = UIEdgeInsets(top: 12, left: 8, bottom: 12, right: 8)
    }

    func textViewDidBeginEditing(_ textView: UITextView) {
        beganEditing = true
    }

    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        let current = textView.text ?? ""
        guard let stringRange = Range(range, in: current) else { return false }
        let updated = current.replacingCharacters(in: stringRange, with: text)
        return updated.count <= limit
    }

    func textViewDidChange(_ textView: UITextView) {
        remaining = limit - textView.text.count
    }
}

@Suite("Porting: a compose screen's UITextView code")
@MainActor
struct ComposeTextViewPortingTests {
    @Test("The delegate limits the length, counts, and the subclass's overrides are used")
    func compose() throws {
        let controller = ComposeController()
        let textView = controller.textView
        var changes = 0
        let observer = NotificationCenter.default.addObserver(forName: UITextView.textDidChangeNotification,
                                                              object: textView, queue: nil) { _ in
            MainActor.assumeIsolated { changes += 1 }
        }
        defer { NotificationCenter.default.removeObserver(observer) }

        #expect(textView.becomeFirstResponder())
        #expect(controller.beganEditing)
        // Typed as the keyboard types (it asks the delegate before each character; the host types
        // through insertTextFromKeyboard), not as code inserts text (which the delegate is not asked about).
        for character in "Hello from Linux, friends!" { textView.insertTextFromKeyboard(String(character)) }
        #expect(textView.text == "Hello from Linux, fr")
        #expect(controller.remaining == 0)
        #expect(changes == 20)

        UIPasteboard.general.string = "!!!"
        textView.paste(nil)
        #expect(textView.pasteCount == 1)
        #expect(textView.text == "Hello from Linux, fr")   // vetoed: too long

        textView.selectedRange = NSRange(location: 11, length: 9)
        textView.paste(nil)
        #expect(textView.text == "Hello from !!!")
        #expect(textView.caretRect(for: textView.endOfDocument).width == 3)

        let undo = try #require(textView.undoManager)
        undo.undo()
        #expect(textView.text == "Hello from Linux, fr")
        #expect(undo.undoActionName == "Typing")

        textView.textStorage.addAttribute(.foregroundColor, value: UIColor.systemRed,
                                          range: NSRange(location: 0, length: 5))
        textView.layoutManager.ensureLayout(for: textView.textContainer)
        let usedHeight = textView.layoutManager.usedRect(for: textView.textContainer).height
        #expect(textView.contentSize.height >= usedHeight + 24)
    }
}
