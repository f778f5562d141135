import CGTK4
import Foundation
import TextKitEditing
import TextKitGraphics

// Keys and the input method. GTK hands every key event to the IM context first (the key
// controller's IM context): what it consumes comes back as "commit" (text to insert) and
// "preedit-changed" (the composition to show as marked text); what it does not reaches
// "key-pressed", where the key map turns it into a key command.
extension GTKViewHost {
    func installKeyboard(_ data: UnsafeMutableRawPointer) {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_key_set_im_context(keys, inputMethod)
        gtk_im_context_set_client_widget(inputMethod, drawingArea)

        let onKey: @convention(c) (OpaquePointer?, guint, guint, GdkModifierType, UnsafeMutableRawPointer?) -> gboolean = {
            _, keyval, _, state, data in
            let host = hostFrom(data)
            return MainActor.assumeIsolated { host.keyPressed(keyval, KeyBindings.Modifiers(gdk: state)) } ? 1 : 0
        }
        connect(raw(keys), "key-pressed", onKey, data)

        let onCommit: @convention(c) (UnsafeMutablePointer<GtkIMContext>?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void = {
            _, text, data in
            let host = hostFrom(data)
            MainActor.assumeIsolated { host.commit(string(text) ?? "") }
        }
        connect(raw(inputMethod), "commit", onCommit, data)

        let onPreedit: @convention(c) (UnsafeMutablePointer<GtkIMContext>?, UnsafeMutableRawPointer?) -> Void = { _, data in
            let host = hostFrom(data)
            MainActor.assumeIsolated { host.preeditChanged() }
        }
        connect(raw(inputMethod), "preedit-changed", onPreedit, data)

        let onPreeditEnd: @convention(c) (UnsafeMutablePointer<GtkIMContext>?, UnsafeMutableRawPointer?) -> Void = { _, data in
            let host = hostFrom(data)
            MainActor.assumeIsolated { host.preeditEnded() }
        }
        connect(raw(inputMethod), "preedit-end", onPreeditEnd, data)

        gtk_widget_add_controller(drawingArea, keys)
    }

    /// A key the input method let through: true when it meant something to the text input.
    func keyPressed(_ keyval: guint, _ modifiers: KeyBindings.Modifiers) -> Bool {
        guard let input = focusedInput,
              let command = KeyBindings.command(forKeyval: keyval, modifiers: modifiers) else { return false }
        // A field takes no tabs: GTK moves the focus on instead.
        if command == .insertTab, input is UITextField { return false }
        restartBlink()
        handling(input).perform(command)
        return true
    }

    /// The input method committed `text` (a typed character, or the end of a composition): it
    /// replaces the marked text, if any, or the selection.
    func commit(_ text: String) {
        guard let input = focusedInput, !text.isEmpty else { return }
        restartBlink()
        // Typed text: a text view or field asks its delegate first, as UIKit's keyboard makes it.
        if let keyboardTyping = input as? any KeyboardTyping {
            keyboardTyping.insertTextFromKeyboard(text)
        } else {
            input.insertText(text)
        }
    }

    /// The composition changed: it becomes the marked text, with the input method's cursor as
    /// the selection inside it; an empty one removes the marked text.
    func preeditChanged() {
        guard let input = focusedInput else { return }
        var text: UnsafeMutablePointer<CChar>?
        var cursor: gint = 0
        gtk_im_context_get_preedit_string(inputMethod, &text, nil, &cursor)
        let preedit = string(text) ?? ""
        g_free(text)
        restartBlink()
        if preedit.isEmpty {
            if input.markedTextRange != nil { input.setMarkedText("", selectedRange: NSRange(location: 0, length: 0)) }
            return
        }
        // GTK counts the cursor in characters (code points); UIKit's range is in UTF-16 units.
        let scalars = preedit.unicodeScalars
        let clamped = min(max(Int(cursor), 0), scalars.count)
        let prefix = scalars.prefix(clamped).reduce(0) { $0 + $1.utf16.count }
        input.setMarkedText(preedit, selectedRange: NSRange(location: prefix, length: 0))
    }

    /// The composition ended. A commit normally came first (and replaced the marked text); if
    /// marked text is left, the input method dropped the composition, so the text view keeps
    /// it as typed text (UIKit's `unmarkText`).
    func preeditEnded() {
        guard let input = focusedInput, input.markedTextRange != nil else { return }
        input.unmarkText()
    }

    /// Tells the input method where the caret is (its candidate window goes beside it), in the
    /// drawing area's coordinates.
    func updateInputMethodCursor() {
        guard let input = focusedInput, let range = input.selectedTextRange else { return }
        let caret = input.caretRect(for: range.end)
        guard !caret.isNull, caret.minX.isFinite, caret.minY.isFinite else { return }
        let inView = input.convert(caret, to: view)
        var rect = GdkRectangle(x: gint(inView.minX - view.bounds.minX), y: gint(inView.minY - view.bounds.minY),
                                width: gint(max(inView.width, 1)), height: gint(max(inView.height, 1)))
        gtk_im_context_set_cursor_location(inputMethod, &rect)
    }
}
