import CGTK4
import Foundation
import OpenTextKit

/// Measures, in the running app, the time from a key press to the frame that shows it: a key
/// controller in the window's capture phase (it sees every key before any widget, and lets it
/// through) notes when GTK dispatches the press, and the window's frame clock reports when the
/// next frame has been painted. Presses that arrive before that frame count from the first;
/// modifier keys pressed alone are not counted.
/// The same probe on the GtkTextView peer window makes the two comparable (`OTK_DEMO_LATENCY`,
/// `Benchmarks/window-latency`). Each measured press is also kept with its key's name and the X
/// server's time stamp of the event (``presses``), for the probe log (`OTK_DEMO_PROBE_LOG`,
/// ``ProbeLog``): the server's stamp shows how long an event waited in the queue before GTK
/// dispatched it, which the dispatch time alone would hide while the main thread is busy.
@MainActor
final class LatencyProbe {
    /// One measured key press.
    struct Press {
        /// CLOCK_MONOTONIC microseconds when GTK dispatched the press.
        var dispatched: gint64
        /// The event's X server time stamp (milliseconds, CLOCK_MONOTONIC on Xorg and Xvfb,
        /// wrapping at 2^32).
        var eventTime: guint32
        /// The key's name (`gdk_keyval_name`), with "ctrl+" before it when control was held.
        var key: String
        /// CLOCK_MONOTONIC microseconds at the "after-paint" of the frame that showed it.
        var painted: gint64 = 0
    }

    /// Milliseconds from each measured key press to its frame.
    private(set) var samples: [Double] = []
    /// The measured presses, each with its frame.
    private(set) var presses: [Press] = []
    private var pending: gint64 = 0

    init(window: UnsafeMutablePointer<GtkWidget>) {
        let data = Unmanaged.passRetained(self).toOpaque()   // lives as long as the process
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        let onKey: @convention(c) (OpaquePointer?, guint, guint, GdkModifierType, UnsafeMutableRawPointer?) -> gboolean = { controller, keyval, _, state, data in
            let probe = Unmanaged<LatencyProbe>.fromOpaque(data!).takeUnretainedValue()
            // A modifier alone (the ctrl of ctrl+a) shows nothing: the key it comes with is timed.
            if let event = gtk_event_controller_get_current_event(controller), gdk_key_event_is_modifier(event) != 0 { return 0 }
            let eventTime = gtk_event_controller_get_current_event_time(controller)
            MainActor.assumeIsolated { probe.keyPressed(keyval: keyval, state: state, eventTime: eventTime) }
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

    private func keyPressed(keyval: guint, state: GdkModifierType, eventTime: guint32) {
        guard pending == 0 else { return }
        pending = g_get_monotonic_time()
        let name = gdk_keyval_name(keyval).map { String(cString: $0) } ?? "\(keyval)"
        let control = state.rawValue & GDK_CONTROL_MASK.rawValue != 0
        presses.append(Press(dispatched: pending, eventTime: eventTime, key: (control ? "ctrl+" : "") + name))
    }

    private func framePainted() {
        guard pending != 0 else { return }
        let now = g_get_monotonic_time()
        samples.append(Double(now - pending) / 1000)
        presses[presses.count - 1].painted = now
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
