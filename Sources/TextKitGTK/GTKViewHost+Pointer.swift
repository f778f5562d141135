import CGTK4
import Foundation
import TextKitEditing
import TextKitGraphics

// The mouse: presses (with their click count and shift) and drags select text in text views and
// fields, move views that take the mouse themselves (`PointerInteractive`), and elsewhere become
// UIKit touches (`TouchDelivery`: the view `hitTest(_:with:)` finds and its gesture recognizers);
// the wheel and the scroll bar move a scroll view's content offset.
extension GTKViewHost {
    func installPointer(_ data: UnsafeMutableRawPointer) {
        let click = gtk_gesture_click_new()!
        let onPressed: @convention(c) (OpaquePointer?, gint, Double, Double, UnsafeMutableRawPointer?) -> Void = {
            gesture, count, x, y, data in
            let host = hostFrom(data)
            let state = gtk_event_controller_get_current_event_state(gesture)
            let time = TimeInterval(gtk_event_controller_get_current_event_time(gesture)) / 1000
            MainActor.assumeIsolated {
                host.pressed(at: host.viewPoint(widgetX: x, y: y), clickCount: Int(count),
                             extending: KeyBindings.Modifiers(gdk: state).contains(.shift), timestamp: time)
            }
        }
        connect(raw(click), "pressed", onPressed, data)
        gtk_widget_add_controller(drawingArea, click)

        let drag = gtk_gesture_drag_new()!
        let onDragUpdate: @convention(c) (OpaquePointer?, Double, Double, UnsafeMutableRawPointer?) -> Void = {
            gesture, dx, dy, data in
            let host = hostFrom(data)
            var x = 0.0, y = 0.0
            guard gtk_gesture_drag_get_start_point(gesture, &x, &y) != 0 else { return }
            let time = TimeInterval(gtk_event_controller_get_current_event_time(gesture)) / 1000
            MainActor.assumeIsolated { host.dragged(to: host.viewPoint(widgetX: x + dx, y: y + dy), timestamp: time) }
        }
        connect(raw(drag), "drag-update", onDragUpdate, data)
        // The drag gesture begins at every press and ends at its release, moved or not: the
        // release of a touch.
        let onDragEnd: @convention(c) (OpaquePointer?, Double, Double, UnsafeMutableRawPointer?) -> Void = {
            gesture, dx, dy, data in
            let host = hostFrom(data)
            var x = 0.0, y = 0.0
            guard gtk_gesture_drag_get_start_point(gesture, &x, &y) != 0 else { return }
            let time = TimeInterval(gtk_event_controller_get_current_event_time(gesture)) / 1000
            MainActor.assumeIsolated { host.released(at: host.viewPoint(widgetX: x + dx, y: y + dy), timestamp: time) }
        }
        connect(raw(drag), "drag-end", onDragEnd, data)
        let onCancel: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
            gesture, _, data in
            let host = hostFrom(data)
            let time = TimeInterval(gtk_event_controller_get_current_event_time(gesture)) / 1000
            MainActor.assumeIsolated { host.touchDelivery.pressCancelled(timestamp: time) }
        }
        connect(raw(drag), "cancel", onCancel, data)
        gtk_widget_add_controller(drawingArea, drag)
    }

    /// A press: the text input under it takes the focus and places the caret or selects; a view
    /// that takes the mouse itself takes it; elsewhere the press is a touch that begins.
    func pressed(at point: CGPoint, clickCount: Int, extending: Bool, timestamp: TimeInterval = 0) {
        gtk_widget_grab_focus(drawingArea)
        // A touch whose release never came (a grab broken without a cancel) ends here.
        if touchDelivery.activeTouch != nil { touchDelivery.pressCancelled(timestamp: timestamp) }
        if let (target, local) = pointerInteractive(at: point), target.pointerPressed(at: local, clickCount: clickCount) {
            pressTarget = target
            return
        }
        guard let (input, local) = textInput(at: point).map({ ($0.input, $0.point) }) else {
            pressTarget = nil
            touchDelivery.pressBegan(at: point, tapCount: clickCount, timestamp: timestamp)
            return
        }
        if !input.isFirstResponder { input.becomeFirstResponder() }
        pressTarget = input
        restartBlink()
        handling(input).selectText(at: local, clickCount: clickCount, extending: extending)
        updateInputMethodCursor()
    }

    /// A drag from the last press: the pressed input's selection follows the pointer; a touch
    /// moves.
    func dragged(to point: CGPoint, timestamp: TimeInterval = 0) {
        if touchDelivery.activeTouch != nil {
            touchDelivery.pressMoved(to: point, timestamp: timestamp)
            return
        }
        if let target = pressTarget as? any PointerInteractive {
            target.pointerDragged(to: view.convert(point, to: target))
            return
        }
        guard let input = pressTarget as? any TextInputView else { return }
        restartBlink()
        handling(input).dragSelection(to: view.convert(point, to: input))
    }

    /// The release of a press: a touch ends (text inputs and pointer-interactive views need
    /// nothing more).
    func released(at point: CGPoint, timestamp: TimeInterval) {
        touchDelivery.pressEnded(at: point, timestamp: timestamp)
    }

    // MARK: Scrolling

    func installScrolling(_ data: UnsafeMutableRawPointer) {
        guard view is UIScrollView else { return }
        let onValue: @convention(c) (UnsafeMutablePointer<GtkAdjustment>?, UnsafeMutableRawPointer?) -> Void = { adjustment, data in
            let host = hostFrom(data)
            MainActor.assumeIsolated { host.scrollBarsMoved() }
        }
        connect(raw(adjustment), "value-changed", onValue, data)
        connect(raw(horizontalAdjustment), "value-changed", onValue, data)

        let wheel = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)!
        let onScroll: @convention(c) (OpaquePointer?, Double, Double, UnsafeMutableRawPointer?) -> gboolean = { controller, dx, dy, data in
            let host = hostFrom(data)
            let state = gtk_event_controller_get_current_event_state(controller)
            let shift = KeyBindings.Modifiers(gdk: state).contains(.shift)
            // Shift turns a plain wheel sideways, as GtkScrolledWindow does.
            return MainActor.assumeIsolated { shift && dx == 0 ? host.wheel(dx: dy, dy: 0) : host.wheel(dx: dx, dy: dy) } ? 1 : 0
        }
        connect(raw(wheel), "scroll", onScroll, data)
        gtk_widget_add_controller(drawingArea, wheel)
    }

    /// The largest offset of the hosted scroll view.
    private func maximumOffset(_ scrollView: UIScrollView) -> CGPoint {
        CGPoint(x: max(scrollView.contentSize.width - scrollView.bounds.width, 0),
                y: max(scrollView.contentSize.height - scrollView.bounds.height, 0))
    }

    /// `offset` kept inside the content.
    private func clamped(_ offset: CGPoint, _ scrollView: UIScrollView) -> CGPoint {
        let limit = maximumOffset(scrollView)
        return CGPoint(x: min(max(offset.x, 0), limit.x), y: min(max(offset.y, 0), limit.y))
    }

    /// A scroll bar moved (by the user, or by a sync from the view: then nothing changes).
    func scrollBarsMoved() {
        guard let scrollView = view as? UIScrollView, scrollView.isScrollEnabled else { return }
        let offset = clamped(CGPoint(x: gtk_adjustment_get_value(horizontalAdjustment), y: gtk_adjustment_get_value(adjustment)), scrollView)
        if scrollView.contentOffset != offset { scrollView.contentOffset = offset }
    }

    /// A wheel turn of `dx`, `dy` steps (fractional for touchpads): GtkScrolledWindow's step,
    /// the page's extent to the power 2/3, per step.
    func wheel(dx: Double, dy: Double) -> Bool {
        guard let scrollView = view as? UIScrollView, scrollView.isScrollEnabled else { return false }
        let stepX = pow(Double(max(scrollView.bounds.width, 1)), 2.0 / 3.0)
        let stepY = pow(Double(max(scrollView.bounds.height, 1)), 2.0 / 3.0)
        let moved = CGPoint(x: scrollView.contentOffset.x + CGFloat(dx * stepX), y: scrollView.contentOffset.y + CGFloat(dy * stepY))
        let offset = clamped(moved, scrollView)
        if scrollView.contentOffset != offset { scrollView.contentOffset = offset }
        return true
    }

    /// Copies the view's content size and offset to the scroll bars at the next idle moment
    /// (adjusting a scroll bar while GTK draws would re-allocate widgets mid-frame).
    func scheduleScrollSync() {
        guard view is UIScrollView, scrollSyncSource == 0 else { return }
        let data = Unmanaged.passUnretained(self).toOpaque()
        scrollSyncSource = g_idle_add({ data in
            let host = hostFrom(data)
            MainActor.assumeIsolated { host.syncScrollBars() }
            return 0  // G_SOURCE_REMOVE
        }, data)
    }

    func syncScrollBars() {
        scrollSyncSource = 0
        guard let scrollView = view as? UIScrollView else { return }
        sync(adjustment, page: scrollView.bounds.height, content: scrollView.contentSize.height, offset: scrollView.contentOffset.y)
        sync(horizontalAdjustment, page: scrollView.bounds.width, content: scrollView.contentSize.width, offset: scrollView.contentOffset.x)
        if let horizontalScrollbar {
            let needed: gboolean = scrollView.contentSize.width > scrollView.bounds.width + 0.5 ? 1 : 0
            if gtk_widget_get_visible(horizontalScrollbar) != needed { gtk_widget_set_visible(horizontalScrollbar, needed) }
        }
    }

    private func sync(_ adjustment: UnsafeMutablePointer<GtkAdjustment>, page: CGFloat, content: CGFloat, offset: CGFloat) {
        let page = Double(max(page, 1))
        let upper = max(Double(content), page)
        let value = min(max(Double(offset), 0), upper - page)
        guard gtk_adjustment_get_upper(adjustment) != upper || gtk_adjustment_get_page_size(adjustment) != page
                || gtk_adjustment_get_value(adjustment) != value else { return }
        gtk_adjustment_configure(adjustment, value, 0, upper, 16, page * 0.9, page)
    }
}
