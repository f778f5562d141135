import Testing
import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

/// Records a text field's delegate calls in order; `allows` decides edits.
@MainActor
final class RecordingFieldDelegate: UITextFieldDelegate {
    var calls: [String] = []
    var allows: (NSRange, String) -> Bool = { _, _ in true }
    var returns = true

    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { calls.append("shouldBegin"); return true }
    func textFieldDidBeginEditing(_ textField: UITextField) { calls.append("didBegin") }
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { calls.append("shouldEnd"); return true }
    func textFieldDidEndEditing(_ textField: UITextField) { calls.append("didEnd") }
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        calls.append("shouldChange(\(range.location),\(range.length),\(string))")
        return allows(range, string)
    }
    func textFieldDidChangeSelection(_ textField: UITextField) { calls.append("didChangeSelection") }
    func textFieldShouldClear(_ textField: UITextField) -> Bool { calls.append("shouldClear"); return true }
    func textFieldShouldReturn(_ textField: UITextField) -> Bool { calls.append("shouldReturn"); return returns }
}

@Suite("UITextField")
@MainActor
struct UITextFieldTests {
    func makeField(width: CGFloat = 200, height: CGFloat = 30, focused: Bool = true) -> UITextField {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: width, height: height))
        field.font = dejaVu(16)
        field.textColor = .black
        if focused { #expect(field.becomeFirstResponder()) }
        return field
    }

    func type(_ text: String, into field: UITextField) {
        for character in text { field.insertTextFromKeyboard(String(character)) }
    }

    @Test("Defaults are UIKit's: empty text, body font, no border, not editing")
    func defaults() {
        let field = UITextField()
        #expect(field.text == "")
        #expect(field.font?.pointSize == UIFont.preferredFont(forTextStyle: .body).pointSize)
        #expect(field.textColor == UIColor.label)
        #expect(field.placeholder == nil)
        #expect(field.borderStyle == .none)
        #expect(!field.isEditing && !field.isSecureTextEntry && !field.clearsOnBeginEditing)
        #expect(field.textRect(forBounds: CGRect(x: 0, y: 0, width: 100, height: 30)) == CGRect(x: 0, y: 0, width: 100, height: 30))
        field.borderStyle = .roundedRect
        #expect(field.editingRect(forBounds: CGRect(x: 0, y: 0, width: 100, height: 30)).minX > 0)
    }

    @Test("Typing: the delegate is asked for each character, observers hear every edit, focus events in order")
    func typing() {
        let delegate = RecordingFieldDelegate()
        let field = makeField(focused: false)
        field.delegate = delegate
        var events: [String] = []
        field.addAction(UIAction { action in
            events.append("changed:\((action.sender as? UITextField)?.text ?? "?")")
        }, for: .editingChanged)
        field.addAction(UIAction { _ in events.append("began") }, for: .editingDidBegin)
        field.addAction(UIAction { _ in events.append("ended") }, for: .editingDidEnd)
        var notes: [Notification.Name] = []
        let names = [UITextField.textDidBeginEditingNotification, UITextField.textDidChangeNotification,
                     UITextField.textDidEndEditingNotification]
        let observers = names.map { name in
            NotificationCenter.default.addObserver(forName: name, object: field, queue: nil) { note in
                let name = note.name
                MainActor.assumeIsolated { notes.append(name) }
            }
        }
        defer { observers.forEach(NotificationCenter.default.removeObserver) }

        #expect(field.becomeFirstResponder())
        #expect(field.isEditing && field.isFirstResponder)
        type("Hi!", into: field)
        #expect(field.text == "Hi!")
        #expect(field.hasText)
        #expect(field.selectedRange == NSRange(location: 3, length: 0))
        field.deleteBackwardFromKeyboard()
        #expect(field.text == "Hi")
        #expect(field.resignFirstResponder())
        #expect(!field.isEditing)
        #expect(events == ["began", "changed:H", "changed:Hi", "changed:Hi!", "changed:Hi", "ended"])
        #expect(notes.first == UITextField.textDidBeginEditingNotification)
        #expect(notes.filter { $0 == UITextField.textDidChangeNotification }.count == 4)
        #expect(notes.last == UITextField.textDidEndEditingNotification)
        let asked = delegate.calls.filter { $0.hasPrefix("shouldChange") }
        #expect(asked == ["shouldChange(0,0,H)", "shouldChange(1,0,i)", "shouldChange(2,0,!)", "shouldChange(2,1,)"])
        #expect(delegate.calls.first == "shouldBegin")
        #expect(delegate.calls.contains("didBegin"))
        #expect(Array(delegate.calls.suffix(2)) == ["shouldEnd", "didEnd"])

        // Setting text by code tells nobody.
        let before = delegate.calls.count
        field.text = "Code"
        #expect(delegate.calls.count == before)
        #expect(events.last == "ended")
    }

    @Test("The delegate can veto edits with textField(_:shouldChangeCharactersIn:replacementString:)")
    func delegateVeto() {
        let delegate = RecordingFieldDelegate()
        delegate.allows = { _, string in !string.contains(where: \.isNumber) }
        let field = makeField()
        field.delegate = delegate
        type("a1b2c", into: field)
        #expect(field.text == "abc")
        #expect(field.selectedRange == NSRange(location: 3, length: 0))
        UIPasteboard.general.string = "x9"
        field.paste(nil)
        #expect(field.text == "abc")
        // Undo only knows the edits that happened.
        field.undoManager?.undo()
        #expect(field.text == "")
    }

    @Test("The return key asks textFieldShouldReturn, inserts nothing, and ends editing for an editingDidEndOnExit action")
    func returnKey() {
        let delegate = RecordingFieldDelegate()
        let field = makeField()
        field.delegate = delegate
        type("one", into: field)
        var triggered = 0
        field.addAction(UIAction { _ in triggered += 1 }, for: .primaryActionTriggered)
        field.insertText("\n")
        #expect(field.text == "one")
        #expect(delegate.calls.last == "shouldReturn")
        #expect(triggered == 1)
        #expect(field.isEditing)  // no editingDidEndOnExit action: stays
        field.insertNewline(nil)
        #expect(delegate.calls.filter { $0 == "shouldReturn" }.count == 2)
        #expect(field.text == "one")
        #expect(!delegate.calls.contains { $0.contains("\n") })

        field.addAction(UIAction { _ in }, for: .editingDidEndOnExit)
        field.insertText("\n")
        #expect(!field.isEditing)

        // Refused: no action runs.
        #expect(field.becomeFirstResponder())
        delegate.returns = false
        let before = triggered
        field.insertText("\n")
        #expect(triggered == before)
        #expect(field.isEditing)

        // Line breaks inside inserted or pasted text become spaces.
        field.insertText("a\nb")
        #expect(field.text == "onea b")
        UIPasteboard.general.string = "c\nd"
        field.paste(nil)
        #expect(field.text == "onea bc d")
    }

    @Test("The placeholder is drawn only while the text is empty")
    func placeholderInk() {
        let field = makeField(width: 220, height: 34)
        field.attributedPlaceholder = NSAttributedString(string: "Placeholder", attributes: [.foregroundColor: UIColor.red])
        #expect(field.placeholder == "Placeholder")
        #expect(Pixels(renderOnWhite(field)).count(where: Pixels.red) > 50)
        type("W", into: field)
        var pixels = Pixels(renderOnWhite(field))
        #expect(pixels.count(where: Pixels.red) == 0)
        #expect(pixels.count(where: Pixels.dark) > 10)
        field.deleteBackward()
        #expect(Pixels(renderOnWhite(field)).count(where: Pixels.red) > 50)
        // Not editing: the same.
        field.resignFirstResponder()
        #expect(Pixels(renderOnWhite(field)).count(where: Pixels.red) > 50)
        field.text = "Text"
        pixels = Pixels(renderOnWhite(field))
        #expect(pixels.count(where: Pixels.red) == 0)
        #expect(pixels.count(where: Pixels.dark) > 20)
        // A plain placeholder takes the field's font and the system placeholder colour.
        field.placeholder = "Plain"
        let attributes = field.attributedPlaceholder!.attributes(at: 0, effectiveRange: nil)
        #expect(attributes[.foregroundColor] as? UIColor == UIColor.placeholderText)
        #expect((attributes[.font] as? UIFont)?.pointSize == 16)
    }

    @Test("Secure entry draws a bullet per grapheme cluster; text keeps the characters; copy and cut are refused")
    func secureEntry() throws {
        let field = makeField(width: 260, height: 34)
        field.isSecureTextEntry = true
        let secret = "pa\u{301}ss 👍🏽🇫🇷fi"
        type(secret, into: field)
        #expect(field.text == secret)
        let editor = field.fieldEditor!
        let manager = editor.layoutManager
        let font = dejaVu(16)
        let bullet = try #require(font.glyph(for: "\u{2022}"))
        #expect(manager.numberOfGlyphs == secret.count)
        for g in 0..<manager.numberOfGlyphs { #expect(manager.glyph(at: g) == bullet) }
        // Measured as bullets: every glyph advances by a bullet.
        let width = field.naturalTextWidth
        #expect(abs(width - CGFloat(secret.count) * font.advance(forGlyph: bullet)) < 1)
        // The caret moves by grapheme cluster over the bullets.
        field.moveLeft(nil)
        field.moveLeft(nil)
        #expect(field.selectedRange.location == secret.utf16.count - "🇫🇷fi".utf16.count + "🇫🇷".utf16.count)

        // Drawn: small round ink, not letters (no ink as tall as a letter).
        let ink = try #require(Pixels(renderOnWhite(field, scale: 2)).bounds(where: Pixels.dark))
        #expect(ink.height < 16)
        writePNG(renderOnWhite(field, scale: 2), to: "/tmp/otk-secure-field.png")

        UIPasteboard.general.string = "unchanged"
        field.selectAll(nil)
        field.copy(nil)
        #expect(UIPasteboard.general.string == "unchanged")
        field.cut(nil)
        #expect(field.text == secret)

        // Off again: the letters come back.
        field.isSecureTextEntry = false
        #expect(manager.glyph(at: 0) != bullet)
        field.copy(nil)
        #expect(UIPasteboard.general.string == secret)
    }

    @Test("A long text scrolls so that the caret stays inside the field")
    func horizontalScrolling() {
        let field = makeField(width: 200, height: 30)
        field.borderStyle = .roundedRect
        let text = String(repeating: "abcdefghij", count: 20)
        type(text, into: field)
        #expect(field.text == text)
        let editor = field.fieldEditor!
        #expect(editor.contentOffset.x > 1000)
        #expect(editor.contentOffset.y == 0)
        var caret = field.caretRect(for: field.endOfDocument)
        #expect(field.bounds.contains(caret))
        #expect(field.editingRect(forBounds: field.bounds).insetBy(dx: -0.5, dy: -0.5).contains(caret))
        // One line, however long.
        #expect(editor.layoutManager.usedRect(for: editor.textContainer).height < 25)

        field.moveToBeginningOfLine(nil)
        #expect(editor.contentOffset.x == 0)
        caret = field.caretRect(for: field.selectedTextRange!.start)
        #expect(field.bounds.contains(caret))
        field.moveToEndOfLine(nil)
        caret = field.caretRect(for: field.selectedTextRange!.start)
        #expect(field.bounds.contains(caret))

        // The ink stays inside the editing rect (the text is clipped there).
        let image = renderOnWhite(field)
        let ink = Pixels(image).bounds(where: Pixels.dark)
        #expect(ink != nil)
        if let ink { #expect(ink.minX >= 6 && ink.maxX <= 194) }
        writePNG(renderOnWhite(field, scale: 2), to: "/tmp/otk-field-scrolled.png")

        // Deleting it all scrolls back.
        field.selectAll(nil)
        field.deleteBackward()
        #expect(editor.contentOffset.x == 0)
        // Not editing: the start of the text shows.
        field.text = text
        field.resignFirstResponder()
        #expect(editor.contentOffset.x == 0)
    }

    @Test("The text sits in the same place editing (the field editor draws it) and not editing (drawText(in:))")
    func sameTextEditingOrNot() throws {
        for style in [UITextField.BorderStyle.none, .roundedRect] {  // borders without dark ink
            let field = makeField(width: 220, height: 40, focused: false)
            field.borderStyle = style
            field.text = "Same place"
            let idle = try #require(Pixels(renderOnWhite(field, scale: 2)).bounds(where: Pixels.dark))
            #expect(field.becomeFirstResponder())
            field.isCaretBlinkOn = false
            let editing = try #require(Pixels(renderOnWhite(field, scale: 2)).bounds(where: Pixels.dark))
            #expect(idle == editing)
        }
    }

    @Test("Alignment applies while the text fits")
    func alignment() {
        let field = makeField(width: 200, height: 30)
        field.textAlignment = .center
        type("mid", into: field)
        let caret = field.caretRect(for: field.endOfDocument)
        #expect(caret.minX > 100 && caret.minX < 140)
        field.textAlignment = .right
        #expect(field.caretRect(for: field.endOfDocument).maxX >= 197)
    }

    @Test("Undo and redo go through the field's undo manager")
    func undo() throws {
        let field = makeField()
        type("hello", into: field)
        field.insertText(" ")
        type("world", into: field)
        let undoManager = try #require(field.undoManager)
        #expect(undoManager.canUndo)
        undoManager.undo()
        #expect(field.text?.isEmpty == true || field.text == "hello")
        while undoManager.canUndo { undoManager.undo() }
        #expect(field.text == "")
        undoManager.redo()
        #expect(field.text?.hasPrefix("hello") == true)
        while undoManager.canRedo { undoManager.redo() }
        #expect(field.text == "hello world")
    }

    @Test("Marked text through the forwarded UITextInput, committed by unmarkText")
    func markedText() throws {
        let delegate = RecordingFieldDelegate()
        let field = makeField()
        field.delegate = delegate
        type("ab", into: field)
        field.setMarkedText("か", selectedRange: NSRange(location: 1, length: 0))
        var marked = try #require(field.markedTextRange)
        #expect(field.offset(from: field.beginningOfDocument, to: marked.start) == 2)
        #expect(field.text(in: marked) == "か")
        field.setMarkedText("かな", selectedRange: NSRange(location: 2, length: 0))
        marked = try #require(field.markedTextRange)
        #expect(field.text(in: marked) == "かな")
        #expect(field.text == "abかな")
        // The candidate window goes under the marked text, in the field's coordinates.
        let rect = field.firstRect(for: marked)
        #expect(rect.width > 10 && field.bounds.intersects(rect))
        field.unmarkText()
        #expect(field.markedTextRange == nil)
        #expect(field.text == "abかな")
        #expect(delegate.calls.contains("shouldChange(2,0,か)"))
        // The composition is one undo step.
        field.undoManager?.undo()
        #expect(field.text == "ab")
    }

    @Test("UITextInput positions, geometry and hit testing in the field's coordinates")
    func textInputGeometry() throws {
        let field = UITextField(frame: CGRect(x: 50, y: 20, width: 200, height: 40))
        field.font = dejaVu(16)
        field.borderStyle = .line
        field.text = "Hello"
        #expect(field.becomeFirstResponder())
        let caret = field.caretRect(for: field.beginningOfDocument)
        #expect(abs(caret.midX - 3) < 1.01)  // the line border's inset (the caret straddles the point)
        #expect(abs(caret.midY - 20) < 2)      // centred vertically
        let position = try #require(field.closestPosition(to: CGPoint(x: caret.minX + 1, y: 20)))
        #expect(field.offset(from: field.beginningOfDocument, to: position) == 0)
        let end = try #require(field.closestPosition(to: CGPoint(x: 190, y: 20)))
        #expect(field.compare(end, to: field.endOfDocument) == .orderedSame)
        let range = try #require(field.textRange(from: field.beginningOfDocument, to: field.endOfDocument))
        let rects = field.selectionRects(for: range)
        #expect(rects.count == 1)
        #expect(abs(rects[0].rect.minX - 3) < 0.01)
        field.selectText(at: CGPoint(x: 10, y: 20), clickCount: 2)
        #expect(field.selectedRange == NSRange(location: 0, length: 5))
        let wordEnd = try #require(field.tokenizer.position(from: field.beginningOfDocument, toBoundary: .word,
                                                            inDirection: .storage(.forward)))
        #expect(field.offset(from: field.beginningOfDocument, to: wordEnd) == 5)
    }

    @Test("The input delegate hears of changes made by code, with the field as the text input")
    func inputDelegate() {
        final class Recorder: UITextInputDelegate {
            var inputs: [ObjectIdentifier?] = []
            func selectionWillChange(_ textInput: (any UITextInput)?) {}
            func selectionDidChange(_ textInput: (any UITextInput)?) {}
            func textWillChange(_ textInput: (any UITextInput)?) { inputs.append(textInput.map { ObjectIdentifier($0) }) }
            func textDidChange(_ textInput: (any UITextInput)?) { inputs.append(textInput.map { ObjectIdentifier($0) }) }
        }
        let recorder = Recorder()
        let field = makeField()
        field.inputDelegate = recorder
        #expect(field.inputDelegate === recorder)
        field.text = "by code"
        #expect(recorder.inputs == [ObjectIdentifier(field), ObjectIdentifier(field)])
    }

    @Test("clearsOnBeginEditing asks textFieldShouldClear and empties the field")
    func clearsOnBeginEditing() {
        let delegate = RecordingFieldDelegate()
        let field = makeField(focused: false)
        field.delegate = delegate
        field.text = "old"
        field.clearsOnBeginEditing = true
        #expect(field.becomeFirstResponder())
        #expect(delegate.calls.contains("shouldClear"))
        #expect(field.text == "")
        #expect(field.placeholder == nil)
    }

    @Test("A disabled field does not take the focus; a click focuses an enabled one")
    func enabledAndClicks() {
        let field = makeField(focused: false)
        field.text = "click"
        field.isEnabled = false
        #expect(!field.becomeFirstResponder())
        #expect(field.state.contains(.disabled))
        field.isEnabled = true
        field.selectText(at: CGPoint(x: 2, y: 15), clickCount: 1)
        #expect(field.isEditing)
        #expect(field.selectedRange == NSRange(location: 0, length: 0))
        field.isEnabled = false
        #expect(!field.isEditing)
        #expect(field.fieldEditor.isHidden)
    }

    @Test("A field removed from its window while editing stops showing its editor, drawing its text once")
    func removedWhileEditing() {
        let window = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 60))
        let field = makeField(focused: false)
        window.addSubview(field)
        field.text = "Shown once"
        #expect(field.becomeFirstResponder())
        field.removeFromSuperview()
        #expect(!field.isEditing)
        // Drawn by the field (once: doubled text would be darker and bolder), not by its editor.
        let alone = makeField(focused: false)
        alone.text = "Shown once"
        let expected = Pixels(renderOnWhite(alone)).count(where: Pixels.dark)
        let drawn = Pixels(renderOnWhite(field)).count(where: Pixels.dark)
        #expect(drawn == expected)
        #expect(expected > 20)
    }

    @Test("sizeThatFits and intrinsicContentSize fit the text or placeholder with the border's insets")
    func sizing() {
        let field = makeField(focused: false)
        field.borderStyle = .roundedRect
        field.placeholder = "A fairly long placeholder"
        let withPlaceholder = field.intrinsicContentSize
        field.text = "short"
        #expect(field.intrinsicContentSize == withPlaceholder)  // the wider of text and placeholder
        field.placeholder = nil
        let bare = field.sizeThatFits(.zero)
        #expect(withPlaceholder.width > bare.width)
        #expect(bare.width >= ("short" as String).size(withAttributes: [.font: dejaVu(16)]).width + 14)
        #expect(bare.height >= 16)
    }

    @Test("UIAction identifiers replace, removeAction stops them")
    func actions() {
        let field = makeField()
        var log: [String] = []
        let id = UIAction.Identifier("log")
        field.addAction(UIAction(identifier: id) { _ in log.append("first") }, for: .editingChanged)
        field.addAction(UIAction(identifier: id) { _ in log.append("second") }, for: .editingChanged)
        field.insertText("x")
        #expect(log == ["second"])
        field.removeAction(identifiedBy: id, for: .editingChanged)
        field.insertText("y")
        #expect(log == ["second"])
        #expect(field.allControlEvents.isEmpty)
    }
}
