import CGTK4
import Foundation
import TextKitEditing

// Keyboard focus and the caret's blink. The drawing area having GTK's focus is the text input
// being first responder; the caret blinks only then.
extension GTKViewHost {
    func installFocus(_ data: UnsafeMutableRawPointer) {
        let focus = gtk_event_controller_focus_new()!
        let onEnter: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            let host = hostFrom(data)
            MainActor.assumeIsolated { host.focusEntered() }
        }
        let onLeave: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            let host = hostFrom(data)
            MainActor.assumeIsolated { host.focusLeft() }
        }
        connect(raw(focus), "enter", onEnter, data)
        connect(raw(focus), "leave", onLeave, data)
        gtk_widget_add_controller(drawingArea, focus)
    }

    func focusEntered() {
        if view.currentFirstResponder == nil, let input = resignedInput as? any TextInputView, isInHostedHierarchy(input) {
            input.becomeFirstResponder()
        } else if let input = focusedInput, !input.isFirstResponder {
            input.becomeFirstResponder()
        }
        resignedInput = nil
        gtk_im_context_focus_in(inputMethod)
        updateInputMethodCursor()
        restartBlink()
        queueDraw()
    }

    func focusLeft() {
        gtk_im_context_focus_out(inputMethod)
        stopBlink()
        if let input = focusedInput, input.isFirstResponder {
            resignedInput = input
            input.resignFirstResponder()
        }
        queueDraw()
    }

    /// Whether `input` is the hosted view or one of its descendants (not removed since).
    func isInHostedHierarchy(_ input: UIView) -> Bool {
        var current: UIView? = input
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// Shows the caret now and blinks it from here while the area has the focus (typing and
    /// clicking restart the blink, so the caret does not vanish while the user works).
    func restartBlink() {
        stopBlink()
        guard gtk_widget_has_focus(drawingArea) != 0 else { return }
        let data = Unmanaged.passUnretained(self).toOpaque()
        blinkSource = g_timeout_add(caretBlinkInterval, { data in
            let host = hostFrom(data)
            return MainActor.assumeIsolated { host.blink() } ? 1 : 0
        }, data)
    }

    /// Stops blinking with the caret shown.
    func stopBlink() {
        if blinkSource != 0 { g_source_remove(blinkSource); blinkSource = 0 }
        if let input = focusedInput { handling(input).isCaretBlinkOn = true }
    }

    /// One blink: true to keep the timer.
    func blink() -> Bool {
        guard let input = focusedInput, gtk_widget_has_focus(drawingArea) != 0 else {
            blinkSource = 0
            return false
        }
        handling(input).isCaretBlinkOn.toggle()
        return true
    }
}
