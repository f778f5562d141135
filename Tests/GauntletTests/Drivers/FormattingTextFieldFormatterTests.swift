import Foundation
import Testing
import UIKit

// Drives the formatting half of FormattingTextField (ivedeneev/AGInputControls), compiled unchanged:
// Ported/FormattingTextField/ AGFormatter.swift, AGFormatter+Extension.swift, DefaultFormatter.swift
// and String+Extension.swift. The text field itself (FormattingTextField.swift and its extension)
// waits in Upstream/FormattingTextField/pending/ for UITextField.init?(coder:) and UIScreen.main
// (see ORIGIN.md). The checks are AGInputControls' DefaultFormatterTests, and its
// FormattingFieldTests on the formatter the field's `formattingMask` setter makes
// (`DefaultFormatter(mask:allowsEmptyOrNilStrings: false)`; the field's `prefix` and
// `formattedText(text:)` forward to it).

@Suite("Gauntlet: AGInputControls DefaultFormatter")
struct FormattingTextFieldFormatterTests {
    func fieldFormatter(_ mask: String) -> DefaultFormatter {
        DefaultFormatter(mask: mask, allowsEmptyOrNilStrings: false)
    }

    @Test("Prefixes of masks (FormattingFieldTests.testPrefixes)")
    func prefixes() {
        #expect(fieldFormatter("XYZ **########").prefix == "XYZ")
        #expect(fieldFormatter("XYZ **########").maskHasConstantPrefix)
        #expect(fieldFormatter("*** **########").prefix == "***")
        #expect(fieldFormatter("*/* **########").prefix == "*")
    }

    @Test("A constant prefix is kept; letters and digits fill the mask (FormattingFieldTests.testFormatting)")
    func fieldFormatting() {
        let formatter = fieldFormatter("XYZ **########")
        #expect(formatter.formattedText(text: "XYZ ") == "XYZ")
        #expect(formatter.formattedText(text: "XYZLD443") == "XYZ LD443")
        #expect(formatter.formattedText(text: "XYZ443") == "XYZ")
        #expect(fieldFormatter("##/##").formattedText(text: "1234") == "12/34")
    }

    @Test("Digits-only mask (DefaultFormatterTests.testOnlyDigitsFormattingFormatting)", arguments: [
        ("1234 567890123456789", "1234 567890123456789"),
        ("1234567890123456789", "1234 567890123456789"),
        ("12345", "1234 5"),
        ("1234", "1234"),
        ("1234567890123456789000000000", "1234 567890123456789"),
    ])
    func digits(input: String, expected: String) {
        #expect(DefaultFormatter(mask: "#### ###############").formattedText(text: input) == expected)
    }

    @Test("Letters and digits (DefaultFormatterTests.testDigitsAndLettersFormatting)", arguments: [
        ("ABV 444 L 12", "ABV 444 L 12"),
        ("ABV444L12", "ABV 444 L 12"),
        ("ABV ", "ABV"),
        ("ABV444L", "ABV 444 L"),
    ])
    func lettersAndDigits(input: String, expected: String) {
        #expect(DefaultFormatter(mask: "*** ### * ##").formattedText(text: input) == expected)
    }

    @Test("Validation (DefaultFormatterTests.testValidation)")
    func validation() {
        let formatter = DefaultFormatter(mask: "#### ###")
        #expect(formatter.isValidString(text: "1234567"))
        #expect(!formatter.isValidString(text: "1234 56"))
    }

    @Test("Accepted letters are reported; the mask is the formatter's (AcceptedLettersTests)")
    func acceptedLetters() {
        let cyrillic = Set("йцукенгшщзхъёфывапролджэячсмитьбю".uppercased())
        let formatter = DefaultFormatter(mask: "***", allowsEmptyOrNilStrings: true, acceptedLetters: cyrillic)
        #expect(formatter.acceptedLetters == cyrillic)
        #expect(formatter.mask == "***")
        #expect(formatter.isNumberOrLetter("з"))
        #expect(formatter.isNumberOrLetter("7"))
        #expect(!formatter.isNumberOrLetter("-"))
        #expect(!formatter.isNumberOrLetter(nil))
    }

    @Test("String helpers: digitsOnly, alphanumericsOnly, formattedNumber(mask:)")
    func stringHelpers() {
        #expect("+1 (234) 56-7".digitsOnly() == "1234567")
        #expect("ab-12 c".alphanumericsOnly() == "ab12c")
        #expect("12345678901".formattedNumber(mask: "+# (###) ###-##-##") == "+1 (234) 567-89-01")
        #expect("1_2_".replacingUnderscoresWithZeros() == "1020")
        let none: String? = nil
        #expect(none.isEmptyOrTrue)
        #expect(Optional("").isEmptyOrTrue)
        #expect(!Optional("x").isEmptyOrTrue)
    }
}
