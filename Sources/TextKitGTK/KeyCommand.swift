import CGTK4

/// A command a key press asks of the focused text view, named as AppKit's key-binding selectors
/// that ``UITextView`` implements (`moveWordLeftAndModifySelection(_:)` …).
enum KeyCommand: Equatable, Sendable {
    case moveLeft, moveRight, moveUp, moveDown
    case moveWordLeft, moveWordRight
    case moveToBeginningOfLine, moveToEndOfLine
    case moveToBeginningOfParagraph, moveToEndOfParagraph
    case moveToBeginningOfDocument, moveToEndOfDocument
    case pageUp, pageDown
    /// The movement extending the selection (shift held).
    indirect case modifySelection(KeyCommand)
    case deleteBackward, deleteForward, deleteWordBackward, deleteWordForward
    case insertNewline, insertTab
    case selectAll, copy, cut, paste, undo, redo

    /// The movement with the selection extended: `self` wrapped in ``modifySelection(_:)``
    /// when it is a movement, else `self`.
    var extendingSelection: KeyCommand {
        switch self {
        case .moveLeft, .moveRight, .moveUp, .moveDown, .moveWordLeft, .moveWordRight,
             .moveToBeginningOfLine, .moveToEndOfLine, .moveToBeginningOfParagraph, .moveToEndOfParagraph,
             .moveToBeginningOfDocument, .moveToEndOfDocument, .pageUp, .pageDown:
            .modifySelection(self)
        default:
            self
        }
    }
}

/// The key map: what a key press the input method did not take means to a text view. It
/// follows GTK's own text widgets (ctrl moves by words and to the document's ends, shift
/// extends) with AppKit's command names.
enum KeyBindings {
    /// The modifiers that matter here.
    struct Modifiers: OptionSet, Sendable {
        let rawValue: UInt32
        static let shift = Modifiers(rawValue: 1 << 0)
        static let control = Modifiers(rawValue: 1 << 1)
        /// Alt, Super, Meta: a key with one of these is left to the application (menus).
        static let other = Modifiers(rawValue: 1 << 2)

        /// The modifiers in a GDK modifier state.
        init(gdk state: GdkModifierType) {
            var m: Modifiers = []
            if state.rawValue & GDK_SHIFT_MASK.rawValue != 0 { m.insert(.shift) }
            if state.rawValue & GDK_CONTROL_MASK.rawValue != 0 { m.insert(.control) }
            if state.rawValue & (GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue | GDK_META_MASK.rawValue) != 0 {
                m.insert(.other)
            }
            self = m
        }

        init(rawValue: UInt32) { self.rawValue = rawValue }
    }

    /// The command for `keyval` (a GDK key value) pressed with `modifiers`; nil when the key
    /// means nothing to a text view (GTK then offers it to the window: Tab with shift moves the
    /// focus, for instance).
    static func command(forKeyval keyval: UInt32, modifiers: Modifiers) -> KeyCommand? {
        guard !modifiers.contains(.other) else { return nil }
        let control = modifiers.contains(.control)
        let shift = modifiers.contains(.shift)
        if let movement = movement(forKeyval: keyval, control: control) {
            return shift ? movement.extendingSelection : movement
        }
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_BackSpace:
            return control ? .deleteWordBackward : .deleteBackward
        case GDK_KEY_Delete, GDK_KEY_KP_Delete:
            return control ? .deleteWordForward : .deleteForward
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter:
            return control ? nil : .insertNewline
        case GDK_KEY_Tab, GDK_KEY_KP_Tab:
            return control || shift ? nil : .insertTab
        default:
            break
        }
        guard control else { return nil }
        // Letters with ctrl: the lower-case key value, so that ctrl+shift+Z (keyval "Z") is found.
        switch Int32(bitPattern: gdk_keyval_to_lower(keyval)) {
        case GDK_KEY_a: return shift ? nil : .selectAll
        case GDK_KEY_c: return shift ? nil : .copy
        case GDK_KEY_x: return shift ? nil : .cut
        case GDK_KEY_v: return shift ? nil : .paste
        case GDK_KEY_z: return shift ? .redo : .undo
        case GDK_KEY_y: return shift ? nil : .redo
        case GDK_KEY_Insert: return shift ? nil : .copy
        default: return nil
        }
    }

    /// The caret movement of a cursor key (without the selection extended).
    private static func movement(forKeyval keyval: UInt32, control: Bool) -> KeyCommand? {
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: control ? .moveWordLeft : .moveLeft
        case GDK_KEY_Right, GDK_KEY_KP_Right: control ? .moveWordRight : .moveRight
        case GDK_KEY_Up, GDK_KEY_KP_Up: control ? .moveToBeginningOfParagraph : .moveUp
        case GDK_KEY_Down, GDK_KEY_KP_Down: control ? .moveToEndOfParagraph : .moveDown
        case GDK_KEY_Home, GDK_KEY_KP_Home: control ? .moveToBeginningOfDocument : .moveToBeginningOfLine
        case GDK_KEY_End, GDK_KEY_KP_End: control ? .moveToEndOfDocument : .moveToEndOfLine
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: control ? nil : .pageUp
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: control ? nil : .pageDown
        default: nil
        }
    }
}
