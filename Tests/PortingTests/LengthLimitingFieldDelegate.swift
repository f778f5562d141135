import Foundation
import OpenTextKit

// A text field delegate that caps the length of what the user types or pastes, and dismisses
// the field on return — the shape of the delegate in countless sign-in and code-entry screens.
final class LengthLimitingFieldDelegate: NSObject, UITextFieldDelegate {
    let maximumLength: Int
    private(set) var returnCount = 0

    init(maximumLength: Int) {
        self.maximumLength = maximumLength
        super.init()
    }

    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        let currentText = textField.text ?? ""
        guard let stringRange = Range(range, in: currentText) else { return false }
        let updatedText = currentText.replacingCharacters(in: stringRange, with: string)
        return updatedText.count <= maximumLength
    }

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        returnCount += 1
        textField.resignFirstResponder()
        return true
    }
}

// A code-entry field set up as a view controller would set one up.
@MainActor
func makeCodeField(delegate: UITextFieldDelegate, onChange: @escaping (String) -> Void) -> UITextField {
    let field = UITextField(frame: CGRect(x: 0, y: 0, width: 160, height: 34))
    field.borderStyle = .roundedRect
    field.placeholder = "6-digit code"
    field.font = UIFont.monospacedDigitSystemFont(ofSize: 17, weight: .regular)
    field.keyboardType = .numberPad
    field.returnKeyType = .done
    field.autocorrectionType = .no
    field.textAlignment = .center
    field.delegate = delegate
    field.addAction(UIAction { action in
        guard let sender = action.sender as? UITextField else { return }
        onChange(sender.text ?? "")
    }, for: .editingChanged)
    return field
}
