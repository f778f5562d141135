import CGTK4
import Foundation
import TextKitEditing
import TextKitGraphics

// The context menu: a secondary click on a text input opens a `GtkPopoverMenu` at the pointer.
// On a word the text view marks as misspelled, it offers the spelling checker's guesses, "Ignore
// Spelling" and "Learn Spelling"; then the edit actions (cut, copy, paste, select all), enabled
// as the selection and the pasteboard allow. A click outside the selection first moves the caret
// there, as GTK's own text views do. The actions live in an action group "otk" on the drawing
// area, acting on the input the menu was opened for.
extension GTKViewHost {
    /// What the open menu acts on.
    struct ContextMenuTarget {
        weak var input: UIView?
        /// The misspelled word under the click and the checker's guesses.
        var spelling: (range: NSRange, guesses: [String])?
    }

    static let contextActions = ["cut", "copy", "paste", "select-all", "correct", "ignore-spelling", "learn-spelling"]

    func installContextMenu(_ data: UnsafeMutableRawPointer) {
        let group = g_simple_action_group_new()!
        let onActivate: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { action, parameter, data in
            let host = hostFrom(data)
            let name = string(g_action_get_name(action)) ?? ""
            let index = parameter.map { Int(g_variant_get_int32($0)) }
            MainActor.assumeIsolated { host.performContextAction(name, index: index) }
        }
        for name in Self.contextActions {
            let parameterType = name == "correct" ? g_variant_type_new("i") : nil
            let action = g_simple_action_new(name, parameterType)!
            if let parameterType { g_variant_type_free(parameterType) }
            connect(raw(action), "activate", onActivate, data)
            g_action_map_add_action(opaque(raw(group)), opaque(raw(action)))
            contextActions[name] = action
            g_object_unref(raw(action))  // the group keeps it
        }
        gtk_widget_insert_action_group(drawingArea, "otk", opaque(raw(group)))
        g_object_unref(raw(group))

        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, guint(GDK_BUTTON_SECONDARY))
        let onPressed: @convention(c) (OpaquePointer?, gint, Double, Double, UnsafeMutableRawPointer?) -> Void = {
            _, _, x, y, data in
            let host = hostFrom(data)
            MainActor.assumeIsolated { host.openContextMenu(widgetX: x, y: y) }
        }
        connect(raw(click), "pressed", onPressed, data)
        gtk_widget_add_controller(drawingArea, click)

        // A popover is a child of the area: it must be gone before the area is.
        let onDestroy: @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutableRawPointer?) -> Void = { _, data in
            let host = hostFrom(data)
            MainActor.assumeIsolated { host.closeContextMenu() }
        }
        connect(raw(drawingArea), "destroy", onDestroy, data)
    }

    /// Opens the menu for the text input under the pointer (widget coordinates).
    func openContextMenu(widgetX x: Double, y: Double) {
        let point = viewPoint(widgetX: x, y: y)
        gtk_widget_grab_focus(drawingArea)
        guard let (input, local) = textInput(at: point).map({ ($0.input, $0.point) }) else { return }
        if !input.isFirstResponder { input.becomeFirstResponder() }
        if let click = input.closestPosition(to: local), let selection = input.selectedTextRange,
           input.compare(click, to: selection.start) == .orderedAscending || input.compare(click, to: selection.end) == .orderedDescending
            || selection.isEmpty {
            handling(input).selectText(at: local, clickCount: 1, extending: false)
        }
        let spelling = (input as? UITextView).flatMap { $0.misspelledWord(at: local) }
        contextMenuTarget = ContextMenuTarget(input: input, spelling: spelling)
        let hasSelection = input.selectedTextRange.map { !$0.isEmpty } ?? false
        setContextAction("cut", enabled: hasSelection && (input as? UITextView)?.isEditable != false)
        setContextAction("copy", enabled: hasSelection)
        setContextAction("paste", enabled: UIPasteboard.general.hasStrings)
        showContextMenu(model: contextMenuModel(spelling: spelling), at: GdkRectangle(x: gint(x), y: gint(y), width: 1, height: 1))
    }

    /// The menu: spelling guesses first (when on a misspelled word), then the edit actions.
    private func contextMenuModel(spelling: (range: NSRange, guesses: [String])?) -> OpaquePointer {
        let menu = g_menu_new()!
        if let spelling {
            let section = g_menu_new()!
            if spelling.guesses.isEmpty { g_menu_append(section, "No Guesses Found", "otk.none") }
            for (i, guess) in spelling.guesses.prefix(6).enumerated() { g_menu_append(section, guess, "otk.correct(\(i))") }
            g_menu_append(section, "Ignore Spelling", "otk.ignore-spelling")
            g_menu_append(section, "Learn Spelling", "otk.learn-spelling")
            g_menu_append_section(menu, nil, typed(raw(section)))
            g_object_unref(raw(section))
        }
        let edit = g_menu_new()!
        g_menu_append(edit, "Cut", "otk.cut")
        g_menu_append(edit, "Copy", "otk.copy")
        g_menu_append(edit, "Paste", "otk.paste")
        g_menu_append(edit, "Select All", "otk.select-all")
        g_menu_append_section(menu, nil, typed(raw(edit)))
        g_object_unref(raw(edit))
        return menu
    }

    private func showContextMenu(model: OpaquePointer, at rect: GdkRectangle) {
        closeContextMenu()
        let popover = gtk_popover_menu_new_from_model(typed(raw(model)))!
        g_object_unref(raw(model))
        let asPopover: UnsafeMutablePointer<GtkPopover> = typed(raw(popover))
        gtk_widget_set_parent(popover, drawingArea)
        var pointingTo = rect
        gtk_popover_set_pointing_to(asPopover, &pointingTo)
        gtk_popover_set_has_arrow(asPopover, 0)
        gtk_popover_set_position(asPopover, GTK_POS_BOTTOM)
        gtk_widget_set_halign(popover, GTK_ALIGN_START)
        let onClosed: @convention(c) (UnsafeMutablePointer<GtkPopover>?, UnsafeMutableRawPointer?) -> Void = { _, data in
            let host = hostFrom(data)
            // Unparenting inside "closed" would pull the widget from under GTK: do it next turn.
            MainActor.assumeIsolated { host.scheduleContextMenuRemoval() }
        }
        connect(raw(popover), "closed", onClosed, Unmanaged.passUnretained(self).toOpaque())
        contextMenu = popover
        gtk_popover_popup(asPopover)
    }

    func scheduleContextMenuRemoval() {
        let data = Unmanaged.passUnretained(self).toOpaque()
        g_idle_add({ data in
            let host = hostFrom(data)
            MainActor.assumeIsolated {
                if let menu = host.contextMenu, gtk_widget_get_visible(menu) == 0 { host.closeContextMenu() }
            }
            return 0
        }, data)
    }

    /// Removes the menu's popover, if any.
    func closeContextMenu() {
        guard let menu = contextMenu else { return }
        contextMenu = nil
        g_signal_handlers_disconnect_matched(raw(menu), G_SIGNAL_MATCH_DATA, 0, 0, nil, nil, Unmanaged.passUnretained(self).toOpaque())
        gtk_widget_unparent(menu)
    }

    private func setContextAction(_ name: String, enabled: Bool) {
        if let action = contextActions[name] { g_simple_action_set_enabled(action, enabled ? 1 : 0) }
    }

    /// A menu item was chosen.
    func performContextAction(_ name: String, index: Int?) {
        guard let input = contextMenuTarget?.input as? any TextInputView else { return }
        let spelling = contextMenuTarget?.spelling
        restartBlink()
        switch name {
        case "cut": handling(input).perform(.cut)
        case "copy": handling(input).perform(.copy)
        case "paste": handling(input).perform(.paste)
        case "select-all": handling(input).perform(.selectAll)
        case "correct":
            guard let spelling, let index, spelling.guesses.indices.contains(index), let textView = input as? UITextView else { return }
            textView.correctSpelling(in: spelling.range, with: spelling.guesses[index])
        case "ignore-spelling":
            if let spelling { (input as? UITextView)?.ignoreSpelling(in: spelling.range) }
        case "learn-spelling":
            if let spelling { (input as? UITextView)?.learnSpelling(in: spelling.range) }
        default: break
        }
        updateInputMethodCursor()
    }
}
