import Foundation
import Testing
import UIKit

// Drives Ported/UITextFieldExtensions/UITextFieldExtensions.swift (SwifterSwift) with the checks of
// SwifterSwift's own UITextFieldExtensionsTests. Its `#if os(iOS)` block (addToolbar, which needs
// UIToolbar, UIBarButtonItem and UIScreen) is compiled out on Linux, as it is on tvOS.

@Suite("Gauntlet: SwifterSwift UITextField extensions")
@MainActor
struct UITextFieldExtensionsTests {
    @Test("isEmpty: a new field, a field with text, a field whose text was set to nil")
    func isEmpty() {
        let textField = UITextField()
        #expect(textField.isEmpty)
        textField.text = "Hello"
        #expect(!textField.isEmpty)
        textField.text = nil
        #expect(textField.isEmpty)
        // UIKit: the text of a text field is never nil; setting nil gives "".
        #expect(textField.text == "")
    }

    @Test("trimmedText drops surrounding whitespace and newlines")
    func trimmedText() {
        let textField = UITextField(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        textField.text = "Hello \n    \n"
        #expect(textField.trimmedText == "Hello")
    }

    @Test("textType sets the keyboard, correction, capitalisation, secure entry and placeholder")
    func textType() {
        let email = UITextField(frame: .zero)
        email.textType = .emailAddress
        #expect(email.textType == .emailAddress)
        #expect(email.keyboardType == .emailAddress)
        #expect(email.autocorrectionType == .no)
        #expect(email.autocapitalizationType == .none)
        #expect(!email.isSecureTextEntry)
        #expect(email.placeholder == "Email Address")

        let password = UITextField(frame: .zero)
        password.textType = .password
        #expect(password.textType == .password)
        #expect(password.keyboardType == .asciiCapable)
        #expect(password.autocorrectionType == .no)
        #expect(password.autocapitalizationType == .none)
        #expect(password.isSecureTextEntry)
        #expect(password.placeholder == "Password")

        let generic = UITextField(frame: .zero)
        generic.textType = .generic
        #expect(generic.textType == .generic)
        #expect(!generic.isSecureTextEntry)
    }

    @Test("hasValidEmail, including after text = nil (which force-unwraps text)")
    func hasValidEmail() {
        let textField = UITextField(frame: .zero)
        textField.text = "john@doe.com"
        #expect(textField.hasValidEmail)
        textField.text = "swifterswift"
        #expect(!textField.hasValidEmail)
        textField.text = nil
        #expect(!textField.hasValidEmail)
    }

    @Test("clear() empties the field")
    func clear() {
        let textField = UITextField(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        textField.text = "Hello"
        textField.clear()
        #expect(textField.text == "")
        #expect(textField.attributedText?.length == 0)
    }

    @Test("setPlaceHolderTextColor(_:) recolours the placeholder, and does nothing without one")
    func placeholderColor() {
        let textField = UITextField()
        textField.attributedPlaceholder = NSAttributedString(string: "Attributed Placeholder")
        #expect(textField.placeholder == "Attributed Placeholder")
        textField.setPlaceHolderTextColor(.blue)
        let color = textField.attributedPlaceholder?.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor
        #expect(color == .blue)
        #expect(textField.attributedPlaceholder?.string == "Attributed Placeholder")

        textField.placeholder = nil
        textField.setPlaceHolderTextColor(.yellow)
        #expect(textField.attributedPlaceholder == nil || textField.attributedPlaceholder?.length == 0)
    }

    @Test("addPaddingLeft/Right put a view of that width, as tall as the field, always shown")
    func padding() {
        let textField = UITextField()
        textField.frame = CGRect(x: 0, y: 0, width: 100, height: 30)
        textField.addPaddingLeft(40)
        #expect(textField.leftView?.frame.width == 40)
        #expect(textField.leftView?.frame.height == 30)
        #expect(textField.leftViewMode == .always)
        textField.addPaddingRight(25)
        #expect(textField.rightView?.frame.width == 25)
        #expect(textField.rightViewMode == .always)
        // UIKit lays the left view at the left edge: the text rect starts after it.
        #expect(textField.textRect(forBounds: textField.bounds).minX >= 40)
        #expect(textField.textRect(forBounds: textField.bounds).maxX <= 75)
    }

    @Test("addPaddingLeftIcon/RightIcon wrap the image in a view padding wide")
    func iconPadding() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 16, height: 12)).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 16, height: 12))
        }
        let textField = UITextField()
        textField.frame = CGRect(x: 0, y: 0, width: 100, height: 44)
        textField.addPaddingLeftIcon(image, padding: 5)
        #expect(textField.leftView?.frame.width == image.size.width + 5)
        #expect(textField.leftView?.frame.height == 12)
        let imageView = try #require(textField.leftView?.subviews.first as? UIImageView)
        #expect(imageView.image === image)
        #expect(imageView.frame == CGRect(x: 0, y: 0, width: 21, height: 12))
        textField.addPaddingRightIcon(image, padding: 5)
        #expect(textField.rightView?.frame.width == image.size.width + 5)
        #expect(textField.rightViewMode == .always)
    }
}
