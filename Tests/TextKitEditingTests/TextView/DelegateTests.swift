import Testing
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

@Suite("UITextView: the delegate")
@MainActor
struct DelegateTests {
    @Test("A keystroke asks, then reports the selection, then the change")
    func keystrokeOrder() {
        let view = makeTextView("ab")
        let delegate = RecordingTextViewDelegate()
        view.delegate = delegate
        view.insertTextFromKeyboard("c")
        #expect(delegate.calls == ["shouldChange(2,0,c)", "didChangeSelection", "didChange"])
        delegate.calls = []
        view.deleteBackwardFromKeyboard()
        #expect(delegate.calls == ["shouldChange(2,1,)", "didChangeSelection", "didChange"])
    }

    @Test("The keyboard asks, not the program: code's insertText, deleteBackward and replace are not vetoed, and are reported")
    func programmaticEditsAreNotAsked() {
        let view = makeTextView("ab")
        let delegate = RecordingTextViewDelegate()
        delegate.vetoes = { _, _ in true }
        view.delegate = delegate
        view.insertTextFromKeyboard("x")
        view.deleteBackwardFromKeyboard()
        #expect(view.text == "ab")
        #expect(delegate.calls == ["shouldChange(2,0,x)", "shouldChange(1,1,)"])
        delegate.calls = []
        view.insertText("@alice ")            // a mention picker inserting what the user chose
        #expect(view.text == "ab@alice ")
        #expect(delegate.calls == ["didChangeSelection", "didChange"])
        view.replace(view.textRange(from: view.beginningOfDocument, to: view.position(from: view.beginningOfDocument, offset: 2)!)!,
                     withText: "AB")
        view.deleteBackward()                 // after "AB", where the replacement left the caret
        #expect(view.text == "A@alice ")
        #expect(!delegate.calls.contains { $0.hasPrefix("shouldChange") })
        view.undoManager?.undo()
        #expect(view.text == "AB@alice ")
    }

    @Test("A veto leaves text, selection and undo untouched")
    func veto() {
        let view = makeTextView("digits: ")
        let delegate = RecordingTextViewDelegate()
        delegate.vetoes = { _, text in text.contains { !$0.isNumber } }
        view.delegate = delegate
        type("1a2", into: view)
        #expect(view.text == "digits: 12")
        view.selectedRange = NSRange(location: 0, length: 6)
        view.cut(nil)   // replacing with "" is allowed by this delegate
        #expect(view.text == ": 12")
        delegate.vetoes = { _, _ in true }
        view.deleteBackwardFromKeyboard()
        view.setMarkedText("x", selectedRange: NSRange(location: 1, length: 0))
        view.paste(nil)
        #expect(view.text == ": 12")
        #expect(view.markedTextRange == nil)
        view.undoManager?.undo()
        #expect(view.text == "digits: 12")
    }

    @Test("Beginning and ending editing ask the delegate, which may refuse")
    func focus() {
        let view = makeTextView()
        let delegate = RecordingTextViewDelegate()
        view.delegate = delegate
        #expect(view.resignFirstResponder())
        #expect(delegate.calls == ["shouldEnd", "didEnd"])
        delegate.calls = []
        delegate.allowsBeginEditing = false
        #expect(!view.becomeFirstResponder())
        #expect(!view.isFirstResponder)
        delegate.allowsBeginEditing = true
        #expect(view.becomeFirstResponder())
        #expect(delegate.calls == ["shouldBegin", "shouldBegin", "didBegin"])
    }

    @Test("Edits made to the storage directly keep the selection on the same text")
    func externalEdits() {
        let view = makeTextView("hello world")
        view.selectedRange = NSRange(location: 6, length: 5)   // "world"
        view.textStorage.replaceCharacters(in: NSRange(location: 0, length: 5), with: "goodbye")
        #expect(view.selectedRange == NSRange(location: 8, length: 5))
        #expect(view.text(in: view.selectedTextRange!) == "world")
    }
}

/// A text view that reports its programmatic changes to its delegate, as iOS subclasses do.
@MainActor
final class ReportingTextView: UITextView {
    func setTextAndReport(_ text: String) {
        self.text = text
        delegate?.textViewDidChange(self)     // iOS: delegate?.textViewDidChange?(self)
        _ = delegate?.textView(self, shouldChangeTextIn: NSRange(location: 0, length: 0), replacementText: "x")
    }
}

@Suite("UITextView.delegate called as iOS code calls it")
@MainActor
struct TextViewDelegateForwardingTests {
    @Test("Through the view's delegate property, a text view delegate's own methods run; anything else gets UIKit's defaults")
    func forwarding() {
        let view = ReportingTextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let recording = RecordingTextViewDelegate()
        recording.vetoes = { _, _ in true }
        view.delegate = recording
        view.setTextAndReport("hello")
        #expect(recording.calls == ["didChange", "shouldChange(0,0,x)"])
        #expect(view.delegate?.textViewShouldBeginEditing(view) == true)

        final class OnlyScrolling: NSObject, UIScrollViewDelegate {}
        let scrolling = OnlyScrolling()
        view.delegate = scrolling
        view.setTextAndReport("bye")
        #expect(view.delegate?.textView(view, shouldChangeTextIn: NSRange(location: 0, length: 0), replacementText: "y") == true)
    }
}
