import CGTK4
import Foundation
import TextKitEditing
import TextKitGraphics

/// Shows a ``UIView`` hierarchy — a ``UITextView`` first of all — in a GTK 4 widget, and feeds
/// it the user's input: the window host of OpenTextKit's headless views.
///
/// ```swift
/// let textView = UITextView(frame: .zero)
/// textView.text = "Hello"
/// let host = GTKViewHost(view: textView)
/// gtk_window_set_child(window, host.widget)
/// host.grabFocus()
/// ```
///
/// **Widgets.** ``widget`` is a `GtkGrid` holding a `GtkDrawingArea` (``drawingArea``), which
/// shows the view, and, when the view is a ``UIScrollView``, a vertical `GtkScrollbar` beside it
/// and a horizontal one below it (shown only while the content is wider than the view).
/// The view is always exactly the drawing area's size: its ``UIView/frame`` follows the
/// area's allocation, and scrolling moves its ``UIScrollView/contentOffset`` (from the
/// scroll bars and the mouse wheel — sideways with a tilting wheel, a touchpad or shift — and
/// back to the scroll bars when the view scrolls itself) rather than moving a large widget
/// inside a `GtkScrolledWindow`, so a text view keeps laying out only what it shows.
///
/// **Drawing.** The draw function wraps GTK's `cairo_t` in a ``CGContext`` and calls
/// ``UIView/drawHierarchy(in:afterScreenUpdates:)``. The view's
/// ``UIView/displayInvalidationHandler`` queues a redraw of the whole area (GTK 4 redraws
/// widgets whole).
///
/// **Input.** Keys go through a `GtkEventControllerKey` with a `GtkIMContextMulticontext`
/// attached, so an input method (GTK's simple one with its ctrl+shift+u Unicode entry, or
/// IBus) sees them first: its commits become ``UITextView/insertText(_:)``, its preedit
/// ``UITextView/setMarkedText(_:selectedRange:)``, and it is told where the caret is. Keys it
/// does not take become the text view's key commands (arrows, Home/End, Page Up/Down with
/// shift and ctrl, BackSpace/Delete, Return, Tab, ctrl+A/C/X/V/Z, ctrl+shift+Z, ctrl+Y).
/// Clicks (one, two or three, shift to extend) become ``UITextView/selectText(at:clickCount:extending:)``
/// and drags ``UITextView/dragSelection(to:)``. A press anywhere else goes to a view that takes
/// the mouse itself (``PointerInteractive``) or else becomes a UIKit touch: ``TouchDelivery``
/// sends it, its drag and its release to the view ``UIView/hitTest(_:with:)`` finds and to that
/// view's gesture recognizers (the click count is the touch's `tapCount`). A view of your own that adopts `UITextInput`
/// (and can become first responder) is typed into through that protocol alone, as UIKit's
/// text interaction does (see the module's documentation). Keyboard focus makes the text view first
/// responder and starts the caret's blink. Input goes to the hierarchy's first responder when
/// it is a text view or text field, else to the view itself when it is one.
///
/// **Clipboard.** Copy and paste use ``UIPasteboard/general``, which lives in the process
/// unless ``GdkClipboardBackend/connectGeneralPasteboard()`` connects it to the desktop's
/// clipboard (text only).
///
/// The host is retained by its drawing area and released when the area is destroyed; keep a
/// reference only if you need to talk to it.
@MainActor
public final class GTKViewHost {
    /// The hosted view. Its frame is set to the drawing area's size.
    public let view: UIView
    /// The widget to put in a window: the drawing area beside its scroll bar.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The `GtkDrawingArea` the view draws into and that takes the input.
    public let drawingArea: UnsafeMutablePointer<GtkWidget>
    /// The vertical scroll bar's adjustment (page size, value: the view's height and offset).
    let adjustment: UnsafeMutablePointer<GtkAdjustment>
    /// The horizontal scroll bar's adjustment (the view's width and offset).
    let horizontalAdjustment: UnsafeMutablePointer<GtkAdjustment>
    /// The horizontal scroll bar, when the view scrolls (hidden while the content fits).
    var horizontalScrollbar: UnsafeMutablePointer<GtkWidget>?
    /// The input method context (a multicontext: GTK picks the user's input method).
    let inputMethod: UnsafeMutablePointer<GtkIMContext>
    /// The blink timer's source (0 when not blinking), and an idle source that copies the
    /// view's scroll state to the scroll bar (0 when none is pending).
    var blinkSource: guint = 0
    var scrollSyncSource: guint = 0
    /// The text input a mouse press went to, which the drag that follows extends.
    weak var pressTarget: UIView?
    /// Delivers presses that no text input or pointer-interactive view takes as UIKit touches.
    lazy var touchDelivery = TouchDelivery(rootView: view)
    /// What ``updateAccessibility()`` last gave GTK (to tell it only of changes).
    var exportedAccessibility: AccessibilityExport?
    /// The text input that resigned first responder when the area lost the keyboard focus: it
    /// takes it back when the focus returns (a notebook page shown again), as GTK's containers
    /// give the focus back to the child that had it.
    weak var resignedInput: UIView?
    /// The driver of the last custom `UITextInput` view typed into (see ``handling(_:)``).
    var inputDriver: TextInputDriver?
    /// The context menu's popover (a `GtkPopoverMenu` parented to the drawing area), made at the
    /// first secondary click and kept for the next menus (visible while a menu is open), to look
    /// at or close.
    public internal(set) var contextMenu: UnsafeMutablePointer<GtkWidget>?
    /// How many times this host has popped up its context menu (for tests and profiles).
    public internal(set) var contextMenuPopups = 0
    /// The context menu popovers of all hosts not yet freed (for tests and profiles): one per
    /// host that has shown a menu, whatever GTK keeps of a closed one (see `showContextMenu`).
    public internal(set) static var liveContextMenuPopovers = 0
    /// The menu's actions by name (`GSimpleAction`s in the area's "otk" action group).
    var contextActions: [String: OpaquePointer] = [:]
    /// What the open menu acts on.
    var contextMenuTarget: ContextMenuTarget?
    /// The colour under the view (views without a background draw nothing there).
    public var backgroundColor: UIColor = .white { didSet { queueDraw() } }
    /// The caret's blink half-period in milliseconds (GTK's default cursor blink time is 1200
    /// for a whole period; 530 ms per half is the common desktop figure).
    public var caretBlinkInterval: UInt32 = 530

    /// Wraps `view` in new GTK widgets. Needs GTK initialised (inside a `GtkApplication`'s
    /// activation, or after `gtk_init()`).
    public init(view: UIView) {
        self.view = view
        drawingArea = gtk_drawing_area_new()
        adjustment = gtk_adjustment_new(0, 0, 1, 16, 1, 1)
        horizontalAdjustment = gtk_adjustment_new(0, 0, 1, 16, 1, 1)
        inputMethod = typed(raw(gtk_im_multicontext_new()))
        widget = gtk_grid_new()
        gtk_widget_set_hexpand(drawingArea, 1)
        gtk_widget_set_vexpand(drawingArea, 1)
        gtk_widget_set_focusable(drawingArea, 1)
        gtk_widget_set_cursor_from_name(drawingArea, "text")
        let grid: UnsafeMutablePointer<GtkGrid> = typed(raw(widget))
        gtk_grid_attach(grid, drawingArea, 0, 0, 1, 1)
        // The host owns a reference on the adjustments (the scroll bars take their own), so
        // that tearing down never meets a scroll bar destroyed first.
        g_object_ref_sink(raw(adjustment))
        g_object_ref_sink(raw(horizontalAdjustment))
        if view is UIScrollView {
            gtk_grid_attach(grid, gtk_scrollbar_new(GTK_ORIENTATION_VERTICAL, adjustment), 1, 0, 1, 1)
            let horizontal = gtk_scrollbar_new(GTK_ORIENTATION_HORIZONTAL, horizontalAdjustment)!
            gtk_widget_set_visible(horizontal, 0)
            gtk_grid_attach(grid, horizontal, 0, 1, 1, 1)
            horizontalScrollbar = horizontal
        }

        // The one retain the widgets hold, given back in the draw function's destroy notify.
        let data = Unmanaged.passRetained(self).toOpaque()
        let area: UnsafeMutablePointer<GtkDrawingArea> = typed(raw(drawingArea))
        gtk_drawing_area_set_draw_func(area, { _, cr, width, height, data in
            let host = hostFrom(data)
            MainActor.assumeIsolated { host.draw(cr!, width: Int(width), height: Int(height)) }
        }, data, { data in
            let host = Unmanaged<GTKViewHost>.fromOpaque(data!).takeRetainedValue()
            MainActor.assumeIsolated { host.tearDown() }
        })
        let onResize: @convention(c) (UnsafeMutableRawPointer?, gint, gint, UnsafeMutableRawPointer?) -> Void = { _, w, h, data in
            let host = hostFrom(data)
            MainActor.assumeIsolated { host.resize(width: Int(w), height: Int(h)) }
        }
        connect(raw(drawingArea), "resize", onResize, data)

        view.displayInvalidationHandler = { [unowned self] _ in self.queueDraw() }
        Self.setScreenBoundsFromFirstMonitor()
        installKeyboard(data)
        installPointer(data)
        installFocus(data)
        installScrolling(data)
        installContextMenu(data)
    }

    /// Sets ``UIScreen/main``'s bounds to the first monitor's size in points (when GDK has a
    /// display with a monitor); its scale follows the widget's scale factor when drawn.
    static func setScreenBoundsFromFirstMonitor() {
        guard let display = gdk_display_get_default(), let monitors = gdk_display_get_monitors(display),
              g_list_model_get_n_items(monitors) > 0, let item = g_list_model_get_item(monitors, 0) else { return }
        defer { g_object_unref(item) }
        var geometry = GdkRectangle()
        gdk_monitor_get_geometry(OpaquePointer(item), &geometry)
        guard geometry.width > 0, geometry.height > 0 else { return }
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: Int(geometry.width), height: Int(geometry.height))
    }

    /// Gives the drawing area the keyboard focus (the text view becomes first responder).
    public func grabFocus() {
        gtk_widget_grab_focus(drawingArea)
    }

    // MARK: Drawing

    /// Redraws the area at the next frame.
    func queueDraw() {
        gtk_widget_queue_draw(drawingArea)
    }

    /// The area's new size: the view's frame follows it.
    func resize(width: Int, height: Int) {
        let size = CGSize(width: width, height: height)
        if view.frame != CGRect(origin: .zero, size: size) { view.frame = CGRect(origin: .zero, size: size) }
        scheduleScrollSync()
    }

    /// GTK's draw function: the view's hierarchy drawn into GTK's `cairo_t`.
    func draw(_ cr: OpaquePointer, width: Int, height: Int) {
        let size = CGSize(width: width, height: height)
        if view.frame.size != size { resize(width: width, height: height) }
        let scale = CGFloat(gtk_widget_get_scale_factor(drawingArea))
        view.contentScaleFactor = scale
        if UIScreen.main.scale != scale {
            // The screen's scale is the widget's; views hear of the trait change.
            let previous = view.traitCollection
            UIScreen.main.scale = scale
            view.propagateTraitCollectionChange(from: previous)
        }
        let context = CGContext(cairoContext: cr, size: size, scale: scale)
        UIGraphicsPushContext(context)
        context.setFillColor(backgroundColor)
        context.fill(CGRect(origin: .zero, size: size))
        view.drawHierarchy(in: CGRect(origin: .zero, size: size), afterScreenUpdates: false)
        UIGraphicsPopContext()
        updateInputMethodCursor()
        updateAccessibility()
        // Drawing lays out, which may change the content size: tell the scroll bar (later,
        // never from inside a draw).
        scheduleScrollSync()
    }

    /// Stops the timers and lets the input method go (the drawing area is being destroyed).
    func tearDown() {
        if blinkSource != 0 { g_source_remove(blinkSource); blinkSource = 0 }
        if scrollSyncSource != 0 { g_source_remove(scrollSyncSource); scrollSyncSource = 0 }
        view.displayInvalidationHandler = nil
        closeContextMenu()
        let data = Unmanaged.passUnretained(self).toOpaque()
        g_signal_handlers_disconnect_matched(raw(inputMethod), G_SIGNAL_MATCH_DATA, 0, 0, nil, nil, data)
        g_signal_handlers_disconnect_matched(raw(adjustment), G_SIGNAL_MATCH_DATA, 0, 0, nil, nil, data)
        g_signal_handlers_disconnect_matched(raw(horizontalAdjustment), G_SIGNAL_MATCH_DATA, 0, 0, nil, nil, data)
        gtk_im_context_set_client_widget(inputMethod, nil)
        g_object_unref(raw(inputMethod))
        g_object_unref(raw(adjustment))
        g_object_unref(raw(horizontalAdjustment))
    }

    // MARK: Finding the text input

    /// The view typing goes to: the hierarchy's first responder when it takes typing, else the
    /// hosted view when it does.
    var focusedInput: (any TextInputView)? {
        if let responder = view.currentFirstResponder as? any TextInputView { return responder }
        return view as? any TextInputView
    }

    /// What performs key commands, clicks and drags for `input`: the view itself when it is a
    /// text view or field, else a driver over its `UITextInput` (kept while the view stays the
    /// same, for its selection anchor).
    func handling(_ input: any TextInputView) -> any TextInputHandling {
        if let own = input as? any TextInputHandling { return own }
        if let driver = inputDriver, driver.input === input { return driver }
        let driver = TextInputDriver(input: input)
        inputDriver = driver
        return driver
    }

    /// The outermost text input under `point` (the hosted view's bounds coordinates), with the
    /// point in its own bounds coordinates: a text field rather than its field editor.
    func textInput(at point: CGPoint) -> (input: any TextInputView, point: CGPoint)? {
        func search(_ v: UIView, _ p: CGPoint) -> (any TextInputView, CGPoint)? {
            guard !v.isHidden, v.isUserInteractionEnabled else { return nil }
            if let input = v as? any TextInputView { return (input, p) }
            for sub in v.subviews.reversed() where sub.frame.contains(p) {
                let inSub = CGPoint(x: p.x - sub.frame.minX + sub.bounds.minX, y: p.y - sub.frame.minY + sub.bounds.minY)
                if let found = search(sub, inSub) { return found }
            }
            return nil
        }
        return search(view, point).map { (input: $0.0, point: $0.1) }
    }

    /// The topmost view under `point` (the hosted view's bounds coordinates) that takes the mouse
    /// itself, and the point in its own coordinates.
    func pointerInteractive(at point: CGPoint) -> (view: any PointerInteractive, point: CGPoint)? {
        func search(_ v: UIView, _ p: CGPoint) -> (any PointerInteractive, CGPoint)? {
            guard !v.isHidden, v.isUserInteractionEnabled else { return nil }
            for sub in v.subviews.reversed() where sub.frame.contains(p) {
                let inSub = CGPoint(x: p.x - sub.frame.minX + sub.bounds.minX, y: p.y - sub.frame.minY + sub.bounds.minY)
                if let found = search(sub, inSub) { return found }
            }
            if let interactive = v as? any PointerInteractive { return (interactive, p) }
            return nil
        }
        return search(view, point).map { (view: $0.0, point: $0.1) }
    }

    /// A point in the drawing area (widget coordinates) in the hosted view's bounds coordinates.
    func viewPoint(widgetX x: Double, y: Double) -> CGPoint {
        CGPoint(x: x + view.bounds.minX, y: y + view.bounds.minY)
    }
}
