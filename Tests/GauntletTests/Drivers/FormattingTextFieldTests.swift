import Foundation
import Testing
import UIKit

// Drives Ported/FormattingTextField/FormattingTextField.swift (ivedeneev/AGInputControls), the text
// field half of the entry, with the checks of AGInputControls' FormattingFieldTests and
// AcceptedLettersTests.

final class MockTextFieldDelegate: FormattingTextFieldDelegate {
    var isValidCalled = 0
    var isValid = false
    var produced: [String?] = []
    var unacceptedCharCalled = 0
    func textField(textField: FormattingTextField, didProduce text: String?, isValid: Bool) {
        isValidCalled += 1
        self.isValid = isValid
        produced.append(text)
    }
    func textField(textField: FormattingTextField, didOccurUnacceptedCharacter char: Character) {
        unacceptedCharCalled += 1
    }
}

struct EmptyMaskFormatter: AGFormatter {
    var mask: String { "" }
}

@Suite("Gauntlet: AGInputControls FormattingTextField")
@MainActor
struct FormattingTextFieldTests {
    @Test("Prefixes (FormattingFieldTests.testPrefixes)")
    func prefixes() {
        let textField = FormattingTextField()
        textField.formattingMask = "XYZ **########"
        #expect(textField.prefix == "XYZ")
        textField.formattingMask = "*** **########"
        #expect(textField.prefix == "***")
        textField.formattingMask = "*/* **########"
        #expect(textField.prefix == "*")
    }

    @Test("formattedText(text:) (FormattingFieldTests.testFormatting)")
    func formatting() {
        let textField = FormattingTextField()
        textField.formattingMask = "XYZ **########"
        #expect(textField.formattedText(text: "XYZ ") == "XYZ")
        #expect(textField.formattedText(text: "XYZLD443") == "XYZ LD443")
        #expect(textField.formattedText(text: "XYZ443") == "XYZ")
        textField.formattingMask = "##/##"
        #expect(textField.formattedText(text: "1234") == "12/34")
    }

    @Test("Setting text stores the formatted text and tells the delegate it is valid")
    func settingText() {
        let textField = FormattingTextField(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        let delegate = MockTextFieldDelegate()
        textField.formattingDelegate = delegate
        textField.formattingMask = "##/##"
        textField.text = "1234"
        #expect(textField.text == "12/34")
        #expect(delegate.produced.last == "12/34")
        #expect(delegate.isValid)
    }

    @Test("Typing goes through the .editingChanged action and is formatted as it comes")
    func typing() {
        let textField = FormattingTextField(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        textField.formattingMask = "##/##"
        textField.insertText("1")
        textField.insertText("2")
        textField.insertText("3")
        #expect(textField.text == "12/3")
    }

    @Test("AcceptedLettersTests")
    func acceptedLetters() {
        let formatter = DefaultFormatter(mask: "***", allowsEmptyOrNilStrings: true,
                                         acceptedLetters: Set("йцукенгшщзхъёфывапролджэячсмитьбю".uppercased()))
        let textField = FormattingTextField()
        textField.formatter = formatter
        let delegate = MockTextFieldDelegate()
        textField.formattingDelegate = delegate
        #expect(textField.formattingMask == textField.formatter?.mask)
        textField.text = "gз"
        #expect(delegate.unacceptedCharCalled == 1)

        let other = MockTextFieldDelegate()
        textField.formattingDelegate = other
        textField.formatter = EmptyMaskFormatter()
        textField.text = "gfhdskjfhdskjfhds"
        #expect(other.isValidCalled == 1)
        #expect(other.isValid == true)
    }
}
