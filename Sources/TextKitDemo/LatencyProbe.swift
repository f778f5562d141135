import CGTK4
import Foundation
import OpenTextKit

/// Measures, in the running app, the time from a key press to the frame that shows it: a key
/// controller in the window's capture phase (it sees every key before any widget, and lets it
/// through) notes when GTK dispatches the press, and the window's frame clock reports when the
/// next frame has been painted. Presses that arrive before that frame count from the first.
/// The same probe on the GtkTextView peer window makes the two comparable (`OTK_DEMO_LATENCY`,
/// `Benchmarks/window-latency`).
@MainActor
final class LatencyProbe {
    /// Milliseconds from each measured key press to its frame.
    private(set) var samples: [Double] = []
    private var pending: gint64 = 0

    init(window: UnsafeMutablePointer<GtkWidget>) {
        let data = Unmanaged.passRetained(self).toOpaque()   // lives as long as the process
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        let onKey: @convention(c) (OpaquePointer?, guint, guint, GdkModifierType, UnsafeMutableRawPointer?) -> gboolean = { _, _, _, _, data in
            let probe = Unmanaged<LatencyProbe>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { probe.keyPressed() }
            return 0   // not handled: the key goes on to the focused widget
        }
        g_signal_connect_data(UnsafeMutableRawPointer(keys), "key-pressed", unsafeBitCast(onKey, to: GCallback.self), data, nil, GConnectFlags(rawValue: 0))
        gtk_widget_add_controller(window, keys)
        // The frame clock exists once the window is realized.
        let onRealize: @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutableRawPointer?) -> Void = { widget, data in
            let clock = gtk_widget_get_frame_clock(widget)
            let onPainted: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
                let probe = Unmanaged<LatencyProbe>.fromOpaque(data!).takeUnretainedValue()
                MainActor.assumeIsolated { probe.framePainted() }
            }
            g_signal_connect_data(UnsafeMutableRawPointer(clock), "after-paint", unsafeBitCast(onPainted, to: GCallback.self), data, nil, GConnectFlags(rawValue: 0))
        }
        g_signal_connect_data(UnsafeMutableRawPointer(window), "realize", unsafeBitCast(onRealize, to: GCallback.self), data, nil, GConnectFlags(rawValue: 0))
    }

    private func keyPressed() {
        if pending == 0 { pending = g_get_monotonic_time() }
    }

    private func framePainted() {
        guard pending != 0 else { return }
        samples.append(Double(g_get_monotonic_time() - pending) / 1000)
        pending = 0
    }

    /// Writes one sample per line (milliseconds).
    func write(to path: String) {
        let lines = samples.map { String(format: "%.3f", $0) }.joined(separator: "\n")
        try? Data((lines + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

/// The peer for latency runs (`OTK_DEMO_PEER=gtk`): GTK's own `GtkTextView` in a
/// `GtkScrolledWindow`, holding the same text in the same font size.
@MainActor
func makeGtkTextViewPeer(text: String) -> (widget: UnsafeMutablePointer<GtkWidget>, textView: UnsafeMutablePointer<GtkWidget>) {
    let scrolled = gtk_scrolled_window_new()!
    let view = gtk_text_view_new()!
    let textView: UnsafeMutablePointer<GtkTextView> = UnsafeMutableRawPointer(view).assumingMemoryBound(to: GtkTextView.self)
    gtk_text_view_set_wrap_mode(textView, GTK_WRAP_WORD_CHAR)
    gtk_text_view_set_left_margin(textView, 12)
    gtk_text_view_set_right_margin(textView, 12)
    gtk_text_view_set_top_margin(textView, 12)
    let buffer = gtk_text_view_get_buffer(textView)
    gtk_text_buffer_set_text(buffer, text, -1)
    var start = GtkTextIter()
    gtk_text_buffer_get_start_iter(buffer, &start)
    gtk_text_buffer_place_cursor(buffer, &start)
    // The demo's 16-point system font (a point is a pixel at scale 1).
    let provider = gtk_css_provider_new()!
    gtk_css_provider_load_from_data(provider, "textview { font: 16px \"\(UIFont.systemFont(ofSize: 16).familyName)\"; }", -1)
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(UnsafeMutableRawPointer(provider)), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    gtk_scrolled_window_set_child(OpaquePointer(UnsafeMutableRawPointer(scrolled)), view)
    return (scrolled, view)
}
