import CGTK4

/// Times every frame the window's frame clock paints, from its "before-paint" (the start of the
/// frame's update, layout and paint phases) to its "after-paint": the work a frame costs on the
/// main thread, however it was started (a key, a scroll, the caret's blink). The first frame's
/// "after-paint" is the time the window first showed its content (``StartupTimer``). Written to
/// the probe log (`OTK_DEMO_PROBE_LOG`, ``ProbeLog``) for `Benchmarks/window-100MB`.
@MainActor
final class FrameTimer {
    /// One painted frame, in CLOCK_MONOTONIC microseconds.
    struct Frame {
        var start: gint64
        var end: gint64
    }

    private(set) var frames: [Frame] = []
    private var start: gint64 = 0

    init(window: UnsafeMutablePointer<GtkWidget>) {
        let data = Unmanaged.passRetained(self).toOpaque()   // lives as long as the process
        let onRealize: @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutableRawPointer?) -> Void = { widget, data in
            let clock = UnsafeMutableRawPointer(gtk_widget_get_frame_clock(widget))
            let onBefore: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
                let timer = Unmanaged<FrameTimer>.fromOpaque(data!).takeUnretainedValue()
                MainActor.assumeIsolated { timer.start = g_get_monotonic_time() }
            }
            let onAfter: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
                let timer = Unmanaged<FrameTimer>.fromOpaque(data!).takeUnretainedValue()
                MainActor.assumeIsolated {
                    if timer.start != 0 { timer.frames.append(Frame(start: timer.start, end: g_get_monotonic_time())) }
                    timer.start = 0
                }
            }
            g_signal_connect_data(clock, "before-paint", unsafeBitCast(onBefore, to: GCallback.self), data, nil, GConnectFlags(rawValue: 0))
            g_signal_connect_data(clock, "after-paint", unsafeBitCast(onAfter, to: GCallback.self), data, nil, GConnectFlags(rawValue: 0))
        }
        g_signal_connect_data(UnsafeMutableRawPointer(window), "realize", unsafeBitCast(onRealize, to: GCallback.self), data, nil, GConnectFlags(rawValue: 0))
    }
}
