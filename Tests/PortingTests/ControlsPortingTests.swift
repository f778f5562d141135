import Foundation
import OpenTextKit
import Testing

// Checks the UIKit-style control code beside this file (InsetLabel.swift,
// LengthLimitingFieldDelegate.swift), which compiles as it is written for iOS.

@Suite("Ported UILabel and UITextField code")
@MainActor
struct ControlsPortingTests {
    static let font = UIFont(name: "DejaVu Sans", size: 15)!

    /// The bounding box of dark pixels in `view` drawn on white.
    func inkBounds(_ view: UIView) -> CGRect? {
        let image = UIGraphicsImageRenderer(size: view.bounds.size).image { context in
            UIColor.white.setFill()
            context.fill(view.bounds)
            view.drawHierarchy(in: view.bounds, afterScreenUpdates: true)
        }
        guard let cg = image.cgImage else { return nil }
        var box = CGRect.null
        for y in 0..<cg.height {
            for x in 0..<cg.width {
                guard let p = cg.rgba(atX: x, y: y), p.r < 128, p.g < 128, p.b < 128 else { continue }
                box = box.union(CGRect(x: x, y: y, width: 1, height: 1))
            }
        }
        return box.isNull ? nil : box
    }

    @Test("An inset label measures and draws its text inside its insets")
    func insetLabel() throws {
        let plain = UILabel()
        plain.font = Self.font
        plain.text = "Padded"
        let padded = InsetLabel()
        padded.font = Self.font
        padded.text = "Padded"
        padded.contentInsets = UIEdgeInsets(top: 6, left: 12, bottom: 6, right: 12)

        let size = padded.intrinsicContentSize
        #expect(size.width == plain.intrinsicContentSize.width + 24)
        #expect(size.height == plain.intrinsicContentSize.height + 12)
        padded.sizeToFit()
        #expect(padded.bounds.size == size)

        plain.textColor = .black
        padded.textColor = .black
        plain.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
        padded.frame = plain.frame
        let a = try #require(inkBounds(plain))
        let b = try #require(inkBounds(padded))
        #expect(abs(b.minX - a.minX - 12) <= 1)
        #expect(abs(b.midY - a.midY) <= 1)  // equal top and bottom insets keep the centre
    }

    @Test("A length-limiting delegate caps typing and pasting; return dismisses the field")
    func lengthLimitedField() throws {
        let delegate = LengthLimitingFieldDelegate(maximumLength: 6)
        var changes: [String] = []
        let field = makeCodeField(delegate: delegate) { changes.append($0) }
        #expect(field.becomeFirstResponder())
        for digit in "12345678" { field.insertTextFromKeyboard(String(digit)) }   // typed: the delegate is asked
        #expect(field.text == "123456")
        #expect(changes == ["1", "12", "123", "1234", "12345", "123456"])

        field.deleteBackwardFromKeyboard()
        UIPasteboard.general.string = "99"
        field.paste(nil)
        #expect(field.text == "12345")  // "1234599" is too long: the whole paste is refused
        UIPasteboard.general.string = "9"
        field.paste(nil)
        #expect(field.text == "123459")

        field.insertText("\n")
        #expect(delegate.returnCount == 1)
        #expect(!field.isFirstResponder)
        #expect(field.text == "123459")
        field.undoManager?.undo()
        #expect(field.text == "12345")
    }
}
