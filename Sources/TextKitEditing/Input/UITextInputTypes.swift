import TextKitGraphics
import TextKitModel

/// The text units a tokenizer moves by and encloses positions in.
public enum UITextGranularity: Int, Sendable, Hashable {
    /// One grapheme cluster (a user-perceived character: an emoji sequence, a letter and its marks).
    case character = 0
    /// A word, by ICU's word boundaries (UAX #29).
    case word
    /// A sentence, by ICU's sentence boundaries.
    case sentence
    /// A paragraph: text up to and including a paragraph separator.
    case paragraph
    /// A line as laid out (a soft-wrapped line is one line).
    case line
    /// The whole text.
    case document
}

/// A direction in the text's storage: towards its end or its start.
public enum UITextStorageDirection: Int, Sendable, Hashable {
    /// Towards the end of the text.
    case forward = 0
    /// Towards the start of the text.
    case backward
}

/// A direction on the screen.
public enum UITextLayoutDirection: Int, Sendable, Hashable {
    /// To the right.
    case right = 2
    /// To the left.
    case left
    /// Up a line.
    case up
    /// Down a line.
    case down
}

/// A storage or layout direction, as tokenizers take them: `.storage(.forward)`, `.layout(.left)`.
/// Raw values are UIKit's (storage 0–1, layout 2–5), so `UITextDirection(rawValue:)` of a
/// `UITextLayoutDirection`'s raw value names that layout direction.
public struct UITextDirection: RawRepresentable, Sendable, Hashable {
    /// UIKit's integer value.
    public var rawValue: Int
    /// A direction from UIKit's integer value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A direction in storage order.
    public static func storage(_ direction: UITextStorageDirection) -> UITextDirection {
        UITextDirection(rawValue: direction.rawValue)
    }
    /// A direction on the screen.
    public static func layout(_ direction: UITextLayoutDirection) -> UITextDirection {
        UITextDirection(rawValue: direction.rawValue)
    }

    /// The storage direction this is, or the one a layout direction means in left-to-right text
    /// (right and down are forward).
    var storageDirection: UITextStorageDirection {
        switch rawValue {
        case UITextStorageDirection.backward.rawValue, UITextLayoutDirection.left.rawValue,
             UITextLayoutDirection.up.rawValue: .backward
        default: .forward
        }
    }
}

/// Which side of a line break an insertion point belongs to where a soft-wrapped line ends and
/// the next begins: `.forward` (the next line's start, the default) or `.backward` (the end of
/// the line before). `UITextInput.selectionAffinity`.
public enum UITextSelectionAffinity: Int, Sendable, Hashable {
    /// The caret belongs to the line before (drawn at its end).
    case backward = 0
    /// The caret belongs to the line after (drawn at its start).
    case forward = 1
}

/// An object the input system asks to be told of text and selection changes that did not come
/// from it (an edit by code, undo, a click), so it can reset its state (a composing input method,
/// autocorrection). The text view calls it; apps seldom implement it.
@preconcurrency @MainActor
public protocol UITextInputDelegate: AnyObject {
    /// The selection is about to change.
    func selectionWillChange(_ textInput: (any UITextInput)?)
    /// The selection changed.
    func selectionDidChange(_ textInput: (any UITextInput)?)
    /// The text is about to change.
    func textWillChange(_ textInput: (any UITextInput)?)
    /// The text changed.
    func textDidChange(_ textInput: (any UITextInput)?)
}

/// UIKit's text input traits: what an input method should offer. Kept so that ported code that
/// sets them compiles; the text view records them and a window host may read them.
public enum UITextAutocapitalizationType: Int, Sendable, Hashable {
    /// No automatic capitals.
    case none
    /// Capitalize each word.
    case words
    /// Capitalize each sentence.
    case sentences
    /// Capitalize every character.
    case allCharacters
}

/// Whether the input method should autocorrect.
public enum UITextAutocorrectionType: Int, Sendable, Hashable {
    /// The view's default.
    case `default`
    /// No autocorrection.
    case no
    /// Autocorrection.
    case yes
}

/// Whether the text view checks spelling as the user types.
public enum UITextSpellCheckingType: Int, Sendable, Hashable {
    /// The view's default (on for an editable text view).
    case `default`
    /// No spell checking.
    case no
    /// Spell checking.
    case yes
}

/// The keyboard an input method should show (recorded only; Linux keyboards are physical).
public enum UIKeyboardType: Int, Sendable, Hashable {
    /// The default keyboard.
    case `default`
    /// ASCII characters.
    case asciiCapable
    /// Numbers and punctuation.
    case numbersAndPunctuation
    /// For URLs.
    case URL
    /// Digits.
    case numberPad
    /// A phone pad.
    case phonePad
    /// Names and phone numbers.
    case namePhonePad
    /// E-mail addresses.
    case emailAddress
    /// Numbers with a decimal point.
    case decimalPad
    /// Twitter handles.
    case twitter
    /// Web search.
    case webSearch
}

/// What the return key is labelled (recorded only).
public enum UIReturnKeyType: Int, Sendable, Hashable {
    /// "return".
    case `default`
    /// "Go".
    case go
    /// "Google".
    case google
    /// "Join".
    case join
    /// "Next".
    case next
    /// "Route".
    case route
    /// "Search".
    case search
    /// "Send".
    case send
    /// "Yahoo".
    case yahoo
    /// "Done".
    case done
    /// "Emergency Call".
    case emergencyCall
    /// "Continue".
    case `continue`
}

/// Whether straight quotes become curly ones as the user types. Recorded only: OpenTextKit's
/// views do not substitute quotes.
public enum UITextSmartQuotesType: Int, Sendable, Hashable {
    /// The view's default.
    case `default`
    /// No substitution.
    case no
    /// Substitution.
    case yes
}

/// Whether "--" becomes a dash as the user types. Recorded only: OpenTextKit's views do not
/// substitute dashes.
public enum UITextSmartDashesType: Int, Sendable, Hashable {
    /// The view's default.
    case `default`
    /// No substitution.
    case no
    /// Substitution.
    case yes
}

/// Whether spaces are adjusted around pasted and deleted words. Recorded only: OpenTextKit's
/// views insert and delete exactly what they are given.
public enum UITextSmartInsertDeleteType: Int, Sendable, Hashable {
    /// The view's default.
    case `default`
    /// No adjustment.
    case no
    /// Adjustment.
    case yes
}

/// The keyboard's look (recorded only: Linux keyboards are physical).
public enum UIKeyboardAppearance: Int, Sendable, Hashable {
    /// The default appearance.
    case `default`
    /// Dark.
    case dark
    /// Light.
    case light

    /// The alert appearance: dark, as in UIKit.
    public static var alert: UIKeyboardAppearance { .dark }
}

/// What a text input holds, for autofill and keyboard suggestions, as UIKit's
/// `UITextContentType`. Recorded only (there is no autofill on Linux). The raw values of the iOS
/// 10–12 constants are UIKit's (HTML autocomplete tokens, with UIKit's own spellings such as
/// "honorifix-prefix"); those of the later constants (tracking and flight numbers, dates, the credit
/// card details) are ours. Compare with the constants, not with strings.
public struct UITextContentType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The same as `init(rawValue:)`, without the label.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A full name.
    public static let name = UITextContentType("name")
    /// A name prefix ("Dr.").
    public static let namePrefix = UITextContentType("honorifix-prefix")
    /// A given name.
    public static let givenName = UITextContentType("given-name")
    /// A middle name.
    public static let middleName = UITextContentType("additional-name")
    /// A family name.
    public static let familyName = UITextContentType("family-name")
    /// A name suffix ("Jr.").
    public static let nameSuffix = UITextContentType("honorifix-suffix")
    /// A nickname.
    public static let nickname = UITextContentType("nickname")
    /// A job title.
    public static let jobTitle = UITextContentType("organization-title")
    /// An organization's name.
    public static let organizationName = UITextContentType("organization")
    /// A place.
    public static let location = UITextContentType("location")
    /// A full street address.
    public static let fullStreetAddress = UITextContentType("street-address")
    /// The first line of a street address.
    public static let streetAddressLine1 = UITextContentType("address-line1")
    /// The second line of a street address.
    public static let streetAddressLine2 = UITextContentType("address-line2")
    /// A city.
    public static let addressCity = UITextContentType("address-level2")
    /// A state or province.
    public static let addressState = UITextContentType("address-level1")
    /// A city and state.
    public static let addressCityAndState = UITextContentType("address-level1+2")
    /// A sublocality.
    public static let sublocality = UITextContentType("address-level3")
    /// A country's name.
    public static let countryName = UITextContentType("country-name")
    /// A postal code.
    public static let postalCode = UITextContentType("postal-code")
    /// A telephone number.
    public static let telephoneNumber = UITextContentType("tel")
    /// An e-mail address.
    public static let emailAddress = UITextContentType("email")
    /// A URL.
    public static let URL = UITextContentType("url")
    /// A credit card number.
    public static let creditCardNumber = UITextContentType("cc-number")
    /// A user name.
    public static let username = UITextContentType("username")
    /// A password.
    public static let password = UITextContentType("password")
    /// A new password.
    public static let newPassword = UITextContentType("new-password")
    /// A one-time code.
    public static let oneTimeCode = UITextContentType("one-time-code")
    /// A shipment tracking number.
    public static let shipmentTrackingNumber = UITextContentType("shipment-tracking-number")
    /// A flight number.
    public static let flightNumber = UITextContentType("flight-number")
    /// A date, a time or a duration.
    public static let dateTime = UITextContentType("date-time")
    /// A birth date.
    public static let birthdate = UITextContentType("bday")
    /// A credit card's security code.
    public static let creditCardSecurityCode = UITextContentType("cc-csc")
    /// A credit card's expiration date.
    public static let creditCardExpiration = UITextContentType("cc-exp")
    /// The name on a credit card.
    public static let creditCardName = UITextContentType("cc-name")
}
