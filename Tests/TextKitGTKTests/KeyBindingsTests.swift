import CGTK4
import Testing
@testable import TextKitGTK

// The key map alone (no display needed): what a key the input method let through asks of a
// text view.
@Suite("GTK host: the key map")
struct KeyBindingsTests {
    func command(_ keyval: Int32, _ modifiers: KeyBindings.Modifiers = []) -> KeyCommand? {
        KeyBindings.command(forKeyval: UInt32(keyval), modifiers: modifiers)
    }

    @Test("Arrows move by characters, with ctrl by words, with shift extending the selection")
    func arrows() {
        #expect(command(GDK_KEY_Left) == .moveLeft)
        #expect(command(GDK_KEY_Right, .control) == .moveWordRight)
        #expect(command(GDK_KEY_Right, [.control, .shift]) == .modifySelection(.moveWordRight))
        #expect(command(GDK_KEY_Up, .shift) == .modifySelection(.moveUp))
        #expect(command(GDK_KEY_KP_Down) == .moveDown)
    }

    @Test("Home and End go to the line's ends, with ctrl to the document's; pages move by pages")
    func homeEndPages() {
        #expect(command(GDK_KEY_Home) == .moveToBeginningOfLine)
        #expect(command(GDK_KEY_End, .shift) == .modifySelection(.moveToEndOfLine))
        #expect(command(GDK_KEY_Home, .control) == .moveToBeginningOfDocument)
        #expect(command(GDK_KEY_Page_Down) == .pageDown)
        #expect(command(GDK_KEY_Page_Up, .shift) == .modifySelection(.pageUp))
    }

    @Test("BackSpace and Delete delete characters, with ctrl words; Return and Tab type")
    func deletingAndTyping() {
        #expect(command(GDK_KEY_BackSpace) == .deleteBackward)
        #expect(command(GDK_KEY_BackSpace, .shift) == .deleteBackward)
        #expect(command(GDK_KEY_BackSpace, .control) == .deleteWordBackward)
        #expect(command(GDK_KEY_Delete, .control) == .deleteWordForward)
        #expect(command(GDK_KEY_Return) == .insertNewline)
        #expect(command(GDK_KEY_KP_Enter) == .insertNewline)
        #expect(command(GDK_KEY_Tab) == .insertTab)
        #expect(command(GDK_KEY_ISO_Left_Tab, .shift) == nil, "shift+Tab is left to GTK's focus chain")
    }

    @Test("ctrl+A/C/X/V/Z and ctrl+shift+Z are the edit commands; letters alone are not")
    func editCommands() {
        #expect(command(GDK_KEY_a, .control) == .selectAll)
        #expect(command(GDK_KEY_c, .control) == .copy)
        #expect(command(GDK_KEY_x, .control) == .cut)
        #expect(command(GDK_KEY_v, .control) == .paste)
        #expect(command(GDK_KEY_z, .control) == .undo)
        #expect(command(GDK_KEY_Z, [.control, .shift]) == .redo, "with shift the key value is the capital")
        #expect(command(GDK_KEY_y, .control) == .redo)
        #expect(command(GDK_KEY_a) == nil, "typing is the input method's")
        #expect(command(GDK_KEY_Left, .other) == nil, "alt+arrow is the application's")
    }
}
