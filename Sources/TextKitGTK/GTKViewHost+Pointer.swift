import CGTK4
import Foundation
import TextKitEditing
import TextKitGraphics

// The mouse: presses (with their click count and shift) and drags select text; the wheel and
// the scroll bar move a scroll view's content offset.
extension GTKViewHost {
    func installPointer(_ data: UnsafeMutableRawPointer) {
        let click = gtk_gesture_click_new()!
        let onPressed: @convention(c) (OpaquePointer?, gint, Double, Double, UnsafeMutableRawPointer?) -> Void = {
            gesture, count, x, y, data in
            let host = hostFrom(data)
            let state = gtk_event_controller_get_current_event_state(gesture)
            MainActor.assumeIsolated {
                host.pressed(at: host.viewPoint(widgetX: x, y: y), clickCount: Int(count),
                             extending: KeyBindings.Modifiers(gdk: state).contains(.shift))
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
            MainActor.assumeIsolated { host.dragged(to: host.viewPoint(widgetX: x + dx, y: y + dy)) }
        }
        connect(raw(drag), "drag-update", onDragUpdate, data)
        gtk_widget_add_controller(drawingArea, drag)
    }

    /// A press: the text input under it takes the focus and places the caret or selects.
    func pressed(at point: CGPoint, clickCount: Int, extending: Bool) {
        gtk_widget_grab_focus(drawingArea)
        if let (target, local) = pointerInteractive(at: point), target.pointerPressed(at: local, clickCount: clickCount) {
            pressTarget = target
            return
        }
        guard let (input, local) = textInput(at: point).map({ ($0.input, $0.point) }) else {
            pressTarget = nil
            return
        }
        if !input.isFirstResponder { input.becomeFirstResponder() }
        pressTarget = input
        restartBlink()
        handling(input).selectText(at: local, clickCount: clickCount, extending: extending)
        updateInputMethodCursor()
    }

    /// A drag from the last press: the pressed input's selection follows the pointer.
    func dragged(to point: CGPoint) {
        if let target = pressTarget as? any PointerInteractive {
            target.pointerDragged(to: view.convert(point, to: target))
            return
        }
        guard let input = pressTarget as? any TextInputView else { return }
        restartBlink()
        handling(input).dragSelection(to: view.convert(point, to: input))
    }

    // MARK: Scrolling

    func installScrolling(_ data: UnsafeMutableRawPointer) {
        guard view is UIScrollView else { return }
        let onValue: @convention(c) (UnsafeMutablePointer<GtkAdjustment>?, UnsafeMutableRawPointer?) -> Void = { adjustment, data in
            let host = hostFrom(data)
            let value = gtk_adjustment_get_value(adjustment)
            MainActor.assumeIsolated { host.scrollBarMoved(to: value) }
        }
        connect(raw(adjustment), "value-changed", onValue, data)

        let wheel = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        let onScroll: @convention(c) (OpaquePointer?, Double, Double, UnsafeMutableRawPointer?) -> gboolean = { _, _, dy, data in
            let host = hostFrom(data)
            return MainActor.assumeIsolated { host.wheel(dy) } ? 1 : 0
        }
        connect(raw(wheel), "scroll", onScroll, data)
        gtk_widget_add_controller(drawingArea, wheel)
    }

    /// The largest vertical offset of the hosted scroll view.
    private func maximumOffsetY(_ scrollView: UIScrollView) -> CGFloat {
        max(scrollView.contentSize.height - scrollView.bounds.height, 0)
    }

    /// The scroll bar moved (by the user, or by a sync from the view: then nothing changes).
    func scrollBarMoved(to value: Double) {
        guard let scrollView = view as? UIScrollView, scrollView.isScrollEnabled else { return }
        let y = min(max(CGFloat(value), 0), maximumOffsetY(scrollView))
        if scrollView.contentOffset.y != y { scrollView.contentOffset.y = y }
    }

    /// A wheel turn of `dy` steps (fractional for touchpads): GtkScrolledWindow's step, the
    /// page height to the power 2/3, per step.
    func wheel(_ dy: Double) -> Bool {
        guard let scrollView = view as? UIScrollView, scrollView.isScrollEnabled else { return false }
        let step = pow(Double(max(scrollView.bounds.height, 1)), 2.0 / 3.0)
        let y = min(max(scrollView.contentOffset.y + CGFloat(dy * step), 0), maximumOffsetY(scrollView))
        if scrollView.contentOffset.y != y { scrollView.contentOffset.y = y }
        return true
    }

    /// Copies the view's content height and offset to the scroll bar at the next idle moment
    /// (adjusting a scroll bar while GTK draws would re-allocate widgets mid-frame).
    func scheduleScrollSync() {
        guard view is UIScrollView, scrollSyncSource == 0 else { return }
        let data = Unmanaged.passUnretained(self).toOpaque()
        scrollSyncSource = g_idle_add({ data in
            let host = hostFrom(data)
            MainActor.assumeIsolated { host.syncScrollBar() }
            return 0  // G_SOURCE_REMOVE
        }, data)
    }

    func syncScrollBar() {
        scrollSyncSource = 0
        guard let scrollView = view as? UIScrollView else { return }
        let page = Double(max(scrollView.bounds.height, 1))
        let upper = max(Double(scrollView.contentSize.height), page)
        let value = min(max(Double(scrollView.contentOffset.y), 0), upper - page)
        guard gtk_adjustment_get_upper(adjustment) != upper || gtk_adjustment_get_page_size(adjustment) != page
                || gtk_adjustment_get_value(adjustment) != value else { return }
        gtk_adjustment_configure(adjustment, value, 0, upper, 16, page * 0.9, page)
    }
}
