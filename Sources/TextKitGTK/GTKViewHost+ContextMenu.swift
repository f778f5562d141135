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

    /// Shows `model` (taking its reference) in the host's one popover, made at the first menu and
    /// kept: each menu sets its model and its place, and pops it up again.
    ///
    /// A popover made for each menu, and unparented once closed, was not always freed: GTK 4.8's
    /// `GtkPopoverMenu` keeps two references to itself when an item is activated after the keyboard
    /// moved through the items (Down… Return): the popover, its items, their CSS nodes and its
    /// surface stayed, about 50 KB a menu in the debug demo (a 20-line GTK program that does the
    /// same, with no code of ours, keeps 38 popovers of 50 and grows 6.4 MB). The soak opens a menu
    /// every few seconds on the text pages and chooses an item most times: the Highlighting page
    /// grew 2.5 MB of live heap in four minutes, all under this function. GTK's own text widgets
    /// make their context menu's popover once and keep it; so does the host now, and the live
    /// popovers stay at one per host whatever GTK keeps of a closed one
    /// (``liveContextMenuPopovers``, `ContextMenuTests`).
    private func showContextMenu(model: OpaquePointer, at rect: GdkRectangle) {
        let popover: UnsafeMutablePointer<GtkWidget>
        if let menu = contextMenu {
            popover = menu
            if gtk_widget_get_visible(popover) != 0 { gtk_popover_popdown(typed(raw(popover))) }
            gtk_popover_menu_set_menu_model(opaque(raw(popover)), typed(raw(model)))
        } else {
            popover = gtk_popover_menu_new_from_model(typed(raw(model)))!
            Self.liveContextMenuPopovers += 1
            g_object_weak_ref(typed(raw(popover)), { _, _ in
                MainActor.assumeIsolated { GTKViewHost.liveContextMenuPopovers -= 1 }
            }, nil)
            let asPopover: UnsafeMutablePointer<GtkPopover> = typed(raw(popover))
            gtk_widget_set_parent(popover, drawingArea)
            gtk_popover_set_has_arrow(asPopover, 0)
            gtk_popover_set_position(asPopover, GTK_POS_BOTTOM)
            gtk_widget_set_halign(popover, GTK_ALIGN_START)
            contextMenu = popover
        }
        g_object_unref(raw(model))
        var pointingTo = rect
        gtk_popover_set_pointing_to(typed(raw(popover)), &pointingTo)
        contextMenuPopups += 1
        gtk_popover_popup(typed(raw(popover)))
    }

    /// Removes the menu's popover, if any (the drawing area is going).
    func closeContextMenu() {
        guard let menu = contextMenu else { return }
        contextMenu = nil
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
