import CGTK4
import Foundation
import TextKitEditing
import TextKitFormats
import TextKitModel

/// A ``UIPasteboard/Backend`` over the desktop clipboard (GDK's `GdkClipboard`), so that copy,
/// cut and paste in a hosted text view reach other applications.
///
/// Text and rich text: a copy here offers other applications UTF-8 text and, for attributed
/// text, its RTF (`text/rtf`, what word processors exchange); when another application offers
/// `text/rtf`, paste gets it beside the text (``UIPasteboard/attributedString``, used by a text
/// view that ``UITextView/allowsEditingTextAttributes``). GDK reads the clipboard
/// asynchronously, and a pasteboard's ``items`` are read synchronously, so the backend keeps a
/// copy: when another application takes the clipboard, the backend reads its text and RTF at
/// once (a main-loop turn or two later), and paste sees them from then on. What this process
/// copies stays whole in the copy.
///
/// Main thread only (GDK is not thread-safe), despite ``UIPasteboard``'s own lock.
public final class GdkClipboardBackend: UIPasteboard.Backend, @unchecked Sendable {
    /// The `GdkClipboard *`.
    private let clipboard: OpaquePointer
    private var stored: [[String: Any]] = []
    /// Bumped when the items change (a copy here, or another application's).
    public private(set) var changeCount = 0
    /// The MIME type of RTF on desktop clipboards.
    static let rtfMimeType = "text/rtf"

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

    /// The items: this process's last copy, or the text (and RTF) another application offers.
    public var items: [[String: Any]] {
        get { stored }
        set {
            stored = newValue
            changeCount += 1
            let item = newValue.first ?? [:]
            let first = item[UIPasteboard.typePlainText]
            let text = (first as? String) ?? (first as? Data).map { String(decoding: $0, as: UTF8.self) }
            let rtf = item[UIPasteboard.typeRTF] as? Data
            guard let text else {
                gdk_clipboard_set_content(clipboard, nil)
                return
            }
            guard let rtf else {
                gdk_clipboard_set_text(clipboard, text)
                return
            }
            // RTF and UTF-8 text, one provider each, offered together.
            var providers: [UnsafeMutablePointer<GdkContentProvider>?] = [Self.provider(Self.rtfMimeType, rtf), Self.provider("text/plain;charset=utf-8", Data(text.utf8))]
            let union = providers.withUnsafeMutableBufferPointer { gdk_content_provider_new_union($0.baseAddress, gsize($0.count)) }
            gdk_clipboard_set_content(clipboard, union)
            g_object_unref(raw(union!))
        }
    }

    /// A content provider of `data` as `mimeType`.
    private static func provider(_ mimeType: String, _ data: Data) -> UnsafeMutablePointer<GdkContentProvider>? {
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        return gdk_content_provider_new_for_bytes(mimeType, bytes)
    }

    /// The clipboard changed hands: when another application owns it now, read its text, then
    /// its RTF when it offers some. An offer of RTF alone is not read as text: some programs
    /// (xclip) answer any target with what they hold, and GDK, asked for text, got the RTF's
    /// markup; the RTF's own text is the plain text then.
    private func clipboardChanged() {
        guard gdk_clipboard_is_local(clipboard) == 0 else { return }  // our own copy
        guard Self.offersPlainText(gdk_clipboard_get_formats(clipboard)) else { return received(nil) }
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

    /// Whether `formats` has a plain text type (GDK names X11's text targets `text/plain…`).
    static func offersPlainText(_ formats: OpaquePointer?) -> Bool {
        guard let formats else { return false }
        var count: gsize = 0
        guard let types = gdk_content_formats_get_mime_types(formats, &count) else { return false }
        return (0..<Int(count)).contains { index in
            types[index].map { String(cString: $0).hasPrefix("text/plain") } ?? false
        }
    }

    private func received(_ text: String?) {
        stored = text.map { [[UIPasteboard.typePlainText: $0]] } ?? []
        changeCount += 1
        if let formats = gdk_clipboard_get_formats(clipboard),
           gdk_content_formats_contain_mime_type(formats, Self.rtfMimeType) != 0 {
            readRTF(generation: changeCount)
        }
    }

    // MARK: Reading RTF

    /// One read of the clipboard's RTF: the stream GDK gives is copied into memory, and the
    /// bytes join the text read before, if the clipboard has not changed again since.
    private final class RTFRead {
        let backend: GdkClipboardBackend
        let generation: Int
        let memory = g_memory_output_stream_new_resizable()!
        init(backend: GdkClipboardBackend, generation: Int) { self.backend = backend; self.generation = generation }
        deinit { g_object_unref(raw(memory)) }
    }

    private func readRTF(generation: Int) {
        let read = Unmanaged.passRetained(RTFRead(backend: self, generation: generation)).toOpaque()
        var mimeTypes: [UnsafePointer<CChar>?] = []
        Self.rtfMimeType.withCString { rtf in
            mimeTypes = [rtf, nil]
            gdk_clipboard_read_async(clipboard, &mimeTypes, G_PRIORITY_DEFAULT, nil, { source, result, data in
                var error: UnsafeMutablePointer<GError>?
                let stream = gdk_clipboard_read_finish(OpaquePointer(source), result, nil, &error)
                if let error { g_error_free(error) }
                guard let stream else {
                    Unmanaged<RTFRead>.fromOpaque(data!).release()
                    return
                }
                let read = Unmanaged<RTFRead>.fromOpaque(data!).takeUnretainedValue()
                let flags = GOutputStreamSpliceFlags(rawValue: G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE.rawValue | G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET.rawValue)
                g_output_stream_splice_async(typed(raw(read.memory)), stream, flags, G_PRIORITY_DEFAULT, nil, { target, result, data in
                    let read = Unmanaged<RTFRead>.fromOpaque(data!).takeRetainedValue()
                    var error: UnsafeMutablePointer<GError>?
                    let count = g_output_stream_splice_finish(typed(raw(OpaquePointer(target)!)), result, &error)
                    if let error { g_error_free(error) }
                    guard count > 0 else { return }
                    let memory: UnsafeMutablePointer<GMemoryOutputStream> = typed(raw(read.memory))
                    let size = Int(g_memory_output_stream_get_data_size(memory))
                    guard let bytes = g_memory_output_stream_get_data(memory) else { return }
                    read.backend.receivedRTF(Data(bytes: bytes, count: size), generation: read.generation)
                }, data)
                g_object_unref(raw(stream))
            }, read)
        }
    }

    /// RTF another application offers: added to the text read from the same offer (or, when it
    /// offered no plain text, with the RTF's own text as the plain text).
    private func receivedRTF(_ rtf: Data, generation: Int) {
        guard changeCount == generation else { return }   // the clipboard changed again since
        var item = stored.first ?? [:]
        item[UIPasteboard.typeRTF] = rtf
        if item[UIPasteboard.typePlainText] == nil,
           let text = try? NSAttributedString(data: rtf, options: [.documentType: NSAttributedString.DocumentType.rtf],
                                              documentAttributes: nil) {
            item[UIPasteboard.typePlainText] = text.string
        }
        stored = [item]
    }
}
