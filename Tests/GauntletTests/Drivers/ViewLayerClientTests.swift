import Foundation
import Testing
import UIKit

// Swift 5 code written as iOS label and text-view code is written: a view loaded from a
// storyboard on iOS (`required init?(coder:)`, `awakeFromNib()`), a tap recognizer, touches,
// accessibility overrides, trait changes, block animations and text input traits. The
// Linux-forced edits are the recognizer's action (a closure instead of `#selector`) and, with it,
// no `@objc` on the action method.

/// A label that expands on a tap (the pattern of expandable-label libraries).
class TapToExpandLabel: UILabel {
    var collapsedNumberOfLines = 2
    private(set) var isExpanded = false
    var onToggle: ((Bool) -> Void)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        commonInit()
    }

    override func awakeFromNib() {
        super.awakeFromNib()
        commonInit()
    }

    private func commonInit() {
        isUserInteractionEnabled = true
        numberOfLines = collapsedNumberOfLines
        // iOS: UITapGestureRecognizer(target: self, action: #selector(didTap(_:)))
        if gestureRecognizers?.isEmpty ?? true {
            addGestureRecognizer(UITapGestureRecognizer { [weak self] recognizer in self?.didTap(recognizer) })
        }
    }

    private func didTap(_ recognizer: UIGestureRecognizer) {
        guard recognizer.state == .ended else { return }
        isExpanded.toggle()
        UIView.animate(withDuration: 0.25, animations: {
            self.numberOfLines = self.isExpanded ? 0 : self.collapsedNumberOfLines
            self.superview?.layoutIfNeeded()
        }, completion: { _ in self.onToggle?(self.isExpanded) })
    }

    override var accessibilityHint: String? {
        get { isExpanded ? "Collapses the text" : "Expands the text" }
        set { super.accessibilityHint = newValue }
    }

    override var accessibilityTraits: UIAccessibilityTraits {
        get { super.accessibilityTraits.union(.button) }
        set { super.accessibilityTraits = newValue }
    }
}

/// A text view with a placeholder label that follows trait changes (the placeholder pattern).
class PlaceholderTextView: UITextView {
    let placeholderLabel = UILabel()
    var traitChanges = 0

    override init(frame: CGRect, textContainer: NSTextContainer?) {
        super.init(frame: frame, textContainer: textContainer)
        setUp()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        placeholderLabel.textColor = .placeholderText
        placeholderLabel.tag = 99
        addSubview(placeholderLabel)
        smartQuotesType = .no
        smartDashesType = .no
        textContentType = .username
        keyboardAppearance = .dark
        scrollIndicatorInsets = UIEdgeInsets(top: 4, left: 0, bottom: 4, right: 0)
        contentMode = .redraw
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if traitCollection.preferredContentSizeCategory != previousTraitCollection?.preferredContentSizeCategory {
            traitChanges += 1
        }
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesBegan(touches, with: event)
    }

    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        return hit === placeholderLabel ? self : hit
    }
}

@Suite("Swift 5 clients of the view layer")
struct ViewLayerClientTests {
    @Test("An expandable label toggles on a delivered tap; a placeholder text view configures its traits")
    @MainActor
    func clientsCompileAndWork() throws {
        let label = try #require(TapToExpandLabel(coder: NSKeyedArchiver(requiringSecureCoding: false)))
        label.awakeFromNib()
        #expect(label.gestureRecognizers?.count == 1)
        label.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
        label.text = "A long text that would need more than two lines to be shown whole in this label."
        var toggles: [Bool] = []
        label.onToggle = { toggles.append($0) }
        let delivery = TouchDelivery(rootView: label)
        delivery.pressBegan(at: CGPoint(x: 20, y: 20), tapCount: 1, timestamp: 0)
        delivery.pressEnded(at: CGPoint(x: 20, y: 20), timestamp: 0.1)
        #expect(toggles == [true])
        #expect(label.numberOfLines == 0)
        #expect(label.accessibilityHint == "Collapses the text")
        #expect(label.accessibilityTraits == [.staticText, .button])

        let textView = PlaceholderTextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100), textContainer: nil)
        #expect(textView.viewWithTag(99) === textView.placeholderLabel)
        #expect(textView.textContentType == .username)
        #expect(textView.verticalScrollIndicatorInsets.top == 4)
        textView.placeholderLabel.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        textView.placeholderLabel.isUserInteractionEnabled = true
        #expect(textView.hitTest(CGPoint(x: 10, y: 10), with: nil) === textView)
    }
}
