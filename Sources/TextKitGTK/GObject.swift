import CGTK4

// The little GObject glue the host needs. GTK's object pointers come into Swift as
// `UnsafeMutablePointer<GtkWidget>` when the C struct is public and as `OpaquePointer` when it is
// private (event controllers, gestures, cairo_t); a GObject "cast" is only a pointer conversion.
// `g_signal_connect` is a C macro, so it does not import: `connect` stands in for it.

/// `p` as an untyped pointer, whatever GTK type it was imported as.
@inline(__always) func raw<T>(_ p: UnsafeMutablePointer<T>) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(p) }
@inline(__always) func raw(_ p: OpaquePointer) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(p) }

/// `p` as a pointer to the C struct `T` (GObject's upcast and downcast, unchecked).
@inline(__always) func typed<T>(_ p: UnsafeMutableRawPointer) -> UnsafeMutablePointer<T> { p.assumingMemoryBound(to: T.self) }

/// `p` as an opaque GTK pointer (an event controller, a gesture).
@inline(__always) func opaque(_ p: UnsafeMutableRawPointer) -> OpaquePointer { OpaquePointer(p) }

/// Connects `handler` — a capture-free `@convention(c)` closure whose parameters are the
/// signal's, then `gpointer` user data — to `signal` of `instance`.
@discardableResult
func connect<Handler>(_ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: Handler,
                      _ data: UnsafeMutableRawPointer) -> gulong {
    g_signal_connect_data(instance, signal, unsafeBitCast(handler, to: GCallback.self), data, nil, GConnectFlags(rawValue: 0))
}

/// The host behind the user data of a callback: callbacks are C function pointers that cannot
/// capture, so the host travels as an unretained pointer (the widget holds the one retain).
@inline(__always) func hostFrom(_ data: UnsafeMutableRawPointer?) -> GTKViewHost {
    Unmanaged<GTKViewHost>.fromOpaque(data!).takeUnretainedValue()
}

/// A Swift string from a C string GTK owns (nil stays nil).
func string(_ c: UnsafePointer<CChar>?) -> String? {
    c.map { String(cString: $0) }
}
