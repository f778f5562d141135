import CGTK4
import Foundation
import TextKitEditing

/// A ``UIPasteboard/Backend`` over the desktop clipboard (GDK's `GdkClipboard`), so that copy,
/// cut and paste in a hosted text view reach other applications.
///
/// Plain text only, with one twist: GDK reads the clipboard asynchronously, and a pasteboard's
/// ``items`` are read synchronously, so the backend keeps a copy. When another application
/// takes the clipboard, the backend reads its text at once (one main-loop turn later) and
/// paste sees it from then on. What this process copies stays whole in the copy (RTF beside
/// the text, for pasting within the process with attributes) and its text goes to GDK.
///
/// Main thread only (GDK is not thread-safe), despite ``UIPasteboard``'s own lock.
public final class GdkClipboardBackend: UIPasteboard.Backend, @unchecked Sendable {
    /// The `GdkClipboard *`.
    private let clipboard: OpaquePointer
    private var stored: [[String: Any]] = []
    /// Bumped when the items change (a copy here, or another application's).
    public private(set) var changeCount = 0

    /// A backend over `display`'s clipboard (the default display's when nil); nil when there is
    /// no display.
    public init?(display: OpaquePointer? = nil) {
        guard let display = display ?? gdk_display_get_default(), let clipboard = gdk_display_get_clipboard(display) else {
            return nil
        }
        self.clipboard = clipboard
        g_object_ref(raw(clipboard))
        // The clipboard outlives any one window; the backend lives as long as the process, so
        // the signal keeps an unretained pointer to the one retain taken here.
        let data = Unmanaged.passRetained(self).toOpaque()
        let onChanged: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            Unmanaged<GdkClipboardBackend>.fromOpaque(data!).takeUnretainedValue().clipboardChanged()
        }
        connect(raw(clipboard), "changed", onChanged, data)
    }

    /// Connects ``UIPasteboard/general`` to the default display's clipboard; false when there
    /// is no display.
    @discardableResult
    public static func connectGeneralPasteboard() -> Bool {
        guard let backend = GdkClipboardBackend() else { return false }
        UIPasteboard.general.backend = backend
        return true
    }

    /// The items: this process's last copy, or the text another application offers.
    public var items: [[String: Any]] {
        get { stored }
        set {
            stored = newValue
            changeCount += 1
            let first = newValue.first?[UIPasteboard.typePlainText]
            let text = (first as? String) ?? (first as? Data).map { String(decoding: $0, as: UTF8.self) }
            if let text {
                gdk_clipboard_set_text(clipboard, text)
            } else {
                gdk_clipboard_set_content(clipboard, nil)
            }
        }
    }

    /// The clipboard changed hands: when another application owns it now, read its text.
    private func clipboardChanged() {
        guard gdk_clipboard_is_local(clipboard) == 0 else { return }  // our own copy
        let data = Unmanaged.passUnretained(self).toOpaque()
        gdk_clipboard_read_text_async(clipboard, nil, { source, result, data in
            let backend = Unmanaged<GdkClipboardBackend>.fromOpaque(data!).takeUnretainedValue()
            var error: UnsafeMutablePointer<GError>?
            let text = gdk_clipboard_read_text_finish(OpaquePointer(source), result, &error)
            if let error { g_error_free(error) }
            backend.received(text.map { String(cString: $0) })
            g_free(text)
        }, data)
    }

    private func received(_ text: String?) {
        stored = text.map { [[UIPasteboard.typePlainText: $0]] } ?? []
        changeCount += 1
    }
}
