import Foundation
import Testing
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

/// A delegate that implements only the URL interaction method, as many iOS delegates do.
@MainActor
final class LinkOnlyDelegate: UITextViewDelegate {}

@Suite("Text input traits and UIKit properties of text views and fields")
@MainActor
struct TextInputTraitsTests {
    @Test("The traits real code sets are stored with UIKit's defaults")
    func traits() {
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(textView.smartQuotesType == .default && textView.smartDashesType == .default && textView.smartInsertDeleteType == .default)
        #expect(textView.textContentType == nil)
        #expect(textView.keyboardAppearance == .default)
        #expect(!textView.enablesReturnKeyAutomatically)
        textView.smartQuotesType = .no
        textView.smartDashesType = .no
        textView.smartInsertDeleteType = .yes
        textView.textContentType = .emailAddress
        textView.keyboardAppearance = .alert
        textView.autocorrectionType = .no
        textView.spellCheckingType = .no
        textView.keyboardType = .emailAddress
        textView.returnKeyType = .done
        #expect(textView.smartQuotesType == .no && textView.smartInsertDeleteType == .yes)
        #expect(textView.textContentType == .emailAddress)
        #expect(textView.keyboardAppearance == .dark)
        let traits: any UITextInputTraits = textView
        #expect(traits.textContentType == .emailAddress, "the protocol reads the view's stored value")

        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        field.textContentType = .oneTimeCode
        field.smartDashesType = .no
        field.enablesReturnKeyAutomatically = true
        #expect(field.textContentType == .oneTimeCode)
        #expect(field.smartDashesType == .no)
        #expect(field.enablesReturnKeyAutomatically)
        #expect(UITextContentType.password != UITextContentType.newPassword)
    }

    @Test("Input views are stored; the floating cursor does nothing; scroll indicator insets")
    func inputViewsAndInsets() {
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let toolbar = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        textView.inputAccessoryView = toolbar
        #expect(textView.inputAccessoryView === toolbar)
        #expect(textView.inputView == nil)
        let responder: UIResponder = textView
        #expect(responder.inputAccessoryView === toolbar, "UIResponder's property reads the override")
        textView.reloadInputViews()
        textView.text = "abc"
        textView.selectedRange = NSRange(location: 1, length: 0)
        textView.beginFloatingCursor(at: CGPoint(x: 50, y: 10))
        textView.updateFloatingCursor(at: CGPoint(x: 90, y: 10))
        textView.endFloatingCursor()
        #expect(textView.selectedRange == NSRange(location: 1, length: 0))

        textView.scrollIndicatorInsets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(textView.verticalScrollIndicatorInsets == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(textView.horizontalScrollIndicatorInsets == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        textView.verticalScrollIndicatorInsets = .zero
        #expect(textView.scrollIndicatorInsets == .zero)
        #expect(!textView.adjustsFontForContentSizeCategory)
        #expect(!textView.usesStandardTextScaling)
    }

    @Test("The attachment interaction method has UIKit's default (true)")
    func attachmentDelegateDefault() {
        let textView = UITextView(frame: .zero)
        let delegate = LinkOnlyDelegate()
        let attachment = NSTextAttachment()
        #expect(delegate.textView(textView, shouldInteractWith: attachment, in: NSRange(location: 0, length: 1),
                                  interaction: .invokeDefaultAction))
    }
}

@Suite("UIKit's semantic and system colours")
struct SystemColorTests {
    /// The colour's 0–255 components and alpha.
    func rgba(_ color: UIColor) -> (Int, Int, Int, CGFloat) {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        _ = color.getRed(&r, green: &g, blue: &b, alpha: &a)
        return (Int((r * 255).rounded()), Int((g * 255).rounded()), Int((b * 255).rounded()), (a * 100).rounded() / 100)
    }

    @Test("Light-mode values as iOS 13–18 give them")
    func values() {
        #expect(rgba(.systemGray2) == (174, 174, 178, 1))
        #expect(rgba(.systemGray6) == (242, 242, 247, 1))
        #expect(rgba(.systemMint) == (0, 199, 190, 1))
        #expect(rgba(.systemCyan) == (50, 173, 230, 1))
        #expect(rgba(.systemBrown) == (162, 132, 94, 1))
        #expect(rgba(.opaqueSeparator) == (198, 198, 200, 1))
        #expect(rgba(.systemGroupedBackground) == (242, 242, 247, 1))
        #expect(rgba(.secondarySystemGroupedBackground) == (255, 255, 255, 1))
        #expect(rgba(.systemFill) == (120, 120, 128, 0.2))
        #expect(rgba(.quaternarySystemFill) == (116, 116, 128, 0.08))
        #expect(rgba(.lightText) == (255, 255, 255, 0.6))
        #expect(rgba(.darkText) == (0, 0, 0, 1))
        #expect(rgba(.tertiaryLabel) == (60, 60, 67, 0.3))
    }
}
