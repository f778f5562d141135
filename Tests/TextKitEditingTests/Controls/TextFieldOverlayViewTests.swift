import Foundation
import Testing
import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

@Suite("UITextField overlay views and font size limits")
@MainActor
struct TextFieldOverlayViewTests {
    @Test("leftView and rightView: shown by their modes, at the edges, centred; the text keeps clear")
    func overlays() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        let left = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
        let right = UIView(frame: CGRect(x: 0, y: 0, width: 24, height: 40))
        field.leftView = left
        // .never (the default): not a subview, the text uses the whole width.
        #expect(field.leftViewMode == .never)
        #expect(left.superview == nil)
        #expect(field.textRect(forBounds: field.bounds) == field.bounds)

        field.leftViewMode = .always
        field.rightView = right
        field.rightViewMode = .always
        #expect(left.superview === field)
        #expect(right.superview === field)
        #expect(field.leftViewRect(forBounds: field.bounds) == CGRect(x: 0, y: 10, width: 30, height: 20))
        #expect(left.frame == CGRect(x: 0, y: 10, width: 30, height: 20))
        #expect(field.rightViewRect(forBounds: field.bounds) == CGRect(x: 176, y: 0, width: 24, height: 40))
        #expect(right.frame == CGRect(x: 176, y: 0, width: 24, height: 40))
        #expect(field.textRect(forBounds: field.bounds) == CGRect(x: 30, y: 0, width: 146, height: 40))
        #expect(field.editingRect(forBounds: field.bounds) == CGRect(x: 30, y: 0, width: 146, height: 40))
        #expect(field.placeholderRect(forBounds: field.bounds) == CGRect(x: 30, y: 0, width: 146, height: 40))
        // The intrinsic size makes room for them.
        field.text = "Hi"
        #expect(field.intrinsicContentSize.width >= 54 + ("Hi" as NSString).size(withAttributes: [.font: field.font!]).width)

        // A new size moves the right view.
        field.frame.size.width = 300
        #expect(right.frame.minX == 276)

        // Replacing the view removes the old one.
        field.leftView = nil
        #expect(left.superview == nil)
        #expect(field.leftViewRect(forBounds: field.bounds) == .zero)
        #expect(field.textRect(forBounds: field.bounds).minX == 0)
    }

    @Test("whileEditing / unlessEditing follow the editing state; a bordered field keeps its inset")
    func modes() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        window.addSubview(field)
        let left = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 30))
        let right = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 30))
        field.leftView = left
        field.leftViewMode = .whileEditing
        field.rightView = right
        field.rightViewMode = .unlessEditing
        #expect(left.superview == nil)
        #expect(right.superview === field)
        field.becomeFirstResponder()
        #expect(field.isEditing)
        #expect(left.superview === field)
        #expect(right.superview == nil)
        #expect(field.editingRect(forBounds: field.bounds).minX == 20)
        field.resignFirstResponder()
        #expect(left.superview == nil)
        #expect(right.superview === field)

        field.borderStyle = .roundedRect
        field.rightViewMode = .never
        // The border's inset is kept when the overlay is narrower than it.
        field.leftView = UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 10))
        field.leftViewMode = .always
        #expect(field.textRect(forBounds: field.bounds).minX == 7)
    }

    @Test("minimumFontSize is 0 and adjustsFontSizeToFitWidth false by default; both are stored")
    func fontSizeLimits() {
        let field = UITextField()
        #expect(field.minimumFontSize == 0)
        #expect(!field.adjustsFontSizeToFitWidth)
        field.minimumFontSize = 12
        field.adjustsFontSizeToFitWidth = true
        #expect(field.minimumFontSize == 12)
        #expect(field.adjustsFontSizeToFitWidth)
    }
}
